// BoundTileWindows: which kernel windows are proven inside their tensor (pl's own pass).
//
// Why: pl's tile.load pads a window that reaches past its tensor's end and sets the valid
//   shape to the part inside; tile.store writes only the part inside (docs/dsl.md §4; the
//   PTO-ISA C++ clips every window at run time). The PTO-AS text (--emit=pto-as) prints a
//   window proven inside as it stands and clips every other one at run time. Proving it is an
//   analysis, so it lives here and the printer reads the result.
// Properties: passes/passes.def.
// Rules: every tile.load and tile.store of a kernel (InCore, AIV, AIC) gets the attr `in_bounds`:
//   true when, for every tensor dim k, the window's offset o_k and extent e_k satisfy
//   min(o_k) >= 0 and max(o_k) + max(e_k) <= min(d_k) for the tensor's dim d_k — for a tensor
//   parameter (and the results of stores and writes into it) also the dim k of the argument at
//   every call and submit, unknown where one is not a constant (load: extents
//   from `valid_shape`, else the shapes; store: the tile's dims, right-aligned, leading 1s);
//   false otherwise. Bounds are intervals (passes/utils/arith ConstIntBound) from constants,
//   the ranges of loop variables of for loops with a constant step, scalar assignments, and
//   kernel scalar parameters: the union, over every call and submit of the kernel, of the
//   argument's bound in the caller (computed the same way there; a kernel nothing calls has
//   unknown parameters). Everything else (carries, if results, values read at run time) is
//   unknown: its dtype's range. Idempotent: an existing `in_bounds` attr is recomputed.
// Options: none. Diagnostics: none.
// Example: in `for (i : range(0, 4)) t = tile.load(x: Tensor<fp32, 64, 16>, {i * 16, 0},
//   {16, 16})` the load gets `[[in_bounds = true]]`; with range(0, 5) it gets false.
// Test: tests/passes/bound_tile_windows.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (p itself when nothing changes).
ir::ProgramPtr boundTileWindows(const ir::ProgramPtr &p);

Pass createBoundTileWindowsPass(PassOptions &opts);

} // namespace pl::passes
