// An AIC kernel whose rhs is loaded transposed (the window [8, 32] of b into a ZN Mat [32, 8]:
// PTO-ISA's DN GlobalTensor) and reaches Right through a plain move; and a scalar write to GM.
program mmt {
  AIC matmul_bt(In Tensor<fp16, 16, 32> a, In Tensor<fp16, 8, 40> b, Out Tensor<fp32, 16, 8> c) -> Tensor<fp32, 16, 8> {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 2048, .addr = 0});
    Ptr<Acc> mem_acc_0 = tile.alloc({.target_memory = Acc, .size = 512, .addr = 0});
    Tile<fp16, 16, 32, Mat, @ma(mem_mat_0, 0, 1024)> a_mat = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp16, 16, 32, Left, @la(null, 0, 1024)> a_l = tile.move(a_mat, {.target_memory = Left});
    Tile<fp16, 32, 8, Mat, view{slayout = col_major}, @mb(mem_mat_0, 1024, 512)> b_mat = tile.load(b, {0, 2}, {8, 32}, {.target_memory = Mat, .transpose = true});
    Tile<fp16, 32, 8, Right, @rb(null, 0, 512)> b_t = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 8, Acc, @acc(mem_acc_0, 0, 512)> c_acc = tile.matmul(a_l, b_t);
    Tensor<fp32, 16, 8> c2 = tile.store(c_acc, {0, 0}, c);
    Tensor<fp32, 16, 8> c3 = tensor.write(c2, {1, 2}, 5.0);
    return c;
  }
}
