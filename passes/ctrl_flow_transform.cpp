// CtrlFlowTransform: break / continue → structured if / while (see ctrl_flow_transform.h).
#include "passes/ctrl_flow_transform.h"

#include "ir/mutator.h"
#include "passes/utils/liveness.h"

namespace pl::passes {

namespace {
using namespace ir;

/// Which escapes of the enclosing loop a statement contains (nested loops and scopes excluded).
struct Escapes {
  bool brk = false, cont = false;
  bool any() const { return brk || cont; }
};

Escapes escapesOf(const StmtPtr &s) {
  Escapes e;
  if (!s)
    return e;
  switch (s->kind()) {
  case StmtKind::Break: e.brk = true; return e;
  case StmtKind::Continue: e.cont = true; return e;
  case StmtKind::Seq:
    for (auto &c : static_cast<const Seq &>(*s).stmts()) {
      Escapes ce = escapesOf(c);
      e.brk |= ce.brk;
      e.cont |= ce.cont;
    }
    return e;
  case StmtKind::If: {
    auto &i = static_cast<const If &>(*s);
    Escapes t = escapesOf(i.thenBody()), f = escapesOf(i.elseBody());
    return {t.brk || f.brk, t.cont || f.cont};
  }
  default: return e;
  }
}

/// True when every path through s ends in a break or continue.
bool alwaysEscapes(const StmtPtr &s) {
  if (!s)
    return false;
  switch (s->kind()) {
  case StmtKind::Break:
  case StmtKind::Continue: return true;
  case StmtKind::Seq:
    for (auto &c : static_cast<const Seq &>(*s).stmts())
      if (alwaysEscapes(c))
        return true;
    return false;
  case StmtKind::If: {
    auto &i = static_cast<const If &>(*s);
    return alwaysEscapes(i.thenBody()) && alwaysEscapes(i.elseBody());
  }
  default: return false;
  }
}

std::vector<StmtPtr> concat(std::vector<StmtPtr> a, const std::vector<StmtPtr> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

ExprPtr notExpr(const VarPtr &v) { return Unary::make(UnaryOp::Not, v); }

/// Rewrites the body of one loop so that it has no break / continue of its own.
class LoopRestructurer {
public:
  /// `escapeValues`: the iter_args for SSA input (what an escaping iteration yields).
  LoopRestructurer(VarPtr brk, ExprList escapeValues, DiagnosticEngine &diags)
      : brk_(std::move(brk)), escapeValues_(std::move(escapeValues)), diags_(diags) {}

  /// `tail`: the values of the body's trailing yield (SSA input); the result then ends in a yield.
  std::vector<StmtPtr> run(const std::vector<StmtPtr> &stmts, const ExprList *tail) {
    return restructure(stmts, 0, tail, false);
  }
  /// The per-iteration continue flag, when a guard needed it (null otherwise).
  const VarPtr &contFlag() const { return cont_; }
  bool failed() const { return failed_; }

private:
  std::vector<StmtPtr> restructure(const std::vector<StmtPtr> &stmts, size_t from,
                                   const ExprList *tail, bool flagMode);
  std::vector<StmtPtr> escapeAt(const Stmt &s, const ExprList *tail, bool flagMode);
  std::vector<StmtPtr> splitIf(const If &s, const std::vector<StmtPtr> &rest, const ExprList *tail,
                               bool flagMode);
  std::vector<StmtPtr> guardRest(const If &s, const std::vector<StmtPtr> &rest,
                                 const ExprList *tail, bool flagMode);
  /// `if (cond) -> (phis) { thenB } else { elseB } yield(phis)` when both branches end in a
  /// yield (`yields`, SSA mode); a plain if otherwise.
  std::vector<StmtPtr> joinIf(ExprPtr cond, std::vector<StmtPtr> thenB,
                              std::vector<StmtPtr> elseB, bool yields, const Span &span);
  VarPtr contFlagVar() {
    if (!cont_)
      cont_ = Var::make("cont", ScalarType::get(DataType::Bool));
    return cont_;
  }

  VarPtr brk_, cont_;
  ExprList escapeValues_;
  DiagnosticEngine &diags_;
  bool failed_ = false;
};

std::vector<StmtPtr> LoopRestructurer::restructure(const std::vector<StmtPtr> &stmts, size_t from,
                                                   const ExprList *tail, bool flagMode) {
  std::vector<StmtPtr> out;
  for (size_t k = from; k < stmts.size(); ++k) {
    const StmtPtr &s = stmts[k];
    if (isa<Break>(s) || isa<Continue>(s))
      return concat(std::move(out), escapeAt(*s, tail, flagMode));
    auto *i = dynCast<If>(s);
    if (!i || !escapesOf(s).any()) {
      out.push_back(s);
      continue;
    }
    if (!i->returnVars().empty()) {
      diags_.error("S301", s->span(),
                   "break or continue inside an if that yields values is not supported; write "
                   "the loop without explicit yields");
      failed_ = true;
      out.push_back(s);
      continue;
    }
    std::vector<StmtPtr> rest(stmts.begin() + static_cast<std::ptrdiff_t>(k) + 1, stmts.end());
    bool split = alwaysEscapes(i->thenBody()) || alwaysEscapes(i->elseBody());
    return concat(std::move(out),
                  split ? splitIf(*i, rest, tail, flagMode) : guardRest(*i, rest, tail, flagMode));
  }
  if (tail)
    out.push_back(Yield::make(*tail));
  return out;
}

std::vector<StmtPtr> LoopRestructurer::escapeAt(const Stmt &s, const ExprList *tail,
                                                bool flagMode) {
  std::vector<StmtPtr> out;
  auto *c = dynCast<Continue>(&s);
  if (!c)
    out.push_back(Assign::make(brk_, ConstBool::make(true), s.span()));
  else if (flagMode)
    out.push_back(Assign::make(contFlagVar(), ConstBool::make(true), s.span()));
  if (tail)
    out.push_back(Yield::make(escapeValues_, s.span()));
  return out;
}

/// One branch always escapes: the rest of the body moves into the branches (it vanishes from
/// the escaping one).
std::vector<StmtPtr> LoopRestructurer::splitIf(const If &s, const std::vector<StmtPtr> &rest,
                                               const ExprList *tail, bool flagMode) {
  auto thenB = restructure(concat(bodyStmts(s.thenBody()), rest), 0, tail, flagMode);
  auto elseB = restructure(concat(bodyStmts(s.elseBody()), rest), 0, tail, flagMode);
  return joinIf(s.cond(), std::move(thenB), std::move(elseB), tail != nullptr, s.span());
}

/// The if escapes only on some inner path: its branches set flags, the rest runs under a guard.
std::vector<StmtPtr> LoopRestructurer::guardRest(const If &s, const std::vector<StmtPtr> &rest,
                                                 const ExprList *tail, bool flagMode) {
  Escapes t = escapesOf(s.thenBody()), f = escapesOf(s.elseBody());
  Escapes e{t.brk || f.brk, t.cont || f.cont};
  auto thenB = restructure(bodyStmts(s.thenBody()), 0, nullptr, true);
  auto elseB = restructure(bodyStmts(s.elseBody()), 0, nullptr, true);
  StmtPtr elseS = s.elseBody() || !elseB.empty() ? Seq::flatten(std::move(elseB)) : nullptr;
  std::vector<StmtPtr> out{If::make(s.cond(), Seq::flatten(std::move(thenB)), elseS, {},
                                    s.span())};
  if (rest.empty() && !tail)
    return out;
  ExprPtr guard;
  if (e.brk)
    guard = notExpr(brk_);
  if (e.cont)
    guard = guard ? Binary::make(BinaryOp::And, guard, notExpr(contFlagVar()))
                  : notExpr(contFlagVar());
  auto restB = restructure(rest, 0, tail, flagMode);
  std::vector<StmtPtr> skipB;
  if (tail)
    skipB.push_back(Yield::make(escapeValues_, s.span()));
  return concat(std::move(out),
                joinIf(guard, std::move(restB), std::move(skipB), tail != nullptr, s.span()));
}

std::vector<StmtPtr> LoopRestructurer::joinIf(ExprPtr cond, std::vector<StmtPtr> thenB,
                                              std::vector<StmtPtr> elseB, bool yields,
                                              const Span &span) {
  if (!yields) {
    StmtPtr elseS = elseB.empty() ? nullptr : Seq::flatten(std::move(elseB));
    return {If::make(std::move(cond), Seq::flatten(std::move(thenB)), elseS, {}, span)};
  }
  // Both branches end in a yield of the loop's carried values: bind them to phis.
  std::vector<VarPtr> phis;
  ExprList phiUses;
  for (auto &v : escapeValues_) {
    std::string name = isa<Var>(v) ? static_cast<const Var &>(*v).name() : "phi";
    phis.push_back(Var::make(name, v->type(), span));
    phiUses.push_back(phis.back());
  }
  return {If::make(std::move(cond), Seq::flatten(std::move(thenB)), Seq::flatten(std::move(elseB)),
                   std::move(phis), span),
          Yield::make(std::move(phiUses), span)};
}


/// Removes and returns the values of a trailing yield.
ExprList popTrailingYield(std::vector<StmtPtr> &stmts) {
  if (stmts.empty() || !isa<Yield>(stmts.back()))
    return {};
  ExprList vs = static_cast<const Yield &>(*stmts.back()).values();
  stmts.pop_back();
  return vs;
}

/// Inserts s before the trailing yield (or at the end).
void insertBeforeYield(std::vector<StmtPtr> &stmts, StmtPtr s) {
  auto at = !stmts.empty() && isa<Yield>(stmts.back()) ? stmts.end() - 1 : stmts.end();
  stmts.insert(at, std::move(s));
}

ExprPtr boolConst(bool v) { return ConstBool::make(v); }

/// `i < stop` (or `>` for a negative step); both tests when the sign of the step is unknown.
ExprPtr inRange(const VarPtr &i, const ExprPtr &stop, const ExprPtr &step) {
  auto c = constIntValue(step);
  if (c)
    return Binary::make(*c < 0 ? BinaryOp::Gt : BinaryOp::Lt, i, stop);
  ExprPtr zero = ConstInt::make(0, scalarDType(step->type()).value_or(DataType::Index));
  ExprPtr up = Binary::make(BinaryOp::And, Binary::make(BinaryOp::Gt, step, zero),
                            Binary::make(BinaryOp::Lt, i, stop));
  ExprPtr down = Binary::make(BinaryOp::And, Binary::make(BinaryOp::Lt, step, zero),
                              Binary::make(BinaryOp::Gt, i, stop));
  return Binary::make(BinaryOp::Or, up, down);
}

/// `e`, or a copy of it bound before the loop when the body assigns a variable it reads.
ExprPtr snapshot(const ExprPtr &e, const VarSet &assigned, const char *name,
                 std::vector<StmtPtr> &pre) {
  VarSet uses;
  collectUses(e, uses);
  bool clobbered = false;
  for (const Var *v : uses)
    clobbered |= assigned.count(v) != 0;
  if (!clobbered)
    return e;
  VarPtr copy = Var::make(name, e->type(), e->span());
  pre.push_back(Assign::make(copy, e, e->span()));
  return copy;
}

/// Rewrites kernel loops bottom-up.
class CtrlFlowRewriter : public IRMutator {
public:
  CtrlFlowRewriter(bool kernel, DiagnosticEngine &diags) : kernelDepth_(kernel), diags_(diags) {}
  bool failed() const { return failed_; }

  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    StmtPtr r = IRMutator::mutateFor(s); // inner loops first
    auto f = as<For>(r);
    if (!kernelDepth_ || !f || f->forKind() != ForKind::Sequential)
      return r;
    Escapes e = escapesOf(f->body());
    return e.any() ? rewriteFor(*f, e) : r;
  }

  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override {
    StmtPtr r = IRMutator::mutateWhile(s);
    auto w = as<While>(r);
    if (!kernelDepth_ || !w)
      return r;
    Escapes e = escapesOf(w->body());
    return e.any() ? rewriteWhile(*w, e) : r;
  }

  StmtPtr mutateScope(const std::shared_ptr<const Scope> &s) override {
    bool incore = s->scopeKind() == ScopeKind::InCore;
    kernelDepth_ += incore;
    StmtPtr r = IRMutator::mutateScope(s);
    kernelDepth_ -= incore;
    return r;
  }

  /// Rewrites one loop statement (not the loops nested in it); s itself when it has no escapes.
  StmtPtr rewriteLoop(const StmtPtr &s) {
    if (auto f = as<For>(s)) {
      Escapes e = escapesOf(f->body());
      return f->forKind() == ForKind::Sequential && e.any() ? rewriteFor(*f, e) : s;
    }
    if (auto w = as<While>(s)) {
      Escapes e = escapesOf(w->body());
      return e.any() ? rewriteWhile(*w, e) : s;
    }
    return s;
  }

private:
  /// The restructured body; `brk` is null for continue-only loops.
  std::vector<StmtPtr> restructureBody(const StmtPtr &body, const std::vector<IterArg> &args,
                                       const VarPtr &brk) {
    auto stmts = bodyStmts(body);
    ExprList tail = popTrailingYield(stmts), escape;
    for (auto &a : args)
      escape.push_back(a.var);
    LoopRestructurer r(brk, escape, diags_);
    auto out = r.run(stmts, args.empty() ? nullptr : &tail);
    failed_ |= r.failed();
    if (r.contFlag())
      out.insert(out.begin(), Assign::make(r.contFlag(), boolConst(false), body->span()));
    return out;
  }

  StmtPtr rewriteFor(const For &f, Escapes e);
  StmtPtr rewriteWhile(const While &w, Escapes e);

  int kernelDepth_;
  DiagnosticEngine &diags_;
  bool failed_ = false;
};

StmtPtr CtrlFlowRewriter::rewriteFor(const For &f, Escapes e) {
  VarPtr brk = e.brk ? Var::make("brk", ScalarType::get(DataType::Bool), f.span()) : nullptr;
  auto body = restructureBody(f.body(), f.iterArgs(), brk);
  if (!brk)
    return For::make(f.loopVar(), f.start(), f.stop(), f.step(), f.iterArgs(),
                     Seq::flatten(std::move(body)), f.returnVars(), f.forKind(), f.attrs(),
                     f.span());
  std::vector<StmtPtr> pre;
  VarSet assigned = collectAssigned(f.body());
  ExprPtr stop = snapshot(f.stop(), assigned, "stop", pre);
  ExprPtr step = snapshot(f.step(), assigned, "step", pre);
  const VarPtr &i = f.loopVar();
  pre.push_back(Assign::make(i, f.start(), f.span()));
  pre.push_back(Assign::make(brk, boolConst(false), f.span()));
  ExprPtr cond = Binary::make(BinaryOp::And, inRange(i, stop, step), notExpr(brk));
  StmtPtr advance = Assign::make(i, Binary::make(BinaryOp::Add, i, step), f.span());
  insertBeforeYield(body, If::make(notExpr(brk), advance, nullptr, {}, f.span()));
  pre.push_back(While::make(cond, f.iterArgs(), Seq::flatten(std::move(body)), f.returnVars(),
                            f.span()));
  return Seq::flatten(std::move(pre), f.span());
}

StmtPtr CtrlFlowRewriter::rewriteWhile(const While &w, Escapes e) {
  VarPtr brk = e.brk ? Var::make("brk", ScalarType::get(DataType::Bool), w.span()) : nullptr;
  auto body = restructureBody(w.body(), w.iterArgs(), brk);
  if (!brk)
    return While::make(w.cond(), w.iterArgs(), Seq::flatten(std::move(body)), w.returnVars(),
                       w.span());
  ExprPtr cond = Binary::make(BinaryOp::And, w.cond(), notExpr(brk));
  return Seq::flatten({Assign::make(brk, boolConst(false), w.span()),
                       While::make(cond, w.iterArgs(), Seq::flatten(std::move(body)),
                                   w.returnVars(), w.span())},
                      w.span());
}
} // namespace

FunctionPtr transformCtrlFlow(const FunctionPtr &f, DiagnosticEngine &diags) {
  CtrlFlowRewriter rewriter(isKernel(f->type()), diags);
  FunctionPtr out = rewriter.mutateFunction(f);
  return rewriter.failed() ? nullptr : out;
}

StmtPtr removeLoopEscapes(const StmtPtr &loop, DiagnosticEngine &diags) {
  CtrlFlowRewriter rewriter(true, diags);
  StmtPtr out = rewriter.rewriteLoop(loop);
  return rewriter.failed() ? loop : out;
}

Pass createCtrlFlowTransformPass(PassOptions &) {
  // It invalidates SSAForm (passes.def): the break flag is assigned before the loop and at
  // the break site, pre-SSA style; ConvertToSSA (next in the pipeline) turns it into a carry.
  return createFunctionPass(PassClass::CtrlFlowTransform, transformCtrlFlow);
}

} // namespace pl::passes
