// A tile add kernel (AIV) called once by an orchestration: final form, hand-written.
program tile_add {
  AIV add_kernel(In Tensor<fp32, 16, 64> a, In Tensor<fp32, 16, 64> b, Out Tensor<fp32, 16, 64> c) -> Tensor<fp32, 16, 64> {
    Tile<fp32, 16, 64, Vec, @m0(null, 0, 4096)> ta = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<fp32, 16, 64, Vec, @m1(null, 4096, 4096)> tb = tile.load(b, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<fp32, 16, 64, Vec, @m0(null, 0, 4096)> tc = tile.add(ta, tb);
    Tensor<fp32, 16, 64> c_stored = tile.store(tc, {0, 0}, c);
    return c;
  }

  Orchestration main(In Tensor<fp32, 16, 64> a, In Tensor<fp32, 16, 64> b, Out Tensor<fp32, 16, 64> c) -> Tensor<fp32, 16, 64> {
    scope runtime {
      Tensor<fp32, 16, 64> r = add_kernel(a, b, c) [[arg_directions = ["Input", "Input", "OutputExisting"]]];
    }
    return c;
  }
}
