// ConvertTensorToTileOps: in kernel functions, tensor ops become tile ops; kernels load their
// inputs into tiles and store their results through Out parameters; callers allocate those.
//
// Why: kernels compute on on-chip tiles; everything after this pass (memory spaces, layouts,
// memory planning, codegen) reasons about tiles, loads and stores.
// Properties: passes/passes.def.
// In each InCore / AIC / AIV function:
//   - a tensor parameter that a converted op reads directly is loaded once at entry
//     (`tile.load(p, {0..}, {shape})`, Vec); parameters that only self-loading ops use (slice,
//     assemble target, matmul operands, read / write, store chains through loop carries) are not;
//   - each tensor op converts through one table entry (same-named tile op; slice of a parameter
//     → load, of a tile → tile.slice; assemble into a parameter → store, into a tile →
//     tile.assemble; create / full → tile.create / tile.full; matmul / matmul_acc: parameter and
//     slice operands load straight to Mat, then move to Left / Right, result in Acc; a
//     transposed operand (a_trans / b_trans) takes the transposing move instead
//     (`tile.move(m, {.target_memory = Left, .transpose = true})`: Mat [R, C] -> L0 [C, R]);
//   - a tile matmul written with a_trans / b_trans gets the same: its operand's transposing
//     move from the Mat tile it was moved out of (an L0 move used only transposed is dropped);
//     the matmul loses the kwargs (the emitter prints no transposed matmul); read / write
//     of a parameter stay tensor ops); new types flow through loop carries and if-phis;
//   - batch_matmul → tile.batch_matmul on the operand tensors themselves (a [B, M, K] window
//     is no 2-D tile): FlattenTileNdTo2D loads each batch's windows and multiplies per batch;
//   - a returned tile gets an Out parameter (the original return type), a `tile.store` before
//     the return, and the parameter is returned;
//   - a written In parameter is upgraded to Out (only written) or InOut.
// Each caller (any non-kernel function) gets a `tensor.create` per added Out parameter, passed
// as the new trailing argument.
// Options: none.
// Diagnostics: TT001 a tensor op with no conversion entry (names the op) · TT002 an unsupported
//   form of a converted op (a matmul on operands of rank > 2; a batch_matmul with a_trans /
//   b_trans or an operand that is not a tensor) · TT003 a kernel that returns a
//   tile under a declared Tile (not Tensor) result type.
// Example: `InCore k(In a) { t = tensor.exp(a); return t; }` →
//   `InCore k(In a, Out t_out) { a_t = tile.load(a, ..); t = tile.exp(a_t);
//    s = tile.store(t, {0, 0}, t_out); return t_out; }` and a caller `c = tensor.create(..);
//    k(a, c)`.
// Test: tests/passes/convert_tensor_to_tile_ops.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: p with its kernels on tiles (nullptr after an error in `diags`).
ir::ProgramPtr convertTensorToTileOps(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createConvertTensorToTileOpsPass(PassOptions &opts);

} // namespace pl::passes
