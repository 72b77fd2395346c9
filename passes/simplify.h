// Simplify: folds scalar arithmetic and shapes with the arith analyzer, propagates scalar
// literals, drops provably dead branches, collapses 0- and 1-trip loops and removes dead
// scalar assignments.
//
// Why: the frontend and the first passes leave `K = 512; Tile<[K, 64]>`, `i * 1 + 0`, guards
//   like `if (ko == 0)` in loops that run once, and unrolled code full of constants; later
//   passes (tiling, memory planning, codegen) need constant shapes and straight-line code.
// Properties: passes/passes.def. Works on SSA and pre-SSA IR; never leaves an empty else
//   branch behind.
// The walk carries: the range of each loop variable (from the bounds of its start and stop
//   when the step is a constant), the if condition as a fact in the then branch and its
//   negation in the else branch, and scalar bindings — a scalar bound exactly once (outside
//   any if branch) to a literal is substituted everywhere, any other value only contributes
//   its bound. Every expression, including shapes and views inside types, is simplified.
// Fold A: an if whose condition is provably true / false is replaced by the kept branch; its
//   yielded values become the if's return vars (substituted, or assigned when not a variable
//   or literal). Fold B: a Sequential loop without attributes and with constant bounds that
//   runs 0 times becomes `return var = init`; one that runs once becomes its body with the
//   loop variable = start and iter_args = inits, re-simplified (so the folds compose:
//   `for ko in range(0, 128, 128) { if (ko == 0) A else B }` → `A[ko := 0]`).
// Then a conservative scalar DCE: an assignment to a scalar that is never used is removed,
//   unless its value contains a call or submit; an if result (phi) that nothing reads is
//   removed with the values its branches yield for it, of any type, unless one of them
//   contains a call (PyPTO #1603: a dead phi would become a spurious kernel result).
// Kept as they are: Parallel / Unroll / Pipeline single-trip loops, loops with attrs or with
//   break / continue, values assigned in a branch, scalars assigned more than once, task ids.
// Options: none. Diagnostics: none.
// Example: `index K = 512; Tile<fp32, K, 64> t = ...` → `Tile<fp32, 512, 64> t = ...`
// Test: tests/passes/simplify.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f simplified (f itself when nothing changed).
ir::FunctionPtr simplifyFunction(const ir::FunctionPtr &f);

Pass createSimplifyPass(PassOptions &opts);

} // namespace pl::passes
