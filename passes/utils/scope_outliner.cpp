// The scope outliner shared by the Outline* passes (see scope_outliner.h).
#include "passes/utils/scope_outliner.h"

#include "ir/clone.h"
#include "ir/internal_error.h"
#include "ir/mutator.h"
#include "ir/printer.h"
#include "ir/visitor.h"
#include "passes/utils/buffer_aliases.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;
using ScopePtr = std::shared_ptr<const Scope>;

/// The first scope satisfying `pred` in traversal order.
class ScopeFinder : public IRVisitor {
public:
  explicit ScopeFinder(const std::function<bool(const Scope &)> &pred) : pred_(pred) {
    visitTypes_ = false;
  }
  ScopePtr found;

  void find(const StmtPtr &s) {
    if (found || !s)
      return;
    if (s->kind() == StmtKind::Scope && pred_(static_cast<const Scope &>(*s))) {
      found = std::static_pointer_cast<const Scope>(s);
      return;
    }
    // Only these statements hold statements; the expressions of the others cannot hold a scope.
    switch (s->kind()) {
    case StmtKind::Scope:
    case StmtKind::Seq:
    case StmtKind::If:
    case StmtKind::For:
    case StmtKind::While:
      visitStmt(s);
      break;
    default:
      break;
    }
  }
  void visitScope(const Scope &s) override { find(s.body()); }
  void visitSeq(const Seq &s) override {
    for (auto &c : s.stmts())
      find(c);
  }
  void visitIf(const If &s) override {
    find(s.thenBody());
    find(s.elseBody());
  }
  void visitFor(const For &s) override { find(s.body()); }
  void visitWhile(const While &s) override { find(s.body()); }

private:
  const std::function<bool(const Scope &)> &pred_;
};

ScopePtr findSelected(const StmtPtr &s, const OutlineOptions &opts, const Function &parent) {
  std::function<bool(const Scope &)> selected = [&](const Scope &sc) {
    return opts.select(sc, parent).has_value();
  };
  ScopeFinder finder(selected);
  finder.find(s);
  return finder.found;
}

/// Uses of each variable in the parent as outlining goes: counted once over the function, then
/// kept current as each scope gives way to its call (recounting the whole parent per scope made
/// outlining quadratic in the number of scopes).
class UseCounter : public IRVisitor {
public:
  UseCounter() { visitTypes_ = false; }
  std::unordered_map<const Var *, long> uses;
  /// Adds (sign 1) or removes (sign -1) the uses inside `s`.
  void count(const StmtPtr &s, long sign) {
    sign_ = sign;
    visitStmt(s);
    sign_ = 1;
  }
  bool usedOutside(const Var *v, const std::unordered_map<const Var *, long> &inside) const {
    auto it = uses.find(v);
    auto in = inside.find(v);
    return it != uses.end() && it->second > (in == inside.end() ? 0 : in->second);
  }
  void visitVarUse(const VarPtr &v) override { uses[v.get()] += sign_; }

private:
  long sign_ = 1;
};

/// The callees named in a statement (calls and submits), to look them up.
class CalleeCollector : public IRVisitor {
public:
  CalleeCollector() { visitTypes_ = false; }
  std::set<std::string> names;
  void visitCall(const Call &c) override {
    if (!c.target().isOp())
      names.insert(c.target().function);
    IRVisitor::visitCall(c);
  }
  void visitSubmit(const Submit &s) override {
    if (!s.target().isOp())
      names.insert(s.target().function);
    IRVisitor::visitSubmit(s);
  }
};

/// Binding sites (in order) and first uses (in order) inside a scope body.
class DefUseOrder : public IRVisitor {
public:
  DefUseOrder() { visitTypes_ = false; }
  std::vector<VarPtr> defs, uses;
  std::unordered_set<const Var *> defSet, useSet;
  void visitVarDef(const VarPtr &v) override {
    if (defSet.insert(v.get()).second)
      defs.push_back(v);
  }
  void visitVarUse(const VarPtr &v) override {
    if (!isa<MemRef>(v) && useSet.insert(v.get()).second)
      uses.push_back(v);
  }
};

/// Program-wide function names: default `{f}_{base}_{n}` and name hints.
class NameAllocator {
public:
  explicit NameAllocator(const Program &p) {
    for (auto &f : p.functions())
      taken_.insert(f->name());
  }
  std::string allocate(const std::string &parent, const std::string &base,
                       const std::string &hint) {
    if (hint.empty()) {
      unsigned &n = counters_[{parent, base}];
      const std::string prefix = parent + "_" + base + "_";
      while (taken_.count(prefix + std::to_string(n)))
        ++n;
      return take(prefix + std::to_string(n++));
    }
    auto owner = hintOwner_.find(hint);
    if (!taken_.count(hint)) {
      hintOwner_[hint] = parent;
      return take(hint);
    }
    std::string stem = owner != hintOwner_.end() && owner->second == parent
                           ? hint
                           : parent + "_" + hint;
    if (!taken_.count(stem))
      return take(stem);
    // The smallest free index; names are never released, so the search resumes where the
    // last one for this stem stopped.
    for (unsigned &i = nextIndex_[stem];; ++i)
      if (!taken_.count(stem + "_" + std::to_string(i)))
        return take(stem + "_" + std::to_string(i));
  }

private:
  std::string take(std::string n) {
    taken_.insert(n);
    return n;
  }
  std::set<std::string> taken_;
  std::map<std::pair<std::string, std::string>, unsigned> counters_;
  std::map<std::string, std::string> hintOwner_;
  std::map<std::string, unsigned> nextIndex_;
};

/// The parts of a scope that stay with the call: its task id and dependencies.
struct TaskAttrs {
  VarPtr taskId;
  ExprList deps;
  bool any = false;
};

TaskAttrs taskAttrs(const Scope &s) {
  TaskAttrs t{s.taskId(), {}, s.taskId() != nullptr};
  for (auto &[key, value] : s.attrs()) {
    if (key == "deps") {
      if (auto *es = std::get_if<ExprList>(&value))
        t.deps = *es;
      else if (auto *e = std::get_if<ExprPtr>(&value))
        t.deps = {*e};
      t.any = true;
    }
  }
  return t;
}

/// The outlined function for `scope` with the given live-ins and outputs.
FunctionPtr buildFunction(const Scope &scope, const std::string &name, const OutlinedShape &shape,
                          const std::vector<VarPtr> &liveIns, const std::vector<VarPtr> &outputs,
                          const Program &lookup) {
  VarMap map;
  std::vector<VarPtr> paramVars;
  for (auto &v : liveIns) {
    paramVars.push_back(Var::make(v->name(), v->type(), v->span()));
    map[v.get()] = paramVars.back();
  }
  StmtPtr body = deepClone(scope.body(), map);
  std::vector<ParamDirection> dirs = inferParamDirections(body, paramVars, &lookup);
  AliasRoots roots = computeAliasRoots(body, paramVars, &lookup);
  ExprList rets;
  std::vector<TypePtr> retTypes;
  for (auto &o : outputs) {
    VarPtr v = map.at(o.get());
    auto it = roots.find(v.get());
    ExprPtr r = v;
    if (it != roots.end())
      for (auto &p : paramVars)
        if (p.get() == it->second)
          r = p;
    rets.push_back(r);
    retTypes.push_back(r->type());
  }
  std::vector<Param> params;
  params.reserve(paramVars.size());
  for (size_t i = 0; i < paramVars.size(); ++i)
    params.push_back({paramVars[i], dirs[i]});
  std::vector<StmtPtr> stmts{body, Return::make(rets, scope.span())};
  return Function::make(name, shape.type, std::move(params), std::move(retTypes),
                        Seq::flatten(std::move(stmts), scope.body()->span()), shape.level,
                        shape.role, shape.functionAttrs, scope.span());
}

/// The call (or submit) and output bindings that replace the scope in its parent.
std::vector<StmtPtr> buildCallSite(const Scope &scope, const Function &callee,
                                   const OutlinedShape &shape, const std::vector<VarPtr> &liveIns,
                                   const std::vector<VarPtr> &outputs) {
  ExprList args(liveIns.begin(), liveIns.end());
  CallTarget target{nullptr, callee.name()};
  TypePtr callType = functionCallType(callee.returnTypes());
  TaskAttrs task = taskAttrs(scope);
  const Span &span = scope.span();
  std::vector<StmtPtr> out;
  if (!task.any) {
    ExprPtr call = Call::make(target, args, {}, shape.callAttrs, callType, span);
    if (outputs.empty())
      return {Eval::make(call, span)};
    if (outputs.size() == 1)
      return {Assign::make(outputs[0], call, span)};
    VarPtr tmp = Var::make(callee.name() + "_ret", callType, span);
    out.push_back(Assign::make(tmp, call, span));
    for (size_t i = 0; i < outputs.size(); ++i)
      out.push_back(Assign::make(outputs[i], TupleGetItem::make(tmp, int64_t(i), span), span));
    return out;
  }
  // The launch attributes of the plain call form become the submit's own fields.
  ExprPtr coreNum;
  bool syncStart = false;
  for (auto &[key, value] : shape.callAttrs) {
    if (auto *e = std::get_if<ExprPtr>(&value); e && key == "core_num")
      coreNum = *e;
    else if (auto *b = std::get_if<bool>(&value); b && key == "sync_start")
      syncStart = *b;
    else
      PL_CHECK_AT(false, "scope outliner", span, "call attribute '" + key + "' has no submit form");
  }
  ExprPtr submit =
      std::make_shared<const Submit>(target, args, task.deps, coreNum, syncStart, false, nullptr,
                                     AttrList{}, submitResultType(callType), span);
  VarPtr tmp = Var::make(callee.name() + "_task", submit->type(), span);
  out.push_back(Assign::make(tmp, submit, span));
  for (size_t i = 0; i < outputs.size(); ++i)
    out.push_back(Assign::make(outputs[i], TupleGetItem::make(tmp, int64_t(i), span), span));
  if (task.taskId)
    out.push_back(
        Assign::make(task.taskId, TupleGetItem::make(tmp, int64_t(outputs.size()), span), span));
  return out;
}

/// Outlines the selected scopes of one function in one walk, innermost first (each scope is
/// outlined after the selected scopes inside it), appending the new functions to `added`.
class FunctionOutliner : public IRMutator {
public:
  FunctionOutliner(const Function &parent, const OutlineOptions &opts, NameAllocator &names,
                   std::map<std::string, FunctionPtr, std::less<>> &known,
                   std::vector<FunctionPtr> &added, DiagnosticEngine &diags)
      : parent_(parent), opts_(opts), names_(names), known_(known), added_(added), diags_(diags) {
    uses_.visitFunction(parent);
  }
  bool failed = false;

  StmtPtr mutateScope(const ScopePtr &s) override {
    if (failed)
      return s;
    std::optional<OutlinedShape> shape = opts_.select(*s, parent_);
    if (!shape)
      return IRMutator::mutateScope(s);
    if (opts_.rejectNested) {
      if (ScopePtr inner = findSelected(s->body(), opts_, parent_)) {
        diags_.error(opts_.nestedCode, inner->span(), opts_.nestedMessage);
        failed = true;
        return s;
      }
    }
    if (opts_.rejectNested)
      return outline(s, *shape);
    // The scopes inside first; the shape is then that of the scope as outlined.
    auto rebuilt = std::static_pointer_cast<const Scope>(IRMutator::mutateScope(s));
    if (failed)
      return s;
    if (rebuilt != s) {
      shape = opts_.select(*rebuilt, parent_);
      PL_CHECK_AT(shape.has_value(), opts_.passName, s->span(),
                  "a selected scope is no longer selected once the scopes inside it are outlined");
    }
    return outline(rebuilt, *shape);
  }

private:
  /// The call site replacing `scope`; the parent's use counts follow the replacement.
  StmtPtr outline(const ScopePtr &scope, const OutlinedShape &shape) {
    DefUseOrder order;
    order.visitStmt(scope->body());
    std::vector<VarPtr> liveIns, outputs;
    for (auto &u : order.uses)
      if (!order.defSet.count(u.get()))
        liveIns.push_back(u);
    UseCounter inside;
    inside.count(scope, 1);
    for (auto &d : order.defs)
      if (uses_.usedOutside(d.get(), inside.uses))
        outputs.push_back(d);
    std::string name = names_.allocate(parent_.name(), shape.base, scope->nameHint());
    FunctionPtr f = buildFunction(*scope, name, shape, liveIns, outputs, calleesOf(*scope));
    std::vector<StmtPtr> replacement = buildCallSite(*scope, *f, shape, liveIns, outputs);
    uses_.count(scope, -1);
    for (auto &r : replacement)
      uses_.count(r, 1);
    added_.push_back(f);
    known_.emplace(f->name(), f);
    return replacement.size() == 1 ? replacement[0] : Seq::flatten(replacement, scope->span());
  }

  /// The functions the scope calls (what the direction and alias analyses look up).
  Program calleesOf(const Scope &scope) const {
    CalleeCollector c;
    c.visitStmt(scope.body());
    std::vector<FunctionPtr> fs;
    for (auto &n : c.names)
      if (auto it = known_.find(n); it != known_.end())
        fs.push_back(it->second);
    return Program("lookup", std::move(fs));
  }

  const Function &parent_;
  const OutlineOptions &opts_;
  NameAllocator &names_;
  std::map<std::string, FunctionPtr, std::less<>> &known_;
  std::vector<FunctionPtr> &added_;
  DiagnosticEngine &diags_;
  UseCounter uses_;
};

/// Outlines the scopes of one function; appends the new functions to `added`.
FunctionPtr outlineFunction(FunctionPtr f, const OutlineOptions &opts, NameAllocator &names,
                            std::vector<FunctionPtr> &added,
                            std::map<std::string, FunctionPtr, std::less<>> &known,
                            DiagnosticEngine &diags) {
  size_t before = added.size();
  FunctionOutliner outliner(*f, opts, names, known, added, diags);
  StmtPtr body = f->body() ? outliner.mutateStmt(f->body()) : nullptr;
  if (outliner.failed)
    return nullptr;
  if (added.size() == before)
    return f;
  f = f->withBody(body);
  if (opts.promoteParent)
    if (auto t = opts.promoteParent(*f); t && *t != f->type())
      f = f->withType(*t);
  return f;
}
} // namespace

const Scope *findScope(const StmtPtr &body, const std::function<bool(const Scope &)> &pred) {
  ScopeFinder finder(pred);
  finder.find(body);
  return finder.found.get();
}

ProgramPtr outlineScopes(const ProgramPtr &p, const OutlineOptions &opts,
                         DiagnosticEngine &diags) {
  // Most functions hold no selected scope: a read-only walk that stops at statements proves it,
  // without the name tables, the use counts and the rebuilding walk, which allocate per function
  // and per statement (on the bench_pipeline programs, which have no scopes, they were all of
  // these passes' time: 350 ms at 10^5 statements).
  std::vector<bool> selected;
  selected.reserve(p->functions().size());
  for (auto &f : p->functions())
    selected.push_back((!opts.eligibleParent || opts.eligibleParent(*f)) &&
                       findSelected(f->body(), opts, *f));
  if (std::find(selected.begin(), selected.end(), true) == selected.end())
    return p;
  NameAllocator names(*p);
  std::map<std::string, FunctionPtr, std::less<>> known; // by name: the program and the outlined
  for (auto &f : p->functions())
    known.emplace(f->name(), f);
  std::vector<FunctionPtr> result;
  bool changed = false;
  for (size_t i = 0; i < p->functions().size(); ++i) {
    const FunctionPtr &f = p->functions()[i];
    if (!selected[i]) {
      result.push_back(f);
      continue;
    }
    std::vector<FunctionPtr> added;
    FunctionPtr nf = outlineFunction(f, opts, names, added, known, diags);
    if (!nf)
      return nullptr;
    for (auto &a : added)
      result.push_back(a);
    changed |= nf != f;
    result.push_back(nf);
  }
  return changed ? p->withFunctions(std::move(result)) : p;
}

} // namespace pl::passes
