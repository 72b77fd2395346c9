// VALID only inside a compound valid_shape dim: no call can invert it.
program ragged {
  index VALID;

  AIV k(In Tensor<fp32, 16, 16, view{valid_shape = {16, VALID * 2}}> s, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec, @m(null, 0, 1024)> t = tile.load(s, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> r = tile.store(t, {0, 0}, o);
    return o;
  }
}
