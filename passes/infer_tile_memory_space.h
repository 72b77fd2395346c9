// InferTileMemorySpace: every tile value of a kernel function gets the on-chip memory space its
// producers and consumers demand.
//
// Why: tile ops run on one side of the core (Vec on the vector unit; Mat / Left / Right / Acc /
// Bias on the cube unit); memory planning (InitMemRef, AllocateMemoryAddr) and codegen need
// one definite space per tile.
// Properties: passes/passes.def.
// In InCore / AIC / AIV functions, values that must share a space form one class: an alias
// `y = x`, a loop's init / iter_arg / yielded value / return var, an if return var and both
// yields, and the result of an op that inherits its space (`reshape`, `slice`, `assemble`,
// `write`, `extract` without target_memory) with that argument. A class's space is:
//   - the space of its fixed producers: an explicit `target_memory`, a fixed result rule
//     (matmul → Acc, vector ops → Vec), a tile parameter's declared space;
//   - otherwise, for retargetable producers (`tile.load` / `tile.create` / `tile.full` without
//     target_memory), the first consumer demand's preferred space (the first allowed space of a
//     constrained argument, in program order) that is Vec or Mat and that every demand of the
//     class accepts (a load read by `extract`, Mat first, and by `exp`, Vec only: Vec); if none
//     is, the first demand's (then MS002); otherwise Vec.
// A `tile.create` accumulator carried by a loop whose yield is a matmul result thus becomes Acc.
// Retargeted producers get an explicit `target_memory`; variables are retyped.
// Not done (PyPTO does): inserting `tile.move` for a mismatch, Mat residency hoisting. A
// mismatch is an error instead (ConvertTensorToTileOps already emits the moves matmul needs).
// Options: none.
// Diagnostics: MS001 one class demanded in two spaces (names the value and both spaces) ·
//   MS002 a value in a space its consumer does not accept (names the value, its space and the
//   accepted ones) · MS003 a retargetable producer that cannot produce the class's space
//   (e.g. a load into Acc).
// Example: `Tile<fp32,16,16> c = tile.create(..); for .. carry (acc = c) { m = tile.matmul_acc(
//   acc, l, r); yield(m); }` → `Tile<fp32,16,16,Acc> c = tile.create(.., {.target_memory = Acc})`.
// Test: tests/passes/infer_tile_memory_space.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f with every kernel tile typed with its space (f itself when nothing changes;
/// nullptr after reporting an error to `diags`). Non-kernel functions are returned unchanged.
ir::FunctionPtr inferTileMemorySpace(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

Pass createInferTileMemorySpacePass(PassOptions &opts);

} // namespace pl::passes
