// Buffer aliasing and parameter-direction inference shared by the outline passes,
// ConvertTensorToTileOps, DeriveCallDirections and pl-translate's F375: which ops view a buffer,
// which variables name the same buffer as a root variable, and whether a body reads, writes or
// both reads and writes each root.
#pragma once

#include "ir/carry_plan.h"
#include "ir/function.h"

#include <unordered_map>

namespace pl::ir {
class Op;
} // namespace pl::ir

namespace pl::passes {

/// The callee parameter index each value `f`'s trailing return returns, or -1 (a value the
/// function allocated).
std::vector<int> returnedParams(const ir::Function &f);

/// Whether the result of `op` names argument 0's buffer under another window or shape (the
/// tensor views slice, reshape, transpose, fillpad and view), so a write through the result is
/// a write into that buffer.
bool isTensorViewOp(const ir::Op &op);

/// Variable → the root variable whose buffer it names.
using AliasRoots = std::unordered_map<const ir::Var *, const ir::Var *>;

/// The root `roots` records for the variable `e`; nullptr when it has none or `e` is not a
/// variable.
const ir::Var *recordedRoot(const AliasRoots &roots, const ir::ExprPtr &e);

/// How a loop's return var gets its iter_arg's root: always (FromInit: a carried buffer stays
/// the init's, the view of the outline passes and DeriveCallDirections) or only when the body's
/// yield at that slot has the root too (ThroughYield: the loop provably ends in that buffer).
enum class LoopResults : uint8_t { FromInit, ThroughYield };

/// Follows buffers from `roots` through `body` in program order: plain copies `y = x`, op
/// results that alias an argument (store, assemble, write, matmul_acc), function results that
/// return one of the callee's parameters (also through a tuple temporary, and the tensor
/// elements of a submit's result tuple), loop carries (init → iter_arg → return var, see
/// LoopResults) and if-phis whose branches yield the same root.
AliasRoots computeAliasRoots(const ir::StmtPtr &body, const std::vector<ir::VarPtr> &roots,
                             const ir::Program *program,
                             LoopResults loopResults = LoopResults::FromInit);

/// ClassifyIterArgCarry's rule for each iter_arg of `loop`: Trivial when the body's trailing
/// yield passes the iter_arg itself, or a tensor whose buffer root (LoopResults::ThroughYield)
/// is the iter_arg — the same handle, so nothing needs copying; Rebind otherwise, and always
/// for a task id (each iteration's task is another).
std::vector<ir::CarryPlan> classifyLoopCarries(const ir::For &loop, const ir::Program *program);

/// Per root: In (only read, or unused), Out (only written) or InOut (written and read), merged
/// over the lattice In < Out < InOut. A write is an op argument the registry marks written or a
/// callee's Out / InOut parameter; passing a buffer along (copy, carry, yield, return) is
/// neither; every other use is a read. Non-tensor roots are always In.
std::vector<ir::ParamDirection> inferParamDirections(const ir::StmtPtr &body,
                                                     const std::vector<ir::VarPtr> &roots,
                                                     const ir::Program *program);

/// The larger of two directions on In < Out < InOut.
ir::ParamDirection mergeDirection(ir::ParamDirection a, ir::ParamDirection b);

} // namespace pl::passes
