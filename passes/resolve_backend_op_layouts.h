// ResolveBackendOpLayouts: elementwise ops on column vectors run on their row-major reshape
// (PyPTO's pass 23, in pl after InferTileLayouts).
//
// Why: a row reduction's [R, 1] result is column-major (DN) in PTO-ISA (InferTileLayouts), but
//   the ISA's elementwise instructions (TADD, TADDS, TEXP, TCMP, TSEL, TCVT, ...) take row-major
//   operands only. A [R, 1] DN tile and a [1, R] row-major (ND) tile are the same bytes, so the
//   op runs on the [1, R] reshape of its operands and the result is reshaped back: no data
//   moves (InitMemRef gives a reshape its source's buffer), and every instruction sees the
//   layout it accepts.
// Properties: passes/passes.def. Runs after InferTileLayouts (the layouts are final), before
//   CheckTileConstraints and InitMemRef.
// Rules: in AIV / AIC / InCore functions, `v = op(args)` with op an elementwise op (categories
//   elementwise, unary, compare, select) whose result and every tile argument are Vec tiles of
//   one static column shape [R, 1] (R > 1), at least one of them column-major, becomes
//     a_row = tile.reshape(a, {1, R})      (each tile argument)
//     v_row = op(a_row, ..., scalars)      (same kwargs and attrs)
//     v = tile.reshape(v_row, {R, 1})
//   The [1, R] types are row-major with the valid shape swapped ({v, 1} → {1, v}) and the pad
//   kept. Broadcasting forms ([R, 1] with [R, C], [1, 1], ...) and row-major-only columns are
//   unchanged, as is everything outside kernels.
//   Pad values: PTO-ISA's TSEL, TAND and TOR take one tile type (`TileData`) for dst and both
//   sources, and a tile's pad value is part of its type (tile.fillpad's result carries it). A
//   tile operand of `tile.sel` (src0, src1), `tile.and` or `tile.or` whose pad differs from the
//   result's is read through `x_pad = tile.reshape(x, shape(x))` typed with the result's pad (the
//   same bytes: a pad value only matters to TLOAD and TFILLPAD); then the rules above apply.
// Options: none. Diagnostics: none.
// Example: `Tile<fp32, 16, 1, Vec, view{blayout = col_major}> n = tile.adds(s, 1.0)` →
//   `s_row = tile.reshape(s, {1, 16}); n_row = tile.adds(s_row, 1.0);
//    n = tile.reshape(n_row, {16, 1})`.
// Test: tests/passes/resolve_backend_op_layouts.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr resolveBackendOpLayouts(const ir::FunctionPtr &f);

Pass createResolveBackendOpLayoutsPass(PassOptions &opts);

} // namespace pl::passes
