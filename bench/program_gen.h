// Synthetic IR programs for bench_pipeline, built with the IR API: many InCore kernels (loads,
// long straight-line tile arithmetic, a nest of loops with tile carries, a store) called from an
// orchestration inside a loop, or one orchestration with a long straight line of kernel calls.
#pragma once

#include "ir/function.h"

#include <cstdint>
#include <string_view>

namespace pl::bench {

enum class ProgramShape {
  ManyKernels,  ///< ~N/30 distinct kernels of ~30 statements, called in a loop nest
  LongStraight, ///< one kernel; one orchestration with ~N straight-line kernel calls
};
std::string_view programShapeName(ProgramShape s);

/// A program of roughly `targetStmts` statements (count them with countStatements).
ir::ProgramPtr generateProgram(ProgramShape shape, int64_t targetStmts);

// Shapes that once made a pass or the printer super-linear (issue 42); the same programs as
// tests/lit/Inputs/scaling/gen_scaling.py writes.

/// Opaque f(n): `acc = acc + i` in the innermost of `depth` nested for loops (not yet SSA).
ir::ProgramPtr generateNestedLoops(int depth);
/// Opaque f(n): `n` statements re-assigning one variable (not yet SSA), or with
/// `distinctNames` each defining a new variable of its own name.
ir::ProgramPtr generateVersions(int64_t n, bool distinctNames);
/// Opaque main(a, b): `n` InCore scopes in a row, each adding b to the previous one's result.
ir::ProgramPtr generateIncoreScopes(int64_t n);
/// Orchestration main(a, out): `n` blocks `t = tensor.create; scope incore { t = tile.store(..,
/// t) }; out = tensor.assemble(out, t, {16 k, 0})`, every one fusible by
/// FuseCreateAssembleToSlice.
ir::ProgramPtr generateFusibleBlocks(int64_t n);
/// AIV k(a): `n` tile.sin / tile.cos in a row on a [16, 64] fp32 tile, each on the previous
/// result (LowerCompositeOps' input: every one becomes a chain of 26 / 28 instructions).
ir::ProgramPtr generateTrigKernel(int64_t n);

/// Statements in the program, every kind counted once per occurrence (Seq not counted).
int64_t countStatements(const ir::Program &p);

} // namespace pl::bench
