// An orchestration loop with a carry but no iter_arg_carry plan (ClassifyIterArgCarry not run).
program unplanned {
  AIV acc(In Tensor<fp32, 16, 16> x, InOut Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec, @m(null, 0, 1024)> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, a);
    return a;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 16, 16> c = o) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> c2 = acc(x, c) [[arg_directions = ["Input", "InOut"]]];
      yield(c2);
    }
    return r;
  }
}
