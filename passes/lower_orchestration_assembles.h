// LowerOrchestrationAssembles: a tensor copied into another at orchestration level
// (`out = x;` for a pl::Out / pl::InOut parameter, `pl::assemble(out, x, offsets)`) becomes
// a tiled copy loop in an InCore scope, which OutlineIncoreScopes makes a copy kernel.
//
// Why: an orchestration only submits tasks; it cannot move tensor data itself. The translator
//   lowers `out = x` to `out = tensor.assemble(out, x, {0, ..})`, which before this pass reached
//   the orchestration printer and failed there (ES003 / ES001). A copy is kernel work: tile
//   loads and stores over the source, in tiles that fit the vector buffer, so any size, a ragged
//   edge and dynamic dims copy (the windows past the tensors' ends are clipped by
//   MaterializeTileValidShapes, as a user's copy loop would be).
// Properties: passes/passes.def. Runs after InlineFunctions (which splices inlined helpers and
//   called orchestrations first) and before ConvertToSSA (it writes the pre-SSA form the
//   translator writes for a user's loop of pl::load / pl::store in a pl::at scope).
// Rules: in Orchestration, Opaque and Graph functions, outside any scope but runtime scopes
//   (pl::scope / pl::manual_scope: still orchestration code), each statement
//   `r = tensor.assemble(dst, src, {o0, o1})` whose dst and src are rank-2 tensor variables
//   becomes (rank-1 ones are copied the same way through `[1, n]` row views of both,
//   `src_row = tensor.reshape(src, {1, n})`: a rank-1 tensor is contiguous)
//     [index src_d0 = tensor.dim(src, 0); ...]            (a dynamic source dim only)
//     scope incore "copy_<dst>" {
//       for (index i : range(0, R, TR)) { for (index j : range(0, C, TC)) {
//         Tile<dt, TR, TC> t = tile.load(src, {i, j}, {TR, TC});
//         dst = tile.store(t, {o0 + i, o1 + j}, dst); } }
//     }
//     [r = dst;]                                           (when r is not dst)
//   TC: the source's columns rounded up to whole 32-byte rows (PTO-ISA's rule for a Vec tile),
//   at most 4 KiB of them (the whole 4 KiB for a dynamic dim); TR: as many rows as fit 16 KiB
//   (at most the source's rows when static, at least 1). A statement with another source (an
//   expression) is left alone: the printer reports it as it did.
// Options: none.
// Diagnostics: OA001 a copy of a tensor of rank other than 1 and 2 at orchestration level.
// Example: `Orchestration f(In T x, Out T o) { o = tensor.assemble(o, x, {0, 0}); }` (T =
//   Tensor<fp32, 16, 64>) → `scope incore "copy_o" { for i.. { for j.. { Tile<fp32, 16, 64> t
//   = tile.load(x, {i, j}, {16, 64}); o = tile.store(t, {0 + i, 0 + j}, o); } } }`.
// Test: tests/passes/lower_orchestration_assembles.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (f itself when nothing changes; nullptr after an error).
ir::FunctionPtr lowerOrchestrationAssembles(const ir::FunctionPtr &f, ir::DiagnosticEngine &diags);

Pass createLowerOrchestrationAssemblesPass(PassOptions &opts);

} // namespace pl::passes
