// RuntimeScopesMaterialized verifier: orchestration scopes are explicit in the IR.
//
// Holds when, in every Orchestration function without `auto_scope = false`, the body and each
// for body and if branch outside MANUAL runtime scopes is one AUTO runtime scope followed by
// its trailing yield / return (or has nothing but the trailer), and, in every function, no
// AUTO runtime scope is nested in a MANUAL one.
//
// Codes: V611 function body not wrapped · V612 for body / if branch not wrapped ·
// V613 AUTO runtime scope inside a MANUAL one.
#include "passes/verifiers/verifier_visitor.h"

#include "passes/utils/runtime_scopes.h"

namespace pl::passes {

namespace {
using namespace ir;

bool wrappedOrTrivial(const StmtPtr &block) {
  BlockParts parts = splitBlock(block);
  return parts.stmts.empty() || isWrapped(parts);
}

class ScopeChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitFunction(const Function &f) override {
    auto_ = wantsAutoScopes(f);
    if (auto_ && !wrappedOrTrivial(f.body()))
      diags_.error("V611", f.span(),
                   "body of orchestration function '" + f.name() +
                       "' is not one runtime scope (run materialize-runtime-scopes)");
    VerifierVisitor::visitFunction(f);
  }

  void visitScope(const Scope &s) override {
    bool manual = isManualRuntimeScope(s);
    if (s.scopeKind() == ScopeKind::Runtime && !manual && manualDepth_)
      diags_.error("V613", s.span(),
                   "AUTO runtime scope inside a MANUAL one in '" + func_->name() +
                       "'; the runtime forbids it");
    manualDepth_ += manual;
    IRVisitor::visitScope(s);
    manualDepth_ -= manual;
  }

  void visitFor(const For &s) override {
    check(s.body(), s.span(), "for body");
    IRVisitor::visitFor(s);
  }

  void visitIf(const If &s) override {
    check(s.thenBody(), s.span(), "then branch");
    if (s.elseBody())
      check(s.elseBody(), s.span(), "else branch");
    IRVisitor::visitIf(s);
  }

private:
  void check(const StmtPtr &block, const Span &span, const char *what) {
    if (auto_ && !manualDepth_ && !wrappedOrTrivial(block))
      diags_.error("V612", span,
                   std::string(what) + " in orchestration function '" + func_->name() +
                       "' is not one runtime scope (run materialize-runtime-scopes)");
  }

  bool auto_ = false;
  int manualDepth_ = 0;
};
} // namespace

void verifyRuntimeScopesMaterialized(const Program &p, DiagnosticEngine &diags) {
  runVerifier<ScopeChecker>(p, diags);
}

} // namespace pl::passes
