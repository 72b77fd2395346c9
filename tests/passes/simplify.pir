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

// -----
// RUN: simplify
// identities on either side (0 + i, i - 0), i % 8 with i in [0, 8) is i, i // 4 there is 0 or 1 and stays,
// an inner loop's variable has its own range (j // 4 is 0), symbolic bounds still fold identities (PyPTO
// zero_add, sub_zero, floormod_by_range_bound, floordiv_not_simplifiable, nested_loops, symbolic_loop_bounds)
program {
  Opaque f(In Tensor<index, 8> out, In Tensor<index, 8, 4> out2, In index n) {
    for (index i : range(0, 8, 1)) {
      index a = 0 + i;
      index b = i - 0;
      index c = i % 8;
      index d = floordiv(i, 4);
      tensor.write(out, {i}, a + b * 16 + c * 256 + d * 4096);
      for (index j : range(0, 4, 1)) {
        index e = floordiv(j, 4);
        tensor.write(out2, {i, j}, e);
      }
    }
    for (index k : range(0, n, 1)) {
      index y = k + 0;
      tensor.write(out, {k}, y);
    }
    return;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<index, 8> out, In Tensor<index, 8, 4> out2, In index n) {
    for (index i : range(0, 8, 1)) {
      index a = i;
      index b = i;
      index c = i;
      index d = floordiv(i, 4);
      tensor.write(out, {i}, a + b * 16 + c * 256 + d * 4096);
      for (index j : range(0, 4, 1)) {
        tensor.write(out2, {i, j}, 0);
      }
    }
    for (index k : range(0, n, 1)) {
      index y = k;
      tensor.write(out, {k}, y);
    }
    return;
  }
}

// -----
// RUN: simplify
// break and continue are leaves: the statements around them still fold, also in branches that
// end in them; a while condition folds (PyPTO break/continue passthrough, if_with_break_and_continue,
// while_condition_simplified)
program {
  Opaque f(In Tensor<index, 8> out, In index n) {
    for (index i : range(0, 8, 1)) {
      index y = i + 0;
      tensor.write(out, {i}, y);
      break;
    }
    for (index i2 : range(0, 4, 1)) {
      index y2 = i2 * 1;
      tensor.write(out, {i2}, y2);
      continue;
    }
    for (index i3 : range(0, 8, 1)) {
      if (i3 < 4) {
        index y3 = floordiv(i3, 4);
        tensor.write(out, {i3}, y3);
        break;
      } else {
        index y4 = i3 + 0;
        tensor.write(out, {i3}, y4);
        continue;
      }
    }
    index w = 0;
    while (w < n + 0) {
      w = w + 1;
    }
    return;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<index, 8> out, In index n) {
    for (index i : range(0, 8, 1)) {
      index y = i;
      tensor.write(out, {i}, y);
      break;
    }
    for (index i2 : range(0, 4, 1)) {
      index y2 = i2;
      tensor.write(out, {i2}, y2);
      continue;
    }
    for (index i3 : range(0, 8, 1)) {
      if (i3 < 4) {
        index y3 = 0;
        tensor.write(out, {i3}, y3);
        break;
      } else {
        index y4 = i3;
        tensor.write(out, {i3}, y4);
        continue;
      }
    }
    index w = 0;
    while (w < n) {
      w = w + 1;
    }
    return;
  }
}

// -----
// RUN: simplify
// scope bodies are simplified: a range fact reaches an if inside a scope inside the loop, and a
// dead scalar inside a scope is removed (PyPTO scope_traversal, for_loop_with_scope_and_if, DCE
// inside_scope)
program {
  Opaque f(In Tensor<index, 8> out) {
    for (index i : range(0, 8, 1)) {
      scope hierarchy [[level = "CORE_GROUP"]] {
        index y = i + 0;
        tensor.write(out, {i}, y);
        if (i < 4) {
          index z = floordiv(i, 4);
          tensor.write(out, {i}, z);
        }
      }
    }
    scope hierarchy [[level = "CORE_GROUP"]] {
      index dead = 7;
      Tensor<fp32, 4> t = tensor.create({4}, {.dtype = fp32});
    }
    return;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<index, 8> out) {
    for (index i : range(0, 8, 1)) {
      scope hierarchy [[level = "CORE_GROUP"]] {
        index y = i;
        tensor.write(out, {i}, y);
        if (i < 4) {
          index z = 0;
          tensor.write(out, {i}, z);
        }
      }
    }
    scope hierarchy [[level = "CORE_GROUP"]] {
      Tensor<fp32, 4> t = tensor.create({4}, {.dtype = fp32});
    }
    return;
  }
}

// -----
// RUN: simplify
// a function without expressions is unchanged; a literal folds into a loop step and a carried
// tensor's type; a zero-trip loop without results disappears, body and all (PyPTO empty_function,
// ConstProp for_bounds / iter_arg_type, SingleTrip zero_trip_no_return_vars)
program {
  Opaque f() {
    return;
  }
  Opaque g() {
    index chunk = 512;
    for (index i : range(0, 1024, chunk)) {
      Tensor<fp32, 4> t = tensor.create({4}, {.dtype = fp32});
    }
    index N = 4;
    Tensor<fp32, N, 8> acc = tensor.create({N, 8}, {.dtype = fp32});
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, N, 8> a = acc) -> (Tensor<fp32, N, 8> r) {
      Tensor<fp32, N, 8> s = tensor.add(a, a);
      yield(s);
    }
    for (index k : range(0, 0, 1)) {
      Tensor<fp32, 16> t0 = tensor.create({16}, {.dtype = fp32});
    }
    return;
  }
}
// EXPECTED:
program {
  Opaque f() {
    return;
  }

  Opaque g() {
    for (index i : range(0, 1024, 512)) {
      Tensor<fp32, 4> t = tensor.create({4}, {.dtype = fp32});
    }
    Tensor<fp32, 4, 8> acc = tensor.create({4, 8}, {.dtype = fp32});
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, 4, 8> a = acc) -> (Tensor<fp32, 4, 8> r) {
      Tensor<fp32, 4, 8> s = tensor.add(a, a);
      yield(s);
    }
    return;
  }
}

// -----
// RUN: simplify
// an if on a loop-affine scalar folds (off = i * 256 + 256 is never 0); guards on an index
// parameter, a difference of parameters and a nested range check stay (an index may be negative;
// PyPTO via_loop_affine_scalar, leaf / derived index guards, #2500)
program {
  Opaque f(In Tensor<index, 8> out, In index a, In index b, In index base) {
    for (index i : range(0, 8, 2)) {
      index off = i * 256 + 256;
      if (off == 0) {
        index y = 99;
        tensor.write(out, {i}, y);
      } else {
        index y2 = i + 1;
        tensor.write(out, {i}, y2);
      }
    }
    if (a < 0) {
      tensor.write(out, {0}, b);
    } else {
      tensor.write(out, {0}, a);
    }
    index idx = a - b;
    if (idx < 0) {
      tensor.write(out, {0}, a);
    } else {
      tensor.write(out, {0}, idx);
    }
    index pos = base - 1;
    if (pos >= 0) {
      if (pos < 8) {
        tensor.write(out, {0}, pos);
      }
    }
    return;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<index, 8> out, In index a, In index b, In index base) {
    for (index i : range(0, 8, 2)) {
      index y2 = i + 1;
      tensor.write(out, {i}, y2);
    }
    if (a < 0) {
      tensor.write(out, {0}, b);
    } else {
      tensor.write(out, {0}, a);
    }
    index idx = a - b;
    if (idx < 0) {
      tensor.write(out, {0}, a);
    } else {
      tensor.write(out, {0}, idx);
    }
    index pos = base - 1;
    if (pos >= 0) {
      if (pos < 8) {
        tensor.write(out, {0}, pos);
      }
    }
    return;
  }
}

// -----
// RUN: simplify
// two sibling single-trip loops each collapse with their ifs, without mixing up their
// variables (PyPTO two_sibling_loops_no_alias)
program {
  Opaque f() {
    for (index ko : range(0, 128, 128)) {
      if (ko == 0) {
        Tensor<fp32, 16> t1 = tensor.create({16}, {.dtype = fp32});
      } else {
        Tensor<fp32, 16> t2 = tensor.create({16}, {.dtype = fp32});
      }
      if (ko + 64 == 0) {
        Tensor<fp32, 16> t3 = tensor.create({16}, {.dtype = fp32});
      } else {
        Tensor<fp32, 16> t4 = tensor.create({16}, {.dtype = fp32});
      }
    }
    for (index ko2 : range(0, 128, 128)) {
      if (ko2 == 0) {
        Tensor<fp32, 32> t5 = tensor.create({32}, {.dtype = fp32});
      } else {
        Tensor<fp32, 32> t6 = tensor.create({32}, {.dtype = fp32});
      }
      if (ko2 + 64 == 0) {
        Tensor<fp32, 32> t7 = tensor.create({32}, {.dtype = fp32});
      } else {
        Tensor<fp32, 32> t8 = tensor.create({32}, {.dtype = fp32});
      }
    }
    return;
  }
}
// EXPECTED:
program {
  Opaque f() {
    Tensor<fp32, 16> t1 = tensor.create({16}, {.dtype = fp32});
    Tensor<fp32, 16> t4 = tensor.create({16}, {.dtype = fp32});
    Tensor<fp32, 32> t5 = tensor.create({32}, {.dtype = fp32});
    Tensor<fp32, 32> t8 = tensor.create({32}, {.dtype = fp32});
    return;
  }
}

// -----
// RUN: simplify
// a spmd scope's core_num folds (8 // 2 is 4), and a literal folds into the shape of a tensor
// that a submit passes (PyPTO spmd_core_num_floordiv, folds_shape_into_submit_arg)
program {
  InCore kernel(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> xt = tile.load(x, {0}, {64});
    Tensor<fp32, 64> o = tile.store(xt, {0}, out);
    return o;
  }
  InCore k2(In Tensor<fp32, 4, 8> t) -> Tensor<fp32, 4, 8> {
    return t;
  }
  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    scope spmd [[core_num = (floordiv(8, 2))]] {
      Tensor<fp32, 64> o = kernel(x, out);
    }
    index N = 4;
    Tensor<fp32, N, 8> t = tensor.create({N, 8}, {.dtype = fp32});
    Tuple<Tensor<fp32, N, 8>, task_id> res = submit k2(t);
    return o;
  }
}
// EXPECTED:
program {
  InCore kernel(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    Tile<fp32, 1, 64, Vec> xt = tile.load(x, {0}, {64});
    Tensor<fp32, 64> o = tile.store(xt, {0}, out);
    return o;
  }

  InCore k2(In Tensor<fp32, 4, 8> t) -> Tensor<fp32, 4, 8> {
    return t;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    scope spmd [[core_num = (4)]] {
      Tensor<fp32, 64> o = kernel(x, out);
    }
    Tensor<fp32, 4, 8> t = tensor.create({4, 8}, {.dtype = fp32});
    Tuple<Tensor<fp32, 4, 8>, task_id> res = submit k2(t);
    return o;
  }
}

// -----
// RUN: simplify
// if results that nothing reads are dropped with the values yielded for them, scalar or
// tensor, and an else left empty with them; the branches' side effects stay (PyPTO #1603
// drops_scalar, drops_tensor_phi, drops_empty_synthetic_else)
program {
  Opaque f(In bool cond, In Tensor<index, 1> out, In index a, In index b) {
    if (cond) -> (index tp) {
      index t1 = 1;
      tensor.write(out, {0}, t1);
      yield(t1);
    } else {
      index t2 = 2;
      tensor.write(out, {0}, t2);
      yield(t2);
    }
    index v = 0;
    if (cond) -> (index vp) {
      index v1 = 1;
      tensor.write(out, {0}, v1);
      yield(v1);
    } else {
      yield(v);
    }
    if (cond) -> (Tensor<index, 1> tt) {
      Tensor<index, 1> c1 = tensor.create({1}, {.dtype = index});
      tensor.write(out, {0}, a);
      tensor.write(c1, {0}, a);
      yield(c1);
    } else {
      Tensor<index, 1> c2 = tensor.create({1}, {.dtype = index});
      tensor.write(out, {0}, b);
      tensor.write(c2, {0}, b);
      yield(c2);
    }
    return;
  }
}
// EXPECTED:
program {
  Opaque f(In bool cond, In Tensor<index, 1> out, In index a, In index b) {
    if (cond) {
      index t1 = 1;
      tensor.write(out, {0}, t1);
    } else {
      index t2 = 2;
      tensor.write(out, {0}, t2);
    }
    if (cond) {
      index v1 = 1;
      tensor.write(out, {0}, v1);
    }
    if (cond) {
      Tensor<index, 1> c1 = tensor.create({1}, {.dtype = index});
      tensor.write(out, {0}, a);
      tensor.write(c1, {0}, a);
    } else {
      Tensor<index, 1> c2 = tensor.create({1}, {.dtype = index});
      tensor.write(out, {0}, b);
      tensor.write(c2, {0}, b);
    }
    return;
  }
}

// -----
// RUN: simplify
// must not change: an if result that is read, and one whose branches yield a call (PyPTO #1603
// keeps_with_use, keeps_when_branches_yield_a_call)
program {
  Orchestration f(In bool cond, In Tensor<index, 1> out) -> Tensor<index, 1> {
    if (cond) -> (index tp) {
      index t1 = 1;
      yield(t1);
    } else {
      index t2 = 2;
      yield(t2);
    }
    tensor.write(out, {0}, tp);
    if (cond) -> (index c) {
      yield(tensor.read(out, {0}));
    } else {
      yield(tensor.read(out, {0}));
    }
    return out;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: simplify
// arithmetic nested in call arguments folds ({1 * 1, k + 0 - k + 8} is {1, 8}; PyPTO
// folds_nested_arithmetic_in_call_args)
program {
  Opaque f(In index k) -> Tensor<fp32, 1, 8> {
    Tensor<fp32, 1, 8> t = tensor.create({1 * 1, k + 0 - k + 8}, {.dtype = fp32});
    return t;
  }
}
// EXPECTED:
program {
  Opaque f(In index k) -> Tensor<fp32, 1, 8> {
    Tensor<fp32, 1, 8> t = tensor.create({1, 8}, {.dtype = fp32});
    return t;
  }
}

// -----
// RUN: simplify
// an identity tensor.view (the layout tag x already has, no shape) folds to x; the result keeps
// its name and type (PyPTO TensorView eliminates_identity_view)
program {
  Opaque main(In Tensor<fp32, 8, 4> x) -> Tensor<fp32, 8, 4> {
    Tensor<fp32, 8, 4> same = tensor.view(x, {.layout = "ND"});
    return same;
  }
}
// EXPECTED:
program {
  Opaque main(In Tensor<fp32, 8, 4> x) -> Tensor<fp32, 8, 4> {
    Tensor<fp32, 8, 4> same = x;
    return same;
  }
}

// -----
// RUN: simplify
// must not change: a real layout flip (ND [8, 4] viewed as DN [4, 8]) is kept (PyPTO TensorView
// preserves_substantive_layout_flip)
program {
  Opaque main(In Tensor<fp32, 8, 4> x) -> Tensor<fp32, 4, 8, view{layout = DN}> {
    Tensor<fp32, 4, 8, view{layout = DN}> y = tensor.view(x, {.layout = "DN"});
    return y;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: simplify
// a literal folds into a tensor.view's shape and its result type; a view with a shape is kept
// even when it is the input's (PyPTO ConstProp propagates_into_distributed_tensor_view_type: x
// is a rank's window, a plain Tensor in pl)
program {
  Opaque main(In Tensor<fp32, 4, 8> x) {
    index n = 2;
    Tensor<fp32, n * 2, 8> viewed = tensor.view(x, {n * 2, 8});
    return;
  }
}
// EXPECTED:
program {
  Opaque main(In Tensor<fp32, 4, 8> x) {
    Tensor<fp32, 4, 8> viewed = tensor.view(x, {4, 8});
    return;
  }
}
