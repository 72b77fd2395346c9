// CheckTaskHazards: an orchestration whose tasks provably race — a task writes a tensor window
// that an earlier task reads, and nothing orders the two — is rejected at translate time (pl's
// own pass, issue 14).
//
// Why: the runtime orders tasks by the tensor windows they are given (TensorMap: read-after-
//   write and write-after-write edges) and by the dependencies the user names (`.deps`). It does
//   not track write-after-read (PTO2, PyPTO #2058): on hardware the writer may run before the
//   reader has read. The simulator reports such a pair when it runs; when the pair is certain
//   from the program text, the user hears it from pl-translate, at the writer's line.
// Properties: passes/passes.def. Runs after WindowTaskArguments (tasks carry their windows).
// Rules: per Orchestration function, the tasks (calls and submits of InCore / AIC / AIV / Group
//   / Spmd functions) of each straight-line block, in program order, with per tensor argument
//   its buffer (a parameter or a tensor.create, through copies, call results, carries whose
//   every yield keeps the buffer, and tensor.slice windows) and its window (offsets and
//   extents on the buffer), read for Input / InOut and written for Output / OutputExisting /
//   InOut (NoDep and Scalar arguments are not tracked).
//   - Edges the runtime may add: an explicit dependency (a task id variable traced to the task;
//     one that cannot be traced orders the submit after every earlier task), and a writer
//     before a later task touching a window that may overlap it. Distinct buffers are distinct
//     tensors (the orchestration's parameters are: the host passes one tensor per parameter);
//     windows of one buffer are disjoint when some dim is provably apart.
//   - A hazard: task A reads window RA, a later task B writes RB, A and B are both certain to
//     run, RA and RB provably overlap (one buffer created here, every dim's intervals proven to
//     intersect), and no chain of edges leads from A to B — TH001 at B with a note at A.
//   - A `for` loop with a constant trip count of at least 2 is also checked across iterations:
//     its body followed by a second copy of it, where a window that depends on a value the
//     body defines (or the loop variable) may differ between the copies (never proven to
//     overlap) and a dependency on a carried task id is the task the first copy yields.
//   - A call or submit of a Graph function whose body is straight-line kernel calls is that
//     body's tasks: each access through a tensor parameter is one of the call's argument (a
//     window the body takes of it counts as the whole argument, for edges only: it may overlap,
//     it is never proven to), a tensor the body creates is a buffer of that call alone; every
//     task after the launch's dependencies, followed by the launch's join (pl::submit's id: a
//     dummy task after all of them). A write-after-read between two calls is TH001 with the fix
//     (launch the graph with pl::submit and `.deps`). A body with control flow, or an argument
//     whose buffer cannot be traced, keeps the call a barrier.
//   - Ifs, whiles, other loops and calls of other functions end a block: the tasks before and
//     after them are not compared (each body is checked as its own block). A runtime scope
//     does not: its tasks stay in the block (a loop whose body is one manual scope is checked
//     across iterations too).
//   - A task of a manual runtime scope (and of the blocks inside it) gets no edge from the
//     tensors it shares, and gives none to later tasks (PTO2 skips its TensorMap): only
//     dependencies order it, so a read-after-write or write-after-write pair with a manual task
//     on either side — inside the scope, a task in it after one before it, or a task after it
//     after one of it — is a hazard too: TH002.
//   - Task ids outlive their manual scope: a dependency on a task of an ended scope (after it, or
//     carried into a later iteration) is how a later task is ordered after the scope's tasks,
//     which the runtime does not track (PTO2 skips an edge to a task it already retired). Such
//     a task that names none is left to the simulator's run-time report. (TH003 is retired.)
//   - An orchestration's `tensor.read` (pl::read) reads the tensor's memory directly: the
//     runtime does not wait for tasks. Reading a buffer that any task of the function writes
//     (before or after the read: in a loop a later writer runs before the next read), or a
//     buffer that cannot be traced, is TH004 at the read with a note at the writer.
//   - An orchestration's `tensor.write` (pl::write) writes the tensor's memory directly: a task
//     that reads or writes the buffer and was submitted before the write (or shares a loop with
//     it, so the next iteration's write follows the task) may still run — TH004 at the write
//     with a note at the task; tasks submitted after the write see the value.
//   - Only the first later task whose access may overlap a read (in a manual scope: any access)
//     and conflicts with it is compared, within 256 tasks: linear in long orchestrations.
// Options: none.
// Diagnostics: TH001 a task writes a window an earlier task reads, with nothing ordering them ·
//   TH002 with a manual scope's task on either side, a task reads or writes a window an
//   earlier task writes (or writes one it reads) without a dependency · TH004 an orchestration
//   reads an element of a tensor a task of it writes, or writes one a task submitted before (or in
//   a loop with) the write uses.
// Example: `k1(y, z)` (reads y) followed by `k2(x, y)` (writes y) with no dependency →
//   error TH001 "write-after-read hazard: 'k2' writes 'y', which the earlier task 'k1' reads ...".
// Test: tests/passes/check_task_hazards.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The check for one Orchestration function (others are skipped). True when no hazard.
bool checkTaskHazards(const ir::Program &p, const ir::Function &f, ir::DiagnosticEngine &diags);

Pass createCheckTaskHazardsPass(PassOptions &opts);

} // namespace pl::passes
