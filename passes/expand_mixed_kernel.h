// ExpandMixedKernel (slot 25): InCore kernels become AIC (cube) or AIV (vector) kernels.
//
// Why: a core runs either cube or vector code; the emitter picks the kernel kind, its submit
// call (rt_submit_aic_task / rt_submit_aiv_task) and its tile arenas from the function type, so
// after this pass no InCore function is left.
// Properties: passes/passes.def. After it no InCore function is left; AIC kernels use no Vec
//   tile, AIV kernels no cube-side tile.
// Affinity of each op call in a kernel (reference pass_pipeline.md §2):
//   - a call attr `core_placement = "aiv"` → vector;
//   - `tile.move` across the cube/vector divide → mixed (a boundary);
//   - otherwise the memory space of the result tile, else of the first tile argument:
//     Mat / Left / Right / Acc / Bias / LeftScale / RightScale → cube, Vec → vector
//     (so matmul → cube via its Acc result, load/store/reshape/move by their memory side);
//   - scalars, function calls, control flow → shared.
// A kernel with cube ops only becomes AIC, anything else without cube ops becomes AIV; its
// `split` attr is dropped and a level, if present, becomes AIC / AIV. Call sites are unchanged
// (calls are by name).
// Not yet: splitting a truly mixed kernel into AIC + AIV + Group with tpush/tpop.
// Options: none.
// Diagnostics: MK001 mixed AIC/AIV kernel (notes at its first cube and first vector op).
// Example: `InCore k(..) { t = tile.load(.., Vec); .. }` → `AIV k(..) { .. }`;
//          `InCore m(..) { .. tile.matmul(l, r) .. }` → `AIC m(..) { .. }`.
// Test: tests/passes/expand_mixed_kernel.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: every InCore function retyped AIC / AIV; nullptr after reporting MK001.
ir::ProgramPtr expandMixedKernels(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createExpandMixedKernelPass(PassOptions &opts);

} // namespace pl::passes
