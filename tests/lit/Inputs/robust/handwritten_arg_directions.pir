program {
  AIV k(In Tensor<fp32, 64> x, In fp32 a, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0}, {64}, {.target_memory = Vec});
    Tensor<fp32, 64> s = tile.store(t, {0}, out);
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> o) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> b = k(x, 1.0, o) [[arg_directions = ["Input", "Scalar"]]];
    return b;
  }
}
