// Read-only IR traversal with one hook per node kind; binding sites and uses are separate hooks.
#pragma once

#include "ir/function.h"

namespace pl::ir {

/// Default hooks visit every child (including expressions inside types: shapes, views,
/// MemRefs). Override a hook and call the base to keep descending.
class IRVisitor {
public:
  virtual ~IRVisitor() = default;

  virtual void visitProgram(const Program &p);
  virtual void visitFunction(const Function &f);
  void visitStmt(const StmtPtr &s);  ///< dispatches on kind (null-safe)
  void visitExpr(const ExprPtr &e);  ///< dispatches on kind (null-safe)
  virtual void visitType(const TypePtr &t);

  /// A binding site: params, Assign targets, loop vars, iter_arg vars, return vars, a scope's
  /// task id (visited after the scope's body).
  virtual void visitVarDef(const VarPtr &v);
  /// A use of a variable inside an expression.
  virtual void visitVarUse(const VarPtr &v);

  virtual void visitAssign(const Assign &s);
  virtual void visitEval(const Eval &s);
  virtual void visitSeq(const Seq &s);
  virtual void visitIf(const If &s);
  virtual void visitFor(const For &s);
  virtual void visitWhile(const While &s);
  virtual void visitYield(const Yield &s);
  virtual void visitReturn(const Return &s);
  virtual void visitBreak(const Break &) {}
  virtual void visitContinue(const Continue &) {}
  virtual void visitScope(const Scope &s);

  virtual void visitConstInt(const ConstInt &) {}
  virtual void visitConstFloat(const ConstFloat &) {}
  virtual void visitConstBool(const ConstBool &) {}
  virtual void visitBinary(const Binary &e);
  virtual void visitUnary(const Unary &e);
  virtual void visitCall(const Call &e);
  virtual void visitSubmit(const Submit &e);
  virtual void visitMakeTuple(const MakeTuple &e);
  virtual void visitTupleGetItem(const TupleGetItem &e);

protected:
  void visitAttrs(const AttrList &attrs);
  void visitAttrValue(const AttrValue &v);
  void visitIterArgs(const std::vector<IterArg> &args);
  /// When false, visitType is not called for node types (faster for passes that ignore shapes).
  bool visitTypes_ = true;
};

} // namespace pl::ir
