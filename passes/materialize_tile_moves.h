// MaterializeTileMoves: every tile copy the emitters would make becomes an explicit `tile.move`
// (pl's own pass, after SequentializeParallelCopies).
//
// Why: after memory planning, a tile value and the variable that takes it (a loop's iter_arg at
// the entry and at each yield, an if's return var at each branch yield, the target of a copy
// `t2 = t1`, the result of an op that updates its argument in place — tile.assemble,
// tile.write) are either in the same bytes, and nothing moves, or in different buffers, and
// the value must be copied. Which one is a fact of the planned buffers; the printers used to
// decide it by comparing MemRefs. This pass records it in the IR, so a printer prints a copy
// where the IR has a `tile.move` and nothing anywhere else (docs/design.md, "printers only
// print").
// Properties: passes/passes.def. Runs after SequentializeParallelCopies (which already made the
//   copies of one yield safe in slot order: the moves keep that order) and before
//   AllocateMemoryAddr (a move's result takes the destination's MemRef, so no buffer is added).
// Rules (kernel functions; tiles with MemRefs; "same bytes" = passes/utils/parallel_copies.h
// sameTileBytes):
//   - `t2 = t1` with t2 elsewhere → `t2 = tile.move(t1, {.target_memory = S})`;
//   - a yield slot whose tile value is not in its destination's bytes → `v_mv = tile.move(v)`
//     right before the yield, typed as v on the destination's MemRef, and the slot yields v_mv;
//   - a loop init not in its iter_arg's bytes → the same move right before the loop;
//   - an op whose result reuses an argument (`outputAliasesArg`), with the result elsewhere →
//     the argument is first moved into the result's bytes.
//   A tile a `tile.tpop_*` defines is never in its planned bytes (pto-isa's TPOP places it in
//   the pipe's consumer buffer), so each of these uses of it moves, into its own MemRef too.
//   A loop's exit (return var = iter_arg) never moves: InitMemRef gives the return var its
//   iter_arg's buffer (the verifier reports any other exit).
// Options: none. Diagnostics: TM001 an Acc tile would need a copy (no Acc → Acc move exists:
//   Acc loop carries and if results must share one buffer, which MaterializeSemanticAliases and
//   MemoryReuse arrange wherever the program allows it).
// Example: `for ... carry (a = x, b = y) { yield(b, a_saved); }` with b, a_saved on other
//   buffers → `b_mv = tile.move(b); a_saved_mv = tile.move(a_saved); yield(b_mv, a_saved_mv);`.
// Test: tests/passes/materialize_tile_moves.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (f itself when no copy moves data); nullptr after an error.
ir::FunctionPtr materializeTileMoves(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

Pass createMaterializeTileMovesPass(PassOptions &opts);

} // namespace pl::passes
