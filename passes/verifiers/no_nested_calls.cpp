// NoNestedCalls verifier: three-address form, as FlattenCallExpr establishes. A call (or
// submit) may only be the whole value of an assignment or an evaluated expression.
//
// Codes: V201 call inside call arguments (or a tuple expression) · V202 call in an if / while
// condition · V203 call in a for range or loop init value · V204 call as a binary operand ·
// V205 call as a unary operand · V206 call in a return or yield value.
#include "passes/verifiers/verifier_visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

bool isCallLike(const ExprPtr &e) { return isa<Call>(e) || isa<Submit>(e); }

std::string calleeName(const ExprPtr &e) {
  if (auto *c = dynCast<Call>(e))
    return c->target().name();
  if (auto *s = dynCast<Submit>(e))
    return s->target().name();
  return "?";
}

/// Walks the statements; the expressions of each are checked by position, not visited.
class NestedCallChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitAssign(const Assign &s) override { checkOperands(s.value()); }
  void visitEval(const Eval &s) override { checkOperands(s.expr()); }
  void visitIf(const If &s) override {
    nested(s.cond(), "V202", "an if condition");
    visitStmt(s.thenBody());
    visitStmt(s.elseBody());
  }
  void visitFor(const For &s) override {
    exprs({s.start(), s.stop(), s.step()}, "V203", "a for range");
    for (auto &a : s.iterArgs())
      nested(a.init, "V203", "a loop init value");
    visitStmt(s.body());
  }
  void visitWhile(const While &s) override {
    for (auto &a : s.iterArgs())
      nested(a.init, "V203", "a loop init value");
    nested(s.cond(), "V202", "a while condition");
    visitStmt(s.body());
  }
  void visitYield(const Yield &s) override { exprs(s.values(), "V206", "a yield value"); }
  void visitReturn(const Return &s) override { exprs(s.values(), "V206", "a return value"); }
  void visitScope(const Scope &s) override { visitStmt(s.body()); }

private:
  /// Operands of `e` (not `e` itself) must be call-free.
  void checkOperands(const ExprPtr &e) {
    if (!e)
      return;
    switch (e->kind()) {
    case ExprKind::Call:
      for (auto &a : static_cast<const Call &>(*e).args())
        nested(a, "V201", "the arguments of '" + calleeName(e) + "'");
      return;
    case ExprKind::Submit:
      for (auto &a : static_cast<const Submit &>(*e).args())
        nested(a, "V201", "the arguments of '" + calleeName(e) + "'");
      return;
    case ExprKind::Binary:
      nested(static_cast<const Binary &>(*e).lhs(), "V204", "a binary operand");
      nested(static_cast<const Binary &>(*e).rhs(), "V204", "a binary operand");
      return;
    case ExprKind::Unary:
      nested(static_cast<const Unary &>(*e).operand(), "V205", "a unary operand");
      return;
    case ExprKind::MakeTuple:
      for (auto &a : static_cast<const MakeTuple &>(*e).elements())
        nested(a, "V201", "a tuple expression");
      return;
    case ExprKind::TupleGetItem:
      nested(static_cast<const TupleGetItem &>(*e).tuple(), "V201", "a tuple access");
      return;
    default: return;
    }
  }

  /// `e` sits in a position where no call may appear; reports it, then looks deeper.
  void nested(const ExprPtr &e, const char *code, const std::string &where) {
    if (!e)
      return;
    if (isCallLike(e))
      diags_.error(code, e->span(),
                   "call to '" + calleeName(e) + "' nested in " + where +
                       "; bind it to a variable first (run flatten-call-expr)");
    checkOperands(e);
  }

  void exprs(const ExprList &es, const char *code, const std::string &where) {
    for (auto &e : es)
      nested(e, code, where);
  }
};
} // namespace

void verifyNoNestedCalls(const Program &p, DiagnosticEngine &diags) {
  runVerifier<NestedCallChecker>(p, diags);
}

} // namespace pl::passes
