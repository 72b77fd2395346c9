// ExpandTileBroadcasts: binary tile ops whose operands broadcast become PTO-ISA's broadcast forms
// (pl's own pass).
//
// Why: the tile IR lets `tile.add` / `tile.sub` / ... / `tile.cmp` broadcast a [R, 1] or [1, C]
//   operand (and a [1, 1] one) over a [R, C] one, as `tensor.sub(x, tensor.row_max(x))`
//   converts to; PTO-ISA's TADD, TSUB, TCMP, ... take operands of one valid shape only, so the
//   simulator failed such a kernel at run time and hardware would compute garbage. The ISA's
//   broadcasts are TROWEXPAND* / TCOLEXPAND*, which this pass makes explicit in the IR.
// Properties: passes/passes.def. Runs after ExpandMixedKernel (tile spaces final), before
//   InferTileLayouts (the vectors it adds take their layouts there).
// Rules: in AIV / AIC / InCore functions, `v = tile.OP(a, b)` (a binary elementwise op or cmp)
//   with a static 2-D result shape [R, C] and an operand of another shape:
//   - a [R, C] with b [R, 1] (C > 1), OP add / sub / mul / div / maximum / minimum:
//     `v = tile.row_expand_{add,sub,mul,div,max,min}(a, b)`; b [1, C] (R > 1): col_expand_*; the
//     same with a and b swapped for the commutative add / mul / maximum / minimum;
//   - otherwise each operand of another shape is broadcast first and OP runs on equal shapes:
//     a [R, 1] vector `x_bc = tile.row_expand(t, x)`, a [1, C] one `x_bc = tile.col_expand(t, x)`,
//     a [1, 1] one column-wise to [R, 1] and then row-wise, where t (the shape source) is the
//     other operand when it has the result's shape, else a fresh `tile.create` of that shape.
//   Kwargs (cmp's mode) and attrs are kept; a scratch argument (rem, xor) stays last.
// Options: none. Diagnostics: none.
// Example: `Tile<fp32, 16, 64, Vec> d = tile.sub(t, m)` with m [16, 1] →
//   `d = tile.row_expand_sub(t, m)`; `tile.sub(m, t)` → `m_bc = tile.row_expand(t, m);
//   d = tile.sub(m_bc, t)`.
// Test: tests/passes/expand_tile_broadcasts.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr expandTileBroadcasts(const ir::FunctionPtr &f);

Pass createExpandTileBroadcastsPass(PassOptions &opts);

} // namespace pl::passes
