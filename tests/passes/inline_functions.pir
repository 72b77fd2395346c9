// RUN: inline-functions
// Reference acceptance case: the body is spliced with the actual for the parameter, locals are
// renamed <n>_inline<N>, the result is assigned, and the Inline function is deleted.
program p {
  Inline h(In index x) -> index {
    index y = x * x;
    return y;
  }

  Opaque main(In index a) -> index {
    index z = h(a);
    return z;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    index y_inline0 = a * a;
    index z = y_inline0;
    return z;
  }
}

// -----
// RUN: inline-functions
// Two call sites get two independent copies; a constant actual is substituted.
program p {
  Inline h(In index x) -> index {
    index y = x * x;
    return y;
  }

  Opaque main(In index a) -> index {
    index z = h(a);
    index w = h(3);
    return z + w;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    index y_inline0 = a * a;
    index z = y_inline0;
    index y_inline1 = 3 * 3;
    index w = y_inline1;
    return z + w;
  }
}

// -----
// RUN: inline-functions
// A non-variable actual is evaluated once, into <param>_inline<N>, before the body.
program p {
  Inline h(In index x) -> index {
    return x * x;
  }

  Opaque main(In index a) -> index {
    index z = h(a + 1);
    return z;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    index x_inline0 = a + 1;
    index z = x_inline0 * x_inline0;
    return z;
  }
}

// -----
// RUN: inline-functions
// Tuple unpacking of a multi-result callee: uses t[i] become the results; no tuple survives.
program p {
  Inline two(In index x) -> (index, index) {
    index a = x + 1;
    index b = x * 2;
    return a, b;
  }

  Opaque main(In index n) -> index {
    Tuple<index, index> t = two(n);
    index lo = t[0];
    index hi = t[1];
    return lo + hi;
  }
}
// EXPECTED:
program p {
  Opaque main(In index n) -> index {
    index a_inline0 = n + 1;
    index b_inline0 = n * 2;
    index lo = a_inline0;
    index hi = b_inline0;
    return lo + hi;
  }
}

// -----
// RUN: inline-functions
// Results that are not variables are bound to fresh variables before the t[i] uses see them.
program p {
  Inline two(In index x) -> (index, index) {
    return x + 1, x * 2;
  }

  Opaque main(In index n) -> index {
    Tuple<index, index> t = two(n);
    return t[0] + t[1];
  }
}
// EXPECTED:
program p {
  Opaque main(In index n) -> index {
    index t_0 = n + 1;
    index t_1 = n * 2;
    return t_0 + t_1;
  }
}

// -----
// RUN: inline-functions
// A tuple result that is used whole is rebuilt from the results.
program p {
  Inline two(In index x) -> (index, index) {
    index a = x + 1;
    return a, x;
  }

  Opaque main(In index n) -> Tuple<index, index> {
    Tuple<index, index> t = two(n);
    return t;
  }
}
// EXPECTED:
program p {
  Opaque main(In index n) -> Tuple<index, index> {
    index a_inline0 = n + 1;
    Tuple<index, index> t = {a_inline0, n};
    return t;
  }
}

// -----
// RUN: inline-functions
// `return f(..)` returns the cloned result directly.
program p {
  Inline h(In index x) -> index {
    index y = x + 1;
    return y;
  }

  Opaque main(In index n) -> index {
    return h(n);
  }
}
// EXPECTED:
program p {
  Opaque main(In index n) -> index {
    index y_inline0 = n + 1;
    return y_inline0;
  }
}

// -----
// RUN: inline-functions
// A bare call statement splices the body and drops the result.
program p {
  Inline put(In Tile<fp32, 16, 16, Vec> t, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    Tensor<fp32, 16, 16> w = tile.store(t, {0, 0}, o);
    return w;
  }

  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> out) {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16});
    put(t, out);
    return;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> out) {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16});
    Tensor<fp32, 16, 16> w_inline0 = tile.store(t, {0, 0}, out);
    return;
  }
}

// -----
// RUN: inline-functions
// A body that re-assigns its Out parameter re-assigns the caller's actual variable instead.
program p {
  Inline put(In Tile<fp32, 16, 16, Vec> t, Out Tensor<fp32, 16, 16> o) -> Tensor<fp32, 16, 16> {
    o = tile.store(t, {0, 0}, o);
    return o;
  }

  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16});
    Tensor<fp32, 16, 16> r = put(t, out);
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> out) -> Tensor<fp32, 16, 16> {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16});
    out = tile.store(t, {0, 0}, out);
    Tensor<fp32, 16, 16> r = out;
    return r;
  }
}

// -----
// RUN: inline-functions
// An In parameter re-assigned in the body is a local copy: the caller's variable is untouched.
program p {
  Inline inc(In index x) -> index {
    x = x + 1;
    return x;
  }

  Opaque main(In index a) -> index {
    index y = inc(a);
    return a + y;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    index x_inline0 = a + 1;
    index y = x_inline0;
    return a + y;
  }
}

// -----
// RUN: inline-functions
// Inline functions calling Inline functions are spliced to a fixpoint.
program p {
  Inline sq(In index x) -> index {
    return x * x;
  }

  Inline quad(In index x) -> index {
    index s = sq(x);
    index q = sq(s);
    return q;
  }

  Opaque main(In index a) -> index {
    index z = quad(a);
    return z;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    index s_inline0 = a * a;
    index q_inline0 = s_inline0 * s_inline0;
    index z = q_inline0;
    return z;
  }
}

// -----
// RUN: inline-functions
// Bodies with loops and scopes are spliced whole; their binders are renamed too.
program p {
  Inline total(In index n) -> index {
    index s = 0;
    for (index i : range(0, n, 1)) {
      s = s + i;
    }
    return s;
  }

  Opaque main(In index a) -> index {
    index z = total(a);
    return z;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    index s_inline0 = 0;
    for (index i_inline0 : range(0, a, 1)) {
      s_inline0 = s_inline0 + i_inline0;
    }
    index z = s_inline0;
    return z;
  }
}

// -----
// RUN: inline-functions
// A result that is the assigned variable itself gives no `x = x` copy.
program p {
  Inline id(In index x) -> index {
    return x;
  }

  Opaque main(In index a) -> index {
    index z = a;
    z = id(z);
    return z;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    index z = a;
    return z;
  }
}

// -----
// RUN: inline-functions
// An Inline function nobody calls is deleted; other functions stay.
program p {
  Inline unused(In index x) -> index {
    return x;
  }

  Opaque main(In index a) -> index {
    return a;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    return a;
  }
}

// -----
// RUN: inline-functions
// A program without Inline functions does not change (calls to other functions stay).
program p {
  Opaque g(In index x) -> index {
    return x;
  }

  Opaque main(In index a) -> index {
    index z = g(a);
    return z;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: inline-functions
// Mutual recursion among Inline functions is an error naming the cycle.
program p {
  Inline a(In index x) -> index {
    index y = b(x);
    return y;
  }

  Inline b(In index x) -> index {
    index y = a(x); // EXPECTED-ERROR: IN001 {{cycle among Inline functions: 'a' -> 'b' -> 'a'}}
    return y;
  }

  Opaque main(In index n) -> index {
    index z = a(n);
    return z;
  }
}

// -----
// RUN: inline-functions
// A self-recursive Inline function is an error too.
program p {
  Inline f(In index x) -> index {
    index y = f(x); // EXPECTED-ERROR: IN001 {{'f' -> 'f'}}
    return y;
  }

  Opaque main(In index n) -> index {
    index z = f(n);
    return z;
  }
}

// -----
// RUN: inline-functions
// A call nested inside another expression is first bound to `<callee>_ret` before the
// statement (the C++ frontend nests calls), then spliced.
program p {
  Inline sig(In Tile<fp32, 16, 16, Vec> x) -> Tile<fp32, 16, 16, Vec> {
    Tile<fp32, 16, 16, Vec> e = tile.exp(x);
    return e;
  }

  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> y) {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16});
    y = tile.store(tile.mul(t, sig(t)), {0, 0}, y);
    return;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> y) {
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {0, 0}, {16, 16});
    Tile<fp32, 16, 16, Vec> e_inline0 = tile.exp(t);
    Tile<fp32, 16, 16, Vec> sig_ret = e_inline0;
    y = tile.store(tile.mul(t, sig_ret), {0, 0}, y);
    return;
  }
}

// -----
// RUN: inline-functions
// Nested calls in if conditions, for bounds and yields are hoisted in front of their
// statement (a yield's stays inside the loop body); argument order is kept.
program p {
  Inline h(In index x) -> index {
    return x * x;
  }

  Opaque main(In index a) -> index {
    index r = h(a) + h(a + 1);
    if (h(r) > 4) {
      r = 0;
    }
    for (index i : range(0, h(3), 1)) carry (index acc = r) -> (index out) {
      yield(h(acc));
    }
    return out;
  }
}
// EXPECTED:
program p {
  Opaque main(In index a) -> index {
    index h_ret = a * a;
    index x_inline1 = a + 1;
    index h_ret_1 = x_inline1 * x_inline1;
    index r = h_ret + h_ret_1;
    index h_ret_2 = r * r;
    if (h_ret_2 > 4) {
      r = 0;
    }
    index h_ret_3 = 3 * 3;
    for (index i : range(0, h_ret_3, 1)) carry (index acc = r) -> (index out) {
      index h_ret_4 = acc * acc;
      yield(h_ret_4);
    }
    return out;
  }
}

// -----
// RUN: inline-functions
// A call in a while condition (evaluated every iteration) is not inlined: the verifier
// reports it.
program p {
  Inline h(In index x) -> index {
    return x * x;
  }

  Opaque main(In index a) -> index {
    while (h(i) < 100) carry (index i = a) -> (index r) { // EXPECTED-ERROR: V801 {{call to Inline function 'h' was not inlined}}
      yield(i + 1);
    }
    return r;
  }
}

// -----
// RUN: inline-functions
// An early return cannot be spliced.
program p {
  Inline f(In index x) -> index {
    if (x > 0) {
      return x; // EXPECTED-ERROR: IN003 {{returns before its end}}
    }
    return 0;
  }

  Opaque main(In index n) -> index {
    index z = f(n);
    return z;
  }
}

// -----
// RUN: inline-functions
// An Out parameter the body re-assigns needs a variable argument.
program p {
  Inline set(Out index o) {
    o = 5;
    return;
  }

  Opaque main(In index n) -> index {
    set(3); // EXPECTED-ERROR: IN002 {{re-assigns its Out parameter 'o'}}
    return n;
  }
}

// -----
// RUN: inline-functions
// A submit of an Inline function cannot be inlined either.
program p {
  Inline h(In index x) -> index {
    return x * x;
  }

  Orchestration main(In index a) {
    Tuple<index, task_id> r = submit h(a); // EXPECTED-ERROR: V801 {{submit of Inline function 'h'}}
    return;
  }
}

// -----
// RUN: verify{properties=InlineFunctionsEliminated}
// The verifier reports a call of an Inline function and an Inline function nobody calls.
program p {
  Inline h(In index x) -> index {
    return x * x;
  }

  Inline unused(In index x) -> index { // EXPECTED-ERROR: V802 {{Inline function 'unused' remains}}
    return x;
  }

  Opaque main(In index a) -> index {
    index z = h(a); // EXPECTED-ERROR: V801 {{call to Inline function 'h' was not inlined}}
    return z;
  }
}
// -----
// RUN: inline-functions
// An orchestration's call of another orchestration is spliced (issue 35: the runtime has no such call); the callee stays, a kernel call does not
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> y) {
    y = tile.store(tile.load(a, {0, 0}, {16, 16}), {0, 0}, y);
  }

  Orchestration inner(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) {
    Tensor<fp32, 16, 16> t = tensor.create({16, 16}, {.dtype = fp32});
    k(x, t);
    k(t, y);
  }

  Orchestration outer(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) {
    inner(a, b);
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> y) {
    y = tile.store(tile.load(a, {0, 0}, {16, 16}), {0, 0}, y);
  }

  Orchestration inner(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) {
    Tensor<fp32, 16, 16> t = tensor.create({16, 16}, {.dtype = fp32});
    k(x, t);
    k(t, y);
  }

  Orchestration outer(In Tensor<fp32, 16, 16> a, Out Tensor<fp32, 16, 16> b) {
    Tensor<fp32, 16, 16> t_inline0 = tensor.create({16, 16}, {.dtype = fp32});
    k(a, t_inline0);
    k(t_inline0, b);
  }
}
