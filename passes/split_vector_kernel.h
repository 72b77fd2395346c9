// SplitVectorKernel (pipeline slot 27): an AIV kernel with a split mode runs on both vector
// cores of its cluster, each on its half of the vector work; Group functions name their kernels.
//
// Why: with `pl::split(UpDown | LeftRight)` the cube core pushes whole tiles and each vector
//   core pops half (the simulator and the hardware split the payload by the consumer's lane);
//   the vector kernel must then compute, load and store only its half, at its lane's offset.
//   The emitter submits a Group as one mixed task and needs its AIC / AIV kernels and whether
//   both AIV lanes run (`MixedKernels{aic, aiv, aiv}`), which it reads off the Group's attrs.
// Properties: passes/passes.def.
// For every AIV function with attr `split` = 1 (up-down: rows) or 2 (left-right: columns),
//   axis a = split - 1:
//   - every Vec tile whose extent along a is not 1 is halved along a (types of variables and
//     calls; a tile of extent 1 there, a [1, C] row in up-down, is shared by both lanes);
//   - `tile.load` / `tile.store` of a halved tile read / write at offset[a] + lane · half,
//     `tile.load` / `tile.create` / `tile.full` / `tile.tpop_from_aic` get the halved shape;
//     the lane is `tile.get_subblock_idx()`, bound first in the body;
//   - the function's `split` attr is kept (the emitter's pipes print it).
//   Rejected (SV001-SV003, at the op): a reduction along a (up-down: `col_*`; left-right:
//   `row_*`), an op that addresses positions (transpose, reshape, slice, extract, read, write,
//   assemble, concat), a halved dim that is odd or not a constant, a valid shape on a.
// For every Group: attrs `aic_kernel` / `aiv_kernel` (from its body's calls when absent: exactly
//   one AIC and one AIV kernel, SV004 otherwise) and `dual_aiv` = its AIV kernel has a split.
// Options: none.
// Diagnostics: SV001 a reduction or positional op along the split axis · SV002 a dim that cannot
//   be halved · SV003 a valid shape along the split axis · SV004 a Group without one AIC and one
//   AIV kernel.
// Example: `[[split = 1]] AIV k(..) { t = tile.tpop_from_aic({32, 64}, ..); ..
//   tile.store(e, {0, 0}, o) }` → `lane = tile.get_subblock_idx(); t = tile.tpop_from_aic({16,
//   64}, ..); .. tile.store(e, {0 + lane * 16, 0}, o)`.
// Test: tests/passes/split_vector_kernel.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (p itself when nothing changes); nullptr after an error.
ir::ProgramPtr splitVectorKernels(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createSplitVectorKernelPass(PassOptions &opts);

} // namespace pl::passes
