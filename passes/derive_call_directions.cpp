// DeriveCallDirections: per-argument `arg_directions` on function calls (see
// derive_call_directions.h).
#include "passes/derive_call_directions.h"

#include "ir/arg_direction.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/utils/buffer_aliases.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

constexpr const char *kOverrides = "arg_direction_overrides";
constexpr size_t kMaxTaskTensors = 32, kMaxTaskScalars = 16;

bool isTensorArg(const ExprPtr &e) {
  const TypePtr &t = e->type();
  return t && (dynCast<TensorType>(t) || dynCast<TupleType>(t));
}

bool isWrapper(const Function &f) {
  return f.type() == FunctionType::Group || f.type() == FunctionType::Spmd;
}

/// Every function call and submit of a subtree: callee name and arguments, in order.
class CallSites : public IRVisitor {
public:
  CallSites() { visitTypes_ = false; }
  std::vector<std::pair<const std::string *, const ExprList *>> sites;
  void visitCall(const Call &c) override {
    if (!c.target().isOp())
      sites.emplace_back(&c.target().function, &c.args());
    IRVisitor::visitCall(c);
  }
  void visitSubmit(const Submit &s) override {
    sites.emplace_back(&s.target().function, &s.args());
    IRVisitor::visitSubmit(s);
  }
};

using DirectionTable = std::map<std::string, std::vector<ParamDirection>, std::less<>>;

/// One round over the wrappers: raises a wrapper parameter to what its inner callees do with
/// it. Returns whether anything changed.
bool raiseWrapperDirections(const Program &p, DirectionTable &dirs) {
  bool changed = false;
  for (auto &f : p.functions()) {
    if (!isWrapper(*f))
      continue;
    std::vector<ParamDirection> &own = dirs[f->name()];
    CallSites cs;
    cs.visitStmt(f->body());
    for (auto [callee, args] : cs.sites) {
      auto it = dirs.find(*callee);
      if (it == dirs.end())
        continue;
      for (size_t i = 0; i < args->size() && i < it->second.size(); ++i)
        for (size_t j = 0; j < f->params().size(); ++j) {
          if ((*args)[i] != f->params()[j].var)
            continue;
          ParamDirection merged = mergeDirection(own[j], it->second[i]);
          changed |= merged != own[j];
          own[j] = merged;
        }
    }
  }
  return changed;
}

/// Phase 0: Group / Spmd signatures raised to their inner calls' directions (fixpoint).
ProgramPtr materializeWrapperDirections(const ProgramPtr &p) {
  DirectionTable dirs;
  for (auto &f : p->functions())
    for (auto &prm : f->params())
      dirs[f->name()].push_back(prm.direction);
  while (raiseWrapperDirections(*p, dirs)) {
  }
  std::vector<FunctionPtr> fns;
  bool changed = false;
  for (auto &f : p->functions()) {
    std::vector<Param> params = f->params();
    bool mine = false;
    for (size_t j = 0; j < params.size(); ++j) {
      mine |= params[j].direction != dirs[f->name()][j];
      params[j].direction = dirs[f->name()][j];
    }
    changed |= mine;
    fns.push_back(mine ? f->withSignature(std::move(params), f->returnTypes(), f->body()) : f);
  }
  return changed ? p->withFunctions(std::move(fns)) : p;
}

class ReturnParams;

/// The buffer root of every variable of one function body: the Var whose buffer it names
/// (parameters and created tensors are their own roots), and which variables are ambiguous.
class BufferRoots {
public:
  BufferRoots(const Program &p, ReturnParams &rp) : program_(p), returns_(rp) {}
  void run(const Function &f) {
    for (auto &prm : f.params())
      root_[prm.var.get()] = prm.var.get();
    walk(f.body());
  }
  /// The root of a variable argument (itself when unknown); nullptr for non-variables.
  const Var *rootOf(const ExprPtr &e) const {
    const Var *r = recordedRoot(root_, e);
    return r ? r : dynCast<Var>(e);
  }
  bool ambiguous(const ExprPtr &e) const {
    auto *v = dynCast<Var>(e);
    return v && ambiguous_.count(v);
  }

private:
  void walk(const StmtPtr &s);
  void assign(const Assign &s);
  void callResult(const Var &v, const CallTarget &t, const ExprList &args, bool tuple);
  void loop(const std::vector<IterArg> &iterArgs, const StmtPtr &body,
            const std::vector<VarPtr> &returnVars);
  void ifStmt(const If &s);
  void alias(const Var &v, const ExprPtr &from) {
    root_[&v] = rootOf(from);
    if (ambiguous(from))
      ambiguous_.insert(&v);
  }

  const Program &program_;
  ReturnParams &returns_;
  AliasRoots root_;
  std::unordered_set<const Var *> ambiguous_;
  std::unordered_map<const Var *, ExprList> tuples_; ///< tuple var → the argument per element
};

/// Per function: which parameter each returned value is (-1: none), memoized.
class ReturnParams {
public:
  explicit ReturnParams(const Program &p) : program_(p) {}
  const std::vector<int> &of(const std::string &name) {
    auto it = cache_.find(name);
    if (it != cache_.end())
      return it->second;
    std::vector<int> &out = cache_[name]; // a recursive query sees "unknown"
    FunctionPtr f = program_.lookup(name);
    const Stmt *last = f ? f->body().get() : nullptr;
    if (auto *seq = last ? dynCast<Seq>(last) : nullptr)
      last = seq->stmts().empty() ? nullptr : seq->stmts().back().get();
    auto *ret = last ? dynCast<Return>(last) : nullptr;
    if (!ret)
      return out;
    BufferRoots roots(program_, *this);
    roots.run(*f);
    std::vector<int> result;
    for (auto &v : ret->values()) {
      const Var *r = roots.rootOf(v);
      int idx = -1;
      for (size_t i = 0; i < f->params().size(); ++i)
        if (f->params()[i].var.get() == r)
          idx = static_cast<int>(i);
      result.push_back(idx);
    }
    return cache_[name] = std::move(result);
  }

private:
  const Program &program_;
  std::map<std::string, std::vector<int>> cache_;
};

void BufferRoots::walk(const StmtPtr &s) {
  if (!s)
    return;
  switch (s->kind()) {
  case StmtKind::Assign:
    return assign(static_cast<const Assign &>(*s));
  case StmtKind::Seq:
    for (auto &c : static_cast<const Seq &>(*s).stmts())
      walk(c);
    return;
  case StmtKind::Scope:
    return walk(static_cast<const Scope &>(*s).body());
  case StmtKind::If:
    return ifStmt(static_cast<const If &>(*s));
  case StmtKind::For: {
    auto &f = static_cast<const For &>(*s);
    return loop(f.iterArgs(), f.body(), f.returnVars());
  }
  case StmtKind::While: {
    auto &w = static_cast<const While &>(*s);
    return loop(w.iterArgs(), w.body(), w.returnVars());
  }
  default:
    return;
  }
}

void BufferRoots::assign(const Assign &s) {
  const Var &v = *s.var();
  const ExprPtr &e = s.value();
  if (isa<Var>(e))
    return alias(v, e);
  if (auto *g = dynCast<TupleGetItem>(e)) {
    auto it = tuples_.find(dynCast<Var>(g->tuple()));
    if (it != tuples_.end() && g->index() >= 0 &&
        static_cast<size_t>(g->index()) < it->second.size() && it->second[g->index()])
      alias(v, it->second[static_cast<size_t>(g->index())]);
    return;
  }
  if (auto *sb = dynCast<Submit>(e))
    return callResult(v, sb->target(), sb->args(), /*tuple=*/true);
  auto *c = dynCast<Call>(e);
  if (!c)
    return;
  if (!c->target().isOp())
    return callResult(v, c->target(), c->args(), dynCast<TupleType>(c->type()) != nullptr);
  const Op &op = *c->target().op;
  std::optional<int> from = op.outputAliasesArg;
  if (!from && isTensorViewOp(op))
    from = 0;
  if (from && static_cast<size_t>(*from) < c->args().size())
    alias(v, c->args()[static_cast<size_t>(*from)]);
}

/// A call result names the argument passed for the parameter the callee returns; when that is
/// unknown, a single result conservatively names the first Out / InOut tensor argument.
void BufferRoots::callResult(const Var &v, const CallTarget &t, const ExprList &args, bool tuple) {
  const std::vector<int> &rets = returns_.of(t.function);
  auto argFor = [&](size_t k) -> ExprPtr {
    if (k < rets.size() && rets[k] >= 0 && static_cast<size_t>(rets[k]) < args.size())
      return args[static_cast<size_t>(rets[k])];
    return nullptr;
  };
  if (tuple) {
    ExprList elems;
    for (size_t k = 0; k < rets.size(); ++k)
      elems.push_back(argFor(k));
    tuples_[&v] = std::move(elems);
    return;
  }
  if (ExprPtr a = argFor(0))
    return alias(v, a);
  FunctionPtr callee = program_.lookup(t.function);
  for (size_t i = 0; callee && i < args.size() && i < callee->params().size(); ++i)
    if (callee->params()[i].direction != ParamDirection::In && isTensorArg(args[i]))
      return alias(v, args[i]);
}

void BufferRoots::loop(const std::vector<IterArg> &iterArgs, const StmtPtr &body,
                       const std::vector<VarPtr> &returnVars) {
  for (auto &a : iterArgs)
    alias(*a.var, a.init);
  walk(body);
  const Yield *y = trailingYield(body);
  for (size_t i = 0; i < iterArgs.size() && i < returnVars.size(); ++i) {
    const Var &rv = *returnVars[i];
    alias(rv, iterArgs[i].init);
    bool same = y && i < y->values().size() && rootOf(y->values()[i]) == rootOf(iterArgs[i].init);
    if (!same || ambiguous(y->values()[i])) { // zero trips vs. a body yielding another buffer
      ambiguous_.insert(&rv);
      ambiguous_.insert(iterArgs[i].var.get());
    }
  }
}

void BufferRoots::ifStmt(const If &s) {
  walk(s.thenBody());
  walk(s.elseBody());
  const Yield *ty = trailingYield(s.thenBody()), *ey = trailingYield(s.elseBody());
  for (size_t i = 0; i < s.returnVars().size(); ++i) {
    if (!ty || i >= ty->values().size())
      continue;
    const Var &rv = *s.returnVars()[i];
    alias(rv, ty->values()[i]);
    if (!ey || i >= ey->values().size() || rootOf(ey->values()[i]) != rootOf(ty->values()[i]) ||
        ambiguous(ey->values()[i]))
      ambiguous_.insert(&rv);
  }
}

/// Roots each callee Out / InOut argument of a call-like node writes.
std::vector<const Var *> writtenRoots(const Program &p, const BufferRoots &roots,
                                      const CallTarget &t, const ExprList &args) {
  std::vector<const Var *> out;
  FunctionPtr callee = t.isOp() ? nullptr : p.lookup(t.function);
  for (size_t i = 0; callee && i < args.size() && i < callee->params().size(); ++i)
    if (callee->params()[i].direction != ParamDirection::In)
      if (const Var *r = roots.rootOf(args[i]))
        out.push_back(r);
  return out;
}

using RootSet = std::unordered_set<const Var *>;

/// Per call: the roots it is the first writer of within its block (R-prior). A loop or an if
/// is one writer unit for the statements after it; inside, it starts from what was written
/// before it. Scopes and blocks are transparent.
class PriorWriters {
public:
  PriorWriters(const Program &p, const BufferRoots &roots) : program_(p), roots_(roots) {}
  /// Per call: the roots it writes first (a few per call: a list, not a hash set per call).
  std::unordered_map<const Expr *, std::vector<const Var *>> firstWriter;

  void scan(const StmtPtr &s, RootSet &seen) {
    if (!s)
      return;
    switch (s->kind()) {
    case StmtKind::Seq:
      for (auto &c : static_cast<const Seq &>(*s).stmts())
        scan(c, seen);
      return;
    case StmtKind::Scope:
      return scan(static_cast<const Scope &>(*s).body(), seen);
    case StmtKind::Assign:
      return call(static_cast<const Assign &>(*s).value(), seen);
    case StmtKind::Eval:
      return call(static_cast<const Eval &>(*s).expr(), seen);
    case StmtKind::If: {
      auto &i = static_cast<const If &>(*s);
      return unit(s, {i.thenBody(), i.elseBody()}, seen);
    }
    case StmtKind::For:
      return unit(s, {static_cast<const For &>(*s).body()}, seen);
    case StmtKind::While:
      return unit(s, {static_cast<const While &>(*s).body()}, seen);
    default:
      return;
    }
  }

private:
  void unit(const StmtPtr &s, std::initializer_list<StmtPtr> bodies, RootSet &seen) {
    for (auto &b : bodies) {
      RootSet inner = seen;
      scan(b, inner);
    }
    const RootSet &w = written(s);
    seen.insert(w.begin(), w.end());
  }

  void call(const ExprPtr &e, RootSet &seen) {
    const CallTarget *t = nullptr;
    const ExprList *args = nullptr;
    if (auto *c = dynCast<Call>(e))
      t = &c->target(), args = &c->args();
    else if (auto *sb = dynCast<Submit>(e))
      t = &sb->target(), args = &sb->args();
    if (!t || t->isOp())
      return;
    std::vector<const Var *> &first = firstWriter[e.get()];
    const std::vector<const Var *> written = writtenRoots(program_, roots_, *t, *args);
    for (const Var *r : written)
      if (!seen.count(r) && std::find(first.begin(), first.end(), r) == first.end())
        first.push_back(r);
    seen.insert(written.begin(), written.end());
  }

  /// Roots written by any function call in a subtree (cached).
  const RootSet &written(const StmtPtr &s) {
    auto it = cache_.find(s.get());
    if (it != cache_.end())
      return it->second;
    CallSites cs;
    cs.visitStmt(s);
    RootSet out;
    for (auto [callee, args] : cs.sites)
      for (const Var *r : writtenRoots(program_, roots_, CallTarget{nullptr, *callee}, *args))
        out.insert(r);
    return cache_[s.get()] = std::move(out);
  }

  const Program &program_;
  const BufferRoots &roots_;
  std::unordered_map<const Stmt *, RootSet> cache_;
};

/// Writes `arg_directions` on every function call of one function.
class DirectionWriter : public IRMutator {
public:
  DirectionWriter(const Program &p, const Function &f, const BufferRoots &roots,
                  const PriorWriters &prior, DiagnosticEngine &diags)
      : program_(p), roots_(roots), prior_(prior), diags_(diags) {
    for (auto &prm : f.params())
      if (prm.direction == ParamDirection::InOut)
        inoutParams_.insert(prm.var.get());
  }
  bool failed = false;

  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    int seq = s->forKind() != ForKind::Parallel;
    sequentialDepth_ += seq;
    StmtPtr out = IRMutator::mutateFor(s);
    sequentialDepth_ -= seq;
    return out;
  }
  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override {
    ++sequentialDepth_;
    StmtPtr out = IRMutator::mutateWhile(s);
    --sequentialDepth_;
    return out;
  }

  ExprPtr mutateCall(const std::shared_ptr<const Call> &e) override {
    return withDirectionsAttr<Call>(*e, IRMutator::mutateCall(e));
  }
  /// A submit is an asynchronous call: its arguments get directions by the same rules.
  ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &e) override {
    return withDirectionsAttr<Submit>(*e, IRMutator::mutateSubmit(e));
  }

private:
  /// `mutated` (the Call or Submit `site` became) with `arg_directions` added where it needs them.
  template <typename CallLike>
  ExprPtr withDirectionsAttr(const Expr &site, const ExprPtr &mutated) {
    auto *n = dynCast<CallLike>(mutated);
    std::optional<AttrList> attrs =
        n ? withDirections(site, n->target(), n->args(), n->attrs()) : std::nullopt;
    if (!attrs)
      return mutated;
    return n->with(n->target(), n->args(), std::move(*attrs), n->type());
  }

  /// `attrs` plus `arg_directions` for a call-like node `site` (as it was before mutation, the
  /// key of the prior-writer facts); nullopt when it needs none or already has them.
  std::optional<AttrList> withDirections(const Expr &site, const CallTarget &t,
                                         const ExprList &args, const AttrList &attrs) {
    if (t.isOp() || findAttr(attrs, kArgDirectionsAttr))
      return std::nullopt;
    FunctionPtr callee = program_.lookup(t.function);
    if (!callee || callee->params().size() != args.size())
      return std::nullopt; // UseAfterDef / TypeChecked report it
    std::vector<ArgDirection> dirs;
    dirs.reserve(args.size());
    for (size_t i = 0; i < args.size(); ++i)
      dirs.push_back(direction(site, args[i], callee->params()[i].direction));
    if (!applyOverrides(t, attrs, site.span(), dirs) || !withinTaskLimits(*callee, site, dirs))
      return std::nullopt;
    AttrList out = attrs;
    out.emplace_back(std::string(kArgDirectionsAttr), argDirectionsAttr(dirs));
    return out;
  }

  /// A kernel call or submit is one core task: the runtime packs at most kMaxTaskTensors tensors
  /// and kMaxTaskScalars scalars into it (PTO2's CoreTaskArgs).
  bool withinTaskLimits(const Function &callee, const Expr &site,
                        const std::vector<ArgDirection> &dirs) {
    if (!isKernel(callee.type()))
      return true;
    size_t scalars = 0;
    for (ArgDirection d : dirs)
      scalars += d == ArgDirection::Scalar;
    size_t tensors = dirs.size() - scalars;
    auto over = [&](size_t n, size_t limit, const char *what) {
      if (n <= limit)
        return false;
      diags_.error("CD002", site.span(),
                   "kernel '" + callee.name() + "' takes " + std::to_string(n) + " " + what +
                       "; a core task carries at most " + std::to_string(limit));
      failed = true;
      return true;
    };
    bool bad = over(tensors, kMaxTaskTensors, "tensors");
    bad |= over(scalars, kMaxTaskScalars, "scalars");
    return !bad;
  }

  ArgDirection direction(const Expr &call, const ExprPtr &arg, ParamDirection pd) const {
    if (!isTensorArg(arg))
      return ArgDirection::Scalar;
    if (pd == ParamDirection::In)
      return ArgDirection::Input;
    if (pd == ParamDirection::InOut)
      return ArgDirection::InOut;
    if (sequentialDepth_ > 0 || roots_.ambiguous(arg)) // R-seq, ambiguous buffer
      return ArgDirection::InOut;
    const Var *root = roots_.rootOf(arg);
    if (!root)
      return ArgDirection::OutputExisting;
    auto it = prior_.firstWriter.find(&call);
    if (it == prior_.firstWriter.end() ||
        std::find(it->second.begin(), it->second.end(), root) == it->second.end()) // R-prior
      return ArgDirection::InOut;
    if (inoutParams_.count(root)) // R-enclosing
      return ArgDirection::InOut;
    return ArgDirection::OutputExisting;
  }

  bool applyOverrides(const CallTarget &t, const AttrList &attrs, const Span &span,
                      std::vector<ArgDirection> &dirs) {
    auto *v = findAttr(attrs, kOverrides);
    auto *idx = v ? std::get_if<std::vector<int64_t>>(v) : nullptr;
    if (!idx)
      return true;
    for (int64_t i : *idx) {
      if (i >= 0 && static_cast<size_t>(i) < dirs.size()) {
        dirs[static_cast<size_t>(i)] = ArgDirection::NoDep;
        continue;
      }
      diags_.error("CD001", span,
                   "arg_direction_overrides index " + std::to_string(i) + " is out of range for '" +
                       t.name() + "' with " + std::to_string(dirs.size()) + " argument(s)");
      failed = true;
      return false;
    }
    return true;
  }

  const Program &program_;
  const BufferRoots &roots_;
  const PriorWriters &prior_;
  DiagnosticEngine &diags_;
  std::unordered_set<const Var *> inoutParams_;
  int sequentialDepth_ = 0;
};
} // namespace

ProgramPtr deriveCallDirections(const ProgramPtr &input, DiagnosticEngine &diags) {
  ProgramPtr p = materializeWrapperDirections(input);
  ReturnParams returns(*p);
  std::vector<FunctionPtr> fns;
  bool changed = p != input, failed = false;
  for (auto &f : p->functions()) {
    BufferRoots roots(*p, returns);
    roots.run(*f);
    PriorWriters prior(*p, roots);
    RootSet seen;
    prior.scan(f->body(), seen);
    DirectionWriter writer(*p, *f, roots, prior, diags);
    FunctionPtr g = writer.mutateFunction(f);
    failed |= writer.failed;
    changed |= g != f;
    fns.push_back(g);
  }
  if (failed)
    return nullptr;
  return changed ? p->withFunctions(std::move(fns)) : input;
}

Pass createDeriveCallDirectionsPass(PassOptions &) {
  return createProgramPass(
      PassClass::DeriveCallDirections,
      [](const ProgramPtr &p, PassContext &ctx) { return deriveCallDirections(p, ctx.diags()); });
}

} // namespace pl::passes
