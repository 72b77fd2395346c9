// LowerSpmdLaunches: SPMD launch counts onto the kernel calls (see lower_spmd_launches.h).
#include "passes/lower_spmd_launches.h"

#include "ir/find.h"
#include "ir/mutator.h"
#include "ir/printer.h"
#include "ir/structural_equal.h"
#include "passes/utils/liveness.h"

#include <set>

namespace pl::passes {

namespace {
using namespace ir;

/// The first line of `s` as printed ("for i in range(4):" for a loop), "..." marking the rest.
std::string stmtHead(const StmtPtr &s) {
  std::string text = printStmt(s);
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  size_t nl = text.find('\n');
  return nl == std::string::npos ? text : text.substr(0, nl) + " ...";
}

bool launchable(const Program &p, const CallTarget &t) {
  if (t.isOp())
    return false;
  FunctionPtr f = p.lookup(t.function);
  return f && (isKernel(f->type()) || f->type() == FunctionType::Group);
}

bool isSpmd(const Program &p, const CallTarget &t) {
  if (t.isOp())
    return false;
  FunctionPtr f = p.lookup(t.function);
  return f && f->type() == FunctionType::Spmd;
}

/// The call of an `Eval` or `Assign` statement (null for anything else).
const Call *callOf(const Stmt &s) {
  const ExprPtr *e = nullptr;
  if (auto *ev = dynCast<Eval>(&s))
    e = &ev->expr();
  else if (auto *as = dynCast<Assign>(&s))
    e = &as->value();
  return e ? dynCast<Call>(e->get()) : nullptr;
}

/// The wrapper's body as a list of kernel calls and its returned values.
struct SpmdBody {
  std::vector<StmtPtr> calls; ///< Eval / Assign of a kernel call
  ExprList results;
};

std::optional<SpmdBody> splitBody(const Function &f, const Program &p, DiagnosticEngine &diags) {
  SpmdBody b;
  for (const StmtPtr &s : bodyStmts(f.body())) {
    if (auto *r = dynCast<Return>(s)) {
      b.results = r->values();
      continue;
    }
    const Call *c = callOf(*s);
    if (!c || !launchable(p, c->target())) {
      diags.error("SP001", s->span(),
                  "a pl::spmd body that calls kernels may only call kernels, which run once "
                  "per block; '" +
                      stmtHead(s) +
                      "' would run in the orchestration (compute block-dependent values inside "
                      "the kernel with pl::get_block_idx(), or write the body's work without "
                      "kernel calls: then it is a kernel itself)");
      return std::nullopt;
    }
    b.calls.push_back(s);
  }
  return b;
}

/// Binds the wrapper's parameters to a call site's arguments and gives every variable the
/// cloned body binds a fresh identity (a wrapper may be launched from several sites).
class Binder final : public IRMutator {
public:
  Binder(const Function &f, const ExprList &args) {
    for (size_t i = 0; i < f.params().size() && i < args.size(); ++i)
      remap(f.params()[i].var, args[i]);
  }
  VarPtr mutateVarDef(const VarPtr &v) override {
    auto nv = Var::make(v->name(), mutateType(v->type()), v->span());
    remap(v, nv);
    return nv;
  }
};

/// The `core_num` call attribute as an expression (a constant prints as an integer attr).
ExprPtr coreNumAttr(const AttrList &attrs) {
  const AttrValue *n = findAttr(attrs, "core_num");
  if (!n)
    return nullptr;
  if (auto *e = std::get_if<ExprPtr>(n))
    return *e;
  if (auto *i = std::get_if<int64_t>(n))
    return ConstInt::make(*i);
  return nullptr;
}

/// `attrs` without arg_directions (re-derived for the new call sites), plus `launch`.
AttrList launchAttrs(const AttrList &inner, const AttrList &launch) {
  AttrList out;
  for (auto &[k, v] : inner)
    if (k != "arg_directions" && !findAttr(launch, k))
      out.emplace_back(k, v);
  for (auto &[k, v] : launch)
    if (k != "arg_directions")
      out.emplace_back(k, v);
  return out;
}

class Lowerer final : public IRMutator {
public:
  Lowerer(const Program &p, DiagnosticEngine &diags) : p_(p), diags_(diags) {}
  bool failed = false;

  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    if (auto *c = dynCast<Call>(s->expr()); c && isSpmd(p_, c->target()))
      return splice(*c, nullptr, s->span());
    return IRMutator::mutateEval(s);
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    if (auto *c = dynCast<Call>(s->value()); c && isSpmd(p_, c->target()))
      return splice(*c, s->var(), s->span());
    if (auto *sb = dynCast<Submit>(s->value()); sb && isSpmd(p_, sb->target()))
      return submit(*s, *sb);
    return IRMutator::mutateAssign(s);
  }

private:
  const Function &callee(const CallTarget &t) { return *p_.lookup(t.function); }

  bool checkCount(const ExprPtr &n, const Span &site, const std::string &name) {
    if (!n) {
      diags_.error("SP003", site,
                   "call of the Spmd function '" + name +
                       "' without 'core_num'; expected the number of blocks");
      return false;
    }
    if (auto c = constIntValue(n); c && *c < 1) {
      diags_.error("SP002", n->span().valid() ? n->span() : site,
                   "pl::spmd core_num must be >= 1, got " + std::to_string(*c));
      return false;
    }
    return true;
  }

  /// The call site's launch attributes, with the call's own arguments already mutated.
  StmtPtr splice(const Call &c, const VarPtr &result, const Span &span) {
    const Function &f = callee(c.target());
    if (!checkCount(coreNumAttr(c.attrs()), span, f.name()))
      return fail(span);
    auto body = splitBody(f, p_, diags_);
    if (!body)
      return fail(span);
    bool changed = false;
    AttrList launch = mutateAttrs(c.attrs(), changed);
    ExprList args = mutateExprs(c.args(), changed);
    Binder bind(f, args);
    std::vector<StmtPtr> out;
    for (const StmtPtr &s : body->calls) {
      StmtPtr b = bind.mutateStmt(s);
      ExprPtr k = withAttrs(*callOf(*b), launch);
      if (auto *as = dynCast<Assign>(b))
        out.push_back(Assign::make(as->var(), k, b->span()));
      else
        out.push_back(Eval::make(k, b->span()));
    }
    if (result) {
      ExprList vals;
      for (const ExprPtr &r : body->results)
        vals.push_back(bind.mutateExpr(r));
      if (isa<TupleType>(result->type()))
        remap(result, MakeTuple::make(std::move(vals), span));
      else if (vals.size() == 1)
        remap(result, vals[0]);
      else {
        diags_.error("SP001", span,
                     "the Spmd function '" + f.name() + "' returns " + std::to_string(vals.size()) +
                         " values for one variable");
        return fail(span);
      }
    }
    return Seq::flatten(std::move(out), span);
  }

  /// `t = submit f(args) {...}` → `t = submit k(args') {...}` of f's one kernel.
  StmtPtr submit(const Assign &site, const Submit &sb) {
    const Function &f = callee(sb.target());
    if (!checkCount(sb.coreNum(), site.span(), f.name()))
      return fail(site.span());
    auto body = splitBody(f, p_, diags_);
    if (!body)
      return fail(site.span());
    // The submit's result is (f's results..., task id): f must return what its kernel does.
    bool same = body->calls.size() == 1;
    if (same) {
      const Function &k = callee(callOf(*body->calls[0])->target());
      same = k.returnTypes().size() == f.returnTypes().size();
      for (size_t i = 0; same && i < k.returnTypes().size(); ++i)
        same = structuralEqual(k.returnTypes()[i], f.returnTypes()[i], /*mapFreeVars=*/true);
    }
    if (!same) {
      diags_.error("SP001", site.span(),
                   "a pl::spmd whose task id is used must launch exactly one kernel and return "
                   "what it returns; the Spmd function '" +
                       f.name() + "' does not");
      return fail(site.span());
    }
    bool changed = false;
    ExprList args = mutateExprs(sb.args(), changed);
    ExprList deps = mutateExprs(sb.deps(), changed);
    ExprPtr coreNum = mutateExpr(sb.coreNum());
    ExprPtr predicate = mutateExpr(sb.predicate());
    Binder bind(f, args);
    StmtPtr b = bind.mutateStmt(body->calls[0]);
    const Call *inner = callOf(*b);
    ExprPtr out = std::make_shared<const Submit>(
        inner->target(), inner->args(), std::move(deps), std::move(coreNum), sb.syncStart(),
        sb.allowEarlyResolve(), std::move(predicate), sb.attrs(), site.var()->type(), sb.span());
    return Assign::make(mutateVarDef(site.var()), out, site.span());
  }

  static ExprPtr withAttrs(const Call &k, const AttrList &launch) {
    return Call::make(k.target(), k.args(), k.kwargs(), launchAttrs(k.attrs(), launch), k.type(),
                      k.span());
  }

  StmtPtr fail(const Span &span) {
    failed = true;
    return Seq::flatten({}, span);
  }

  const Program &p_;
  DiagnosticEngine &diags_;
};

} // namespace

ProgramPtr lowerSpmdLaunches(const ProgramPtr &p, DiagnosticEngine &diags) {
  bool any = false;
  for (auto &f : p->functions())
    any |= f->type() == FunctionType::Spmd;
  if (!any)
    return p;
  std::vector<FunctionPtr> fns;
  for (auto &f : p->functions()) {
    if (f->type() != FunctionType::Orchestration) {
      fns.push_back(f);
      continue;
    }
    Lowerer l(*p, diags);
    FunctionPtr g = l.mutateFunction(f);
    if (l.failed)
      return nullptr;
    fns.push_back(g);
  }
  std::set<std::string, std::less<>> used; // functions some call or submit still targets
  for (auto &f : fns)
    if (f->type() != FunctionType::Spmd)
      collectCallees(*f, used);
  std::vector<FunctionPtr> kept;
  for (auto &f : fns)
    if (f->type() != FunctionType::Spmd || used.count(f->name()))
      kept.push_back(f);
  return p->withFunctions(std::move(kept));
}

PL_DEFINE_PROGRAM_PASS(LowerSpmdLaunches, lowerSpmdLaunches)

} // namespace pl::passes
