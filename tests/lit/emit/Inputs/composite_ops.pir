// tile.sin / tile.cos have no PTO-ISA instruction (LowerCompositeOps expands them in the
// pipeline): an IR that still holds one is a located error at each.
program composite {
  AIV k(In Tensor<fp32, 8, 8> a, Out Tensor<fp32, 8, 8> b) -> Tensor<fp32, 8, 8> {
    Tile<fp32, 8, 8, Vec, @m(null, 0, 256)> t = tile.load(a, {0, 0}, {8, 8}, {.target_memory = Vec});
    Tile<fp32, 8, 8, Vec, @s(null, 256, 256)> s = tile.sin(t);
    Tile<fp32, 8, 8, Vec, @c(null, 512, 256)> c = tile.cos(s);
    Tensor<fp32, 8, 8> b2 = tile.store(c, {0, 0}, b);
    return b;
  }
}
