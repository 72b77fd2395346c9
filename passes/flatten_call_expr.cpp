// FlattenCallExpr: hoists nested calls into t__tmp_v<N> temporaries (see the header).
#include "passes/flatten_call_expr.h"

#include "passes/utils/arith/analyzer.h"

#include "ir/diagnostics.h"
#include "ir/mutator.h"
#include "ir/visitor.h"

#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

using StmtList = std::vector<StmtPtr>;

bool isCallLike(const ExprPtr &e) { return isa<Call>(e) || isa<Submit>(e); }

/// Whether flattening can change `e` (the kinds Flattener::inner rewrites; the rest are leaves
/// as far as calls go).
bool mayHoist(const ExprPtr &e) {
  if (!e)
    return false;
  switch (e->kind()) {
  case ExprKind::Call:
  case ExprKind::Submit:
  case ExprKind::Binary:
  case ExprKind::Unary:
  case ExprKind::MakeTuple:
  case ExprKind::TupleGetItem:
    return true;
  default:
    return false;
  }
}

/// Whether a call inside the visited expression reads one of `vars`.
class CarriedCallFinder : public IRVisitor {
public:
  explicit CarriedCallFinder(const std::unordered_set<const Var *> &vars) : vars_(vars) {
    visitTypes_ = false;
  }
  void visitVarUse(const VarPtr &v) override {
    found |= inCall_ > 0 && vars_.count(v.get()) != 0;
    IRVisitor::visitVarUse(v);
  }
  void visitCall(const Call &c) override {
    ++inCall_;
    IRVisitor::visitCall(c);
    --inCall_;
  }
  void visitSubmit(const Submit &s) override {
    ++inCall_;
    IRVisitor::visitSubmit(s);
    --inCall_;
  }
  bool found = false;

private:
  const std::unordered_set<const Var *> &vars_;
  int inCall_ = 0;
};

/// `e` with each iter_arg var replaced by the matching expression.
ExprPtr substituteIterArgs(const ExprPtr &e, const std::vector<IterArg> &args,
                           const ExprList &values) {
  IRMutator m;
  for (size_t i = 0; i < args.size(); ++i)
    m.remap(args[i].var, values[i]);
  return m.mutateExpr(e);
}

class Flattener {
public:
  /// A body with its statements flattened; `s` itself when nothing changed.
  StmtPtr body(const StmtPtr &s);

private:
  void stmt(const StmtPtr &s, StmtList &out, bool &changed);
  StmtPtr flattenIf(const StmtPtr &s, StmtList &pre);
  StmtPtr flattenFor(const StmtPtr &s, StmtList &pre);
  StmtPtr flattenWhile(const StmtPtr &s, StmtList &pre);
  StmtPtr carryCondition(const While &w, std::vector<IterArg> args, StmtList &pre);
  /// `e` with every operand that is a call bound to a temporary (e itself stays a call).
  ExprPtr inner(const ExprPtr &e, StmtList &pre);
  /// `inner(e)`, and `e` itself bound to a temporary when it is a call.
  ExprPtr hoist(const ExprPtr &e, StmtList &pre);
  ExprList hoistAll(const ExprList &es, StmtList &pre, bool &changed);
  /// hoistAll without copying an unchanged list: true (and `out` filled) when something changed.
  bool hoistList(const ExprList &es, StmtList &pre, ExprList &out);
  std::vector<IterArg> hoistInits(const std::vector<IterArg> &args, StmtList &pre,
                                  bool &changed);
  VarPtr newTemp(const TypePtr &t, const Span &s) {
    return Var::make("t__tmp_v" + std::to_string(counter_++), t, s);
  }

  unsigned counter_ = 0;
};

StmtPtr Flattener::body(const StmtPtr &s) {
  if (!s)
    return s;
  StmtList out;
  bool changed = false;
  if (auto *seq = dynCast<Seq>(s)) {
    // Until the first statement that changes, `out` holds only the statement at hand; the
    // unchanged ones before it are copied in once (Seq::flatten flattens them as stmt would).
    const std::vector<StmtPtr> &stmts = seq->stmts();
    for (size_t i = 0; i < stmts.size(); ++i) {
      bool before = changed;
      stmt(stmts[i], out, changed);
      if (!changed)
        out.clear();
      else if (!before)
        out.insert(out.begin(), stmts.begin(), stmts.begin() + static_cast<std::ptrdiff_t>(i));
    }
  } else {
    stmt(s, out, changed);
  }
  return changed ? Seq::flatten(std::move(out), s->span()) : s;
}

void Flattener::stmt(const StmtPtr &s, StmtList &out, bool &changed) {
  StmtList pre;
  StmtPtr ns = s;
  switch (s->kind()) {
  case StmtKind::Assign: {
    auto &a = static_cast<const Assign &>(*s);
    ExprPtr v = inner(a.value(), pre);
    if (v != a.value())
      ns = Assign::make(a.var(), v, s->span());
    break;
  }
  case StmtKind::Eval: {
    ExprPtr v = inner(static_cast<const Eval &>(*s).expr(), pre);
    if (v != static_cast<const Eval &>(*s).expr())
      ns = Eval::make(v, s->span());
    break;
  }
  case StmtKind::Yield:
  case StmtKind::Return: {
    bool isYield = s->kind() == StmtKind::Yield;
    const ExprList &vs = isYield ? static_cast<const Yield &>(*s).values()
                                 : static_cast<const Return &>(*s).values();
    ExprList nv;
    if (hoistList(vs, pre, nv))
      ns = isYield ? Yield::make(nv, s->span()) : Return::make(nv, s->span());
    break;
  }
  case StmtKind::Seq:
    for (auto &c : static_cast<const Seq &>(*s).stmts())
      stmt(c, out, changed);
    return;
  case StmtKind::If: ns = flattenIf(s, pre); break;
  case StmtKind::For: ns = flattenFor(s, pre); break;
  case StmtKind::While: ns = flattenWhile(s, pre); break;
  case StmtKind::Scope: {
    auto &sc = static_cast<const Scope &>(*s);
    StmtPtr b = body(sc.body());
    if (b != sc.body())
      ns = Scope::make(sc.scopeKind(), sc.nameHint(), b, sc.attrs(), sc.taskId(), s->span());
    break;
  }
  default: break;
  }
  if (ns == s && pre.empty()) {
    out.push_back(s);
    return;
  }
  changed = true;
  for (auto &p : pre)
    out.push_back(std::move(p));
  out.push_back(std::move(ns));
}

StmtPtr Flattener::flattenIf(const StmtPtr &s, StmtList &pre) {
  auto &i = static_cast<const If &>(*s);
  ExprPtr cond = hoist(i.cond(), pre);
  StmtPtr thenB = body(i.thenBody());
  StmtPtr elseB = body(i.elseBody());
  if (cond == i.cond() && thenB == i.thenBody() && elseB == i.elseBody())
    return s;
  return If::make(cond, thenB, elseB, i.returnVars(), i.span());
}

StmtPtr Flattener::flattenFor(const StmtPtr &s, StmtList &pre) {
  auto &f = static_cast<const For &>(*s);
  bool changed = false;
  ExprList range = hoistAll({f.start(), f.stop(), f.step()}, pre, changed);
  std::vector<IterArg> args = hoistInits(f.iterArgs(), pre, changed);
  StmtPtr b = body(f.body());
  if (!changed && b == f.body())
    return s;
  return For::make(f.loopVar(), range[0], range[1], range[2], std::move(args), b, f.returnVars(),
                   f.forKind(), f.attrs(), f.span());
}

StmtPtr Flattener::flattenWhile(const StmtPtr &s, StmtList &pre) {
  auto &w = static_cast<const While &>(*s);
  bool changed = false;
  std::vector<IterArg> args = hoistInits(w.iterArgs(), pre, changed);
  if (arith::hasCall(w.cond())) {
    std::unordered_set<const Var *> carried;
    for (auto &a : w.iterArgs())
      carried.insert(a.var.get());
    CarriedCallFinder reads(carried);
    reads.visitExpr(w.cond());
    if (reads.found)
      return carryCondition(w, std::move(args), pre);
  }
  ExprPtr cond = hoist(w.cond(), pre);
  StmtPtr b = body(w.body());
  if (!changed && cond == w.cond() && b == w.body())
    return s;
  return While::make(cond, std::move(args), b, w.returnVars(), w.span());
}

/// `while (c(x)) carry (x = x0) { ...; yield(x1); }` with a call in c becomes
/// `pre(c(x0)); while (k) carry (x = x0, k = c(x0)) { ...; pre(c(x1)); yield(x1, c(x1)); }`.
StmtPtr Flattener::carryCondition(const While &w, std::vector<IterArg> args, StmtList &pre) {
  ExprList inits;
  for (auto &a : args)
    inits.push_back(a.init);
  ExprPtr first = hoist(substituteIterArgs(w.cond(), w.iterArgs(), inits), pre);
  VarPtr k = newTemp(w.cond()->type(), w.cond()->span());
  args.push_back({k, first});

  StmtPtr b = body(w.body());
  StmtList stmts;
  if (auto *seq = dynCast<Seq>(b))
    stmts = seq->stmts();
  else
    stmts.push_back(b);
  auto *y = stmts.empty() ? nullptr : dynCast<Yield>(stmts.back());
  PL_CHECK(y, "flatten-call-expr", "a while loop with iter_args has no trailing yield");
  ExprList values = y->values();
  Span ySpan = y->span();
  stmts.pop_back();
  ExprPtr next = hoist(substituteIterArgs(w.cond(), w.iterArgs(), values), stmts);
  values.push_back(next);
  stmts.push_back(Yield::make(std::move(values), ySpan));

  std::vector<VarPtr> rets = w.returnVars();
  rets.push_back(Var::make(k->name() + "_out", k->type(), k->span()));
  return While::make(k, std::move(args), Seq::flatten(std::move(stmts), b->span()),
                     std::move(rets), w.span());
}

ExprList Flattener::hoistAll(const ExprList &es, StmtList &pre, bool &changed) {
  ExprList out;
  out.reserve(es.size());
  for (auto &e : es) {
    out.push_back(hoist(e, pre));
    changed |= out.back() != e;
  }
  return out;
}

bool Flattener::hoistList(const ExprList &es, StmtList &pre, ExprList &out) {
  bool changed = false;
  for (size_t i = 0; i < es.size(); ++i) {
    if (!mayHoist(es[i]) && !changed)
      continue;
    ExprPtr h = hoist(es[i], pre);
    if (!changed && h == es[i])
      continue;
    if (!changed) {
      out.reserve(es.size());
      out.assign(es.begin(), es.begin() + static_cast<std::ptrdiff_t>(i));
      changed = true;
    }
    out.push_back(std::move(h));
  }
  return changed;
}

std::vector<IterArg> Flattener::hoistInits(const std::vector<IterArg> &args, StmtList &pre,
                                           bool &changed) {
  std::vector<IterArg> out = args;
  for (auto &a : out) {
    ExprPtr init = hoist(a.init, pre);
    changed |= init != a.init;
    a.init = init;
  }
  return out;
}

ExprPtr Flattener::hoist(const ExprPtr &e, StmtList &pre) {
  ExprPtr v = inner(e, pre);
  if (!isCallLike(v))
    return v;
  VarPtr t = newTemp(v->type(), v->span());
  pre.push_back(Assign::make(t, v, v->span()));
  return t;
}

ExprPtr Flattener::inner(const ExprPtr &e, StmtList &pre) {
  if (!e)
    return e;
  bool ch = false;
  switch (e->kind()) {
  case ExprKind::Call: {
    auto &c = static_cast<const Call &>(*e);
    ExprList args;
    if (!hoistList(c.args(), pre, args))
      return e;
    return Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), e->type(), e->span());
  }
  case ExprKind::Submit: {
    auto &s = static_cast<const Submit &>(*e);
    ExprList args = hoistAll(s.args(), pre, ch);
    ExprPtr coreNum = hoist(s.coreNum(), pre), predicate = hoist(s.predicate(), pre);
    if (!ch && coreNum == s.coreNum() && predicate == s.predicate())
      return e;
    return std::make_shared<const Submit>(s.target(), std::move(args), s.deps(), coreNum,
                                          s.syncStart(), s.allowEarlyResolve(), predicate,
                                          s.attrs(), e->type(), e->span());
  }
  case ExprKind::Binary: {
    auto &b = static_cast<const Binary &>(*e);
    ExprPtr l = hoist(b.lhs(), pre), r = hoist(b.rhs(), pre);
    if (l == b.lhs() && r == b.rhs())
      return e;
    return std::make_shared<const Binary>(b.op(), l, r, e->type(), e->span());
  }
  case ExprKind::Unary: {
    auto &u = static_cast<const Unary &>(*e);
    ExprPtr o = hoist(u.operand(), pre);
    if (o == u.operand())
      return e;
    return std::make_shared<const Unary>(u.op(), o, e->type(), e->span());
  }
  case ExprKind::MakeTuple: {
    auto &m = static_cast<const MakeTuple &>(*e);
    ExprList elems = hoistAll(m.elements(), pre, ch);
    return ch ? std::make_shared<const MakeTuple>(std::move(elems), e->type(), e->span()) : e;
  }
  case ExprKind::TupleGetItem: {
    auto &g = static_cast<const TupleGetItem &>(*e);
    ExprPtr t = hoist(g.tuple(), pre);
    if (t == g.tuple())
      return e;
    return std::make_shared<const TupleGetItem>(t, g.index(), e->type(), e->span());
  }
  default: return e;
  }
}
} // namespace

FunctionPtr flattenCallExpr(const FunctionPtr &f) {
  Flattener flattener;
  StmtPtr b = flattener.body(f->body());
  return b == f->body() ? f : f->withBody(b);
}

PL_DEFINE_FUNCTION_PASS(FlattenCallExpr, flattenCallExpr)

} // namespace pl::passes
