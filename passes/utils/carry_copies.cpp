// The parallel copies of structured control flow (see carry_copies.h).
#include "passes/utils/carry_copies.h"

#include "ir/find.h"

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

template <class Loop, class Make>
StmtPtr CarryCopyRewriter::rewriteLoop(const StmtPtr &out, Make make) {
  auto &l = static_cast<const Loop &>(*out);
  StmtPtr body = rewriteYield(l.body(), iterVars(l.iterArgs()));
  std::vector<StmtPtr> before;
  std::vector<IterArg> iters = rewriteInits(l.iterArgs(), before, l.span());
  if (body == l.body() && before.empty())
    return out;
  before.push_back(make(l, std::move(iters), body));
  return Seq::flatten(std::move(before), l.span());
}

StmtPtr CarryCopyRewriter::mutateFor(const std::shared_ptr<const For> &s) {
  return rewriteLoop<For>(
      IRMutator::mutateFor(s), [](const For &f, std::vector<IterArg> iters, const StmtPtr &body) {
        return For::make(f.loopVar(), f.start(), f.stop(), f.step(), std::move(iters), body,
                         f.returnVars(), f.forKind(), f.attrs(), f.span());
      });
}

StmtPtr CarryCopyRewriter::mutateWhile(const std::shared_ptr<const While> &s) {
  return rewriteLoop<While>(IRMutator::mutateWhile(s),
                            [](const While &w, std::vector<IterArg> iters, const StmtPtr &body) {
                              return While::make(w.cond(), std::move(iters), body, w.returnVars(),
                                                 w.span());
                            });
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
