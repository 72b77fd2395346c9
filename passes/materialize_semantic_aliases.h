// MaterializeSemanticAliases: a carried tile is computed in its carry's buffer (slot 36).
//
// Why: InitMemRef gives a loop's iter_arg and return var the buffer of the init, and an if's
// return var the buffer of one branch's yield, but the value a loop body yields (the `tile.add`
// computing `acc_next`) and the other branch's yield get buffers of their own, so every
// iteration ends with a copy (`TMOV`) back into the carry's buffer — an Acc carry cannot be
// copied at all (ES006). Whether MemoryReuse later happens to coalesce them depends on its
// packing order, and under the DSA_RP / PTOAS planners MemoryReuse does not run. This pass makes
// the carry's buffer the one the carried value is computed in, whenever that is safe, for every
// planner.
// Properties: passes/passes.def. Runs right after InitMemRef (SSA, MemRefs on `tile.alloc`
//   bases); it only rebases MemRefs, so every property holds after it.
// Algorithm (kernel functions; others, and kernels with a break or continue, are unchanged):
//   1. Buffers and their conflicts (passes/utils/tile_buffers.h): two buffers conflict when a
//      member of one is written while a member of the other is still to be read, when they hold
//      different slots of one carry / if-phi, when one holds a loop carry and the other a tile
//      of that loop's body that is not on the way to the carry's yield, and by the no-alias
//      rules (an op never writes the buffer of an operand it must read while writing).
//   2. Top down, in program order: for each loop slot, the buffer of the yielded value is merged
//      into the iter_arg's buffer; for each if result, the buffers of both branch yields are
//      merged into the result's. A merge happens when the two buffers are in one memory space,
//      the target is at least as large, neither is pinned and no buffer of one group conflicts
//      with a buffer of the other; the merged group keeps the union of both groups' conflicts.
//      Since the body's tiles on the way to a yield (through if results, views and in-place
//      results) belong to the slot, `acc_n = add(acc, t); yield acc_n` and
//      `r = if (c) { a1 = add(acc, t); yield a1 } else { yield acc }; yield r` both compute into
//      acc's buffer.
//   3. Rewrite (mergeTileBuffers): MemRefs rebased onto the target's base, merged allocs removed.
// A merge that would overwrite a value still to be read (acc read after acc_n is computed, a
// slot's value yielded into another slot too) is refused: the yield then copies, and
// SequentializeParallelCopies orders those copies. PyPTO forces these aliases; pl keeps them
// conditional, so the pass can never make a correct program wrong.
// Options: none. Diagnostics: none.
// Example: `for ... carry (acc = z) { acc_n = add(acc, t); yield(acc_n); }` with acc_n on
//   `mem_vec_1` → acc_n on acc's `mem_vec_0`, `mem_vec_1`'s alloc removed.
// Test: tests/passes/materialize_semantic_aliases.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (f itself when nothing merges).
ir::FunctionPtr materializeSemanticAliases(const ir::FunctionPtr &f);

Pass createMaterializeSemanticAliasesPass(PassOptions &opts);

} // namespace pl::passes
