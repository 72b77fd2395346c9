// LowerSpmdLaunches (pipeline slot 42, in place of PyPTO's LegalizeSpmdLaunches): an SPMD
// launch becomes block-count attributes on the kernel calls it launches.
//
// Why: OutlineClusterScopes turns `pl::spmd(N, body)` into a call of an Spmd wrapper function
//   with `core_num = N`; the runtime launches *kernels* on N blocks, so the launch count has
//   to sit on each kernel call (the orchestration printer prints it as launch_spec.set_block_num)
//   and the wrapper, which no runtime can run, goes away. Emitters print what this pass records.
// Properties: passes/passes.def.
// In every Orchestration function, a call `f(args) [[core_num = N, ...]]` of an Spmd function
//   f is replaced by f's body with f's parameters bound to the arguments (every variable it
//   binds is fresh): each kernel call in it gets the call site's attributes (core_num, and
//   sync_start when present; arg_directions are derived later by DeriveCallDirections), and
//   uses of the call's result become f's returned values. A `submit f(args) {.deps = D,
//   .core_num = N}` (the form of a pl::spmd whose task id is used) becomes `submit k(args')
//   {.deps = D, .core_num = N}` of the one kernel k that f launches. Spmd functions nothing
//   calls any more are removed; a program without Spmd functions is unchanged.
//   core_num must be at least 1 (the eager pl::spmd rejects 0 and negative counts): a constant
//   below 1 is an error here; a count known only at run time is checked by the runtime.
//   (PyPTO's LegalizeSpmdLaunches guards a launch it cannot prove positive with
//   `if core_num > 0`; pl's eager semantics make such a launch an error instead.)
// Options: none.
// Diagnostics: SP001 an Spmd body holds something other than kernel calls (an orchestration
//   value computed per block, a loop, a branch) — or, for a submit, more than one kernel ·
//   SP002 a constant core_num below 1 · SP003 an Spmd function without core_num at a call.
// Example: `launch_spmd_0(x, y) [[core_num = 4]]` with body `block(x, y); return;` →
//   `block(x, y) [[core_num = 4]]`.
// Test: tests/passes/lower_spmd_launches.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (p itself when it has no Spmd function); nullptr after an error.
ir::ProgramPtr lowerSpmdLaunches(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createLowerSpmdLaunchesPass(PassOptions &opts);

} // namespace pl::passes
