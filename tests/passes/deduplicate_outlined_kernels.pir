// RUN: deduplicate-outlined-kernels
// identical kernels (names ignored) merge into the first; every call site is kept and retargeted
program {
  InCore main_incore_0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  InCore main_incore_1(In Tensor<fp32, 16> x) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> y = tensor.exp(x);
    return y;
  }

  Orchestration main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = main_incore_0(a);
    Tensor<fp32, 16> c = main_incore_1(b);
    Tensor<fp32, 16> d = main_incore_1(c);
    return d;
  }
}
// EXPECTED:
program {
  InCore main_incore_0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  Orchestration main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = main_incore_0(a);
    Tensor<fp32, 16> c = main_incore_0(b);
    Tensor<fp32, 16> d = main_incore_0(c);
    return d;
  }
}
// -----
// RUN: deduplicate-outlined-kernels
// must not change: kernels that differ in an op, a direction or a type stay apart
program {
  InCore k0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  InCore k1(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.neg(a);
    return b;
  }

  InCore k2(InOut Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  Orchestration main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k0(a);
    Tensor<fp32, 16> c = k1(b);
    Tensor<fp32, 16> d = k2(c);
    return d;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: deduplicate-outlined-kernels
// wrappers that become identical after their kernels merge merge too
program {
  InCore k0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  InCore k1(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  Group g0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k0(a);
    return b;
  }

  Group g1(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k1(a);
    return b;
  }

  Orchestration main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = g0(a);
    Tensor<fp32, 16> c = g1(b);
    return c;
  }
}
// EXPECTED:
program {
  InCore k0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = tensor.exp(a);
    return b;
  }

  Group g0(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = k0(a);
    return b;
  }

  Orchestration main(In Tensor<fp32, 16> a) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> b = g0(a);
    Tensor<fp32, 16> c = g0(b);
    return c;
  }
}
