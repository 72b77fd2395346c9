// SequentializeParallelCopies: the copies of every yield and loop entry become safe to perform
// one after another, in slot order, by saving the sources that an earlier copy would overwrite.
//
// Why: a yield is a parallel copy (`yield(b, a)` swaps; `yield(b, a + b)` reads the old a), but
// the emitters print it as one assignment per slot. Where a later slot's source reads what an
// earlier slot's copy writes — a cycle in the copy graph (swaps, rotations, Fibonacci updates,
// if branches yielding the same values in another order, two tiles sharing a planned buffer) —
// the sequential copies overwrite a value before it is read. Memory planning decides which tiles
// share bytes, so this runs after it; the emitters then print the copies in order, no analysis.
// Properties: passes/passes.def. Runs after InitMemRef / MemoryReuse on kernels: the storage
//   model in passes/utils/parallel_copies.h reads the MemRefs.
// Rules (every function, every value kind):
//   - loop yields (destinations: the iter_args), if yields (destinations: the return vars) and,
//     for tiles, loop entries (destinations: the iter_args, sources: the inits);
//   - slot k is unsafe when its source reads storage that the copy of a slot j < k writes (a copy
//     into the same bytes or into the same variable writes nothing);
//   - each unsafe source is first copied into a temporary `t = src` placed right before the
//     yield (before the loop for an entry), and the slot yields t; a tile temporary gets a fresh
//     `tile.alloc` buffer of its source's size in its space (allocations open the function);
//   - loop exits (return var = iter_arg) are not rewritten: InitMemRef gives a return var its
//     iter_arg's buffer; the verifier reports any other exit that would be unsafe.
// Options: none. Diagnostics: none (violations left over are internal errors of the verifier).
// Example: `for ... carry (a = x, b = y) { yield(b, a); }` →
//   `for ... carry (a = x, b = y) { a_saved = a; yield(b, a_saved); }`.
// Test: tests/passes/sequentialize_parallel_copies.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (f itself when every copy is already safe in order).
ir::FunctionPtr sequentializeParallelCopies(const ir::FunctionPtr &f);

Pass createSequentializeParallelCopiesPass(PassOptions &opts);

} // namespace pl::passes
