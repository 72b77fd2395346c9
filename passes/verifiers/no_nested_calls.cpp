// NoNestedCalls verifier: three-address form, as FlattenCallExpr establishes. A call (or
// submit) may only be the whole value of an assignment or an evaluated expression.
//
// Codes: V201 call inside call arguments (or a tuple expression) · V202 call in an if / while
// condition · V203 call in a for range or loop init value · V204 call as a binary operand ·
// V205 call as a unary operand · V206 call in a return or yield value.
#include "passes/verifiers/registry.h"

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

class NestedCallChecker {
public:
  explicit NestedCallChecker(DiagnosticEngine &diags) : diags_(diags) {}

  void walk(const StmtPtr &s);

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

  DiagnosticEngine &diags_;
};

void NestedCallChecker::walk(const StmtPtr &s) {
  if (!s)
    return;
  switch (s->kind()) {
  case StmtKind::Assign: return checkOperands(static_cast<const Assign &>(*s).value());
  case StmtKind::Eval: return checkOperands(static_cast<const Eval &>(*s).expr());
  case StmtKind::Seq:
    for (auto &c : static_cast<const Seq &>(*s).stmts())
      walk(c);
    return;
  case StmtKind::If: {
    auto &i = static_cast<const If &>(*s);
    nested(i.cond(), "V202", "an if condition");
    walk(i.thenBody());
    walk(i.elseBody());
    return;
  }
  case StmtKind::For: {
    auto &f = static_cast<const For &>(*s);
    exprs({f.start(), f.stop(), f.step()}, "V203", "a for range");
    for (auto &a : f.iterArgs())
      nested(a.init, "V203", "a loop init value");
    return walk(f.body());
  }
  case StmtKind::While: {
    auto &w = static_cast<const While &>(*s);
    for (auto &a : w.iterArgs())
      nested(a.init, "V203", "a loop init value");
    nested(w.cond(), "V202", "a while condition");
    return walk(w.body());
  }
  case StmtKind::Yield:
    return exprs(static_cast<const Yield &>(*s).values(), "V206", "a yield value");
  case StmtKind::Return:
    return exprs(static_cast<const Return &>(*s).values(), "V206", "a return value");
  case StmtKind::Scope: return walk(static_cast<const Scope &>(*s).body());
  default: return;
  }
}
} // namespace

void verifyNoNestedCalls(const Program &p, DiagnosticEngine &diags) {
  NestedCallChecker checker(diags);
  for (auto &f : p.functions())
    checker.walk(f->body());
}

} // namespace pl::passes
