// A matmul AIC kernel (planned tile.alloc bases, absolute MemRef offsets; returns its Out
// parameter, as NormalizeReturnOrder leaves it): Mat loads, moves to Left / Right, matmul into Acc, store from Acc.
program mm {
  AIC matmul(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 4096, .addr = 0});
    Ptr<Acc> mem_acc_0 = tile.alloc({.target_memory = Acc, .size = 1024, .addr = 512});
    Tile<fp32, 16, 32, Mat, view{blayout = col_major, slayout = row_major}, @ma(mem_mat_0, 0, 2048)> a_mat = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left, @la(null, 0, 2048)> a_l = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat, view{blayout = col_major, slayout = row_major}, @mb(mem_mat_0, 2048, 2048)> b_mat = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right, @rb(null, 0, 2048)> b_r = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc, @acc(mem_acc_0, 512, 1024)> c_acc = tile.matmul(a_l, b_r);
    Tensor<fp32, 16, 16> c2 = tile.store(c_acc, {0, 0}, c);
    return c;
  }

  Orchestration run_mm(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = matmul(a, b, c) [[arg_directions = ["Input", "Input", "OutputExisting"]]];
    return r;
  }
}
