// ClassifyIterArgCarry (slot 52): the carry plan of every orchestration for loop, in the IR.
//
// Why: a loop yield is a copy into the carried handle, and the orchestration emitter prints
// exactly the copies the IR asks for (it never compares what it printed). When a kernel writes
// the carried tensor in place (an InOut / OutputExisting argument it returns) the yielded value
// is the iter_arg's own handle and nothing needs copying; when the body yields another buffer
// (a fresh `tensor.create`, a view, a swap) the handle must be re-assigned each iteration.
// Properties: passes/passes.def.
// Rule (`classifyLoopCarries`, passes/utils/buffer_aliases.h): in every Orchestration (and Graph)
// function, each for loop with iter_args gets the attr `iter_arg_carry`, one name per iter_arg:
// "Trivial" when the body's trailing yield passes the iter_arg itself, or a tensor whose buffer
// root is the iter_arg (computeAliasRoots through copies, kernel calls and submits returning
// the argument, if-phis of the same buffer, nested loops that themselves end in it —
// LoopResults::ThroughYield); "Rebind" otherwise, and always for a task id (each iteration's
// task is another). The attr is replaced when present (a second run changes nothing); other
// functions and while loops (no attrs in the IR: the emitter copies their yields) unchanged.
// Not the reference's `iter_arg_array_size` (PTO2TaskId[N] fence arrays of a task-id carry on a
// parallel loop in a manual scope): pl prints parallel loops sequentially and has no such arrays.
// Options: none. Diagnostics: none (verifier: IterArgCarryClassified, V971–V972).
// Example: `for .. carry (acc = o) { acc2 = k(x, acc); yield(acc2); }` with k returning its
//          InOut `acc` → `for .. [[iter_arg_carry = ["Trivial"]]] carry (acc = o) { .. }`.
// Test: tests/passes/classify_iter_arg_carry.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (p itself when nothing changes).
ir::ProgramPtr classifyIterArgCarry(const ir::ProgramPtr &p);

Pass createClassifyIterArgCarryPass(PassOptions &opts);

} // namespace pl::passes
