// The parallel copies of structured control flow (see carry_copies.h).
#include "passes/utils/carry_copies.h"

namespace pl::passes {

using namespace ir;

const Yield *splitTrailingYield(const StmtPtr &body, std::vector<StmtPtr> &stmts) {
  size_t first = stmts.size();
  if (auto *seq = dynCast<Seq>(body))
    stmts.insert(stmts.end(), seq->stmts().begin(), seq->stmts().end());
  else if (body)
    stmts.push_back(body);
  const Yield *y = stmts.size() > first ? dynCast<Yield>(stmts.back()) : nullptr;
  if (y)
    stmts.pop_back(); // the Seq / body still owns the yield
  return y;
}

std::vector<VarPtr> iterVars(const std::vector<IterArg> &iters) {
  std::vector<VarPtr> out;
  out.reserve(iters.size());
  for (auto &ia : iters)
    out.push_back(ia.var);
  return out;
}

void CarryCopyVisitor::visitFor(const For &s) {
  IRVisitor::visitFor(s);
  loop(s.iterArgs(), s.body(), s.returnVars(), s.span());
}

void CarryCopyVisitor::visitWhile(const While &s) {
  IRVisitor::visitWhile(s);
  loop(s.iterArgs(), s.body(), s.returnVars(), s.span());
}

void CarryCopyVisitor::visitIf(const If &s) {
  IRVisitor::visitIf(s);
  yield(s.thenBody(), s.returnVars());
  if (s.elseBody())
    yield(s.elseBody(), s.returnVars());
}

void CarryCopyVisitor::loop(const std::vector<IterArg> &iters, const StmtPtr &body,
                            const std::vector<VarPtr> &rets, const Span &span) {
  std::vector<VarPtr> vars = iterVars(iters);
  ExprList inits, carried;
  for (auto &ia : iters) {
    inits.push_back(ia.init);
    carried.push_back(ia.var);
  }
  parallelCopy(vars, inits, span, "loop entry");
  yield(body, vars);
  parallelCopy(rets, carried, span, "loop exit");
}

void CarryCopyVisitor::yield(const StmtPtr &body, const std::vector<VarPtr> &dsts) {
  if (const Yield *y = trailingYield(body))
    parallelCopy(dsts, y->values(), y->span(), "yield");
}

StmtPtr CarryCopyRewriter::mutateFor(const std::shared_ptr<const For> &s) {
  StmtPtr out = IRMutator::mutateFor(s);
  auto *f = dynCast<For>(out);
  StmtPtr body = rewriteYield(f->body(), iterVars(f->iterArgs()));
  std::vector<StmtPtr> before;
  std::vector<IterArg> iters = rewriteInits(f->iterArgs(), before, f->span());
  if (body == f->body() && before.empty())
    return out;
  before.push_back(For::make(f->loopVar(), f->start(), f->stop(), f->step(), std::move(iters), body,
                             f->returnVars(), f->forKind(), f->attrs(), f->span()));
  return Seq::flatten(std::move(before), f->span());
}

StmtPtr CarryCopyRewriter::mutateWhile(const std::shared_ptr<const While> &s) {
  StmtPtr out = IRMutator::mutateWhile(s);
  auto *w = dynCast<While>(out);
  StmtPtr body = rewriteYield(w->body(), iterVars(w->iterArgs()));
  std::vector<StmtPtr> before;
  std::vector<IterArg> iters = rewriteInits(w->iterArgs(), before, w->span());
  if (body == w->body() && before.empty())
    return out;
  before.push_back(While::make(w->cond(), std::move(iters), body, w->returnVars(), w->span()));
  return Seq::flatten(std::move(before), w->span());
}

StmtPtr CarryCopyRewriter::mutateIf(const std::shared_ptr<const If> &s) {
  StmtPtr out = IRMutator::mutateIf(s);
  auto *i = dynCast<If>(out);
  if (i->returnVars().empty())
    return out;
  StmtPtr thenB = rewriteYield(i->thenBody(), i->returnVars());
  StmtPtr elseB = i->elseBody() ? rewriteYield(i->elseBody(), i->returnVars()) : nullptr;
  if (thenB == i->thenBody() && elseB == i->elseBody())
    return out;
  return If::make(i->cond(), thenB, elseB, i->returnVars(), i->span());
}

} // namespace pl::passes
