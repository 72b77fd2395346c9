// Copy-on-write IR rewriting: unchanged subtrees are returned as the same pointer.
#pragma once

#include "ir/function.h"

#include <unordered_map>

namespace pl::ir {

/// Each hook returns the (possibly new) node. A statement hook may return nullptr to delete
/// the statement. Variables: binding sites go through mutateVarDef, uses through
/// mutateVarUse; when a def is replaced (e.g. because its type changed) the old→new mapping is
/// recorded and every later use, including uses inside types, is rewritten (transitively).
class IRMutator {
public:
  virtual ~IRMutator() = default;

  virtual ProgramPtr mutateProgram(const ProgramPtr &p);
  virtual FunctionPtr mutateFunction(const FunctionPtr &f);
  StmtPtr mutateStmt(const StmtPtr &s); ///< dispatches on kind (null-safe)
  ExprPtr mutateExpr(const ExprPtr &e); ///< dispatches on kind (null-safe)
  virtual TypePtr mutateType(const TypePtr &t);

  /// Default: mutates the var's type; if it changed, makes a fresh Var (same name) and remaps.
  virtual VarPtr mutateVarDef(const VarPtr &v);
  /// Default: follows the remap table.
  virtual ExprPtr mutateVarUse(const VarPtr &v);

  virtual StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s);
  virtual StmtPtr mutateEval(const std::shared_ptr<const Eval> &s);
  virtual StmtPtr mutateSeq(const std::shared_ptr<const Seq> &s);
  virtual StmtPtr mutateIf(const std::shared_ptr<const If> &s);
  virtual StmtPtr mutateFor(const std::shared_ptr<const For> &s);
  virtual StmtPtr mutateWhile(const std::shared_ptr<const While> &s);
  virtual StmtPtr mutateYield(const std::shared_ptr<const Yield> &s);
  virtual StmtPtr mutateReturn(const std::shared_ptr<const Return> &s);
  virtual StmtPtr mutateBreak(const std::shared_ptr<const Break> &s) { return s; }
  virtual StmtPtr mutateContinue(const std::shared_ptr<const Continue> &s) { return s; }
  virtual StmtPtr mutateScope(const std::shared_ptr<const Scope> &s);

  virtual ExprPtr mutateConstInt(const std::shared_ptr<const ConstInt> &e) { return e; }
  virtual ExprPtr mutateConstFloat(const std::shared_ptr<const ConstFloat> &e) { return e; }
  virtual ExprPtr mutateConstBool(const std::shared_ptr<const ConstBool> &e) { return e; }
  virtual ExprPtr mutateBinary(const std::shared_ptr<const Binary> &e);
  virtual ExprPtr mutateUnary(const std::shared_ptr<const Unary> &e);
  virtual ExprPtr mutateCall(const std::shared_ptr<const Call> &e);
  virtual ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &e);
  virtual ExprPtr mutateMakeTuple(const std::shared_ptr<const MakeTuple> &e);
  virtual ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem> &e);

  /// Records that uses of `from` become `to` from now on.
  void remap(const VarPtr &from, ExprPtr to) { varRemap_[from.get()] = {from, std::move(to)}; }
  void clearRemap() { varRemap_.clear(); }

protected:
  ExprList mutateExprs(const ExprList &es, bool &changed);
  AttrList mutateAttrs(const AttrList &attrs, bool &changed);
  void mutateAttrValue(AttrValue &v, bool &changed);
  std::vector<IterArg> mutateIterArgs(const std::vector<IterArg> &args, bool &changed);
  std::vector<VarPtr> mutateVarDefs(const std::vector<VarPtr> &vs, bool &changed);
  /// Mutates a body; a deleted body becomes an empty Seq.
  StmtPtr mutateBody(const StmtPtr &s, bool &changed);

  /// Keyed by the old Var; holds the old Var alive so its address is not reused.
  std::unordered_map<const Var *, std::pair<VarPtr, ExprPtr>> varRemap_;
};

} // namespace pl::ir
