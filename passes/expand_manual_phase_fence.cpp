// ExpandManualPhaseFence: whole-array task id dependencies of many tasks in a manual scope go
// through one dummy barrier task (see expand_manual_phase_fence.h). Steps: 1. Sites — where
// each array is defined and where it is a whole-array dependency, with the loops and manual
// scopes around them; 2. Choice — the profitable arrays; 3. Rewrite — barriers after the
// definitions, consumers retargeted.
#include "passes/expand_manual_phase_fence.h"

#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/utils/loop_analysis.h"
#include "passes/utils/runtime_scopes.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace pl::passes {

namespace {
using namespace ir;

/// The whole-array dependency operands of a task launch: a submit's deps, a dummy's operands.
const ExprList *dependencyList(const ExprPtr &e) {
  if (auto *s = dynCast<Submit>(e))
    return &s->deps();
  if (auto *c = dynCast<Call>(e);
      c && c->target().isOp() && c->target().name() == "system.task_dummy")
    return &c->args();
  return nullptr;
}

const ArrayType *taskIdArray(const Var *v) {
  auto *at = dynCast<ArrayType>(v->type());
  return at && at->dtype() == DataType::TaskId && at->size() >= 2 ? at : nullptr;
}

struct Context {
  std::vector<const Stmt *> loops; ///< enclosing for and while loops
  const Scope *manual = nullptr;   ///< innermost manual runtime scope (a use in one nested in it
                                   ///< counts as outside: conservative)
};

struct ArrayInfo {
  Context def;
  bool defined = false;
  int64_t fanout = 0;   ///< consumers, weighted by the loops between them and the definition
  bool outside = false; ///< a whole-array use outside the definition's manual scope
};

/// Step 1: definitions and whole-array uses of task id arrays.
class SiteCollector : public IRVisitor {
public:
  std::unordered_map<const Var *, ArrayInfo> arrays;

  void visitScope(const Scope &sc) override {
    const Scope *saved = ctx_.manual;
    if (sc.scopeKind() == ScopeKind::Runtime && isManualRuntimeScope(sc))
      ctx_.manual = &sc;
    visitStmt(sc.body());
    ctx_.manual = saved;
  }
  void visitAssign(const Assign &a) override {
    uses(a.value());
    define(a.var().get());
  }
  void visitEval(const Eval &ev) override { uses(ev.expr()); }
  void visitFor(const For &f) override { loop(f); }
  void visitWhile(const While &w) override { loop(w); }
  void visitIf(const If &i) override {
    visitStmt(i.thenBody());
    visitStmt(i.elseBody());
    for (const VarPtr &r : i.returnVars())
      define(r.get());
  }

private:
  void loop(const Stmt &s) {
    LoopParts parts = *loopParts(s);
    ctx_.loops.push_back(&s);
    for (const IterArg &it : parts.iterArgs)
      define(it.var.get());
    visitStmt(parts.body);
    ctx_.loops.pop_back();
    for (const VarPtr &r : parts.returnVars)
      define(r.get());
  }

  void define(const Var *v) {
    if (!taskIdArray(v))
      return;
    ArrayInfo &info = arrays[v];
    info.def = ctx_;
    info.defined = true;
  }

  void uses(const ExprPtr &e) {
    const ExprList *deps = dependencyList(e);
    for (size_t k = 0; deps && k < deps->size(); ++k) {
      auto *v = dynCast<Var>((*deps)[k]);
      auto it = v ? arrays.find(v) : arrays.end();
      if (it == arrays.end())
        continue;
      ArrayInfo &info = it->second;
      if (!info.def.manual || info.def.manual != ctx_.manual) {
        info.outside = true;
        continue;
      }
      int64_t weight = 1; // a loop of unknown trip count (a while): some iterations, 2
      for (const Stmt *l : ctx_.loops)
        if (std::find(info.def.loops.begin(), info.def.loops.end(), l) == info.def.loops.end()) {
          auto *f = dynCast<For>(l);
          ForTripCount trips = f ? analyzeForTripCount(*f) : ForTripCount{};
          weight = saturatingMul(weight, trips.status == ForTripStatus::Ok ? trips.count : 2);
        }
      info.fanout = saturatingAdd(info.fanout, weight);
    }
  }

  static int64_t saturatingMul(int64_t a, int64_t b) {
    return b != 0 && a > INT64_MAX / b ? INT64_MAX : a * b;
  }
  static int64_t saturatingAdd(int64_t a, int64_t b) {
    return a > INT64_MAX - b ? INT64_MAX : a + b;
  }

  Context ctx_;
};

/// Step 3: `A_fence = system.task_dummy(A)` after each chosen A's definition; whole-array uses
/// of A become A_fence.
class Rewriter {
public:
  explicit Rewriter(std::unordered_map<const Var *, VarPtr> fences) : fences_(std::move(fences)) {}

  StmtPtr block(const StmtPtr &s, const std::vector<StmtPtr> &front = {}) {
    std::vector<StmtPtr> out = front;
    bool changed = !front.empty();
    auto add = [&](const StmtPtr &c) {
      StmtPtr r = stmt(c);
      changed |= r != c;
      out.push_back(r);
      for (const VarPtr &d : defs(*c))
        if (auto it = fences_.find(d.get()); it != fences_.end()) {
          out.push_back(barrier(d, it->second, c->span()));
          changed = true;
        }
    };
    if (!s)
      return s;
    if (auto *seq = dynCast<Seq>(s))
      for (const StmtPtr &c : seq->stmts())
        add(c);
    else
      add(s);
    if (!changed)
      return s;
    // A yield stays last: a barrier after a statement is never after the block's yield, whose
    // values are defined before it.
    return Seq::flatten(std::move(out), s->span());
  }

private:
  StmtPtr stmt(const StmtPtr &s) {
    if (auto *sc = dynCast<Scope>(s)) {
      StmtPtr b = block(sc->body());
      return b == sc->body() ? s
                             : Scope::make(sc->scopeKind(), sc->nameHint(), b, sc->attrs(),
                                           sc->taskId(), sc->span());
    }
    if (auto *a = dynCast<Assign>(s)) {
      ExprPtr v = retarget(a->value());
      return v == a->value() ? s : Assign::make(a->var(), v, s->span());
    }
    if (auto *ev = dynCast<Eval>(s)) {
      ExprPtr v = retarget(ev->expr());
      return v == ev->expr() ? s : Eval::make(v, s->span());
    }
    if (auto loop = loopParts(*s)) {
      std::vector<StmtPtr> front; // barriers of the carried arrays come first in the body
      for (const IterArg &it : loop->iterArgs)
        if (auto fit = fences_.find(it.var.get()); fit != fences_.end())
          front.push_back(barrier(it.var, fit->second, s->span()));
      StmtPtr b = block(loop->body, front);
      if (b == loop->body)
        return s;
      if (auto *f = dynCast<For>(s))
        return For::make(f->loopVar(), f->start(), f->stop(), f->step(), f->iterArgs(), b,
                         f->returnVars(), f->forKind(), f->attrs(), f->span());
      auto *w = dynCast<While>(s);
      return While::make(w->cond(), w->iterArgs(), b, w->returnVars(), w->span());
    }
    if (auto *i = dynCast<If>(s)) {
      StmtPtr t = block(i->thenBody()), e = block(i->elseBody());
      return t == i->thenBody() && e == i->elseBody()
                 ? s
                 : If::make(i->cond(), t, e, i->returnVars(), i->span());
    }
    return s;
  }

  /// Variables a statement defines after it (not its loop carries, which are inside).
  static std::vector<VarPtr> defs(const Stmt &s) {
    if (auto *a = dynCast<Assign>(&s))
      return {a->var()};
    if (auto loop = loopParts(s))
      return loop->returnVars;
    if (auto *i = dynCast<If>(&s))
      return i->returnVars();
    return {};
  }

  static StmtPtr barrier(const VarPtr &array, const VarPtr &fence, const Span &span) {
    return Assign::make(fence,
                        Call::make(CallTarget{lookupOp("system.task_dummy"), ""}, {array}, {}, {},
                                   fence->type(), span),
                        span);
  }

  ExprPtr retarget(const ExprPtr &e) {
    const ExprList *deps = dependencyList(e);
    if (!deps)
      return e;
    ExprList out = *deps;
    bool changed = false;
    for (ExprPtr &d : out)
      if (auto *v = dynCast<Var>(d))
        if (auto it = fences_.find(v); it != fences_.end()) {
          d = it->second;
          changed = true;
        }
    if (!changed)
      return e;
    if (auto *s = dynCast<Submit>(e))
      return std::make_shared<const Submit>(s->target(), s->args(), std::move(out), s->coreNum(),
                                            s->syncStart(), s->allowEarlyResolve(), s->predicate(),
                                            s->attrs(), s->type(), s->span());
    auto *c = dynCast<Call>(e);
    return c->with(c->target(), std::move(out), c->attrs(), c->type());
  }

  std::unordered_map<const Var *, VarPtr> fences_;
};

} // namespace

FunctionPtr expandManualPhaseFence(const FunctionPtr &f) {
  if (f->type() != FunctionType::Orchestration)
    return f;
  SiteCollector sites;
  sites.visitStmt(f->body());
  std::unordered_map<const Var *, VarPtr> fences; // step 2: the profitable arrays
  for (const auto &[v, info] : sites.arrays) {
    int64_t n = taskIdArray(v)->size(), m = info.fanout;
    if (!info.defined || info.outside || !info.def.manual || m < 2 || n * m <= n + m)
      continue;
    fences[v] = Var::make(v->name() + "_fence", ScalarType::get(DataType::TaskId), v->span());
  }
  if (fences.empty())
    return f;
  StmtPtr body = Rewriter(std::move(fences)).block(f->body());
  return body == f->body() ? f : f->withBody(body);
}

Pass createExpandManualPhaseFencePass(PassOptions &) {
  return createFunctionPass(PassClass::ExpandManualPhaseFence, expandManualPhaseFence);
}

} // namespace pl::passes
