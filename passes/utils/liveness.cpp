// Variable liveness over structured IR (see liveness.h).
#include "passes/utils/liveness.h"

#include "ir/find.h"
#include "ir/visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

/// Collects every Var used (types and MemRef bases included).
class UseCollector : public IRVisitor {
public:
  explicit UseCollector(VarSet &out) : out_(out) {}
  void visitVarUse(const VarPtr &v) override {
    if (!isa<MemRef>(v))
      out_.insert(v.get());
    IRVisitor::visitVarUse(v);
  }
  void visitVarDef(const VarPtr &) override {}
  using IRVisitor::visitAttrs;

private:
  VarSet &out_;
};

class AssignCollector : public IRVisitor {
public:
  AssignCollector() { visitTypes_ = false; }
  void visitAssign(const Assign &s) override { out.insert(s.var().get()); }
  void visitScope(const Scope &s) override { // `t = pl::at(...)` redefines t
    IRVisitor::visitScope(s);
    if (s.taskId())
      out.insert(s.taskId().get());
  }
  VarSet out;
};

/// Where `break` and `continue` of the innermost loop go.
struct LoopTargets {
  const VarSet *onBreak = nullptr;
  const VarSet *onContinue = nullptr;
};

VarSet liveInStmt(const StmtPtr &s, const VarSet &after, LoopTargets t);

VarSet liveInList(const std::vector<StmtPtr> &stmts, const VarSet &after, LoopTargets t) {
  VarSet cur = after;
  for (auto it = stmts.rbegin(); it != stmts.rend(); ++it)
    cur = liveInStmt(*it, cur, t);
  return cur;
}

VarSet minus(VarSet s, const std::vector<VarPtr> &vs) {
  for (auto &v : vs)
    s.erase(v.get());
  return s;
}

/// The live sets of a loop body: at its end (the fixpoint) and at its start.
struct BodyLive {
  VarSet end, start;
};

/// Evaluates the body once. Its transfer function is X ↦ G ∪ (X − K): every statement's is,
/// and the form survives sequencing, branches and nested loops (`break` adds the constant loop
/// exit, `continue` adds X itself). With end₀ = head − bound and h = f(end₀), the fixpoint is
/// end = (head ∪ h) − bound and f(end) = h: f(end) ⊇ h by monotonicity, and
/// f(end) ⊆ G ∪ (end₀ − K) ∪ (h − K) ⊆ h. Iterating to the fixpoint instead evaluated each
/// body at least three times, so a nest of d loops cost 3^d.
BodyLive bodyLive(const Stmt &loop, const VarSet &exit) {
  const For *f = dynCast<For>(&loop);
  const While *w = dynCast<While>(&loop);
  const StmtPtr &body = f ? f->body() : w->body();
  std::vector<VarPtr> bound = iterVars(f ? f->iterArgs() : w->iterArgs());
  if (f)
    bound.push_back(f->loopVar());
  VarSet head = exit;
  if (w)
    collectUses(w->cond(), head);
  VarSet end0 = minus(head, bound);
  BodyLive out;
  out.start = liveInStmt(body, end0, {&exit, &end0});
  out.end = std::move(head);
  out.end.insert(out.start.begin(), out.start.end());
  out.end = minus(std::move(out.end), bound);
  return out;
}

VarSet liveInLoop(const Stmt &loop, const VarSet &after) {
  const For *f = dynCast<For>(&loop);
  const While *w = dynCast<While>(&loop);
  VarSet exit = minus(after, f ? f->returnVars() : w->returnVars());
  VarSet in = bodyLive(loop, exit).start;
  in.insert(exit.begin(), exit.end());
  if (w)
    collectUses(w->cond(), in);
  std::vector<VarPtr> bound = iterVars(f ? f->iterArgs() : w->iterArgs());
  if (f)
    bound.push_back(f->loopVar());
  in = minus(std::move(in), bound);
  for (auto &a : f ? f->iterArgs() : w->iterArgs())
    collectUses(a.init, in);
  if (f) {
    collectUses(f->start(), in);
    collectUses(f->stop(), in);
    collectUses(f->step(), in);
    collectAttrUses(f->attrs(), in);
  }
  return in;
}

VarSet liveInIf(const If &s, const VarSet &after, LoopTargets t) {
  VarSet a = minus(after, s.returnVars());
  VarSet in = liveInStmt(s.thenBody(), a, t);
  VarSet e = s.elseBody() ? liveInStmt(s.elseBody(), a, t) : a;
  in.insert(e.begin(), e.end());
  collectUses(s.cond(), in);
  return in;
}

VarSet liveInStmt(const StmtPtr &s, const VarSet &after, LoopTargets t) {
  if (!s)
    return after;
  VarSet in;
  switch (s->kind()) {
  case StmtKind::Assign: {
    auto &a = static_cast<const Assign &>(*s);
    in = after;
    in.erase(a.var().get());
    collectUses(a.value(), in);
    collectTypeUses(a.var()->type(), in);
    return in;
  }
  case StmtKind::Eval:
    in = after;
    collectUses(static_cast<const Eval &>(*s).expr(), in);
    return in;
  case StmtKind::Yield:
    in = after;
    for (auto &v : static_cast<const Yield &>(*s).values())
      collectUses(v, in);
    return in;
  case StmtKind::Return: // `after` holds what the caller sees (e.g. Out parameters)
    in = after;
    for (auto &v : static_cast<const Return &>(*s).values())
      collectUses(v, in);
    return in;
  case StmtKind::Break: return t.onBreak ? *t.onBreak : after;
  case StmtKind::Continue: return t.onContinue ? *t.onContinue : after;
  case StmtKind::Seq: return liveInList(static_cast<const Seq &>(*s).stmts(), after, t);
  case StmtKind::If: return liveInIf(static_cast<const If &>(*s), after, t);
  case StmtKind::For:
  case StmtKind::While: return liveInLoop(*s, after);
  case StmtKind::Scope: {
    auto &sc = static_cast<const Scope &>(*s);
    in = liveInStmt(sc.body(), sc.taskId() ? minus(after, {sc.taskId()}) : after, t);
    collectAttrUses(sc.attrs(), in);
    return in;
  }
  }
  return after;
}
} // namespace

void collectUses(const ExprPtr &e, VarSet &out) {
  UseCollector c(out);
  c.visitExpr(e);
}

void collectTypeUses(const TypePtr &t, VarSet &out) {
  UseCollector c(out);
  c.visitType(t);
}

void collectAttrUses(const AttrList &attrs, VarSet &out) {
  UseCollector c(out);
  c.visitAttrs(attrs);
}

VarSet collectAssigned(const StmtPtr &s) {
  AssignCollector c;
  c.visitStmt(s);
  return std::move(c.out);
}

VarSet liveIn(const StmtPtr &s, const VarSet &liveAfter) { return liveInStmt(s, liveAfter, {}); }

std::vector<VarSet> liveAfterEach(const std::vector<StmtPtr> &stmts, const VarSet &liveAfter) {
  std::vector<VarSet> out(stmts.size());
  VarSet cur = liveAfter;
  for (size_t i = stmts.size(); i-- > 0;) {
    out[i] = cur;
    cur = liveInStmt(stmts[i], cur, {});
  }
  return out;
}

VarSet liveAtBodyEnd(const Stmt &loop, const VarSet &liveAfterLoop) {
  const auto &rets = isa<For>(&loop) ? static_cast<const For &>(loop).returnVars()
                                     : static_cast<const While &>(loop).returnVars();
  return bodyLive(loop, minus(liveAfterLoop, rets)).end;
}

std::vector<StmtPtr> bodyStmts(const StmtPtr &body) {
  if (!body)
    return {};
  if (auto *seq = dynCast<Seq>(body))
    return seq->stmts();
  return {body};
}

} // namespace pl::passes
