// RUN: convert-to-ssa
// Straight-line re-assignments get one version each; later uses read the latest.
program p {
  InCore k(In index n) -> index {
    index x = n + 1;
    index y = x * 2;
    x = y + x;
    x = x * x;
    return x + y;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = n + 1;
    index y = x * 2;
    index x1 = y + x;
    index x2 = x1 * x1;
    return x2 + y;
  }
}

// -----
// RUN: convert-to-ssa
// A re-assigned parameter is versioned like any variable (the parameter is version 0).
program p {
  InCore k(In index n) -> index {
    n = n + 1;
    n = n * 2;
    return n;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index n1 = n + 1;
    index n2 = n1 * 2;
    return n2;
  }
}

// -----
// RUN: convert-to-ssa
// An if without else that assigns an outer variable gets a phi; the new else yields the old value.
program p {
  InCore k(In index n) -> index {
    index x = 1;
    if (n > 4) {
      x = n * 2;
    }
    return x + 3;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 1;
    if (n > 4) -> (index x_phi) {
      index x1 = n * 2;
      yield(x1);
    } else {
      yield(x);
    }
    return x_phi + 3;
  }
}

// -----
// RUN: convert-to-ssa
// Both branches assign: each yields its own version; variables get one phi each, in definition order.
program p {
  InCore k(In index n) -> index {
    index x = 1;
    index y = 2;
    if (n > 4) {
      y = n + 1;
      x = n * 2;
    } else {
      x = n * 3;
    }
    return x + y;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 1;
    index y = 2;
    if (n > 4) -> (index xp, index yp) {
      index y1 = n + 1;
      index x1 = n * 2;
      yield(x1, y1);
    } else {
      index x2 = n * 3;
      yield(x2, y);
    }
    return xp + yp;
  }
}

// -----
// RUN: convert-to-ssa
// A variable declared before the if and assigned in both branches (no value before) gets a phi.
program p {
  InCore k(In index n) -> index {
    index x;
    if (n > 4) {
      x = n * 2;
    } else {
      x = n * 3;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    if (n > 4) -> (index xp) {
      index x = n * 2;
      yield(x);
    } else {
      index x1 = n * 3;
      yield(x1);
    }
    return xp;
  }
}

// -----
// RUN: convert-to-ssa
// A branch assignment that nobody reads after the if needs no phi.
program p {
  InCore k(In index n) -> index {
    index x = 1;
    index y = x + n;
    if (n > 4) {
      x = n * 2;
      y = x + 1;
    }
    return y;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 1;
    index y = x + n;
    if (n > 4) -> (index yp) {
      index x1 = n * 2;
      index y1 = x1 + 1;
      yield(y1);
    } else {
      yield(y);
    }
    return yp;
  }
}

// -----
// RUN: convert-to-ssa
// The accumulate loop: the carried value becomes an iter_arg with a trailing yield and a return var.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> acc = tile.add(a, a);
    for (index i : range(0, 4, 1)) {
      Tile<fp32, 16, 16, Vec> t = tile.mul(acc, a);
      acc = tile.add(acc, t);
    }
    return acc;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> acc = tile.add(a, a);
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc1 = acc) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> t = tile.mul(acc1, a);
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc1, t);
      yield(acc2);
    }
    return r;
  }
}

// -----
// RUN: convert-to-ssa
// A value carried only to the next iteration (read before written, not after the loop) is still carried.
program p {
  InCore k(In index n) -> index {
    index prev = 0;
    index sum = 0;
    for (index i : range(0, n, 1)) {
      sum = sum + prev;
      prev = i;
    }
    return sum;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index prev = 0;
    index sum = 0;
    for (index i : range(0, n, 1)) carry (index prev1 = prev, index sum1 = sum) -> (index prev_r, index sum_r) {
      index sum2 = sum1 + prev1;
      index prev2 = i;
      yield(prev2, sum2);
    }
    return sum_r;
  }
}

// -----
// RUN: convert-to-ssa
// Loop-local temporaries are not carried (PyPTO #592): t is written before it is read in every
// iteration and is not read after the loop, even though it was declared (and set) before it.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In Tensor<fp32, 64, 16> src) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> t = tile.add(a, a);
    Tile<fp32, 16, 16, Vec> acc = tile.mul(t, a);
    for (index i : range(0, 4, 1)) {
      t = tile.load(src, {i * 16, 0}, {16, 16});
      t = tile.mul(t, t);
      acc = tile.add(acc, t);
    }
    return acc;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In Tensor<fp32, 64, 16> src) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> t = tile.add(a, a);
    Tile<fp32, 16, 16, Vec> acc = tile.mul(t, a);
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc1 = acc) -> (Tile<fp32, 16, 16, Vec> r) {
      Tile<fp32, 16, 16, Vec> t1 = tile.load(src, {i * 16, 0}, {16, 16});
      Tile<fp32, 16, 16, Vec> t2 = tile.mul(t1, t1);
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc1, t2);
      yield(acc2);
    }
    return r;
  }
}

// -----
// RUN: convert-to-ssa
// Nested loops that reuse a temporary: the temporary stays local to each loop, the accumulator is
// carried through both levels.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> acc = tile.add(a, a);
    for (index i : range(0, 4, 1)) {
      Tile<fp32, 16, 16, Vec> t = tile.mul(a, a);
      for (index j : range(0, 2, 1)) {
        t = tile.add(t, a);
        t = tile.mul(t, acc);
        acc = tile.add(acc, t);
      }
    }
    return acc;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> acc = tile.add(a, a);
    for (index i : range(0, 4, 1)) carry (Tile<fp32, 16, 16, Vec> acc1 = acc) -> (Tile<fp32, 16, 16, Vec> r1) {
      Tile<fp32, 16, 16, Vec> t = tile.mul(a, a);
      for (index j : range(0, 2, 1)) carry (Tile<fp32, 16, 16, Vec> acc2 = acc1, Tile<fp32, 16, 16, Vec> t1 = t) -> (Tile<fp32, 16, 16, Vec> r2, Tile<fp32, 16, 16, Vec> r3) {
        Tile<fp32, 16, 16, Vec> t2 = tile.add(t1, a);
        Tile<fp32, 16, 16, Vec> t3 = tile.mul(t2, acc2);
        Tile<fp32, 16, 16, Vec> acc3 = tile.add(acc2, t3);
        yield(acc3, t3);
      }
      yield(r2);
    }
    return r1;
  }
}

// -----
// RUN: convert-to-ssa
// A while loop: the condition reads the carried value; an if inside the body merges into it.
program p {
  InCore k(In index n) -> index {
    index i = 0;
    index s = 0;
    while (i < n) {
      if (i > 2) {
        s = s + i;
      }
      i = i + 1;
    }
    return s;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index i = 0;
    index s = 0;
    while (i1 < n) carry (index i1 = i, index s1 = s) -> (index ir, index sr) {
      if (i1 > 2) -> (index sp) {
        index s2 = s1 + i1;
        yield(s2);
      } else {
        yield(s1);
      }
      index i2 = i1 + 1;
      yield(i2, sp);
    }
    return sr;
  }
}
