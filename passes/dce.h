// DCE: removes assignments whose variable is never used and whose value has no side effect.
//
// Why: passes that rewrite code (outlining, lowering, mixed-kernel expansion) leave dead
// temporaries behind; removing them keeps kernels small and the printed IR readable.
// Properties: passes/passes.def. Works on SSA and pre-SSA IR; Seq::flatten keeps blocks
//   normalized, and an else branch left empty is dropped.
// Removed: `v = value` when v is not a parameter, v has no use anywhere in the function
//   (expressions, types, attrs) and value only reads: variables, constants, scalar arithmetic,
//   tuples, and tile/tensor op calls that write none of their arguments and are not
//   cross-core / synchronisation ops. Repeats until nothing changes (chains die together).
// Kept: Eval statements, function calls, submits, ops that write an argument (store,
//   assemble, matmul_acc...), tpush/tpop/tfree, system ops, if / loop return vars.
// Options: none. Diagnostics: none.
// Example: `t = tile.add(a, b); return a` → `return a`.
// Test: tests/passes/dce.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f without its dead assignments (f itself when nothing is dead).
ir::FunctionPtr eliminateDeadCode(const ir::FunctionPtr &f);

Pass createDCEPass(PassOptions &opts);
inline Pass createDCEPass() {
  PassOptions none;
  return createDCEPass(none);
}

} // namespace pl::passes
