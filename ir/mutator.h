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

  /// One hook per statement kind and per non-variable expression kind, e.g.
  /// `virtual StmtPtr mutateFor(const std::shared_ptr<const For> &s)`; Break, Continue and the
  /// constants have no children and are returned as they are.
#define PL_MUTATE_HOOK(n, Result) virtual Result mutate##n(const std::shared_ptr<const n> &node);
#define PL_MUTATE_STMT_HOOK(n) PL_MUTATE_HOOK(n, StmtPtr)
#define PL_MUTATE_EXPR_HOOK(n) PL_MUTATE_HOOK(n, ExprPtr)
  PL_STMT_KINDS(PL_MUTATE_STMT_HOOK)
  PL_NON_VAR_EXPR_KINDS(PL_MUTATE_EXPR_HOOK)
#undef PL_MUTATE_EXPR_HOOK
#undef PL_MUTATE_STMT_HOOK
#undef PL_MUTATE_HOOK

  /// Records that uses of `from` become `to` from now on.
  void remap(const VarPtr &from, ExprPtr to) { varRemap_[from.get()] = {from, std::move(to)}; }
  void clearRemap() { varRemap_.clear(); }

protected:
  ExprList mutateExprs(const ExprList &es, bool &changed);
  AttrList mutateAttrs(const AttrList &attrs, bool &changed);
  void mutateAttrValue(AttrValue &v, bool &changed);
  std::vector<IterArg> mutateIterArgs(const std::vector<IterArg> &args, bool &changed);
  std::vector<TypePtr> mutateTypes(const std::vector<TypePtr> &ts, bool &changed);
  std::vector<VarPtr> mutateVarDefs(const std::vector<VarPtr> &vs, bool &changed);
  /// Mutates a body; a deleted body becomes an empty Seq.
  StmtPtr mutateBody(const StmtPtr &s, bool &changed);

  /// Keyed by the old Var; holds the old Var alive so its address is not reused.
  std::unordered_map<const Var *, std::pair<VarPtr, ExprPtr>> varRemap_;
};

} // namespace pl::ir
