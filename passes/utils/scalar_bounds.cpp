// Interval bounds of scalar variables along a walk (see scalar_bounds.h).
#include "passes/utils/scalar_bounds.h"

namespace pl::passes {
using namespace ir;
using arith::ConstIntBound;

StmtPtr ScalarBoundTracker::mutateFor(const std::shared_ptr<const For> &s) {
  vars[s->loopVar().get()] = loopVarRange(*s);
  return IRMutator::mutateFor(s);
}

StmtPtr ScalarBoundTracker::mutateAssign(const std::shared_ptr<const Assign> &s) {
  StmtPtr out = IRMutator::mutateAssign(s);
  if (scalarDType(s->var()->type()))
    if (auto *a = dynCast<Assign>(out))
      vars[s->var().get()] = bound(a->value());
  return out;
}

ConstIntBound ScalarBoundTracker::loopVarRange(const For &f) {
  cache_.clear(); // the map changes: cached bounds may have used an older range
  auto step = constIntValue(f.step());
  if (!step || *step == 0)
    return ConstIntBound::everything();
  ConstIntBound start = bound(f.start()), stop = bound(f.stop());
  if (*step > 0)
    return {start.min, arith::saturatingAdd(stop.max, -1)};
  return {arith::saturatingAdd(stop.min, 1), start.max};
}

} // namespace pl::passes
