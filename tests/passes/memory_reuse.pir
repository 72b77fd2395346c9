// RUN: memory-reuse
// a tile defined after another's last use takes over its dead buffer; the unused alloc is removed
program {
  InCore k(In Tensor<fp32, 16, 32> a, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> o1 = tile.store(x, {0, 0}, o);
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> o2 = tile.store(y, {0, 16}, o1);
    return o2;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 32> a, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> o1 = tile.store(x, {0, 0}, o);
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_0, 0, 1024)> y = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> o2 = tile.store(y, {0, 16}, o1);
    return o2;
  }
}

// -----
// RUN: memory-reuse
// touching lifetimes share: an in-place-safe op's result reuses the operand that dies there (load -> exp -> adds in one buffer)
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> e = tile.exp(x);
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> f = tile.adds(e, 1.0);
    Tensor<fp32, 16, 16> s = tile.store(f, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_0, 0, 1024)> e = tile.exp(x);
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_0, 0, 1024)> f = tile.adds(e, 1.0);
    Tensor<fp32, 16, 16> s = tile.store(f, {0, 0}, o);
    return s;
  }
}

// -----
// RUN: memory-reuse
// no reuse when lifetimes overlap: x is still live where y is defined
program {
  InCore k(In Tensor<fp32, 16, 32> a, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> o1 = tile.store(x, {0, 0}, o);
    Tensor<fp32, 16, 32> o2 = tile.store(y, {0, 16}, o1);
    return o2;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: memory-reuse
// a not-in-place-safe op (transpose, recip, row_sum) never writes over its own operand, but may reuse another dead buffer
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o, Out Tensor<fp32, 16, 16> p, Out Tensor<fp32, 16, 1> q) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>, Tensor<fp32, 16, 1>) {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_3 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_4 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_5 = tile.alloc({.target_memory = Vec, .size = 64});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> t = tile.transpose(x, 0, 1);
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> y = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_3, 0, 1024)> r = tile.recip(y);
    Tensor<fp32, 16, 16> s2 = tile.store(r, {0, 0}, p);
    Tile<fp32, 16, 16, Vec, @vec_4(mem_vec_4, 0, 1024)> z = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 1, Vec, @vec_5(mem_vec_5, 0, 64)> m = tile.row_sum(z);
    Tensor<fp32, 16, 1> s3 = tile.store(m, {0, 0}, q);
    return s, s2, s3;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o, Out Tensor<fp32, 16, 16> p, Out Tensor<fp32, 16, 1> q) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>, Tensor<fp32, 16, 1>) {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> t = tile.transpose(x, 0, 1);
    Tensor<fp32, 16, 16> s = tile.store(t, {0, 0}, o);
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_0, 0, 1024)> y = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_1, 0, 1024)> r = tile.recip(y);
    Tensor<fp32, 16, 16> s2 = tile.store(r, {0, 0}, p);
    Tile<fp32, 16, 16, Vec, @vec_4(mem_vec_0, 0, 1024)> z = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 1, Vec, @vec_5(mem_vec_1, 0, 64)> m = tile.row_sum(z);
    Tensor<fp32, 16, 1> s3 = tile.store(m, {0, 0}, q);
    return s, s2, s3;
  }
}

// -----
// RUN: memory-reuse
// forbid-output-alias operands (row_expand vector) and any cast's input (TCVT is not in place) are kept apart; the matrix operand is reused
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 1> b, In Tensor<fp16, 16, 16> h, Out Tensor<fp32, 16, 16> o, Out Tensor<fp32, 16, 16> p, Out Tensor<fp16, 16, 16> q) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>, Tensor<fp16, 16, 16>) {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 64});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_3 = tile.alloc({.target_memory = Vec, .size = 512});
    Ptr<Vec> mem_vec_4 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_5 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_6 = tile.alloc({.target_memory = Vec, .size = 512});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 1, Vec, @vec_1(mem_vec_1, 0, 64)> v = tile.load(b, {0, 0}, {16, 1}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> r = tile.row_expand_mul(x, v);
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    Tile<fp16, 16, 16, Vec, @vec_3(mem_vec_3, 0, 512)> hv = tile.load(h, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_4(mem_vec_4, 0, 1024)> w = tile.cast(hv, {.target_type = fp32});
    Tensor<fp32, 16, 16> s2 = tile.store(w, {0, 0}, p);
    Tile<fp32, 16, 16, Vec, @vec_5(mem_vec_5, 0, 1024)> f = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp16, 16, 16, Vec, @vec_6(mem_vec_6, 0, 512)> n = tile.cast(f, {.target_type = fp16});
    Tensor<fp16, 16, 16> s3 = tile.store(n, {0, 0}, q);
    return s, s2, s3;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 1> b, In Tensor<fp16, 16, 16> h, Out Tensor<fp32, 16, 16> o, Out Tensor<fp32, 16, 16> p, Out Tensor<fp16, 16, 16> q) -> (Tensor<fp32, 16, 16>, Tensor<fp32, 16, 16>, Tensor<fp16, 16, 16>) {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_3 = tile.alloc({.target_memory = Vec, .size = 512});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 1, Vec, @vec_1(mem_vec_3, 0, 64)> v = tile.load(b, {0, 0}, {16, 1}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_0, 0, 1024)> r = tile.row_expand_mul(x, v);
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    Tile<fp16, 16, 16, Vec, @vec_3(mem_vec_3, 0, 512)> hv = tile.load(h, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_4(mem_vec_0, 0, 1024)> w = tile.cast(hv, {.target_type = fp32});
    Tensor<fp32, 16, 16> s2 = tile.store(w, {0, 0}, p);
    Tile<fp32, 16, 16, Vec, @vec_5(mem_vec_0, 0, 1024)> f = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp16, 16, 16, Vec, @vec_6(mem_vec_3, 0, 512)> n = tile.cast(f, {.target_type = fp16});
    Tensor<fp16, 16, 16> s3 = tile.store(n, {0, 0}, q);
    return s, s2, s3;
  }
}

// -----
// RUN: memory-reuse
// different memory spaces never share, even with disjoint lifetimes
program {
  InCore k(In Tensor<fp32, 16, 32> a, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Ptr<Mat> mem_mat_0 = tile.alloc({.target_memory = Mat, .size = 1024});
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Mat, @mat_0(mem_mat_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Mat});
    Tensor<fp32, 16, 32> o1 = tile.store(x, {0, 0}, o);
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> y = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> o2 = tile.store(y, {0, 16}, o1);
    return o2;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: memory-reuse
// loop carries hold their buffer for the whole loop: body temporaries stay out of it, while the yielded value may take the iter_arg's buffer (in-place accumulation)
program {
  InCore k(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_3 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> c = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(1, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = c) -> (Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_3, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> u = tile.exp(acc);
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> t = tile.load(a, {0, i * 16}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_3, 0, 1024)> acc2 = tile.add(u, t);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> c = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(1, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = c) -> (Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> u = tile.exp(acc);
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> t = tile.load(a, {0, i * 16}, {16, 16}, {.target_memory = Vec});
      Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_0, 0, 1024)> acc2 = tile.add(u, t);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}

// -----
// RUN: memory-reuse
// a value used after a loop is live across it: the loop's temporary takes the buffer of a value that died before the loop instead
program {
  InCore k(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 64> o1 = tile.store(y, {0, 16}, o);
    for (index i : range(2, 4, 1)) carry (Tensor<fp32, 16, 64> acc = o1) -> (Tensor<fp32, 16, 64> r) {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> t = tile.load(a, {0, i * 16}, {16, 16}, {.target_memory = Vec});
      Tensor<fp32, 16, 64> acc2 = tile.store(t, {0, i * 16}, acc);
      yield(acc2);
    }
    Tensor<fp32, 16, 64> o3 = tile.store(x, {0, 0}, r);
    return o3;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 64> a, Out Tensor<fp32, 16, 64> o) -> Tensor<fp32, 16, 64> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 64> o1 = tile.store(y, {0, 16}, o);
    for (index i : range(2, 4, 1)) carry (Tensor<fp32, 16, 64> acc = o1) -> (Tensor<fp32, 16, 64> r) {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_1, 0, 1024)> t = tile.load(a, {0, i * 16}, {16, 16}, {.target_memory = Vec});
      Tensor<fp32, 16, 64> acc2 = tile.store(t, {0, i * 16}, acc);
      yield(acc2);
    }
    Tensor<fp32, 16, 64> o3 = tile.store(x, {0, 0}, r);
    return o3;
  }
}

// -----
// RUN: memory-reuse
// if-phi: the branch results, their operand and the return var share one buffer
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (n > 0) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> u = tile.exp(x);
      yield(u);
    } else {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> v = tile.adds(x, 1.0);
      yield(v);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (n > 0) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_0, 0, 1024)> u = tile.exp(x);
      yield(u);
    } else {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_0, 0, 1024)> v = tile.adds(x, 1.0);
      yield(v);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}

// -----
// RUN: memory-reuse
// two carry slots stay in two buffers (the yield copies happen together); each yielded value shares its own slot's buffer
program {
  InCore k(In Tensor<fp32, 16, 32> a, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_3 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> c1 = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> c2 = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a1 = c1, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> a2 = c2) -> (Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> r1, Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_3, 0, 1024)> r2) {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> n1 = tile.exp(a1);
      Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_3, 0, 1024)> n2 = tile.exp(a2);
      yield(n1, n2);
    }
    Tensor<fp32, 16, 32> o1 = tile.store(r1, {0, 0}, o);
    Tensor<fp32, 16, 32> o2 = tile.store(r2, {0, 16}, o1);
    return o2;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 32> a, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> c1 = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> c2 = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a1 = c1, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> a2 = c2) -> (Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_0, 0, 1024)> r1, Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_1, 0, 1024)> r2) {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_0, 0, 1024)> n1 = tile.exp(a1);
      Tile<fp32, 16, 16, Vec, @vec_3(mem_vec_1, 0, 1024)> n2 = tile.exp(a2);
      yield(n1, n2);
    }
    Tensor<fp32, 16, 32> o1 = tile.store(r1, {0, 0}, o);
    Tensor<fp32, 16, 32> o2 = tile.store(r2, {0, 16}, o1);
    return o2;
  }
}

// -----
// RUN: memory-reuse
// three 128x128 fp32 Vec tiles (192 KiB, over a2a3's 184 KiB safe Vec) need two 64 KiB buffers after reuse; orchestration untouched
program {
  InCore k(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 65536});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 65536});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 65536});
    Tile<fp32, 128, 128, Vec, @vec_0(mem_vec_0, 0, 65536)> x = tile.load(a, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec, @vec_1(mem_vec_1, 0, 65536)> y = tile.load(b, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec, @vec_2(mem_vec_2, 0, 65536)> z = tile.add(x, y);
    Tensor<fp32, 128, 128> s = tile.store(z, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b) -> Tensor<fp32, 128, 128> {
    Tensor<fp32, 128, 128> o = tensor.create({128, 128}, {.dtype = fp32});
    Tensor<fp32, 128, 128> r = k(a, b, o);
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 65536});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 65536});
    Tile<fp32, 128, 128, Vec, @vec_0(mem_vec_0, 0, 65536)> x = tile.load(a, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec, @vec_1(mem_vec_1, 0, 65536)> y = tile.load(b, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec, @vec_2(mem_vec_0, 0, 65536)> z = tile.add(x, y);
    Tensor<fp32, 128, 128> s = tile.store(z, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b) -> Tensor<fp32, 128, 128> {
    Tensor<fp32, 128, 128> o = tensor.create({128, 128}, {.dtype = fp32});
    Tensor<fp32, 128, 128> r = k(a, b, o);
    return r;
  }
}

// -----
// RUN: memory-reuse
// a pinned (author-declared) buffer is never shared, however disjoint the lifetimes
program {
  InCore k(In Tensor<fp32, 16, 32> a, Out Tensor<fp32, 16, 32> o) -> Tensor<fp32, 16, 32> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024, pinned)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> o1 = tile.store(x, {0, 0}, o);
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.load(a, {0, 16}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 32> o2 = tile.store(y, {0, 16}, o1);
    return o2;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: memory-reuse
// already optimal: a second run changes nothing (kernel and orchestration)
program {
  InCore k(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b, Out Tensor<fp32, 128, 128> o) -> Tensor<fp32, 128, 128> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 65536});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 65536});
    Tile<fp32, 128, 128, Vec, @vec_0(mem_vec_0, 0, 65536)> x = tile.load(a, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec, @vec_1(mem_vec_1, 0, 65536)> y = tile.load(b, {0, 0}, {128, 128}, {.target_memory = Vec});
    Tile<fp32, 128, 128, Vec, @vec_2(mem_vec_0, 0, 65536)> z = tile.add(x, y);
    Tensor<fp32, 128, 128> s = tile.store(z, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b) -> Tensor<fp32, 128, 128> {
    Tensor<fp32, 128, 128> o = tensor.create({128, 128}, {.dtype = fp32});
    Tensor<fp32, 128, 128> r = k(a, b, o);
    return r;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: memory-reuse
// an init read inside its loop keeps its bytes: the iter_arg's buffer never merges with it (the yield writes the iter_arg's buffer every iteration); the yielded value may share the iter_arg's
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
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_1, 0, 1024)> acc2 = tile.add(acc, x);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}

// -----
// RUN: memory-reuse
// a packed compare mask never shares its operand's buffer (PTO-ISA's CPU TCMP zeroes the destination before it reads the sources): must not change
program {
  InCore k(In Tensor<fp32, 16, 64> a, Out Tensor<uint8, 16, 32> o) -> Tensor<uint8, 16, 32> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 4096});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 512});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> x = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}, @vec_1(mem_vec_1, 0, 512)> m = tile.cmps(x, 0.0, {.mode = "gt", .packed = true});
    Tensor<uint8, 16, 32> s = tile.store(m, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 64> a, Out Tensor<uint8, 16, 32> o) -> Tensor<uint8, 16, 32> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 4096});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 512});
    Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> x = tile.load(a, {0, 0}, {16, 64}, {.target_memory = Vec});
    Tile<uint8, 16, 32, Vec, view{valid_shape = {16, 8}}, @vec_1(mem_vec_1, 0, 512)> m = tile.cmps(x, 0.0, {.mode = "gt", .packed = true});
    Tensor<uint8, 16, 32> s = tile.store(m, {0, 0}, o);
    return s;
  }
}
