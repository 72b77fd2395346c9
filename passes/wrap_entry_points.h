// WrapEntryPoints: every function host code calls runs through an Orchestration function.
//
// Why: the runtime starts a program at an orchestration, which submits kernels as tasks. A
//   host-callable kernel therefore gets a one-call orchestration wrapper, and a host entry
//   written as plain code (PL_JIT, Opaque) is the orchestration of its program: its pl::at
//   scopes become kernels and its calls tasks (OutlineIncoreScopes).
// Requires / establishes / invalidates: nothing (runs first in the default pipeline).
// Rules, for each function carrying the attr `host_entry = "<name>"` (set by the translator on
//   every marked, non-Inline function of the main file; <name> is what host code calls):
//   - Orchestration: unchanged.
//   - Opaque: retyped Orchestration (attrs kept).
//   - InCore / AIC / AIV / Graph: the attr moves to a new Orchestration `entry_<k>` (suffixed `_1`,
//   `_2`
//     … until unique) appended to the program, with the kernel's parameters (fresh variables,
//     same names, types and directions) and the one statement `k(params...)`.
//   Functions without the attr are never changed; a second run changes nothing.
// Options: none.
// Diagnostics (at the function):
//   F500 an entry returns a value (host code receives results through pl::Out parameters)
//   F501 an entry of another type (Inline, Group, Spmd)
//   F502 a `host_entry` attr that is not a string
// Example: `[[host_entry = "k"]] InCore k(In T a, Out T c) {..}` → `InCore k(In T a, Out T c)
//   {..}` and `[[host_entry = "k"]] Orchestration entry_k(In T a, Out T c) { k(a, c); }`
// Test: tests/passes/wrap_entry_points.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The attr naming the host-visible function an Orchestration runs (or, before this pass, that
/// a function is called from host code).
inline constexpr const char *kHostEntryAttr = "host_entry";

/// The algorithm: `p` with its host entries wrapped (p itself when nothing changes); nullptr
/// after reporting an error.
ir::ProgramPtr wrapEntryPoints(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createWrapEntryPointsPass(PassOptions &opts);

} // namespace pl::passes
