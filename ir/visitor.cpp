// Default traversal of IRVisitor: every child, binding sites before the bodies that use them.
#include "ir/visitor.h"

namespace pl::ir {

void IRVisitor::visitProgram(const Program &p) {
  for (auto &f : p.functions())
    visitFunction(*f);
}

void IRVisitor::visitFunction(const Function &f) {
  for (auto &p : f.params())
    visitVarDef(p.var);
  for (auto &t : f.returnTypes())
    visitType(t);
  visitAttrs(f.attrs());
  visitStmt(f.body());
}

void IRVisitor::visitType(const TypePtr &t) {
  if (!t)
    return;
  if (auto *st = dynCast<ShapedType>(t)) {
    for (auto &d : st->shape())
      visitExpr(d);
  }
  if (auto *tt = dynCast<TensorType>(t); tt && tt->view()) {
    for (auto &e : tt->view()->stride)
      visitExpr(e);
    for (auto &e : tt->view()->validShape)
      visitExpr(e);
  }
  if (auto *tt = dynCast<TileType>(t)) {
    if (tt->view()) {
      for (auto &e : tt->view()->validShape)
        visitExpr(e);
      for (auto &e : tt->view()->stride)
        visitExpr(e);
      visitExpr(tt->view()->startOffset);
    }
    if (tt->memref())
      visitVarUse(tt->memref());
  }
  if (auto *tu = dynCast<TupleType>(t))
    for (auto &e : tu->elements())
      visitType(e);
}

void IRVisitor::visitVarDef(const VarPtr &v) {
  if (visitTypes_)
    visitType(v->type());
}

void IRVisitor::visitVarUse(const VarPtr &v) {
  if (auto *m = dynCast<MemRef>(v)) {
    visitVarUse(m->base());
    visitExpr(m->byteOffset());
  }
}

void IRVisitor::visitStmt(const StmtPtr &s) {
  if (!s)
    return;
  switch (s->kind()) {
#define PL_DISPATCH(n)                                                                             \
  case StmtKind::n:                                                                                \
    return visit##n(static_cast<const n &>(*s));
    PL_STMT_KINDS(PL_DISPATCH)
#undef PL_DISPATCH
  }
}

void IRVisitor::visitExpr(const ExprPtr &e) {
  if (!e)
    return;
  switch (e->kind()) {
  case ExprKind::Var:
  case ExprKind::MemRef:
    return visitVarUse(std::static_pointer_cast<const Var>(e));
#define PL_DISPATCH(n)                                                                             \
  case ExprKind::n:                                                                                \
    return visit##n(static_cast<const n &>(*e));
    PL_NON_VAR_EXPR_KINDS(PL_DISPATCH)
#undef PL_DISPATCH
  }
}

void IRVisitor::visitAttrs(const AttrList &attrs) {
  for (auto &[k, v] : attrs)
    visitAttrValue(v);
}

void IRVisitor::visitAttrValue(const AttrValue &v) {
  if (auto *e = std::get_if<ExprPtr>(&v))
    visitExpr(*e);
  else if (auto *es = std::get_if<ExprList>(&v))
    for (auto &x : *es)
      visitExpr(x);
}

void IRVisitor::visitIterArgs(const std::vector<IterArg> &args) {
  for (auto &a : args)
    visitExpr(a.init);
  for (auto &a : args)
    visitVarDef(a.var);
}

void IRVisitor::visitVarDefs(const std::vector<VarPtr> &vs) {
  for (auto &v : vs)
    visitVarDef(v);
}

void IRVisitor::visitAssign(const Assign &s) {
  visitExpr(s.value());
  visitVarDef(s.var());
}
void IRVisitor::visitEval(const Eval &s) { visitExpr(s.expr()); }
void IRVisitor::visitSeq(const Seq &s) {
  for (auto &c : s.stmts())
    visitStmt(c);
}
void IRVisitor::visitIf(const If &s) {
  visitExpr(s.cond());
  visitStmt(s.thenBody());
  visitStmt(s.elseBody());
  visitVarDefs(s.returnVars());
}
void IRVisitor::visitFor(const For &s) {
  visitExpr(s.start());
  visitExpr(s.stop());
  visitExpr(s.step());
  visitAttrs(s.attrs());
  visitVarDef(s.loopVar());
  visitIterArgs(s.iterArgs());
  visitStmt(s.body());
  visitVarDefs(s.returnVars());
}
void IRVisitor::visitWhile(const While &s) {
  visitIterArgs(s.iterArgs());
  visitExpr(s.cond());
  visitStmt(s.body());
  visitVarDefs(s.returnVars());
}
void IRVisitor::visitYield(const Yield &s) {
  for (auto &v : s.values())
    visitExpr(v);
}
void IRVisitor::visitReturn(const Return &s) {
  for (auto &v : s.values())
    visitExpr(v);
}
void IRVisitor::visitBreak(const Break &) {}
void IRVisitor::visitContinue(const Continue &) {}
/// Attr uses (e.g. "deps") before the body; the task id binding after it.
void IRVisitor::visitScope(const Scope &s) {
  for (auto &a : s.attrs())
    visitAttrValue(a.second);
  visitStmt(s.body());
  if (s.taskId())
    visitVarDef(s.taskId());
}

void IRVisitor::visitConstInt(const ConstInt &) {}
void IRVisitor::visitConstFloat(const ConstFloat &) {}
void IRVisitor::visitConstBool(const ConstBool &) {}
void IRVisitor::visitBinary(const Binary &e) {
  visitExpr(e.lhs());
  visitExpr(e.rhs());
}
void IRVisitor::visitUnary(const Unary &e) { visitExpr(e.operand()); }
void IRVisitor::visitCallTarget(const CallTarget &, const Expr &) {}
void IRVisitor::visitCall(const Call &e) {
  visitCallTarget(e.target(), e);
  for (auto &a : e.args())
    visitExpr(a);
  visitAttrs(e.kwargs());
  visitAttrs(e.attrs());
  if (visitTypes_)
    visitType(e.type());
}
void IRVisitor::visitSubmit(const Submit &e) {
  visitCallTarget(e.target(), e);
  e.forEachOperand([this](const ExprPtr &x) { visitExpr(x); });
  visitAttrs(e.attrs());
  if (visitTypes_)
    visitType(e.type());
}
void IRVisitor::visitMakeTuple(const MakeTuple &e) {
  for (auto &x : e.elements())
    visitExpr(x);
}
void IRVisitor::visitTupleGetItem(const TupleGetItem &e) { visitExpr(e.tuple()); }

} // namespace pl::ir
