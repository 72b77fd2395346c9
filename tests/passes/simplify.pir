// Simplify: arith folding, literal propagation, Fold A / Fold B, scalar DCE (passes/simplify.h).

// RUN: simplify
// a literal scalar is substituted into shapes; its assignment dies (reference: K=512; Tile[[K,64]])
program {
  Opaque f(In Tensor<fp32, 512, 64> a) -> Tensor<fp32, 512, 64> {
    index K = 512;
    Tensor<fp32, K, 64> b = tensor.add(a, a);
    return b;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 512, 64> a) -> Tensor<fp32, 512, 64> {
    Tensor<fp32, 512, 64> b = tensor.add(a, a);
    return b;
  }
}

// -----
// RUN: simplify
// scalar arithmetic folds: identities, constant chains, literals through expressions (c = 4 is substituted too)
program {
  Opaque f(In index n) -> (index, index, index) {
    index k = 4;
    index a = n * 1 + 0;
    index b = (n + 3) + k * 2;
    index c = n - n + k;
    return a, b, c;
  }
}
// EXPECTED:
program {
  Opaque f(In index n) -> (index, index, index) {
    index a = n;
    index b = n + 11;
    return a, b, 4;
  }
}

// -----
// RUN: simplify
// an overflowing constant expression is not folded
program {
  Opaque f(In index n) -> index {
    index a = 9223372036854775807 + 1;
    return a;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: simplify
// Fold A: a provably true if becomes its then branch; the yield becomes the return var
program {
  Opaque f(In index n) -> index {
    index k = 8;
    if (k > 4) -> (index y) {
      index t = n + 1;
      yield(t);
    } else {
      yield(n);
    }
    return y;
  }
}
// EXPECTED:
program {
  Opaque f(In index n) -> index {
    index t = n + 1;
    return t;
  }
}

// -----
// RUN: simplify
// Fold A: a provably false if without else disappears; with else, the else is kept
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    if (1 > 2) {
      g(n);
    }
    if (n < n) -> (index y) {
      yield(n);
    } else {
      index z = g(n);
      yield(z);
    }
    return y;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    index z = g(n);
    return z;
  }
}

// -----
// RUN: simplify
// a yielded value that is not a variable or literal is assigned to the return var
program {
  Opaque f(In index n) -> index {
    if (true) -> (index y) {
      yield(n + 1);
    } else {
      yield(n);
    }
    return y;
  }
}
// EXPECTED:
program {
  Opaque f(In index n) -> index {
    index y = n + 1;
    return y;
  }
}

// -----
// RUN: simplify
// loop ranges decide comparisons, divisions and min/max inside the body (a copy is only a bound)
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, 128, 1)) {
      index q = floordiv(i, 128);
      index m = min(i, 200);
      g(q + m);
      if (i < 128) {
        g(i);
      }
    }
    return n;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, 128, 1)) {
      index m = i;
      g(m);
      g(i);
    }
    return n;
  }
}

// -----
// RUN: simplify
// branch facts: the condition holds in the then branch, its negation in the else branch
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, 64, 1)) {
      if (i < 16) {
        g(floordiv(i, 16));
        if (i >= 16) {
          g(1);
        }
      } else {
        g(max(i, 10));
        if (i < 8) {
          g(1);
        }
      }
    }
    return n;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, 64, 1)) {
      if (i < 16) {
        g(0);
      } else {
        g(i);
      }
    }
    return n;
  }
}

// -----
// RUN: simplify
// Fold B: a loop with 0 trips becomes return var = init
program {
  Opaque f(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    for (index i : range(8, 8, 1)) carry (Tensor<fp32, 16, 16> acc = a) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> c = tensor.add(acc, a);
      yield(c);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    return a;
  }
}

// -----
// RUN: simplify
// Fold B: a loop with 1 trip becomes its body with loop var = start and iter_args = inits
program {
  Opaque f(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    for (index i : range(3, 4, 1)) carry (Tensor<fp32, 16, 16> acc = a) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> c = tensor.adds(acc, i * 2);
      yield(c);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> c = tensor.adds(a, 6);
    return c;
  }
}

// -----
// RUN: simplify
// the folds compose: for ko in range(0, 128, 128): if ko == 0: A else B → A[ko := 0]
program {
  Opaque f(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    for (index ko : range(0, 128, 128)) carry (Tensor<fp32, 16, 16> acc = a) -> (Tensor<fp32, 16, 16> r) {
      if (ko == 0) -> (Tensor<fp32, 16, 16> v) {
        Tensor<fp32, 16, 16> x = tensor.adds(acc, ko + 1);
        yield(x);
      } else {
        Tensor<fp32, 16, 16> z = tensor.add(acc, a);
        yield(z);
      }
      yield(v);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> x = tensor.adds(a, 1);
    return x;
  }
}

// -----
// RUN: simplify
// a non-literal init of a 1-trip loop is assigned to the iter_arg once
program {
  Opaque f(In index n) -> index {
    for (index i : range(0, 1, 1)) carry (index acc = n * 3) -> (index r) {
      index s = acc + i;
      yield(s);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque f(In index n) -> index {
    index acc = n * 3;
    index s = acc;
    return s;
  }
}

// -----
// RUN: simplify
// must not change: single-trip Parallel loops, loops with attrs, loops with break
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : parallel(0, 1, 1)) {
      g(i);
    }
    for (index j : range(0, 1, 1)) [[note = 1]] {
      g(j);
    }
    for (index k : range(0, 1, 1)) {
      g(k);
      break;
    }
    return n;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: simplify
// must not change: reassigned scalars and values assigned in a branch are not propagated
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    index k = 4;
    k = k + n;
    g(k);
    if (n > 2) {
      index m = 7;
      g(m);
    }
    return k;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: simplify
// must not change: an unused assignment whose value calls is kept; task ids are not touched
program {
  InCore k(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> { return a; }
  Opaque g(In index x) -> index { return x; }
  Orchestration f(In Tensor<fp32, 16, 16> a, In index n) -> Tensor<fp32, 16, 16> {
    index unused = g(n) + 0 * 1;
    Tuple<Tensor<fp32, 16, 16>, task_id> s = submit k(a);
    task_id t = s[1];
    Tuple<Tensor<fp32, 16, 16>, task_id> s2 = submit k(a) {.deps = {t}};
    Tensor<fp32, 16, 16> r = s2[0];
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> { return a; }
  Opaque g(In index x) -> index { return x; }
  Orchestration f(In Tensor<fp32, 16, 16> a, In index n) -> Tensor<fp32, 16, 16> {
    index unused = g(n);
    Tuple<Tensor<fp32, 16, 16>, task_id> s = submit k(a);
    task_id t = s[1];
    Tuple<Tensor<fp32, 16, 16>, task_id> s2 = submit k(a) {.deps = {t}};
    Tensor<fp32, 16, 16> r = s2[0];
    return r;
  }
}

// -----
// RUN: simplify
// dead scalar assignments are removed (chains die together); already-simple IR is unchanged otherwise
program {
  Opaque f(In index n) -> index {
    index a = n + 1;
    index b = a * 2;
    return n;
  }
}
// EXPECTED:
program {
  Opaque f(In index n) -> index {
    return n;
  }
}

// -----
// RUN: simplify
// must not change: nothing to fold
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index acc = 0) -> (index r) {
      index s = acc + i;
      yield(s);
    }
    if (r > n) {
      g(r);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: simplify
// a while loop whose condition is provably false is never entered: return vars = inits
program {
  Opaque f(In index n) -> index {
    while (i < 0 && false) carry (index i = n) -> (index r) {
      index j = i + 1;
      yield(j);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque f(In index n) -> index {
    return n;
  }
}

// -----
// RUN: simplify
// must not change: a condition on a reassigned variable is no fact inside the branch
program {
  Opaque g(In bool x) -> bool { return x; }
  Opaque f(In index n) -> index {
    index k = n;
    if (k < 4) {
      k = k + 10;
      g(k < 4);
    }
    return k;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: simplify
// C++ division and remainder fold rounding toward zero (floor division and modulo round down)
program {
  Opaque f() -> (index, index, index, index, index, index) {
    index a = truncdiv(-7, 2);
    index b = truncmod(-7, 2);
    index c = truncdiv(7, -2);
    index d = truncmod(7, -2);
    index e = floordiv(-7, 2);
    index g = -7 % 2;
    return a, b, c, d, e, g;
  }
}
// EXPECTED:
program {
  Opaque f() -> (index, index, index, index, index, index) {
    return -3, -1, -3, 1, -4, 1;
  }
}

// -----
// RUN: simplify
// must not change: a zero divisor and INT64_MIN / -1 are undefined, never folded
program {
  Opaque f(In index n) -> (index, index, index) {
    index a = truncdiv(n, 0);
    index b = truncmod(5, 0);
    index c = truncdiv(-9223372036854775807 - 1, -1);
    return a, b, c;
  }
}
// EXPECTED:
program {
  Opaque f(In index n) -> (index, index, index) {
    index a = truncdiv(n, 0);
    index b = truncmod(5, 0);
    index c = truncdiv(-9223372036854775808, -1);
    return a, b, c;
  }
}

// -----
// RUN: simplify
// a non-negative dividend and a positive divisor make truncdiv / truncmod floor ops; a dividend
// that may be negative keeps them
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, 128, 1)) {
      g(truncdiv(i, 16) + truncmod(i, 128));
    }
    for (index j : range(-8, 8, 1)) {
      g(truncdiv(j - 3, 2) + truncmod(j, 2));
    }
    return n;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, 128, 1)) {
      g(floordiv(i, 16) + i);
    }
    for (index j : range(-8, 8, 1)) {
      g(truncdiv(j - 3, 2) + truncmod(j, 2));
    }
    return n;
  }
}

// -----
// RUN: simplify
// must not change: unsigned arithmetic wraps, so u >= v is not always true, u - 1 < 5 is not
// u < 6, and (u * 8) // 8 is not u
program {
  Opaque f(In uint32 u, In uint32 v) -> (bool, bool, uint32) {
    bool a = u >= v;
    bool b = u - uint32(1) < uint32(5);
    uint32 c = floordiv(u * uint32(8), uint32(8));
    return a, b, c;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: simplify
// an int conversion that cannot wrap drops out (cast<index>(cast<int32>(x)) with x in int32's range)
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, 128, 1)) {
      g(cast<index>(cast<int32>(i * 16)));
      g(cast<index>(cast<int32>(n)));
    }
    return n;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, 128, 1)) {
      g(i * 16);
      g(cast<index>(cast<int32>(n)));
    }
    return n;
  }
}
