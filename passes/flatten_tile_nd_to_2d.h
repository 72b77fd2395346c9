// FlattenTileNdTo2D: every kernel tile is 2-D (pipeline pass 15, PyPTO's FlattenTileNdTo2D).
//
// Why: PTO-ISA's tiles have rows and columns; a kernel that holds a tile of another rank has
//   no C++ type (the emitters' ES003). Tensors keep any rank: pto-isa's GlobalTensor is 5-D and
//   TLOAD / TSTORE count a row-major tile's rows as the product of its four leading extents.
// Where the rest of the rule lives: `tile.load` of a window of rank != 2 already gives a 2-D
//   tile (ir/ops/tile_window.h: a row [D] of a rank-1 tensor is [1, D]; [1, .., 1, R, C] is
//   [R, C], as the eager run's pl::load; a leading window dim other than 1 is T110, as the
//   eager run rejects it), and `tile.store` of a [1, D] tile into a rank-1 tensor writes its row.
//   Those loads and stores stay as they are: the backend prints their rank-N windows (leading
//   extents 1), MaterializeTileValidShapes folds the clipped window into the tile's 2-D valid
//   shape (rows: the product of the clipped leading dims).
// Properties: passes/passes.def. Runs after LowerCompositeOps (14), before AutoTileMatmulL0
//   (19) and InferTileMemorySpace (21); produces TileOps2D (verified: every kernel tile type is
//   2-D).
// Rules: in AIV / AIC / InCore functions, every tile type of rank != 2 (variables, parameters,
//   loop carries, call results, return types) becomes 2-D: [D] → [1, D]; [d0, .., dn-2, C] →
//   [d0·…·dn-2, C] (its valid shape likewise). Ops on such tiles:
//   - tile.create / tile.full: the shape argument is flattened;
//   - elementwise, compare, select and unary ops (cast, fillpad, lrelu …) and tile.move: the
//     operands' rows must match the result's in every dim but the last (broadcasting along a
//     merged dim has no 2-D form), then the call is rebuilt on the flattened operands;
//   - tile.read / tile.write: the indices [i0, .., in-2, j] become [row, j] with row the
//     row-major index of (i0, .., in-2) ([j] → [0, j]);
//   - tile.store: when every tile dim but the last two is 1 (the window is the same);
//   - `c = tile.batch_matmul(a, b)` (ConvertTensorToTileOps' kernel form of pl::batch_matmul,
//     on [B, M, K] / [B, K, N] tensors) → per-batch matmuls (PyPTO), unrolled over the constant
//     B: each batch's [1, M, K] / [1, K, N] windows loaded into Mat, moved to Left / Right,
//     tile.matmul (out_dtype kept); a `tile.store(c, {o0, o1, o2}, t)` becomes one store per
//     batch at {o0 + i, o1, o2}, chained through the tensor (no single [B·M, N] Acc tile: the
//     cube has no Acc assemble);
//   - anything else (reductions, matmul, extract, transpose, cross-core ops …) is FT001.
//   Functions that are not kernels are unchanged.
// Options: none.
// Diagnostics: FT001 an op on a tile of rank != 2 that has no 2-D form · FT002 a tile of rank
//   > 2 whose valid rows are not contiguous once flattened (a leading valid dim smaller than
//   the tile's) or that has explicit strides · FT003 a batch_matmul whose B, M, K or N is not a
//   constant >= 1 (also FT001: a batch_matmul result read other than by a tile.store).
// Example: `t: Tile[[2, 3, 4], fp32] = tile.full([2, 3, 4], 1.0); u = tile.add(t, t)` →
//   `t: Tile[[6, 4], fp32] = tile.full([6, 4], 1.0); u: Tile[[6, 4], fp32] = tile.add(t, t)`.
// Test: tests/passes/flatten_tile_nd_to_2d.pir (FT001 / FT002 / FT003 too),
//   tests/lit/translator/diag_rank_nd.cpp, diag_batch_matmul.cpp, e2e regress_rank_nd,
//   regress_batch_matmul
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged); nullptr after an error in `diags`.
ir::FunctionPtr flattenTileNdTo2D(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

Pass createFlattenTileNdTo2DPass(PassOptions &opts);

} // namespace pl::passes
