// UnrollLoops (pipeline slot 02): fully expands `unroll` loops with constant bounds.
//
// Why: `pl::unroll` asks for straight-line code (e.g. per-stage buffers, compile-time offsets);
//   later passes (SSA, Simplify, memory planning) then see one statement per iteration.
// Properties: passes/passes.def. Runs before ConvertToSSA; SSA input with iter_args is handled
//   too.
// Rewrites: each For of kind Unroll whose start, stop and step evaluate to constants (literals,
//   or scalars assigned once to a constant) becomes `trip count` copies of its body in order,
//   with the loop variable replaced by start + k·step everywhere (expressions, types, call
//   kwargs and attrs such as `device = i`). Negative steps count down; a zero-trip loop
//   disappears. Variables bound only inside the loop get fresh Vars per copy; variables also
//   used outside it (pre-SSA re-assignments) keep their identity. Iter_args are threaded from
//   copy to copy and the return vars are assigned the last values. Inner unroll loops expand
//   first. Loops of any other kind are untouched.
// Options: max_trip_count=N (default 1024) — the most iterations one loop may expand to.
// Diagnostics (at the loop): UR001 bounds are not constant · UR002 step is zero ·
//   UR003 trip count above the cap (names both) · UR004 trip count overflows int64 or the
//   loop variable's dtype · UR005 break / continue of the unroll loop itself.
// Example: `for (index i : unroll(0, 3, 1)) { x = x + i; }` → `x = x + 0; x = x + 1; x = x + 2;`
// Test: tests/passes/unroll_loops.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

constexpr int64_t kDefaultMaxUnrollTripCount = 1024;

/// The algorithm: f with every unroll loop expanded; nullptr after reporting an error.
ir::FunctionPtr unrollLoops(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags,
                            int64_t maxTripCount = kDefaultMaxUnrollTripCount);

Pass createUnrollLoopsPass(PassOptions &opts);

} // namespace pl::passes
