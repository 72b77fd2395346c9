// Interval bounds of scalar variables along a walk in program order (BoundTileWindows,
// WindowTaskArguments).
#pragma once

#include "passes/utils/arith/const_int_bound.h"

#include "ir/mutator.h"

namespace pl::passes {

/// An IRMutator that knows, at each point of its walk, interval bounds of the scalar variables
/// seen so far: for-loop variables with a constant step (from the bounds of start and stop) and
/// scalar assignments. Everything else (carries, if results, values read at run time) is
/// unknown: its dtype's range. Subclasses may seed `vars` (e.g. kernel parameters) first.
class ScalarBoundTracker : public ir::IRMutator {
public:
  arith::VarBoundMap vars;

  ir::StmtPtr mutateFor(const std::shared_ptr<const ir::For> &s) override;
  ir::StmtPtr mutateAssign(const std::shared_ptr<const ir::Assign> &s) override;

protected:
  arith::ConstIntBound bound(const ir::ExprPtr &e) {
    return arith::computeConstIntBound(e, vars, cache_);
  }

private:
  arith::ConstIntBound loopVarRange(const ir::For &f);
  arith::BoundCache cache_;
};

} // namespace pl::passes
