// RUN: verify{properties=SSAForm}
// A variable bound twice violates SSA form.
program p {
  Opaque f(In index n) -> index {
    index x = n + 1;
    x = n + 2; // EXPECTED-ERROR: V001 {{bound more than once}}
    return x;
  }
}

// -----
// RUN: verify{properties=SSAForm}
// A loop body yields as many values as the loop carries.
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index acc = 0) -> (index r) {
      index a2 = acc + i;
      // EXPECTED-ERROR: V005
      yield(a2, a2);
    }
    return r;
  }
}

// -----
// RUN: verify{properties=NoNestedCalls}
// A call nested in the arguments of another call is not three-address form.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> t = tile.add(tile.mul(a, a), a); // EXPECTED-ERROR: V201
    return t;
  }
}

// -----
// RUN: verify{properties=NoNestedCalls}
// A call in a return value is not three-address form.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    return tile.add(a, a); // EXPECTED-ERROR: V206
  }
}

// -----
// RUN: verify{properties=TileOps2D}
// Every kernel tile is 2-D (FlattenTileNdTo2D): a rank-3 or rank-1 tile in a kernel parameter, assignment or loop carry is V512; the same tiles outside kernels are not checked.
program p {
  InCore k(In Tile<fp32, 2, 3, 4, Vec> a, In index n) { // EXPECTED-ERROR: V512 {{tile 'a' of type 'Tile<fp32, 2, 3, 4, Vec>' in kernel 'k' is not 2-D (run flatten-tile-nd-to-2d)}}
    Tile<fp32, 16, Vec> f = tile.full({16}, 0.0, {.dtype = fp32}); // EXPECTED-ERROR: V512 {{tile 'f'}}
    Tile<fp32, 4, 8, Vec> z = tile.full({4, 8}, 0.0, {.dtype = fp32});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, Vec> c = f) // EXPECTED-ERROR: V512 {{tile 'c'}}
        -> (Tile<fp32, 16, Vec> r) { // EXPECTED-ERROR: V512 {{tile 'r'}}
      yield(c);
    }
    return;
  }

  Opaque g(In Tile<fp32, 2, 3, 4, Vec> a) {
    return;
  }
}

// -----
// RUN: verify
// Break is only allowed in sequential and while loops.
program p {
  Opaque f(In index n) {
    for (index i : parallel(0, n, 1)) {
      break; // EXPECTED-ERROR: V303
    }
    return;
  }
}

// -----
// RUN: verify
// Break outside any loop.
program p {
  Opaque f(In index n) {
    if (n < 1) {
      break; // EXPECTED-ERROR: V301
    }
    return;
  }
}

// -----
// RUN: verify
// An if condition must be a scalar.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) {
    if (a) { // EXPECTED-ERROR: V106
      return;
    }
    return;
  }
}

// -----
// RUN: verify{properties=SSAForm,NoNestedCalls,TypeChecked,UseAfterDef,BreakContinueValid}
// A well-formed SSA program passes every verifier and is unchanged.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> acc = a) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> next = tile.add(acc, a);
      yield(next);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: verify{properties=CarryCopiesSequential}
// A swap printed slot by slot reads a after the first copy overwrote it.
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1) -> (index ra, index rb) {
      yield(b, a); // EXPECTED-ERROR: V931 {{slot 1 reads 'a'}}
    }
    return ra;
  }
}

// -----
// RUN: verify{properties=CarryCopiesSequential}
// An if whose return vars share one buffer cannot take two different values.
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In bool c, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    if (c) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> p, Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> q) {
      yield(a, a);
    } else {
      yield(a, b); // EXPECTED-ERROR: V932 {{destinations 'p' and 'q' share storage}}
    }
    Tensor<fp32, 16, 16> s = tile.store(p, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(q, {0, 0}, s);
    return s2;
  }
}

// -----
// RUN: verify{properties=CarryCopiesSequential}
// A loop exit copies each iter_arg into its return var; a return var in another carry's buffer
// overwrites it before it is copied out.
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In Tensor<fp32, 16, 16> y, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a0 = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b0 = tile.load(y, {0, 0}, {16, 16}, {.target_memory = Vec});
    // EXPECTED-ERROR: V931 {{loop exit copies in slot order, but slot 1 reads 'b'}}
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = a0, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> b = b0) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> ra, Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> rb) {
      yield(a, b);
    }
    Tensor<fp32, 16, 16> s = tile.store(ra, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(rb, {0, 0}, s);
    return s2;
  }
}

// -----
// RUN: verify{properties=CarryCopiesSequential}
// A saved swap, an identity yield and a fresh if result hold.
program p {
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index a = 0, index b = 1) -> (index ra, index rb) {
      index b_saved = a;
      yield(b, b_saved);
    }
    for (index j : range(0, n, 1)) carry (index c = ra, index d = rb) -> (index rc, index rd) {
      yield(c, d);
    }
    if (n > 0) -> (index p0, index p1) {
      yield(rc, rd);
    } else {
      yield(rd, rc);
    }
    index s = p0 + p1;
    return s;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: verify{properties=TileMovesExplicit}
// A yield, a loop entry and a copy that take a tile from other bytes without a tile.move; a loop
// result in another buffer than its iter_arg.
program p {
  AIV k(In Tensor<fp32, 16, 16> x, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> a = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> c = a; // EXPECTED-ERROR: V961 {{copy: tile 'c' takes 'a' from other bytes}}
    // EXPECTED-ERROR: V961 {{loop entry: tile 's' takes 'c'}}
    // EXPECTED-ERROR: V962 {{loop exit: tile 'r' takes 's'}}
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> s = c) -> (Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> s2 = tile.adds(s, 1.0);
      yield(s2); // EXPECTED-ERROR: V961 {{yield: tile 's' takes 's2'}}
    }
    Tensor<fp32, 16, 16> t = tile.store(r, {0, 0}, o);
    return t;
  }
}
