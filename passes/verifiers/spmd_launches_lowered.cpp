// SpmdLaunchesLowered verifier: no call or submit targets an Spmd function (LowerSpmdLaunches
// establishes it: launch counts sit on the kernel calls).
//
// Codes: V941 a call or submit of an Spmd function remains.
#include "passes/verifiers/registry.h"

#include "ir/visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

class SpmdCallFinder final : public IRVisitor {
public:
  SpmdCallFinder(const Program &p, DiagnosticEngine &diags) : p_(p), diags_(diags) {
    visitTypes_ = false;
  }
  void visitCall(const Call &c) override {
    check(c.target(), c.span());
    IRVisitor::visitCall(c);
  }
  void visitSubmit(const Submit &s) override {
    check(s.target(), s.span());
    IRVisitor::visitSubmit(s);
  }

private:
  void check(const CallTarget &t, const Span &span) {
    if (t.isOp())
      return;
    if (FunctionPtr f = p_.lookup(t.function); f && f->type() == FunctionType::Spmd)
      diags_.error(
          "V941", span,
          "call of the Spmd function '" + t.function +
              "' is left; expected its kernels launched directly (run lower-spmd-launches)");
  }
  const Program &p_;
  DiagnosticEngine &diags_;
};
} // namespace

void verifySpmdLaunchesLowered(const Program &p, DiagnosticEngine &diags) {
  SpmdCallFinder finder(p, diags);
  for (auto &f : p.functions())
    finder.visitFunction(*f);
}

} // namespace pl::passes
