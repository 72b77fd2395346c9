// FuseCreateAssembleToSlice: a tensor created only to be assembled into another once becomes a
// window of that other tensor, so its writers write the target directly (pipeline pass 40,
// PyPTO's FuseCreateAssembleToSlice).
//
// Why: `t = tensor.create(..); <tasks write t>; o = tensor.assemble(o, t, off)` costs a buffer and
//   a copy (LowerOrchestrationAssembles makes the assemble a copy kernel, one more task reading
//   and writing every element); `t = tensor.slice(o, shape(t), off)` costs neither.
// Properties: passes/passes.def. pl's placement: right after InlineFunctions and before
//   LowerOrchestrationAssembles (PyPTO runs it after AllocateMemoryAddr, on SSA orchestration
//   code; in pl an orchestration assemble is a copy kernel from LowerOrchestrationAssembles on, so
//   the fusion runs before that, on the pre-SSA form the translator writes).
// Rules: in Orchestration and Opaque functions (Graph functions are left alone: a window whose
//   offsets depend on a parameter cannot be recorded, LegalizeGraphBoundary's GB003), in a block
//   of orchestration code (the body, for / while / if bodies, non-manual runtime scopes; not a
//   manual scope, whose tasks only explicit dependencies order), statements
//     S[i]: `t = tensor.create(shape, {.dtype})`          S[j]: `r = tensor.assemble(o, t, off)`
//   of the same block (i < j, o another tensor variable, off a tuple without calls) become
//     S[i]: `t = tensor.slice(o, shape, off)`             S[j]: `r = o` (nothing when r is o)
//   when all of these hold (variables by identity):
//   - t is bound once by a tensor.create; its other bindings are in-place writes `t = op(.., t,
//     ..)` of ops whose result is that argument's buffer (`tile.store` in a pl::at scope);
//   - every mention of t lies in S[i..j] and S[j] mentions it once: t is not read after the
//     assemble (it would see o's later writes) nor assembled again;
//   - t never flows into another tensor variable, a yield, a return or a loop init (a copy, a
//     view, a call result): only reads (loads, `tensor.dim`, kernel arguments), in-place writes
//     and the assemble's source;
//   - nothing that may name o's storage (o, and every tensor variable bound from an expression
//     naming one of them: views, call results, carries, if results — a function-wide
//     union-find; distinct parameters are distinct tensors) is mentioned between S[i] and S[j]:
//     moving t's writes into o's window must not reorder them with o's other accesses;
//   - no break, continue or return lies between S[i] and S[j] (leaving before the assemble, the
//     original leaves o untouched);
//   - no variable of `off` is bound in S[i..j-1] (the offsets mean the same at S[i]);
//   - the slice's type is t's (a view-less o; tensor.slice's own checks pass).
//   The created tensor's contents are undefined until written (docs/dsl.md: the hardware leaves
//   them undefined; pl's eager run and pl/sim zero them): after the fusion, elements the program
//   never writes before the assemble keep o's values there, as in PyPTO.
// Options: none. Diagnostics: none.
// Example: `for r in range(4) { t = tensor.create({16, 64}, {.dtype = fp32}); step(x, t);
//   out = tensor.assemble(out, t, {r * 16, 0}); }` → `for r in range(4) { t = tensor.slice(out,
//   {16, 64}, {r * 16, 0}); step(x, t); }`.
// Cost: one walk of the function; each candidate pair is checked in O(log n).
// Test: tests/passes/fuse_create_assemble_to_slice.pir,
//   tests/lit/translator/fused_create_assemble.cpp, tests/e2e/regress_boundaries.cpp (fused_blocks)
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (f itself when nothing changes).
ir::FunctionPtr fuseCreateAssembleToSlice(const ir::FunctionPtr &f);

Pass createFuseCreateAssembleToSlicePass(PassOptions &opts);

} // namespace pl::passes
