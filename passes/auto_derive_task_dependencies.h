// AutoDeriveTaskDependencies: the compiler orders an orchestration's tasks by explicit
// dependency edges where it can derive all of them (DESIGN.md §5 slot 44, PyPTO's pass of the
// same name, adapted). Off by default (option `analyze_auto_scopes`, the tools' flag
// `--derive-task-deps`; docs/design.md says why).
//
// Why: the runtime orders tasks by a TensorMap lookup per tensor argument (read-after-write,
//   write-after-write) and does not order a write after an earlier read at all (PTO2). Where the
//   compiler knows every task touching a buffer, it can name each needed predecessor itself:
//   write-after-read is then ordered too, and a block whose every hazard is named can run in a
//   MANUAL runtime scope, where the runtime tracks no tensors (cheaper submission).
// Properties: passes/passes.def. Runs after WindowTaskArguments (task arguments are windows),
//   before CheckTaskHazards (which sees the derived edges) and MaterializeRuntimeScopes.
// Steps, per Orchestration function (one without derived edges yet):
//   1. Regions — every tensor argument's buffer root and window (passes/utils/task_regions.h).
//   2. Units — the blocks a runtime scope will hold: the body, each for body and if branch
//      (MaterializeRuntimeScopes wraps those), each while body and each user-written AUTO scope
//      body; with their tasks (calls and submits of kernels, Group and Spmd functions,
//      `system.task_dummy`), in order, each tensor argument an access (read: Input / InOut,
//      write: Output / OutputExisting / InOut; NoDep and Scalar untracked) and its `.deps`
//      traced to tasks of the unit. User-written manual scopes and everything in them are left
//      as they are.
//   3. Analyzable units — all of the unit's hazards can be named: every access has a known
//      root; a root the unit's tasks access is written nowhere, or accessed by no task of another
//      unit; in a unit that runs repeatedly (in a loop), every root its tasks write is a
//      `tensor.create` of the unit itself; the unit calls no non-task function; at most 4096
//      tasks, at most 32 derived edges per task, and every needed producer can be given a task id
//      (not a launch with `sync_start`, not a call whose result is a tuple). Other units keep
//      no derived edge and stay AUTO.
//   4. Edges — in an analyzable unit, a task depends on each earlier task whose access
//      conflicts with one of its own (one of the two writes: RAW, WAR, WAW; read-read never) on
//      a window that may overlap (distinct roots and windows proven apart by some dim do not),
//      unless a chain of user and derived edges already orders the two (the latest producers
//      first, so a chain needs one edge per link).
//   5. Rewrite — a producer call becomes a submit whose task id is bound right after it
//      (`k_task = submit k(..)`, `y = k_task[0]`, `k_tid = k_task[1]`); a submit gets its task
//      id bound. A consumer gets the attr `compiler_deps = {k_tid, ...}` (its `.deps` stay the
//      user's; the orchestration printer merges both). A unit whose subtree (its nested units
//      and user scopes) is all analyzable and which MaterializeRuntimeScopes would wrap becomes
//      `scope runtime [[manual = true, derived = true]] { … }` (the outermost such one): the
//      runtime tracks nothing there. In an analyzable unit that stays AUTO (a while body, a
//      user AUTO scope, a unit with an unanalyzable nested one), `Input` arguments become
//      `NoDep` and `InOut` ones `OutputExisting`: their every hazard is a named edge, so the
//      TensorMap lookup is skipped. In MANUAL units the directions stay (the runtime ignores
//      them there; the simulator still checks them against the edges).
// Assumes, as CheckTaskHazards does, that distinct orchestration parameters are distinct tensors.
// Options: `analyze_auto_scopes=true|false` (default false: the pass changes nothing).
// Diagnostics: AD001 a call or submit already carries a `compiler_deps` attr that is not a list
//   of task id variables (only this pass writes it).
// Example (analyze_auto_scopes=true):
//   `rd(y, z); wr(x, y);` → `rd_task = submit rd(y, z); rd_tid = rd_task[1];
//   wr(x, y) [[compiler_deps = {rd_tid}]]`, in `scope runtime [[manual = true, derived = true]]`.
// Test: tests/passes/auto_derive_task_dependencies.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The derivation for every Orchestration function of `p` (nullptr after an error).
ir::ProgramPtr autoDeriveTaskDependencies(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createAutoDeriveTaskDependenciesPass(PassOptions &opts);

} // namespace pl::passes
