// FlattenCallExpr: nested calls become t__tmp_v<N> temporaries (passes/flatten_call_expr.h).

// RUN: flatten-call-expr
// a call in call arguments is bound first (seed: c = foo(bar(a)))
program {
  Opaque bar(In index x) -> index { return x; }
  Opaque foo(In index x) -> index { return x; }
  Opaque f(In index a) -> index {
    index c = foo(bar(a));
    return c;
  }
}
// EXPECTED:
program {
  Opaque bar(In index x) -> index { return x; }
  Opaque foo(In index x) -> index { return x; }
  Opaque f(In index a) -> index {
    index t__tmp_v0 = bar(a);
    index c = foo(t__tmp_v0);
    return c;
  }
}

// -----
// RUN: flatten-call-expr
// several nested calls are bound left to right, inner calls first
program {
  Opaque f(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> r = tensor.add(tensor.mul(a, b), tensor.exp(tensor.sub(a, b)));
    return r;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> t__tmp_v0 = tensor.mul(a, b);
    Tensor<fp32, 16, 16> t__tmp_v1 = tensor.sub(a, b);
    Tensor<fp32, 16, 16> t__tmp_v2 = tensor.exp(t__tmp_v1);
    Tensor<fp32, 16, 16> r = tensor.add(t__tmp_v0, t__tmp_v2);
    return r;
  }
}

// -----
// RUN: flatten-call-expr
// calls as binary operands are bound (seed: x = compute(a) + compute(b))
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index a, In index b) -> index {
    index x = g(a) + g(b);
    return x;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index a, In index b) -> index {
    index t__tmp_v0 = g(a);
    index t__tmp_v1 = g(b);
    index x = t__tmp_v0 + t__tmp_v1;
    return x;
  }
}

// -----
// RUN: flatten-call-expr
// a call as a unary operand is bound
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index a) -> index {
    index x = -g(a);
    return x;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index a) -> index {
    index t__tmp_v0 = g(a);
    index x = -t__tmp_v0;
    return x;
  }
}

// -----
// RUN: flatten-call-expr
// a call inside a binary inside call arguments is bound before the call
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index a) -> index {
    index x = g(a * g(a));
    return x;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index a) -> index {
    index t__tmp_v0 = g(a);
    index x = g(a * t__tmp_v0);
    return x;
  }
}

// -----
// RUN: flatten-call-expr
// an if condition call goes in front of the if (seed: if is_valid(compute(x)))
program {
  Opaque compute(In index x) -> index { return x; }
  Opaque is_valid(In index x) -> bool { return x > 0; }
  Opaque f(In index x) -> index {
    if (is_valid(compute(x))) -> (index y) {
      yield(1);
    } else {
      yield(2);
    }
    return y;
  }
}
// EXPECTED:
program {
  Opaque compute(In index x) -> index { return x; }
  Opaque is_valid(In index x) -> bool { return x > 0; }
  Opaque f(In index x) -> index {
    index t__tmp_v0 = compute(x);
    bool t__tmp_v1 = is_valid(t__tmp_v0);
    if (t__tmp_v1) -> (index y) {
      yield(1);
    } else {
      yield(2);
    }
    return y;
  }
}

// -----
// RUN: flatten-call-expr
// a call compared in an if condition: the call is bound, the comparison stays
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index x) -> index {
    if (g(x) < 3) -> (index y) {
      yield(1);
    } else {
      yield(2);
    }
    return y;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index x) -> index {
    index t__tmp_v0 = g(x);
    if (t__tmp_v0 < 3) -> (index y) {
      yield(1);
    } else {
      yield(2);
    }
    return y;
  }
}

// -----
// RUN: flatten-call-expr
// for-range bounds and loop init values are bound in front of the loop
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(g(0), g(n), 1)) carry (index acc = g(n)) -> (index r) {
      index s = acc + i;
      yield(s);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    index t__tmp_v0 = g(0);
    index t__tmp_v1 = g(n);
    index t__tmp_v2 = g(n);
    for (index i : range(t__tmp_v0, t__tmp_v1, 1)) carry (index acc = t__tmp_v2) -> (index r) {
      index s = acc + i;
      yield(s);
    }
    return r;
  }
}

// -----
// RUN: flatten-call-expr
// a call in a yield stays inside the loop body, in front of the yield
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index acc = 0) -> (index r) {
      yield(g(acc + i));
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    for (index i : range(0, n, 1)) carry (index acc = 0) -> (index r) {
      index t__tmp_v0 = g(acc + i);
      yield(t__tmp_v0);
    }
    return r;
  }
}

// -----
// RUN: flatten-call-expr
// a call in a branch yield stays inside the branch
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index x) -> index {
    if (x < 3) -> (index y) {
      yield(g(x));
    } else {
      index z = x + 1;
      yield(g(z));
    }
    return y;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index x) -> index {
    if (x < 3) -> (index y) {
      index t__tmp_v0 = g(x);
      yield(t__tmp_v0);
    } else {
      index z = x + 1;
      index t__tmp_v1 = g(z);
      yield(t__tmp_v1);
    }
    return y;
  }
}

// -----
// RUN: flatten-call-expr
// a direct call in a return is bound (seed: return self.tile_add(a, b, f))
program {
  Opaque f(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    return tensor.add(a, b);
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 16, 16> a, In Tensor<fp32, 16, 16> b) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> t__tmp_v0 = tensor.add(a, b);
    return t__tmp_v0;
  }
}

// -----
// RUN: flatten-call-expr
// a scope body keeps its temporaries inside (seed: pl.at + assemble(target, cast(x), offsets))
program {
  Opaque f(In Tensor<fp32, 16, 16> x, In Tensor<bf16, 32, 16> target) -> Tensor<bf16, 32, 16> {
    scope hierarchy [[level = "CORE_GROUP"]] {
      Tensor<bf16, 32, 16> result = tensor.assemble(target, tensor.cast(x, {.target_type = bf16}), {0, 0});
    }
    return result;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 16, 16> x, In Tensor<bf16, 32, 16> target) -> Tensor<bf16, 32, 16> {
    scope hierarchy [[level = "CORE_GROUP"]] {
      Tensor<bf16, 16, 16> t__tmp_v0 = tensor.cast(x, {.target_type = bf16});
      Tensor<bf16, 32, 16> result = tensor.assemble(target, t__tmp_v0, {0, 0});
    }
    return result;
  }
}

// -----
// RUN: flatten-call-expr
// a single-statement loop body becomes a block when it gains a temporary (#1708)
program {
  Opaque f(In Tensor<fp32, 16, 16> a, In index n) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> acc = a) -> (Tensor<fp32, 16, 16> r) {
      yield(tensor.add(acc, tensor.exp(a)));
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 16, 16> a, In index n) -> Tensor<fp32, 16, 16> {
    for (index i : range(0, n, 1)) carry (Tensor<fp32, 16, 16> acc = a) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> t__tmp_v0 = tensor.exp(a);
      Tensor<fp32, 16, 16> t__tmp_v1 = tensor.add(acc, t__tmp_v0);
      yield(t__tmp_v1);
    }
    return r;
  }
}

// -----
// RUN: flatten-call-expr
// a loop-invariant call in a while condition goes in front of the loop
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    while (i < g(n)) carry (index i = 0) -> (index r) {
      index j = i + 1;
      yield(j);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    index t__tmp_v0 = g(n);
    while (i < t__tmp_v0) carry (index i = 0) -> (index r) {
      index j = i + 1;
      yield(j);
    }
    return r;
  }
}

// -----
// RUN: flatten-call-expr
// a while condition that calls on a carried value becomes a carried bool, recomputed before the yield
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    while (g(i) < n) carry (index i = 0) -> (index r) {
      index j = i + 1;
      yield(j);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index n) -> index {
    index t__tmp_v0 = g(0);
    while (t__tmp_v1) carry (index i = 0, bool t__tmp_v1 = t__tmp_v0 < n) -> (index r, bool k) {
      index j = i + 1;
      index t__tmp_v2 = g(j);
      yield(j, t__tmp_v2 < n);
    }
    return r;
  }
}

// -----
// RUN: flatten-call-expr
// submit arguments are flattened; the submit itself stays the assigned value
program {
  InCore k(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> { return a; }
  Orchestration f(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tuple<Tensor<fp32, 16, 16>, task_id> s = submit k(tensor.exp(a));
    Tensor<fp32, 16, 16> r = s[0];
    return r;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> { return a; }
  Orchestration f(In Tensor<fp32, 16, 16> a) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> t__tmp_v0 = tensor.exp(a);
    Tuple<Tensor<fp32, 16, 16>, task_id> s = submit k(t__tmp_v0);
    Tensor<fp32, 16, 16> r = s[0];
    return r;
  }
}

// -----
// RUN: flatten-call-expr
// a tuple access on a call result binds the call first
program {
  Opaque pair(In index x) -> (index, index) { return x, x; }
  Opaque f(In index a) -> index {
    index x = pair(a)[1];
    return x;
  }
}
// EXPECTED:
program {
  Opaque pair(In index x) -> (index, index) { return x, x; }
  Opaque f(In index a) -> index {
    Tuple<index, index> t__tmp_v0 = pair(a);
    index x = t__tmp_v0[1];
    return x;
  }
}

// -----
// RUN: flatten-call-expr
// calls in the else-if condition stay inside the else branch
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index x) -> index {
    if (x < 3) {
      g(x);
    } else if (g(x) < 5) {
      g(1);
    }
    return x;
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In index x) -> index {
    if (x < 3) {
      g(x);
    } else {
      index t__tmp_v0 = g(x);
      if (t__tmp_v0 < 5) {
        g(1);
      }
    }
    return x;
  }
}

// -----
// RUN: flatten-call-expr
// the first nested call comes after flat statements and flat operands: those keep their order
// in front of it (the pass copies a block or an argument list only from its first change on)
program {
  Opaque g(In index x) -> index { return x; }
  Opaque h(In index x, In index y, In index z) -> index { return x; }
  Opaque f(In index a) -> index {
    index b = g(a);
    index c = h(a, b, g(b));
    index d = h(c, a, b);
    return h(d, a, g(c));
  }
}
// EXPECTED:
program {
  Opaque g(In index x) -> index { return x; }
  Opaque h(In index x, In index y, In index z) -> index { return x; }
  Opaque f(In index a) -> index {
    index b = g(a);
    index t__tmp_v0 = g(b);
    index c = h(a, b, t__tmp_v0);
    index d = h(c, a, b);
    index t__tmp_v1 = g(c);
    index t__tmp_v2 = h(d, a, t__tmp_v1);
    return t__tmp_v2;
  }
}

// -----
// RUN: flatten-call-expr
// already-flat IR is unchanged: top-level calls, evaluated calls, plain operands
program {
  Opaque g(In index x) -> index { return x; }
  Opaque f(In Tensor<fp32, 16, 16> a, In index n) -> Tensor<fp32, 16, 16> {
    index m = g(n);
    index k = m * 2 + 1;
    Tensor<fp32, 16, 16> b = tensor.adds(a, 1.0);
    g(k);
    for (index i : range(0, k, 1)) carry (Tensor<fp32, 16, 16> acc = b) -> (Tensor<fp32, 16, 16> r) {
      Tensor<fp32, 16, 16> c = tensor.add(acc, a);
      yield(c);
    }
    if (k > 4) {
      g(m);
    }
    return r;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: verify{properties=NoNestedCalls}
// the NoNestedCalls verifier reports each kind of nested call that this pass removes
program {
  Opaque g(In index x) -> index { return x; }
  Opaque p(In index x) -> bool { return x > 0; }
  Opaque f(In index a) -> index {
    index b = g(g(a)); // EXPECTED-ERROR: V201 {{nested in the arguments of 'g'}}
    if (p(a)) { // EXPECTED-ERROR: V202 {{an if condition}}
      g(a);
    }
    for (index i : range(0, g(a), 1)) { // EXPECTED-ERROR: V203 {{a for range}}
      g(i);
    }
    index c = g(a) + 1; // EXPECTED-ERROR: V204 {{a binary operand}}
    index d = -g(a); // EXPECTED-ERROR: V205 {{a unary operand}}
    return g(d); // EXPECTED-ERROR: V206 {{a return value}}
  }
}

// -----
// RUN: flatten-call-expr
// nested calls in both branches of an if stay inside their branch (PyPTO if_with_nested_calls_in_branches)
program {
  Opaque f(In Tensor<fp32, 64> x, In index n) -> Tensor<fp32, 64> {
    if (n > 2) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> a = tensor.muls(tensor.adds(x, 1.0), 2.0);
      yield(a);
    } else {
      Tensor<fp32, 64> b = tensor.adds(tensor.exp(x), 3.0);
      yield(b);
    }
    return r;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 64> x, In index n) -> Tensor<fp32, 64> {
    if (n > 2) -> (Tensor<fp32, 64> r) {
      Tensor<fp32, 64> t__tmp_v0 = tensor.adds(x, 1.0);
      Tensor<fp32, 64> a = tensor.muls(t__tmp_v0, 2.0);
      yield(a);
    } else {
      Tensor<fp32, 64> t__tmp_v1 = tensor.exp(x);
      Tensor<fp32, 64> b = tensor.adds(t__tmp_v1, 3.0);
      yield(b);
    }
    return r;
  }
}

// -----
// RUN: flatten-call-expr
// nested calls before and after a loop with an if, and in the return: each temporary sits just before its
// statement (PyPTO nested_calls_before_and_after_if)
program {
  Opaque f(In Tensor<fp32, 64> y, In Tensor<fp32, 64> z, In Tensor<fp32, 64> b, In Tensor<fp32, 64> c) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.create({64}, {.dtype = fp32});
    Tensor<fp32, 64> x = tensor.mul(tensor.adds(y, 1.0), z);
    for (index i : range(0, 10, 1)) {
      if (i > 5) {
        Tensor<fp32, 64> r2 = tensor.adds(result, 1.0);
      }
    }
    Tensor<fp32, 64> a = tensor.mul(tensor.adds(b, 2.0), c);
    return tensor.add(x, a);
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 64> y, In Tensor<fp32, 64> z, In Tensor<fp32, 64> b, In Tensor<fp32, 64> c) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.create({64}, {.dtype = fp32});
    Tensor<fp32, 64> t__tmp_v0 = tensor.adds(y, 1.0);
    Tensor<fp32, 64> x = tensor.mul(t__tmp_v0, z);
    for (index i : range(0, 10, 1)) {
      if (i > 5) {
        Tensor<fp32, 64> r2 = tensor.adds(result, 1.0);
      }
    }
    Tensor<fp32, 64> t__tmp_v1 = tensor.adds(b, 2.0);
    Tensor<fp32, 64> a = tensor.mul(t__tmp_v1, c);
    Tensor<fp32, 64> t__tmp_v2 = tensor.add(x, a);
    return t__tmp_v2;
  }
}

// -----
// RUN: flatten-call-expr
// calls in a for range's start and step are bound in front of the loop, start first (PyPTO
// for_with_calls_in_start_and_step)
program {
  Opaque f(In Tensor<fp32, 64, 64> a, Out Tensor<fp32, 64, 64> output) -> Tensor<fp32, 64, 64> {
    for (index i : range(tile.get_block_idx(), 10, tile.get_block_num())) {
      Tile<fp32, 32, 32, Vec> t = tile.load(a, {0, 0}, {32, 32});
      tile.store(t, {0, 0}, output);
    }
    return output;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 64, 64> a, Out Tensor<fp32, 64, 64> output) -> Tensor<fp32, 64, 64> {
    index t__tmp_v0 = tile.get_block_idx();
    index t__tmp_v1 = tile.get_block_num();
    for (index i : range(t__tmp_v0, 10, t__tmp_v1)) {
      Tile<fp32, 32, 32, Vec> t = tile.load(a, {0, 0}, {32, 32});
      tile.store(t, {0, 0}, output);
    }
    return output;
  }
}

// -----
// RUN: flatten-call-expr
// a loop with an if and nested calls, then several statements with nested calls: temporaries in order,
// each in the block of its statement (PyPTO nested_control_flow_with_calls, multiple_statements_with_nested_calls)
program {
  Opaque f(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    for (index i : range(0, 5, 1)) carry (Tensor<fp32, 64> result = x) -> (Tensor<fp32, 64> rr) {
      Tensor<fp32, 64> temp = tensor.add(tensor.muls(result, 2.0), tensor.exp(x));
      if (i > 2) -> (Tensor<fp32, 64> rp) {
        yield(temp);
      } else {
        Tensor<fp32, 64> t2 = tensor.adds(temp, 1.0);
        yield(t2);
      }
      yield(rp);
    }
    Tensor<fp32, 64> a = tensor.adds(tensor.muls(rr, 2.0), 1.0);
    Tensor<fp32, 64> b = tensor.muls(tensor.adds(a, 3.0), 4.0);
    Tensor<fp32, 64> c = tensor.add(tensor.exp(b), tensor.exp(a));
    return c;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    for (index i : range(0, 5, 1)) carry (Tensor<fp32, 64> result = x) -> (Tensor<fp32, 64> rr) {
      Tensor<fp32, 64> t__tmp_v0 = tensor.muls(result, 2.0);
      Tensor<fp32, 64> t__tmp_v1 = tensor.exp(x);
      Tensor<fp32, 64> temp = tensor.add(t__tmp_v0, t__tmp_v1);
      if (i > 2) -> (Tensor<fp32, 64> rp) {
        yield(temp);
      } else {
        Tensor<fp32, 64> t2 = tensor.adds(temp, 1.0);
        yield(t2);
      }
      yield(rp);
    }
    Tensor<fp32, 64> t__tmp_v2 = tensor.muls(rr, 2.0);
    Tensor<fp32, 64> a = tensor.adds(t__tmp_v2, 1.0);
    Tensor<fp32, 64> t__tmp_v3 = tensor.adds(a, 3.0);
    Tensor<fp32, 64> b = tensor.muls(t__tmp_v3, 4.0);
    Tensor<fp32, 64> t__tmp_v4 = tensor.exp(b);
    Tensor<fp32, 64> t__tmp_v5 = tensor.exp(a);
    Tensor<fp32, 64> c = tensor.add(t__tmp_v4, t__tmp_v5);
    return c;
  }
}

// -----
// RUN: flatten-call-expr
// an InCore function stays InCore (PyPTO preserve_incore_func_type)
program {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> result = tensor.muls(tensor.adds(x, 1.0), 2.0);
    return result;
  }
}
// EXPECTED:
program {
  InCore k(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    Tensor<fp32, 64> t__tmp_v0 = tensor.adds(x, 1.0);
    Tensor<fp32, 64> result = tensor.muls(t__tmp_v0, 2.0);
    return result;
  }
}

// -----
// RUN: flatten-call-expr
// a submit whose argument is flattened keeps its deps (PyPTO submit_deps_survive_arg_flatten)
program {
  InCore k1(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    return x;
  }
  InCore k2(In Tensor<fp32, 64> x, Out Tensor<fp32, 32> out) -> Tensor<fp32, 32> {
    return out;
  }
  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    scope runtime [[manual = true]] {
      Tuple<Tensor<fp32, 64>, task_id> a = submit k1(x);
      task_id a_tid = a[1];
      Tuple<Tensor<fp32, 32>, task_id> b = submit k2(x, tensor.slice(out, {32}, {0})) {.deps = {a_tid}};
    }
    return out;
  }
}
// EXPECTED:
program {
  InCore k1(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    return x;
  }

  InCore k2(In Tensor<fp32, 64> x, Out Tensor<fp32, 32> out) -> Tensor<fp32, 32> {
    return out;
  }

  Orchestration main(In Tensor<fp32, 64> x, Out Tensor<fp32, 64> out) -> Tensor<fp32, 64> {
    scope runtime [[manual = true]] {
      Tuple<Tensor<fp32, 64>, task_id> a = submit k1(x);
      task_id a_tid = a[1];
      Tensor<fp32, 32> t__tmp_v0 = tensor.slice(out, {32}, {0});
      Tuple<Tensor<fp32, 32>, task_id> b = submit k2(x, t__tmp_v0) {.deps = {a_tid}};
    }
    return out;
  }
}

// -----
// RUN: flatten-call-expr
// nested scopes keep their temporaries in the innermost scope, in order; the return's calls stay outside
// (PyPTO multiple_nested_calls_inside_scope, nested_scope_blocks, deeply_nested_call_inside_scope, nested_call_in_return)
program {
  Opaque f(In Tensor<fp32, 64> x, In Tensor<fp32, 64> y) -> Tensor<fp32, 64> {
    scope hierarchy [[level = "CORE_GROUP"]] {
      Tensor<fp32, 64> a = tensor.adds(tensor.muls(x, 2.0), 1.0);
      Tensor<fp32, 64> b = tensor.muls(tensor.adds(a, 3.0), 4.0);
      Tensor<fp32, 64> d = tensor.muls(tensor.adds(tensor.exp(x), 1.0), 2.0);
      scope hierarchy [[level = "CORE_GROUP"]] {
        Tensor<fp32, 64> e = tensor.adds(tensor.exp(y), 3.0);
      }
    }
    return tensor.add(tensor.add(b, d), e);
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 64> x, In Tensor<fp32, 64> y) -> Tensor<fp32, 64> {
    scope hierarchy [[level = "CORE_GROUP"]] {
      Tensor<fp32, 64> t__tmp_v0 = tensor.muls(x, 2.0);
      Tensor<fp32, 64> a = tensor.adds(t__tmp_v0, 1.0);
      Tensor<fp32, 64> t__tmp_v1 = tensor.adds(a, 3.0);
      Tensor<fp32, 64> b = tensor.muls(t__tmp_v1, 4.0);
      Tensor<fp32, 64> t__tmp_v2 = tensor.exp(x);
      Tensor<fp32, 64> t__tmp_v3 = tensor.adds(t__tmp_v2, 1.0);
      Tensor<fp32, 64> d = tensor.muls(t__tmp_v3, 2.0);
      scope hierarchy [[level = "CORE_GROUP"]] {
        Tensor<fp32, 64> t__tmp_v4 = tensor.exp(y);
        Tensor<fp32, 64> e = tensor.adds(t__tmp_v4, 3.0);
      }
    }
    Tensor<fp32, 64> t__tmp_v5 = tensor.add(b, d);
    Tensor<fp32, 64> t__tmp_v6 = tensor.add(t__tmp_v5, e);
    return t__tmp_v6;
  }
}

// -----
// RUN: flatten-call-expr
// a scope inside a loop body keeps its temporary inside the scope (PyPTO scope_inside_for_loop_with_nested_calls)
program {
  Opaque f(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> result = x) -> (Tensor<fp32, 64> rr) {
      scope hierarchy [[level = "CORE_GROUP"]] {
        Tensor<fp32, 64> r2 = tensor.muls(tensor.adds(result, 1.0), 2.0);
      }
      yield(r2);
    }
    return rr;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    for (index i : range(0, 10, 1)) carry (Tensor<fp32, 64> result = x) -> (Tensor<fp32, 64> rr) {
      scope hierarchy [[level = "CORE_GROUP"]] {
        Tensor<fp32, 64> t__tmp_v0 = tensor.adds(result, 1.0);
        Tensor<fp32, 64> r2 = tensor.muls(t__tmp_v0, 2.0);
      }
      yield(r2);
    }
    return rr;
  }
}

// -----
// RUN: flatten-call-expr
// cluster and spmd scopes keep their temporaries inside (PyPTO nested_call_inside_cluster_scope,
// nested_call_inside_spmd_scope)
program {
  Opaque f(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    scope cluster {
      Tensor<fp32, 64> a = tensor.muls(tensor.adds(x, 1.0), 2.0);
    }
    scope spmd [[core_num = (4)]] {
      Tensor<fp32, 64> b = tensor.muls(tensor.adds(a, 1.0), 2.0);
    }
    return b;
  }
}
// EXPECTED:
program {
  Opaque f(In Tensor<fp32, 64> x) -> Tensor<fp32, 64> {
    scope cluster {
      Tensor<fp32, 64> t__tmp_v0 = tensor.adds(x, 1.0);
      Tensor<fp32, 64> a = tensor.muls(t__tmp_v0, 2.0);
    }
    scope spmd [[core_num = (4)]] {
      Tensor<fp32, 64> t__tmp_v1 = tensor.adds(a, 1.0);
      Tensor<fp32, 64> b = tensor.muls(t__tmp_v1, 2.0);
    }
    return b;
  }
}
