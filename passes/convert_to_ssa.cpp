// ConvertToSSA: versions, if-phis and loop iter_args (see convert_to_ssa.h).
#include "passes/convert_to_ssa.h"

#include "ir/find.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"
#include "passes/ctrl_flow_transform.h"
#include "passes/utils/liveness.h"

#include <algorithm>
#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

using Env = std::unordered_map<const Var *, VarPtr>;

/// Scopes that become functions of their own: values first defined inside are not promoted
/// out of loops because of uses after the scope.
bool isOutlineBoundary(ScopeKind k) { return k != ScopeKind::Runtime && k != ScopeKind::SplitAiv; }

/// Rewrites uses (in expressions, types and attrs) to the current version; not transitive.
class Renamer : public IRMutator {
public:
  explicit Renamer(const Env &cur) : cur_(cur) {}
  ExprPtr mutateVarUse(const VarPtr &v) override {
    if (isa<MemRef>(v))
      return IRMutator::mutateVarUse(v);
    auto it = cur_.find(v.get());
    return it == cur_.end() ? v : it->second;
  }
  AttrList renameAttrs(const AttrList &a) {
    bool changed = false;
    return mutateAttrs(a, changed);
  }

private:
  const Env &cur_;
};

/// Removes and returns the values of a trailing yield (empty when there is none).
ExprList popYield(std::vector<StmtPtr> &stmts, Span *span = nullptr) {
  if (stmts.empty() || !isa<Yield>(stmts.back()))
    return {};
  auto *y = static_cast<const Yield *>(stmts.back().get());
  ExprList vs = y->values();
  if (span)
    *span = y->span();
  stmts.pop_back();
  return vs;
}

StmtPtr blockWithYield(std::vector<StmtPtr> stmts, ExprList ys, const Span &span) {
  if (!ys.empty())
    stmts.push_back(Yield::make(std::move(ys), span));
  return Seq::flatten(std::move(stmts));
}

std::vector<const Var *> sortedById(const VarSet &s) {
  std::vector<const Var *> out(s.begin(), s.end());
  std::sort(out.begin(), out.end(), [](const Var *a, const Var *b) { return a->id() < b->id(); });
  return out;
}

/// Live sets after a statement: `all` for phis and carries, `promo` for promotion of values
/// first defined in a loop (trimmed at outline-boundary scopes; usually the same set).
struct Live {
  const VarSet *all;
  const VarSet *promo;
};

/// One new loop-carried variable.
struct Carry {
  const Var *key;
  IterArg arg;
};

/// What a loop body is converted under: the live sets at its end and the carries it gains.
struct LoopCarries {
  VarSet end, endPromo;
  std::vector<Carry> carries;
};

class SSAConverter {
public:
  explicit SSAConverter(DiagnosticEngine &diags) : diags_(diags) {}
  FunctionPtr run(const FunctionPtr &f);

private:
  VarPtr define(const VarPtr &v, const Span &where);
  ExprPtr rename(const ExprPtr &e) { return renamer_.mutateExpr(e); }
  void error(const char *code, const Span &span, std::string msg) {
    diags_.error(code, span, std::move(msg));
    failed_ = true;
  }

  std::vector<StmtPtr> convertBlock(const StmtPtr &body, Live after);
  StmtPtr convertStmt(const StmtPtr &s, Live after);
  StmtPtr convertIf(const If &s, Live after);
  void addPhis(const If &s, const Env &before, const Env &thenEnv, const Env &elseEnv,
               const VarSet &liveAfter, std::vector<VarPtr> &rets, ExprList &thenY,
               ExprList &elseY);
  StmtPtr convertFor(const For &s, Live after);
  StmtPtr convertWhile(const While &s, Live after);
  StmtPtr convertScope(const Scope &s, Live after);
  void checkScopeLeaks(const Scope &s, const VarSet &liveAfter);

  std::vector<const Var *> carriedKeys(const Stmt &loop, const VarSet &end,
                                       const VarSet &endPromo, Live after);
  std::vector<Carry> planCarries(const Stmt &loop, const VarSet &end, const VarSet &endPromo,
                                 Live after);
  LoopCarries bindLoopCarries(const Stmt &loop, const std::vector<IterArg> &iters,
                              std::vector<IterArg> &args, Live after);
  StmtPtr convertLoopWithEscapes(const StmtPtr &loop, Live after);
  ExprPtr findInit(const Var *key, const StmtPtr &body, const TypePtr &type);
  StmtPtr finishLoopBody(std::vector<StmtPtr> stmts, const std::vector<Carry> &carries,
                         const Span &span);
  std::vector<VarPtr> loopReturnVars(const std::vector<VarPtr> &existing,
                                     const std::vector<Carry> &carries, const Span &span);

  DiagnosticEngine &diags_;
  bool failed_ = false;
  Env cur_;                               ///< original Var → its current version
  Env origin_;                            ///< key → the original VarPtr
  std::unordered_set<const Var *> bound_; ///< originals already used as a binding
  std::unordered_set<const Var *> named_; ///< originals whose name was checked
  std::vector<Param> params_;
  Renamer renamer_{cur_};
};

VarPtr SSAConverter::define(const VarPtr &v, const Span &where) {
  if (named_.insert(v.get()).second && v->name().find("__") != std::string::npos)
    error("S402", v->span().valid() ? v->span() : where,
          "variable name '" + v->name() + "' contains '__', which is reserved for "
                                          "compiler-generated names");
  TypePtr t = renamer_.mutateType(v->type());
  bool first = bound_.insert(v.get()).second;
  VarPtr nv = first && t == v->type() ? v : Var::make(v->name(), t, v->span());
  cur_[v.get()] = nv;
  return nv;
}

std::vector<StmtPtr> SSAConverter::convertBlock(const StmtPtr &body, Live after) {
  auto stmts = bodyStmts(body);
  auto all = liveAfterEach(stmts, *after.all);
  std::vector<VarSet> promo;
  if (after.promo != after.all)
    promo = liveAfterEach(stmts, *after.promo);
  std::vector<StmtPtr> out;
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (isa<Yield>(stmts[i]) && i + 1 != stmts.size())
      error("S401", stmts[i]->span(),
            "yield must be the last statement of its block; the statements after it would "
            "never run");
    Live l{&all[i], promo.empty() ? &all[i] : &promo[i]};
    if (auto s = convertStmt(stmts[i], l))
      out.push_back(std::move(s));
  }
  return out;
}

StmtPtr SSAConverter::convertStmt(const StmtPtr &s, Live after) {
  switch (s->kind()) {
  case StmtKind::Assign: {
    auto &a = static_cast<const Assign &>(*s);
    ExprPtr value = rename(a.value());
    return Assign::make(define(a.var(), s->span()), value, s->span());
  }
  case StmtKind::Eval: return Eval::make(rename(static_cast<const Eval &>(*s).expr()), s->span());
  case StmtKind::Yield: {
    ExprList vs;
    for (auto &v : static_cast<const Yield &>(*s).values())
      vs.push_back(rename(v));
    return Yield::make(std::move(vs), s->span());
  }
  case StmtKind::Return: {
    ExprList vs;
    for (auto &v : static_cast<const Return &>(*s).values())
      vs.push_back(rename(v));
    return Return::make(std::move(vs), s->span());
  }
  case StmtKind::Seq: return Seq::flatten(convertBlock(s, after), s->span());
  case StmtKind::If: return convertIf(static_cast<const If &>(*s), after);
  case StmtKind::For:
  case StmtKind::While:
    if (auto r = convertLoopWithEscapes(s, after))
      return r;
    return isa<For>(s) ? convertFor(static_cast<const For &>(*s), after)
                       : convertWhile(static_cast<const While &>(*s), after);
  case StmtKind::Scope: return convertScope(static_cast<const Scope &>(*s), after);
  default: return s; // break, continue, inline code
  }
}

// ---- if -----------------------------------------------------------------------------------------

StmtPtr SSAConverter::convertIf(const If &s, Live after) {
  ExprPtr cond = rename(s.cond());
  Env before = cur_;
  auto thenStmts = convertBlock(s.thenBody(), after);
  Env thenEnv = std::move(cur_);
  cur_ = before;
  std::vector<StmtPtr> elseStmts;
  if (s.elseBody())
    elseStmts = convertBlock(s.elseBody(), after);
  Env elseEnv = std::move(cur_);
  cur_ = before;
  Span thenSpan = s.span(), elseSpan = s.span();
  ExprList thenY = popYield(thenStmts, &thenSpan), elseY = popYield(elseStmts, &elseSpan);
  std::vector<VarPtr> rets;
  for (auto &rv : s.returnVars())
    rets.push_back(define(rv, s.span()));
  addPhis(s, before, thenEnv, elseEnv, *after.all, rets, thenY, elseY);
  StmtPtr thenB = blockWithYield(std::move(thenStmts), std::move(thenY), thenSpan);
  StmtPtr elseB;
  if (s.elseBody() || !elseY.empty())
    elseB = blockWithYield(std::move(elseStmts), std::move(elseY), elseSpan);
  return If::make(cond, thenB, elseB, std::move(rets), s.span());
}

void SSAConverter::addPhis(const If &s, const Env &before, const Env &thenEnv,
                           const Env &elseEnv, const VarSet &liveAfter,
                           std::vector<VarPtr> &rets, ExprList &thenY, ExprList &elseY) {
  auto lookup = [](const Env &e, const Var *k) -> VarPtr {
    auto it = e.find(k);
    return it == e.end() ? nullptr : it->second;
  };
  VarSet changed;
  for (const Env *e : {&thenEnv, &elseEnv})
    for (auto &[k, v] : *e)
      if (lookup(before, k) != v && liveAfter.count(k))
        changed.insert(k);
  for (const Var *k : sortedById(changed)) {
    VarPtr tv = lookup(thenEnv, k), ev = lookup(elseEnv, k);
    if (!tv || !ev) {
      error("S403", s.span(),
            "'" + k->name() + "' is assigned in only one branch of this if and read after it; "
                              "assign it before the if or in both branches");
      continue;
    }
    VarPtr phi = Var::make(k->name(), tv->type(), s.span());
    rets.push_back(phi);
    thenY.push_back(tv);
    elseY.push_back(ev);
    cur_[k] = phi;
  }
}

// ---- loops --------------------------------------------------------------------------------------

/// The variables a loop must carry: assigned in the body and read by a later iteration or after
/// the loop (defined before it), or read after the loop (first defined in it: promotion).
std::vector<const Var *> SSAConverter::carriedKeys(const Stmt &loop, const VarSet &end,
                                                   const VarSet &endPromo, Live after) {
  auto *f = dynCast<For>(&loop);
  const StmtPtr &body = f ? f->body() : static_cast<const While &>(loop).body();
  VarSet excluded;
  if (f)
    excluded.insert(f->loopVar().get());
  for (auto &a : f ? f->iterArgs() : static_cast<const While &>(loop).iterArgs())
    excluded.insert(a.var.get());
  std::vector<const Var *> keys;
  for (const Var *k : sortedById(collectAssigned(body))) {
    if (excluded.count(k))
      continue;
    bool carried = cur_.count(k) ? end.count(k) != 0
                                 : after.promo->count(k) || (endPromo.count(k) && !after.all->count(k));
    if (carried)
      keys.push_back(k); // otherwise a loop-local temporary
  }
  return keys;
}

std::vector<Carry> SSAConverter::planCarries(const Stmt &loop, const VarSet &end,
                                             const VarSet &endPromo, Live after) {
  auto *f = dynCast<For>(&loop);
  const StmtPtr &body = f ? f->body() : static_cast<const While &>(loop).body();
  std::vector<Carry> out;
  for (const Var *k : carriedKeys(loop, end, endPromo, after)) {
    auto it = cur_.find(k);
    if (it != cur_.end()) {
      out.push_back({k, {Var::make(k->name(), it->second->type(), loop.span()), it->second}});
      continue;
    }
    TypePtr type = renamer_.mutateType(origin_.at(k)->type());
    ExprPtr init = findInit(k, body, type);
    if (!init) {
      error("S404", loop.span(),
            "'" + k->name() + "' is first assigned inside this loop and read after it, but has "
                              "no value before the loop (the loop may run zero times); assign it "
                              "before the loop");
      continue;
    }
    out.push_back({k, {Var::make(k->name(), type, loop.span()), init}});
  }
  return out;
}

/// A loop whose break / continue would lose carried values is first restructured the way
/// ctrl-flow-transform does it (flags and guards), then converted.
StmtPtr SSAConverter::convertLoopWithEscapes(const StmtPtr &loop, Live after) {
  auto *f = dynCast<For>(loop);
  const StmtPtr &body = f ? f->body() : static_cast<const While &>(*loop).body();
  if (!hasOwnLoopJump(body))
    return nullptr;
  VarSet end = liveAtBodyEnd(*loop, *after.all);
  VarSet endPromo = after.promo == after.all ? end : liveAtBodyEnd(*loop, *after.promo);
  auto keys = carriedKeys(*loop, end, endPromo, after);
  if (keys.empty())
    return nullptr; // break / continue stay (orchestration code)
  StmtPtr structured = removeLoopEscapes(loop, diags_);
  if (structured == loop) {
    error("S405", loop->span(),
          "this loop has a break or continue and carries '" + keys[0]->name() +
              "' across iterations, and it cannot be restructured");
    return loop;
  }
  return Seq::flatten(convertBlock(structured, after), loop->span());
}

/// Finds a written-buffer argument aliasing an assignment of `key` in the body.
class AliasFinder : public IRVisitor {
public:
  AliasFinder(const Var *key, const Env &cur, const TypePtr &type)
      : key_(key), cur_(cur), type_(type) {
    visitTypes_ = false;
  }
  void visitAssign(const Assign &s) override {
    auto *call = dynCast<Call>(s.value());
    if (found || s.var().get() != key_ || !call || !call->target().isOp())
      return;
    for (size_t i = 0; i < call->args().size() && !found; ++i) {
      auto *arg = dynCast<Var>(call->args()[i]);
      auto it = arg ? cur_.find(arg) : cur_.end();
      if (it != cur_.end() && writesArg(*call->target().op, i, call->kwargs()) &&
          structuralEqual(it->second->type(), type_))
        found = it->second;
    }
  }
  VarPtr found;

private:
  const Var *key_;
  const Env &cur_;
  TypePtr type_;
};

ExprPtr SSAConverter::findInit(const Var *key, const StmtPtr &body, const TypePtr &type) {
  AliasFinder finder(key, cur_, type);
  finder.visitStmt(body);
  if (finder.found)
    return finder.found;
  for (auto &p : params_) {
    auto it = cur_.find(p.var.get());
    if (p.direction != ParamDirection::In && it != cur_.end() &&
        structuralEqual(it->second->type(), type))
      return it->second;
  }
  return nullptr;
}

StmtPtr SSAConverter::finishLoopBody(std::vector<StmtPtr> stmts,
                                     const std::vector<Carry> &carries, const Span &span) {
  Span ySpan = span;
  ExprList ys = popYield(stmts, &ySpan);
  for (auto &c : carries)
    ys.push_back(cur_.at(c.key));
  return blockWithYield(std::move(stmts), std::move(ys), ySpan);
}

std::vector<VarPtr> SSAConverter::loopReturnVars(const std::vector<VarPtr> &existing,
                                                 const std::vector<Carry> &carries,
                                                 const Span &span) {
  std::vector<VarPtr> rets;
  rets.reserve(existing.size() + carries.size());
  for (auto &rv : existing)
    rets.push_back(define(rv, span));
  for (auto &c : carries) {
    rets.push_back(Var::make(c.key->name(), c.arg.var->type(), span));
    cur_[c.key] = rets.back();
  }
  return rets;
}

/// Binds the loop's iter_arg vars (`args` holds their renamed inits) and appends the carries
/// the loop needs to `args`, each the current version of its key inside the body.
LoopCarries SSAConverter::bindLoopCarries(const Stmt &loop, const std::vector<IterArg> &iters,
                                          std::vector<IterArg> &args, Live after) {
  for (size_t i = 0; i < args.size(); ++i)
    args[i].var = define(iters[i].var, loop.span());
  LoopCarries lc;
  lc.end = liveAtBodyEnd(loop, *after.all);
  lc.endPromo = after.promo == after.all ? lc.end : liveAtBodyEnd(loop, *after.promo);
  lc.carries = planCarries(loop, lc.end, lc.endPromo, after);
  for (auto &c : lc.carries) {
    cur_[c.key] = c.arg.var;
    args.push_back(c.arg);
  }
  return lc;
}

StmtPtr SSAConverter::convertFor(const For &s, Live after) {
  ExprPtr start = rename(s.start()), stop = rename(s.stop()), step = rename(s.step());
  AttrList attrs = renamer_.renameAttrs(s.attrs());
  std::vector<IterArg> args;
  for (auto &a : s.iterArgs())
    args.push_back({nullptr, rename(a.init)});
  Env saved = cur_;
  VarPtr loopVar = define(s.loopVar(), s.span());
  LoopCarries lc = bindLoopCarries(s, s.iterArgs(), args, after);
  auto stmts = convertBlock(s.body(), {&lc.end, &lc.endPromo});
  StmtPtr body = finishLoopBody(std::move(stmts), lc.carries, s.span());
  cur_ = std::move(saved);
  auto rets = loopReturnVars(s.returnVars(), lc.carries, s.span());
  return For::make(loopVar, start, stop, step, std::move(args), body, std::move(rets),
                   s.forKind(), std::move(attrs), s.span());
}

StmtPtr SSAConverter::convertWhile(const While &s, Live after) {
  std::vector<IterArg> args;
  for (auto &a : s.iterArgs())
    args.push_back({nullptr, rename(a.init)});
  Env saved = cur_;
  LoopCarries lc = bindLoopCarries(s, s.iterArgs(), args, after);
  ExprPtr cond = rename(s.cond());
  auto stmts = convertBlock(s.body(), {&lc.end, &lc.endPromo});
  StmtPtr body = finishLoopBody(std::move(stmts), lc.carries, s.span());
  cur_ = std::move(saved);
  auto rets = loopReturnVars(s.returnVars(), lc.carries, s.span());
  return While::make(cond, std::move(args), body, std::move(rets), s.span());
}

// ---- scopes and functions -----------------------------------------------------------------------

StmtPtr SSAConverter::convertScope(const Scope &s, Live after) {
  AttrList attrs = renamer_.renameAttrs(s.attrs());
  VarSet trimmed;
  Live inner = after;
  if (isOutlineBoundary(s.scopeKind())) {
    for (const Var *v : *after.promo)
      if (cur_.count(v))
        trimmed.insert(v);
    inner.promo = &trimmed;
  }
  StmtPtr body = Seq::flatten(convertBlock(s.body(), inner), s.body() ? s.body()->span() : Span{});
  if (inner.promo == &trimmed)
    checkScopeLeaks(s, *after.all);
  VarPtr taskId = s.taskId() ? define(s.taskId(), s.span()) : nullptr; // visible after the scope
  return Scope::make(s.scopeKind(), s.nameHint(), body, std::move(attrs), std::move(taskId),
                     s.span());
}

/// A value that only a loop inside an outline-boundary scope defines cannot be read after the
/// scope: promotion stops at the boundary.
void SSAConverter::checkScopeLeaks(const Scope &s, const VarSet &liveAfter) {
  for (const Var *k : sortedById(collectAssigned(s.body())))
    if (liveAfter.count(k) && !cur_.count(k))
      error("S406", s.span(),
            "'" + k->name() + "' is defined only inside a loop in this '" +
                std::string(scopeKindName(s.scopeKind())) +
                "' scope and read after the scope; values of such a loop do not leave the scope, "
                "so assign it before the scope");
}

FunctionPtr SSAConverter::run(const FunctionPtr &f) {
  // Every binding site of the function by pointer, to recover the VarPtr of a key.
  origin_.clear();
  forEachBinding(*f, [&](const VarPtr &v) { origin_[v.get()] = v; });
  params_ = f->params();
  std::vector<Param> params;
  VarSet exitLive;
  for (auto &p : f->params()) {
    params.push_back({define(p.var, f->span()), p.direction});
    if (p.direction != ParamDirection::In)
      exitLive.insert(p.var.get());
  }
  std::vector<TypePtr> rets;
  for (auto &t : f->returnTypes())
    rets.push_back(renamer_.mutateType(t));
  AttrList attrs = renamer_.renameAttrs(f->attrs());
  StmtPtr body = f->body() ? Seq::flatten(convertBlock(f->body(), {&exitLive, &exitLive}),
                                          f->body()->span())
                           : nullptr;
  if (failed_)
    return nullptr;
  auto out = Function::make(f->name(), f->type(), std::move(params), std::move(rets), body,
                            f->level(), f->role(), std::move(attrs), f->span());
  return structuralEqual(*out, *f) ? f : out;
}
} // namespace

FunctionPtr convertToSSA(const FunctionPtr &f, DiagnosticEngine &diags) {
  SSAConverter converter(diags);
  return converter.run(f);
}

PL_DEFINE_FUNCTION_PASS(ConvertToSSA, convertToSSA)

} // namespace pl::passes
