// ExpandMixedKernel (slot 25): InCore kernels become AIC (cube) or AIV (vector) kernels; a kernel
// that mixes both becomes an AIC kernel and an AIV kernel joined by cross-core pipes, and a
// Group that runs them as one task.
//
// Why: a core runs either cube or vector code; the emitter picks the kernel kind, its submit
// call and its tile arenas from the function type, so after this pass no InCore function is
// left. A mixed `pl::at` scope (matmul then softmax) is PyPTO's central programming model: the
// cube core and the vector cores of a cluster run at once and pass tiles through pipes.
// Properties: passes/passes.def. After it no InCore function is left; AIC kernels use no Vec
//   tile, AIV kernels no cube-side tile.
// Affinity of each op call in a kernel (reference pass_pipeline.md §2, passes/utils/core_affinity):
//   - a call attr `core_placement = "aiv"` → vector;
//   - `tile.move` across the cube/vector divide → a boundary;
//   - otherwise the memory space of the result tile, else of the first tile argument:
//     Mat / Left / Right / Acc / Bias / LeftScale / RightScale → cube, Vec → vector;
//   - scalars, function calls, control flow → shared.
// A kernel of one side is retyped AIC / AIV (its `split` / `slot_num` attrs dropped, a level
//   becomes AIC / AIV). A mixed kernel `k` (attrs `split` 0..2, `slot_num`) becomes:
//   - `k_aic`: the cube and shared statements; `k_aiv`: the vector and shared ones (keeping
//     `split` for SplitVectorKernel). A shared statement goes to a side only when every value it
//     uses is computed there. Loops and ifs are cloned into each side that has work in them,
//     with the carries / results of that side (shared ones in both; one whose next value only
//     the other side computes is dropped there and the loop projected again);
//   - a boundary `v = tile.move(x, ..)`: on x's side `tile.tpush_to_aiv(x)` /
//     `tile.tpush_to_aic(x)`; on the other `v = tile.tpop_from_aic(shape, ..)` (Vec) /
//     `tile.tpop_from_aiv(shape, ..)` (Mat, then a move to Left / Right when v is there), each
//     followed by its `tfree` (pl pops by copy: docs/design.md; deadlock-free for any slot count);
//   - each side starts with `system.aic_initialize_pipe` / `aiv_initialize_pipe` (directions
//     used, slot size = the largest crossing tile's bytes, `slot_num` or 4, the split), then DCE;
//   - the Group `k` calls `k_aic` then `k_aiv` with its parameters and returns what `k` returned
//     (attrs `aic_kernel`, `aiv_kernel`, `split`).
//   When one side has no work and nothing crosses, the kernel is that of the other side.
// Options: none.
// Diagnostics: MK002 a side needs a value only the other side computes (a scalar read from a
//   tile, a loop bound or condition): values cross only as tiles · MK003 a side accesses a
//   tensor the other side wrote in the same kernel (the cores are not ordered through global
//   memory) · MK004 a split mode other than 0..2.
// Example: `InCore m(..) { c = tile.matmul(l, r); v = tile.move(c, Vec); e = tile.exp(v); .. }`
//   → `AIC m_aic(..) { c = tile.matmul(l, r); tile.tpush_to_aiv(c) }`,
//   `AIV m_aiv(..) { v = tile.tpop_from_aic({..}); tile.tfree_to_aic(v); e = tile.exp(v); .. }`,
//   `Group m(..) { m_aic(..); m_aiv(..) }`.
// Test: tests/passes/expand_mixed_kernel.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: every InCore function retyped AIC / AIV or split; nullptr after an error.
ir::ProgramPtr expandMixedKernels(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createExpandMixedKernelPass(PassOptions &opts);

} // namespace pl::passes
