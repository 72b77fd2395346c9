// A kernel whose parameter's valid_shape (and a tile type of its body) names a program-level symbol VALID:
// nothing inside the kernel binds it until MaterializeValidShapeSymbols makes it a parameter.
program ragged {
  index VALID;

  AIV k(In Tensor<fp32, 16, 16, view{valid_shape = {16, VALID}}> s, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec, view{valid_shape = {16, VALID}}, @m(null, 0, 1024)> t = tile.load(s, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> r = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In index n, In Tensor<fp32, 16, 16, view{valid_shape = {16, n}}> s, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = k(s, o) [[arg_directions = ["Input", "OutputExisting"]]];
    return r;
  }
}
