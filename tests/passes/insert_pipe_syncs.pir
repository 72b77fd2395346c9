// RUN: insert-pipe-syncs
// a vector kernel: the load reaches the vector pipe through an MTE2 -> V pair; two independent vector ops need no barrier, the add that reads both does (bar_v); the store waits for V (its tile) and for MTE2 (global memory: every global access may alias); the kernel ends with the drain
program {
  AIV vec(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_m0 = tile.alloc({.target_memory = Vec, .size = 4096, .addr = 0});
    Ptr<Vec> mem_m1 = tile.alloc({.target_memory = Vec, .size = 4096, .addr = 4096});
    Ptr<Vec> mem_m2 = tile.alloc({.target_memory = Vec, .size = 4096, .addr = 8192});
    Tile<fp32, 16, 64, Vec, @m0(mem_m0, 0, 4096)> t = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<fp32, 16, 64, Vec, @m1(mem_m1, 4096, 4096)> u = tile.exp(t);
    Tile<fp32, 16, 64, Vec, @m2(mem_m2, 8192, 4096)> w = tile.adds(t, 1.0);
    Tile<fp32, 16, 64, Vec, @m0(mem_m0, 0, 4096)> x = tile.add(u, w);
    Tensor<fp32, 16, 64> s = tile.store(x, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  AIV vec(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_m0 = tile.alloc({.target_memory = Vec, .size = 4096, .addr = 0});
    Ptr<Vec> mem_m1 = tile.alloc({.target_memory = Vec, .size = 4096, .addr = 4096});
    Ptr<Vec> mem_m2 = tile.alloc({.target_memory = Vec, .size = 4096, .addr = 8192});
    Tile<fp32, 16, 64, Vec, @m0(mem_m0, 0, 4096)> t = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
    system.sync_src({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
    system.sync_dst({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
    Tile<fp32, 16, 64, Vec, @m1(mem_m1, 4096, 4096)> u = tile.exp(t);
    Tile<fp32, 16, 64, Vec, @m2(mem_m2, 8192, 4096)> w = tile.adds(t, 1.0);
    system.bar_v();
    Tile<fp32, 16, 64, Vec, @m0(mem_m0, 0, 4096)> x = tile.add(u, w);
    system.sync_src({.set_pipe = "v", .wait_pipe = "mte3", .event_id = 0});
    system.sync_dst({.set_pipe = "v", .wait_pipe = "mte3", .event_id = 0});
    system.sync_src({.set_pipe = "mte2", .wait_pipe = "mte3", .event_id = 0});
    system.sync_dst({.set_pipe = "mte2", .wait_pipe = "mte3", .event_id = 0});
    Tensor<fp32, 16, 64> s = tile.store(x, {0, 0}, o);
    system.bar_all();
    return s;
  }
}

// -----
// RUN: insert-pipe-syncs
// a cube kernel: Mat loads -> MTE1 moves to Left/Right -> the M matmul -> the FIX store from Acc, one pair per pipe change
program {
  AIC mm(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Ptr<Mat> mem_a_mat = tile.alloc({.target_memory = Mat, .size = 1024, .addr = 0});
    Ptr<Mat> mem_b_mat = tile.alloc({.target_memory = Mat, .size = 1024, .addr = 1024});
    Ptr<Left> mem_left = tile.alloc({.target_memory = Left, .size = 1024, .addr = 0});
    Ptr<Right> mem_right = tile.alloc({.target_memory = Right, .size = 1024, .addr = 0});
    Ptr<Acc> mem_acc = tile.alloc({.target_memory = Acc, .size = 1024, .addr = 0});
    Tile<fp32, 16, 16, Mat, @a_mat(mem_a_mat, 0, 1024)> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Mat, @b_mat(mem_b_mat, 1024, 1024)> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left, @left(mem_left, 0, 1024)> l = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Right, @right(mem_right, 0, 1024)> r = tile.move(bm, {.target_memory = Right});
    Tile<fp32, 16, 16, Acc, @acc(mem_acc, 0, 1024)> acc = tile.matmul(l, r);
    Tensor<fp32, 16, 16> s = tile.store(acc, {0, 0}, c);
    return s;
  }
}
// EXPECTED:
program {
  AIC mm(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Ptr<Mat> mem_a_mat = tile.alloc({.target_memory = Mat, .size = 1024, .addr = 0});
    Ptr<Mat> mem_b_mat = tile.alloc({.target_memory = Mat, .size = 1024, .addr = 1024});
    Ptr<Left> mem_left = tile.alloc({.target_memory = Left, .size = 1024, .addr = 0});
    Ptr<Right> mem_right = tile.alloc({.target_memory = Right, .size = 1024, .addr = 0});
    Ptr<Acc> mem_acc = tile.alloc({.target_memory = Acc, .size = 1024, .addr = 0});
    Tile<fp32, 16, 16, Mat, @a_mat(mem_a_mat, 0, 1024)> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Mat, @b_mat(mem_b_mat, 1024, 1024)> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    system.sync_src({.set_pipe = "mte2", .wait_pipe = "mte1", .event_id = 0});
    system.sync_dst({.set_pipe = "mte2", .wait_pipe = "mte1", .event_id = 0});
    Tile<fp32, 16, 16, Left, @left(mem_left, 0, 1024)> l = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Right, @right(mem_right, 0, 1024)> r = tile.move(bm, {.target_memory = Right});
    system.sync_src({.set_pipe = "mte1", .wait_pipe = "m", .event_id = 0});
    system.sync_dst({.set_pipe = "mte1", .wait_pipe = "m", .event_id = 0});
    Tile<fp32, 16, 16, Acc, @acc(mem_acc, 0, 1024)> acc_1 = tile.matmul(l, r);
    system.sync_src({.set_pipe = "m", .wait_pipe = "fix", .event_id = 0});
    system.sync_dst({.set_pipe = "m", .wait_pipe = "fix", .event_id = 0});
    system.sync_src({.set_pipe = "mte2", .wait_pipe = "fix", .event_id = 0});
    system.sync_dst({.set_pipe = "mte2", .wait_pipe = "fix", .event_id = 0});
    Tensor<fp32, 16, 16> s = tile.store(acc_1, {0, 0}, c);
    system.bar_all();
    return s;
  }
}

// -----
// RUN: insert-pipe-syncs
// the back edge of a loop: the next trip's load overwrites the tile the vector op read and the store read global memory before, so V -> MTE2 and MTE3 -> MTE2 come before the load; the vector op waits for the load and for the previous trip's store of its result buffer
program {
  AIV loop(In Tensor<fp32, 64, 16> a, Out Tensor<fp32, 64, 16> o) -> Tensor<fp32, 64, 16> {
    Ptr<Vec> mem_m0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 0});
    Ptr<Vec> mem_m1 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 1024});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64, 16> acc = o) -> (Tensor<fp32, 64, 16> r) {
      Tile<fp32, 16, 16, Vec, @m0(mem_m0, 0, 1024)> t = tile.load(a, {i * 16, 0}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec, @m1(mem_m1, 1024, 1024)> u = tile.muls(t, 2.0);
      Tensor<fp32, 64, 16> s = tile.store(u, {i * 16, 0}, acc);
      yield(s);
    }
    return r;
  }
}
// EXPECTED:
program {
  AIV loop(In Tensor<fp32, 64, 16> a, Out Tensor<fp32, 64, 16> o) -> Tensor<fp32, 64, 16> {
    Ptr<Vec> mem_m0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 0});
    Ptr<Vec> mem_m1 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 1024});
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64, 16> acc = o) -> (Tensor<fp32, 64, 16> r) {
      system.sync_src({.set_pipe = "v", .wait_pipe = "mte2", .event_id = 0});
      system.sync_dst({.set_pipe = "v", .wait_pipe = "mte2", .event_id = 0});
      system.sync_src({.set_pipe = "mte3", .wait_pipe = "mte2", .event_id = 0});
      system.sync_dst({.set_pipe = "mte3", .wait_pipe = "mte2", .event_id = 0});
      Tile<fp32, 16, 16, Vec, @m0(mem_m0, 0, 1024)> t = tile.load(a, {i * 16, 0}, {16, 16}, {.target_memory = Vec});
      system.sync_src({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
      system.sync_dst({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
      system.sync_src({.set_pipe = "mte3", .wait_pipe = "v", .event_id = 0});
      system.sync_dst({.set_pipe = "mte3", .wait_pipe = "v", .event_id = 0});
      system.bar_v();
      Tile<fp32, 16, 16, Vec, @m1(mem_m1, 1024, 1024)> u = tile.muls(t, 2.0);
      system.sync_src({.set_pipe = "v", .wait_pipe = "mte3", .event_id = 0});
      system.sync_dst({.set_pipe = "v", .wait_pipe = "mte3", .event_id = 0});
      system.sync_src({.set_pipe = "mte2", .wait_pipe = "mte3", .event_id = 0});
      system.sync_dst({.set_pipe = "mte2", .wait_pipe = "mte3", .event_id = 0});
      Tensor<fp32, 64, 16> s = tile.store(u, {i * 16, 0}, acc);
      yield(s);
    }
    system.bar_all();
    return r;
  }
}

// -----
// RUN: insert-pipe-syncs
// an if: the state after it joins both branches (the phi's buffer was written by MTE2 in one and by V before the if), so the reader needs the pair and the barrier; the orchestration must not change
program {
  AIV pick(In Tensor<fp32, 16, 16> a, In bool p, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_m0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 0});
    Ptr<Vec> mem_m1 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 1024});
    Tile<fp32, 16, 16, Vec, @m0(mem_m0, 0, 1024)> z = tile.full({16, 16}, 0.0, {.dtype = fp32});
    if (p) -> (Tile<fp32, 16, 16, Vec, @m0(mem_m0, 0, 1024)> t) {
      Tile<fp32, 16, 16, Vec, @m0(mem_m0, 0, 1024)> l = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
      yield(l);
    } else {
      yield(z);
    }
    Tile<fp32, 16, 16, Vec, @m1(mem_m1, 1024, 1024)> u = tile.neg(t);
    Tensor<fp32, 16, 16> s = tile.store(u, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, In bool p, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = pick(a, p, o) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    return r;
  }
}
// EXPECTED:
program {
  AIV pick(In Tensor<fp32, 16, 16> a, In bool p, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_m0 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 0});
    Ptr<Vec> mem_m1 = tile.alloc({.target_memory = Vec, .size = 1024, .addr = 1024});
    Tile<fp32, 16, 16, Vec, @m0(mem_m0, 0, 1024)> z = tile.full({16, 16}, 0.0, {.dtype = fp32});
    if (p) -> (Tile<fp32, 16, 16, Vec, @m0(mem_m0, 0, 1024)> t) {
      system.sync_src({.set_pipe = "v", .wait_pipe = "mte2", .event_id = 0});
      system.sync_dst({.set_pipe = "v", .wait_pipe = "mte2", .event_id = 0});
      Tile<fp32, 16, 16, Vec, @m0(mem_m0, 0, 1024)> l = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
      yield(l);
    } else {
      yield(z);
    }
    system.sync_src({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
    system.sync_dst({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
    system.bar_v();
    Tile<fp32, 16, 16, Vec, @m1(mem_m1, 1024, 1024)> u = tile.neg(t);
    system.sync_src({.set_pipe = "v", .wait_pipe = "mte3", .event_id = 0});
    system.sync_dst({.set_pipe = "v", .wait_pipe = "mte3", .event_id = 0});
    system.sync_src({.set_pipe = "mte2", .wait_pipe = "mte3", .event_id = 0});
    system.sync_dst({.set_pipe = "mte2", .wait_pipe = "mte3", .event_id = 0});
    Tensor<fp32, 16, 16> s = tile.store(u, {0, 0}, o);
    system.bar_all();
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a, In bool p, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = pick(a, p, o) [[arg_directions = ["Input", "Scalar", "OutputExisting"]]];
    return r;
  }
}
