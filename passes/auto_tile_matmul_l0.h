// AutoTileMatmulL0 (pipeline slot 19): a kernel matmul whose Left, Right or Acc tile exceeds the
// SoC's L0A / L0B / L0C capacity becomes a loop over K chunks (and over M / N chunks when one
// chunk's accumulator still does not fit).
//
// Why: a kernel author writes `pl::matmul` on tiles of the problem's size (or `pl::matmul` on
//   tensors, which ConvertTensorToTileOps lowers to the same Mat -> Left / Right moves) and
//   expects the compiler to fit it to the machine; without this a 256 x 512 x 256 fp16 matmul is
//   MA001 (Left, Right and Acc all exceed a2a3's 64 / 64 / 128 KiB).
// Properties: passes/passes.def.
// What it rewrites, in AIC / InCore kernels: `c = tile.matmul(l, r)` without kwargs where
//   `l = tile.move(lm, {.target_memory = Left})` and `r = tile.move(rm, {.target_memory = Right})`
//   are bound in the same block, used only by the matmul, lm / rm are Mat tiles and every tile
//   has a constant 2D shape and no explicit view (valid shape, layout), and Left, Right or Acc
//   exceeds the SoC's safe capacity. A matmul that fits is left as it is.
// Chunk rule (documented in docs/passes.md): each chunk takes at most half of its L0 space (the
//   other half is the double-buffer headroom PyPTO also keeps, so the next chunk's TEXTRACT can
//   overlap the current TMATMUL, and what else is live in Acc). (m, n) is the largest Acc chunk
//   whose m divides M and n divides N, each a multiple of 16 (the 16 x 16 fractal) or the whole
//   dimension, preferring the squarest (so Left and Right chunks allow the longest k); k is the
//   largest multiple of the K alignment (32 bytes: 16 fp16 / bf16, 8 fp32, 32 int8) that keeps
//   Left [m, k] and Right [k, n] within half their spaces. K need not be a multiple of k: the
//   last chunk is K mod k wide (it must still be a multiple of the alignment).
// The rewrite: the first chunk `tile.matmul(tile.extract(lm, mi, 0, {m, k}, Left),
//   tile.extract(rm, 0, ni, {k, n}, Right))`, then `for ki in range(k, K - K mod k, k)` carrying
//   the accumulator through `tile.matmul_acc`, then the tail chunk's matmul_acc. When M or N is
//   split, c's only use must be a `tile.store(c, offsets, t)`: the chunk loops carry t and each
//   chunk is stored at offsets + (mi, ni) (the store takes the place of the whole nest).
// Mat residency: when lm and rm together exceed the Mat space and both are loaded by a
//   `tile.load(.., {.target_memory = Mat})` used only by their move, each chunk is loaded from
//   GM into Mat per step (`tile.load` of the chunk's window, then `tile.move` to Left / Right),
//   so the whole operands never live in Mat.
// Options: platform=<name> (default: the context's).
// Diagnostics: AT001 (error, at the matmul) the Mat operands exceed the Mat space and are not
//   loaded where the pass can stream them: names K and the chunk width that fits. AT002
//   (at the call) a matmul-family call (matmul_acc, matmul_bias, a transposed or ragged matmul,
//   an Acc to split that is not just stored) with a tile over L0 that the pass cannot tile: why,
//   and what to split (instead of AllocateMemoryAddr's bare MA001 later).
// Example: Left [256, 512] fp16 x Right [512, 256] on a2a3 -> m = n = 128, k = 128: two loops
//   over M and N around a 4-step K loop (first matmul, then 3 matmul_acc), each chunk stored.
// Test: tests/passes/auto_tile_matmul_l0.pir, tests/e2e/auto_tile_matmul.cpp
#pragma once

#include "passes/pass.h"

namespace pl::passes {

struct SocDesc;

/// The algorithm (f itself when nothing changes); nullptr after an error.
ir::FunctionPtr autoTileMatmulL0(const ir::FunctionPtr &f, const SocDesc &soc,
                                 ir::DiagnosticEngine &diags);

Pass createAutoTileMatmulL0Pass(PassOptions &opts);

} // namespace pl::passes
