// RUN: init-mem-ref
// each produced tile gets its own buffer (size = elements x dtype bytes, 32-byte multiple); allocations open the kernel; orchestration is untouched
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec> e = tile.exp(x);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> e = tile.exp(x);
    Tensor<fp32, 16, 16> s = tile.store(e, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> o = tensor.create({16, 16}, {.dtype = fp32});
    Tensor<fp32, 16, 16> r = k(a, o);
    return r;
  }
}
// -----
// RUN: init-mem-ref
// an alias and a same-size reshape share the buffer; odd sizes round up to 32 bytes; fp16 is 2 bytes, int4 is packed
program {
  InCore k(In Tensor<fp32, 3, 5> a, In Tensor<fp16, 16, 16> h, In Tensor<int4, 16, 16> q, Out Tensor<fp32, 15> o) -> Tensor<fp32, 15> {
    Tile<fp32, 3, 5, Vec> x = tile.load(a, {0, 0}, {3, 5}, {.target_memory = Vec});
    Tile<fp32, 3, 5, Vec> y = x;
    Tile<fp32, 15, Vec> f = tile.reshape(y, {15});
    Tile<fp16, 16, 16, Vec> hv = tile.load(h, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<int4, 16, 16, Vec> qv = tile.load(q, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 15> s = tile.store(f, {0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 3, 5> a, In Tensor<fp16, 16, 16> h, In Tensor<int4, 16, 16> q, Out Tensor<fp32, 15> o) -> Tensor<fp32, 15> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 64});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 512});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 128});
    Tile<fp32, 3, 5, Vec, @vec_0(mem_vec_0, 0, 64)> x = tile.load(a, {0, 0}, {3, 5}, {.target_memory = Vec});
    Tile<fp32, 3, 5, Vec, @vec_0(mem_vec_0, 0, 64)> y = x;
    Tile<fp32, 15, Vec, @vec_0(mem_vec_0, 0, 64)> f = tile.reshape(y, {15});
    Tile<fp16, 16, 16, Vec, @vec_1(mem_vec_1, 0, 512)> hv = tile.load(h, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<int4, 16, 16, Vec, @vec_2(mem_vec_2, 0, 128)> qv = tile.load(q, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 15> s = tile.store(f, {0}, o);
    return s;
  }
}
// -----
// RUN: init-mem-ref
// cube spaces get their own allocations; matmul_acc reuses its accumulator's buffer; the iter_arg shares the init's buffer and the return var the yielded value's
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Acc> c = tile.create({16, 16}, {.dtype = fp32, .target_memory = Acc});
    Tile<fp32, 16, 16, Mat> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right> br = tile.move(bm, {.target_memory = Right});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Acc> acc = c) -> (Tile<fp32, 16, 16, Acc> r) {
      Tile<fp32, 16, 16, Acc> acc2 = tile.matmul_acc(acc, al, br);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Acc> mem_acc_0 = tile.alloc({.target_memory = Acc, .size = 1024});
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1024});
    Ptr<Left> mem_left_0 = tile.alloc({.target_memory = Left, .size = 1024});
    Ptr<Mat> mem_mat_1 = tile.alloc({.target_memory = Mat, .size = 1024});
    Ptr<Right> mem_right_0 = tile.alloc({.target_memory = Right, .size = 1024});
    Tile<fp32, 16, 16, Acc, @acc_0(mem_acc_0, 0, 1024)> c = tile.create({16, 16}, {.dtype = fp32, .target_memory = Acc});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> am = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Left, @left_0(mem_left_0, 0, 1024)> al = tile.move(am, {.target_memory = Left});
    Tile<fp32, 16, 16, Mat, @mat_1(mem_mat_1, 0, 1024)> bm = tile.load(b, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tile<fp32, 16, 16, Right, @right_0(mem_right_0, 0, 1024)> br = tile.move(bm, {.target_memory = Right});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Acc, @acc_0(mem_acc_0, 0, 1024)> acc = c) -> (Tile<fp32, 16, 16, Acc, @acc_0(mem_acc_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Acc, @acc_0(mem_acc_0, 0, 1024)> acc2 = tile.matmul_acc(acc, al, br);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: init-mem-ref
// an init read inside the loop keeps its own buffer (the yield would overwrite it): the iter_arg gets a new one; the yielded value keeps its own (no carry merging before slot 36); the return var shares the iter_arg's
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = x) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc, x);
      yield(acc2);
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
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> acc2 = tile.add(acc, x);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: init-mem-ref
// an init not read after the loop is the iter_arg's buffer; the return var shares it too, not the yielded value's
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc = x) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> acc2 = tile.adds(acc, 1.0);
      yield(acc2);
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
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc2 = tile.adds(acc, 1.0);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: init-mem-ref
// one init for two carries, or a swap of the same value: the second slot gets its own buffer (two carries never share one)
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> p = x, Tile<fp32, 16, 16, Vec> q = x) -> (Tile<fp32, 16, 16, Vec> rp, Tile<fp32, 16, 16, Vec> rq) {
      Tile<fp32, 16, 16, Vec> p2 = tile.adds(p, 1.0);
      yield(q, p2);
    }
    Tensor<fp32, 16, 16> s = tile.store(rp, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(rq, {0, 0}, s);
    return s2;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> p = x, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> q = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> rp, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> rq) {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> p2 = tile.adds(p, 1.0);
      yield(q, p2);
    }
    Tensor<fp32, 16, 16> s = tile.store(rp, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(rq, {0, 0}, s);
    return s2;
  }
}
// -----
// RUN: init-mem-ref
// an if return var shares the then-branch yield's buffer
program {
  InCore k(In Tensor<fp32, 16, 16> a, In bool c, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec> p) {
      Tile<fp32, 16, 16, Vec> e = tile.exp(x);
      yield(e);
    } else {
      yield(x);
    }
    Tensor<fp32, 16, 16> s = tile.store(p, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In bool c, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> p) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> e = tile.exp(x);
      yield(e);
    } else {
      yield(x);
    }
    Tensor<fp32, 16, 16> s = tile.store(p, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: init-mem-ref
// an if return var does not take a buffer whose value is read after the if (the other branch would write it) nor one another return var took
program {
  InCore k(In Tensor<fp32, 16, 16> a, In bool c, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec> p, Tile<fp32, 16, 16, Vec> q) {
      Tile<fp32, 16, 16, Vec> e = tile.exp(x);
      yield(x, e);
    } else {
      yield(x, x);
    }
    Tile<fp32, 16, 16, Vec> d = tile.sub(p, x);
    Tile<fp32, 16, 16, Vec> d2 = tile.add(d, q);
    Tensor<fp32, 16, 16> s = tile.store(d2, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In bool c, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_3 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_4 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> p, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> q) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> e = tile.exp(x);
      yield(x, e);
    } else {
      yield(x, x);
    }
    Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_3, 0, 1024)> d = tile.sub(p, x);
    Tile<fp32, 16, 16, Vec, @vec_4(mem_vec_4, 0, 1024)> d2 = tile.add(d, q);
    Tensor<fp32, 16, 16> s = tile.store(d2, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: init-mem-ref
// a kernel whose tiles already have MemRefs is left as it is (the pass is idempotent)
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: init-mem-ref
// a tile whose shape is not constant cannot be given a buffer
program {
  InCore k(In Tensor<fp32, 64, 16> a, In index n, Out Tensor<fp32, 64, 16> o) -> Tensor<fp32, 64, 16> {
    Tile<fp32, n, 16, Vec> x = tile.load(a, {0, 0}, {n, 16}, {.target_memory = Vec}); // EXPECTED-ERROR: MR001 {{tile 'x' has a non-constant shape}}
    Tensor<fp32, 64, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }
}
