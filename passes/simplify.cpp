// Simplify: arith folding, literal propagation, Fold A / Fold B, scalar DCE (see simplify.h).
#include "passes/simplify.h"
#include "passes/utils/carry_copies.h"
#include "passes/utils/dead_assigns.h"

#include "ir/find.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"
#include "passes/utils/arith/analyzer.h"
#include "passes/utils/arith/const_fold.h"

#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace pl::passes {

namespace {
using namespace ir;
using arith::Analyzer;
using arith::ConstIntBound;
using arith::ConstraintContext;

using StmtList = std::vector<StmtPtr>;

bool isLiteral(const ExprPtr &e) {
  return isa<ConstInt>(e) || isa<ConstBool>(e) || isa<ConstFloat>(e);
}

/// A plain (non-task-id) scalar variable: the only kind Simplify binds or removes.
bool isPlainScalar(const VarPtr &v) {
  auto d = scalarDType(v->type());
  return d && *d != DataType::TaskId;
}

/// Number of iterations of `range(start, stop, step)` with constant bounds; nullopt when a
/// bound is not constant, the step is 0, or the count overflows.
std::optional<int64_t> constTripCount(const For &f) {
  auto start = constIntValue(f.start()), stop = constIntValue(f.stop()),
       step = constIntValue(f.step());
  if (!start || !stop || !step || *step == 0)
    return std::nullopt;
  if (*step > 0 ? *stop <= *start : *stop >= *start)
    return 0;
  auto span = arith::checkedSub(*stop, *start);
  auto adj = span ? arith::checkedAdd(*span, *step > 0 ? *step - 1 : *step + 1) : std::nullopt;
  return adj ? arith::checkedFloorDiv(*adj, *step) : std::nullopt;
}

class Simplifier : public IRMutator {
public:
  explicit Simplifier(const Function &f) : defs_(countBindings(f)) {}

  // The rewriter simplifies a whole + - * ... tree bottom-up, so it runs once, at the tree's
  // root; running it again at every inner node made a sum of n terms cost O(n^3).
  ExprPtr mutateBinary(const std::shared_ptr<const Binary> &e) override {
    return arithmetic([&] { return IRMutator::mutateBinary(e); });
  }
  ExprPtr mutateUnary(const std::shared_ptr<const Unary> &e) override {
    return arithmetic([&] { return IRMutator::mutateUnary(e); });
  }
  // The rewriter does not look inside these: a tree below them has a root of its own.
  ExprPtr mutateCall(const std::shared_ptr<const Call> &e) override {
    return foldIdentityView(opaque([&] { return IRMutator::mutateCall(e); }));
  }
  ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &e) override {
    return opaque([&] { return IRMutator::mutateSubmit(e); });
  }
  ExprPtr mutateMakeTuple(const std::shared_ptr<const MakeTuple> &e) override {
    return opaque([&] { return IRMutator::mutateMakeTuple(e); });
  }
  ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem> &e) override {
    return opaque([&] { return IRMutator::mutateTupleGetItem(e); });
  }
  TypePtr mutateType(const TypePtr &t) override {
    bool saved = std::exchange(inArithmetic_, false);
    TypePtr out = IRMutator::mutateType(t);
    inArithmetic_ = saved;
    return out;
  }
  ExprPtr mutateVarUse(const VarPtr &v) override {
    ExprPtr e = IRMutator::mutateVarUse(v);
    return scalarDType(e->type()) && !isa<MemRef>(e) ? a_.simplify(e) : e;
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override;
  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override;
  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override;
  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override;

private:
  template <class F> ExprPtr arithmetic(F &&mutateOperands) {
    bool root = !std::exchange(inArithmetic_, true);
    ExprPtr e = mutateOperands();
    inArithmetic_ = !root;
    return root ? a_.simplify(e) : e;
  }
  template <class F> ExprPtr opaque(F &&mutateOperands) {
    bool saved = std::exchange(inArithmetic_, false);
    ExprPtr e = mutateOperands();
    inArithmetic_ = saved;
    return e;
  }

  /// `tensor.view(x)` whose layout tag is x's own (no shape) is x (PyPTO's identity view).
  static ExprPtr foldIdentityView(const ExprPtr &e) {
    auto *c = dynCast<Call>(e);
    if (!c || !c->target().isOp() || c->target().op->name() != "tensor.view" ||
        c->args().size() != 1 || !structuralEqual(c->type(), c->args()[0]->type()))
      return e;
    return c->args()[0];
  }
  StmtPtr keepBranch(const If &s, const StmtPtr &branch);
  /// `cond` as a branch fact, or nullptr when it reads a variable bound more than once (a
  /// fact about it could be stale after a reassignment inside the branch).
  ExprPtr factOf(const ExprPtr &cond);
  StmtPtr foldLoop(const For &f, const std::vector<IterArg> &args, int64_t trips);
  /// Binds `rets[i]` to `values[i]`: substituted when a variable or literal, else assigned.
  void bindResults(const std::vector<VarPtr> &rets, const ExprList &values, StmtList &out);
  /// The statements of `body` without its trailing yield, whose values go to `yielded`.
  StmtList splitYield(const StmtPtr &body, ExprList &yielded);
  ConstIntBound loopVarRange(const For &f) const;

  Analyzer a_;
  std::unordered_map<const Var *, unsigned> defs_;
  int branchDepth_ = 0;
  bool inArithmetic_ = false; ///< mutating an operand of a Binary / Unary
};

StmtPtr Simplifier::mutateAssign(const std::shared_ptr<const Assign> &s) {
  StmtPtr out = IRMutator::mutateAssign(s);
  auto *a = dynCast<Assign>(out);
  if (!a || branchDepth_ > 0 || !isPlainScalar(s->var()) || defs_[s->var().get()] != 1)
    return out;
  if (isLiteral(a->value()))
    remap(s->var(), a->value());
  else
    a_.bindValue(a->var(), a->value());
  return out;
}

void Simplifier::bindResults(const std::vector<VarPtr> &rets, const ExprList &values,
                             StmtList &out) {
  for (size_t i = 0; i < rets.size() && i < values.size(); ++i) {
    if (isa<Var>(values[i]) || isLiteral(values[i]))
      remap(rets[i], values[i]);
    else
      out.push_back(Assign::make(rets[i], values[i], values[i]->span()));
  }
}

StmtList Simplifier::splitYield(const StmtPtr &body, ExprList &yielded) {
  StmtList stmts;
  if (const Yield *y = splitTrailingYield(body, stmts))
    yielded = y->values();
  return stmts;
}

StmtPtr Simplifier::keepBranch(const If &s, const StmtPtr &branch) {
  if (!branch)
    return nullptr;
  ExprList yielded;
  StmtList stmts = splitYield(mutateStmt(branch), yielded);
  bindResults(s.returnVars(), yielded, stmts);
  return Seq::flatten(std::move(stmts), s.span());
}

class ReassignedReader : public IRVisitor {
public:
  explicit ReassignedReader(const std::unordered_map<const Var *, unsigned> &defs) : defs_(defs) {
    visitTypes_ = false;
  }
  void visitVarUse(const VarPtr &v) override {
    auto it = defs_.find(v.get());
    found |= it != defs_.end() && it->second > 1;
  }
  bool found = false;

private:
  const std::unordered_map<const Var *, unsigned> &defs_;
};

ExprPtr Simplifier::factOf(const ExprPtr &cond) {
  ReassignedReader r(defs_);
  r.visitExpr(cond);
  return r.found ? nullptr : cond;
}

StmtPtr Simplifier::mutateIf(const std::shared_ptr<const If> &s) {
  ExprPtr cond = mutateExpr(s->cond());
  if (auto *c = dynCast<ConstBool>(cond)) // Fold A
    return keepBranch(*s, c->value() ? s->thenBody() : s->elseBody());
  bool changed = cond != s->cond();
  ++branchDepth_;
  StmtPtr thenB, elseB;
  {
    ConstraintContext fact(a_, factOf(cond));
    thenB = mutateBody(s->thenBody(), changed);
  }
  if (s->elseBody()) {
    ConstraintContext fact(a_, factOf(arith::negateCondition(cond)));
    elseB = mutateBody(s->elseBody(), changed);
    auto *seq = dynCast<Seq>(elseB);
    if (seq && seq->stmts().empty() && s->returnVars().empty())
      elseB = nullptr;
  }
  --branchDepth_;
  auto rets = mutateVarDefs(s->returnVars(), changed);
  if (!changed)
    return s;
  return If::make(cond, thenB, elseB, std::move(rets), s->span());
}

ConstIntBound Simplifier::loopVarRange(const For &f) const {
  auto step = constIntValue(f.step());
  if (!step || *step == 0)
    return ConstIntBound::everything();
  ConstIntBound start = a_.bound(f.start()), stop = a_.bound(f.stop());
  if (*step > 0)
    return {start.min, arith::saturatingAdd(stop.max, -1)};
  return {arith::saturatingAdd(stop.min, 1), start.max};
}

StmtPtr Simplifier::foldLoop(const For &f, const std::vector<IterArg> &args, int64_t trips) {
  StmtList out;
  std::vector<VarPtr> carried;
  ExprList inits;
  for (auto &a : args) {
    carried.push_back(a.var);
    inits.push_back(a.init);
  }
  if (trips == 0) {
    bindResults(f.returnVars(), inits, out);
    return Seq::flatten(std::move(out), f.span());
  }
  remap(f.loopVar(), f.start());
  bindResults(carried, inits, out);
  ExprList yielded;
  StmtList body = splitYield(mutateStmt(f.body()), yielded);
  out.insert(out.end(), body.begin(), body.end());
  bindResults(f.returnVars(), yielded, out);
  return Seq::flatten(std::move(out), f.span());
}

StmtPtr Simplifier::mutateFor(const std::shared_ptr<const For> &s) {
  bool changed = false;
  ExprPtr start = mutateExpr(s->start()), stop = mutateExpr(s->stop()),
          step = mutateExpr(s->step());
  changed |= start != s->start() || stop != s->stop() || step != s->step();
  auto args = mutateIterArgs(s->iterArgs(), changed);
  auto lv = mutateVarDef(s->loopVar());
  auto folded = For::make(lv, start, stop, step, args, s->body(), s->returnVars(),
                          s->forKind(), s->attrs(), s->span());
  auto &nf = static_cast<const For &>(*folded);
  auto trips = constTripCount(nf);
  if (s->forKind() == ForKind::Sequential && s->attrs().empty() && trips && *trips <= 1 &&
      !hasLoopJump(s->body())) // Fold B
    return foldLoop(nf, args, *trips);
  a_.unbind(lv);
  ConstIntBound range = loopVarRange(nf);
  if (!range.isSingle() && defs_[s->loopVar().get()] == 1) // a kept 1-trip loop keeps its var
    a_.bind(lv, range);
  auto body = mutateBody(s->body(), changed);
  a_.unbind(lv);
  auto rets = mutateVarDefs(s->returnVars(), changed);
  if (!changed && lv == s->loopVar())
    return s;
  return For::make(lv, start, stop, step, std::move(args), body, std::move(rets), s->forKind(),
                   s->attrs(), s->span());
}

StmtPtr Simplifier::mutateWhile(const std::shared_ptr<const While> &s) {
  StmtPtr out = IRMutator::mutateWhile(s);
  auto *w = dynCast<While>(out);
  auto *c = w ? dynCast<ConstBool>(w->cond()) : nullptr;
  if (!c || c->value())
    return out;
  // Never entered: the results are the initial values.
  ExprList inits;
  for (auto &a : w->iterArgs())
    inits.push_back(a.init);
  StmtList stmts;
  bindResults(w->returnVars(), inits, stmts);
  return Seq::flatten(std::move(stmts), s->span());
}

} // namespace

FunctionPtr simplifyFunction(const FunctionPtr &f) {
  Simplifier s(*f);
  // Conservative scalar DCE: plain scalars only, and never a value that contains a call; an if
  // result nothing reads goes (any type) unless a branch yields a call for it (PyPTO #1603).
  return removeDeadAssigns(
      s.mutateFunction(f),
      [](const Assign &a) { return isPlainScalar(a.var()) && !arith::hasCall(a.value()); },
      [](const ExprPtr &e) { return !arith::hasCall(e); });
}

PL_DEFINE_FUNCTION_PASS(Simplify, simplifyFunction)

} // namespace pl::passes
