// Dead-assignment removal shared by DCE and Simplify (see dead_assigns.h).
#include "passes/utils/dead_assigns.h"

#include "ir/mutator.h"
#include "ir/visitor.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

/// Number of uses of each variable in a function, types and attrs included.
class UseCounter : public IRVisitor {
public:
  void visitVarUse(const VarPtr &v) override {
    ++uses[v.get()];
    IRVisitor::visitVarUse(v);
  }
  std::unordered_map<const Var *, unsigned> uses;
};

/// One sweep: deletes the dead assignments found by one use count.
class DeadAssignRemover : public IRMutator {
public:
  DeadAssignRemover(const UseCounter &counter, const Function &f,
                    const std::function<bool(const Assign &)> &removable,
                    const std::function<bool(const ExprPtr &)> &droppableYield)
      : counter_(counter), removable_(removable), droppableYield_(droppableYield) {
    for (auto &p : f.params())
      params_.insert(p.var.get());
  }
  bool removed = false;

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    const Var *v = s->var().get();
    auto it = counter_.uses.find(v);
    bool used = it != counter_.uses.end() && it->second != 0;
    if (used || params_.count(v) || !removable_(*s))
      return s;
    removed = true;
    return nullptr;
  }

  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    StmtPtr out = pruneResults(IRMutator::mutateIf(s));
    auto *i = dynCast<If>(out);
    auto *elseSeq = i ? dynCast<Seq>(i->elseBody()) : nullptr;
    if (!elseSeq || !elseSeq->stmts().empty() || s->elseBody() == i->elseBody())
      return out;
    return If::make(i->cond(), i->thenBody(), nullptr, i->returnVars(), i->span());
  }

private:
  bool unused(const Var *v) const {
    auto it = counter_.uses.find(v);
    return it == counter_.uses.end() || it->second == 0;
  }

  /// The trailing yield of a branch, or null.
  static const Yield *trailingYield(const StmtPtr &body) {
    if (auto *seq = dynCast<Seq>(body))
      return seq->stmts().empty() ? nullptr : dynCast<Yield>(seq->stmts().back());
    return dynCast<Yield>(body);
  }

  /// `body` with its trailing yield keeping only the values whose slot is kept.
  static StmtPtr keepSlots(const StmtPtr &body, const std::vector<bool> &keep) {
    std::vector<StmtPtr> stmts;
    if (auto *seq = dynCast<Seq>(body))
      stmts = seq->stmts();
    else
      stmts.push_back(body);
    auto &y = static_cast<const Yield &>(*stmts.back());
    ExprList vals;
    for (size_t k = 0; k < keep.size(); ++k)
      if (keep[k])
        vals.push_back(y.values()[k]);
    Span span = y.span();
    stmts.pop_back();
    if (!vals.empty())
      stmts.push_back(Yield::make(std::move(vals), span));
    return Seq::flatten(std::move(stmts), body->span());
  }

  /// Drops the results of `out` (an If) that nothing reads and whose yielded values
  /// `droppableYield_` accepts.
  StmtPtr pruneResults(const StmtPtr &out) {
    auto *i = dynCast<If>(out);
    if (!droppableYield_ || !i || i->returnVars().empty() || !i->elseBody())
      return out;
    const Yield *ty = trailingYield(i->thenBody()), *ey = trailingYield(i->elseBody());
    size_t n = i->returnVars().size();
    if (!ty || !ey || ty->values().size() != n || ey->values().size() != n)
      return out;
    std::vector<bool> keep(n, true);
    std::vector<VarPtr> rets;
    bool any = false;
    for (size_t k = 0; k < n; ++k) {
      keep[k] = !unused(i->returnVars()[k].get()) || !droppableYield_(ty->values()[k]) ||
                !droppableYield_(ey->values()[k]);
      if (keep[k])
        rets.push_back(i->returnVars()[k]);
      any |= !keep[k];
    }
    if (!any)
      return out;
    removed = true;
    return If::make(i->cond(), keepSlots(i->thenBody(), keep), keepSlots(i->elseBody(), keep),
                    std::move(rets), i->span());
  }

  const UseCounter &counter_;
  const std::function<bool(const Assign &)> &removable_;
  const std::function<bool(const ExprPtr &)> &droppableYield_;
  std::unordered_set<const Var *> params_;
};

} // namespace

FunctionPtr removeDeadAssigns(const FunctionPtr &f,
                              const std::function<bool(const Assign &)> &removable,
                              const std::function<bool(const ExprPtr &)> &droppableYield) {
  FunctionPtr cur = f;
  for (;;) {
    UseCounter counter;
    counter.visitFunction(*cur);
    DeadAssignRemover remover(counter, *cur, removable, droppableYield);
    FunctionPtr next = remover.mutateFunction(cur);
    if (!remover.removed)
      return cur;
    cur = next;
  }
}

} // namespace pl::passes
