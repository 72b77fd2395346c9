// SkewCrossCorePipeline (pipeline slot 30): a `pl::pipeline` loop of a mixed task's kernel whose
// body first produces for the other core and then consumes from it is skewed by one iteration
// (the production of iteration i + 1 runs before the consumption of iteration i); one that
// cannot be skewed safely is demoted to a single stage.
//
// Why: after ExpandMixedKernel a kernel that pushes S_i to its peer and then waits for the
//   peer's answer R_i idles for the whole round trip each iteration. Pushing S_{i+1} before
//   waiting for R_i lets both cores work at once. Stages of a pipeline loop replicated later
//   (LowerPipelineLoops) must not reorder the payloads of one pipe, so a loop that cannot be
//   skewed keeps one stage.
// Properties: passes/passes.def. AIC / AIV functions only.
// A Pipeline loop with `stage` F >= 2 whose body contains cross-core ops is split at its last
//   top-level push into P (up to and including it) and C (the rest). It is skewed when: the trip
//   count N is a constant >= 2; P and C are not empty; each pipe (cube-to-vector,
//   vector-to-cube) is used only in P or only in C (so every pipe's payload order is unchanged);
//   P uses no carried value and nothing C binds. The result: P for the first iteration;
//   `for (i : range(start, start + (N - 1) * step, step))` carrying the original carries and
//   every value P binds that C (or the yield) uses, its body P at i + step, then C at i; C for
//   the last iteration, whose yields bind the original loop's results. Every other Pipeline loop
//   with cross-core ops gets `stage = 1` (demoted); a skewed loop is a one-stage Pipeline loop.
//   Loops without cross-core ops and one-stage loops are unchanged (so the pass is idempotent).
// Options: none.
// Diagnostics: none.
// Example: `for (i : pipeline(0, 4, 1), {stage = 2}) { s = ..; tpush(s); r = tpop(); f(r) }`
//   → `s0 = ..(0); tpush(s0); for (i : pipeline(0, 3, 1), {stage = 1}) { j = i + 1; sj = ..(j);
//   tpush(sj); r = tpop(); f(r) } r3 = tpop(); f(r3)`.
// Test: tests/passes/skew_cross_core_pipeline.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (f itself when nothing changes).
ir::FunctionPtr skewCrossCorePipeline(const ir::FunctionPtr &f);

Pass createSkewCrossCorePipelinePass(PassOptions &opts);

} // namespace pl::passes
