// UnrollResolved verifier: no loop of kind `unroll` is left (UnrollLoops establishes it).
//
// Codes: V811 an unroll loop remains.
#include "passes/verifiers/verifier_visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

class UnrollLoopFinder final : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitFor(const For &s) override {
    if (s.forKind() == ForKind::Unroll)
      diags_.error("V811", s.span(),
                   "unroll loop over '" + s.loopVar()->name() +
                       "' is left; expected it expanded (run unroll-loops)");
    IRVisitor::visitFor(s);
  }
};
} // namespace

void verifyUnrollResolved(const Program &p, DiagnosticEngine &diags) {
  runVerifier<UnrollLoopFinder>(p, diags);
}

} // namespace pl::passes
