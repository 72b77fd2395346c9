// PackCompareMasks: the masks that selects read become PTO-ISA's packed compare masks (one bit
// per element in uint8 bytes, as TCMP / TCMPS write them and TSEL / TSELS read them).
//
// Why: pl's compares give a bool tile of the compared shape (the eager DSL and pl's tensors
//   keep one element per byte), but PTO-ISA's TCMP / TCMPS write a bit-packed uint8 mask, row r
//   in bytes [r, 0 .. ceil(C / 8)), element c at bit c % 8 of byte c / 8, and TSEL / TSELS take
//   nothing else. A mask only a select reads is never seen by the program as bools, so the
//   compare can write the packed form directly.
// Properties: passes/passes.def. Runs after ResolveBackendOpLayouts (the compares and selects
//   have their final operands), before MaterializeScratchTiles and InitMemRef.
// Rules: in AIV / AIC / InCore functions, for `m = tile.cmp(a, b, {mode})` (or tile.cmps) of a
//   2-D shape [R, C] with constant C whose result is the mask of a tile.sel / tile.sels:
//     m_packed = tile.cmp(a, b, {mode, packed = true})   // uint8 [R, ceil(ceil(C / 8) / 32) * 32]
//   and every such select reads m_packed. The bool compare stays only when something else reads
//   m (a store, a bitwise op, a loop carry); otherwise it is dropped.
//   A select whose mask is no compare result (a loaded or combined bool mask) packs it first:
//     m_f = tile.cast(m, {.target_type = fp32}); m_packed = tile.cmps(m_f, 0.0, {ne, packed})
// Options: none. Diagnostics: none (a mask it cannot pack, not 2-D or with columns that are not
//   constant, stays bool; pl/sim's TSEL then rejects the kernel at compile time as PTO-ISA's
//   would).
// Example: `m = tile.cmp(a, b, {.mode = "lt"}); q = tile.sel(m, a, b)` →
//   `m_packed = tile.cmp(a, b, {.mode = "lt", .packed = true}); q = tile.sel(m_packed, a, b)`.
// Test: tests/passes/pack_compare_masks.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr packCompareMasks(const ir::FunctionPtr &f);

Pass createPackCompareMasksPass(PassOptions &opts);

} // namespace pl::passes
