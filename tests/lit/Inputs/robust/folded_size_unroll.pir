program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o) {
    for (index i : unroll(-1, 1, 1)) {
      Tile<fp32, i * 8, 16, Vec> a = tile.load(x, {0, 0}, {i * 8, 16});
      Tensor<fp32, 64, 16> r = tile.store(a, {0, 0}, o);
    }
    return;
  }
}
