// MixedKernelExpanded verifier: every kernel runs on one core kind.
//
// Holds when no InCore function is left (ExpandMixedKernel retyped each one AIC or AIV), an AIC
// kernel has no vector op, an AIV kernel no cube op, and neither has a tile.move across the
// cube/vector divide (affinity rules of passes/utils/core_affinity.h).
//
// Codes: V521 an InCore function is left · V522 an op of the other core kind in an AIC / AIV
// kernel.
#include "passes/verifiers/verifier_visitor.h"

#include "passes/utils/core_affinity.h"

namespace pl::passes {

namespace {
using namespace ir;

class KernelKindChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitFunction(const Function &f) override {
    if (f.type() == FunctionType::AIC || f.type() == FunctionType::AIV)
      return VerifierVisitor::visitFunction(f);
    if (f.type() == FunctionType::InCore)
      diags_.error("V521", f.span(),
                   "InCore function '" + f.name() +
                       "' is left; expected it retyped AIC or AIV (run expand-mixed-kernel)");
  }

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    CoreAffinity a = classifyCallAffinity(c);
    bool aic = func_->type() == FunctionType::AIC;
    CoreAffinity other = aic ? CoreAffinity::Vector : CoreAffinity::Cube;
    if (a != other && a != CoreAffinity::Mixed)
      return;
    std::string what = a == CoreAffinity::Mixed ? "a move across the cube/vector divide"
                                                : (aic ? "a vector op" : "a cube op");
    diags_.error("V522", c.span(),
                 "'" + c.target().name() + "' is " + what + " in " + (aic ? "AIC" : "AIV") +
                     " kernel '" + func_->name() + "'; expected only " + (aic ? "cube" : "vector") +
                     " and shared ops");
  }
};
} // namespace

void verifyMixedKernelExpanded(const Program &p, DiagnosticEngine &diags) {
  runVerifier<KernelKindChecker>(p, diags);
}

} // namespace pl::passes
