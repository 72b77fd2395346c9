// SpmdLaunchesLowered verifier: no call or submit targets an Spmd function (LowerSpmdLaunches
// establishes it: launch counts sit on the kernel calls).
//
// Codes: V941 a call or submit of an Spmd function remains.
#include "passes/verifiers/verifier_visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

class SpmdCallFinder final : public CallTargetVerifier {
public:
  using CallTargetVerifier::CallTargetVerifier;

private:
  void checkTarget(const CallTarget &t, const Span &span, bool /*isSubmit*/) override {
    if (t.isOp())
      return;
    if (FunctionPtr f = program_.lookup(t.function); f && f->type() == FunctionType::Spmd)
      diags_.error(
          "V941", span,
          "call of the Spmd function '" + t.function +
              "' is left; expected its kernels launched directly (run lower-spmd-launches)");
  }
};
} // namespace

void verifySpmdLaunchesLowered(const Program &p, DiagnosticEngine &diags) {
  runVerifier<SpmdCallFinder>(p, diags);
}

} // namespace pl::passes
