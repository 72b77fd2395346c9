// Deep clone: an IRMutator that gives every binding site (and every MemRef) a fresh Var.
#include "ir/clone.h"
#include "ir/find.h"
#include "ir/mutator.h"

#include <unordered_set>

namespace pl::ir {

namespace {

/// Binding sites get fresh Vars with rewritten types; MemRefs are re-created on first sight
/// (with their base and offset rewritten); free variables stay unless pre-seeded in the map.
/// Result types of rebuilt expressions are kept (rewritten), never re-deduced, so the clone is
/// structurally equal to the original even when a type was set explicitly; sequences keep
/// their nesting.
class Cloner final : public IRMutator {
public:
  Cloner(VarMap &map, std::unordered_set<const Var *> boundInside)
      : map_(map), boundInside_(std::move(boundInside)) {
    for (auto &[from, to] : map)
      varRemap_[from] = {nullptr, to};
  }

  VarPtr mutateVarDef(const VarPtr &v) override {
    if (isa<MemRef>(v))
      return as<Var>(mutateVarUse(v));
    if (defined_.count(v.get())) // re-definition, or a base already renamed at its MemRef
      return map_.at(v.get());
    auto nv = Var::make(v->name(), mutateType(v->type()), v->span());
    record(v, nv);
    return nv;
  }

  ExprPtr mutateVarUse(const VarPtr &v) override {
    auto m = as<MemRef>(v);
    if (!m || varRemap_.count(v.get()))
      return IRMutator::mutateVarUse(v);
    VarPtr base = m->base();
    if (base && boundInside_.count(base.get()) && !varRemap_.count(base.get()))
      base = mutateVarDef(base); // bound later in the tree: rename it now
    else if (base)
      if (auto nb = as<Var>(mutateVarUse(base)))
        base = nb;
    auto nm = MemRef::make(m->name(), base, mutateExpr(m->byteOffset()), m->size(), m->pinned(),
                           m->slotCount(), m->slotIndex(), m->span());
    record(v, nm);
    return nm;
  }

  /// Copies the sequence as it is (the base mutator flattens changed sequences).
  StmtPtr mutateSeq(const std::shared_ptr<const Seq> &s) override {
    std::vector<StmtPtr> out;
    out.reserve(s->stmts().size());
    for (auto &c : s->stmts())
      out.push_back(mutateStmt(c));
    return Seq::make(std::move(out), s->span());
  }

  ExprPtr mutateBinary(const std::shared_ptr<const Binary> &e) override {
    return std::make_shared<const Binary>(e->op(), mutateExpr(e->lhs()), mutateExpr(e->rhs()),
                                          mutateType(e->type()), e->span());
  }
  ExprPtr mutateUnary(const std::shared_ptr<const Unary> &e) override {
    return std::make_shared<const Unary>(e->op(), mutateExpr(e->operand()), mutateType(e->type()),
                                         e->span());
  }
  ExprPtr mutateMakeTuple(const std::shared_ptr<const MakeTuple> &e) override {
    bool changed = false;
    auto elems = mutateExprs(e->elements(), changed);
    return std::make_shared<const MakeTuple>(std::move(elems), mutateType(e->type()), e->span());
  }
  ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem> &e) override {
    return std::make_shared<const TupleGetItem>(mutateExpr(e->tuple()), e->index(),
                                                mutateType(e->type()), e->span());
  }

private:
  void record(const VarPtr &from, const VarPtr &to) {
    remap(from, to);
    map_[from.get()] = to;
    defined_.insert(from.get());
  }

  VarMap &map_;
  std::unordered_set<const Var *> boundInside_;
  std::unordered_set<const Var *> defined_;
};

} // namespace

FunctionPtr deepClone(const FunctionPtr &f) {
  if (!f)
    return f;
  // Every Var bound in the tree is known up front, so that a MemRef base mentioned in a type
  // before its binding site (e.g. in a return type) is renamed consistently.
  VarMap map;
  Cloner c(map, collectBindings(*f));
  return c.mutateFunction(f);
}

StmtPtr deepClone(const StmtPtr &s, VarMap &map) {
  Cloner c(map, collectBindings(s));
  return c.mutateStmt(s);
}

} // namespace pl::ir
