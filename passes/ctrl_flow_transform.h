// CtrlFlowTransform: removes break and continue from kernel loops (structured if / while only).
//
// Why: kernels are emitted as structured control flow (scf-like for / while / if), which has no
//   break or continue; orchestration code runs on the host and keeps them.
// Properties: passes/passes.def (SSAForm is invalidated: the flags are assigned pre-SSA).
// Scope: InCore, AIC and AIV functions, and loops inside `incore` scopes of other functions
//   (those become InCore functions when outlined). Only sequential `for` and `while` loops are
//   rewritten (parallel / unroll / pipeline loops may not break); inner loops first, so every
//   level of a nest is handled.
// Rules, for the escapes of one loop:
//   - the statements after an escape never run in that iteration: after a `continue` or `break`
//     they are dropped; after an if whose one branch always escapes they move into the other
//     branch (the reference shape `if (c) {} else { rest }`); after an if that escapes only on
//     some inner path they run under `if (!brk)` / `if (!cont)` guards (`cont` is a per-
//     iteration flag, reset at the top of the body, created only when needed);
//   - `continue` keeps the loop kind;
//   - `break` sets `brk = true`; a `for` becomes `i = start; brk = false;
//     while (i < stop && !brk) { body; if (!brk) { i = i + step; } }` (`>` for a negative
//     constant step; a step of unknown sign tests both directions), and a stop or step read
//     from a variable the body assigns is copied before the loop; a `while` gets `&& !brk`;
//   - SSA input (a loop with iter_args and a trailing yield): an escape yields the current
//     iter_args, the split ifs get return vars (phis) and the trailing yield yields them. The
//     flags are assigned pre-SSA style; ConvertToSSA (next) turns them into carries.
// Options: none.
// Diagnostics: S301 break or continue inside an if that already has return vars (SSA input
//   whose branches yield) — not supported; write the loop without explicit yields.
// Example: `for (i : range(0, n, 1)) { if (i > 5) { break; } x = add(x, 1); }` →
//   `i = 0; brk = false; while (i < n && !brk) { if (i > 5) { brk = true; } else
//   { x = add(x, 1); } if (!brk) { i = i + 1; } }`
// Test: tests/passes/ctrl_flow_transform.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f without break / continue in its kernel loops (f itself when it has none),
/// or nullptr after reporting errors.
ir::FunctionPtr transformCtrlFlow(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

/// The same rewrite for one For / While statement of any function, leaving the loops nested
/// in it alone (ConvertToSSA uses it for a loop whose escapes would lose carried values); the
/// loop itself when it has no break / continue or cannot be rewritten (errors reported).
ir::StmtPtr removeLoopEscapes(const ir::StmtPtr &loop, ir::DiagnosticEngine &diags);

Pass createCtrlFlowTransformPass(PassOptions &opts);

} // namespace pl::passes
