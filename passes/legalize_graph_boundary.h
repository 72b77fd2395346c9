// LegalizeGraphBoundary (pipeline slot 50): every Graph function can be recorded once and
// replayed: scalars its body derives from its parameters are computed at each call site and
// passed in; boundaries the runtime cannot record and replay are rejected.
//
// Why: a recording runtime (pl/sim's pl::sim::submit_graph; the generated code itself calls the
//   body directly, docs/backend.md) runs a Graph's body on the first call with
//   a key, records the tasks it submits, and replays them on later calls substituting only the
//   call's tensor arguments and the scalar arguments the body passes on unchanged (its slots).
//   A value the body computes (`off = l * 32`) is not a slot: replay would reuse the first
//   call's number, silently. Anything else decided by parameter values while the body runs
//   (trip counts, branches, shapes, offsets of views) would replay the first call's decision.
// Properties: passes/passes.def.
// Steps (one class or function each in the source):
//   1. ScalarOrigins: what each scalar of a Graph body depends on — constants only; also loop
//      variables of its (constant-bound) loops or tensor shapes (fixed per recording: Static);
//      only the Graph's scalar parameters and constants (Param: computable at the call site);
//      anything else (a tensor read, a carried value, a parameter mixed with a loop variable:
//      Opaque).
//   2. BoundaryChecker: walks each Graph body, reports what cannot be recorded (codes below) and
//      lists the hoists: each scalar argument of a kernel call that is Param but not the
//      Graph's own parameter of the kernel parameter's dtype (a derived value, or a parameter
//      the call would convert).
//   3. hoistIntoParams: each hoist becomes a new trailing scalar parameter of the Graph (named
//      after the value, typed as the kernel parameter) passed to the kernel instead; scalar
//      assignments left unused are removed.
//   4. CallSiteHoister: at every call or submit (`pl::submit({.deps}, graph, ...)`) of a
//      rewritten Graph, the hoisted values are computed
//      (their definitions expanded down to the Graph's parameters, those replaced by the call's
//      arguments, converted to the parameter's dtype) right before the call and appended to its
//      arguments, with direction Scalar.
// Options: none.
// Diagnostics (located at the offending statement or value; the Graph named):
//   GB001 a scalar task argument (or an SPMD core count) that is not computable at the call site
//         and not fixed: it depends on a tensor read, a loop-carried value, a call result or on
//         both a parameter and a loop variable
//   GB002 control flow whose shape depends on values of a call: a loop bound or if condition
//         that is not fixed, or any while loop
//   GB003 an allocation or a view whose shape or offsets are not fixed (slice at the call site
//         and pass the window instead)
//   GB004 the body reads or writes tensor data on the host (tensor.read / tensor.write)
//   GB005 the Graph returns something other than its own tensor parameters
//   GB006 the Graph calls a Graph (nested recording, recursion)
//   GB007 the Graph calls a function that is not a kernel (Orchestration, Opaque, Group, ...)
//   GB008 a submit, a task id or a dummy task in the body (explicit dependencies: a recorded
//         graph is ordered by its tensor arguments only)
//   GB009 nothing to record: no tensor parameter, or no kernel call
//   GB010 more tensor or scalar parameters (after hoisting) than one task argument list holds
//         (32 tensors, 16 scalars)
// Example: `Graph g(In x, In index l) { index off = l * 32; k(x, off); }`, `g(a, i)` →
//   `Graph g(In x, In index l, In index off) { k(x, off); }`, `index off_1 = i * 32; g(a, i,
//   off_1)`.
// Test: tests/passes/legalize_graph_boundary.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (p itself when nothing changes); nullptr after an error.
ir::ProgramPtr legalizeGraphBoundary(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createLegalizeGraphBoundaryPass(PassOptions &opts);

} // namespace pl::passes
