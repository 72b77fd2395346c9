// RUN: materialize-semantic-aliases
// the accumulator: the yielded value is computed in the iter_arg's buffer (no copy at the yield); its alloc is removed
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
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_0, 0, 1024)> acc2 = tile.adds(acc, 1.0);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}

// -----
// RUN: materialize-semantic-aliases
// the iter_arg is still read after acc2 is computed: acc2 keeps its buffer; d, computed where acc is last read, takes the carry's
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc2 = tile.adds(acc, 1.0);
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> d = tile.sub(acc2, acc);
      yield(d);
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
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_0, 0, 1024)> d = tile.sub(acc2, acc);
      yield(d);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}

// -----
// RUN: materialize-semantic-aliases
// an if inside the loop: the branch that computes writes the carry's buffer, the other yields the iter_arg itself (no copy in either branch nor at the loop's yield)
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      if (i < n) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> p) {
        Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> a1 = tile.muls(acc, 2.0);
        yield(a1);
      } else {
        yield(acc);
      }
      yield(p);
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
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      if (i < n) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_0, 0, 1024)> p) {
        Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_0, 0, 1024)> a1 = tile.muls(acc, 2.0);
        yield(a1);
      } else {
        yield(acc);
      }
      yield(p);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}

// -----
// RUN: materialize-semantic-aliases
// an if result: the else branch's value is computed in the result's buffer (the then branch's)
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
    if (n > 0) -> (Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> u = tile.exp(x);
      yield(u);
    } else {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_1, 0, 1024)> v = tile.adds(x, 1.0);
      yield(v);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(x, {0, 0}, s);
    return s2;
  }
}

// -----
// RUN: materialize-semantic-aliases
// values that trade places: each yielded value is the other slot's iter_arg, so no buffer may take another slot's (the yield copies, sequentialized later)
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> p = x, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> q = y) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> rp, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> rq) {
      yield(q, p);
    }
    Tensor<fp32, 16, 16> s = tile.store(rp, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(rq, {0, 0}, s);
    return s2;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: materialize-semantic-aliases
// one value yielded into two slots: it may take neither slot's buffer (the other slot's copy would read the overwritten bytes)
program {
  InCore k(In Tensor<fp32, 16, 16> a, In index n, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> p = x, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> q = y) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> rp, Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> rq) {
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> v = tile.add(p, q);
      yield(v, v);
    }
    Tensor<fp32, 16, 16> s = tile.store(rp, {0, 0}, o);
    Tensor<fp32, 16, 16> s2 = tile.store(rq, {0, 0}, s);
    return s2;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: materialize-semantic-aliases
// an op that must not write over its operand (recip) keeps its own buffer: the yield copies
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> acc = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> acc2 = tile.recip(acc);
      yield(acc2);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: materialize-semantic-aliases
// a kernel without carries or if results is unchanged (coalescing x and y is MemoryReuse's choice, not a semantic alias)
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> y = tile.exp(x);
    Tensor<fp32, 16, 16> s = tile.store(y, {0, 0}, o);
    return s;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: materialize-semantic-aliases
// a view of the iter_arg (old = d) holds the carry's bytes: the value computed where it is last read takes the carry's buffer; the one computed while it is still to be read does not
program {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Ptr<Vec> mem_vec_0 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_1 = tile.alloc({.target_memory = Vec, .size = 1024});
    Ptr<Vec> mem_vec_2 = tile.alloc({.target_memory = Vec, .size = 1024});
    Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> x = tile.load(a, {0, 0}, {16, 16}, {.target_memory = Vec});
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> d = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> old = d;
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> d2 = tile.adds(d, 1.0);
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_2, 0, 1024)> d3 = tile.add(d2, old);
      yield(d3);
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
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> d = x) -> (Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> r) {
      Tile<fp32, 16, 16, Vec, @vec_0(mem_vec_0, 0, 1024)> old = d;
      Tile<fp32, 16, 16, Vec, @vec_1(mem_vec_1, 0, 1024)> d2 = tile.adds(d, 1.0);
      Tile<fp32, 16, 16, Vec, @vec_2(mem_vec_0, 0, 1024)> d3 = tile.add(d2, old);
      yield(d3);
    }
    Tensor<fp32, 16, 16> s = tile.store(r, {0, 0}, o);
    return s;
  }
}
