// RUN: expand-mixed-kernel
// a kernel whose tiles live only in Vec becomes AIV; the orchestration calling it is unchanged
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(t);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// EXPECTED:
program {
  AIV k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(t);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// -----
// RUN: expand-mixed-kernel
// a matmul kernel (Mat -> Left / Right -> Acc, stored from Acc) uses only cube spaces: AIC
program {
  InCore mm(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> c_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 32, Mat> a_tile = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_left = tile.move(a_tile, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> b_tile = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> b_right = tile.move(b_tile, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
    Tensor<fp32, 16, 16> c_stored = tile.store(c, {0, 0}, c_out);
    return c_out;
  }
}
// EXPECTED:
program {
  AIC mm(In Tensor<fp32, 16, 32> a, In Tensor<fp32, 32, 16> b, Out Tensor<fp32, 16, 16> c_out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 32, Mat> a_tile = tile.load(a, {0, 0}, {16, 32}, {.target_memory = Mat});
    Tile<fp32, 16, 32, Left> a_left = tile.move(a_tile, {.target_memory = Left});
    Tile<fp32, 32, 16, Mat> b_tile = tile.load(b, {0, 0}, {32, 16}, {.target_memory = Mat});
    Tile<fp32, 32, 16, Right> b_right = tile.move(b_tile, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
    Tensor<fp32, 16, 16> c_stored = tile.store(c, {0, 0}, c_out);
    return c_out;
  }
}
// -----
// RUN: expand-mixed-kernel
// ops inside loops count; the level becomes AIV and the split attr is dropped
program {
  [[split = 1]]
  InCore<level = CORE_GROUP, role = Worker> k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x_tile = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = x_tile) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc, x_tile);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  AIV<level = AIV, role = Worker> k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x_tile = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = x_tile) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc, x_tile);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: expand-mixed-kernel
// a kernel with no tile op at all (scalar tensor accesses only) is shared, hence AIV
program {
  InCore k(InOut Tensor<fp32, 16> o, In fp32 v) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> o2 = tensor.write(o, {0}, v);
    return o2;
  }
}
// EXPECTED:
program {
  AIV k(InOut Tensor<fp32, 16> o, In fp32 v) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> o2 = tensor.write(o, {0}, v);
    return o2;
  }
}
// -----
// RUN: expand-mixed-kernel
// AIC / AIV / Orchestration functions are left alone
program {
  AIV k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: expand-mixed-kernel
// a matmul whose result is moved to Vec: an AIC kernel pushes the Acc tile, an AIV kernel pops it (and frees its slot right away: pops copy), a Group runs both; the pipe is set up first on each side
program {
  InCore mix(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat> a_mat = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> a_left = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> b_mat = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> b_right = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
    Tile<fp32, 16, 16, Vec> c_vec = tile.move(c, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(c_vec);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  AIC mix_aic(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 4, .split = 0});
    Tile<fp32, 16, 16, Mat> a_mat = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> a_left = tile.move(a_mat, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> b_mat = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> b_right = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
    tile.tpush_to_aiv(c, {.split = 0});
    return o;
  }

  [[split = 0]]
  AIV mix_aiv(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 4, .split = 0});
    Tile<fp32, 16, 16, Vec> c_vec = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
    tile.tfree_to_aic(c_vec, {.split = 0});
    Tile<fp32, 16, 16, Vec> e = tile.exp(c_vec);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return o;
  }

  [[aic_kernel = "mix_aic", aiv_kernel = "mix_aiv", split = 0]]
  Group mix(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    mix_aic(a, b, o);
    mix_aiv(a, b, o);
    return o;
  }
}
// -----
// RUN: expand-mixed-kernel
// a Vec load and a Mat load nobody uses, no crossing: once the dead cube load is gone the kernel is a plain AIV kernel
program {
  InCore two(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> v = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Mat> m = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tensor<fp32, 16, 16> s = tile.store(v, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  AIV two(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> v = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(v, {0, 0}, o);
    return o;
  }
}
// -----
// RUN: expand-mixed-kernel
// both directions in a loop: the vector carry stays in the AIV copy, the shared index carry is in both, the Right tile loaded before the loop only in the AIC; split and slot count reach the pipes, the level becomes AIC / AIV / CORE_GROUP
program {
  [[split = 1, slot_num = 4]]
  InCore<level = CORE_GROUP, role = Worker> loop(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> w, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Mat> w_mat = tile.load(w, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> w_right = tile.move(w_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Vec> x0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> v = x0, index k = 0) -> (Tile<fp32, 16, 16, Vec> vr, index kr) {
      Tile<fp32, 16, 16, Vec> r = tile.relu(v);
      Tile<fp32, 16, 16, Mat> r_mat = tile.move(r, {.target_memory = Mat});
      Tile<fp32, 16, 16, Left> r_left = tile.move(r_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Acc> p = tile.matmul(r_left, w_right);
      Tile<fp32, 16, 16, Vec> p_vec = tile.move(p, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec> v2 = tile.add(p_vec, v);
      index k2 = k + i;
      yield(v2, k2);
    }
    Tensor<fp32, 16, 16> s = tile.store(vr, {0, 0}, o);
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
// -----
// RUN: expand-mixed-kernel
// an if with a cube branch and a vector branch: the AIC copy keeps the branch with work and no results, the AIV copy both branches and the result
program {
  InCore branch(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> v = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    bool big = n > 2;
    if (big) -> (Tile<fp32, 16, 16, Vec> y) {
      Tile<fp32, 16, 16, Mat> a_mat = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Left> a_left = tile.move(a_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Mat> b_mat = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Right> b_right = tile.move(b_mat, {.target_memory = Right});
      Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
      Tile<fp32, 16, 16, Vec> c_vec = tile.move(c, {.target_memory = Vec});
      yield(c_vec);
    } else {
      Tile<fp32, 16, 16, Vec> e = tile.exp(v);
      yield(e);
    }
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    return o;
  }
}
// EXPECTED:
program {
  AIC branch_aic(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    system.aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 4, .split = 0});
    bool big = n > 2;
    if (big) {
      Tile<fp32, 16, 16, Mat> a_mat = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Left> a_left = tile.move(a_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Mat> b_mat = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Right> b_right = tile.move(b_mat, {.target_memory = Right});
      Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
      tile.tpush_to_aiv(c, {.split = 0});
    }
    return o;
  }

  [[split = 0]]
  AIV branch_aiv(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 4, .split = 0});
    Tile<fp32, 16, 16, Vec> v = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    bool big = n > 2;
    if (big) -> (Tile<fp32, 16, 16, Vec> y) {
      Tile<fp32, 16, 16, Vec> c_vec = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
      tile.tfree_to_aic(c_vec, {.split = 0});
      yield(c_vec);
    } else {
      Tile<fp32, 16, 16, Vec> e = tile.exp(v);
      yield(e);
    }
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    return o;
  }

  [[aic_kernel = "branch_aic", aiv_kernel = "branch_aiv", split = 0]]
  Group branch(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    branch_aic(a, b, o, n);
    branch_aiv(a, b, o, n);
    return o;
  }
}
// -----
// RUN: expand-mixed-kernel
// a loop of cube work bounded by a scalar the vector side reads from a tile: MK002 at the loop
program {
  InCore needs(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> v = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    fp32 s = tile.read(v, {0, 0});
    index n = cast<index>(s);
    for (index i : range(0, n, 1)) { // EXPECTED-ERROR: MK002 {{the cube side of mixed kernel 'needs' needs 'n', which only the other core computes}}
      Tile<fp32, 16, 16, Mat> a_mat = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Left> a_left = tile.move(a_mat, {.target_memory = Left});
      Tile<fp32, 16, 16, Mat> b_mat = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
      Tile<fp32, 16, 16, Right> b_right = tile.move(b_mat, {.target_memory = Right});
      Tile<fp32, 16, 16, Acc> c = tile.matmul(a_left, b_right);
      Tensor<fp32, 16, 16> s2 = tile.store(c, {0, 0}, o);
    }
    Tile<fp32, 16, 16, Vec> e = tile.exp(v);
    Tile<fp32, 16, 16, Mat> e_mat = tile.move(e, {.target_memory = Mat});
    return o;
  }
}
// -----
// RUN: expand-mixed-kernel
// the cube side loads what the vector side stored in the same kernel: MK003 (no ordering through GM), reported once
program {
  InCore order(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> v = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> o1 = tile.store(v, {0, 0}, o);
    Tile<fp32, 16, 16, Mat> m = tile.load(o1, {0, 0}, {16, 16}, {.target_memory = Mat}); // EXPECTED-ERROR: MK003 {{the cube side of mixed kernel 'order' accesses a tensor the other core has written}}
    Tile<fp32, 16, 16, Left> l = tile.move(m, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> b_mat = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> r = tile.move(b_mat, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc> c = tile.matmul(l, r);
    Tile<fp32, 16, 16, Vec> cv = tile.move(c, {.target_memory = Vec});
    Tensor<fp32, 16, 16> o2 = tile.store(cv, {0, 0}, o1);
    return o2;
  }
}
// -----
// RUN: verify{properties=MixedKernelExpanded}
// the verifier rejects a leftover InCore function and a vector op in an AIC kernel
program {
  // EXPECTED-ERROR: V521 {{InCore function 'k' is left}}
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    return o;
  }

  AIC c(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec}); // EXPECTED-ERROR: V522 {{'tile.load' is a vector op in AIC kernel 'c'}}
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o); // EXPECTED-ERROR: V522
    return o;
  }
}
