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

// -----
// RUN: convert-to-ssa
// Writes to an Out parameter inside a loop (tile.store assigned back) carry the tensor.
program p {
  InCore k(In Tensor<fp32, 64, 16> src, Out Tensor<fp32, 64, 16> out) -> Tensor<fp32, 64, 16> {
    for (index i : range(0, 4, 1)) {
      Tile<fp32, 16, 16, Vec> t = tile.load(src, {i * 16, 0}, {16, 16});
      out = tile.store(t, {i * 16, 0}, out);
    }
    return out;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64, 16> src, Out Tensor<fp32, 64, 16> out) -> Tensor<fp32, 64, 16> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64, 16> o1 = out) -> (Tensor<fp32, 64, 16> r) {
      Tile<fp32, 16, 16, Vec> t = tile.load(src, {i * 16, 0}, {16, 16});
      Tensor<fp32, 64, 16> o2 = tile.store(t, {i * 16, 0}, o1);
      yield(o2);
    }
    return r;
  }
}

// -----
// RUN: convert-to-ssa
// Out parameters are read at function exit: a write under an if still reaches the end through a phi.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> t, In index n, Out Tensor<fp32, 16, 16> out) {
    if (n > 0) {
      out = tile.store(t, {0, 0}, out);
    }
    return;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> t, In index n, Out Tensor<fp32, 16, 16> out) {
    if (n > 0) -> (Tensor<fp32, 16, 16> op) {
      Tensor<fp32, 16, 16> o1 = tile.store(t, {0, 0}, out);
      yield(o1);
    } else {
      yield(out);
    }
    return;
  }
}

// -----
// RUN: convert-to-ssa
// A value first defined inside the loop and read after it is promoted; its init is the buffer
// that the store writes (the Out parameter c), so a zero-trip loop returns c.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> res;
    for (index i : range(0, n, 1)) {
      if (i > 2) {
        res = tile.store(a, {0, 0}, c);
      } else {
        res = tile.store(tile.add(a, a), {0, 0}, c);
      }
    }
    return res;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> res1 = c) -> (Tensor<fp32, 16, 16> rr) {
      if (i > 2) -> (Tensor<fp32, 16, 16> rp) {
        Tensor<fp32, 16, 16> res2 = tile.store(a, {0, 0}, c);
        yield(res2);
      } else {
        Tensor<fp32, 16, 16> res3 = tile.store(tile.add(a, a), {0, 0}, c);
        yield(res3);
      }
      yield(rp);
    }
    return rr;
  }
}

// -----
// RUN: convert-to-ssa
// A loop-local temporary defined in both branches of an if inside the loop is not promoted: it is
// not read after the loop (PyPTO #592 / #642).
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> acc = tile.add(a, a);
    for (index i : range(0, n, 1)) {
      Tile<fp32, 16, 16, Vec> t;
      if (i > 2) {
        t = tile.mul(a, a);
      } else {
        t = tile.add(a, a);
      }
      acc = tile.add(acc, t);
    }
    return acc;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> acc = tile.add(a, a);
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> acc1 = acc) -> (Tile<fp32, 16, 16, Vec> r) {
      if (i > 2) -> (Tile<fp32, 16, 16, Vec> tp) {
        Tile<fp32, 16, 16, Vec> t = tile.mul(a, a);
        yield(t);
      } else {
        Tile<fp32, 16, 16, Vec> t1 = tile.add(a, a);
        yield(t1);
      }
      Tile<fp32, 16, 16, Vec> acc2 = tile.add(acc1, tp);
      yield(acc2);
    }
    return r;
  }
}

// -----
// RUN: convert-to-ssa
// A value first defined in the loop and read after it, with nothing before the loop that it
// could start from, is an error (the loop may run zero times).
program p {
  InCore k(In index n) -> index {
    index x;
    for (index i : range(0, n, 1)) { // EXPECTED-ERROR: S404 {{'x' is first assigned inside this loop}}
      if (i > 2) {
        x = i;
      } else {
        x = i * 2;
      }
    }
    return x;
  }
}

// -----
// RUN: convert-to-ssa
// A variable assigned in only one branch (and not before the if) cannot be read after it.
program p {
  InCore k(In index n) -> index {
    index x;
    if (n > 2) { // EXPECTED-ERROR: S403 {{'x' is assigned in only one branch}}
      x = n;
      x = x + 1;
    }
    return x;
  }
}

// -----
// RUN: convert-to-ssa
// A yield in the middle of a loop body is rejected (by the pipeline's input check of the
// block structure, before the pass).
program p {
  InCore k(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index s = 0) -> (index r) { // EXPECTED-ERROR: V003
      index s1 = s + i;
      yield(s1); // EXPECTED-ERROR: V007 {{yield must be the last statement}}
      index s2 = s1 + 1;
    }
    return r;
  }
}

// -----
// RUN: convert-to-ssa
// Names containing '__' are reserved for compiler-generated variables.
program p {
  InCore k(In index n) -> index {
    index x__ssa_v0 = n + 1; // EXPECTED-ERROR: S402 {{'x__ssa_v0' contains '__'}}
    return x__ssa_v0;
  }
}

// -----
// RUN: convert-to-ssa
// Explicit SSA input (carry, yield, if return vars) must not change.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    for (index i : range(0, n, 1)) carry (Tile<fp32, 16, 16, Vec> acc = a) -> (Tile<fp32, 16, 16, Vec> r) {
      if (i == 0) -> (Tile<fp32, 16, 16, Vec> v) {
        yield(a);
      } else {
        Tile<fp32, 16, 16, Vec> d = tile.add(acc, a);
        yield(d);
      }
      yield(v);
    }
    while (j < 10) carry (index j = 0) -> (index jr) {
      index j1 = j + 1;
      yield(j1);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: convert-to-ssa
// Mixed input: an explicit while carry plus a flag assigned pre-SSA style (the shape that
// ctrl-flow-transform leaves); the flag joins the carries and the condition reads its iter_arg.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> x0) -> Tile<fp32, 16, 16, Vec> {
    bool brk = false;
    while (cnt < 10 && !brk) carry (index cnt = 0, Tile<fp32, 16, 16, Vec> x = x0) -> (index cr, Tile<fp32, 16, 16, Vec> xr) {
      if (cnt > 5) -> (index cp, Tile<fp32, 16, 16, Vec> xp) {
        brk = true;
        yield(cnt, x);
      } else {
        Tile<fp32, 16, 16, Vec> y = tile.add(x, x);
        yield(cnt + 1, y);
      }
      yield(cp, xp);
    }
    return xr;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> x0) -> Tile<fp32, 16, 16, Vec> {
    bool brk = false;
    while (cnt < 10 && !b1) carry (index cnt = 0, Tile<fp32, 16, 16, Vec> x = x0, bool b1 = brk) -> (index cr, Tile<fp32, 16, 16, Vec> xr, bool br) {
      if (cnt > 5) -> (index cp, Tile<fp32, 16, 16, Vec> xp, bool bp) {
        bool b2 = true;
        yield(cnt, x, b2);
      } else {
        Tile<fp32, 16, 16, Vec> y = tile.add(x, x);
        yield(cnt + 1, y, b1);
      }
      yield(cp, xp, bp);
    }
    return xr;
  }
}

// -----
// RUN: convert-to-ssa
// Renaming reaches types (TileView valid_shape) and Var-valued call kwargs.
program p {
  InCore k(In Tensor<fp32, 64, 16> src, In index n) -> Tile<fp32, 16, 16, Vec, view{valid_shape = {n, 16}}> {
    index v = n;
    v = v + 1;
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v, 16}}> t = tile.load(src, {0, 0}, {16, 16}, {.valid_shape = {v, 16}});
    v = v * 2;
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v, 16}}> t2 = tile.load(src, {v, 0}, {16, 16}, {.valid_shape = {v, 16}});
    return t;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64, 16> src, In index n) -> Tile<fp32, 16, 16, Vec, view{valid_shape = {n, 16}}> {
    index v = n;
    index v1 = v + 1;
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v1, 16}}> t = tile.load(src, {0, 0}, {16, 16}, {.valid_shape = {v1, 16}});
    index v2 = v1 * 2;
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v2, 16}}> t2 = tile.load(src, {v2, 0}, {16, 16}, {.valid_shape = {v2, 16}});
    return t;
  }
}

// -----
// RUN: convert-to-ssa
// Renaming reaches submit args, deps and core_num, scope attrs (core_num, deps) and task ids.
program p {
  InCore k(In Tensor<fp32, 64, 16> src, In index n) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> t = tile.load(src, {n, 0}, {16, 16});
    return t;
  }
  Orchestration o(In Tensor<fp32, 64, 16> src, In index m) {
    index v = m;
    v = v + 1;
    Tuple<Tile<fp32, 16, 16, Vec>, task_id> s = submit k(src, v);
    task_id tid = s[1];
    v = v * 2;
    Tuple<Tile<fp32, 16, 16, Vec>, task_id> s2 = submit k(src, v) {.deps = {tid}, .core_num = v};
    tid = s2[1];
    scope spmd [[core_num = (v), deps = {tid}]] {
      index w = v + 1;
    }
    return;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64, 16> src, In index n) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> t = tile.load(src, {n, 0}, {16, 16});
    return t;
  }
  Orchestration o(In Tensor<fp32, 64, 16> src, In index m) {
    index v = m;
    index v1 = v + 1;
    Tuple<Tile<fp32, 16, 16, Vec>, task_id> s = submit k(src, v1);
    task_id tid = s[1];
    index v2 = v1 * 2;
    Tuple<Tile<fp32, 16, 16, Vec>, task_id> s2 = submit k(src, v2) {.deps = {tid}, .core_num = v2};
    task_id tid2 = s2[1];
    scope spmd [[core_num = (v2), deps = {tid2}]] {
      index w = v2 + 1;
    }
    return;
  }
}

// -----
// RUN: convert-to-ssa
// An InCore scope stops promotion: a value defined only by a loop inside it cannot be read after it.
program p {
  Opaque f(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> res;
    scope incore { // EXPECTED-ERROR: S406 {{'res' is defined only inside a loop in this 'incore' scope}}
      for (index i : range(0, n, 1)) {
        res = tile.store(a, {0, 0}, c);
        res = tile.store(a, {0, 0}, res);
      }
    }
    return res;
  }
}

// -----
// RUN: convert-to-ssa
// A runtime scope is transparent: the same value is promoted out of the loop (init: the stored buffer).
program p {
  Opaque f(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> res;
    scope runtime {
      for (index i : range(0, n, 1)) {
        res = tile.store(a, {0, 0}, c);
        res = tile.store(a, {0, 0}, res);
      }
    }
    return res;
  }
}
// EXPECTED:
program p {
  Opaque f(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    scope runtime {
      for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> r0 = c) -> (Tensor<fp32, 16, 16> rr) {
        Tensor<fp32, 16, 16> r1 = tile.store(a, {0, 0}, c);
        Tensor<fp32, 16, 16> r2 = tile.store(a, {0, 0}, r1);
        yield(r2);
      }
    }
    return rr;
  }
}

// -----
// RUN: convert-to-ssa
// Inside an InCore scope, a use after the loop but still inside the scope promotes as usual, and
// straight-line values defined in the scope stay visible after it.
program p {
  Opaque f(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> res;
    scope incore {
      for (index i : range(0, n, 1)) {
        res = tile.store(a, {0, 0}, c);
        res = tile.store(a, {0, 0}, res);
      }
      Tensor<fp32, 16, 16> fin = tile.store(a, {0, 0}, res);
    }
    return fin;
  }
}
// EXPECTED:
program p {
  Opaque f(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 16, 16> c) -> Tensor<fp32, 16, 16> {
    scope incore {
      for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> r0 = c) -> (Tensor<fp32, 16, 16> rr) {
        Tensor<fp32, 16, 16> r1 = tile.store(a, {0, 0}, c);
        Tensor<fp32, 16, 16> r2 = tile.store(a, {0, 0}, r1);
        yield(r2);
      }
      Tensor<fp32, 16, 16> fin = tile.store(a, {0, 0}, rr);
    }
    return fin;
  }
}

// -----
// RUN: convert-to-ssa
// Orchestration keeps break; a loop with break that carries nothing is fine and unchanged.
program p {
  Orchestration o(In index n) -> index {
    index m = n * 2;
    for (index i : range(0, n, 1)) {
      if (i > m) {
        break;
      }
      index t = i + m;
    }
    return m;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: convert-to-ssa
// A loop with break that carries a value is first restructured (flag, for -> while) even in
// orchestration code: the value at the break would otherwise be lost.
program p {
  Orchestration o(In index n) -> index {
    index s = 0;
    for (index i : range(0, n, 1)) {
      if (i > 3) {
        break;
      }
      s = s + i;
    }
    return s;
  }
}
// EXPECTED:
program p {
  Orchestration o(In index n) -> index {
    index s = 0;
    index i = 0;
    bool brk = false;
    while (i1 < n && !b1) carry (index s1 = s, index i1 = i, bool b1 = brk) -> (index sr, index ir, bool br) {
      if (i1 > 3) -> (index sp, bool bp) {
        bool b2 = true;
        yield(s1, b2);
      } else {
        index s2 = s1 + i1;
        yield(s2, b1);
      }
      if (!bp) -> (index ip) {
        index i2 = i1 + 1;
        yield(i2);
      } else {
        yield(i1);
      }
      yield(sp, ip, bp);
    }
    return sr;
  }
}

// -----
// RUN: convert-to-ssa
// The translator's orchestration while with continue and break (natural_control_flow.cpp): the
// carried counter survives both escapes.
program p {
  Orchestration o() -> index {
    index n = 0;
    while (n < 10) {
      n = n + 3;
      if (n == 6) {
        continue;
      }
      if (n > 8) {
        break;
      }
    }
    return n;
  }
}
// EXPECTED:
program p {
  Orchestration o() -> index {
    index n = 0;
    bool brk = false;
    while (n1 < 10 && !b1) carry (index n1 = n, bool b1 = brk) -> (index nr, bool br) {
      index n2 = n1 + 3;
      if (n2 == 6) -> (bool bp) {
        yield(b1);
      } else {
        if (n2 > 8) -> (bool bq) {
          bool b2 = true;
          yield(b2);
        } else {
          yield(b1);
        }
        yield(bq);
      }
      yield(n2, bp);
    }
    return nr;
  }
}

// -----
// RUN: convert-to-ssa
// An iter_arg re-assigned pre-SSA style in its own loop is versioned; the explicit yield follows.
program p {
  InCore k(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index acc = 0) -> (index r) {
      acc = acc + i;
      acc = acc * 2;
      yield(acc);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index acc = 0) -> (index r) {
      index a1 = acc + i;
      index a2 = a1 * 2;
      yield(a2);
    }
    return r;
  }
}

// -----
// RUN: convert-to-ssa
// Two Out parameters written in a loop and under an if, returned as a tuple; a write-only Out.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 64, 16> o1, Out Tensor<fp32, 64, 16> o2, Out Tensor<fp32, 16, 16> wo) -> Tuple<Tensor<fp32, 64, 16>, Tensor<fp32, 64, 16>> {
    wo = tile.store(a, {0, 0}, wo);
    for (index i : range(0, 4, 1)) {
      o1 = tile.store(a, {i * 16, 0}, o1);
      if (i < n) {
        o2 = tile.store(a, {i * 16, 0}, o2);
      }
    }
    return {o1, o2};
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n, Out Tensor<fp32, 64, 16> o1, Out Tensor<fp32, 64, 16> o2, Out Tensor<fp32, 16, 16> wo) -> Tuple<Tensor<fp32, 64, 16>, Tensor<fp32, 64, 16>> {
    Tensor<fp32, 16, 16> wo1 = tile.store(a, {0, 0}, wo);
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64, 16> a1 = o1, Tensor<fp32, 64, 16> b1 = o2) -> (Tensor<fp32, 64, 16> ar, Tensor<fp32, 64, 16> br) {
      Tensor<fp32, 64, 16> a2 = tile.store(a, {i * 16, 0}, a1);
      if (i < n) -> (Tensor<fp32, 64, 16> bp) {
        Tensor<fp32, 64, 16> b2 = tile.store(a, {i * 16, 0}, b1);
        yield(b2);
      } else {
        yield(b1);
      }
      yield(a2, bp);
    }
    return {ar, br};
  }
}

// -----
// RUN: convert-to-ssa
// Renaming reaches Var-valued call attributes under any key.
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    index d = n;
    d = d + 1;
    Tile<fp32, 16, 16, Vec> t = tile.add(a, a) [[device = (d), ids = {d, n}]];
    return t;
  }
}
// EXPECTED:
program p {
  InCore k(In Tile<fp32, 16, 16, Vec> a, In index n) -> Tile<fp32, 16, 16, Vec> {
    index d = n;
    index d1 = d + 1;
    Tile<fp32, 16, 16, Vec> t = tile.add(a, a) [[device = (d1), ids = {d1, n}]];
    return t;
  }
}

// -----
// RUN: convert-to-ssa
// A descending loop whose carry is seeded by a literal, and a zero-trip-safe promotion through
// an InOut parameter (no store to alias: the parameter of the same type is the init).
program p {
  InCore k(In Tensor<fp32, 16, 16> src, InOut Tensor<fp32, 16, 16> io) -> Tensor<fp32, 16, 16> {
    index s = 0;
    Tensor<fp32, 16, 16> last;
    for (index i : range(8, 0, -2)) {
      s = s + i;
      last = tensor.add(src, src);
      last = tensor.muls(last, 2.0);
    }
    return last;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16, 16> src, InOut Tensor<fp32, 16, 16> io) -> Tensor<fp32, 16, 16> {
    index s = 0;
    for (index i : range(8, 0, -2)) carry (index s1 = s, Tensor<fp32, 16, 16> l0 = io) -> (index sr, Tensor<fp32, 16, 16> lr) {
      index s2 = s1 + i;
      Tensor<fp32, 16, 16> l1 = tensor.add(src, src);
      Tensor<fp32, 16, 16> l2 = tensor.muls(l1, 2.0);
      yield(s2, l2);
    }
    return lr;
  }
}

// -----
// RUN: convert-to-ssa
// A carrying loop whose break cannot be restructured (inside an if that yields) is an error.
program p {
  Orchestration o(In index n) -> index {
    index s = 0;
    for (index i : range(0, n, 1)) { // EXPECTED-ERROR: S405 {{carries 's'}}
      if (i > 2) -> (index v) { // EXPECTED-ERROR: S301
        break;
        yield(i);
      } else {
        yield(i);
      }
      s = s + v;
    }
    return s;
  }
}

// -----
// RUN: convert-to-ssa
// Several variables re-assigned in turn (PyPTO multiple_variables): each keeps its own chain.
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = tensor.adds(x, 1.0);
    Tensor<fp32, 64> b = tensor.muls(x, 2.0);
    a = tensor.adds(a, 3.0);
    b = tensor.muls(b, 4.0);
    Tensor<fp32, 64> result = tensor.add(a, b);
    return result;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = tensor.adds(x, 1.0);
    Tensor<fp32, 64> b = tensor.muls(x, 2.0);
    Tensor<fp32, 64> a1 = tensor.adds(a, 3.0);
    Tensor<fp32, 64> b1 = tensor.muls(b, 4.0);
    Tensor<fp32, 64> result = tensor.add(a1, b1);
    return result;
  }
}

// -----
// RUN: convert-to-ssa
// Parameters that are never re-assigned stay the same Vars (PyPTO parameter_versioning /
// multiple_params: its x -> x_0 is a name only), and an unused value is kept (unused_variable).
program p {
  InCore k(In Tensor<fp32, 64> x, In Tensor<fp32, 64> y, In Tensor<fp32, 64> z) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> unused = tensor.muls(x, 3.0);
    Tensor<fp32, 64> result = tensor.add(x, y);
    result = tensor.add(result, z);
    return result;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x, In Tensor<fp32, 64> y, In Tensor<fp32, 64> z) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> unused = tensor.muls(x, 3.0);
    Tensor<fp32, 64> result = tensor.add(x, y);
    Tensor<fp32, 64> result1 = tensor.add(result, z);
    return result1;
  }
}

// -----
// RUN: convert-to-ssa
// User names that look like generated versions (PyPTO #170: tmp_0, tmp_1; here x_1, x_2 next
// to re-assigned x) stay distinct variables; the printed result re-parses to the same program
// (the runner's round trip), so no version took a user's name.
program p {
  InCore k(In index n) -> index {
    index x = n + 1;
    index x_1 = x * 2;
    x = x_1 + x;
    index x_2 = x + x_1;
    x = x * x_2;
    return x + x_1 + x_2;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index a = n + 1;
    index b = a * 2;
    index a1 = b + a;
    index c = a1 + b;
    index a2 = a1 * c;
    return a2 + b + c;
  }
}

// -----
// RUN: convert-to-ssa
// Nested while loops (PyPTO nested_while): the inner loop's counter is local to the outer body
// (set before the inner loop every iteration), so only the inner loop carries it.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    while (x < n) {
      index y = 0;
      while (y < 3) {
        y = y + 1;
      }
      x = x + 1;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    while (x1 < n) carry (index x1 = x) -> (index xr) {
      index y = 0;
      while (y1 < 3) carry (index y1 = y) -> (index yr) {
        index y2 = y1 + 1;
        yield(y2);
      }
      index x2 = x1 + 1;
      yield(x2);
    }
    return xr;
  }
}

// -----
// RUN: convert-to-ssa
// A while loop inside a for loop with an explicit carry (PyPTO while_in_for): the while's
// result feeds the for's yield.
program p {
  InCore k(In index n) -> index {
    index init_sum = 0;
    for (index i : range(0, 5, 1)) carry (index sum_val = init_sum) -> (index sum_out) {
      index x = 0;
      while (x < i) {
        x = x + 1;
      }
      index new_sum = sum_val + x;
      yield(new_sum);
    }
    return sum_out;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index init_sum = 0;
    for (index i : range(0, 5, 1)) carry (index sum_val = init_sum) -> (index sum_out) {
      index x = 0;
      while (x1 < i) carry (index x1 = x) -> (index xr) {
        index x2 = x1 + 1;
        yield(x2);
      }
      index new_sum = sum_val + xr;
      yield(new_sum);
    }
    return sum_out;
  }
}

// -----
// RUN: convert-to-ssa
// A for loop with an explicit carry inside a while loop (PyPTO for_in_while): the while carries
// x, which takes the for's result.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    while (x < n) {
      index init_acc = x;
      for (index i : range(0, 3, 1)) carry (index acc = init_acc) -> (index acc_out) {
        index new_acc = acc + 1;
        yield(new_acc);
      }
      x = acc_out;
    }
    return x;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    while (x1 < n) carry (index x1 = x) -> (index xr) {
      index init_acc = x1;
      for (index i : range(0, 3, 1)) carry (index acc = init_acc) -> (index acc_out) {
        index new_acc = acc + 1;
        yield(new_acc);
      }
      index x2 = acc_out;
      yield(x2);
    }
    return xr;
  }
}

// -----
// RUN: convert-to-ssa
// Sequential while loops (PyPTO sequential_while): the second starts from the first's result.
program p {
  InCore k(In index n) -> index {
    index x = 0;
    while (x < n) {
      x = x + 1;
    }
    index y = x;
    while (y < 10) {
      y = y + 2;
    }
    return y;
  }
}
// EXPECTED:
program p {
  InCore k(In index n) -> index {
    index x = 0;
    while (x1 < n) carry (index x1 = x) -> (index xr) {
      index x2 = x1 + 1;
      yield(x2);
    }
    index y = xr;
    while (y1 < 10) carry (index y1 = y) -> (index yr) {
      index y2 = y1 + 2;
      yield(y2);
    }
    return yr;
  }
}

// -----
// RUN: convert-to-ssa
// A while loop that carries a counter and a tensor (PyPTO while_with_tensor_operations); the
// carries are in definition order (PyPTO's order differs, which is a naming choice).
program p {
  InCore k(In index n, In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    index i = 0;
    Tensor<fp32, 64> acc = tensor.create({64}, {.dtype = fp32});
    while (i < n) {
      i = i + 1;
      acc = tensor.add(acc, x);
    }
    return acc;
  }
}
// EXPECTED:
program p {
  InCore k(In index n, In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    index i = 0;
    Tensor<fp32, 64> acc = tensor.create({64}, {.dtype = fp32});
    while (i1 < n) carry (index i1 = i, Tensor<fp32, 64> acc1 = acc) -> (index ir, Tensor<fp32, 64> accr) {
      index i2 = i1 + 1;
      Tensor<fp32, 64> acc2 = tensor.add(acc1, x);
      yield(i2, acc2);
    }
    return accr;
  }
}

// -----
// RUN: convert-to-ssa
// Explicit-carry loops are already SSA and must not change (PyPTO loop_with_multiple_iter_args,
// loop_with_range_params, nested_for_loops, sequential_loops).
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> init1 = tensor.create({64}, {.dtype = fp32});
    Tensor<fp32, 64> init2 = tensor.create({64}, {.dtype = fp32});
    for (index i : range(0, 5, 1)) carry (Tensor<fp32, 64> acc1 = init1, Tensor<fp32, 64> acc2 = init2) -> (Tensor<fp32, 64> out1, Tensor<fp32, 64> out2) {
      Tensor<fp32, 64> new1 = tensor.add(acc1, x);
      Tensor<fp32, 64> new2 = tensor.muls(acc2, 2.0);
      yield(new1, new2);
    }
    Tensor<fp32, 64> r = tensor.add(out1, out2);
    for (index i2 : range(0, 10, 2)) carry (Tensor<fp32, 64> a = r) -> (Tensor<fp32, 64> ra) {
      Tensor<fp32, 64> na = tensor.add(a, x);
      yield(na);
    }
    for (index i3 : range(0, 3, 1)) carry (Tensor<fp32, 64> outer = ra) -> (Tensor<fp32, 64> outer_out) {
      for (index j : range(0, 2, 1)) carry (Tensor<fp32, 64> inner = outer) -> (Tensor<fp32, 64> inner_out) {
        Tensor<fp32, 64> new_inner = tensor.adds(inner, 1.0);
        yield(new_inner);
      }
      yield(inner_out);
    }
    for (index i4 : range(0, 3, 1)) carry (Tensor<fp32, 64> acc3 = outer_out) -> (Tensor<fp32, 64> result2) {
      Tensor<fp32, 64> n3 = tensor.muls(acc3, 2.0);
      yield(n3);
    }
    return result2;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: convert-to-ssa
// A loop with only local assignments and an Eval carries nothing (PyPTO no_outer_modification).
program p {
  InCore k(In Tensor<fp32, 64> x, In Tile<fp32, 16, 16, Vec> t, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 64> {
    for (index i : range(0, 5, 1)) {
      Tile<fp32, 16, 16, Vec> temp = tile.muls(t, 2.0);
      tile.store(temp, {0, 0}, o);
    }
    return x;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: convert-to-ssa
// Nested loops that modify variables at different levels (PyPTO nested_for_multiple_vars): the
// inner loop carries inner only, the outer loop carries both.
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> outer = tensor.adds(x, 0.0);
    Tensor<fp32, 64> inner = tensor.muls(x, 2.0);
    for (index i : range(0, 2, 1)) {
      for (index j : range(0, 3, 1)) {
        inner = tensor.adds(inner, 1.0);
      }
      outer = tensor.add(outer, inner);
    }
    return outer;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> outer = tensor.adds(x, 0.0);
    Tensor<fp32, 64> inner = tensor.muls(x, 2.0);
    for (index i : range(0, 2, 1)) carry (Tensor<fp32, 64> outer1 = outer, Tensor<fp32, 64> inner1 = inner) -> (Tensor<fp32, 64> outer_r, Tensor<fp32, 64> inner_r) {
      for (index j : range(0, 3, 1)) carry (Tensor<fp32, 64> inner2 = inner1) -> (Tensor<fp32, 64> inner_r2) {
        Tensor<fp32, 64> inner3 = tensor.adds(inner2, 1.0);
        yield(inner3);
      }
      Tensor<fp32, 64> outer2 = tensor.add(outer1, inner_r2);
      yield(outer2, inner_r2);
    }
    return outer_r;
  }
}

// -----
// RUN: convert-to-ssa
// Nested loops with an if in the inner body (PyPTO nested_loops_with_if): the phi feeds the
// inner yield, whose result feeds the outer yield.
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.adds(x, 0.0);
    for (index i : range(0, 3, 1)) {
      for (index j : range(0, 2, 1)) {
        if (j == 0) {
          result = tensor.adds(result, 1.0);
        } else {
          result = tensor.muls(result, 1.5);
        }
      }
    }
    return result;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.adds(x, 0.0);
    for (index i : range(0, 3, 1)) carry (Tensor<fp32, 64> r1 = result) -> (Tensor<fp32, 64> rr1) {
      for (index j : range(0, 2, 1)) carry (Tensor<fp32, 64> r2 = r1) -> (Tensor<fp32, 64> rr2) {
        if (j == 0) -> (Tensor<fp32, 64> rp) {
          Tensor<fp32, 64> r3 = tensor.adds(r2, 1.0);
          yield(r3);
        } else {
          Tensor<fp32, 64> r4 = tensor.muls(r2, 1.5);
          yield(r4);
        }
        yield(rp);
      }
      yield(rr2);
    }
    return rr1;
  }
}

// -----
// RUN: convert-to-ssa
// for -> if -> for (PyPTO complex_nested_control_flow): the then-branch's loop result and the
// else-branch's update meet in one phi per variable.
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = tensor.adds(x, 0.0);
    Tensor<fp32, 64> b = tensor.muls(x, 2.0);
    for (index i : range(0, 2, 1)) {
      if (i == 0) {
        for (index j : range(0, 2, 1)) {
          a = tensor.adds(a, 1.0);
        }
      } else {
        b = tensor.muls(b, 2.0);
      }
    }
    Tensor<fp32, 64> result = tensor.add(a, b);
    return result;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = tensor.adds(x, 0.0);
    Tensor<fp32, 64> b = tensor.muls(x, 2.0);
    for (index i : range(0, 2, 1)) carry (Tensor<fp32, 64> a1 = a, Tensor<fp32, 64> b1 = b) -> (Tensor<fp32, 64> ar, Tensor<fp32, 64> br) {
      if (i == 0) -> (Tensor<fp32, 64> ap, Tensor<fp32, 64> bp) {
        for (index j : range(0, 2, 1)) carry (Tensor<fp32, 64> a2 = a1) -> (Tensor<fp32, 64> ar2) {
          Tensor<fp32, 64> a3 = tensor.adds(a2, 1.0);
          yield(a3);
        }
        yield(ar2, b1);
      } else {
        Tensor<fp32, 64> b2 = tensor.muls(b1, 2.0);
        yield(a1, b2);
      }
      yield(ap, bp);
    }
    Tensor<fp32, 64> result = tensor.add(ar, br);
    return result;
  }
}

// -----
// RUN: convert-to-ssa
// Sequential plain loops over one variable (PyPTO multiple_sequential_loops): the second loop
// starts from the first's result.
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.adds(x, 0.0);
    for (index i : range(0, 2, 1)) {
      result = tensor.adds(result, 1.0);
    }
    for (index j : range(0, 3, 1)) {
      result = tensor.muls(result, 1.5);
    }
    return result;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.adds(x, 0.0);
    for (index i : range(0, 2, 1)) carry (Tensor<fp32, 64> r1 = result) -> (Tensor<fp32, 64> rr1) {
      Tensor<fp32, 64> r2 = tensor.adds(r1, 1.0);
      yield(r2);
    }
    for (index j : range(0, 3, 1)) carry (Tensor<fp32, 64> r3 = rr1) -> (Tensor<fp32, 64> rr2) {
      Tensor<fp32, 64> r4 = tensor.muls(r3, 1.5);
      yield(r4);
    }
    return rr2;
  }
}

// -----
// RUN: convert-to-ssa
// An empty then-branch (what continue lowering leaves, PyPTO #561) yields the carried value and
// stays a single yield (no one-statement block).
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.adds(x, 0.0);
    for (index i : range(0, 10, 1)) {
      if (i > 5) {
      } else {
        result = tensor.adds(result, 1.0);
      }
    }
    return result;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.adds(x, 0.0);
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> r1 = result) -> (Tensor<fp32, 64> rr) {
      if (i > 5) -> (Tensor<fp32, 64> rp) {
        yield(r1);
      } else {
        Tensor<fp32, 64> r2 = tensor.adds(r1, 1.0);
        yield(r2);
      }
      yield(rp);
    }
    return rr;
  }
}

// -----
// RUN: convert-to-ssa
// A value first defined in only one branch of an if inside a loop and read after the loop
// (PyPTO #600, the shape continue lowering leaves) is promoted: the loop carries it from the Out
// parameter, the empty branch yields the carried value.
program p {
  InCore k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> c) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> out;
    for (index i : range(0, 4, 1)) {
      if (i % 2 != 0) {
      } else {
        out = tensor.add(x, c);
      }
    }
    return out;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> c) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> o1 = c) -> (Tensor<fp32, 64> orr) {
      if (i % 2 != 0) -> (Tensor<fp32, 64> op) {
        yield(o1);
      } else {
        Tensor<fp32, 64> o2 = tensor.add(x, c);
        yield(o2);
      }
      yield(op);
    }
    return orr;
  }
}

// -----
// RUN: convert-to-ssa
// Loop-local temporaries of the same name in two sequential loops are not carried (PyPTO #592).
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = tensor.adds(x, 0.0);
    Tensor<fp32, 64> b = tensor.muls(x, 2.0);
    Tensor<fp32, 64> tmp;
    for (index i : range(0, 4, 1)) {
      tmp = tensor.adds(x, 1.0);
      a = tensor.add(a, tmp);
    }
    for (index j : range(0, 4, 1)) {
      tmp = tensor.adds(x, 2.0);
      b = tensor.add(b, tmp);
    }
    Tensor<fp32, 64> result = tensor.add(a, b);
    return result;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> a = tensor.adds(x, 0.0);
    Tensor<fp32, 64> b = tensor.muls(x, 2.0);
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> a1 = a) -> (Tensor<fp32, 64> ar) {
      Tensor<fp32, 64> t1 = tensor.adds(x, 1.0);
      Tensor<fp32, 64> a2 = tensor.add(a1, t1);
      yield(a2);
    }
    for (index j : range(0, 4, 1)) carry (Tensor<fp32, 64> b1 = b) -> (Tensor<fp32, 64> br) {
      Tensor<fp32, 64> t2 = tensor.adds(x, 2.0);
      Tensor<fp32, 64> b2 = tensor.add(b1, t2);
      yield(b2);
    }
    Tensor<fp32, 64> result = tensor.add(ar, br);
    return result;
  }
}

// -----
// RUN: convert-to-ssa
// Dynamic shape variables in a kernel's types and an orchestration that calls it with static
// shapes: single-assignment input, unchanged (PyPTO dynamic_shape_vars_in_orchestrator).
program p {
  InCore add_kernel(In index M, In index N, In Tensor<fp32, M, N> a, In Tensor<fp32, M, N> b, Out Tensor<fp32, M, N> c) -> Tensor<fp32, M, N> {
    Tile<fp32, 128, 128, Vec> at = tile.load(a, {0, 0}, {128, 128});
    Tile<fp32, 128, 128, Vec> bt = tile.load(b, {0, 0}, {128, 128});
    Tile<fp32, 128, 128, Vec> r = tile.add(at, bt);
    Tensor<fp32, M, N> out = tile.store(r, {0, 0}, c);
    return out;
  }
  Orchestration orchestrator(In Tensor<fp32, 128, 128> a, In Tensor<fp32, 128, 128> b) -> Tensor<fp32, 128, 128> {
    Tensor<fp32, 128, 128> c = tensor.create({128, 128}, {.dtype = fp32});
    Tensor<fp32, 128, 128> c_out = add_kernel(128, 128, a, b, c);
    return c_out;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: convert-to-ssa
// A yield in the middle of a function body is rejected before the pass (PyPTO MidBodyYield
// function_body).
program p {
  InCore k(In index a) -> index {
    index d = a;
    yield(a); // EXPECTED-ERROR: V006 {{yield outside an if branch or loop body}}
    return a;
  }
}

// -----
// RUN: convert-to-ssa
// A loop variable read by a call attribute: the attribute keeps pointing at the loop's own
// variable, and constant attributes stay as they are (PyPTO CallAttr device_var_with_loop_var,
// device_before_after, device_const_preserved).
program p {
  Orchestration chip_orch(Out Tensor<fp32, 1, 8> out) -> Tensor<fp32, 1, 8> {
    return out;
  }
  Orchestration host_orch(Out Tensor<fp32, 2, 8> outputs) -> Tensor<fp32, 2, 8> {
    for (index r : range(0, 2, 1)) {
      Tensor<fp32, 1, 8> s = tensor.slice(outputs, {1, 8}, {r, 0});
      chip_orch(s) [[device = (r)]];
    }
    Tensor<fp32, 1, 8> s0 = tensor.slice(outputs, {1, 8}, {0, 0});
    chip_orch(s0) [[device = (0)]];
    Tensor<fp32, 1, 8> s1 = tensor.slice(outputs, {1, 8}, {1, 0});
    chip_orch(s1) [[device = (1)]];
    return outputs;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: convert-to-ssa
// An alias assignment takes the right-hand side's type metadata (a valid_shape naming a
// re-assigned scalar is renamed in the alias's type too; PyPTO alias_uses_rhs_type_metadata).
program p {
  InCore k(In Tensor<fp32, 64, 16> src, In index n) -> Tile<fp32, 16, 16, Vec, view{valid_shape = {n, 16}}> {
    index v = n;
    v = v + 1;
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v, 16}}> t = tile.load(src, {0, 0}, {16, 16}, {.valid_shape = {v, 16}});
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v, 16}}> t2 = t;
    t2 = tile.add(t2, t2);
    return t;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64, 16> src, In index n) -> Tile<fp32, 16, 16, Vec, view{valid_shape = {n, 16}}> {
    index v = n;
    index v1 = v + 1;
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v1, 16}}> t = tile.load(src, {0, 0}, {16, 16}, {.valid_shape = {v1, 16}});
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v1, 16}}> t2 = t;
    Tile<fp32, 16, 16, Vec, view{valid_shape = {v1, 16}}> t3 = tile.add(t2, t2);
    return t;
  }
}

// -----
// RUN: convert-to-ssa
// A variable that exists before a hierarchy scope and is updated by a loop inside it stays
// carried (PyPTO ScopeOutlineBoundary preserves_pre_existing_carried).
program p {
  Opaque f(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> result) -> Tensor<fp32, 64> {
    scope hierarchy [[level = "CORE_GROUP"]] {
      for (index i : range(0, 4, 1)) {
        result = tensor.add(result, x);
      }
    }
    return result;
  }
}
// EXPECTED:
program p {
  Opaque f(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> result) -> Tensor<fp32, 64> {
    scope hierarchy [[level = "CORE_GROUP"]] {
      for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> r1 = result) -> (Tensor<fp32, 64> rr) {
        Tensor<fp32, 64> r2 = tensor.add(r1, x);
        yield(r2);
      }
    }
    return rr;
  }
}

// -----
// RUN: convert-to-ssa
// A split_aiv scope is transparent (PyPTO SplitAiv transparent): the store inside it is
// versioned and read after it; inside a loop, the value stored in the scope is the carry
// (loop_nested).
program p {
  Orchestration o(In Tensor<fp32, 256, 128> a, Out Tensor<fp32, 256, 128> out) -> Tensor<fp32, 256, 128> {
    scope split_aiv [[split = 2]] {
      index offset = 128;
      Tile<fp32, 128, 128, Vec> t = tile.load(a, {offset, 0}, {128, 128});
      out = tile.store(tile.add(t, t), {offset, 0}, out);
    }
    for (index i : range(0, 2, 1)) {
      scope split_aiv [[split = 2]] {
        Tile<fp32, 128, 128, Vec> t2 = tile.load(a, {i, 0}, {128, 128});
        out = tile.store(tile.add(t2, t2), {i, 0}, out);
      }
    }
    return out;
  }
}
// EXPECTED:
program p {
  Orchestration o(In Tensor<fp32, 256, 128> a, Out Tensor<fp32, 256, 128> out) -> Tensor<fp32, 256, 128> {
    scope split_aiv [[split = 2]] {
      index offset = 128;
      Tile<fp32, 128, 128, Vec> t = tile.load(a, {offset, 0}, {128, 128});
      Tensor<fp32, 256, 128> out1 = tile.store(tile.add(t, t), {offset, 0}, out);
    }
    for (index i : range(0, 2, 1)) carry (Tensor<fp32, 256, 128> o2 = out1) -> (Tensor<fp32, 256, 128> orr) {
      scope split_aiv [[split = 2]] {
        Tile<fp32, 128, 128, Vec> t2 = tile.load(a, {i, 0}, {128, 128});
        Tensor<fp32, 256, 128> o3 = tile.store(tile.add(t2, t2), {i, 0}, o2);
      }
      yield(o3);
    }
    return orr;
  }
}

// -----
// RUN: convert-to-ssa
// ctrl-flow-transform's output for a break before a continue (PyPTO break_then_ssa and
// pipeline_integration: the two passes in a row): the flag and the counter join the carries, the
// guarded increment gets a phi.
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    index i = 0;
    bool brk = false;
    while (i < 10 && !brk) carry (Tensor<fp32, 64> x = x0) -> (Tensor<fp32, 64> r) {
      if (i > 8) -> (Tensor<fp32, 64> x_1) {
        brk = true;
        yield(x);
      } else {
        Tensor<fp32, 64> y = tensor.add(x, x);
        if (i < 3) -> (Tensor<fp32, 64> x_2) {
          yield(x);
        } else {
          Tensor<fp32, 64> z = tensor.add(y, y);
          yield(z);
        }
        yield(x_2);
      }
      if (!brk) {
        i = i + 1;
      }
      yield(x_1);
    }
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64> x0) -> Tensor<fp32, 64> {
    index i = 0;
    bool brk = false;
    while (i_1 < 10 && !brk_1) carry (Tensor<fp32, 64> x = x0, index i_1 = i, bool brk_1 = brk) -> (Tensor<fp32, 64> r, index i_2, bool brk_2) {
      if (i_1 > 8) -> (Tensor<fp32, 64> x_1, bool brk_3) {
        bool brk_4 = true;
        yield(x, brk_4);
      } else {
        Tensor<fp32, 64> y = tensor.add(x, x);
        if (i_1 < 3) -> (Tensor<fp32, 64> x_2) {
          yield(x);
        } else {
          Tensor<fp32, 64> z = tensor.add(y, y);
          yield(z);
        }
        yield(x_2, brk_1);
      }
      if (!brk_3) -> (index i_3) {
        index i_4 = i_1 + 1;
        yield(i_4);
      } else {
        yield(i_1);
      }
      yield(x_1, i_3, brk_3);
    }
    return r;
  }
}

// -----
// RUN: convert-to-ssa
// ctrl-flow-transform's output for a pre-SSA loop with a break (PyPTO break_then_ssa): the
// flag, the counter and the accumulated value become carries of the while.
program p {
  AIC k(In index n) -> index {
    index x = 0;
    index i = 0;
    bool brk = false;
    while (i < n && !brk) {
      if (i > 5) {
        brk = true;
      } else {
        x = x + i;
      }
      if (!brk) {
        i = i + 1;
      }
    }
    return x;
  }
}
// EXPECTED:
program p {
  AIC k(In index n) -> index {
    index x = 0;
    index i = 0;
    bool brk = false;
    while (i_1 < n && !brk_1) carry (index x_1 = x, index i_1 = i, bool brk_1 = brk) -> (index x_2, index i_2, bool brk_2) {
      if (i_1 > 5) -> (index x_3, bool brk_3) {
        bool brk_4 = true;
        yield(x_1, brk_4);
      } else {
        index x_4 = x_1 + i_1;
        yield(x_4, brk_1);
      }
      if (!brk_3) -> (index i_3) {
        index i_4 = i_1 + 1;
        yield(i_4);
      } else {
        yield(i_1);
      }
      yield(x_3, i_3, brk_3);
    }
    return x_2;
  }
}

// -----
// RUN: convert-to-ssa
// A value assigned once inside a loop body and read after the loop (PyPTO for_loop_escaping_var)
// is promoted, initialised from the Out parameter of its type.
program p {
  Opaque main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> c) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> out;
    for (index i : range(0, 4, 1)) {
      out = tensor.add(a, c);
    }
    return out;
  }
}
// EXPECTED:
program p {
  Opaque main(In Tensor<fp32, 64> a, Out Tensor<fp32, 64> c) -> Tensor<fp32, 64> {
    for (index i : range(0, 4, 1)) carry (Tensor<fp32, 64> out = c) -> (Tensor<fp32, 64> out_1) {
      Tensor<fp32, 64> out_2 = tensor.add(a, c);
      yield(out_2);
    }
    return out_1;
  }
}

// -----
// RUN: convert-to-ssa
// Renaming reaches a TensorView's valid_shape in a declared type (PyPTO #853
// tensor_view_valid_shape_substitution).
program p {
  Opaque main(In Tensor<fp32, 16, 64> x, In index n) -> Tensor<fp32, 8, 64> {
    index valid_len = min(n, 64);
    valid_len = valid_len + 1;
    Tensor<fp32, 8, 64, view{valid_shape = {8, valid_len}}> chunk = tensor.slice(x, {8, 64}, {0, 0});
    Tensor<fp32, 8, 64> o = tensor.adds(chunk, 1.0);
    return o;
  }
}
// EXPECTED:
program p {
  Opaque main(In Tensor<fp32, 16, 64> x, In index n) -> Tensor<fp32, 8, 64> {
    index valid_len = min(n, 64);
    index valid_len_1 = valid_len + 1;
    Tensor<fp32, 8, 64, view{valid_shape = {8, valid_len_1}}> chunk = tensor.slice(x, {8, 64}, {0, 0});
    Tensor<fp32, 8, 64> o = tensor.adds(chunk, 1.0);
    return o;
  }
}

// -----
// RUN: convert-to-ssa
// A rank's window as a plain InOut Tensor (PyPTO distributed_tensor_view_valid_shape_substitution;
// pl has no distributed tensor type): renaming reaches the valid_shape of a slice of it, and the
// all-reduce of that slice reads the renamed value.
program p {
  Opaque main(InOut Tensor<fp32, 16, 64> data, In index n) -> Tensor<fp32, 8, 64> {
    index valid_len = min(n, 64);
    valid_len = valid_len + 1;
    Tensor<fp32, 8, 64, view{valid_shape = {8, valid_len}}> sub = tensor.slice(data, {8, 64}, {0, 0});
    Tensor<fp32, 8, 64, view{valid_shape = {8, valid_len}}> r = pld.all_reduce(sub);
    Tensor<fp32, 8, 64> o = tensor.adds(r, 1.0);
    return o;
  }
}
// EXPECTED:
program p {
  Opaque main(InOut Tensor<fp32, 16, 64> data, In index n) -> Tensor<fp32, 8, 64> {
    index valid_len = min(n, 64);
    index valid_len_1 = valid_len + 1;
    Tensor<fp32, 8, 64, view{valid_shape = {8, valid_len_1}}> sub = tensor.slice(data, {8, 64}, {0, 0});
    Tensor<fp32, 8, 64, view{valid_shape = {8, valid_len_1}}> r = pld.all_reduce(sub);
    Tensor<fp32, 8, 64> o = tensor.adds(r, 1.0);
    return o;
  }
}
