// ClassifyIterArgCarry: the iter_arg_carry plan on orchestration for loops (see
// classify_iter_arg_carry.h).
#include "passes/classify_iter_arg_carry.h"

#include "ir/carry_plan.h"
#include "ir/mutator.h"
#include "passes/utils/buffer_aliases.h"

namespace pl::passes {

namespace {
using namespace ir;

/// Stamps each for loop with iter_args, innermost first.
class CarryStamper : public IRMutator {
public:
  explicit CarryStamper(const Program &p) : program_(p) {}

  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    StmtPtr out = IRMutator::mutateFor(s);
    auto *f = dynCast<For>(out);
    if (!f || f->iterArgs().empty())
      return out;
    std::vector<CarryPlan> plans = classifyLoopCarries(*f, &program_);
    if (carryPlans(f->attrs()) == plans)
      return out;
    return For::make(f->loopVar(), f->start(), f->stop(), f->step(), f->iterArgs(), f->body(),
                     f->returnVars(), f->forKind(), withCarryPlans(f->attrs(), plans), f->span());
  }

private:
  const Program &program_;
};
} // namespace

ProgramPtr classifyIterArgCarry(const ProgramPtr &p) {
  std::vector<FunctionPtr> fns;
  bool changed = false;
  for (const FunctionPtr &f : p->functions()) {
    FunctionPtr g = f;
    if (f->type() == FunctionType::Orchestration || f->type() == FunctionType::Graph) {
      CarryStamper stamper(*p);
      g = stamper.mutateFunction(f);
    }
    changed |= g != f;
    fns.push_back(g);
  }
  return changed ? p->withFunctions(std::move(fns)) : p;
}

PL_DEFINE_PROGRAM_PASS(ClassifyIterArgCarry, classifyIterArgCarry)

} // namespace pl::passes
