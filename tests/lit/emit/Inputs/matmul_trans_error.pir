// A tile.matmul that still carries b_trans: no simulator instruction transposes (the cube reads
// a transposed operand through the transposing load ConvertTensorToTileOps makes).
program mmt_err {
  AIC matmul_bt(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 8, 32> b, Out Tensor<fp32, 16, 8> c) -> Tensor<fp32, 16, 8> {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 4096, .addr = 0});
    Ptr<Acc> mem_acc_0 = tile.alloc({.target_memory = Acc, .size = 512, .addr = 0});
    Tile<fp32, 16, 32, Mat, @ma(mem_mat_0, 0, 2048)> a_mat = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left, @la(null, 0, 2048)> a_l = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 8, 32, Mat, @mb(mem_mat_0, 2048, 1024)> b_mat = tile.load(b, {0, 0}, {8, 32}, {.target_memory = Mat});
    Tile<fp32, 8, 32, Right, @rb(null, 0, 1024)> b_r = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 8, Acc, @acc(mem_acc_0, 0, 512)> c_acc = tile.matmul(a_l, b_r, {.b_trans = true});
    Tensor<fp32, 16, 8> c2 = tile.store(c_acc, {0, 0}, c);
    return c;
  }
}
