// MaterializeScratchTiles: every op whose PTO-ISA instruction runs with a scratch tile (the
// reductions, transpose, rem, prelu, select) gets one (pl's own pass; ptoas plans these itself
// for PyPTO).
//
// Why: pl's row reductions, tile.transpose, rem, xor, prelu, sel and sels take their scratch tile
// as
//   an optional last argument (the eager DSL and the simulator need none), but PTO-ISA's
//   `TROWSUM(dst, src, tmp)` (and TROWMAX, TROWMIN, TROWPROD, TCOLARGMAX, TCOLARGMIN, TTRANS,
//   TREM, TREMS, TXOR, TXORS, TPRELU, TSEL, TSELS) have no form without it, and ptoas's
//   `pto.trowsum ins(%src, %tmp ...)` wants it too. The scratch tile is a kernel
//   buffer like any other: it must exist in the IR before InitMemRef so that it gets a MemRef, an
//   address inside the SoC's capacity, and the pipe synchronisation of a written tile.
// Properties: passes/passes.def. Runs after ResolveBackendOpLayouts, before InitMemRef.
// Rules: in AIV / AIC / InCore functions, `v = tile.OP(x)` with OP one of row_sum, row_max,
//   row_min, row_prod, col_argmax, col_argmin and no scratch argument becomes
//     x_tmp = tile.create(shape(x), {.dtype = dtype(x), .target_memory = Vec})
//     v = tile.OP(x, x_tmp)
//   The scratch tile has x's shape, dtype and layout (not its valid shape or pad). A call that
//   passes its own scratch tile is unchanged, as are row_argmax / row_argmin (the IR requires
//   theirs) and col_sum (PTO-ISA's TCOLSUM has a form without one).
// Options: none. Diagnostics: none (a scratch tile that does not fit is AllocateMemoryAddr's
//   capacity error, located at the reduction).
//   `v = tile.transpose(x, 0, 1)` of a 2-D x [H, W] likewise gets TTRANS's scratch tile:
//     x_tmp = tile.create({W, Hs}, {.dtype = dtype(x), .target_memory = Vec})
//     v = tile.transpose(x, 0, 1, x_tmp)
//   with Hs = H rounded up to TTRANS's row stride (32 for 1-byte dtypes, 16 for wider ones),
//   row major (PTO-ISA's tmp size W * ceil(H / stride) * stride elements).
//   rem, rems, xor, xors, prelu, sel and sels without their optional last argument get PTO-ISA's
//   tmp of TREM / TREMS / TXOR / TXORS / TPRELU / TSEL / TSELS (sized for a2a3, the only target
//   that uses it; a5 ignores it), for an [R, C] operand (of sel / sels: the selected operand):
//     rem    [1, C + 2 * ceil(C / 64)] of the dtype (a quotient row and a compare-mask row)
//     rems, xor, xors  the destination's tile type (the vendor's CPU TREMS takes no other)
//     prelu  uint8 [R + 1, ceil(C / 8)] (TCMPS's packed mask and TSEL's spare row)
//     sel    uint32 [1, 8] (the mask row's address for set_cmpmask)
//     sels   [1, 32 bytes] of the dtype (the scalar for set_cmpmask)
//   with the columns rounded up to whole 32-byte rows; a rem or prelu of a non-constant dim is
//   left alone (the printers then report the missing scratch tile, ES003 / ES010).
// Example: `Tile<fp32, 16, 1, Vec> m = tile.row_max(t)` →
//   `Tile<fp32, 16, 16, Vec> t_tmp = tile.create({16, 16}, {.dtype = fp32, .target_memory = Vec});
//    m = tile.row_max(t, t_tmp)`.
// Test: tests/passes/materialize_scratch_tiles.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr materializeScratchTiles(const ir::FunctionPtr &f);

Pass createMaterializeScratchTilesPass(PassOptions &opts);

} // namespace pl::passes
