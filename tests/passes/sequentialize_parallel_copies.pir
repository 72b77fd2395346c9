// RUN: sequentialize-parallel-copies
// a scalar swap: slot 1 reads a after slot 0 wrote it, so a is saved first
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1) -> (index ra, index rb) {
      yield(b, a);
    }
    index s = ra * 10 + rb;
    return s;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1) -> (index ra, index rb) {
      index b_saved = a;
      yield(b, b_saved);
    }
    index s = ra * 10 + rb;
    return s;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// a Fibonacci update (b, a + b): the sum reads the old a, so it is computed before the copies
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1) -> (index ra, index rb) {
      yield(b, a + b);
    }
    return rb;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1) -> (index ra, index rb) {
      index b_saved = a + b;
      yield(b, b_saved);
    }
    return rb;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// a rotation of three carries needs one temporary (the last slot reads the first destination)
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1, index c = 2) -> (index ra, index rb, index rc) {
      yield(b, c, a);
    }
    index s = ra * 100 + rb * 10 + rc;
    return s;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1, index c = 2) -> (index ra, index rb, index rc) {
      index c_saved = a;
      yield(b, c, c_saved);
    }
    index s = ra * 100 + rb * 10 + rc;
    return s;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// the other rotation: slots 1 and 2 each read a destination written before them
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1, index c = 2) -> (index ra, index rb, index rc) {
      yield(c, a, b);
    }
    index s = ra * 100 + rb * 10 + rc;
    return s;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1, index c = 2) -> (index ra, index rb, index rc) {
      index b_saved = a;
      index c_saved = b;
      yield(c, b_saved, c_saved);
    }
    index s = ra * 100 + rb * 10 + rc;
    return s;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// a while loop swaps like a for loop; the counter's own slot needs nothing
program p {
  Opaque f(In index n) -> index {
    while (k < n) carry (index k = 0, index a = 0, index b = 1) -> (index rk, index ra, index rb) {
      yield(k + 1, b, a);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    while (k < n) carry (index k = 0, index a = 0, index b = 1) -> (index rk, index ra, index rb) {
      index b_saved = a;
      yield(k + 1, b, b_saved);
    }
    return ra;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// must not change: identity yields, a slot that reads only later destinations, a copy into itself
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1) -> (index ra, index rb) {
      yield(a, b);
    }
    for (index j : range(0, n, 1)) carry (index c = ra, index d = rb) -> (index rc, index rd) {
      yield(c + d, d);
    }
    for (index j2 : range(0, n, 1)) carry (index e = rc, index g = rd) -> (index re, index rg) {
      yield(g, g);
    }
    index s = re + rg;
    return s;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: sequentialize-parallel-copies
// must not change: if branches yield into fresh return vars (no source can read them)
program p {
  Opaque f(In index n, In index x, In index y) -> index {
    if (n > 0) -> (index p0, index p1) {
      yield(x, y);
    } else {
      yield(y, x);
    }
    index s = p0 * 10 + p1;
    return s;
  }
}
// EXPECTED-UNCHANGED
// -----
// RUN: sequentialize-parallel-copies
// tensor handles in orchestration swap like scalars (ping-pong buffers)
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> y = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> cur = x, Tensor<fp32, 16, 16> nxt = y) -> (Tensor<fp32, 16, 16> rc, Tensor<fp32, 16, 16> rn) {
      Tensor<fp32, 16, 16> w = k(cur, nxt);
      yield(w, cur);
    }
    return rc;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In index n) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> y = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> cur = x, Tensor<fp32, 16, 16> nxt = y) -> (Tensor<fp32, 16, 16> rc, Tensor<fp32, 16, 16> rn) {
      Tensor<fp32, 16, 16> w = k(cur, nxt);
      Tensor<fp32, 16, 16> nxt_saved = cur;
      yield(w, nxt_saved);
    }
    return rc;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// a function call's result names its Out argument: yielding it into an earlier slot writes nxt,
// which the last slot reads through the result
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> z, In index n) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> y = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> a = x, Tensor<fp32, 16, 16> b = y, Tensor<fp32, 16, 16> c = z) -> (Tensor<fp32, 16, 16> ra, Tensor<fp32, 16, 16> rb, Tensor<fp32, 16, 16> rc) {
      Tensor<fp32, 16, 16> w = k(c, a);
      yield(b, c, w);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tensor<fp32, 16, 16> s = tile.store(x, {0, 0}, o);
    return s;
  }

  Orchestration main(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> z, In index n) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> y = tensor.create({16, 16}, {.dtype = fp32});
    for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> a = x, Tensor<fp32, 16, 16> b = y, Tensor<fp32, 16, 16> c = z) -> (Tensor<fp32, 16, 16> ra, Tensor<fp32, 16, 16> rb, Tensor<fp32, 16, 16> rc) {
      Tensor<fp32, 16, 16> w = k(c, a);
      Tensor<fp32, 16, 16> c_saved = w;
      yield(b, c, c_saved);
    }
    return ra;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// tiles in planned buffers: the swap saves b's source (a's bytes) into a buffer of its own
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b0 = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = a0, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = b0) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> ra, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> rb) {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> t = a;
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> a2 = b;
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> b2 = t;
      yield(a2, b2);
    }
    Tensor<fp32, 16, 16> s = tile.store(ra, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b0 = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = a0, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = b0) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> ra, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> rb) {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> t = a;
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> a2 = b;
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> b2 = t;
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> b_saved = b2;
      yield(a2, b_saved);
    }
    Tensor<fp32, 16, 16> s = tile.store(ra, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// an if whose return vars share the then-yield's buffers: the swapped else branch saves one source
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In bool c, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> p, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> q) {
      yield(a, b);
    } else {
      yield(b, a);
    }
    Tensor<fp32, 16, 16> s = tile.store(p, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(q, {0, 0}, s);
    return s2;
  }
}
// EXPECTED:
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In bool c, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> p, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> q) {
      yield(a, b);
    } else {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> q_saved = a;
      yield(b, q_saved);
    }
    Tensor<fp32, 16, 16> s = tile.store(p, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(q, {0, 0}, s);
    return s2;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// a tile loop entry whose inits cross the iter_args' buffers is a parallel copy too
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b0 = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = b0, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = a0) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> ra, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> rb) {
      yield(a, b);
    }
    Tensor<fp32, 16, 16> s = tile.store(ra, {0, 0}, o);
    return s;
  }
}
// EXPECTED:
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b0 = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> b_saved = a0;
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = b0, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = b_saved) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> ra, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> rb) {
      yield(a, b);
    }
    Tensor<fp32, 16, 16> s = tile.store(ra, {0, 0}, o);
    return s;
  }
}
// -----
// RUN: sequentialize-parallel-copies
// must not change: a yielded value already in its iter_arg's buffer moves nothing, so a later slot
// may read the bytes it shares; a different buffer read by no later slot needs no temporary
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b0 = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = a0, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = b0) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> ra, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> rb) {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a2 = tile.add(a, b);
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> b2 = tile.mul(a2, b);
      yield(a2, b2);
    }
    Tensor<fp32, 16, 16> s = tile.store(ra, {0, 0}, o);
    return s;
  }
}
// EXPECTED-UNCHANGED
