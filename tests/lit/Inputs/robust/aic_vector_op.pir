program {
  AIC c(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    return o;
  }
}
