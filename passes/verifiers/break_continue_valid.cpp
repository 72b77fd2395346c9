// BreakContinueValid verifier: break and continue appear only inside a sequential `for` or a
// `while`, and never cross a scope boundary (a scope becomes its own function when outlined).
//
// Codes: V301 break outside a loop · V302 continue outside a loop · V303 break in a parallel,
// unroll or pipeline loop · V304 continue in such a loop · V305 break that would leave a scope
// region · V306 continue that would leave a scope region.
#include "passes/verifiers/registry.h"

namespace pl::passes {

namespace {
using namespace ir;

/// The innermost enclosing construct that matters to break/continue.
struct Frame {
  enum Kind : uint8_t { Loop, Scope } kind;
  std::optional<ForKind> forKind; ///< nullopt for while
};

class BreakContinueChecker {
public:
  explicit BreakContinueChecker(DiagnosticEngine &diags) : diags_(diags) {}

  void walk(const StmtPtr &s) {
    if (!s)
      return;
    switch (s->kind()) {
    case StmtKind::Seq:
      for (auto &c : static_cast<const Seq &>(*s).stmts())
        walk(c);
      return;
    case StmtKind::If:
      walk(static_cast<const If &>(*s).thenBody());
      walk(static_cast<const If &>(*s).elseBody());
      return;
    case StmtKind::For: {
      auto &f = static_cast<const For &>(*s);
      return nested({Frame::Loop, f.forKind()}, f.body());
    }
    case StmtKind::While:
      return nested({Frame::Loop, std::nullopt}, static_cast<const While &>(*s).body());
    case StmtKind::Scope:
      return nested({Frame::Scope, std::nullopt}, static_cast<const Scope &>(*s).body());
    case StmtKind::Break: return check(*s, true);
    case StmtKind::Continue: return check(*s, false);
    default: return;
    }
  }

private:
  void nested(Frame f, const StmtPtr &body) {
    frames_.push_back(f);
    walk(body);
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

  DiagnosticEngine &diags_;
  std::vector<Frame> frames_;
};
} // namespace

void verifyBreakContinueValid(const Program &p, DiagnosticEngine &diags) {
  for (auto &f : p.functions()) {
    BreakContinueChecker checker(diags);
    checker.walk(f->body());
  }
}

} // namespace pl::passes
