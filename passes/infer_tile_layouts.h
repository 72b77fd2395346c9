// InferTileLayouts: every kernel tile gets the layout of its memory space (pl's own pass).
//
// Why: PTO-ISA tiles are typed by their layout (BLayout, SLayout, fractal size), and the cube
//   instructions accept only their space's forms: Mat tiles are NZ, Left / Right / Acc have their
//   fractal forms, a row reduction's [R, 1] result is column-major (DN). The layouts differ
//   between SoCs (the Left tile is RowMajor / RowMajor on a2a3, ColMajor / RowMajor on a5), so
//   they come from the platform's SoC table (passes/utils/soc.h), not from the printers, which
//   print each tile's TileView. The simulator stores every tile row-major; the layout is a type
//   fact it carries and CheckTileConstraints checks.
// Properties: passes/passes.def. Runs after ExpandMixedKernel (spaces are final), before
//   InitMemRef.
// Rules: in AIV / AIC / InCore functions, every tile type with a memory space and the implicit
//   layout (RowMajor / NoneBox / 512) takes its space's layout from the SoC; a Vec tile of shape
//   [R, 1] with R > 1 is ColMajor / NoneBox (DN), a Mat tile of one row (a bias vector on its
//   way to the Bias space) RowMajor / NoneBox (ND). The valid shape, pad value and other view
//   fields are kept; a tile whose type already names another layout is unchanged. Types are
//   rewritten everywhere (definitions, uses, call results), so copies and carries keep agreeing.
// Options: `platform=<name>` (default: the context's platform) selects the SoC.
// Diagnostics: none.
// Example: `Tile<fp32, 16, 16, Mat> a = tile.load(..)` →
//   `Tile<fp32, 16, 16, Mat, view{blayout = col_major, slayout = row_major}> a = ...`.
// Test: tests/passes/infer_tile_layouts.pir
#pragma once

#include "passes/pass.h"
#include "passes/utils/soc.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr inferTileLayouts(const ir::FunctionPtr &f, const SocDesc &soc);

Pass createInferTileLayoutsPass(PassOptions &opts);

} // namespace pl::passes
