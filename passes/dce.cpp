// DCE: dead assignment elimination (see dce.h).
#include "passes/dce.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"

#include "llvm/ADT/StringRef.h"

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

/// Ops with effects beyond their arguments (queues, barriers) even though they write none.
bool hasHiddenEffect(const Op &op) {
  llvm::StringRef name = op.name();
  if (op.family() != "tile" && op.family() != "tensor")
    return true;
  for (llvm::StringRef k : {"tpush", "tpop", "tfree", "sync", "barrier", "fence", "pipe"})
    if (name.contains(k))
      return true;
  return false;
}

bool isPure(const ExprPtr &e);

bool allPure(const ExprList &es) {
  for (auto &e : es)
    if (!isPure(e))
      return false;
  return true;
}

bool isPureCall(const Call &c) {
  if (!c.target().isOp())
    return false; // a function call may write its Out parameters
  const Op &op = *c.target().op;
  if (hasHiddenEffect(op))
    return false;
  for (size_t i = 0; i < c.args().size(); ++i)
    if (writesArg(op, i, c.kwargs()))
      return false;
  return allPure(c.args());
}

bool isPure(const ExprPtr &e) {
  if (!e)
    return true;
  switch (e->kind()) {
  case ExprKind::Binary:
    return isPure(static_cast<const Binary &>(*e).lhs()) &&
           isPure(static_cast<const Binary &>(*e).rhs());
  case ExprKind::Unary: return isPure(static_cast<const Unary &>(*e).operand());
  case ExprKind::MakeTuple: return allPure(static_cast<const MakeTuple &>(*e).elements());
  case ExprKind::TupleGetItem: return isPure(static_cast<const TupleGetItem &>(*e).tuple());
  case ExprKind::Call: return isPureCall(static_cast<const Call &>(*e));
  case ExprKind::Submit: return false;
  default: return true; // variables and constants
  }
}

/// One sweep: deletes the dead assignments found by one use count.
class DeadAssignRemover : public IRMutator {
public:
  DeadAssignRemover(const UseCounter &counter, const Function &f) : counter_(counter) {
    for (auto &p : f.params())
      params_.insert(p.var.get());
  }
  bool removed = false;

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    const Var *v = s->var().get();
    auto it = counter_.uses.find(v);
    bool used = it != counter_.uses.end() && it->second != 0;
    if (used || params_.count(v) || !isPure(s->value()))
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
  std::unordered_set<const Var *> params_;
};
} // namespace

FunctionPtr eliminateDeadCode(const FunctionPtr &f) {
  FunctionPtr cur = f;
  for (;;) {
    UseCounter counter;
    counter.visitFunction(*cur);
    DeadAssignRemover remover(counter, *cur);
    FunctionPtr next = remover.mutateFunction(cur);
    if (!remover.removed)
      return cur;
    cur = next;
  }
}

Pass createDCEPass(PassOptions &) {
  PassInfo info{"dce", "DCE", {}, {}, {}};
  return createFunctionPass(std::move(info),
                            [](const FunctionPtr &f, const Program &, PassContext &) {
                              return eliminateDeadCode(f);
                            });
}

} // namespace pl::passes
