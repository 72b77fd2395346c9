// BreakContinueValid verifier: break and continue appear only inside a sequential `for` or a
// `while`, and never cross a scope boundary (a scope becomes its own function when outlined).
//
// Codes: V301 break outside a loop · V302 continue outside a loop · V303 break in a parallel,
// unroll or pipeline loop · V304 continue in such a loop · V305 break that would leave a scope
// region · V306 continue that would leave a scope region.
#include "passes/verifiers/verifier_visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

/// The innermost enclosing construct that matters to break/continue.
struct Frame {
  enum Kind : uint8_t { Loop, Scope } kind;
  std::optional<ForKind> forKind; ///< nullopt for while
};

class BreakContinueChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitFor(const For &s) override {
    nested({Frame::Loop, s.forKind()}, [&] { IRVisitor::visitFor(s); });
  }
  void visitWhile(const While &s) override {
    nested({Frame::Loop, std::nullopt}, [&] { IRVisitor::visitWhile(s); });
  }
  void visitScope(const Scope &s) override {
    nested({Frame::Scope, std::nullopt}, [&] { IRVisitor::visitScope(s); });
  }
  void visitBreak(const Break &s) override { check(s, true); }
  void visitContinue(const Continue &s) override { check(s, false); }

private:
  template <typename F> void nested(Frame f, F walk) {
    frames_.push_back(f);
    walk();
    frames_.pop_back();
  }

  void check(const Stmt &s, bool isBreak) {
    const char *what = isBreak ? "break" : "continue";
    if (frames_.empty()) {
      diags_.error(isBreak ? "V301" : "V302", s.span(),
                   std::string("'") + what + "' outside a loop");
      return;
    }
    const Frame &f = frames_.back();
    if (f.kind == Frame::Scope) {
      bool inLoop = false;
      for (auto &fr : frames_)
        inLoop |= fr.kind == Frame::Loop;
      if (!inLoop)
        diags_.error(isBreak ? "V301" : "V302", s.span(),
                     std::string("'") + what + "' outside a loop");
      else
        diags_.error(isBreak ? "V305" : "V306", s.span(),
                     std::string("'") + what + "' would leave the enclosing scope region; move "
                                               "the loop inside the scope");
      return;
    }
    if (f.forKind && *f.forKind != ForKind::Sequential)
      diags_.error(isBreak ? "V303" : "V304", s.span(),
                   std::string("'") + what + "' inside a '" +
                       std::string(forKindName(*f.forKind)) +
                       "' loop; only sequential 'range' loops and 'while' loops allow it");
  }

  std::vector<Frame> frames_;
};
} // namespace

void verifyBreakContinueValid(const Program &p, DiagnosticEngine &diags) {
  runVerifier<BreakContinueChecker>(p, diags);
}

} // namespace pl::passes
