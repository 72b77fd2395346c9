// RUN: split-vector-kernel
// up-down split of the loop kernel ExpandMixedKernel made: every Vec tile of 16 rows becomes 8, the load and the store move by lane * 8 rows, the tpop takes its half; the Group gets dual_aiv; the AIC kernel is unchanged
program {
  AIC<level = AIC, role = Worker> loop_aic(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 4, .split = 1});
    Tile<fp32, 16, 16, Mat> w_mat = tile.load(w, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> w_right = tile.move(w_mat, {.target_memory = Right});
    for (index i : range(0, n, 1)) carry (index k = 0) -> (index kr) {
      Tile<fp32, 16, 16, Mat> r_mat = tile.tpop_from_aiv({16, 16}, {.dtype = fp32, .split = 1, .target_memory = Mat});
      tile.tfree_to_aiv(r_mat, {.split = 1});
      Tile<fp32, 16, 16, Left> r_left = tile.move(r_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> p = tile.matmul(r_left, w_right);
      tile.tpush_to_aiv(p, {.split = 1});
      index k2 = k + i;
      yield(k2);
    }
    return o;
  }

  [[split = 1]]
  AIV<level = AIV, role = Worker> loop_aiv(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 4, .split = 1});
    Tile<fp32, 16, 16, Vec> x0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> v = x0, index k = 0) -> (Tile<fp32, 16, 16, Vec> vr, index kr) {
      Tile<fp32, 16, 16, Vec> r = tile.relu(v);
      tile.tpush_to_aic(r, {.split = 1});
      Tile<fp32, 16, 16, Vec> p_vec = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 1, .target_memory = Vec});
      tile.tfree_to_aic(p_vec, {.split = 1});
      Tile<fp32, 16, 16, Vec> v2 = tile.add(p_vec, v);
      index k2 = k + i;
      yield(v2, k2);
    }
    Tensor<fp32, 16, 16> s = tile.store(vr, {0, 0}, o);
    return o;
  }

  [[aic_kernel = "loop_aic", aiv_kernel = "loop_aiv", split = 1]]
  Group<level = CORE_GROUP, role = Worker> loop(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    loop_aic(x, w, o, n);
    loop_aiv(x, w, o, n);
    return o;
  }
}
// EXPECTED:
program {
  AIC<level = AIC, role = Worker> loop_aic(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 4, .split = 1});
    Tile<fp32, 16, 16, Mat> w_mat = tile.load(w, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> w_right = tile.move(w_mat, {.target_memory = Right});
    for (index i : range(0, n, 1)) carry (index k = 0) -> (index kr) {
      Tile<fp32, 16, 16, Mat> r_mat = tile.tpop_from_aiv({16, 16}, {.dtype = fp32, .split = 1, .target_memory = Mat});
      tile.tfree_to_aiv(r_mat, {.split = 1});
      Tile<fp32, 16, 16, Left> r_left = tile.move(r_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> p = tile.matmul(r_left, w_right);
      tile.tpush_to_aiv(p, {.split = 1});
      index k2 = k + i;
      yield(k2);
    }
    return o;
  }

  [[split = 1]]
  AIV<level = AIV, role = Worker> loop_aiv(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    index lane = tile.get_subblock_idx();
    system.aiv_initialize_pipe({.dir_mask = 3, .slot_size = 1024, .slot_num = 4, .split = 1});
    Tile<fp32, 8, 16, Vec> x0 = tile.load(x, {0 + lane * 8, 0}, {8, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 8, 16, Vec> v = x0, index k = 0) -> (Tile<fp32, 8, 16, Vec> vr, index kr) {
      Tile<fp32, 8, 16, Vec> r = tile.relu(v);
      tile.tpush_to_aic(r, {.split = 1});
      Tile<fp32, 8, 16, Vec> p_vec = tile.tpop_from_aic({8, 16}, {.dtype = fp32, .split = 1, .target_memory = Vec});
      tile.tfree_to_aic(p_vec, {.split = 1});
      Tile<fp32, 8, 16, Vec> v2 = tile.add(p_vec, v);
      index k2 = k + i;
      yield(v2, k2);
    }
    Tensor<fp32, 16, 16> s = tile.store(vr, {0 + lane * 8, 0}, o);
    return o;
  }

  [[aic_kernel = "loop_aic", aiv_kernel = "loop_aiv", split = 1, dual_aiv = true]]
  Group<level = CORE_GROUP, role = Worker> loop(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    loop_aic(x, w, o, n);
    loop_aiv(x, w, o, n);
    return o;
  }
}
// -----
// RUN: split-vector-kernel
// left-right split: columns halved, the [1, 32] bias row halves too (its extent along the split axis is not 1), a column sum is fine (it reduces rows, not the split axis), tile.full shapes follow
program {
  [[split = 2]]
  AIV cols(In Tensor<fp32, 16, 32> x, In Tensor<fp32, 1, 32> bias, Out Tensor<fp32, 16, 32> o, Out Tensor<fp32, 1, 32> cs) -> (Tensor<fp32, 16, 32>, Tensor<fp32, 1, 32>) {
    Tile<fp32, 16, 32, Vec> t = tile.tpop_from_aic({16, 32}, {.dtype = fp32, .split = 2, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 2});
    Tile<fp32, 1, 32, Vec> b = tile.load(bias, {0, 0}, {1, 32}, {.target_memory = Vec});
    Tile<fp32, 16, 32, Vec> y = tile.col_expand_add(t, b);
    Tile<fp32, 16, 32, Vec> z = tile.full({16, 32}, 1.0, {.dtype = fp32});
    Tile<fp32, 16, 32, Vec> w = tile.add(y, z);
    Tile<fp32, 1, 32, Vec> c = tile.col_sum(w);
    Tensor<fp32, 16, 32> o1 = tile.store(w, {0, 0}, o);
    Tensor<fp32, 1, 32> cs1 = tile.store(c, {0, 0}, cs);
    return o, cs;
  }
}
// EXPECTED:
program {
  [[split = 2]]
  AIV cols(In Tensor<fp32, 16, 32> x, In Tensor<fp32, 1, 32> bias, Out Tensor<fp32, 16, 32> o, Out Tensor<fp32, 1, 32> cs) -> (Tensor<fp32, 16, 32>, Tensor<fp32, 1, 32>) {
    index lane = tile.get_subblock_idx();
    Tile<fp32, 16, 16, Vec> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 2, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 2});
    Tile<fp32, 1, 16, Vec> b = tile.load(bias, {0, 0 + lane * 16}, {1, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> y = tile.col_expand_add(t, b);
    Tile<fp32, 16, 16, Vec> z = tile.full({16, 16}, 1.0, {.dtype = fp32});
    Tile<fp32, 16, 16, Vec> w = tile.add(y, z);
    Tile<fp32, 1, 16, Vec> c = tile.col_sum(w);
    Tensor<fp32, 16, 32> o1 = tile.store(w, {0, 0 + lane * 16}, o);
    Tensor<fp32, 1, 32> cs1 = tile.store(c, {0, 0 + lane * 16}, cs);
    return o, cs;
  }
}
// -----
// RUN: split-vector-kernel
// a column sum under an up-down split reduces across both lanes: SV001
program {
  [[split = 1]]
  AIV rows(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 1, 32> cs) -> Tensor<fp32, 1, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32}, {.target_memory = Vec});
    Tile<fp32, 1, 32, Vec> c = tile.col_sum(t); // EXPECTED-ERROR: SV001 {{split kernel 'rows': 'tile.col_sum' reduces along the up-down (rows) split axis}}
    Tensor<fp32, 1, 32> cs1 = tile.store(c, {0, 0}, cs);
    return cs;
  }
}
// -----
// RUN: split-vector-kernel
// an odd number of rows cannot be halved: SV002 (once per statement)
program {
  [[split = 1]]
  AIV odd(In Tensor<fp32, 15, 32> x, Out Tensor<fp32, 15, 32> o) -> Tensor<fp32, 15, 32> {
    Tile<fp32, 15, 32, Vec> t = tile.load(x, {0, 0}, {15, 32}, {.target_memory = Vec}); // EXPECTED-ERROR: SV002 {{has a dim there that is odd}}
    Tensor<fp32, 15, 32> o1 = tile.store(t, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: split-vector-kernel
// a run-time valid row count along the split axis: SV003 (once)
program {
  [[split = 1]]
  AIV ragged(In Tensor<fp32, 16, 32> x, Out Tensor<fp32, 16, 32> o, In index r) -> Tensor<fp32, 16, 32> {
    Tile<fp32, 16, 32, Vec> t = tile.load(x, {0, 0}, {16, 32}, {.target_memory = Vec, .valid_shape = {r, 32}}); // EXPECTED-ERROR: SV003 {{a valid shape along the up-down (rows) split axis is not supported}}
    Tensor<fp32, 16, 32> o1 = tile.store(t, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: split-vector-kernel
// a Group of two AIV kernels is not a mixed task: SV004
program {
  AIV a1(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  AIV a2(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  // EXPECTED-ERROR: SV004 {{Group function 'g' calls 0 cube-side and 2 AIV functions}}
  Group g(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    a1(x, o);
    a2(x, o);
    return o;
  }
}
// -----
// RUN: split-vector-kernel
// a hand-written Group (no attrs) is stamped from its calls; kernels without a split are unchanged
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Mat> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Vec> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  Group g(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    c(x, o);
    v(x, o);
    return o;
  }
}
// EXPECTED:
program {
  AIC c(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Mat> m = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Mat});
    tile.tpush_to_aiv(m, {.split = 0});
    return o;
  }

  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Tile<fp32, 16, 16, Vec> t = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(t, {.split = 0});
    Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, o);
    return o;
  }

  [[aic_kernel = "c", aiv_kernel = "v", dual_aiv = false]]
  Group g(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    c(x, o);
    v(x, o);
    return o;
  }
}
