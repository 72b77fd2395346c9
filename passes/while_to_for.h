// WhileToFor (utility, not in the default pipeline): a while loop with an induction variable, a
// ±C step and an exact trip count becomes a counted for loop.
//
// Why: counted loops are what Simplify, UnrollLoops-style expansion, pipelining and codegen
//   understand; XLA's while-loop analysis recovers them from loops written as `while`.
// Properties: passes/passes.def. Only loops in iter_args form are candidates; pre-SSA whiles
//   stay.
// Rewrites (reference xla_control_flow.md §4.2), when passes/utils/loop_analysis finds the IV k
//   of `while (cond) carry (..) -> (..) { body; yield(..) }`, its step C (update `iv ± C`)
//   and an exact trip count tc (scalars assigned once to constants count as known), the
//   condition is pure, and the body has no break / continue of its own:
//   → `for (iv : range(init, init + tc·C, C)) carry (other iter_args) -> (other results)
//      { body; yield(other values) }` followed by `r_k = init + tc·C` (the value that ended the
//   loop). The IV's carried variable becomes the loop variable (same Var). tc == 0 drops the
//   loop: every result takes its initial value.
// Options: brute_force_limit=N (default 128) — iterations the trip count may be found by
//   evaluating the loop when the pattern match fails.
// Diagnostics: none (a loop that does not qualify is left as it is).
// Example: `while (i < 10) carry (index i = 0, T a = x) -> (ri, ra) { yield(i + 2, g(a)); }`
//   → `for (index i : range(0, 10, 2)) carry (T a = x) -> (ra) { yield(g(a)); } ri = 10;`
// Test: tests/passes/while_to_for.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f with every qualifying while loop converted (f itself when none does).
ir::FunctionPtr convertWhileToFor(const ir::FunctionPtr &f, int64_t bruteForceLimit = 128);

Pass createWhileToForPass(PassOptions &opts);

} // namespace pl::passes
