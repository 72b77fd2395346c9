// InlineFunctions (pipeline slot 01): splices the bodies of Inline functions into their call
// sites and deletes the Inline functions nobody calls any more.
//
// Why: `PL_INLINE` helpers are a source-level abstraction; kernels and orchestration code are
//   compiled as single functions, so every later pass sees the helper's code in place.
// Properties: passes/passes.def.
// Rewrites, to a fixpoint (a spliced body may call other Inline functions):
//   `x = f(a)` → the cloned body, then `x = <returned value>` (dropped when it would be x = x);
//   `t = f(a)` with several results → the body, and each `t[i]` use becomes the i-th result
//     (a result that is not a variable or constant is bound to a fresh variable first; if t is
//     used whole, `t = {results}` is kept instead);
//   `return f(a)` → the body, then `return <results>`; `f(a);` → the body, results dropped.
//   The clone (ir/clone.h) starts from parameter → actual argument: a variable actual is used
//   directly, a constant is substituted, any other expression is bound to `<param>_inline<N>`
//   first (evaluated once, in argument order). Every variable bound in the body is renamed
//   `<name>_inline<N>` (N counts splices). A body that re-assigns an Out / InOut parameter
//   re-assigns the caller's actual variable instead (pre-SSA in-place semantics); an In
//   parameter re-assigned in the body is a local copy. Bodies with scopes and loops are spliced
//   whole. A call nested in another expression (the C++ frontend nests calls) is first bound
//   to a temporary `<callee>_ret` in front of its statement — for if conditions, for ranges and
//   loop inits in front of the if / loop, for a yield inside the body — and spliced in the next
//   round; argument order is kept. Not hoisted: calls in a while condition (evaluated every
//   iteration) and in the right operand of && / ||; these and submits of Inline functions are
//   reported by the InlineFunctionsEliminated verifier (V801) and the pass fails. (PyPTO leaves
//   every nested call to the verifier; its Python frontend binds calls to names first.)
//   Orchestration and Opaque functions splice their calls of Orchestration functions the same
//   way (issue 35): the runtime starts one orchestration per launch and a kernel package has one
//   entry per orchestration file, so an orchestration calling another has no call to print; the
//   callee function itself stays (host code may call it too).
// Options: none.
// Diagnostics: IN001 cycle among Inline functions (names it, at the call closing it) ·
//   IN002 an Out/InOut parameter the body re-assigns gets a non-variable argument ·
//   IN003 an Inline function with a return that is not its last top-level statement, or with
//   results but no trailing return · IN004 wrong number of arguments · V801 / V802 (verifier).
// Example: `z = h(a)` with `Inline h(x) { y = x * x; return y; }`
//   → `y_inline0 = a * a; z = y_inline0`.
// Test: tests/passes/inline_functions.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: p with Inline calls spliced and unused Inline functions removed; nullptr
/// after reporting an error.
ir::ProgramPtr inlineFunctions(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createInlineFunctionsPass(PassOptions &opts);

} // namespace pl::passes
