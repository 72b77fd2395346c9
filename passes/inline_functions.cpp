// InlineFunctions: splice Inline function bodies into their call sites (see inline_functions.h).
#include "passes/inline_functions.h"

#include "ir/clone.h"
#include "ir/find.h"
#include "ir/mutator.h"
#include "ir/visitor.h"
#include "passes/verifiers/registry.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

using InlineTable = std::map<std::string, FunctionPtr, std::less<>>;

const Function *inlineCallee(const InlineTable &table, const CallTarget &t) {
  if (t.isOp())
    return nullptr;
  auto it = table.find(t.function);
  return it == table.end() ? nullptr : it->second.get();
}

// ---- Cycle detection --------------------------------------------------------------------------

class CycleFinder {
public:
  CycleFinder(const InlineTable &table, DiagnosticEngine &diags) : table_(table), diags_(diags) {
    for (auto &[name, f] : table) {
      auto &calls = graph_[name]; // calls to Inline functions, with their spans
      forEachCall(*f, [&](const CallTarget &t, const Span &span) {
        if (inlineCallee(table, t))
          calls.emplace_back(t.function, span);
      });
    }
  }
  /// False after reporting the first cycle found.
  bool run() {
    for (auto &[name, f] : table_)
      if (!color_.count(name) && !dfs(name))
        return false;
    return true;
  }

private:
  enum class Color { Gray, Black };

  bool dfs(const std::string &u) {
    color_[u] = Color::Gray;
    stack_.push_back(u);
    for (auto &[v, span] : graph_[u]) {
      auto it = color_.find(v);
      if (it != color_.end() && it->second == Color::Gray) {
        report(v, span);
        return false;
      }
      if (it == color_.end() && !dfs(v))
        return false;
    }
    stack_.pop_back();
    color_[u] = Color::Black;
    return true;
  }

  void report(const std::string &v, const Span &span) {
    std::string cycle;
    bool started = false;
    for (auto &s : stack_) {
      started |= s == v;
      if (started)
        cycle += "'" + s + "' -> ";
    }
    cycle += "'" + v + "'";
    diags_.error("IN001", span,
                 "cycle among Inline functions: " + cycle + "; Inline functions cannot recurse");
  }

  const InlineTable &table_;
  DiagnosticEngine &diags_;
  std::map<std::string, std::vector<std::pair<std::string, Span>>> graph_;
  std::map<std::string, Color> color_;
  std::vector<std::string> stack_;
};

// ---- Callee shape -----------------------------------------------------------------------------

std::vector<StmtPtr> topLevel(const StmtPtr &s) {
  std::vector<StmtPtr> out;
  if (auto *seq = dynCast<Seq>(s)) {
    for (auto &c : seq->stmts())
      for (auto &t : topLevel(c))
        out.push_back(t);
  } else if (s) {
    out.push_back(s);
  }
  return out;
}

class ReturnFinder final : public IRVisitor {
public:
  ReturnFinder() { visitTypes_ = false; }
  void visitReturn(const Return &r) override { returns.push_back(&r); }
  std::vector<const Return *> returns;
};

/// Only a trailing top-level return (required when the function has results).
bool checkCalleeShape(const Function &f, DiagnosticEngine &diags) {
  auto stmts = topLevel(f.body());
  const Return *last = stmts.empty() ? nullptr : dynCast<Return>(stmts.back());
  ReturnFinder finder;
  finder.visitStmt(f.body());
  bool ok = true;
  for (const Return *r : finder.returns)
    if (r != last) {
      diags.error("IN003", r->span(),
                  "Inline function '" + f.name() +
                      "' returns before its end; expected a single return as its last statement");
      ok = false;
    }
  if (ok && !last && !f.returnTypes().empty()) {
    diags.error("IN003", f.span(),
                "Inline function '" + f.name() + "' has results but no trailing return");
    ok = false;
  }
  return ok;
}

// ---- Splicing one call ------------------------------------------------------------------------

/// Second stage after the clone: renames locals `<name>_inline<N>` and retargets re-assigned
/// Out / InOut parameters onto the caller's variable.
class SpliceRenamer final : public IRMutator {
public:
  SpliceRenamer(std::unordered_set<const Var *> locals, std::string suffix)
      : locals_(std::move(locals)), suffix_(std::move(suffix)) {}
  void retarget(const VarPtr &from, const VarPtr &to) { targets_[from.get()] = to; }

  VarPtr mutateVarDef(const VarPtr &v) override {
    if (auto it = targets_.find(v.get()); it != targets_.end()) {
      remap(v, it->second);
      return it->second;
    }
    if (isa<MemRef>(v) || !locals_.count(v.get()))
      return IRMutator::mutateVarDef(v);
    if (auto it = renamed_.find(v.get()); it != renamed_.end())
      return it->second;
    auto nv = Var::make(v->name() + suffix_, mutateType(v->type()), v->span());
    renamed_[v.get()] = nv;
    remap(v, nv);
    return nv;
  }

private:
  std::unordered_set<const Var *> locals_;
  std::string suffix_;
  std::unordered_map<const Var *, VarPtr> targets_;
  std::unordered_map<const Var *, VarPtr> renamed_;
};

struct Splice {
  std::vector<StmtPtr> stmts; ///< to insert before the site
  ExprList results;           ///< the returned values
};

bool isAtom(const ExprPtr &e) {
  return isa<Var>(e) || isa<ConstInt>(e) || isa<ConstFloat>(e) || isa<ConstBool>(e);
}

class Splicer {
public:
  Splicer(const Function &callee, const Call &call, unsigned n, DiagnosticEngine &diags)
      : callee_(callee), call_(call), suffix_("_inline" + std::to_string(n)), diags_(diags) {}
  std::optional<Splice> run();

private:
  void seedParams(VarMap &seed);
  bool retargetOutParams(const VarMap &map, SpliceRenamer &renamer);

  const Function &callee_;
  const Call &call_;
  std::string suffix_;
  DiagnosticEngine &diags_;
  Splice out_;
  VarMap seeded_;
  std::vector<std::pair<VarPtr, ExprPtr>> constants_; ///< placeholder → constant actual
};

/// Parameter → actual: variables directly; constants through a placeholder the renamer
/// substitutes; other expressions bound to `<param>_inline<N>` first.
void Splicer::seedParams(VarMap &seed) {
  for (size_t i = 0; i < callee_.params().size(); ++i) {
    const VarPtr &param = callee_.params()[i].var;
    const ExprPtr &actual = call_.args()[i];
    if (auto v = as<Var>(actual)) {
      seed[param.get()] = v;
    } else if (isAtom(actual)) {
      auto placeholder = Var::make(param->name(), param->type(), param->span());
      constants_.emplace_back(placeholder, actual);
      seed[param.get()] = placeholder;
    } else {
      auto tmp = Var::make(param->name() + suffix_, param->type(), actual->span());
      out_.stmts.push_back(Assign::make(tmp, actual, call_.span()));
      seed[param.get()] = tmp;
    }
  }
  seeded_ = seed;
}

/// A body that re-binds an Out / InOut parameter re-binds the caller's variable.
bool Splicer::retargetOutParams(const VarMap &map, SpliceRenamer &renamer) {
  for (size_t i = 0; i < callee_.params().size(); ++i) {
    const Param &p = callee_.params()[i];
    const VarPtr &now = map.at(p.var.get());
    if (p.direction == ParamDirection::In || now == seeded_.at(p.var.get()))
      continue;
    auto actual = as<Var>(call_.args()[i]);
    if (!actual) {
      diags_.error("IN002",
                   call_.args()[i]->span().valid() ? call_.args()[i]->span() : call_.span(),
                   "Inline function '" + callee_.name() + "' re-assigns its " +
                       std::string(directionName(p.direction)) + " parameter '" + p.var->name() +
                       "'; expected a variable as its argument");
      return false;
    }
    renamer.retarget(now, actual);
  }
  return true;
}

std::optional<Splice> Splicer::run() {
  VarMap map;
  seedParams(map);
  StmtPtr body = deepClone(callee_.body(), map);
  SpliceRenamer renamer(collectBindings(body), suffix_);
  for (auto &[placeholder, constant] : constants_)
    renamer.remap(placeholder, constant);
  if (!retargetOutParams(map, renamer))
    return std::nullopt;
  body = renamer.mutateStmt(body);
  for (auto &s : topLevel(body)) {
    if (auto *r = dynCast<Return>(s))
      out_.results = r->values();
    else
      out_.stmts.push_back(s);
  }
  return std::move(out_);
}

// ---- Call sites --------------------------------------------------------------------------------

/// Variables used other than as `t[i]` (tuple-unpack candidates must have no such use).
class WholeUseCollector final : public IRVisitor {
public:
  void visitVarUse(const VarPtr &v) override {
    whole.insert(v.get());
    IRVisitor::visitVarUse(v);
  }
  void visitTupleGetItem(const TupleGetItem &e) override {
    if (!isa<Var>(e.tuple()))
      IRVisitor::visitTupleGetItem(e);
  }
  std::unordered_set<const Var *> whole;
};

/// Moves Inline calls nested in an expression into temporaries `<callee>_ret` bound before the
/// statement (the next round splices them). The right operand of && / || is left alone: it may
/// not be evaluated.
class NestedInlineHoister final : public IRMutator {
public:
  NestedInlineHoister(const InlineTable &table, std::vector<StmtPtr> &pre)
      : table_(table), pre_(pre) {}

  /// Hoists the Inline calls below `e`; `e` itself stays when `keepTop` (a spliceable site).
  ExprPtr hoist(const ExprPtr &e, bool keepTop) {
    if (auto c = as<Call>(e); c && keepTop)
      return IRMutator::mutateCall(c);
    return mutateExpr(e);
  }

  ExprPtr mutateCall(const std::shared_ptr<const Call> &e) override {
    ExprPtr r = IRMutator::mutateCall(e);
    auto *c = dynCast<Call>(r);
    if (!c || !inlineCallee(table_, c->target()))
      return r;
    auto tmp = Var::make(c->target().function + "_ret", c->type(), c->span());
    pre_.push_back(Assign::make(tmp, r, c->span()));
    return tmp;
  }

  ExprPtr mutateBinary(const std::shared_ptr<const Binary> &e) override {
    if (e->op() != BinaryOp::And && e->op() != BinaryOp::Or)
      return IRMutator::mutateBinary(e);
    ExprPtr l = mutateExpr(e->lhs());
    return l == e->lhs()
               ? e
               : std::make_shared<const Binary>(e->op(), l, e->rhs(), e->type(), e->span());
  }

private:
  const InlineTable &table_;
  std::vector<StmtPtr> &pre_;
};

/// `pre..., s` as one statement (s may be null: deleted).
StmtPtr withPre(std::vector<StmtPtr> pre, StmtPtr s, const Span &span) {
  if (pre.empty())
    return s;
  if (s)
    pre.push_back(std::move(s));
  return Seq::flatten(std::move(pre), span);
}

/// One sweep over a function: splices every call statement whose callee is Inline.
class CallSiteInliner final : public IRMutator {
public:
  CallSiteInliner(const InlineTable &table, unsigned &counter, DiagnosticEngine &diags,
                  const Function &f)
      : table_(table), counter_(counter), diags_(diags) {
    WholeUseCollector c;
    c.visitFunction(f);
    wholeUses_ = std::move(c.whole);
  }
  bool failed = false;

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    std::vector<StmtPtr> pre;
    ExprPtr value = hoist(mutateExpr(s->value()), pre, true);
    auto splice = trySplice(value);
    VarPtr lhs = mutateVarDef(s->var());
    if (!splice) {
      bool same = value == s->value() && lhs == s->var();
      return withPre(std::move(pre), same ? s : Assign::make(lhs, value, s->span()), s->span());
    }
    if (splice->results.size() == 1 && resultCount(value) == 1) {
      if (splice->results[0] != lhs)
        splice->stmts.push_back(Assign::make(lhs, splice->results[0], s->span()));
    } else {
      unpackTuple(lhs, *splice, s->span());
    }
    return withPre(std::move(pre), Seq::flatten(std::move(splice->stmts), s->span()), s->span());
  }

  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    std::vector<StmtPtr> pre;
    ExprPtr e = hoist(mutateExpr(s->expr()), pre, true);
    auto splice = trySplice(e);
    if (!splice)
      return withPre(std::move(pre), e == s->expr() ? s : Eval::make(e, s->span()), s->span());
    StmtPtr body =
        splice->stmts.empty() ? nullptr : Seq::flatten(std::move(splice->stmts), s->span());
    return withPre(std::move(pre), body, s->span());
  }

  StmtPtr mutateReturn(const std::shared_ptr<const Return> &s) override {
    std::vector<StmtPtr> pre;
    bool single = s->values().size() == 1;
    ExprList vals;
    for (auto &v : s->values())
      vals.push_back(hoist(mutateExpr(v), pre, single));
    auto splice = single ? trySplice(vals[0]) : std::nullopt;
    if (!splice)
      return withPre(std::move(pre), vals == s->values() ? s : Return::make(vals, s->span()),
                     s->span());
    splice->stmts.push_back(Return::make(splice->results, s->span()));
    return withPre(std::move(pre), Seq::flatten(std::move(splice->stmts), s->span()), s->span());
  }

  StmtPtr mutateYield(const std::shared_ptr<const Yield> &s) override {
    std::vector<StmtPtr> pre;
    ExprList vals;
    for (auto &v : s->values())
      vals.push_back(hoist(mutateExpr(v), pre, false));
    return withPre(std::move(pre), vals == s->values() ? s : Yield::make(vals, s->span()),
                   s->span());
  }

  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    StmtPtr r = IRMutator::mutateIf(s);
    auto *i = dynCast<If>(r);
    std::vector<StmtPtr> pre;
    ExprPtr cond = i ? hoist(i->cond(), pre, false) : nullptr;
    if (pre.empty())
      return r;
    auto rebuilt = If::make(cond, i->thenBody(), i->elseBody(), i->returnVars(), i->span());
    return withPre(std::move(pre), rebuilt, s->span());
  }

  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    StmtPtr r = IRMutator::mutateFor(s);
    auto *f = dynCast<For>(r);
    if (!f)
      return r;
    std::vector<StmtPtr> pre;
    ExprPtr start = hoist(f->start(), pre, false), stop = hoist(f->stop(), pre, false),
            step = hoist(f->step(), pre, false);
    auto iters = hoistInits(f->iterArgs(), pre);
    if (pre.empty())
      return r;
    auto rebuilt = For::make(f->loopVar(), start, stop, step, std::move(iters), f->body(),
                             f->returnVars(), f->forKind(), f->attrs(), f->span());
    return withPre(std::move(pre), rebuilt, s->span());
  }

  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override {
    StmtPtr r = IRMutator::mutateWhile(s);
    auto *w = dynCast<While>(r);
    std::vector<StmtPtr> pre;
    auto iters = w ? hoistInits(w->iterArgs(), pre) : std::vector<IterArg>{};
    if (pre.empty())
      return r; // a call in the condition runs every iteration: left for the verifier
    auto rebuilt = While::make(w->cond(), std::move(iters), w->body(), w->returnVars(), w->span());
    return withPre(std::move(pre), rebuilt, s->span());
  }

  ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem> &e) override {
    if (auto *v = dynCast<Var>(e->tuple())) {
      auto it = unpacked_.find(v);
      if (it != unpacked_.end() && e->index() >= 0 && size_t(e->index()) < it->second.size())
        return it->second[size_t(e->index())];
    }
    return IRMutator::mutateTupleGetItem(e);
  }

private:
  ExprPtr hoist(const ExprPtr &e, std::vector<StmtPtr> &pre, bool keepTop) {
    return NestedInlineHoister(table_, pre).hoist(e, keepTop);
  }
  std::vector<IterArg> hoistInits(const std::vector<IterArg> &iters, std::vector<StmtPtr> &pre) {
    std::vector<IterArg> out = iters;
    for (auto &ia : out)
      ia.init = hoist(ia.init, pre, false);
    return out;
  }

  /// Number of results of a call (1 unless its callee returns several).
  size_t resultCount(const ExprPtr &call) const {
    auto *c = dynCast<Call>(call);
    const Function *f = c ? inlineCallee(table_, c->target()) : nullptr;
    return f ? f->returnTypes().size() : 1;
  }

  std::optional<Splice> trySplice(const ExprPtr &e) {
    auto *call = dynCast<Call>(e);
    const Function *callee = call ? inlineCallee(table_, call->target()) : nullptr;
    if (!callee || failed)
      return std::nullopt;
    if (call->args().size() != callee->params().size()) {
      diags_.error("IN004", call->span(),
                   "call to Inline function '" + callee->name() + "' passes " +
                       std::to_string(call->args().size()) + " arguments; expected " +
                       std::to_string(callee->params().size()));
      failed = true;
      return std::nullopt;
    }
    auto splice = Splicer(*callee, *call, counter_++, diags_).run();
    failed |= !splice;
    return splice;
  }

  /// `t = f(..)` with several results: `t[i]` uses become the results (bound to fresh
  /// variables unless atomic); a whole use of t keeps `t = {results}`.
  void unpackTuple(const VarPtr &lhs, Splice &splice, const Span &span) {
    if (wholeUses_.count(lhs.get())) {
      splice.stmts.push_back(Assign::make(lhs, MakeTuple::make(splice.results, span), span));
      return;
    }
    ExprList values;
    for (size_t i = 0; i < splice.results.size(); ++i) {
      const ExprPtr &r = splice.results[i];
      if (isAtom(r)) {
        values.push_back(r);
        continue;
      }
      auto tmp = Var::make(lhs->name() + "_" + std::to_string(i), r->type(), span);
      splice.stmts.push_back(Assign::make(tmp, r, span));
      values.push_back(tmp);
    }
    unpacked_[lhs.get()] = std::move(values);
  }

  const InlineTable &table_;
  unsigned &counter_;
  DiagnosticEngine &diags_;
  std::unordered_set<const Var *> wholeUses_;
  std::unordered_map<const Var *, ExprList> unpacked_;
};

/// Functions whose calls of Orchestration functions are spliced too: orchestration code.
bool callsOrchestrationsInline(FunctionType t) {
  return t == FunctionType::Orchestration || t == FunctionType::Opaque;
}

/// One round over the non-Inline functions; nullopt after an error. Orchestration code splices
/// the callees of `orchTable` (Inline and Orchestration functions), other functions `table`'s.
std::optional<std::vector<FunctionPtr>> inlineRound(const std::vector<FunctionPtr> &fs,
                                                    const InlineTable &table,
                                                    const InlineTable &orchTable, unsigned &counter,
                                                    DiagnosticEngine &diags, bool &changed) {
  std::vector<FunctionPtr> out;
  for (auto &f : fs) {
    if (f->type() == FunctionType::Inline) {
      out.push_back(f);
      continue;
    }
    CallSiteInliner inliner(callsOrchestrationsInline(f->type()) ? orchTable : table, counter,
                            diags, *f);
    FunctionPtr nf = inliner.mutateFunction(f);
    if (inliner.failed)
      return std::nullopt;
    changed |= nf != f;
    out.push_back(nf);
  }
  return out;
}

std::vector<FunctionPtr> dropUncalledInlines(const std::vector<FunctionPtr> &fs) {
  std::set<std::string, std::less<>> called;
  for (auto &f : fs)
    if (f->type() != FunctionType::Inline)
      collectCallees(*f, called);
  // Inline functions still called from a kept Inline function (a nested call left behind)
  // stay too; iterate until stable.
  std::vector<FunctionPtr> kept;
  for (bool grew = true; grew;) {
    grew = false;
    for (auto &f : fs)
      if (f->type() == FunctionType::Inline && called.count(f->name()) &&
          std::find(kept.begin(), kept.end(), f) == kept.end()) {
        kept.push_back(f);
        collectCallees(*f, called);
        grew = true;
      }
  }
  std::vector<FunctionPtr> out;
  for (auto &f : fs)
    if (f->type() != FunctionType::Inline || std::find(kept.begin(), kept.end(), f) != kept.end())
      out.push_back(f);
  return out;
}
} // namespace

ProgramPtr inlineFunctions(const ProgramPtr &p, DiagnosticEngine &diags) {
  InlineTable table, orchTable;
  for (auto &f : p->functions()) {
    if (f->type() == FunctionType::Inline)
      table.emplace(f->name(), f);
    if (f->type() == FunctionType::Inline || f->type() == FunctionType::Orchestration)
      orchTable.emplace(f->name(), f);
  }
  if (orchTable.empty())
    return p;
  if (!CycleFinder(orchTable, diags).run())
    return nullptr;
  bool shapesOk = true;
  for (auto &[name, f] : orchTable)
    shapesOk &= checkCalleeShape(*f, diags);
  if (!shapesOk)
    return nullptr;
  std::vector<FunctionPtr> fs = p->functions();
  unsigned counter = 0;
  bool spliced = false;
  // Acyclic: every round removes one level of nesting.
  for (size_t round = 0;; ++round) {
    PL_CHECK(round <= orchTable.size() + 1, "inline-functions", "no fixpoint after every level");
    bool changed = false;
    auto next = inlineRound(fs, table, orchTable, counter, diags, changed);
    if (!next)
      return nullptr;
    fs = std::move(*next);
    spliced |= changed;
    if (!changed)
      break;
  }
  if (!spliced && table.empty())
    return p;
  ProgramPtr out = p->withFunctions(dropUncalledInlines(fs));
  unsigned before = diags.errorCount();
  verifyInlineFunctionsEliminated(*out, diags);
  return diags.errorCount() == before ? out : nullptr;
}

PL_DEFINE_PROGRAM_PASS(InlineFunctions, inlineFunctions)

} // namespace pl::passes
