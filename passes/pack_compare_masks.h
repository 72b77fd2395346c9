// PackCompareMasks: every kernel mask takes PTO-ISA's packed form (one bit per element in uint8
// bytes, as TCMP / TCMPS write them and TSEL / TSELS read them); masks in GM are bytes.
//
// Why: pl's compares give a bool tile of the compared shape (the eager DSL and pl's tensors keep
//   one element per byte), but PTO-ISA has no bool tile: its TCMP / TCMPS write a bit-packed
//   uint8 mask, row r in bytes [r, 0 .. ceil(C / 8)), element c at bit c % 8 of byte c / 8, and
//   TSEL / TSELS take nothing else. A bool tensor in GM is one 0 / 1 byte per element, which
//   TLOAD / TSTORE move as uint8 (PTO-ISA copies elements of equal size).
// Properties: passes/passes.def. Runs after ResolveBackendOpLayouts (the compares and selects
//   have their final operands), before MaterializeScratchTiles (the TSELS / TXOR it adds get
//   their scratch tiles) and InitMemRef.
// Rules: in AIV / AIC / InCore functions, for bool Vec tiles of a 2-D shape [R, C] with constant
//   C (P(m): m's packed uint8 tile [R, ceil(ceil(C / 8) / 32) * 32], valid [R, ceil(C / 8)]):
//     m = tile.cmp(a, b, {mode})          -> P(m) = tile.cmp(a, b, {mode, packed = true})
//     m = tile.load(t, o, s) (t bool), read as a mask by a select, a packed combination or a
//       store                             -> m_bytes = tile.load(t, o, s, {bytes = true});
//                                            m_h = tile.cast(m_bytes, fp16);
//                                            P(m) = tile.cmps(m_h, 0.0, {ne, packed})
//       (a2a3's TCMPS compares no 1-byte type; TCVT widens uint8 to half exactly)
//     m = tile.and / or / xor(a, b), tile.not(a) of packed masks -> the same op on P(a), P(b)
//       (TAND / TOR / TXOR / TNOT on uint8 bytes: the bits past C in a row's last byte are
//       garbage, which nothing reads — TSEL / TSELS write only the valid columns)
//     tile.sel / sels(m, …)               -> tile.sel / sels(P(m), …)
//     tile.store(m, o, t)                 -> m_one = tile.full([R, C], 1.0, fp16);
//                                            m_h = tile.sels(P(m), m_one, 0.0);
//                                            m_bytes = tile.cast(m_h, uint8);
//                                            tile.store(m_bytes, o, t)
//       (a loaded mask stores its m_bytes). The bool definition stays only when something else
//   reads m (a cast, a loop carry, an if result, a combination that stays bool) and then so do
//   the bool operands of a combination that stays bool. A select whose mask has no packed form
//   (a carried or if-yielded bool mask) packs it first:
//     m_f = tile.cast(m, {.target_type = fp32}); m_packed = tile.cmps(m_f, 0.0, {ne, packed})
//   (a TCVT from bool, which PTO-ISA has no form of: pl/sim rejects such a kernel).
// Options: none. Diagnostics: none (a mask it cannot pack — not 2-D, columns not constant —
//   stays bool; pl/sim's TCMP / TSEL / TSTORE then reject the kernel at compile time as
//   PTO-ISA's would).
// Example: `m = tile.cmp(a, b, {.mode = "lt"}); q = tile.sel(m, a, b)` →
//   `m_packed = tile.cmp(a, b, {.mode = "lt", .packed = true}); q = tile.sel(m_packed, a, b)`.
// Cost: two walks over the function, each statement once (linear).
// Test: tests/passes/pack_compare_masks.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr packCompareMasks(const ir::FunctionPtr &f);

Pass createPackCompareMasksPass(PassOptions &opts);

} // namespace pl::passes
