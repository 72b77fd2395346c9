// RUN: flatten-control-flow
// XLA WhileRoot: a counter is carried, the condition becomes `ctr < bound`, the yield adds
// ctr + 1 and a result var for the counter is added. The bound is the exact trip count here.
program p {
  Opaque f(In index x) -> index {
    while (i < 10) carry (index i = 0, index a = x) -> (index ri, index ra) {
      yield(i + 1, a * 2);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> index {
    while (ctr < 10) carry (index i = 0, index a = x, index ctr = 0) -> (index ri, index ra, index ctr_final) {
      yield(i + 1, a * 2, ctr + 1);
    }
    return ra;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// An unknown bound falls back to while_execution_count; a condition with a call is dropped
// (XLA WhileConditionCallComputation).
program p {
  Opaque g(In index v) -> index {
    return v;
  }

  Opaque f(In index n) -> index {
    while (g(i) < n) carry (index i = 0) -> (index ri) {
      yield(i + 1);
    }
    return ri;
  }
}
// EXPECTED:
program p {
  Opaque g(In index v) -> index {
    return v;
  }

  Opaque f(In index n) -> index {
    while (ctr < 3) carry (index i = 0, index ctr = 0) -> (index ri, index ctr_final) {
      yield(i + 1, ctr + 1);
    }
    return ri;
  }
}

// -----
// RUN: flatten-control-flow{use_trip_count=false}
// XLA MatchLtUseInferedLoopCount: `i < 100` gives 100, the initial value 42 ignored.
program p {
  Opaque f(In index x) -> index {
    while (i < 100) carry (index i = 42) -> (index ri) {
      yield(i + 1);
    }
    return ri;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> index {
    while (ctr < 100) carry (index i = 42, index ctr = 0) -> (index ri, index ctr_final) {
      yield(i + 1, ctr + 1);
    }
    return ri;
  }
}

// -----
// RUN: flatten-control-flow
// pl's default (use_trip_count=true): the same loop runs its real 58 iterations.
program p {
  Opaque f(In index x) -> index {
    while (i < 100) carry (index i = 42) -> (index ri) {
      yield(i + 1);
    }
    return ri;
  }
}
// EXPECTED:
program p {
  Opaque f(In index x) -> index {
    while (ctr < 58) carry (index i = 42, index ctr = 0) -> (index ri, index ctr_final) {
      yield(i + 1, ctr + 1);
    }
    return ri;
  }
}

// -----
// RUN: flatten-control-flow{use_trip_count=false}
// XLA MatchGtUseInferedLoopCount: `50 > i` gives 50.
program p {
  Opaque f(In index n) -> index {
    while (50 > i) carry (index i = n) -> (index ri) {
      yield(i + 1);
    }
    return ri;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    while (ctr < 50) carry (index i = n, index ctr = 0) -> (index ri, index ctr_final) {
      yield(i + 1, ctr + 1);
    }
    return ri;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=123}
// XLA NotMatchEqUseDefaultLoopCount: `==` gives no bound: while_execution_count.
program p {
  Opaque f(In index n) -> index {
    while (i == 0) carry (index i = n) -> (index ri) {
      yield(i * 3);
    }
    return ri;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    while (ctr < 123) carry (index i = n, index ctr = 0) -> (index ri, index ctr_final) {
      yield(i * 3, ctr + 1);
    }
    return ri;
  }
}

// -----
// RUN: flatten-control-flow{max_outer_loop_count=10}
// XLA MaxOuterLoopCount: the outer loop 1000 → 10; the nested loop keeps 100.
program p {
  Opaque f(In index x) -> index {
    while (i < 1000) carry (index i = 0, index a = x) -> (index ri, index ra) {
      while (j < 100) carry (index j = 0, index b = a) -> (index rj, index rb) {
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
    while (ctr < 10) carry (index i = 0, index a = x, index ctr = 0) -> (index ri, index ra, index ctr_final) {
      while (ctr_1 < 100) carry (index j = 0, index b = a, index ctr_1 = 0) -> (index rj, index rb, index ctr_final_1) {
        yield(j + 1, b + 1, ctr_1 + 1);
      }
      yield(i + 1, rb, ctr + 1);
    }
    return ra;
  }
}

// -----
// RUN: flatten-control-flow{max_outer_loop_count=10 max_loop_count=500}
// Across functions: g is called inside a loop, so its loop is nested (capped by max_loop_count
// only); h is never called inside a loop, so its loop is outer.
program p {
  Opaque g(In index x) -> index {
    while (i < 1000) carry (index i = 0) -> (index ri) {
      yield(i + 1);
    }
    return ri;
  }

  Opaque h(In index x) -> index {
    while (i < 1000) carry (index i = 0) -> (index ri) {
      yield(i + 1);
    }
    return ri;
  }

  Opaque main(In index n) -> index {
    for (index k : range(0, n, 1)) {
      index r = g(k);
    }
    index s = h(n);
    return s;
  }
}
// EXPECTED:
program p {
  Opaque g(In index x) -> index {
    while (ctr < 500) carry (index i = 0, index ctr = 0) -> (index ri, index ctr_final) {
      yield(i + 1, ctr + 1);
    }
    return ri;
  }

  Opaque h(In index x) -> index {
    while (ctr < 10) carry (index i = 0, index ctr = 0) -> (index ri, index ctr_final) {
      yield(i + 1, ctr + 1);
    }
    return ri;
  }

  Opaque main(In index n) -> index {
    for (index k : range(0, n, 1)) {
      index r = g(k);
    }
    index s = h(n);
    return s;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=2}
// A pre-SSA while loop (no carried values) gets the counter and a yield of its own.
program p {
  Opaque f(In index n) -> index {
    index i = 0;
    while (i < n) {
      i = i + 1;
    }
    return i;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index i = 0;
    while (ctr < 2) carry (index ctr = 0) -> (index ctr_final) {
      i = i + 1;
      yield(ctr + 1);
    }
    return i;
  }
}

// -----
// RUN: flatten-control-flow{flatten_conditional=true}
// XLA PredicatedConditional: the condition becomes conditional_value (false); the old one is
// kept alive as an evaluated statement.
program p {
  Opaque f(In index n) -> index {
    bool c = n > 4;
    index r = 0;
    if (c) {
      r = 1;
    } else {
      r = 2;
    }
    return r;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    bool c = n > 4;
    index r = 0;
    (c);
    if (false) {
      r = 1;
    } else {
      r = 2;
    }
    return r;
  }
}

// -----
// RUN: flatten-control-flow{flatten_conditional=true conditional_value=true}
// XLA IndexedConditional, mapped onto an else-if chain: with true the first branch is taken.
program p {
  Opaque f(In index n) -> index {
    index r = 0;
    if (n == 0) {
      r = 1;
    } else if (n == 1) {
      r = 2;
    } else {
      r = 3;
    }
    return r;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index r = 0;
    (n == 0);
    if (true) {
      r = 1;
    } else {
      (n == 1);
      if (true) {
        r = 2;
      } else {
        r = 3;
      }
    }
    return r;
  }
}

// -----
// RUN: flatten-control-flow
// XLA ReplicaIdSucceedsWithChange: with remove_comm (default) block ids become 0; conditionals
// and for loops are left alone by default.
program p {
  InCore k(In Tensor<fp32, 64, 16> a, Out Tensor<fp32, 64, 16> out) {
    index b = tile.get_block_idx();
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {b * 16, 0}, {16, 16});
    Tensor<fp32, 64, 16> w = tile.store(t, {b * 16, 0}, out);
    return;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64, 16> a, Out Tensor<fp32, 64, 16> out) {
    index b = 0;
    Tile<fp32, 16, 16, Vec> t = tile.load(a, {b * 16, 0}, {16, 16});
    Tensor<fp32, 64, 16> w = tile.store(t, {b * 16, 0}, out);
    return;
  }
}

// -----
// RUN: flatten-control-flow{remove_comm=false}
// Must not change: without remove_comm / remove_id block ids stay; no loop, no flattening.
program p {
  InCore k(In Tensor<fp32, 64, 16> a) {
    index b = tile.get_block_idx();
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: flatten-control-flow{remove_comm=false remove_id=true}
// XLA RemoveReplicaIdButKeepAllReduce: remove_id alone replaces ids.
program p {
  InCore k(In Tensor<fp32, 64, 16> a) {
    index b = tile.get_block_idx();
    return;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 64, 16> a) {
    index b = 0;
    return;
  }
}

// -----
// RUN: flatten-control-flow{flatten_for_loops=true max_loop_count=5 while_execution_count=4}
// pl addition: for loops are bounded too (constant bounds: min(trip count, cap); run-time
// bounds: while_execution_count); loops already within the cap stay.
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : range(0, 100, 2)) {
      x = x + i;
    }
    for (index j : range(1, n, 3)) {
      x = x + j;
    }
    for (index k : range(0, 3, 1)) {
      x = x + k;
    }
    return x;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index x = n;
    for (index i : range(0, 10, 2)) {
      x = x + i;
    }
    for (index j : range(1, 13, 3)) {
      x = x + j;
    }
    for (index k : range(0, 3, 1)) {
      x = x + k;
    }
    return x;
  }
}

// -----
// RUN: flatten-control-flow{flatten_while_loop=false}
// Must not change: with flatten_while_loop=false while loops stay.
program p {
  Opaque f(In index x) -> index {
    while (i < 10) carry (index i = 0) -> (index ri) {
      yield(i + 1);
    }
    return ri;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: flatten-control-flow
// A while loop with its own continue cannot get a counter.
program p {
  Opaque f(In index n) -> index {
    index i = 0;
    while (i < n) {
      i = i + 1;
      if (i == 3) {
        continue; // EXPECTED-ERROR: FC001 {{run ctrl-flow-transform first}}
      }
      i = i + 1;
    }
    return i;
  }
}

// -----
// RUN: flatten-control-flow
// XLA WhileUser: users of the loop's results (a call and an expression after the loop) keep
// reading the same result vars; the added counter result is not theirs (XLA's prefix tuple).
program p {
  Opaque g(In index u, In index v) -> index {
    return u + v;
  }

  Opaque f(In index x) -> index {
    while (i < 10) carry (index i = 0, index a = x) -> (index ri, index ra) {
      yield(i + 1, a * 2);
    }
    index s = g(ri, ra);
    index t = s + ra;
    return t;
  }
}
// EXPECTED:
program p {
  Opaque g(In index u, In index v) -> index {
    return u + v;
  }

  Opaque f(In index x) -> index {
    while (ctr < 10) carry (index i = 0, index a = x, index ctr = 0) -> (index ri, index ra, index ctr_final) {
      yield(i + 1, a * 2, ctr + 1);
    }
    index s = g(ri, ra);
    index t = s + ra;
    return t;
  }
}

// -----
// RUN: flatten-control-flow{flatten_conditional=true}
// XLA IndexedConditional with conditional_value=false (the default): every condition of the
// else-if chain is false, so the last branch runs (XLA's index N-1).
program p {
  Opaque f(In index n) -> index {
    index r = 0;
    if (n == 0) {
      r = 1;
    } else if (n == 1) {
      r = 2;
    } else {
      r = 3;
    }
    return r;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    index r = 0;
    (n == 0);
    if (false) {
      r = 1;
    } else {
      (n == 1);
      if (false) {
        r = 2;
      } else {
        r = 3;
      }
    }
    return r;
  }
}

// -----
// RUN: flatten-control-flow
// The bound is analysed through calls to pure scalar functions (XLA's fused condition and
// update): below(i, 20) with i = inc(i) = i + 2 runs 10 times.
program p {
  Opaque inc(In index a) -> index {
    index c = 2;
    return a + c;
  }

  Opaque below(In index a, In index b) -> bool {
    return a < b;
  }

  Opaque f(In index x) -> index {
    while (below(i, 20)) carry (index i = 0, index a = x) -> (index ri, index ra) {
      index u = inc(i);
      yield(u, a * 2);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque inc(In index a) -> index {
    index c = 2;
    return a + c;
  }

  Opaque below(In index a, In index b) -> bool {
    return a < b;
  }

  Opaque f(In index x) -> index {
    while (ctr < 10) carry (index i = 0, index a = x, index ctr = 0) -> (index ri, index ra, index ctr_final) {
      index u = inc(i);
      yield(u, a * 2, ctr + 1);
    }
    return ra;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// Use what the analysis computes: without an exact count, the trip-count upper bound bounds the
// loop (the body sets i to -1, which ends `i == 42`: at most one trip; XLA SingleIterationUpperBound).
program p {
  Opaque f(In index n) -> index {
    while (i == 42) carry (index i = n, index a = n) -> (index ri, index ra) {
      yield(-1, a + 1);
    }
    return ra;
  }
}
// EXPECTED:
program p {
  Opaque f(In index n) -> index {
    while (ctr < 1) carry (index i = n, index a = n, index ctr = 0) -> (index ri, index ra, index ctr_final) {
      yield(-1, a + 1, ctr + 1);
    }
    return ra;
  }
}
