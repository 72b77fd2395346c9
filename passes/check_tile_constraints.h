// CheckTileConstraints: the tile shapes PTO-ISA accepts, checked at translate time (pl's own
// pass; the vendor's headers check them with static_asserts at the end of a kernel build).
//
// Why: a PTO-ISA tile's shape must fit its layout: a row-major unboxed tile stores whole
//   32-byte rows, a column-major one whole 32-byte columns, a boxed (fractal) tile whole boxes.
//   A user whose kernel breaks this should hear it at the line that declares the tile, from
//   pl-translate, not as a template error from the vendor compiler (or, on the simulator,
//   never).
// Properties: passes/passes.def. Runs after InferTileLayouts (the layouts are final).
// Rules: for each tile value a kernel (AIV / AIC / InCore) defines, with a memory space and
//   static dims (1-D as [1, N]), element bits b (bool: 8):
//   - NoneBox, RowMajor: Cols * b a multiple of 256 (32 bytes)             — TC001
//   - NoneBox, ColMajor: Rows * b a multiple of 256                       — TC001
//   - boxed, SLayout RowMajor: Rows a multiple of 16, Cols of F * 8 / (16 * b) (F the fractal
//     size in bytes: the inner box is 16 rows of F / 16 bytes)               — TC002
//   - boxed, SLayout ColMajor: Rows a multiple of F * 8 / (16 * b), Cols of 16 — TC002
//   Loop carries and if results are not checked again: they take the types of values checked
//   where they are defined. Severity: an error on the vendor platforms (a2a3, a5), a warning
//   on the simulated ones (a2a3sim, a5sim: the simulator runs such a tile; hardware would not).
//   - a tile.cast whose rounding mode PTO-ISA's TCVT does not apply: any mode but none / rint
//     unless float -> integer, and odd for float -> integer (TCVT rounds every other
//     conversion to nearest even)                                          — TC003
//   - a tile.transpose of a dtype TTRANS does not take (8-, 16-, 32-bit integers, fp16, bf16,
//     fp32 only), a tile.matmul / matmul_acc / matmul_bias of element types TMATMUL does not
//     take (int8 x int8 -> int32, fp16 / bf16 / fp32 pairs -> fp32, or an fp16 / bf16 Acc:
//     pl's out_dtype, not yet lowered the vendor's way)                      — TC004
//   - a tile.cast the SoC's TCVT has no conversion for and LegalizeTileCast found no exact
//     chain for (passes/legalize_tile_cast.h: int16 -> int8, int32 -> bf16, fp8 on a2a3, …),
//     an error on the vendor platforms, a warning on the simulated ones       — TC005
//   - a bool tile PackCompareMasks could not pack (PTO-ISA has no bool tile: its masks are
//     packed uint8), at its definition with why: not a 2-D Vec tile, columns not constant,
//     or read as bools (e.g. by a cast to int64)                             — TC006
//   TC003 and TC004 are errors on every platform: pl/sim follows the vendor (its TCVT rounds
//   as the vendor's, its TTRANS and TMATMUL reject those types), so no simulator run could
//   stand in for the eager one.
// Options: `platform=<name>` (default: the context's platform).
// Diagnostics: TC001 an unboxed tile whose rows (columns) are not whole 32-byte units ·
//   TC002 a boxed tile that is not whole fractal boxes · TC003 a cast mode TCVT does not apply ·
//   TC004 an element type TTRANS / TMATMUL does not take · TC005 a conversion TCVT does not do ·
//   TC006 a bool tile (an error on every platform: pl/sim has no bool tiles either).
// Example: `Tile<fp32, 16, 9, Vec> t = tile.load(..)` on a2a3 → error TC001 "tile 't' is
//   row-major with 9 columns of fp32 (36 bytes); PTO-ISA needs whole 32-byte rows ...".
// Test: tests/passes/check_tile_constraints.pir
#pragma once

#include "passes/pass.h"
#include "passes/utils/soc.h"

namespace pl::passes {

/// The check for one function on `soc`; `error` false reports warnings instead. True when no
/// error.
bool checkTileConstraints(const ir::Function &f, const SocDesc &soc, bool error,
                          ir::DiagnosticEngine &diags);

Pass createCheckTileConstraintsPass(PassOptions &opts);

} // namespace pl::passes
