// Classes of kernel tile values (see tile_classes.h).
#include "passes/utils/tile_classes.h"

#include "ir/stmt.h"

namespace pl::passes {

using namespace ir;

const Var *TileClasses::find(const Var *v) {
  while (parent_.at(v) != v)
    v = parent_[v] = parent_.at(parent_.at(v));
  return v;
}

const Var *TileClasses::tileVar(const ExprPtr &e) {
  auto *v = dynCast<Var>(e);
  return v && isa<TileType>(v->type()) ? v : nullptr;
}

bool TileClasses::add(const Var *v) { return parent_.emplace(v, v).second; }

void TileClasses::unite(const Var *a, const Var *b) {
  if (!a || !b || !known(a) || !known(b))
    return;
  const Var *ra = find(a), *rb = find(b);
  if (ra != rb)
    parent_[rb] = ra;
}

void TileClasses::visitVarDef(const VarPtr &v) {
  if (isa<TileType>(v->type()))
    add(v.get());
}

void TileClasses::visitFor(const For &s) {
  IRVisitor::visitFor(s);
  joinLoop(s.iterArgs(), s.body(), s.returnVars());
}

void TileClasses::visitWhile(const While &s) {
  IRVisitor::visitWhile(s);
  joinLoop(s.iterArgs(), s.body(), s.returnVars());
}

void TileClasses::visitIf(const If &s) {
  IRVisitor::visitIf(s);
  for (const StmtPtr &branch : {s.thenBody(), s.elseBody()})
    if (const Yield *y = branch ? trailingYield(branch) : nullptr)
      for (size_t k = 0; k < s.returnVars().size() && k < y->values().size(); ++k)
        unite(s.returnVars()[k].get(), tileVar(y->values()[k]));
}

void TileClasses::joinLoop(const std::vector<IterArg> &iters, const StmtPtr &body,
                           const std::vector<VarPtr> &rets) {
  const Yield *y = trailingYield(body);
  for (size_t k = 0; k < iters.size(); ++k) {
    unite(iters[k].var.get(), tileVar(iters[k].init));
    if (y && k < y->values().size())
      unite(iters[k].var.get(), tileVar(y->values()[k]));
    if (k < rets.size())
      unite(iters[k].var.get(), rets[k].get());
  }
}

} // namespace pl::passes
