// StampTfreeSplit (pipeline slot 28): every tfree carries the split mode of the tpop whose slot
// it frees.
//
// Why: a tfree returns the slot of one popped tile to its producer; with a split each vector
//   core holds a slot of its half, and the hardware's TFREE must name the same split as the
//   TPOP. Hand-written kernels (pl::tfree_to_aic(t)) name only the tile.
// Properties: passes/passes.def.
// For every `tile.tfree_to_aic(t)` / `tile.tfree_to_aiv(t)` whose t is bound by a
//   `tile.tpop_from_aic` / `tile.tpop_from_aiv` of the function (through plain copies): the
//   tfree's `split` kwarg becomes the tpop's (0 when the tpop has none). A tfree of the wrong
//   direction (tfree_to_aic of a tile popped from the AIV side, or of a tile no tpop bound) is
//   an error.
// Options: none.
// Diagnostics: TF001 a tfree of a tile that no tpop of the matching direction produced.
// Example: `t = tile.tpop_from_aic({16, 64}, {.split = 1}); tile.tfree_to_aic(t)` →
//   `tile.tfree_to_aic(t, {.split = 1})`.
// Test: tests/passes/stamp_tfree_split.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm (f itself when nothing changes); nullptr after an error.
ir::FunctionPtr stampTfreeSplit(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

Pass createStampTfreeSplitPass(PassOptions &opts);

} // namespace pl::passes
