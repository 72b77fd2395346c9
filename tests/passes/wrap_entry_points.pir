// RUN: wrap-entry-points
// a host-callable kernel keeps its body; its host_entry attr moves to a new Orchestration entry_<k> that calls it once with its parameters
program {
  [[host_entry = "k"]]
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
    Tensor<fp32, 16, 16> s = tensor.add(a, a);
    c = tensor.assemble(c, s, {0, 0});
    return;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
    Tensor<fp32, 16, 16> s = tensor.add(a, a);
    c = tensor.assemble(c, s, {0, 0});
    return;
  }

  [[host_entry = "k"]]
  Orchestration entry_k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
    k(a, c);
  }
}
// -----
// RUN: wrap-entry-points
// a second run changes nothing: the wrapper is already an Orchestration entry and the kernel has no attr
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
    Tensor<fp32, 16, 16> s = tensor.add(a, a);
    c = tensor.assemble(c, s, {0, 0});
    return;
  }

  [[host_entry = "k"]]
  Orchestration entry_k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
    k(a, c);
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: wrap-entry-points
// AIV and AIC kernels are wrapped too; scalar and InOut parameters keep their types and directions; other attrs stay on the kernel
program {
  [[host_entry = "v", note = 1]]
  AIV v(In index n, InOut Tensor<fp32, 16> t) {
    return;
  }

  [[host_entry = "m"]]
  AIC m(In Tensor<fp32, 16> t) {
    return;
  }
}
// EXPECTED:
program {
  [[note = 1]]
  AIV v(In index n, InOut Tensor<fp32, 16> t) {
    return;
  }

  AIC m(In Tensor<fp32, 16> t) {
    return;
  }

  [[host_entry = "v"]]
  Orchestration entry_v(In index n, InOut Tensor<fp32, 16> t) {
    v(n, t);
  }

  [[host_entry = "m"]]
  Orchestration entry_m(In Tensor<fp32, 16> t) {
    m(t);
  }
}
// -----
// RUN: wrap-entry-points
// the wrapper name is made unique against every function, including wrappers added before it
program {
  [[host_entry = "k"]]
  InCore k(In Tensor<fp32, 16> a) {
    return;
  }

  Opaque entry_k(In Tensor<fp32, 16> a) {
    return;
  }

  Opaque entry_k_1(In Tensor<fp32, 16> a) {
    return;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16> a) {
    return;
  }

  Opaque entry_k(In Tensor<fp32, 16> a) {
    return;
  }

  Opaque entry_k_1(In Tensor<fp32, 16> a) {
    return;
  }

  [[host_entry = "k"]]
  Orchestration entry_k_2(In Tensor<fp32, 16> a) {
    k(a);
  }
}
// -----
// RUN: wrap-entry-points
// a host entry written as plain code (Opaque, PL_JIT) is the orchestration of its program: retyped, attrs kept
program {
  [[host_entry = "run"]]
  Opaque run(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> c) {
    c = tensor.assemble(c, a, {0});
    return;
  }
}
// EXPECTED:
program {
  [[host_entry = "run"]]
  Orchestration run(In Tensor<fp32, 16> a, Out Tensor<fp32, 16> c) {
    c = tensor.assemble(c, a, {0});
    return;
  }
}
// -----
// RUN: wrap-entry-points
// must not change: functions without host_entry (kernels, Opaque) and Orchestration entries
program {
  InCore k(In Tensor<fp32, 16> a) {
    return;
  }

  Opaque helper(In Tensor<fp32, 16> a) {
    return;
  }

  [[host_entry = "main"]]
  Orchestration main(In Tensor<fp32, 16> a) {
    k(a);
    return;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: wrap-entry-points
// an entry that returns a value is an error at the function, naming the host-visible name
program {
  [[host_entry = "twice"]]
  // EXPECTED-ERROR: F500 {{marked function 'twice' returns a value; functions called from host code return results through pl::Out parameters}}
  InCore twice(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    return a;
  }
}
// -----
// RUN: wrap-entry-points
// an entry of another function type (here Group) cannot be called from host code
program {
  [[host_entry = "g"]]
  // EXPECTED-ERROR: F501 {{a Group function cannot be called from host code yet; call it from an Orchestration function}}
  Group g(In Tensor<fp32, 16> a) {
    return;
  }
}
// -----
// RUN: wrap-entry-points
// a host_entry attr that is not a string is an error
program {
  [[host_entry = 1]]
  // EXPECTED-ERROR: F502 {{attribute 'host_entry' of 'k' must be a string: the name host code calls the function by}}
  InCore k(In Tensor<fp32, 16> a) {
    return;
  }
}
// -----
// RUN: wrap-entry-points
// a Graph function called from host code is wrapped like a kernel: the wrapper's one call records it
program {
  [[host_entry = "layer"]]
  Graph layer(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
    c = tensor.add(a, a);
    return;
  }
}
// EXPECTED:
program {
  Graph layer(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
    c = tensor.add(a, a);
    return;
  }

  [[host_entry = "layer"]]
  Orchestration entry_layer(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> c) {
    layer(a, c);
  }
}
