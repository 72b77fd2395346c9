// NormalizeReturnOrder (pipeline slot 29): a kernel returns its tensor parameters themselves,
// by identity, in parameter order; callers' tuple indices follow.
//
// Why: a kernel's results are the GM tensors it was given (stores write into the Out/InOut
//   parameter and return it); printers and later passes must be able to read "result k is
//   parameter i" off the return statement instead of re-deriving buffer aliases.
// Properties: passes/passes.def.
// For every kernel (InCore / AIC / AIV) with a trailing `return v1, ..., vn` of tensors (a
//   kernel returning a scalar is left alone: its results are values, not buffers): each vk is
//   replaced by the tensor parameter whose buffer it names (passes/utils/buffer_aliases:
//   stores, assembles, copies, carries, phis), and the values are sorted by parameter index
//   (stable); the function's return types follow. When the order changes, every caller's use
//   of the result tuple (`t[i]` of a call or of a submit, whose last element, the task id,
//   stays last) is re-indexed. A kernel whose returns already are its parameters in order is
//   unchanged; kernels without results are unchanged.
// Options: none.
// Diagnostics: RO001 a kernel returns a value that names none of its tensor parameters
//   (a tile, a scalar, or a tensor it created).
// Example: `AIV k(In a, Out oa, Out ob) { ...; oa2 = tile.store(t, .., oa); ob2 = ...;
//   return ob2, oa2; }` → `return oa, ob;` and a caller's `t[0]` becomes `t[1]`.
// Test: tests/passes/normalize_return_order.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (p itself when nothing changes); nullptr after an error.
ir::ProgramPtr normalizeReturnOrder(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createNormalizeReturnOrderPass(PassOptions &opts);

} // namespace pl::passes
