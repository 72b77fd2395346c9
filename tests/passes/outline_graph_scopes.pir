// RUN: outline-graph-scopes
// a graph scope becomes a Graph function; a loop variable it uses is a parameter
program {
  Orchestration main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16> c = x) -> (Tensor<fp32, 16> r) {
      scope graph {
        Tensor<fp32, 16> y = tensor.adds(c, cast<fp32>(i));
      }
      yield(y);
    }
    return r;
  }
}
// EXPECTED:
program {
  Graph main_graph_0(In Tensor<fp32, 16> c, In index i) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.adds(c, cast<fp32>(i));
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16> c = x) -> (Tensor<fp32, 16> r) {
      Tensor<fp32, 16> y = main_graph_0(c, i);
      yield(y);
    }
    return r;
  }
}
// -----
// RUN: outline-graph-scopes
// a name hint names the function
program {
  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    scope graph "layer" {
      Tensor<fp32, 16> y = tensor.exp(x);
    }
    return y;
  }
}
// EXPECTED:
program {
  Graph layer(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.exp(x);
    return y;
  }

  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = layer(x);
    return y;
  }
}
// -----
// RUN: outline-graph-scopes
// must not change: no graph scope
program {
  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.exp(x);
    return y;
  }
}
// EXPECTED-UNCHANGED
