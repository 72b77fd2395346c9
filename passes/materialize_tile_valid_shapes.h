// MaterializeTileValidShapes: a kernel window that is not proven inside its tensor gets the
// valid shape of its tile in the IR (pl's own pass).
//
// Why: PTO-ISA's TLOAD needs the global window to be exactly the tile's valid shape, pads the
//   rest of the tile with its PadVal, and TSTORE writes exactly the tile's valid region (the
//   vendor asserts both; pl/sim rejects a mismatch). A tile built full with only its window
//   clipped reads or writes past the window. The clipped extent is a fact of the IR, so the
//   printers spell the tile (its dynamic valid dims set before the load, a store through a
//   tile of the clipped valid shape) and decide nothing.
// Properties: passes/passes.def. Runs last, after BoundTileWindows (it reads `in_bounds`).
// Rules: in AIV / AIC / InCore functions,
//   - `t = tile.load(x, offsets, shapes [, valid_shape = v])` whose attr `in_bounds` is not
//     true: per dim k the extent e_k (v_k, else shapes_k) becomes
//     `max(0, min(e_k, d_k - offsets_k))` (`d_k` alone for a 0 offset) with `d_k = tensor.dim(x,
//     k)` bound just before the load; the load's kwarg `valid_shape` is that list and t's type
//     records it as its valid shape (a fresh variable; its uses follow).
//   - `r = tile.store(t, offsets, y)` whose `in_bounds` is not true gets the attr
//     `valid_shape`: per dim of y the same clip of the tile's extent (leading 1s, then t's
//     dims) — the window the store may write; the tile's own valid region narrows it further.
//   A load whose valid_shape already has the clipped form, and a store with the attr, are left
//   alone (idempotent); proven windows are unchanged.
//   - every other result tile `r = op(...)` whose op has a ValidShapeRule (op registry: same as
//     operand i, row / column reduction, matmul, transpose, concat, reshape, packed mask, the
//     partial ops' per-dim larger of two operands') and
//     whose operands may be clipped gets the valid shape the rule gives (a fresh variable typed
//     with it): PTO-ISA runs each instruction over its destination's valid region and asserts
//     the sources have it. An operand's valid shape is its type's, else — when a clipped value
//     may reach it through a carry or an if (MayClip: one walk, then a worklist) — read at run
//     time, `index t_vrow = tile.valid_dim(t, 0)`, else its whole shape. Results of whole
//     operands are unchanged. A carry, if result or copy that may be clipped is read at run time
//     even when typed with a valid shape: its type may predate the windows' clips (fuzzer smoke1
//     program 29: a user valid_shape of a window that WindowTaskArguments clips).
// Options: none. Diagnostics: none.
// Example (computed): `b = tile.add(a, a)` with `a` typed `{valid_shape = {vr, vc}}` →
//   `Tile<fp32, 8, 16, Vec, view{valid_shape = {vr, vc}}> b = tile.add(a, a)`.
// Example: `t = tile.load(x: Tensor<fp32, 8, ?>, {0, c * 16}, {8, 16}) [[in_bounds = false]]`
//   → `index x_d0 = tensor.dim(x, 0); index x_d1 = tensor.dim(x, 1);
//      Tile<fp32, 8, 16, Vec, {valid_shape = {max(0, min(8, x_d0)),
//      max(0, min(16, x_d1 - c * 16))}}> t = tile.load(x, {0, c * 16}, {8, 16},
//      {.valid_shape = {...}}) [[in_bounds = false]]`.
// Test: tests/passes/materialize_tile_valid_shapes.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr materializeTileValidShapes(const ir::FunctionPtr &f);

Pass createMaterializeTileValidShapesPass(PassOptions &opts);

} // namespace pl::passes
