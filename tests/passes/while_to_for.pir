// RUN: while-to-for
// A counted while loop becomes a for loop; the IV's result is the value that ended the loop.
program p {
  Opaque f(In index x) -> (index, index) {
    while (i < 10) carry (index i = 0, index a = x) -> (index ri, index ra) {
      index a2 = a + i;
      yield(i + 2, a2);
    }
    return ri, ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> (index, index) {
    for (index i : range(0, 10, 2)) carry (index a = x) -> (index ra) {
      index a2 = a + i;
      yield(a2);
    }
    index ri = 10;
    return ri, ra;
  }
}

// -----
// RUN: while-to-for
// A decreasing loop with the bound on the left (`0 < i`) counts down; a non-divisible step
// stops at the first value past the bound.
program p {
  Opaque f(In index x) -> index {
    while (0 < i) carry (index i = 10, index a = x) -> (index ri, index ra) {
      index a2 = a * i;
      index i2 = i - 3;
      yield(i2, a2);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> index {
    for (index i : range(10, -2, -3)) carry (index a = x) -> (index ra) {
      index a2 = a * i;
      index i2 = i - 3;
      yield(a2);
    }
    index ri = -2;
    return ra;
  }
}

// -----
// RUN: while-to-for
// A loop that runs zero times disappears: every result takes its initial value.
program p {
  Opaque f(In index x) -> index {
    while (i <= 5) carry (index i = 6, index a = x) -> (index ri, index ra) {
      yield(i + 1, a + 1);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> index {
    index ri = 6;
    index ra = x;
    return ra;
  }
}

// -----
// RUN: while-to-for
// A condition that is no pattern is counted by evaluating the loop (i*i < 50: 8 trips).
program p {
  Opaque f(In index x) -> index {
    while (i * i < 50) carry (index i = 0, index a = x) -> (index ri, index ra) {
      yield(i + 1, a + i);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> index {
    for (index i : range(0, 8, 1)) carry (index a = x) -> (index ra) {
      yield(a + i);
    }
    index ri = 8;
    return ra;
  }
}

// -----
// RUN: while-to-for{brute_force_limit=4}
// The same loop with a brute-force limit below its trip count stays a while loop.
program p {
  Opaque f(In index x) -> index {
    while (i * i < 50) carry (index i = 0, index a = x) -> (index ri, index ra) {
      yield(i + 1, a + i);
    }
    return ra;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: while-to-for
// A bound held in a scalar assigned once to a constant is known.
program p {
  Opaque f(In index x) -> index {
    index m = 3;
    while (i < m) carry (index i = 0, index a = x) -> (index ri, index ra) {
      yield(i + 1, a * 2);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> index {
    index m = 3;
    for (index i : range(0, 3, 1)) carry (index a = x) -> (index ra) {
      yield(a * 2);
    }
    index ri = 3;
    return ra;
  }
}

// -----
// RUN: while-to-for
// Must not change: run-time bound, non-linear update, impure condition, own break.
program p {
  Opaque g(In index v) -> index {
    return v;
  }

  Opaque f(In index n) -> index {
    while (i < n) carry (index i = 0) -> (index r1) {
      yield(i + 1);
    }
    while (j < 100) carry (index j = 1) -> (index r2) {
      yield(j * 2);
    }
    while (g(k) < 10) carry (index k = 0) -> (index r3) {
      yield(k + 1);
    }
    while (l < 10) carry (index l = 0) -> (index r4) {
      if (l == n) {
        break;
      }
      yield(l + 1);
    }
    return r1 + r2 + r3 + r4;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: while-to-for
// Must not change: a pre-SSA while loop (no carried variables) has no induction variable.
program p {
  Opaque f(In index n) -> index {
    index i = 0;
    while (i < 10) {
      i = i + 1;
    }
    return i;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: while-to-for
// Nested counted loops are both converted (inner first).
program p {
  Opaque f(In index x) -> index {
    while (i < 2) carry (index i = 0, index a = x) -> (index ri, index ra) {
      while (j < 3) carry (index j = 0, index b = a) -> (index rj, index rb) {
        yield(j + 1, b + 1);
      }
      yield(i + 1, rb);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> index {
    for (index i : range(0, 2, 1)) carry (index a = x) -> (index ra) {
      for (index j : range(0, 3, 1)) carry (index b = a) -> (index rb) {
        yield(b + 1);
      }
      index rj = 3;
      yield(rb);
    }
    index ri = 2;
    return ra;
  }
}
