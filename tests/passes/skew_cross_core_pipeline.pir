// RUN: skew-cross-core-pipeline
// a cube loop that pushes S_i and then pops the answer P_i: P of iteration 0 first, then 3 trips of P(i + 1), C(i) carrying the tensor carry and the row P hands to C, then C(3); later uses of the loop result read the last C (unused first / last indices removed)
program {
  AIC cube(In Tensor<fp32, 64, 16> k, In Tensor<fp32, 16, 16> v, Out Tensor<fp32, 64, 16> o) -> Tensor<fp32, 64, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Mat> v_mat = tile.load(v, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> v_right = tile.move(v_mat, {.target_memory = Right});
    for (index i : pipeline(0, 4, 1)) [[stage = 2]] carry (Tensor<fp32, 64, 16> o_c = o) -> (Tensor<fp32, 64, 16> o_r) {
      index row = i * 16;
      Tile<fp32, 16, 16, Mat> s = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s, {.split = 0});
      Tile<fp32, 16, 16, Mat> p = tile.tpop_from_aiv({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Mat});
      tile.tfree_to_aiv(p, {.split = 0});
      Tile<fp32, 16, 16, Left> p_left = tile.move(p, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> pv = tile.matmul(p_left, v_right);
      Tensor<fp32, 64, 16> o_n = tile.store(pv, {row, 0}, o_c);
      yield(o_n);
    }
    return o;
  }
}
// EXPECTED:
program {
  AIC cube(In Tensor<fp32, 64, 16> k, In Tensor<fp32, 16, 16> v, Out Tensor<fp32, 64, 16> o) -> Tensor<fp32, 64, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Mat> v_mat = tile.load(v, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> v_right = tile.move(v_mat, {.target_memory = Right});
    index i_first = 0;
    index row = i_first * 16;
    Tile<fp32, 16, 16, Mat> s = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(s, {.split = 0});
    for (index i : pipeline(0, 3, 1)) [[stage = 1]] carry (Tensor<fp32, 64, 16> o_c = o, index row_prev = row) -> (Tensor<fp32, 64, 16> o_r, index row_last) {
      index i_next = i + 1;
      index row_1 = i_next * 16;
      Tile<fp32, 16, 16, Mat> s_1 = tile.load(k, {row_1, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s_1, {.split = 0});
      Tile<fp32, 16, 16, Mat> p = tile.tpop_from_aiv({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Mat});
      tile.tfree_to_aiv(p, {.split = 0});
      Tile<fp32, 16, 16, Left> p_left = tile.move(p, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> pv = tile.matmul(p_left, v_right);
      Tensor<fp32, 64, 16> o_n = tile.store(pv, {row_prev, 0}, o_c);
      yield(o_n, row_1);
    }
    Tile<fp32, 16, 16, Mat> p_1 = tile.tpop_from_aiv({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Mat});
    tile.tfree_to_aiv(p_1, {.split = 0});
    Tile<fp32, 16, 16, Left> p_left_1 = tile.move(p_1, {.target_memory = Left});
    Tile<fp32, 16, 16, Acc> pv_1 = tile.matmul(p_left_1, v_right);
    Tensor<fp32, 64, 16> o_n_1 = tile.store(pv_1, {row_last, 0}, o_r);
    return o;
  }
}
// -----
// RUN: skew-cross-core-pipeline
// demoted to one stage: the last push ends the body (nothing to overlap), a run-time trip count; a pipeline loop without pipe ops keeps its 3 stages
program {
  AIC shared(In Tensor<fp32, 64, 16> k, Out Tensor<fp32, 64, 16> o, In index n) -> Tensor<fp32, 64, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    for (index i : pipeline(0, 4, 1)) [[stage = 2]] {
      index row = i * 16;
      Tile<fp32, 16, 16, Mat> s = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s, {.split = 0});
      Tile<fp32, 16, 16, Mat> s2 = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s2, {.split = 0});
    }
    for (index j : pipeline(0, n, 1)) [[stage = 2]] {
      Tile<fp32, 16, 16, Mat> t = tile.load(k, {0, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(t, {.split = 0});
    }
    for (index q : pipeline(0, 4, 1)) [[stage = 3]] {
      Tile<fp32, 16, 16, Mat> u = tile.load(k, {0, 0}, {16, 16}, {.target_memory = Mat});
    }
    return o;
  }
}
// EXPECTED:
program {
  AIC shared(In Tensor<fp32, 64, 16> k, Out Tensor<fp32, 64, 16> o, In index n) -> Tensor<fp32, 64, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    for (index i : pipeline(0, 4, 1)) [[stage = 1]] {
      index row = i * 16;
      Tile<fp32, 16, 16, Mat> s = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s, {.split = 0});
      Tile<fp32, 16, 16, Mat> s2 = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s2, {.split = 0});
    }
    for (index j : pipeline(0, n, 1)) [[stage = 1]] {
      Tile<fp32, 16, 16, Mat> t = tile.load(k, {0, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(t, {.split = 0});
    }
    for (index q : pipeline(0, 4, 1)) [[stage = 3]] {
    }
    return o;
  }
}
// -----
// RUN: skew-cross-core-pipeline
// idempotent: demoted loops (stage 1) are left as they are
program {
  AIC shared(In Tensor<fp32, 64, 16> k, Out Tensor<fp32, 64, 16> o, In index n) -> Tensor<fp32, 64, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    for (index i : pipeline(0, 4, 1)) [[stage = 1]] {
      index row = i * 16;
      Tile<fp32, 16, 16, Mat> s = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s, {.split = 0});
      Tile<fp32, 16, 16, Mat> s2 = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s2, {.split = 0});
    }
    for (index j : pipeline(0, n, 1)) [[stage = 1]] {
      Tile<fp32, 16, 16, Mat> t = tile.load(k, {0, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(t, {.split = 0});
    }
    for (index q : pipeline(0, 4, 1)) [[stage = 3]] {
    }
    return o;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: skew-cross-core-pipeline
// idempotent: the skewed loop of the first case (one stage) is left as it is
program {
  AIC cube(In Tensor<fp32, 64, 16> k, In Tensor<fp32, 16, 16> v, Out Tensor<fp32, 64, 16> o) -> Tensor<fp32, 64, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Mat> v_mat = tile.load(v, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> v_right = tile.move(v_mat, {.target_memory = Right});
    index i_first = 0;
    index row = i_first * 16;
    Tile<fp32, 16, 16, Mat> s = tile.load(k, {row, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(s, {.split = 0});
    for (index i : pipeline(0, 3, 1)) [[stage = 1]] carry (Tensor<fp32, 64, 16> o_c = o, index row_prev = row) -> (Tensor<fp32, 64, 16> o_r, index row_last) {
      index i_next = i + 1;
      index row_1 = i_next * 16;
      Tile<fp32, 16, 16, Mat> s_1 = tile.load(k, {row_1, 0}, {16, 16}, {.target_memory = Mat});
      tile.tpush_to_aiv(s_1, {.split = 0});
      Tile<fp32, 16, 16, Mat> p = tile.tpop_from_aiv({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Mat});
      tile.tfree_to_aiv(p, {.split = 0});
      Tile<fp32, 16, 16, Left> p_left = tile.move(p, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> pv = tile.matmul(p_left, v_right);
      Tensor<fp32, 64, 16> o_n = tile.store(pv, {row_prev, 0}, o_c);
      yield(o_n, row_1);
    }
    Tile<fp32, 16, 16, Mat> p_1 = tile.tpop_from_aiv({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Mat});
    tile.tfree_to_aiv(p_1, {.split = 0});
    Tile<fp32, 16, 16, Left> p_left_1 = tile.move(p_1, {.target_memory = Left});
    Tile<fp32, 16, 16, Acc> pv_1 = tile.matmul(p_left_1, v_right);
    Tensor<fp32, 64, 16> o_n_1 = tile.store(pv_1, {row_last, 0}, o_r);
    return o;
  }
}
// EXPECTED-UNCHANGED
