// SplitIncoreOrch verifier: kernels and orchestration are separate functions.
//
// Holds when no InCore scope is left in any function (OutlineIncoreScopes outlined them all)
// and no kernel function (InCore, AIC, AIV) calls or submits an Opaque, Orchestration or Graph
// function (kernel code never re-enters orchestration).
//
// Codes: V501 an InCore scope is left · V502 a kernel calls an orchestration-level function.
#include "passes/verifiers/verifier_visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

class SplitChecker : public CallTargetVerifier {
public:
  using CallTargetVerifier::CallTargetVerifier;

  void visitScope(const Scope &s) override {
    if (s.scopeKind() == ScopeKind::InCore)
      diags_.error("V501", s.span(),
                   "an InCore scope is left in '" + func_->name() +
                       "'; expected it outlined into an InCore function");
    IRVisitor::visitScope(s);
  }

private:
  void checkTarget(const CallTarget &t, const Span &span, bool /*isSubmit*/) override {
    if (t.isOp() || !isKernel(func_->type()))
      return;
    FunctionPtr callee = program_.lookup(t.function);
    if (!callee)
      return; // UseAfterDef reports it
    FunctionType ct = callee->type();
    if (ct == FunctionType::Opaque || ct == FunctionType::Orchestration ||
        ct == FunctionType::Graph)
      diags_.error("V502", span,
                   "kernel '" + func_->name() + "' calls '" + callee->name() + "', a " +
                       std::string(functionTypeName(ct)) +
                       " function; expected only kernel or inline callees");
  }
};
} // namespace

void verifySplitIncoreOrch(const Program &p, DiagnosticEngine &diags) {
  runVerifier<SplitChecker>(p, diags);
}

} // namespace pl::passes
