// Each function lacks one fact the PTO emitter needs; every error is reported, located.
program errs {
  AIV no_memref(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> b2 = tile.store(t, {0, 0}, b);
    return b;
  }

  AIV tensor_op(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec, @m(null, 0, 1024)> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    fp32 s = tile.read(t, {0, 0});
    Tensor<fp32, 16, 16> c = tensor.adds(a, s);
    return b;
  }

  InCore mixed(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat, @m(null, 0, 1024)> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tensor<fp32, 16, 16> b2 = tile.store(t, {0, 0}, b);
    return b;
  }

  AIC acc_copy(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat, @ma(null, 0, 1024)> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left, @l(null, 0, 1024)> l = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Right, @r(null, 0, 1024)> r = tile.move(am, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc, @c0(null, 0, 1024)> c = tile.matmul(l, r);
    for (index k : range(0, 2, 1)) carry (Tile<fp32, 16, 16, Acc, @c0(null, 0, 1024)> s = c) -> (Tile<fp32, 16, 16, Acc, @c0(null, 0, 1024)> t) {
      Tile<fp32, 16, 16, Acc, @c1(null, 1024, 1024)> s2 = tile.matmul_acc(s, l, r);
      yield(s2);
    }
    Tensor<fp32, 16, 16> b2 = tile.store(t, {0, 0}, b);
    return b;
  }

  AIV ret_local(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) -> Tile<fp32, 16, 16, Vec> {
    Ptr<Vec> mem = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @m(mem, 0, 1024)> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    return t;
  }

  Inline helper(In index x) -> index {
    return x;
  }

  Orchestration orch(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = no_memref(a, b);
    Tensor<fp32, 16, 16> r2 = ret_local(a, b) [[arg_directions = ["Input", "OutputExisting"]]];
    Tensor<fp32, 16, 16> r3 = ret_local(a, b) [[arg_directions = ["Input"]]];
    for (index i : range(0, 2, 1)) {
      break;
    }
    return b;
  }

  AIV calls(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    tensor_op(a, b);
    return b;
  }
}
