// RUN: outline-cluster-scopes
// an spmd scope becomes an Spmd function; core_num goes on the call; a kernel's Out parameter makes the wrapper's Out
program {
  InCore k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, In Tensor<fp32, 16> o, In index n) -> Tensor<fp32, 16> {
    scope spmd [[core_num = (n * 2), sync_start = false]] {
      Tensor<fp32, 16> r = k(x, o);
    }
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    return o;
  }

  Spmd main_spmd_0(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = k(x, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, In Tensor<fp32, 16> o, In index n) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = main_spmd_0(x, o) [[core_num = (n * 2)]];
    return r;
  }
}
// -----
// RUN: outline-cluster-scopes
// a cluster scope becomes a Group function; an spmd inside it is outlined first
program {
  InCore k(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.exp(x);
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    scope cluster {
      Tensor<fp32, 16> a = k(x);
      scope spmd [[core_num = (4), sync_start = true]] {
        Tensor<fp32, 16> b = k(a);
      }
    }
    return b;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.exp(x);
    return y;
  }

  Spmd main_spmd_0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k(a);
    return b;
  }

  Group main_cluster_0(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> a = k(x);
    Tensor<fp32, 16> b = main_spmd_0(a) [[core_num = (4), sync_start = true]];
    return b;
  }

  Orchestration main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = main_cluster_0(x);
    return b;
  }
}
// -----
// RUN: outline-cluster-scopes
// an spmd scope without core_num is an error
program {
  Orchestration main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    scope spmd { // EXPECTED-ERROR: OL003 {{without a 'core_num'}}
      Tensor<fp32, 16> y = tensor.exp(x);
    }
    return y;
  }
}
// -----
// RUN: outline-cluster-scopes
// must not change: no cluster or spmd scope
program {
  Orchestration main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.exp(x);
    return y;
  }
}
// EXPECTED-UNCHANGED
