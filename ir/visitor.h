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
  /// What a Call or Submit (`site`) invokes, visited before its operands; by default nothing.
  virtual void visitCallTarget(const CallTarget &target, const Expr &site);

  /// One hook per statement kind and per non-variable expression kind, e.g.
  /// `virtual void visitFor(const For &s)`; Break, Continue and the constants have no children.
#define PL_VISIT_HOOK(n) virtual void visit##n(const n &node);
  PL_STMT_KINDS(PL_VISIT_HOOK)
  PL_NON_VAR_EXPR_KINDS(PL_VISIT_HOOK)
#undef PL_VISIT_HOOK

protected:
  void visitAttrs(const AttrList &attrs);
  void visitAttrValue(const AttrValue &v);
  void visitIterArgs(const std::vector<IterArg> &args);
  void visitVarDefs(const std::vector<VarPtr> &vs);
  /// When false, visitType is not called for node types (faster for passes that ignore shapes).
  bool visitTypes_ = true;
};

} // namespace pl::ir
