// Loops with carries: an Acc accumulator sharing one buffer (valid shape only), a Vec tile
// carry whose yield lives elsewhere (TMOV), a scalar carry, a while loop, and a tensor carry in
// the orchestration.
program loops {
  AIC mm_k(In Tensor<fp32, 16, 64> a, In Tensor<fp32, 64, 16> b, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat, view{blayout = col_major, slayout = row_major}, @ma(null, 0, 1024)> a0 = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left, @la(null, 0, 1024)> l0 = tile.move(a0, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat, view{blayout = col_major, slayout = row_major}, @mb(null, 1024, 1024)> b0 = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right, @rb(null, 0, 1024)> r0 = tile.move(b0, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc, @acc(null, 0, 1024)> init = tile.matmul(l0, r0);
    for (index k : range(16, 64, 16)) carry (Tile<fp32, 16, 16, Acc, @acc(null, 0, 1024)> s = init) -> (Tile<fp32, 16, 16, Acc, @acc(null, 0, 1024)> total) {
      Tile<fp32, 16, 16, Mat, view{blayout = col_major, slayout = row_major}, @ma(null, 0, 1024)> ak = tile.load(a, {0, k}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Left, @la(null, 0, 1024)> lk = tile.move(ak, {.target_memory = Left});
      Tile<fp32, 16, 16, Mat, view{blayout = col_major, slayout = row_major}, @mb(null, 1024, 1024)> bk = tile.load(b, {k, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Right, @rb(null, 0, 1024)> rk = tile.move(bk, {.target_memory = Right});
      Tile<fp32, 16, 16, Acc, @acc(null, 0, 1024)> s2 = tile.matmul_acc(s, lk, rk);
      yield(s2);
    }
    Tensor<fp32, 16, 16> c2 = tile.store(total, {0, 0}, c);
    return c;
  }

  AIV scale_sum(In Tensor<fp32, 64, 16> x, Out Tensor<fp32, 16, 16> y, In int32 n) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec, @z(null, 0, 1024)> zero = tile.full({16, 16}, 0.0, {.dtype = fp32});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @z(null, 0, 1024)> acc = zero, fp32 f = 1.0) -> (Tile<fp32, 16, 16, Vec, @z(null, 0, 1024)> acc_out, fp32 f_out) {
      Tile<fp32, 16, 16, Vec, @t(null, 1024, 1024)> t = tile.load(x, {floordiv(i * n, 2) * 16, 0}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec, @u(null, 2048, 1024)> u = tile.muls(t, f);
      Tile<fp32, 16, 16, Vec, @v(null, 3072, 1024)> acc2 = tile.add(acc, u);
      fp32 f2 = f * 2.0;
      Tile<fp32, 16, 16, Vec, @z(null, 0, 1024)> acc2_mv = tile.move(acc2, {.target_memory = Vec});
      yield(acc2_mv, f2);
    }
    while (j < 3) carry (index j = 0) -> (index j_out) {
      yield(j + 1);
    }
    Tensor<fp32, 16, 16> y2 = tile.store(acc_out, {j_out % 3, 0}, y);
    return y;
  }

  Orchestration run_loops(In Tensor<fp32, 64, 16> x, InOut Tensor<fp32, 16, 16> y) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, 2, 1)) [[iter_arg_carry = ["Trivial"]]] carry (Tensor<fp32, 16, 16> cur = y) -> (Tensor<fp32, 16, 16> last) {
      Tensor<fp32, 16, 16> next = scale_sum(x, cur, i) [[arg_directions = ["Input", "InOut", "Scalar"]]];
      yield(next);
    }
    return last;
  }
}
