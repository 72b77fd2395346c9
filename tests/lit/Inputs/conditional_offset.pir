// A negative constant offset on a conditional path: warning CO001 (an error where it always
// runs). Used by diagnostic_flags.test.
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o, In bool c) {
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16});
    if (c) {
      Tensor<fp32, 64, 16> r = tile.store(b, {0, -1}, o);
    }
    return;
  }
}
