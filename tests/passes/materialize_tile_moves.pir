// RUN: materialize-tile-moves
// a yielded value in another buffer than its iter_arg: an explicit move into the iter_arg's bytes right before the yield; a scalar slot is left alone
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x, fp32 f = 1.0) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r, fp32 fr) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc2 = tile.recip(acc);
      fp32 f2 = f * 2.0;
      yield(acc2, f2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x, fp32 f = 1.0) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r, fp32 fr) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc2 = tile.recip(acc);
      fp32 f2 = f * 2.0;
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc2_mv = tile.move(acc2, {.target_memory = Vec});
      yield(acc2_mv, f2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}

// -----
// RUN: materialize-tile-moves
// an init in another buffer than its iter_arg (the init is read after the loop): moved before the loop; an if's else branch yielding from another buffer than the result: moved before that yield
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> r) {
      if (i < 2) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> p) {
        Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> a1 = tile.adds(acc, 1.0);
        yield(a1);
      } else {
        yield(x);
      }
      yield(p);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(x, {0, 0}, s);
    return s2;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> x_mv = tile.move(x, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc = x_mv) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> r) {
      if (i < 2) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> p) {
        Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> a1 = tile.adds(acc, 1.0);
        yield(a1);
      } else {
        Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> x_mv_1 = tile.move(x, {.target_memory = Vec});
        yield(x_mv_1);
      }
      yield(p);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(x, {0, 0}, s);
    return s2;
  }
}

// -----
// RUN: materialize-tile-moves
// a copy into another buffer becomes a move; an in-place op (assemble) whose result has its own buffer first moves its target there
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o, Out Tensor<fp32, 16, 16> p) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>) {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_3 = tile.alloc({.target_memory = Vec, .size = 512});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = x;
    Tile<fp32, 8, 16, Vec, @vec_3(mem_vec_3, 0, 512)> h = tile.load(a, {0, 0}, {8, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> z = tile.assemble(x, h, {8, 0});
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(z, {0, 0}, p);
    Tensor<fp32, 16, 16> s3 = tile.store(x, {0, 0}, s);
    return s3, s2;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o, Out Tensor<fp32, 16, 16> p) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>) {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_3 = tile.alloc({.target_memory = Vec, .size = 512});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.move(x, {.target_memory = Vec});
    Tile<fp32, 8, 16, Vec, @vec_3(mem_vec_3, 0, 512)> h = tile.load(a, {0, 0}, {8, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> x_mv = tile.move(x, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> z = tile.assemble(x_mv, h, {8, 0});
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(z, {0, 0}, p);
    Tensor<fp32, 16, 16> s3 = tile.store(x, {0, 0}, s);
    return s3, s2;
  }
}

// -----
// RUN: materialize-tile-moves
// same bytes everywhere (one MemRef, or two MemRefs on one base and offset): nothing moves; orchestration functions are left alone
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x2 = x;
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x2) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_0, 0, 1024)> acc2 = tile.adds(acc, 1.0);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: materialize-tile-moves
// an Acc carry that would need a copy (there is no Acc to Acc move) is an error at the yield
program {
  AIC k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1024});
    Ptr<Left> mem_left_0 = tile.alloc({.target_memory = Left, .size = 1024});
    Ptr<Right> mem_right_0 = tile.alloc({.target_memory = Right, .size = 1024});
    Ptr<Acc> mem_acc_0 = tile.alloc({.target_memory = Acc, .size = 1024});
    Ptr<Acc> mem_acc_1 = tile.alloc({.target_memory = Acc, .size = 1024});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left, @left_0(mem_left_0, 0, 1024)> l = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Right, @right_0(mem_right_0, 0, 1024)> r = tile.move(am, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc, @acc_0(mem_acc_0, 0, 1024)> c = tile.matmul(l, r);
    for (index k : range(0, 2, 1)) carry (Tile<fp32, 16, 16, Acc, @acc_0(mem_acc_0, 0, 1024)> s = c) -> (Tile<fp32, 16, 16, Acc, @acc_0(mem_acc_0, 0, 1024)> t) {
      Tile<fp32, 16, 16, Acc, @acc_1(mem_acc_1, 0, 1024)> s2 = tile.matmul(l, r);
      yield(s2); // EXPECTED-ERROR: TM001 {{Acc tile 's' would need a copy of 's2'}}
    }
    Tensor<fp32, 16, 16> b2 = tile.store(t, {0, 0}, b);
    return b2;
  }
}
// -----
// RUN: materialize-tile-moves
// a popped tile lives in the pipe's consumer buffer (pto-isa's TPOP places it there), not in its planned bytes: an if yielding it moves it into the result's bytes although they share a MemRef; a tile computed from it does not move
program {
  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    if (n > 1) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> y) {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> pv = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
      tile.tfree_to_aic(pv, {.split = 0});
      yield(pv);
    } else {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> e = tile.exp(t);
      yield(e);
    }
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  AIV v(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> o, In index n) -> Tensor<fp32, 16, 16> {
    system.aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2, .split = 0});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    if (n > 1) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> y) {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> pv = tile.tpop_from_aic({16, 16}, {.dtype = fp32, .split = 0, .target_memory = Vec});
      tile.tfree_to_aic(pv, {.split = 0});
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> pv_mv = tile.move(pv, {.target_memory = Vec});
      yield(pv_mv);
    } else {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> e = tile.exp(t);
      yield(e);
    }
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    return s;
  }
}
