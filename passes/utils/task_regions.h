// Task regions shared by CheckTaskHazards and AutoDeriveTaskDependencies: the buffer and window
// every tensor value of an orchestration names, and interval arithmetic on those windows.
#pragma once

#include "ir/function.h"
#include "passes/utils/arith/analyzer.h"

#include <optional>
#include <unordered_map>

namespace pl::passes {

/// Where a tensor value lives: its buffer and the window on it. A null root is an unknown
/// buffer (any); empty offsets an unknown window (the whole buffer may be touched). Distinct
/// roots are distinct buffers (an orchestration's tensor parameters are distinct tensors).
struct Region {
  const ir::Var *root = nullptr;
  ir::ExprList offsets, extents;
};

/// The regions of every tensor value of one function: parameters and `tensor.create`s are
/// roots; copies, tuple elements, call results (the argument the callee returns), `tensor.slice`
/// windows, aliasing op results, if results whose branches agree, and carries whose every yield
/// keeps the init's region (others are unknown) follow them.
struct TaskRegions {
  std::unordered_map<const ir::Var *, Region> regions;
  /// The region of `e`; unknown (null root) when it is not a variable with one.
  Region of(const ir::ExprPtr &e) const;
};
TaskRegions computeTaskRegions(const ir::Program &p, const ir::Function &f);

/// Is `name` a function that runs as a task (InCore, AIC, AIV, Group or Spmd)?
bool isTaskCallee(const ir::Program &p, const std::string &name);

/// A call or submit of a function (not an op): what it calls, with what, its attrs and (a
/// submit's) dependencies.
struct FunctionCallSite {
  const ir::CallTarget *target = nullptr;
  const ir::ExprList *args = nullptr;
  const ir::AttrList *attrs = nullptr;
  const ir::ExprList *deps = nullptr; ///< null for a call
};
std::optional<FunctionCallSite> functionCallSite(const ir::ExprPtr &e);

/// Proofs about windows: each comparison by its linear difference when that is a constant
/// (exact and cheap), else by the analyzer's bounds and rewrites.
class WindowArith {
public:
  /// `l op r` for op one of < <= >.
  bool prove(ir::BinaryOp op, const ir::ExprPtr &l, const ir::ExprPtr &r) const;
  /// False only when the two regions are provably apart: different known roots, or some dim's
  /// intervals proven disjoint.
  bool mayOverlap(const Region &a, const Region &b) const;
  /// True only when one known root and every dim's intervals are proven to intersect.
  bool mustOverlap(const Region &a, const Region &b) const;

private:
  arith::Analyzer analyzer_;
};

} // namespace pl::passes
