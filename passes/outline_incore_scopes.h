// OutlineIncoreScopes: each InCore scope (`pl::at(pl::Level::CORE_GROUP, ...)`) becomes an
// InCore function called from its parent; an Opaque parent becomes Orchestration.
//
// Why: kernels and orchestration are compiled and launched separately; everything after this
// pass works on whole kernel functions (tile lowering, memory planning, codegen).
// Properties: passes/passes.def (after it no InCore scope is left).
// Parents: Opaque, Orchestration and Graph functions (kernels are never parents). Parameters
//   are the scope's live-in values in order of first use, outer loop carries included (PyPTO
//   #369); outputs are the values it defines that are used after it. Tensor parameter
//   directions: only written (store / assemble target, callee Out) → Out, also read → InOut,
//   else In. An output that names a parameter's buffer (store / assemble result) is returned as
//   the parameter itself. Names: the scope's name_hint, else `{f}_incore_{n}`; a repeated hint
//   gets `_0`, `_1` in one function and a `{f}_` prefix across functions. A scope with a
//   task_id or deps becomes a `submit` whose last result is the task id. The scope's "split"
//   attr moves to the function.
//   An Spmd scope whose body does work itself (op calls and no function call, submit or nested
//   scope: `pl::spmd(n, [&] { ... pl::get_block_idx() ... tiles ... })`) first gets that body
//   as an InCore scope, so the work becomes a kernel the Spmd scope launches once per block
//   (LowerSpmdLaunches); a body that launches kernels, or mixes launches and work, is unchanged.
// Options: none.
// Diagnostics: OL001 an InCore scope nested in another InCore scope or inside a kernel function.
// Example: `scope incore { t = tensor.add(a, b); }  return t;`
//        → `InCore main_incore_0(In a, In b) { t = tensor.add(a, b); return t; }` and
//          `t = main_incore_0(a, b); return t;` in the Orchestration parent.
// Test: tests/passes/outline_incore_scopes.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: p with its InCore scopes outlined (nullptr after an error in `diags`).
ir::ProgramPtr outlineIncoreScopes(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createOutlineIncoreScopesPass(PassOptions &opts);

} // namespace pl::passes
