// AutoDeriveTaskDependencies: compiler dependency edges between orchestration tasks (see
// auto_derive_task_dependencies.h). Steps: 1. Regions (passes/utils/task_regions.h); 2. Units —
// UnitCollector; 3. Analyzable units — Analysis::analyzable; 4. Edges — Analysis::deriveEdges;
// 5. Rewrite — DependencyWriter.
#include "passes/auto_derive_task_dependencies.h"

#include "ir/arg_direction.h"
#include "ir/mutator.h"
#include "ir/printer.h"
#include "ir/visitor.h"
#include "passes/utils/fresh_names.h"
#include "passes/utils/runtime_scopes.h"
#include "passes/utils/task_regions.h"

#include <set>
#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

constexpr size_t kMaxTasks = 4096; ///< per unit (the reachability sets are quadratic)
constexpr size_t kMaxEdges = 32;   ///< derived edges per task (a fixed dependency array)
constexpr size_t kNoUnit = static_cast<size_t>(-1);

// ---- 2. Units -----------------------------------------------------------------------------------

enum class UnitKind { Body, ForBody, IfBranch, WhileBody, UserAuto, UserManual };

struct Access {
  Region region;
  bool write = false; ///< else a read
};

struct Task {
  const Stmt *stmt = nullptr; ///< the Assign / Eval of the call or submit
  std::vector<Access> accesses;
  std::vector<size_t> userDeps; ///< `.deps` traced to tasks of the unit
  bool bindable = true;         ///< can be given a task id
  std::vector<size_t> edges;    ///< derived: the producers it waits for
};

struct Unit {
  const Stmt *body = nullptr;
  UnitKind kind = UnitKind::Body;
  size_t parent = kNoUnit;
  bool repeated = false;     ///< runs more than once per run of the function (in a loop)
  bool materialized = false; ///< MaterializeRuntimeScopes wraps it in a runtime scope
  bool opaque = false;       ///< calls a function that is not a task
  std::vector<Task> tasks;
  std::unordered_set<const Var *> created; ///< tensor.create results bound in it
  bool analyzable = false;
  bool covered = false; ///< it and every unit inside it are analyzable
};

/// The units of one orchestration function with their tasks.
class UnitCollector {
public:
  UnitCollector(const Program &p, const TaskRegions &regions) : program_(p), regions_(regions) {}

  std::vector<Unit> collect(const Function &f) {
    open(f.body(), UnitKind::Body, kNoUnit, false, wantsAutoScopes(f));
    return std::move(units_);
  }

private:
  void open(const StmtPtr &body, UnitKind kind, size_t parent, bool repeated, bool materialized) {
    if (!body)
      return;
    bool manual = kind == UnitKind::UserManual ||
                  (parent != kNoUnit && units_[parent].kind == UnitKind::UserManual);
    Unit u;
    u.body = body.get();
    u.kind = manual ? UnitKind::UserManual : kind;
    u.parent = parent;
    u.repeated = repeated;
    u.materialized = materialized && !manual;
    units_.push_back(std::move(u));
    walk(body, units_.size() - 1);
  }

  void walk(const StmtPtr &s, size_t u) {
    bool rep = units_[u].repeated;
    if (auto *seq = dynCast<Seq>(s)) {
      for (const StmtPtr &c : seq->stmts())
        walk(c, u);
    } else if (auto *sc = dynCast<Scope>(s)) {
      if (sc->scopeKind() != ScopeKind::Runtime)
        units_[u].opaque = true;
      else
        open(sc->body(), isManualRuntimeScope(*sc) ? UnitKind::UserManual : UnitKind::UserAuto, u,
             rep, false);
    } else if (auto *f = dynCast<For>(s)) {
      open(f->body(), UnitKind::ForBody, u, true, true);
    } else if (auto *w = dynCast<While>(s)) {
      open(w->body(), UnitKind::WhileBody, u, true, false);
    } else if (auto *i = dynCast<If>(s)) {
      open(i->thenBody(), UnitKind::IfBranch, u, rep, true);
      open(i->elseBody(), UnitKind::IfBranch, u, rep, true);
    } else if (auto *a = dynCast<Assign>(s)) {
      assign(*a, u);
    } else if (auto *e = dynCast<Eval>(s)) {
      task(*s, e->expr(), u);
    }
  }

  void assign(const Assign &a, size_t u) {
    const ExprPtr &e = a.value();
    const Var *v = a.var().get();
    if (task(a, e, u)) {
      resultOf_[v] = {u, units_[u].tasks.size() - 1};
      units_[u].tasks.back().bindable &= !isa<TupleType>(v->type().get()) || isa<Submit>(e);
      return;
    }
    auto *c = dynCast<Call>(e);
    if (c && c->target().isOp() && c->target().name() == "tensor.create") {
      units_[u].created.insert(v);
    } else if (c && c->target().isOp() && c->target().name() == "system.task_dummy") {
      Task dummy{&a, {}, traced(c->args(), u), false, {}};
      units_[u].tasks.push_back(std::move(dummy));
      taskOf_[v] = {u, units_[u].tasks.size() - 1};
    } else if (scalarDType(a.var()->type()) == DataType::TaskId) {
      auto *g = dynCast<TupleGetItem>(e);
      const Var *src = g ? dynCast<Var>(g->tuple()) : dynCast<Var>(e);
      auto &from = g ? resultOf_ : taskOf_;
      if (auto it = from.find(src); it != from.end())
        taskOf_[v] = it->second;
    }
  }

  /// A call or submit of a task function becomes a task of unit `u`; of another function, the
  /// unit is opaque.
  bool task(const Stmt &stmt, const ExprPtr &e, size_t u) {
    std::optional<FunctionCallSite> site = functionCallSite(e);
    if (!site)
      return false;
    const auto &[target, args, attrs, deps] = *site;
    if (!isTaskCallee(program_, target->function)) {
      units_[u].opaque = true;
      return false;
    }
    Task t{&stmt, {}, deps ? traced(*deps, u) : std::vector<size_t>{}, true, {}};
    const AttrValue *n = findAttr(*attrs, "core_num");
    t.bindable = isa<Submit>(e) ||
                 (!findAttr(*attrs, "sync_start") && (!n || std::holds_alternative<int64_t>(*n) ||
                                                      std::holds_alternative<ExprPtr>(*n)));
    const std::vector<std::string> *dirs = argDirectionNames(*attrs);
    for (size_t i = 0; dirs && i < args->size() && i < dirs->size(); ++i) {
      auto d = parseArgDirection((*dirs)[i]);
      if (!d || *d == ArgDirection::Scalar || *d == ArgDirection::NoDep)
        continue;
      Region r = regions_.of((*args)[i]);
      if (*d != ArgDirection::Output && *d != ArgDirection::OutputExisting)
        t.accesses.push_back({r, false});
      if (*d != ArgDirection::Input)
        t.accesses.push_back({r, true});
    }
    units_[u].tasks.push_back(std::move(t));
    return true;
  }

  /// The tasks of unit `u` that dependencies name (others order nothing inside the unit).
  std::vector<size_t> traced(const ExprList &deps, size_t u) const {
    std::vector<size_t> out;
    for (const ExprPtr &d : deps) {
      auto *v = dynCast<Var>(d);
      auto it = v ? taskOf_.find(v) : taskOf_.end();
      if (it != taskOf_.end() && it->second.first == u)
        out.push_back(it->second.second);
    }
    return out;
  }

  const Program &program_;
  const TaskRegions &regions_;
  std::vector<Unit> units_;
  std::unordered_map<const Var *, std::pair<size_t, size_t>> taskOf_;   ///< task id → (unit, task)
  std::unordered_map<const Var *, std::pair<size_t, size_t>> resultOf_; ///< submit result → task
};

// ---- 3. Analyzable units, 4. Edges --------------------------------------------------------------

class Analysis {
public:
  explicit Analysis(std::vector<Unit> &units) : units_(units) {}

  void run() {
    struct RootUse {
      std::set<size_t> units;
      bool written = false;
    };
    std::unordered_map<const Var *, RootUse> uses;
    bool unknown = false;
    for (size_t u = 0; u < units_.size(); ++u)
      for (const Task &t : units_[u].tasks)
        for (const Access &a : t.accesses) {
          unknown |= !a.region.root;
          RootUse &r = uses[a.region.root];
          r.units.insert(u);
          r.written |= a.write;
        }
    for (size_t u = 0; u < units_.size(); ++u) {
      Unit &unit = units_[u];
      unit.analyzable = !unknown && analyzable(unit, u, uses) && deriveEdges(unit);
      if (!unit.analyzable)
        for (Task &t : unit.tasks)
          t.edges.clear();
    }
    // Children follow their parents: covered bottom-up.
    for (Unit &unit : units_)
      unit.covered = unit.kind == UnitKind::UserManual || unit.analyzable;
    for (size_t u = units_.size(); u-- > 1;)
      if (!units_[u].covered && units_[u].parent != kNoUnit)
        units_[units_[u].parent].covered = false;
  }

private:
  template <class Uses> bool analyzable(const Unit &unit, size_t u, const Uses &uses) const {
    if (unit.kind == UnitKind::UserManual || unit.opaque || unit.tasks.size() > kMaxTasks)
      return false;
    for (const Task &t : unit.tasks)
      for (const Access &a : t.accesses) {
        const auto &r = uses.at(a.region.root);
        if (r.written && (r.units.size() != 1 || *r.units.begin() != u))
          return false; // another unit's task also touches a written root
        if (r.written && unit.repeated && !unit.created.count(a.region.root))
          return false; // a loop's earlier iteration wrote it
      }
    return true;
  }

  /// Each task's producers (step 4); false when one cannot be named.
  bool deriveEdges(Unit &unit) {
    const size_t n = unit.tasks.size(), words = (n + 63) / 64;
    std::vector<std::vector<uint64_t>> reach(n, std::vector<uint64_t>(words, 0));
    auto add = [&](size_t b, size_t a) {
      for (size_t w = 0; w < words; ++w)
        reach[b][w] |= reach[a][w];
      reach[b][a / 64] |= uint64_t(1) << (a % 64);
    };
    std::unordered_map<const Var *, std::vector<size_t>> byRoot; // tasks in order
    for (size_t b = 0; b < n; ++b) {
      Task &tb = unit.tasks[b];
      for (size_t d : tb.userDeps)
        add(b, d);
      std::set<size_t, std::greater<>> earlier;
      for (const Access &y : tb.accesses)
        for (size_t a : byRoot[y.region.root])
          earlier.insert(a);
      for (size_t a : earlier) {
        if (reach[b][a / 64] >> (a % 64) & 1)
          continue; // already ordered
        if (!conflicts(unit.tasks[a], tb))
          continue;
        if (!unit.tasks[a].bindable || tb.edges.size() == kMaxEdges)
          return false;
        tb.edges.push_back(a);
        add(b, a);
      }
      for (const Access &y : tb.accesses) {
        auto &list = byRoot[y.region.root];
        if (list.empty() || list.back() != b)
          list.push_back(b);
      }
    }
    return true;
  }

  bool conflicts(const Task &a, const Task &b) const {
    for (const Access &x : a.accesses)
      for (const Access &y : b.accesses)
        if ((x.write || y.write) && arith_.mayOverlap(x.region, y.region))
          return true;
    return false;
  }

  std::vector<Unit> &units_;
  WindowArith arith_;
};

/// The callee of a task statement (an Assign or Eval of a call or submit).
std::string calleeName(const Stmt &s) {
  const ExprPtr &e = isa<Assign>(&s) ? dynCast<Assign>(&s)->value() : dynCast<Eval>(&s)->expr();
  if (auto *sub = dynCast<Submit>(e))
    return sub->target().function;
  return dynCast<Call>(e)->target().name();
}

// ---- 5. Rewrite ---------------------------------------------------------------------------------

/// What changes at one task statement.
struct TaskRewrite {
  VarPtr taskId; ///< bind the task's id here (a producer)
  ExprList deps; ///< compiler_deps
  bool relaxDirections = false;
};

/// Input → NoDep, InOut → OutputExisting (every hazard of the argument is a named edge).
AttrList relaxedDirections(const AttrList &attrs) {
  const std::vector<std::string> *names = argDirectionNames(attrs);
  if (!names)
    return attrs;
  std::vector<ArgDirection> dirs;
  for (const std::string &n : *names) {
    ArgDirection d = parseArgDirection(n).value_or(ArgDirection::Scalar);
    dirs.push_back(d == ArgDirection::Input   ? ArgDirection::NoDep
                   : d == ArgDirection::InOut ? ArgDirection::OutputExisting
                                              : d);
  }
  return withAttr(attrs, kArgDirectionsAttr, argDirectionsAttr(dirs));
}

class DependencyWriter : public IRMutator {
public:
  DependencyWriter(const std::unordered_map<const Stmt *, TaskRewrite> &tasks,
                   const std::unordered_set<const Stmt *> &wrap, FreshNames &names)
      : tasks_(tasks), wrap_(wrap), names_(names) {}

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    auto it = tasks_.find(s.get());
    return it == tasks_.end() ? IRMutator::mutateAssign(s)
                              : rewrite(s->var(), s->value(), *s, it->second);
  }
  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    auto it = tasks_.find(s.get());
    return it == tasks_.end() ? IRMutator::mutateEval(s)
                              : rewrite(nullptr, s->expr(), *s, it->second);
  }
  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    StmtPtr out = IRMutator::mutateFor(s);
    if (!wrap_.count(s->body().get()))
      return out;
    auto *f = dynCast<For>(out);
    return For::make(f->loopVar(), f->start(), f->stop(), f->step(), f->iterArgs(),
                     wrapDerived(f->body()), f->returnVars(), f->forKind(), f->attrs(), f->span());
  }
  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    StmtPtr out = IRMutator::mutateIf(s);
    bool thenWrap = wrap_.count(s->thenBody().get()), elseWrap = wrap_.count(s->elseBody().get());
    if (!thenWrap && !elseWrap)
      return out;
    auto *i = dynCast<If>(out);
    return If::make(i->cond(), thenWrap ? wrapDerived(i->thenBody()) : i->thenBody(),
                    elseWrap ? wrapDerived(i->elseBody()) : i->elseBody(), i->returnVars(),
                    i->span());
  }

  static StmtPtr wrapDerived(const StmtPtr &block) {
    return wrapInRuntimeScope(block, {{"manual", true}, {"derived", true}});
  }

private:
  StmtPtr rewrite(const VarPtr &var, const ExprPtr &site, const Stmt &stmt, const TaskRewrite &r) {
    const Span &span = stmt.span();
    auto *call = dynCast<Call>(site);
    auto *sub = dynCast<Submit>(site);
    AttrList attrs = call ? call->attrs() : sub->attrs();
    if (r.relaxDirections)
      attrs = relaxedDirections(attrs);
    if (!r.deps.empty())
      attrs = withAttr(std::move(attrs), kCompilerDepsAttr, r.deps);
    if (!r.taskId) {
      ExprPtr e = call ? ExprPtr(call->with(call->target(), call->args(), attrs, call->type()))
                       : ExprPtr(sub->with(sub->target(), sub->args(), attrs, sub->type()));
      return var ? Assign::make(var, e, span) : Eval::make(e, span);
    }
    std::vector<StmtPtr> out;
    VarPtr tuple = sub && var ? var : nullptr;
    ExprPtr submit;
    if (sub) {
      submit = sub->with(sub->target(), sub->args(), attrs, sub->type());
    } else { // the call as a submit: its launch options move to the submit's fields
      ExprPtr coreNum;
      AttrList rest;
      for (auto &[k, v] : attrs)
        if (k != "core_num")
          rest.emplace_back(k, v);
        else if (auto *n = std::get_if<int64_t>(&v))
          coreNum = ConstInt::make(*n);
        else
          coreNum = std::get<ExprPtr>(v);
      submit = std::make_shared<const Submit>(call->target(), call->args(), ExprList{}, coreNum,
                                              false, false, nullptr, std::move(rest),
                                              submitResultType(call->type()), site->span());
    }
    if (!tuple)
      tuple = Var::make(names_.fresh(calleeName(stmt) + "_task"), submit->type(), span);
    out.push_back(Assign::make(tuple, submit, span));
    auto *tt = dynCast<TupleType>(submit->type());
    int64_t last = static_cast<int64_t>(tt->elements().size()) - 1;
    if (call && var)
      out.push_back(Assign::make(var, TupleGetItem::make(tuple, 0, span), span));
    out.push_back(Assign::make(r.taskId, TupleGetItem::make(tuple, last, span), span));
    return Seq::flatten(std::move(out), span);
  }

  const std::unordered_map<const Stmt *, TaskRewrite> &tasks_;
  const std::unordered_set<const Stmt *> &wrap_;
  FreshNames &names_;
};

/// Has the function been through this pass (a derived scope or edge)? Reports AD001 on a
/// malformed `compiler_deps`.
class DerivedFinder : public IRVisitor {
public:
  explicit DerivedFinder(DiagnosticEngine &diags) : diags_(diags) { visitTypes_ = false; }
  bool found = false;
  void visitScope(const Scope &s) override {
    found |= isDerivedRuntimeScope(s);
    IRVisitor::visitScope(s);
  }
  void visitCall(const Call &c) override {
    check(c.attrs(), c.target().name(), c.span());
    IRVisitor::visitCall(c);
  }
  void visitSubmit(const Submit &s) override {
    check(s.attrs(), s.target().name(), s.span());
    IRVisitor::visitSubmit(s);
  }

private:
  void check(const AttrList &attrs, const std::string &callee, const Span &span) {
    const AttrValue *v = findAttr(attrs, kCompilerDepsAttr);
    if (!v)
      return;
    found = true;
    auto *list = std::get_if<ExprList>(v);
    bool ok = list != nullptr;
    for (size_t i = 0; ok && i < list->size(); ++i)
      ok = isa<Var>((*list)[i]) && scalarDType((*list)[i]->type()) == DataType::TaskId;
    if (!ok)
      diags_.error("AD001", span,
                   "'" + std::string(kCompilerDepsAttr) + "' of the task '" + callee +
                       "' must be a list of task id variables (only pass "
                       "auto-derive-task-dependencies writes it)");
  }
  DiagnosticEngine &diags_;
};

FunctionPtr deriveFunction(const Program &p, const FunctionPtr &f) {
  TaskRegions regions = computeTaskRegions(p, *f);
  std::vector<Unit> units = UnitCollector(p, regions).collect(*f);
  Analysis(units).run();
  FreshNames names(*f);
  std::unordered_map<const Stmt *, TaskRewrite> rewrites;
  std::unordered_set<const Stmt *> wrap;
  std::vector<char> tasks(units.size(), 0); // it or a unit inside it has tasks of its own
  for (size_t u = units.size(); u-- > 0;) {
    tasks[u] |= units[u].kind != UnitKind::UserManual && !units[u].tasks.empty();
    if (units[u].parent != kNoUnit)
      tasks[units[u].parent] |= tasks[u];
  }
  std::vector<char> manual(units.size(), 0); // inside a derived manual scope
  for (size_t u = 0; u < units.size(); ++u) {
    Unit &unit = units[u];
    bool inManual = unit.parent != kNoUnit && manual[unit.parent];
    manual[u] = inManual || (unit.covered && unit.materialized && tasks[u]);
    if (manual[u] && !inManual)
      wrap.insert(unit.body);
    if (!unit.analyzable)
      continue;
    for (Task &t : unit.tasks) {
      TaskRewrite &r = rewrites[t.stmt];
      r.relaxDirections = !manual[u] && !t.accesses.empty();
      for (size_t a : t.edges) {
        TaskRewrite &pr = rewrites[unit.tasks[a].stmt];
        if (!pr.taskId)
          pr.taskId = Var::make(names.fresh(calleeName(*unit.tasks[a].stmt) + "_tid"),
                                ScalarType::get(DataType::TaskId), unit.tasks[a].stmt->span());
        r.deps.push_back(pr.taskId);
      }
    }
  }
  for (auto it = rewrites.begin(); it != rewrites.end();)
    it = it->second.taskId || !it->second.deps.empty() || it->second.relaxDirections
             ? std::next(it)
             : rewrites.erase(it);
  if (rewrites.empty() && wrap.empty())
    return f;
  DependencyWriter writer(rewrites, wrap, names);
  FunctionPtr g = writer.mutateFunction(f);
  if (wrap.count(f->body().get()))
    g = g->withBody(DependencyWriter::wrapDerived(g->body()));
  return g;
}
} // namespace

ProgramPtr autoDeriveTaskDependencies(const ProgramPtr &p, DiagnosticEngine &diags) {
  std::vector<FunctionPtr> out;
  bool changed = false;
  unsigned errors = diags.errorCount();
  for (const FunctionPtr &f : p->functions()) {
    DerivedFinder done(diags);
    done.visitFunction(*f);
    FunctionPtr g =
        f->type() == FunctionType::Orchestration && !done.found ? deriveFunction(*p, f) : f;
    changed |= g != f;
    out.push_back(g);
  }
  if (diags.errorCount() != errors)
    return nullptr;
  return changed ? p->withFunctions(std::move(out)) : p;
}

Pass createAutoDeriveTaskDependenciesPass(PassOptions &opts) {
  bool on = false;
  if (auto v = opts.take("analyze_auto_scopes")) {
    if (*v != "true" && *v != "false")
      opts.error("analyze_auto_scopes must be true or false, got '" + *v + "'");
    on = *v == "true";
  }
  return createProgramPass(PassClass::AutoDeriveTaskDependencies,
                           [on](const ProgramPtr &p, PassContext &ctx) {
                             return on ? autoDeriveTaskDependencies(p, ctx.diags()) : p;
                           });
}

} // namespace pl::passes
