// UnrollResolved verifier: no loop of kind `unroll` is left (UnrollLoops establishes it).
//
// Codes: V811 an unroll loop remains.
#include "passes/verifiers/registry.h"

#include "ir/visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

class UnrollLoopFinder final : public IRVisitor {
public:
  explicit UnrollLoopFinder(DiagnosticEngine &diags) : diags_(diags) { visitTypes_ = false; }
  void visitFor(const For &s) override {
    if (s.forKind() == ForKind::Unroll)
      diags_.error("V811", s.span(),
                   "unroll loop over '" + s.loopVar()->name() +
                       "' is left; expected it expanded (run unroll-loops)");
    IRVisitor::visitFor(s);
  }

private:
  DiagnosticEngine &diags_;
};
} // namespace

void verifyUnrollResolved(const Program &p, DiagnosticEngine &diags) {
  UnrollLoopFinder finder(diags);
  for (auto &f : p.functions())
    finder.visitFunction(*f);
}

} // namespace pl::passes
