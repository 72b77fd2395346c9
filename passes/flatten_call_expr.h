// FlattenCallExpr: three-address form — every call nested inside another expression or in a
// control-flow header is bound to a temporary first.
//
// Why: codegen and the outliners see one call per statement (`x = f(args)` or `f(args);`),
//   with variables or constants as operands; a call left inside a return would be silently
//   dropped by orchestration codegen, and hoisting a call out of a `pl::at` scope would run a
//   tensor op in the wrong execution context.
// Properties: passes/passes.def.
// Rewrites (temporaries are named t__tmp_v<N>, numbered per function in program order; each is
//   assigned right before the statement that used the call, inner calls first):
//   - calls (and submits) in call / submit arguments, binary and unary operands, tuple
//     elements and tuple accesses of an assignment or an evaluated expression;
//   - a call that is (or is inside) an if condition, a for range bound, a loop init value:
//     the temporary goes in front of the if / for / while, as a sibling in the enclosing block;
//   - a call in a return or yield value: in front of the return / yield, inside its body;
//   - a while condition that calls: when the condition reads no loop-carried variable, the
//     temporaries go in front of the loop; otherwise the condition becomes a carried bool,
//     computed before the loop from the init values and at the end of the body from the
//     yielded values (one extra iter_arg / return var).
//   Scope bodies (`pl::at`, cluster, spmd, ...) keep their temporaries inside. A lone loop
//   or branch body becomes a block when it gains temporaries. Already-flat IR is unchanged.
// Options: none. Diagnostics: none (the NoNestedCalls verifier reports V201-V206 on IR that
//   skipped this pass).
// Example: `x = f(a) + g(b);` → `t__tmp_v0 = f(a); t__tmp_v1 = g(b); x = t__tmp_v0 + t__tmp_v1;`
//          `if (is_valid(c)) {...}` → `t__tmp_v0 = is_valid(c); if (t__tmp_v0) {...}`
// Test: tests/passes/flatten_call_expr.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f in three-address form (f itself when it already is).
ir::FunctionPtr flattenCallExpr(const ir::FunctionPtr &f);

Pass createFlattenCallExprPass(PassOptions &opts);

} // namespace pl::passes
