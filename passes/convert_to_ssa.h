// ConvertToSSA: gives every variable exactly one binding (versions, if-phis, loop iter_args).
//
// Why: the frontend lowers natural C++ (`acc = add(acc, t)` in a loop, an `if` that assigns an
//   outer variable, `out = ...` on an Out parameter) by assigning the same Var several times;
//   every later pass reasons on SSA values, and the explicit iter_args / return_vars / yield form
//   is what outlining, dependency derivation and codegen read.
// Properties: passes/passes.def.
// Rules (variables are identified by pointer, never by name):
//   - every binding after the first one of a Var gets a fresh Var (same name hint); uses follow
//     the current version, including uses inside types (shapes, TensorView / TileView
//     valid_shape and strides), Var-valued call kwargs / attrs, Submit args / deps / core_num,
//     scope attrs (core_num, deps) and function attrs. Parameters are versions 0.
//   - if: a variable assigned in a branch that is live after the if (and defined before it, or
//     in both branches) becomes a return var; both branches yield its value, an absent or
//     unchanged branch yields the old one.
//   - for / while: a variable defined before the loop and assigned in the body becomes an
//     iter_arg (init = the pre-loop version) with a trailing yield and a return var when the
//     next iteration, the while condition or the code after the loop reads it. A variable first
//     assigned in the body and read after the loop is promoted the same way; its init is the
//     buffer it aliases (the pre-loop value of the argument an op like tile.store / assemble
//     writes) or else an Out / InOut parameter of the same type. Loop-local temporaries (not
//     read after the loop, or read only after being re-assigned) are never carried.
//   - InCore, Cluster, Hierarchy, Spmd, CommDomain and Graph scopes stop promotion: a variable
//     first defined inside such a scope is not carried out of a loop inside it because of a
//     use after the scope. Runtime and SplitAiv scopes are transparent.
//   - Out / InOut parameters count as read at the end of the function (their last write is the
//     value the caller sees), so their final versions flow through phis and carries.
//   - a loop with break / continue that must carry values (orchestration code keeps them) is
//     first restructured as ctrl-flow-transform does (flags, guards, for → while): values
//     carried across an escape are otherwise not expressible; loops that carry nothing keep
//     their break / continue.
//   - explicit SSA constructs (iter_args, return vars, yields) are kept; IR that is already in
//     SSA form comes out unchanged.
// Options: none.
// Diagnostics: S401 yield that is not the last statement of its block · S402 variable name
//   containing '__' (reserved for compiler-generated names) · S403 variable assigned in only one
//   branch of an if and read after it · S404 loop-escaping variable with no value before the
//   loop · S405 loop with break / continue that carries a value and cannot be
//   restructured · S406 value defined only by a loop inside an outline-boundary
//   scope and read after the scope.
// Example: `acc = a; for (i : range(0, 4, 1)) { acc = add(acc, a); } return acc;` →
//   `for (i : range(0, 4, 1)) carry (acc1 = acc) -> (r) { acc2 = add(acc1, a); yield(acc2); }
//   return r;`
// Test: tests/passes/convert_to_ssa.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f in SSA form (f itself when it already is), or nullptr after reporting errors.
ir::FunctionPtr convertToSSA(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

Pass createConvertToSSAPass(PassOptions &opts);

} // namespace pl::passes
