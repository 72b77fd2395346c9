// FlattenControlFlow (utility, testing only; not in the default pipeline): XLA's
// HloControlFlowFlattening on structured IR — bounds every loop, pins conditions and stubs out
// communication so that a program can run stand-alone (e.g. in the simulator).
//
// Why: kernels extracted from a model loop on data-dependent conditions and talk to other cores
//   or hosts; a stand-alone run needs a fixed, small amount of work and no partner.
// Properties: passes/passes.def. Pre-SSA and SSA input.
// Rewrites (reference xla_control_flow.md §2 and §4.3):
//   while: a counter is carried — `carry (.., index ctr = 0) -> (.., ctr_final)`, the condition
//     becomes `ctr < bound` and the trailing yield gains `ctr + 1` (a loop without carried
//     values gets `yield(ctr + 1)`). The old condition is dropped, calls in it included. So the
//     loop runs exactly `bound` times whatever its own variables do.
//   bound: the exact trip count from passes/utils/loop_analysis when use_trip_count is set and
//     it is known (analysed through calls to pure scalar functions, passes/utils/pure_calls.h:
//     XLA's fusion look-through), else its upper bound when known (1 for a loop whose body sets
//     the condition's variable to a value that ends it); else XLA's GetLoopBound: for `a OP b` a
//     constant > 0 at b (<, <=,
//     !=) or at a (>, >=, !=), the initial value ignored; else while_execution_count. Capped by
//     max_loop_count; a loop with no enclosing loop — in its function, and its function never
//     called from inside a loop anywhere in the program (call graph) — is capped by
//     max_outer_loop_count.
//   for (flatten_for_loops): stop' = start + min(trip count or while_execution_count, caps)·step.
//   if (flatten_conditional): every condition becomes conditional_value (an else-if chain thus
//     takes its first branch for true, its last for false); a non-constant old condition is kept
//     alive as an evaluated statement `(c);` so its inputs survive DCE.
//   ids (remove_id, or remove_comm): get_block_idx / get_subblock_idx calls become 0.
//   communication (ir/ops/comm.h): remove_comm stubs out every pld.* op (collectives and their
//     start / done pairs, send / recv, put / get, notify / wait) — not the in-core pipe
//     synchronisation (system.sync_src / sync_dst, barriers); remove_host_transfer only the send /
//     recv ops with host_transfer = true; remove_infeed_outfeed system.infeed / system.outfeed. A
//     stubbed statement `op(..);` is removed; `x = op(..)` becomes `x = a`, a being the argument
//     the result aliases (the buffer the op fills or has in flight: the name and the type stay, so
//     a start / done pair becomes two chained copies); every other tensor or tile operand is kept
//     alive as `(v);` (XLA's nop custom calls keep their operands). A stubbed op whose result
//     aliases no argument is kept with warning FC002.
// Options (XLA names and defaults): while_execution_count=1, max_outer_loop_count=2147483647,
//   max_loop_count=2147483647, flatten_while_loop=true, flatten_conditional=false,
//   conditional_value=false, remove_comm=true, remove_host_transfer=false,
//   remove_infeed_outfeed=true, remove_id=false; pl additions: flatten_for_loops=false,
//   use_trip_count=true (false reproduces XLA exactly).
// Diagnostics: FC001 a while loop with its own continue (run ctrl-flow-transform first) ·
//   FC002 (warning) a communication op that cannot be stubbed out.
// Example: `while (i < n) carry (index i = 0) -> (r) { yield(i + 1); }` with
//   while_execution_count=3 → `while (ctr < 3) carry (index i = 0, index ctr = 0) -> (r, c)
//   { yield(i + 1, ctr + 1); }`.
// Test: tests/passes/flatten_control_flow.pir
#pragma once

#include "passes/pass.h"

#include <climits>

namespace pl::passes {

struct FlattenControlFlowOptions {
  int64_t whileExecutionCount = 1;
  int64_t maxOuterLoopCount = INT_MAX;
  int64_t maxLoopCount = INT_MAX;
  bool flattenWhileLoop = true;
  bool flattenForLoops = false;
  bool useTripCount = true;
  bool flattenConditional = false;
  bool conditionalValue = false;
  bool removeComm = true;
  bool removeHostTransfer = false;
  bool removeInfeedOutfeed = true;
  bool removeId = false;
};

/// The algorithm: nullptr after reporting an error.
ir::ProgramPtr flattenControlFlow(const ir::ProgramPtr &p, const FlattenControlFlowOptions &opts,
                                  ir::DiagnosticEngine &diags);

Pass createFlattenControlFlowPass(PassOptions &opts);

} // namespace pl::passes
