// ExpandManualPhaseFence (slot 45): a task id array that many tasks of a manual scope depend on
// becomes one dummy barrier task they depend on instead.
//
// Why: a dependency on a whole array of N task ids (`.deps = ids`, PyPTO's `deps=[tids]`) gives
// each of its M consumers N edges, N x M in all — a phase of M branches waiting for the N
// branches of the previous phase. One `system.task_dummy(ids)` depending on the N tasks, and
// the consumers depending on it, is N + M edges with the same ordering (the dummy runs after
// all N; each consumer after the dummy).
// Properties: passes/passes.def.
// In every Orchestration function: a variable A of type Array<task_id, N> (N >= 2) defined
// inside a manual runtime scope S, whose every use as a whole-array dependency (a submit's
// `.deps`, a `system.task_dummy` operand) lies inside S. Its fan-out M is the number of such
// consumers, each counted once per iteration of the loops around it that do not also enclose
// A's definition (a constant trip count, else 2: some iterations). When M >= 2 and N x M > N + M
// a statement `A_fence = system.task_dummy(A)` is placed right after A's definition (for a loop
// carry: first in the loop body; for a loop or if result: after the statement), and every
// whole-array use of A becomes A_fence. Uses of single elements (`array.get_element`) are
// unchanged. A second run changes nothing (A's one consumer is then the dummy). Arrays outside
// manual scopes keep their direct dependencies (the runtime's own tracking orders those tasks;
// PyPTO compresses manual scopes only), and so do arrays also used as a whole after S.
// Options: none. Diagnostics: none.
// Example: `for b in 0..4: submit k(..) {.deps = {prev}}` (prev: Array<task_id, 4>) →
//          `prev_fence = system.task_dummy(prev); for b: submit k(..) {.deps = {prev_fence}}`.
// Test: tests/passes/expand_manual_phase_fence.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (f itself when nothing changes).
ir::FunctionPtr expandManualPhaseFence(const ir::FunctionPtr &f);

Pass createExpandManualPhaseFencePass(PassOptions &opts);

} // namespace pl::passes
