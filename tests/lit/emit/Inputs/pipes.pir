program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, InOut Tensor<uint8, 8192> gm_pipe_buffer) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe(gm_pipe_buffer, {.dir_mask = 3, .slot_size = 2048, .slot_num = 2, .split = 1, .gm_c2v_offset = 0, .gm_v2c_offset = 4096, .v2c_consumer_buf = 1024, .local_slot_num = 2});
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1024, .addr = 0});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 1});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> back = tile.tpop_from_aiv({16, 16}, {.dtype = fp32, .split = 1, .target_memory = Mat});
    tile.tfree_to_aiv(back, {.split = 1});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, InOut Tensor<uint8, 8192> gm_pipe_buffer) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe(gm_pipe_buffer, {.dir_mask = 3, .slot_size = 2048, .slot_num = 2, .split = 1, .gm_c2v_offset = 0, .gm_v2c_offset = 4096, .c2v_consumer_buf = 512, .local_slot_num = 2});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 512, .addr = 0});
    Tile<fp32, 8, 16, Vec, @vec_0(mem_vec_0, 0, 512)> t = tile.tpop_from_aic({8, 16}, {.dtype = fp32, .split = 1, .target_memory = Vec});
    tile.tpush_to_aic(t, {.split = 1});
    tile.tfree_to_aic(t, {.split = 1});
    return o;
  }
}
