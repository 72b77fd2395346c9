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
                    const std::function<bool(const Assign &)> &removable)
      : counter_(counter), removable_(removable) {
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
    StmtPtr out = IRMutator::mutateIf(s);
    auto *i = dynCast<If>(out);
    auto *elseSeq = i ? dynCast<Seq>(i->elseBody()) : nullptr;
    if (!elseSeq || !elseSeq->stmts().empty() || s->elseBody() == i->elseBody())
      return out;
    return If::make(i->cond(), i->thenBody(), nullptr, i->returnVars(), i->span());
  }

private:
  const UseCounter &counter_;
  const std::function<bool(const Assign &)> &removable_;
  std::unordered_set<const Var *> params_;
};

} // namespace

FunctionPtr removeDeadAssigns(const FunctionPtr &f,
                              const std::function<bool(const Assign &)> &removable) {
  FunctionPtr cur = f;
  for (;;) {
    UseCounter counter;
    counter.visitFunction(*cur);
    DeadAssignRemover remover(counter, *cur, removable);
    FunctionPtr next = remover.mutateFunction(cur);
    if (!remover.removed)
      return cur;
    cur = next;
  }
}

} // namespace pl::passes
