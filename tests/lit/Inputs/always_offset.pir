// A negative constant offset where the statement always runs: error CO001, which --no-warn
// cannot silence. Used by diagnostic_flags.test.
program {
  AIV k(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 64, 16> o) {
    Tile<fp32, 16, 16, Vec> b = tile.load(x, {0, 0}, {16, 16});
    Tensor<fp32, 64, 16> r = tile.store(b, {0, -1}, o);
    return;
  }
}
