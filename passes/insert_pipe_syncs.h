// InsertPipeSyncs: the set_flag / wait_flag pairs and pipe barriers a kernel needs on hardware
// (pl's own pass; ptoas inserts them for PyPTO, we emit PTO-ISA C++ directly).
//
// Why: an AI core runs each pipe (MTE2 loads, V vector, MTE3 stores from Vec, MTE1 Mat -> L0,
// M cube, FIX stores and moves from Acc, S scalar) as its own queue. An instruction that reads
// or writes bytes an instruction of another pipe wrote (or read, for a write) must wait for it:
// `system.sync_src(set_pipe = Q, wait_pipe = P)` then `system.sync_dst(...)` (PTO's set_flag /
// wait_flag) right before it; within the vector pipe, dependent instructions are separated by
// `system.bar_v` (pipe_barrier(PIPE_V)), as ptoas does. The kernel ends with `system.bar_all`
// so no store is in flight when the task completes. The printer prints the ops it finds.
// Properties: passes/passes.def. Runs after AllocateMemoryAddr (the bytes each tile occupies
//   are final; not in the pipeline with the PTOAS planner, which places and syncs itself).
// Rules (kernel functions): pipes by op — tile.load MTE2; tile.store MTE3 (FIX from Acc);
//   tile.move / extract / slice out of Mat MTE1, out of Acc FIX, else V; matmul family M;
//   tile.read / tile.write and a kernel's tensor.read / tensor.write S; tpush (cross-core) FIX
//   from Acc, else MTE3; tpop MTE2; tfree none; every other tile op V.
//   Accesses: the tile arguments are read, the result tile and arguments the op declares
//   written (scratch) are written, loads read and stores write global memory (one region:
//   every global access may alias). A tile's bytes are its MemRef's [offset, offset + size) in
//   its space (a non-constant offset: the whole space). Before an op, for each earlier access
//   to overlapping bytes by another pipe that is not yet ordered before this pipe (at least one
//   of the two a write), a flag pair from that pipe on EVENT_ID0 (each pair is set and waited
//   at once, so no two are live together); for one on the vector pipe itself, a bar_v.
//   Ordering is per pipe pair (not transitive), as the simulator's checker
//   (dsl/include/pl/sim/pipes.hpp) models it. Loops: the body is analysed from the state at
//   entry, then rewritten from the join of that state and the state at its end (so the back
//   edge — a buffer reloaded while the previous iteration's reader may still run — is
//   covered); an if joins its branches; a loop's exit joins entry and body end (zero trips).
// Options: none. Diagnostics: none (every kernel can be synchronised).
// Example: `t = tile.load(a); u = tile.adds(t, 1); s = tile.store(u, o)` →
//   `t = load; sync_src(mte2 -> v); sync_dst(mte2 -> v); u = adds; sync_src(v -> mte3);
//   sync_dst(v -> mte3); s = store; bar_all`.
// Test: tests/passes/insert_pipe_syncs.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr insertPipeSyncs(const ir::FunctionPtr &f);

Pass createInsertPipeSyncsPass(PassOptions &opts);

} // namespace pl::passes
