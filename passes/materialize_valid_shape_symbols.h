// MaterializeValidShapeSymbols (slot 54): a kernel's unbound valid-shape symbols become leading
// scalar parameters, fed by every call site.
//
// Why: a kernel runs with its tensors' runtime shapes and its scalar arguments, nothing else. A
// symbol (a scalar variable) that a parameter's valid_shape names, that is no parameter and no
// physical dim of a parameter (those the kernel reads off its tensors) — a program-level
// variable such as `index VALID;` — has no value inside the kernel, so the emitters would print
// an undeclared name. The value exists at each call: the argument's own valid extent.
// Properties: passes/passes.def.
// Rule: for every InCore / AIC / AIV function, the symbols of its parameters' valid shapes
// (tensor views and tile views) that are not bound in it (a parameter, a var its body binds, a
// var of a parameter's shape) become `In` parameters of their own type (index) placed first,
// in order of first appearance; the kernel's uses of each (types and body) read the new
// parameter. Each symbol is
// bound positionally: some parameter's valid_shape names it alone in a dim (`valid_shape =
// {16, V}`), and every Call / Submit of the kernel (in any function) passes, ahead of its
// arguments, the argument's valid_shape at that dim (its shape dim when the argument has no
// valid_shape: it is valid everywhere); `arg_directions` gets a leading "Scalar" per symbol and
// `arg_direction_overrides` indices shift. Nothing else changes (a second run finds nothing).
// Found (docs/passes.md): pl's frontend never makes such a kernel — the DSL has no tensor valid
// shapes (only tile loads take one, `pl::load(.., {.valid_shape = {64, vlen}})`, and vlen is a
// kernel parameter or becomes one when OutlineIncoreScopes outlines a pl::at body; a pl::dyn dim
// is a physical dim), and a body cannot read a program-level variable in an expression
// (UseAfterDef), only in types. The pass acts on hand-written IR (pl-opt, pl-emit inputs), where
// the PTO-AS printer had no value for such a symbol (ES004).
// Options: none.
// Diagnostics: VS001 a symbol appears only inside a compound valid_shape dim (`{16, V * 2}`: a
// call cannot invert it) · VS002 a call gives one symbol two different values (two dims name it)
// · VS003 a call has no value for a symbol (the argument has no such dim, or its valid extent
// names a variable the caller does not bind).
// Example: `AIV k(In Tensor<fp32, 16, 128, view{valid_shape = {16, V}}> t)`, `k(s)` with s's
//          valid_shape {16, n} → `AIV k(In index V', In Tensor<.., {16, V'}> t)`, `k(n, s)`.
// Test: tests/passes/materialize_valid_shape_symbols.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (p itself when nothing changes, nullptr after reporting an error).
ir::ProgramPtr materializeValidShapeSymbols(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createMaterializeValidShapeSymbolsPass(PassOptions &opts);

} // namespace pl::passes
