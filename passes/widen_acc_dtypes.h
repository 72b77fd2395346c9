// WidenAccDtypes: fp16 / bf16 accumulators become fp32 Acc tiles, converted where the value
// leaves Acc.
//
// Why: PTO-ISA's TMATMUL / TMATMUL_ACC / TMATMUL_BIAS accumulate only int8 x int8 into int32
//   and half / bfloat16_t / float x the same into float (the cube's L0C holds fp32); pl's
//   `.out_dtype = FP16` / `BF16` asks for a half / bfloat16_t product. On the hardware the Acc
//   stays fp32 and the FIX pipe converts on the way out: TSTORE from an fp32 Acc into a half /
//   bfloat16_t tensor rounds to nearest even. The eager run has the same semantics (docs/dsl.md
//   "matmul"): fp32 accumulation through every matmul_acc of a chain, one rounding where the
//   value leaves the accumulator.
// Properties: passes/passes.def. Runs after LowerCompositeOps, before AutoTileMatmulL0 (which
//   then tiles the fp32 matmul like any other: its K loop accumulates in fp32) and
//   InferTileMemorySpace (matmul results are Acc by the op's rule, whatever their type says).
// Rules: in kernels (InCore / AIC / AIV), a class of tile values joined by aliases `y = x`, the
//   accumulator and result of `tile.matmul_acc`, loop carries (init, iter_arg, yield, result)
//   and if-phis is widened when one of its values is an fp16 / bf16 result of `tile.matmul`,
//   `tile.matmul_bias` or `tile.matmul_acc`: every value of it becomes fp32 (same shape, space,
//   view), the matmuls lose their `out_dtype`. Its values may be read only where the vendor
//   converts or the chain goes on:
//     - `tile.matmul_acc(acc, …)`: unchanged (fp32 chain);
//     - `tile.store(c, …, t)` into the fp16 / bf16 tensor: unchanged (TSTORE converts);
//     - `y = tile.move(c, {.target_memory = Vec})`: `y_f32 = tile.move(c, …)` (fp32),
//       `y = tile.cast(y_f32, {.target_type = <dtype>})` (TCVT, round to nearest even).
// Options: none.
// Diagnostics: WD001 a value of a widened class produced by something other than a matmul, an
//   alias, a carry or a phi (e.g. an fp16 accumulator loaded from GM or created by
//   `tile.full`): there is no fp16 Acc to hold it · WD002 a value of a widened class read by
//   another op (a move to Mat / Left / Right, elementwise work on Acc): PTO-ISA has no such
//   conversion; store it, or move it to Vec, and cast there.
// Example: `Tile<fp16,16,16,Acc> c = tile.matmul(l, r, {.out_dtype = fp16}); t =
//   tile.store(c, {0, 0}, y)` → `Tile<fp32,16,16,Acc> c = tile.matmul(l, r); t = tile.store(c,
//   {0, 0}, y)`.
// Test: tests/passes/widen_acc_dtypes.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f with its fp16 / bf16 accumulators widened (f itself when nothing changes;
/// nullptr after reporting an error to `diags`). Non-kernel functions are returned unchanged.
ir::FunctionPtr widenAccDtypes(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

Pass createWidenAccDtypesPass(PassOptions &opts);

} // namespace pl::passes
