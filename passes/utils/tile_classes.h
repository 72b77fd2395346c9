// Classes of kernel tile values that must share one property (a memory space, an accumulator
// dtype): a union-find over tile variables, joined through loop carries (each iter arg with its
// init, its yield and its result) and if results (with each branch's yield). Read by
// InferTileMemorySpace and WidenAccDtypes, which join what their ops add (copies, aliases).
#pragma once

#include "ir/visitor.h"

#include <unordered_map>

namespace pl::passes {

class TileClasses : public ir::IRVisitor {
public:
  /// The representative of v's class (v must have been added).
  const ir::Var *find(const ir::Var *v);
  /// Whether v is a tile variable of a class.
  bool known(const ir::Var *v) const { return parent_.count(v) != 0; }

  /// `e` when it is a tile variable, else null.
  static const ir::Var *tileVar(const ir::ExprPtr &e);

protected:
  TileClasses() { visitTypes_ = false; }

  /// Makes v a class of its own; false when it already has one.
  bool add(const ir::Var *v);
  /// Joins the classes of a and b (nothing when either is null or unknown).
  void unite(const ir::Var *a, const ir::Var *b);

  /// Adds every tile variable definition.
  void visitVarDef(const ir::VarPtr &v) override;
  void visitFor(const ir::For &s) override;
  void visitWhile(const ir::While &s) override;
  void visitIf(const ir::If &s) override;

private:
  void joinLoop(const std::vector<ir::IterArg> &iters, const ir::StmtPtr &body,
                const std::vector<ir::VarPtr> &rets);

  std::unordered_map<const ir::Var *, const ir::Var *> parent_;
};

} // namespace pl::passes
