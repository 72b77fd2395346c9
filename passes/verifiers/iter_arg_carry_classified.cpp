// IterArgCarryClassified verifier: every orchestration carry says how the emitter prints it.
//
// Holds when every for loop with iter_args in an Orchestration function has the attr
// `iter_arg_carry` with one known plan per iter_arg, and every "Trivial" slot is one
// ClassifyIterArgCarry's rule proves (a "Rebind" where Trivial would do only costs a copy).
//
// Codes: V971 the attr is missing, not a list of plan names or of another length ·
// V972 a "Trivial" slot whose yielded value is not provably the iter_arg's handle.
#include "passes/verifiers/verifier_visitor.h"

#include "ir/carry_plan.h"
#include "passes/utils/buffer_aliases.h"

namespace pl::passes {

namespace {
using namespace ir;

class CarryPlanChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitFor(const For &s) override {
    if ((func_->type() == FunctionType::Orchestration || func_->type() == FunctionType::Graph) &&
        !s.iterArgs().empty())
      checkPlans(s);
    IRVisitor::visitFor(s);
  }

private:
  /// V971 / V972 for one orchestration loop with iter_args.
  void checkPlans(const For &s) {
    auto plans = carryPlans(s.attrs());
    if (!plans || plans->size() != s.iterArgs().size())
      return diags_.error(
          "V971", s.span(),
          "for loop in orchestration function '" + func_->name() + "' needs '" +
              std::string(kIterArgCarryAttr) + "' with one of Trivial or Rebind per iter_arg (" +
              std::to_string(s.iterArgs().size()) + ") (run classify-iter-arg-carry)");
    std::vector<CarryPlan> proven = classifyLoopCarries(s, &program_);
    for (size_t i = 0; i < proven.size(); ++i)
      if ((*plans)[i] == CarryPlan::Trivial && proven[i] != CarryPlan::Trivial)
        diags_.error("V972", s.span(),
                     "iter_arg '" + s.iterArgs()[i].var->name() +
                         "' is carried as Trivial, but the loop does not provably yield its "
                         "own handle; expected Rebind");
  }
};
} // namespace

void verifyIterArgCarryClassified(const Program &p, DiagnosticEngine &diags) {
  runVerifier<CarryPlanChecker>(p, diags);
}

} // namespace pl::passes
