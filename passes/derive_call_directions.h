// DeriveCallDirections (slot 43): per-argument runtime directions on every function call.
//
// Why: the orchestration emitter prints one `add_input` / `add_output` / `add_inout` /
// `add_no_dep` / `add_scalar` per argument of a task submission and must not analyse; the
// runtime's TensorMap orders tasks only through these directions, so a write to a buffer that
// an earlier task (or an earlier iteration) wrote must be InOut to keep the WAW edge.
// Properties: passes/passes.def.
// Records on each Call and each Submit (an asynchronous call: the same rules) to a function of
// the program the attr
//   `arg_directions`: a string list, one of Input / Output / InOut / OutputExisting / NoDep /
//   Scalar per argument (the reference's ArgDirection names).
// Phase 0: a Group / Spmd wrapper's parameter directions are raised (In < Out < InOut) to what
//   its inner calls do with them, to a fixpoint, so every callee signature is the truth.
// Per argument, from the callee parameter direction and the caller's buffer roots (copies,
//   views and aliasing ops, call results that return a parameter, tuples, loop carries and
//   if-phis; a control-flow result whose paths may name different buffers is ambiguous):
//   non-tensor → Scalar; In → Input; InOut → InOut; Out → InOut when the call is inside a
//   sequential for / while (R-seq: cross-iteration WAW), when its argument is ambiguous, when
//   an earlier sibling statement of the same block (a loop / if counts as one unit) wrote the
//   same root (R-prior), or when the root is an InOut parameter of the caller (R-enclosing);
//   otherwise OutputExisting (first write into an existing buffer; the caller creates every
//   buffer with tensor.create, so Output — runtime-allocated — is never inferred).
// A call or submit that already has `arg_directions` is left as it is (idempotent; hand-written
// NoDep
//   survives). A call attr `arg_direction_overrides = [i, ..]` turns those slots into NoDep.
// Options: none.
// Diagnostics: CD001 an `arg_direction_overrides` index out of range; CD002 a kernel call or
//   submit with more than 32 tensor or 16 scalar arguments (PTO2's limits for one core task).
// Example: `o = tensor.create(..); o1 = k(x, o); o2 = k(x, o1)` →
//          `k(x, o) [[arg_directions = ["Input", "OutputExisting"]]]`, then `["Input", "InOut"]`.
// Test: tests/passes/derive_call_directions.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm; nullptr after reporting an error.
ir::ProgramPtr deriveCallDirections(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createDeriveCallDirectionsPass(PassOptions &opts);

} // namespace pl::passes
