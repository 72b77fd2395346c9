program {
  Orchestration main(In Tensor<fp32, 64, 16> x) {
    index n = 4 - 4;
    Tensor<fp32, n, 16> t = tensor.create({n, 16}, {.dtype = fp32});
    return;
  }
}
