// RUN: outline-hierarchy-scopes
// a host-level scope becomes a level-tagged Opaque function; the parent keeps its type
program {
  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    scope hierarchy [[level = "HOST"]] {
      Tensor<fp32, 16> y = tensor.exp(x);
    }
    return y;
  }
}
// EXPECTED:
program {
  Opaque<level = HOST> main_host_0(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.exp(x);
    return y;
  }

  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = main_host_0(x);
    return y;
  }
}
// -----
// RUN: outline-hierarchy-scopes
// nested scopes are outlined innermost first; a level alias is canonicalised; the role joins the name
program {
  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    scope hierarchy [[level = "HOST", role = "Orchestrator"]] {
      Tensor<fp32, 16> y = tensor.exp(x);
      scope hierarchy [[level = "DIE"]] {
        Tensor<fp32, 16> z = tensor.neg(y);
      }
    }
    return z;
  }
}
// EXPECTED:
program {
  Opaque<level = CHIP_DIE> main_chip_die_0(In Tensor<fp32, 16> y) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> z = tensor.neg(y);
    return z;
  }

  Opaque<level = HOST, role = Orchestrator> main_host_orch_0(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.exp(x);
    Tensor<fp32, 16> z = main_chip_die_0(y);
    return z;
  }

  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> z = main_host_orch_0(x);
    return z;
  }
}
// -----
// RUN: outline-hierarchy-scopes
// must not change: only Opaque parents are outlined; InCore scopes are left for outline-incore-scopes
program {
  Orchestration o(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    scope hierarchy [[level = "HOST"]] {
      Tensor<fp32, 16> y = tensor.exp(x);
    }
    return y;
  }

  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    scope incore {
      Tensor<fp32, 16> y = tensor.exp(x);
    }
    return y;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: outline-hierarchy-scopes
// an unknown level is an error at the scope
program {
  Opaque main(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    scope hierarchy [[level = "GALAXY"]] { // EXPECTED-ERROR: OL002 {{unknown hierarchy level 'GALAXY'}}
      Tensor<fp32, 16> y = tensor.exp(x);
    }
    return y;
  }
}
