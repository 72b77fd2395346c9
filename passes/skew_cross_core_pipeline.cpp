// SkewCrossCorePipeline: skew or demote the cross-core pipeline loops of AIC / AIV kernels (see
// skew_cross_core_pipeline.h).
#include "passes/skew_cross_core_pipeline.h"

#include "ir/clone.h"
#include "ir/find.h"
#include "ir/mutator.h"
#include "ir/visitor.h"
#include "passes/dce.h"

#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

/// 1: the cube-to-vector pipe, 2: vector-to-cube, 0: not a pipe op.
int pipeOf(std::string_view op) {
  if (op == "tile.tpush_to_aiv" || op == "tile.tpop_from_aic" || op == "tile.tfree_to_aic")
    return 1;
  if (op == "tile.tpush_to_aic" || op == "tile.tpop_from_aiv" || op == "tile.tfree_to_aiv")
    return 2;
  return 0;
}

/// What one statement does: the pipes it uses, the variables it uses, whether it pushes.
struct Facts : IRVisitor {
  int pipes = 0;
  bool pushes = false;
  std::unordered_set<const Var *> uses;
  void visitCall(const Call &c) override {
    if (c.target().isOp()) {
      pipes |= pipeOf(c.target().name());
      pushes = pushes || c.target().name().rfind("tile.tpush_", 0) == 0;
    }
    IRVisitor::visitCall(c);
  }
  void visitVarUse(const VarPtr &v) override { uses.insert(v.get()); }
};

Facts factsOf(const StmtPtr &s) {
  Facts f;
  f.visitStmt(s);
  return f;
}

AttrList withStage(const AttrList &attrs, int64_t stage) { return withAttr(attrs, "stage", stage); }

/// Clones `stmts` with `map` (substitutions in, fresh bindings recorded).
std::vector<StmtPtr> cloneAll(const std::vector<StmtPtr> &stmts, VarMap &map) {
  std::vector<StmtPtr> out;
  out.reserve(stmts.size());
  for (const StmtPtr &s : stmts)
    out.push_back(deepClone(s, map));
  return out;
}

ExprList cloneValues(const ExprList &vals, VarMap &map, const Span &span) {
  StmtPtr y = deepClone(Yield::make(vals, span), map);
  return static_cast<const Yield *>(y.get())->values();
}

class Skewer : public IRMutator {
public:
  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    StmtPtr inner = IRMutator::mutateFor(s); // nested loops first
    auto *f = dynCast<For>(inner);
    if (!f || f->forKind() != ForKind::Pipeline || stageOf(*f) < 2 || !factsOf(f->body()).pipes)
      return inner; // a one-stage loop is already skewed or demoted

    results_.clear();
    if (StmtPtr skewed = skew(*f)) {
      for (auto &[from, to] : results_)
        remap(from, to);
      return skewed;
    }
    return For::make(f->loopVar(), f->start(), f->stop(), f->step(), f->iterArgs(), f->body(),
                     f->returnVars(), f->forKind(), withStage(f->attrs(), 1), f->span());
  }

private:
  static int64_t stageOf(const For &f) {
    const int64_t *i = findAttrAs<int64_t>(f.attrs(), "stage");
    return i ? *i : 1;
  }

  StmtPtr skew(const For &f) { // NOLINT(readability-function-cognitive-complexity)
    auto start = constIntValue(f.start()), stop = constIntValue(f.stop()),
         step = constIntValue(f.step());
    if (!start || !stop || !step || *step == 0)
      return nullptr;
    int64_t span = *stop - *start;
    int64_t n =
        (span > 0) == (*step > 0) && span != 0 ? (span + *step + (*step > 0 ? -1 : 1)) / *step : 0;
    if (n < 2)
      return nullptr;
    std::vector<StmtPtr> stmts;
    if (auto *seq = dynCast<Seq>(f.body()))
      stmts = seq->stmts();
    else
      stmts = {f.body()};
    const Yield *yield = stmts.empty() ? nullptr : dynCast<Yield>(stmts.back());
    if (yield)
      stmts.pop_back();
    size_t cut = 0;
    for (size_t i = 0; i < stmts.size(); ++i)
      if (factsOf(stmts[i]).pushes)
        cut = i + 1;
    if (cut == 0 || cut == stmts.size())
      return nullptr; // nothing produced first, or nothing consumed after
    std::vector<StmtPtr> prod(stmts.begin(), stmts.begin() + static_cast<long>(cut));
    std::vector<StmtPtr> cons(stmts.begin() + static_cast<long>(cut), stmts.end());
    struct Part {
      int pipes = 0;
      std::unordered_set<const Var *> uses, bound;
    };
    auto summarize = [](const std::vector<StmtPtr> &part) {
      Part p;
      for (const StmtPtr &s : part) {
        Facts fs = factsOf(s);
        p.pipes |= fs.pipes;
        p.uses.insert(fs.uses.begin(), fs.uses.end());
        for (const Var *v : collectBindings(s))
          p.bound.insert(v);
      }
      return p;
    };
    Part pp = summarize(prod), cp = summarize(cons);
    if (pp.pipes & cp.pipes)
      return nullptr; // a pipe used on both sides of the cut would change its payload order
    for (const IterArg &ia : f.iterArgs())
      if (pp.uses.count(ia.var.get()))
        return nullptr;
    for (const Var *v : cp.bound)
      if (pp.uses.count(v))
        return nullptr;
    if (yield) {
      Facts fy = factsOf(std::static_pointer_cast<const Stmt>(Yield::make(yield->values())));
      cp.uses.insert(fy.uses.begin(), fy.uses.end());
    }
    // The values P hands to C: bound at P's top level, used by C or the yield.
    std::vector<VarPtr> handed;
    for (const StmtPtr &s : prod)
      if (auto *a = dynCast<Assign>(s); a && cp.uses.count(a->var().get()))
        handed.push_back(a->var());
    for (const Var *v : pp.bound) // a value bound deeper in P and used by C: not handled
      if (cp.uses.count(v) &&
          std::none_of(handed.begin(), handed.end(), [&](const VarPtr &h) { return h.get() == v; }))
        return nullptr;

    const Span &sp = f.span();
    auto index = [&](const std::string &name, int64_t v, std::vector<StmtPtr> &out) {
      VarPtr x = Var::make(name, f.loopVar()->type(), sp);
      out.push_back(Assign::make(x, ConstInt::make(v, DataType::Index, sp), sp));
      return x;
    };
    std::vector<StmtPtr> out;
    // Prologue: P for the first iteration.
    VarMap first{{f.loopVar().get(), index(f.loopVar()->name() + "_first", *start, out)}};
    for (StmtPtr &s : cloneAll(prod, first))
      out.push_back(s);
    // The skewed loop: P at i + step, C at i.
    VarPtr i = Var::make(f.loopVar()->name(), f.loopVar()->type(), sp);
    std::vector<IterArg> iters;
    std::vector<VarPtr> rets;
    VarMap cmap{{f.loopVar().get(), i}};
    for (size_t k = 0; k < f.iterArgs().size(); ++k) {
      const IterArg &ia = f.iterArgs()[k];
      VarPtr a = Var::make(ia.var->name(), ia.var->type(), sp);
      iters.push_back({a, ia.init});
      rets.push_back(Var::make(f.returnVars()[k]->name(), f.returnVars()[k]->type(), sp));
      cmap[ia.var.get()] = a;
    }
    for (const VarPtr &h : handed) {
      VarPtr a = Var::make(h->name() + "_prev", h->type(), sp);
      iters.push_back({a, first.at(h.get())});
      rets.push_back(Var::make(h->name() + "_last", h->type(), sp));
      cmap[h.get()] = a;
    }
    std::vector<StmtPtr> body;
    VarPtr next = Var::make(f.loopVar()->name() + "_next", f.loopVar()->type(), sp);
    body.push_back(Assign::make(next, Binary::make(BinaryOp::Add, i, f.step(), sp), sp));
    VarMap pmap{{f.loopVar().get(), next}};
    for (StmtPtr &s : cloneAll(prod, pmap))
      body.push_back(s);
    for (StmtPtr &s : cloneAll(cons, cmap))
      body.push_back(s);
    ExprList ys = yield ? cloneValues(yield->values(), cmap, yield->span()) : ExprList{};
    for (const VarPtr &h : handed)
      ys.push_back(pmap.at(h.get()));
    body.push_back(Yield::make(std::move(ys), sp));
    int64_t lastIter = *start + (n - 1) * *step;
    out.push_back(For::make(i, f.start(), ConstInt::make(lastIter, DataType::Index, sp), f.step(),
                            iters, Seq::flatten(std::move(body), sp), rets, ForKind::Pipeline,
                            withStage(f.attrs(), 1), sp));
    // Epilogue: C for the last iteration; its yields are the loop's results.
    VarMap last{{f.loopVar().get(), index(f.loopVar()->name() + "_last", lastIter, out)}};
    for (size_t k = 0; k < f.iterArgs().size(); ++k)
      last[f.iterArgs()[k].var.get()] = rets[k];
    for (size_t h = 0; h < handed.size(); ++h)
      last[handed[h].get()] = rets[f.iterArgs().size() + h];
    for (StmtPtr &s : cloneAll(cons, last))
      out.push_back(s);
    if (yield) { // later uses of the loop's results read the last iteration's values
      ExprList finals = cloneValues(yield->values(), last, yield->span());
      for (size_t k = 0; k < f.returnVars().size(); ++k)
        results_.emplace_back(f.returnVars()[k], finals[k]);
    }
    return Seq::make(std::move(out), sp);
  }

  /// The skewed loop's results and the last iteration's values that replace them.
  std::vector<std::pair<VarPtr, ExprPtr>> results_;
};
} // namespace

FunctionPtr skewCrossCorePipeline(const FunctionPtr &f) {
  if (f->type() != FunctionType::AIC && f->type() != FunctionType::AIV)
    return f;
  Skewer s;
  FunctionPtr out = s.mutateFunction(f);
  return out == f ? f : eliminateDeadCode(out); // an unused first / last index goes
}

PL_DEFINE_FUNCTION_PASS(SkewCrossCorePipeline, skewCrossCorePipeline)

} // namespace pl::passes
