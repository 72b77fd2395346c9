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

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA Infeed: with remove_infeed_outfeed (default) an infeed becomes the buffer it fills: the
// data keeps its name and type (XLA's infeed of (bf16[3], s32[12,5]) is one infeed per buffer).
program p {
  Opaque f(Out Tensor<bf16, 3> a, Out Tensor<int32, 12, 5> b) -> Tuple<Tensor<bf16, 3>, Tensor<int32, 12, 5>> {
    Tensor<bf16, 3> infeed = system.infeed(a);
    Tensor<int32, 12, 5> infeed_1 = system.infeed(b);
    return {infeed, infeed_1};
  }
}
// EXPECTED:
program p {
  Opaque f(Out Tensor<bf16, 3> a, Out Tensor<int32, 12, 5> b) -> Tuple<Tensor<bf16, 3>, Tensor<int32, 12, 5>> {
    Tensor<bf16, 3> infeed = a;
    Tensor<int32, 12, 5> infeed_1 = b;
    return {infeed, infeed_1};
  }
}

// -----
// RUN: flatten-control-flow{remove_infeed_outfeed=false}
// Must not change: with remove_infeed_outfeed=false infeeds and outfeeds stay.
program p {
  Opaque f(Out Tensor<bf16, 3> a) -> Tensor<bf16, 3> {
    Tensor<bf16, 3> infeed = system.infeed(a);
    system.outfeed(infeed);
    return infeed;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA InfeedPreserveLayout: the stubbed infeed keeps the buffer's layout (a DN view here, XLA's
// {0,1:T(8,128)}): the result's declared type is unchanged.
program p {
  Opaque f(Out Tensor<bf16, 3> a, Out Tensor<int32, 12, 5, view{layout = DN}> b) -> Tensor<int32, 12, 5, view{layout = DN}> {
    Tensor<bf16, 3> infeed = system.infeed(a);
    Tensor<int32, 12, 5, view{layout = DN}> infeed_1 = system.infeed(b);
    return infeed_1;
  }
}
// EXPECTED:
program p {
  Opaque f(Out Tensor<bf16, 3> a, Out Tensor<int32, 12, 5, view{layout = DN}> b) -> Tensor<int32, 12, 5, view{layout = DN}> {
    Tensor<bf16, 3> infeed = a;
    Tensor<int32, 12, 5, view{layout = DN}> infeed_1 = b;
    return infeed_1;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA Outfeed: the outfeed is removed and its operands are kept alive as `(v);` (XLA's
// side-effecting NopReturnToken over the same operands).
program p {
  Opaque f(In Tensor<bf16, 3> a, In Tensor<int32, 12, 5> b) {
    system.outfeed(a, b);
    return;
  }
}
// EXPECTED:
program p {
  Opaque f(In Tensor<bf16, 3> a, In Tensor<int32, 12, 5> b) {
    (a);
    (b);
    return;
  }
}

// -----
// RUN: flatten-control-flow
// XLA OutfeedCustomCallIsPartitionable: an outfeed in a kernel that an Spmd wrapper launches on
// 4 blocks becomes `(t);`, which needs no sharding (the lowering of the launch is
// lower_spmd_launches.pir «a kernel whose outfeed flatten-control-flow stubbed out»).
program p {
  InCore k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    system.outfeed(r);
    return o;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = k(x, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = w(x, o) [[core_num = 4]];
    return r;
  }
}
// EXPECTED:
program p {
  InCore k(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tile<fp32, 1, 16, Vec> t = tile.load(x, {0}, {16});
    Tensor<fp32, 16> r = tile.store(t, {0}, o);
    (r);
    return o;
  }

  Spmd w(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = k(x, o);
    return o;
  }

  Orchestration main(In Tensor<fp32, 16> x, Out Tensor<fp32, 16> o) -> Tensor<fp32, 16> {
    Tensor<fp32, 16> r = w(x, o) [[core_num = 4]];
    return r;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA AllReduce: with remove_comm (default) an all-reduce becomes its operand, name kept (XLA's
// variadic all-reduce of two operands is one pld.all_reduce per tensor).
program p {
  Opaque f(InOut Tensor<fp32, 3> param0, InOut Tensor<fp32, 12, 5> param1) -> Tuple<Tensor<fp32, 3>, Tensor<fp32, 12, 5>> {
    Tensor<fp32, 3> all_reduce = pld.all_reduce(param0);
    Tensor<fp32, 12, 5> all_reduce_1 = pld.all_reduce(param1, {.reduce = "sum"});
    return {all_reduce, all_reduce_1};
  }
}
// EXPECTED:
program p {
  Opaque f(InOut Tensor<fp32, 3> param0, InOut Tensor<fp32, 12, 5> param1) -> Tuple<Tensor<fp32, 3>, Tensor<fp32, 12, 5>> {
    Tensor<fp32, 3> all_reduce = param0;
    Tensor<fp32, 12, 5> all_reduce_1 = param1;
    return {all_reduce, all_reduce_1};
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA AllReduceStartAndDone: the start and the done become two chained copies, names kept.
program p {
  Opaque f(InOut Tensor<fp32, 8> input) -> Tensor<fp32, 8> {
    Tensor<fp32, 8> crs = pld.all_reduce_start(input);
    Tensor<fp32, 8> done = pld.all_reduce_done(crs);
    return done;
  }
}
// EXPECTED:
program p {
  Opaque f(InOut Tensor<fp32, 8> input) -> Tensor<fp32, 8> {
    Tensor<fp32, 8> crs = input;
    Tensor<fp32, 8> done = crs;
    return done;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA AllGather: the gather becomes its output buffer, name kept; the input stays alive.
program p {
  Opaque f(In Tensor<fp32, 128, 32> input, Out Tensor<fp32, 128, 128> out) -> Tensor<fp32, 128, 128> {
    Tensor<fp32, 128, 128> ag = pld.all_gather(out, input, {.axis = 1});
    return ag;
  }
}
// EXPECTED:
program p {
  Opaque f(In Tensor<fp32, 128, 32> input, Out Tensor<fp32, 128, 128> out) -> Tensor<fp32, 128, 128> {
    (input);
    Tensor<fp32, 128, 128> ag = out;
    return ag;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA AllToAll: the all-to-all becomes its operand, name kept.
program p {
  Opaque f(InOut Tensor<fp32, 128, 32> input) -> Tensor<fp32, 128, 32> {
    Tensor<fp32, 128, 32> a2a = pld.all_to_all(input);
    return a2a;
  }
}
// EXPECTED:
program p {
  Opaque f(InOut Tensor<fp32, 128, 32> input) -> Tensor<fp32, 128, 32> {
    Tensor<fp32, 128, 32> a2a = input;
    return a2a;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA CollectivePermute: the permute becomes its operand, name kept.
program p {
  Opaque f(InOut Tensor<fp32, 128, 32> input) -> Tensor<fp32, 128, 32> {
    Tensor<fp32, 128, 32> collective_permute = pld.collective_permute(input, {.pairs = [0, 1, 1, 2, 2, 3]});
    return collective_permute;
  }
}
// EXPECTED:
program p {
  Opaque f(InOut Tensor<fp32, 128, 32> input) -> Tensor<fp32, 128, 32> {
    Tensor<fp32, 128, 32> collective_permute = input;
    return collective_permute;
  }
}

// -----
// RUN: flatten-control-flow{remove_comm=false remove_id=true}
// XLA RemoveReplicaIdButKeepAllReduce: remove_id alone makes the id 0; the all-reduce of the
// tensor built from it stays.
program p {
  Opaque f(Out Tensor<int32, 4> buf) -> Tensor<int32, 4> {
    index id = tensor.get_block_idx();
    Tensor<int32, 4> v = tensor.full({4}, id, {.dtype = int32});
    Tensor<int32, 4> all_reduce = pld.all_reduce(v);
    return all_reduce;
  }
}
// EXPECTED:
program p {
  Opaque f(Out Tensor<int32, 4> buf) -> Tensor<int32, 4> {
    index id = 0;
    Tensor<int32, 4> v = tensor.full({4}, id, {.dtype = int32});
    Tensor<int32, 4> all_reduce = pld.all_reduce(v);
    return all_reduce;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA CollectivePermuteInPlaceUpdate: the windowed permute becomes its target, name kept; the
// source stays alive, the offsets and sizes are constants.
program p {
  Opaque f(In Tensor<fp32, 128, 32> input) -> Tensor<fp32, 128, 128> {
    Tensor<fp32, 128, 128> output = tensor.full({128, 128}, 1.0, {.dtype = fp32});
    Tensor<fp32, 128, 128> collective_permute = pld.collective_permute_update(output, input, {0, 0}, {0, 64}, {128, 32}, {.pairs = [0, 1, 1, 2, 2, 3]});
    return collective_permute;
  }
}
// EXPECTED:
program p {
  Opaque f(In Tensor<fp32, 128, 32> input) -> Tensor<fp32, 128, 128> {
    Tensor<fp32, 128, 128> output = tensor.full({128, 128}, 1.0, {.dtype = fp32});
    (input);
    Tensor<fp32, 128, 128> collective_permute = output;
    return collective_permute;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA CollectivePermuteStartAndDone: the start and the done become two chained copies.
program p {
  Opaque f(InOut Tensor<fp32, 128, 32> input) -> Tensor<fp32, 128, 32> {
    Tensor<fp32, 128, 32> collective_permute_start = pld.collective_permute_start(input, {.pairs = [0, 1, 1, 2, 2, 3]});
    Tensor<fp32, 128, 32> collective_permute_done = pld.collective_permute_done(collective_permute_start);
    return collective_permute_done;
  }
}
// EXPECTED:
program p {
  Opaque f(InOut Tensor<fp32, 128, 32> input) -> Tensor<fp32, 128, 32> {
    Tensor<fp32, 128, 32> collective_permute_start = input;
    Tensor<fp32, 128, 32> collective_permute_done = collective_permute_start;
    return collective_permute_done;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA Recv: recv / recv_done become two chained copies (the result); send / send_done on the
// other channel are stubbed too, the sent data kept alive.
program p {
  Opaque f(Out Tensor<fp32, 1> buf) -> Tensor<fp32, 1> {
    Tensor<fp32, 1> recv = pld.recv(buf, {.channel_id = 15});
    Tensor<fp32, 1> recv_done = pld.recv_done(recv, {.channel_id = 15});
    Tensor<fp32, 1> constant = tensor.full({1}, 2.1, {.dtype = fp32});
    Tensor<fp32, 1> send = pld.send(constant, {.channel_id = 16});
    pld.send_done(send, {.channel_id = 16});
    return recv_done;
  }
}
// EXPECTED:
program p {
  Opaque f(Out Tensor<fp32, 1> buf) -> Tensor<fp32, 1> {
    Tensor<fp32, 1> recv = buf;
    Tensor<fp32, 1> recv_done = recv;
    Tensor<fp32, 1> constant = tensor.full({1}, 2.1, {.dtype = fp32});
    Tensor<fp32, 1> send = constant;
    (send);
    return recv_done;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3 max_outer_loop_count=3 max_loop_count=3 remove_comm=false remove_host_transfer=true}
// XLA RecvHostTransfer: remove_host_transfer alone stubs the recv from the host; the send to a
// rank is kept.
program p {
  Opaque f(Out Tensor<fp32, 1> buf) -> Tensor<fp32, 1> {
    Tensor<fp32, 1> recv = pld.recv(buf, {.channel_id = 15, .host_transfer = true});
    Tensor<fp32, 1> recv_done = pld.recv_done(recv, {.channel_id = 15, .host_transfer = true});
    Tensor<fp32, 1> constant = tensor.full({1}, 2.1, {.dtype = fp32});
    Tensor<fp32, 1> send = pld.send(constant, {.channel_id = 16});
    pld.send_done(send, {.channel_id = 16});
    return recv_done;
  }
}
// EXPECTED:
program p {
  Opaque f(Out Tensor<fp32, 1> buf) -> Tensor<fp32, 1> {
    Tensor<fp32, 1> recv = buf;
    Tensor<fp32, 1> recv_done = recv;
    Tensor<fp32, 1> constant = tensor.full({1}, 2.1, {.dtype = fp32});
    Tensor<fp32, 1> send = pld.send(constant, {.channel_id = 16});
    pld.send_done(send, {.channel_id = 16});
    return recv_done;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA Send: send / send_done (the last statement) become a copy and a kept-alive `(send);`; the
// recv on the other channel is stubbed too.
program p {
  Opaque f(Out Tensor<fp32, 1> buf) {
    Tensor<fp32, 1> recv = pld.recv(buf, {.channel_id = 15});
    Tensor<fp32, 1> recv_done = pld.recv_done(recv, {.channel_id = 15});
    Tensor<fp32, 1> constant = tensor.full({1}, 2.1, {.dtype = fp32});
    Tensor<fp32, 1> send = pld.send(constant, {.channel_id = 16});
    pld.send_done(send, {.channel_id = 16});
    return;
  }
}
// EXPECTED:
program p {
  Opaque f(Out Tensor<fp32, 1> buf) {
    Tensor<fp32, 1> recv = buf;
    Tensor<fp32, 1> recv_done = recv;
    Tensor<fp32, 1> constant = tensor.full({1}, 2.1, {.dtype = fp32});
    Tensor<fp32, 1> send = constant;
    (send);
    return;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3 max_outer_loop_count=3 max_loop_count=3 remove_comm=false remove_host_transfer=true}
// XLA SendHostTransfer: remove_host_transfer alone stubs the send to the host; the recv from a
// rank is kept.
program p {
  Opaque f(Out Tensor<fp32, 1> buf) {
    Tensor<fp32, 1> recv = pld.recv(buf, {.channel_id = 15});
    Tensor<fp32, 1> recv_done = pld.recv_done(recv, {.channel_id = 15});
    Tensor<fp32, 1> constant = tensor.full({1}, 2.1, {.dtype = fp32});
    Tensor<fp32, 1> send = pld.send(constant, {.channel_id = 16, .host_transfer = true});
    pld.send_done(send, {.channel_id = 16, .host_transfer = true});
    return;
  }
}
// EXPECTED:
program p {
  Opaque f(Out Tensor<fp32, 1> buf) {
    Tensor<fp32, 1> recv = pld.recv(buf, {.channel_id = 15});
    Tensor<fp32, 1> recv_done = pld.recv_done(recv, {.channel_id = 15});
    Tensor<fp32, 1> constant = tensor.full({1}, 2.1, {.dtype = fp32});
    Tensor<fp32, 1> send = constant;
    (send);
    return;
  }
}

// -----
// RUN: flatten-control-flow{remove_comm=false}
// Must not change: remove_host_transfer is off by default, so with remove_comm=false a host
// transfer stays.
program p {
  Opaque f(In Tensor<fp32, 1> c) {
    Tensor<fp32, 1> send = pld.send(c, {.channel_id = 16, .host_transfer = true});
    pld.send_done(send, {.channel_id = 16, .host_transfer = true});
    return;
  }
}
// EXPECTED-UNCHANGED

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA AllGatherStartAndDone: the start becomes its output buffer (the input kept alive), the
// done a copy of the start; names kept.
program p {
  Opaque f(In Tensor<fp32, 8, 256, 256> input, Out Tensor<fp32, 16, 256, 256> out) -> Tensor<fp32, 16, 256, 256> {
    Tensor<fp32, 16, 256, 256> ag_start = pld.all_gather_start(out, input, {.axis = 0});
    Tensor<fp32, 16, 256, 256> ag_done = pld.all_gather_done(ag_start);
    return ag_done;
  }
}
// EXPECTED:
program p {
  Opaque f(In Tensor<fp32, 8, 256, 256> input, Out Tensor<fp32, 16, 256, 256> out) -> Tensor<fp32, 16, 256, 256> {
    (input);
    Tensor<fp32, 16, 256, 256> ag_start = out;
    Tensor<fp32, 16, 256, 256> ag_done = ag_start;
    return ag_done;
  }
}

// -----
// RUN: flatten-control-flow
// XLA CollectiveFusion (a deliberate difference): the collectives inside a called function are
// stubbed where they are and the function's other work stays; XLA replaces a fusion that holds
// a collective by one nop. The block id in it becomes 0 (remove_comm).
program p {
  Opaque gather(In Tensor<fp32, 4, 8> a, In Tensor<fp32, 4, 8> b) -> Tuple<Tensor<fp32, 16, 8>, Tensor<fp32, 16, 8>> {
    index id = tensor.get_block_idx();
    Tensor<fp32, 16, 8> za = tensor.full({16, 8}, 0.0, {.dtype = fp32});
    Tensor<fp32, 16, 8> ua = tensor.assemble(za, a, {id * 4, 0});
    Tensor<fp32, 16, 8> zb = tensor.full({16, 8}, 0.0, {.dtype = fp32});
    Tensor<fp32, 16, 8> ub = tensor.assemble(zb, b, {id * 4, 0});
    Tensor<fp32, 16, 8> ra = pld.all_reduce(ua);
    Tensor<fp32, 16, 8> rb = pld.all_reduce(ub);
    return {ra, rb};
  }

  Opaque main(In Tensor<fp32, 4, 8> a, In Tensor<fp32, 4, 8> b) -> Tuple<Tensor<fp32, 16, 8>, Tensor<fp32, 16, 8>> {
    Tuple<Tensor<fp32, 16, 8>, Tensor<fp32, 16, 8>> fusion = gather(a, b);
    return fusion;
  }
}
// EXPECTED:
program p {
  Opaque gather(In Tensor<fp32, 4, 8> a, In Tensor<fp32, 4, 8> b) -> Tuple<Tensor<fp32, 16, 8>, Tensor<fp32, 16, 8>> {
    index id = 0;
    Tensor<fp32, 16, 8> za = tensor.full({16, 8}, 0.0, {.dtype = fp32});
    Tensor<fp32, 16, 8> ua = tensor.assemble(za, a, {id * 4, 0});
    Tensor<fp32, 16, 8> zb = tensor.full({16, 8}, 0.0, {.dtype = fp32});
    Tensor<fp32, 16, 8> ub = tensor.assemble(zb, b, {id * 4, 0});
    Tensor<fp32, 16, 8> ra = ua;
    Tensor<fp32, 16, 8> rb = ub;
    return {ra, rb};
  }

  Opaque main(In Tensor<fp32, 4, 8> a, In Tensor<fp32, 4, 8> b) -> Tuple<Tensor<fp32, 16, 8>, Tensor<fp32, 16, 8>> {
    Tuple<Tensor<fp32, 16, 8>, Tensor<fp32, 16, 8>> fusion = gather(a, b);
    return fusion;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=3}
// XLA AsyncAllToAll: an async all-to-all's start and done become two chained copies.
program p {
  Opaque f(InOut Tensor<fp32, 8, 128> input) -> Tensor<fp32, 8, 128> {
    Tensor<fp32, 8, 128> a2a_start = pld.all_to_all_start(input);
    Tensor<fp32, 8, 128> a2a_done = pld.all_to_all_done(a2a_start);
    return a2a_done;
  }
}
// EXPECTED:
program p {
  Opaque f(InOut Tensor<fp32, 8, 128> input) -> Tensor<fp32, 8, 128> {
    Tensor<fp32, 8, 128> a2a_start = input;
    Tensor<fp32, 8, 128> a2a_done = a2a_start;
    return a2a_done;
  }
}

// -----
// RUN: flatten-control-flow
// Signals and one-sided transfers (remove_comm): notify, wait and put are removed, their
// tensors kept alive; a get becomes its destination.
program p {
  Opaque f(InOut Tensor<int32, 1> sig, In Tensor<fp32, 16> x, Out Tensor<fp32, 16> y, In index peer) -> Tensor<fp32, 16> {
    pld.put(y, x, peer);
    pld.notify(sig, peer, {.value = 1});
    pld.wait(sig, {.value = 1});
    Tensor<fp32, 16> g = pld.get(y, x, peer);
    return g;
  }
}
// EXPECTED:
program p {
  Opaque f(InOut Tensor<int32, 1> sig, In Tensor<fp32, 16> x, Out Tensor<fp32, 16> y, In index peer) -> Tensor<fp32, 16> {
    (y);
    (x);
    (sig);
    (sig);
    (x);
    Tensor<fp32, 16> g = y;
    return g;
  }
}

// -----
// RUN: flatten-control-flow{while_execution_count=2}
// Communication inside a loop is stubbed as well: the all-reduce in the body becomes a copy.
program p {
  Opaque f(InOut Tensor<fp32, 16> x, In index n) -> Tensor<fp32, 16> {
    while (i < n) carry (index i = 0, Tensor<fp32, 16> acc = x) -> (index ri, Tensor<fp32, 16> racc) {
      Tensor<fp32, 16> r = pld.all_reduce(acc);
      yield(i + 1, r);
    }
    return racc;
  }
}
// EXPECTED:
program p {
  Opaque f(InOut Tensor<fp32, 16> x, In index n) -> Tensor<fp32, 16> {
    while (ctr < 2) carry (index i = 0, Tensor<fp32, 16> acc = x, index ctr = 0) -> (index ri, Tensor<fp32, 16> racc, index ctr_final) {
      Tensor<fp32, 16> r = acc;
      yield(i + 1, r, ctr + 1);
    }
    return racc;
  }
}

// -----
// RUN: flatten-control-flow{remove_comm=true}
// must not change: remove_comm stubs out communication, not a kernel's in-core pipe flags and barriers
program p {
  AIV k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    system.sync_src({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
    system.sync_dst({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
    Tile<fp32, 16, 16, Vec> u = tile.exp(t);
    system.bar_v();
    Tensor<fp32, 16, 16> r = tile.store(u, {0, 0}, y);
    return;
  }
}
// EXPECTED:
program p {
  AIV k(In Tensor<fp32, 16, 16> x, Out Tensor<fp32, 16, 16> y) {
    Tile<fp32, 16, 16, Vec> t = tile.load(x, {0, 0}, {16, 16}, {.target_memory = Vec});
    system.sync_src({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
    system.sync_dst({.set_pipe = "mte2", .wait_pipe = "v", .event_id = 0});
    Tile<fp32, 16, 16, Vec> u = tile.exp(t);
    system.bar_v();
    Tensor<fp32, 16, 16> r = tile.store(u, {0, 0}, y);
    return;
  }
}
