// FoldNoOpReshape: a tile reshape whose result is its operand — same bytes, same tile type —
// becomes a copy of the operand (pipeline pass 39, PyPTO's FoldNoOpReshape).
//
// Why: after memory planning a `tile.reshape` to the shape a tile already has, in the buffer it
//   already occupies (InitMemRef shares a same-size reshape's buffer with its source), changes
//   nothing; printed, it is one more TRESHAPE (a `pto.treshape` in PTO-AS) and one more tile
//   variable. As `l = r`, the printers declare l as r's bytes and print no instruction.
// Properties: passes/passes.def. Runs after AllocateMemoryAddr / InsertPipeSyncs (the last
//   passes that place or order tiles) and before LowerSpmdLaunches, as in PyPTO; on every
//   planner (InitMemRef gives every kernel tile a MemRef).
// Rules: in AIV / AIC / InCore functions, `l = tile.reshape(r, shape)` with r a variable whose
//   tile type equals l's (structurally: dtype, shape, memory space, layout, fractal, valid shape,
//   pad and MemRef — one base, one byte offset, one size) becomes `l = r`. A reshape that changes
//   any of them is a real one and stays: another shape, another valid shape, another pad
//   (ResolveBackendOpLayouts' `x_pad = tile.reshape(x, shape(x))` for TSEL / TAND / TOR), another
//   buffer or offset, a source without a MemRef.
// Options: none. Diagnostics: none.
// Example: `Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> y = tile.reshape(x, {16, 64})` with
//   x of the same type → `… y = x`.
// Test: tests/passes/fold_no_op_reshape.pir, tests/lit/translator/fused_create_assemble.cpp,
//   tests/e2e/regress_boundaries.cpp (fused_blocks)
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr foldNoOpReshape(const ir::FunctionPtr &f);

Pass createFoldNoOpReshapePass(PassOptions &opts);

} // namespace pl::passes
