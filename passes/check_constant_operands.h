// CheckConstantOperands: operands the eager run rejects, proven from constants (pl's own pass).
//
// Why: the eager run (the golden model) throws a pl::Error on a window at a negative offset
//   and on a store whose valid region does not fit its tensor, and C++ dies (SIGFPE) on an
//   integer division by zero; the translated program would abort in the simulator, or divide
//   by zero on the device. Where constants (after Simplify has folded the user's variables,
//   unrolled loops and inlined helpers) prove such an operand, the user hears it from
//   pl-translate at the line that wrote it.
// Properties: passes/passes.def. Runs right after Simplify.
// Rules (per function, every function type; each source location reported once, so an
//   unrolled loop's copies give one error):
//   - a `tile.load` or `tile.store` offset that is a constant < 0               — CO001
//   - a `tile.store` whose window provably ends past its tensor: for a dim k with a constant
//     offset o and a constant tensor dim d, o + m > d, where m is the least extent the tile's
//     valid region can have in k (the eager run's rule: a leading dim 1; the last two: a
//     constant valid shape, else the shape of a tile.full / tile.create, the in-bounds part
//     of a tile.load window with constant offsets, sizes and tensor dim, the operands' for an
//     elementwise or unary op or a tile.move (valid regions pass through), else 0)  — CO002
//   - a `tile.load` whose `valid_shape` has a constant dim < 0 or larger than the window's
//     constant size                                                              — CO005
//   - an integer `/` or `%` (FloorDiv, FloorMod, TruncDiv, TruncMod) by the constant 0  — CO003
//   - a tensor (a function parameter, a tensor.create / tensor.full result) whose constant
//     dims make more than 2^40 bytes (1 TiB: more than any platform's device memory; the
//     eager run refuses to allocate it too)                                      — CO004
//   Everything else (run-time offsets, windows of unknown extent) is left to the run-time
//   checks of the eager run and the simulator. On a conditional path (an if branch, a while
//   body, a for body that may not run) a finding is a warning: the eager run throws only when
//   the statement runs, and Simplify may have folded the path's own condition into it.
// Options: none.
// Diagnostics: CO001 negative window offset · CO002 store window past the tensor's end ·
//   CO003 integer division or remainder by zero · CO004 a tensor of more than 1 TiB ·
//   CO005 a load's valid shape outside its window.
// Example: `t: Tile<fp32, 16, 16> = tile.full(...); tile.store(t, {64, 0}, o: Tensor<fp32, 64,
//   16>)` → error CO002 "'tile.store' writes rows 64..79 of dim 0 of a tensor of 64; ...".
// Test: tests/passes/check_constant_operands.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The check for one function; true when nothing was reported.
bool checkConstantOperands(const ir::Function &f, ir::DiagnosticEngine &diags);

Pass createCheckConstantOperandsPass(PassOptions &opts);

} // namespace pl::passes
