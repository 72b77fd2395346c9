// CheckTaskHazards: provable unordered write-after-read between orchestration tasks (see
// check_task_hazards.h). Steps: 1. Regions — the buffer and window of every tensor value
// (passes/utils/task_regions.h); 2. Blocks — the tasks of each straight-line block (and of two
// copies of a loop body) with their accesses and traced dependencies; 3. Hazards — pairs the
// runtime may leave unordered; 4. Orchestration reads and writes of tensor elements (TH004).
#include "passes/check_task_hazards.h"

#include "ir/arg_direction.h"
#include "ir/find.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "ir/visitor.h"
#include "passes/utils/loop_analysis.h"
#include "passes/utils/runtime_scopes.h"
#include "passes/utils/task_regions.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

// ---- 2. Blocks ----------------------------------------------------------------------------------

struct Access {
  Region region;
  bool read = false, write = false;
  bool variant = false; ///< the window depends on a value of the loop body (copies differ)
  /// The buffer is made in the loop body (a `tensor.create` there): each iteration's is new.
  bool freshRoot = false;
  /// Only an edge the runtime may add, never one side of a hazard: a window a Graph body takes
  /// of its parameter, taken here as the whole argument (a may-overlap, not a must-overlap).
  bool edgeOnly = false;
};

struct Task {
  const Expr *site = nullptr;
  Span span;
  std::string name;
  std::vector<Access> accesses;
  std::vector<size_t> deps; ///< earlier tasks of the same window
  bool depsUnknown = false;
  int copy = 0; ///< 1: the second iteration of a checked loop
  /// Submitted in a manual runtime scope: the runtime neither orders it by the tensors it shares
  /// with other tasks nor orders later tasks after it by them (PTO2 skips its TensorMap).
  bool manual = false;
  /// A task of a Graph function's body, at a call or submit of the graph (its name).
  std::string graph = {};
};

/// Does `e` read a variable of `vars`?
bool mentions(const ExprPtr &e, const std::unordered_set<const Var *> &vars) {
  struct Finder : IRVisitor {
    const std::unordered_set<const Var *> &vars;
    bool found = false;
    explicit Finder(const std::unordered_set<const Var *> &v) : vars(v) { visitTypes_ = false; }
    void visitVarUse(const VarPtr &v) override { found |= vars.count(v.get()) > 0; }
  } f(vars);
  f.visitExpr(e);
  return f.found;
}

/// A block to check: a body, the loop whose body it is (or null), and whether it is inside a
/// manual runtime scope (the runtime then infers no edge from the tensors tasks share).
struct Block {
  StmtPtr body;
  const For *loop = nullptr;
  bool manual = false;
};

/// The tasks of straight-line blocks: a segment ends at any statement that is not a task, a
/// task id binding or a plain value (its bodies are checked as blocks of their own).
class BlockCollector {
public:
  BlockCollector(const Program &p, const TaskRegions &regions) : program_(p), regions_(regions) {}

  /// Segments of `body`; `variant` are the values that differ between iterations (loop body).
  std::vector<std::vector<Task>> collect(const StmtPtr &body,
                                         const std::unordered_set<const Var *> *variant,
                                         std::vector<Block> &nested, bool manual) {
    segments_ = {{}};
    taskOf_.clear();
    taskResult_.clear();
    barrierSeen_ = false;
    variant_ = variant;
    nested_ = &nested;
    manual_ = manual;
    walk(body);
    return std::move(segments_);
  }

  /// The task a task id value bound in the current segment names: an index, `kNone` for "no
  /// task" or a task before the segment (nothing to order inside it), or nullopt when it cannot
  /// be traced. A value bound before the segment names a task before it.
  std::unordered_map<const Var *, std::optional<size_t>> taskOf_;
  static constexpr size_t kNone = static_cast<size_t>(-1);
  /// The last collected block had a statement that ends a segment (even before any task).
  bool barrierSeen_ = false;

private:
  void barrier() {
    barrierSeen_ = true;
    if (segments_.back().empty())
      return;
    segments_.emplace_back();
    for (auto &[v, t] : taskOf_)
      t = kNone;
    taskResult_.clear();
  }

  void walk(const StmtPtr &s) {
    if (!s)
      return;
    if (auto *seq = dynCast<Seq>(s)) {
      for (const StmtPtr &c : seq->stmts())
        walk(c);
    } else if (auto *sc = dynCast<Scope>(s)) {
      if (sc->scopeKind() == ScopeKind::Runtime) { // its tasks stay in the block, marked manual
        const bool outer = manual_;
        manual_ = outer || isManualRuntimeScope(*sc);
        walk(sc->body());
        manual_ = outer;
        return;
      }
      nested_->push_back({sc->body(), nullptr, manual_});
      barrier();
    } else if (auto *a = dynCast<Assign>(s)) {
      assign(*a);
    } else if (auto *ev = dynCast<Eval>(s)) {
      task(ev->expr(), s->span());
    } else if (auto *f = dynCast<For>(s)) {
      nested_->push_back({f->body(), f, manual_});
      barrier();
    } else if (auto *w = dynCast<While>(s)) {
      nested_->push_back({w->body(), nullptr, manual_});
      barrier();
    } else if (auto *i = dynCast<If>(s)) {
      nested_->push_back({i->thenBody(), nullptr, manual_});
      nested_->push_back({i->elseBody(), nullptr, manual_});
      barrier();
    }
  }

  void assign(const Assign &a) {
    const ExprPtr &e = a.value();
    if (task(e, a.span())) {
      taskResult_[a.var().get()] = segments_.back().size() - 1;
      return;
    }
    if (auto *at = dynCast<ArrayType>(a.var()->type()); at && at->dtype() == DataType::TaskId) {
      taskOf_[a.var().get()] = std::nullopt; // an array of task ids: any task of the block
      return;
    }
    if (scalarDType(a.var()->type()) != DataType::TaskId)
      return;
    std::optional<size_t> t; // untraceable unless one of these
    if (auto *c = dynCast<Call>(e);
        c && c->target().isOp() && c->target().name() == "system.task_dummy") {
      Task dummy{e.get(), e->span().valid() ? e->span() : a.span(), "task_dummy", {}, {}, false, 0,
                 manual_};
      addDeps(dummy, c->args());
      segments_.back().push_back(std::move(dummy));
      t = segments_.back().size() - 1;
    } else if (auto *g = dynCast<TupleGetItem>(e)) {
      auto it = taskResult_.find(dynCast<Var>(g->tuple()));
      if (it != taskResult_.end() && it->second < segments_.back().size())
        t = it->second;
    } else if (isa<Var>(e)) {
      t = depTask(e);
    } else if (auto c = constIntValue(e); c && *c < 0) {
      t = kNone;
    }
    taskOf_[a.var().get()] = t;
  }

  /// Where a dependency leads: a task of this segment, none (before it), or unknown.
  std::optional<size_t> depTask(const ExprPtr &d) const {
    auto *v = dynCast<Var>(d);
    if (!v)
      return constIntValue(d) ? std::optional<size_t>(kNone) : std::nullopt;
    auto it = taskOf_.find(v);
    return it != taskOf_.end() ? it->second : std::optional<size_t>(kNone);
  }

  /// A call or submit of a task function becomes a task; of another function, a barrier.
  bool task(const ExprPtr &e, const Span &stmtSpan) {
    std::optional<FunctionCallSite> site = functionCallSite(e);
    if (!site)
      return false;
    const auto &[target, args, attrs, deps] = *site;
    if (FunctionPtr g = program_.lookup(target->function);
        g && g->type() == FunctionType::Graph && graphTasks(*g, e, stmtSpan, *args, *attrs, deps))
      return true;
    if (!isTaskCallee(program_, target->function)) {
      barrier();
      return false;
    }
    Task t{e.get(), e->span().valid() ? e->span() : stmtSpan, target->function, {}, {}, false, 0,
           manual_};
    const std::vector<std::string> *dirs = argDirectionNames(*attrs);
    for (size_t i = 0; dirs && i < args->size() && i < dirs->size(); ++i)
      if (auto d = parseArgDirection((*dirs)[i]))
        addAccess(t, (*args)[i], *d);
    if (deps)
      addDeps(t, *deps);
    if (const ExprList *derived = compilerDeps(*attrs)) // AutoDeriveTaskDependencies' edges
      addDeps(t, *derived);
    segments_.back().push_back(std::move(t));
    return true;
  }

  /// A call or submit of a Graph function whose body is straight-line kernel calls: the body's
  /// tasks, each with the accesses its arguments make — through a tensor parameter, the call's
  /// argument (a window of it the body takes: the whole argument, for edges only); a tensor the
  /// body creates, a buffer of this call alone — after the launch's dependencies, then the
  /// launch's join (a dummy task after all of them). False (the call stays a barrier) for a
  /// body with control flow or an argument whose buffer cannot be traced.
  bool graphTasks(const Function &g, const ExprPtr &e, const Span &stmtSpan, const ExprList &args,
                  const AttrList &attrs, const ExprList *deps) {
    std::vector<const Call *> calls;
    auto *seq = dynCast<Seq>(g.body());
    for (const StmtPtr &st : seq ? seq->stmts() : std::vector<StmtPtr>{g.body()}) {
      const ExprPtr *v = nullptr;
      if (auto *a = dynCast<Assign>(st))
        v = &a->value();
      else if (auto *ev = dynCast<Eval>(st))
        v = &ev->expr();
      else if (!isa<Return>(st))
        return false;
      if (auto *c = v ? dynCast<Call>(*v) : nullptr; c && !c->target().isOp()) {
        if (!isTaskCallee(program_, c->target().function))
          return false;
        calls.push_back(c);
      }
    }
    std::unordered_map<const Var *, const ExprPtr *> argOf;
    for (size_t i = 0; i < g.params().size() && i < args.size(); ++i)
      argOf[g.params()[i].var.get()] = &args[i];
    auto [regionsIt, fresh] = graphRegions_.try_emplace(&g);
    if (fresh)
      regionsIt->second = computeTaskRegions(program_, g);
    const TaskRegions &inner = regionsIt->second;
    std::unordered_map<const Var *, const Var *> local; // the body's buffer -> this call's
    Task launch{
        e.get(), e->span().valid() ? e->span() : stmtSpan, g.name(), {}, {}, false, 0, manual_,
        g.name()};
    if (deps)
      addDeps(launch, *deps);
    if (const ExprList *derived = compilerDeps(attrs))
      addDeps(launch, *derived);
    Task join = launch;
    std::vector<Task> tasks;
    for (const Call *c : calls) {
      Task t = launch;
      const std::vector<std::string> *dirs = argDirectionNames(c->attrs());
      for (size_t i = 0; dirs && i < c->args().size() && i < dirs->size(); ++i) {
        auto d = parseArgDirection((*dirs)[i]);
        if (!d || *d == ArgDirection::Scalar || *d == ArgDirection::NoDep)
          continue;
        Region r = inner.of(c->args()[i]);
        if (!r.root) // a buffer not traced to a parameter or a creation: not compared
          return false;
        if (auto it = argOf.find(r.root); it != argOf.end()) {
          addAccess(t, *it->second, *d);
          if (!t.accesses.empty() && !wholeParam(r, *r.root, inner))
            t.accesses.back().edgeOnly = true;
          continue;
        }
        auto [l, made] = local.try_emplace(r.root);
        if (made) {
          locals_.push_back(Var::make(g.name() + "'s '" + r.root->name() + "'", r.root->type()));
          l->second = locals_.back().get();
        }
        r.root = l->second;
        addAccess(t, r, *d);
      }
      tasks.push_back(std::move(t));
    }
    for (Task &t : tasks) {
      join.deps.push_back(segments_.back().size());
      segments_.back().push_back(std::move(t));
    }
    segments_.back().push_back(std::move(join));
    return true;
  }

  /// Is `r` (a window of parameter `p` of a Graph body) the whole parameter?
  static bool wholeParam(const Region &r, const Var &p, const TaskRegions &in) {
    auto it = in.regions.find(&p);
    if (it == in.regions.end() || r.offsets.size() != it->second.offsets.size() ||
        r.extents.size() != it->second.extents.size() || r.offsets.empty())
      return false;
    auto same = [](const ExprPtr &a, const ExprPtr &b) {
      auto x = constIntValue(a), y = constIntValue(b);
      return a == b || (x && y && *x == *y);
    };
    for (size_t k = 0; k < r.offsets.size(); ++k)
      if (!same(r.offsets[k], it->second.offsets[k]) || !same(r.extents[k], it->second.extents[k]))
        return false;
    return true;
  }

  /// The access a task's argument `arg` makes in direction `d` (none for a scalar or NoDep).
  void addAccess(Task &t, const ExprPtr &arg, ArgDirection d) const {
    addAccess(t, regions_.of(arg), d);
  }
  void addAccess(Task &t, Region region, ArgDirection d) const {
    if (d == ArgDirection::Scalar || d == ArgDirection::NoDep)
      return;
    Access acc{std::move(region), d == ArgDirection::Input || d == ArgDirection::InOut,
               d != ArgDirection::Input, false, false};
    if (variant_) {
      acc.freshRoot = acc.region.root && variant_->count(acc.region.root) > 0;
      for (const ExprPtr &x : acc.region.offsets)
        acc.variant |= mentions(x, *variant_);
      for (const ExprPtr &x : acc.region.extents)
        acc.variant |= mentions(x, *variant_);
    }
    t.accesses.push_back(std::move(acc));
  }

  void addDeps(Task &t, const ExprList &deps) const {
    for (const ExprPtr &e : deps) {
      std::optional<size_t> d = depTask(e);
      if (!d)
        t.depsUnknown = true;
      else if (*d != kNone)
        t.deps.push_back(*d);
    }
  }

  const Program &program_;
  const TaskRegions &regions_;
  const std::unordered_set<const Var *> *variant_ = nullptr;
  std::vector<Block> *nested_ = nullptr;
  bool manual_ = false;
  std::vector<std::vector<Task>> segments_;
  std::unordered_map<const Var *, size_t> taskResult_;             ///< submit result tuple → task
  std::unordered_map<const Function *, TaskRegions> graphRegions_; ///< per Graph body
  std::vector<VarPtr> locals_; ///< a buffer per call of a Graph per tensor its body creates
};

// ---- 3. Hazards ---------------------------------------------------------------------------------

class HazardChecker {
public:
  HazardChecker(const Program &p, const Function &f, DiagnosticEngine &diags)
      : program_(p), fn_(f), diags_(diags) {}

  bool run() {
    TaskRegions regions = computeTaskRegions(program_, fn_);
    BlockCollector blocks(program_, regions);
    std::vector<Block> work{{fn_.body(), nullptr, false}};
    while (!work.empty()) {
      Block b = work.back();
      work.pop_back();
      if (!b.body)
        continue;
      std::vector<Block> nested;
      auto segments = blocks.collect(b.body, nullptr, nested, b.manual);
      for (auto &seg : segments)
        check(seg, nullptr);
      if (b.loop && !blocks.barrierSeen_)
        checkAcrossIterations(*b.loop, blocks, b.manual);
      work.insert(work.end(), nested.begin(), nested.end());
    }
    return ok_;
  }

private:
  /// The body followed by a second copy of it, when the loop surely runs it twice.
  void checkAcrossIterations(const For &loop, BlockCollector &blocks, bool manual) {
    ForTripCount trips = analyzeForTripCount(loop);
    if (trips.status != ForTripStatus::Ok || trips.count < 2)
      return;
    std::unordered_set<const Var *> variant = collectBindings(loop.body());
    variant.insert(loop.loopVar().get());
    for (const IterArg &a : loop.iterArgs())
      variant.insert(a.var.get());
    std::vector<Block> ignored;
    auto first = blocks.collect(loop.body(), &variant, ignored, manual);
    if (first[0].empty())
      return;
    std::vector<Task> window = first[0];
    const size_t n = window.size();
    // The second copy: its dependencies on carried task ids are what the first copy yields.
    auto *y = trailingYield(loop.body());
    std::unordered_map<const Var *, std::optional<size_t>> carried;
    for (size_t i = 0; i < loop.iterArgs().size(); ++i) {
      if (auto *at = dynCast<ArrayType>(loop.iterArgs()[i].var->type());
          at && at->dtype() == DataType::TaskId) {
        carried[loop.iterArgs()[i].var.get()] = std::nullopt; // any task of the first copy
        continue;
      }
      if (scalarDType(loop.iterArgs()[i].var->type()) != DataType::TaskId)
        continue;
      std::optional<size_t> t;
      if (y && i < y->values().size())
        if (auto *v = dynCast<Var>(y->values()[i])) {
          auto it = blocks.taskOf_.find(v);
          if (it != blocks.taskOf_.end())
            t = it->second;
        }
      carried[loop.iterArgs()[i].var.get()] = t;
    }
    auto second = blocks.collect(loop.body(), &variant, ignored, manual);
    for (size_t k = 0; k < second[0].size(); ++k) {
      Task t = second[0][k];
      t.copy = 1;
      for (size_t &d : t.deps)
        d += n;
      retarget(t, carried);
      window.push_back(std::move(t));
    }
    check(window, &loop);
  }

  /// A task's dependencies on carried task ids in the second copy: the first copy's task (a
  /// submit's deps, a dummy task's operands).
  static void retarget(Task &t,
                       const std::unordered_map<const Var *, std::optional<size_t>> &carried) {
    const ExprList *deps = nullptr;
    if (auto *sub = dynCast<Submit>(t.site))
      deps = &sub->deps();
    else if (auto *c = dynCast<Call>(t.site); c && c->target().isOp())
      deps = &c->args();
    for (const ExprPtr &d : deps ? *deps : ExprList{}) {
      auto *v = dynCast<Var>(d);
      auto it = v ? carried.find(v) : carried.end();
      if (it == carried.end())
        continue;
      if (!it->second)
        t.depsUnknown = true;
      else if (*it->second != BlockCollector::kNone)
        t.deps.push_back(*it->second);
    }
  }

  // Window arithmetic (passes/utils/task_regions.h); across the copies of a loop body, a window
  // that depends on a body value may differ, and a buffer the body creates is another buffer.
  static bool freshApart(const Access &a, const Access &b, bool acrossCopies) {
    return acrossCopies && (a.freshRoot || b.freshRoot) && a.region.root == b.region.root;
  }

  bool mustOverlap(const Access &a, const Access &b, bool acrossCopies) const {
    return !(acrossCopies && (a.variant || b.variant)) && !freshApart(a, b, acrossCopies) &&
           arith_.mustOverlap(a.region, b.region);
  }

  bool mayOverlap(const Access &a, const Access &b, bool acrossCopies) const {
    if (freshApart(a, b, acrossCopies))
      return false;
    if (acrossCopies && (a.variant || b.variant))
      return !a.region.root || !b.region.root || a.region.root == b.region.root;
    return arith_.mayOverlap(a.region, b.region);
  }

  /// Edges the runtime may add from x to a later y: a dependency, or (when neither is a manual
  /// scope's task) a write of x that y's window may overlap (read-after-write, write-after-write).
  bool mayEdge(const std::vector<Task> &ts, size_t x, size_t y) const {
    const Task &a = ts[x], &b = ts[y];
    if (b.depsUnknown || std::find(b.deps.begin(), b.deps.end(), x) != b.deps.end())
      return true;
    if (a.manual || b.manual)
      return false;
    for (const Access &w : a.accesses)
      if (w.write)
        for (const Access &u : b.accesses)
          if (mayOverlap(w, u, a.copy != b.copy))
            return true;
    return false;
  }

  /// Does a chain of edges lead from task a to the later task b?
  bool reaches(const std::vector<Task> &ts, size_t a, size_t b) const {
    std::vector<char> reached(b - a + 1, 0);
    reached[0] = 1;
    for (size_t y = a + 1; y <= b; ++y)
      for (size_t x = a; x < y && !reached[y - a]; ++x)
        reached[y - a] = reached[x - a] && mayEdge(ts, x, y);
    return reached[b - a];
  }

  /// Per access x of each task A (of the first copy, in a loop window) that can conflict — a
  /// read (write-after-read); where a manual scope's task is in the block also a write (read-
  /// and write-after-write with a manual task on either side): the first later task with an
  /// access that may overlap x and conflicts with it (one of the two writes) decides — a hazard
  /// when the windows surely overlap and no chain of edges leads from A to it. Later tasks are
  /// not compared (the check stays linear in long orchestrations and never claims what it has
  /// not proven), nor tasks more than kMaxDistance away.
  void check(const std::vector<Task> &ts, const For *loop) {
    constexpr size_t kMaxDistance = 256;
    const bool manual = std::any_of(ts.begin(), ts.end(), [](const Task &t) { return t.manual; });
    std::unordered_map<const Var *, std::vector<size_t>> users; // per buffer, in order
    for (size_t i = 0; i < ts.size(); ++i)
      for (const Access &u : ts[i].accesses)
        if (u.region.root && !u.edgeOnly && (u.write || manual)) {
          auto &list = users[u.region.root];
          if (list.empty() || list.back() != i)
            list.push_back(i);
        }
    for (size_t a = 0; a < ts.size(); ++a) {
      if (loop && ts[a].copy != 0)
        break;
      for (const Access &x : ts[a].accesses) {
        bool candidate = x.region.root && !x.edgeOnly && (x.read || (manual && x.write));
        auto it = candidate ? users.find(x.region.root) : users.end();
        if (it == users.end())
          continue;
        for (auto b = std::upper_bound(it->second.begin(), it->second.end(), a);
             b != it->second.end() && *b - a <= kMaxDistance; ++b) {
          const Access *y = conflicting(ts[a], x, ts[*b]);
          if (!y)
            continue;
          if ((!loop || ts[*b].copy == 1) && mustOverlap(x, *y, ts[a].copy != ts[*b].copy) &&
              !reaches(ts, a, *b))
            report(ts[a], x, ts[*b], *y, loop);
          break;
        }
      }
    }
  }

  /// An access of task b that may overlap x of task a and conflicts with it: it writes (between
  /// tracked tasks only a write after x's read counts), or x writes.
  const Access *conflicting(const Task &a, const Access &x, const Task &b) const {
    const bool manual = a.manual || b.manual;
    for (const Access &y : b.accesses)
      if (!y.edgeOnly && (y.write || (manual && x.write)) && mayOverlap(x, y, a.copy != b.copy))
        return &y;
    return nullptr;
  }

  void report(const Task &a, const Access &x, const Task &b, const Access &y, const For *loop) {
    const bool manual = a.manual || b.manual;
    if (!reported_.insert({a.site, b.site}).second)
      return;
    const std::string &buffer = x.region.root->name();
    bool war = x.read && y.write;
    std::string kind = war       ? "write-after-read"
                       : y.write ? "write-after-write"
                                 : "read-after-write";
    std::string bDoes = y.write ? "writes" : "reads", aDid = war ? "reads" : "writes";
    std::string when = loop ? " in iteration i + 1 of the loop at line " +
                                  std::to_string(loop->span().line) + ", which '" + a.name +
                                  "' of iteration i " + aDid
                            : ", which the earlier task '" + a.name + "' " + aDid;
    std::string why =
        !manual ? "(no dependency, and no tensor one writes and the other touches), so hardware "
                  "would race (the runtime does not track write-after-read)"
        : !b.manual ? "(no dependency names it, and the runtime does not track a manual scope's "
                      "tasks: nothing orders a task after the scope after them), so hardware "
                      "would race"
        : !a.manual ? "(no dependency names it, and a task in a manual scope is not ordered by the "
                      "tensors it shares with tasks before the scope either), so hardware would "
                      "race"
                    : "(no dependency names it, and a manual scope infers none from the tensors "
                      "tasks share), so hardware would race";
    diags_.report(Diagnostic{
        Severity::Error,
        manual ? "TH002" : "TH001",
        kind + " hazard: '" + b.name + "' " + bDoes + " '" + buffer + "'" + when +
            ", and nothing orders the two tasks " + why + "; make '" + b.name + "' depend on '" +
            a.name + "': launch it with " +
            (b.graph.empty() ? "pl::at / pl::spmd" : "pl::submit (a Graph function's launch)") +
            " and `.deps = {<the task id of '" + a.name + "'" +
            (a.graph.empty() ? "" : ": its pl::submit, whose id is after all of its tasks") + ">}`",
        b.span.valid() ? b.span : fn_.span(),
        {{a.span, "'" + a.name + "' " + aDid + " '" + buffer + "' here"}}});
    ok_ = false;
  }

  const Program &program_;
  const Function &fn_;
  DiagnosticEngine &diags_;
  WindowArith arith_;
  std::set<std::pair<const Expr *, const Expr *>> reported_;
  bool ok_ = true;
};

/// TH004: the orchestration reads a tensor element (`tensor.read`: a direct read of the
/// tensor's memory, the runtime does not wait for tasks) of a buffer a task of the function
/// writes, or of an unknown buffer. Any writer counts, before or after the read: in a loop a
/// later writer runs before the next iteration's read, and a task may still run when the
/// orchestration reaches a read after it.
class OrchestrationReads : public IRVisitor {
public:
  OrchestrationReads(const Program &p, const Function &f, DiagnosticEngine &diags)
      : program_(p), fn_(f), diags_(diags), regions_(computeTaskRegions(p, f)) {}

  bool run() {
    visitStmt(fn_.body());
    for (const auto &[read, tensor] : reads_)
      check(*read, tensor);
    for (const OrchWrite &w : orchWrites_)
      checkWrite(w);
    return ok_;
  }

  void visitAssign(const Assign &a) override {
    writes(a.value());
    IRVisitor::visitAssign(a);
  }
  void visitEval(const Eval &e) override {
    writes(e.expr());
    IRVisitor::visitEval(e);
  }
  void visitCall(const Call &c) override {
    if (c.target().isOp() && c.target().name() == "tensor.read" && !c.args().empty())
      reads_.emplace_back(&c, c.args()[0]);
    if (c.target().isOp() && c.target().name() == "tensor.write" && !c.args().empty())
      orchWrites_.push_back({&c, c.args()[0], position_, loops_});
    IRVisitor::visitCall(c);
  }
  void visitFor(const For &f) override {
    loops_.push_back(&f);
    IRVisitor::visitFor(f);
    loops_.pop_back();
  }
  void visitWhile(const While &w) override {
    loops_.push_back(&w);
    IRVisitor::visitWhile(w);
    loops_.pop_back();
  }

private:
  struct Write {
    Region region;
    std::string task;
    Span span;
    bool write = true;                 ///< false: the task only reads the region
    size_t position = 0;               ///< the task's place in program order
    std::vector<const Stmt *> loops{}; ///< the loops around the task
  };
  /// An orchestration's `tensor.write` (pl::write): a direct store into the tensor's memory.
  struct OrchWrite {
    const Call *call;
    ExprPtr tensor;
    size_t position;
    std::vector<const Stmt *> loops;
  };

  /// The arguments a task call or submit accesses: writes (Output, OutputExisting, InOut) for the
  /// reads' check, every access for the writes' check.
  void writes(const ExprPtr &e) {
    std::optional<FunctionCallSite> site = functionCallSite(e);
    if (!site || !isTaskCallee(program_, site->target->function))
      return;
    ++position_;
    const std::vector<std::string> *dirs = argDirectionNames(*site->attrs);
    for (size_t i = 0; dirs && i < site->args->size() && i < dirs->size(); ++i) {
      auto d = parseArgDirection((*dirs)[i]);
      bool w = d && (*d == ArgDirection::Output || *d == ArgDirection::OutputExisting ||
                     *d == ArgDirection::InOut);
      if (d && isa<TensorType>((*site->args)[i]->type()))
        writes_.push_back({regions_.of((*site->args)[i]), site->target->function, e->span(), w,
                           position_, loops_});
    }
  }

  /// TH004 for pl::write: a task that accesses the tensor may run while the orchestration
  /// writes it if the task was submitted before the write, or if a loop holds both (the next
  /// iteration's write follows the task). Tasks submitted after the write see it.
  void checkWrite(const OrchWrite &w) {
    Region r = regions_.of(w.tensor);
    const std::string what = "'pl::write' of '" + printExpr(w.tensor) + "' in orchestration '" +
                             fn_.name() +
                             "' writes the tensor's memory directly (the runtime does not wait "
                             "for tasks)";
    if (!r.root) {
      ok_ = false;
      diags_.error("TH004", w.call->span(),
                   what + ", and its buffer cannot be traced; write an orchestration parameter");
      return;
    }
    for (const Write &t : writes_) {
      if (t.region.root && t.region.root != r.root)
        continue;
      bool sharedLoop = std::any_of(w.loops.begin(), w.loops.end(), [&](const Stmt *l) {
        return std::find(t.loops.begin(), t.loops.end(), l) != t.loops.end();
      });
      if (t.position > w.position && !sharedLoop)
        continue;
      ok_ = false;
      diags_.report(Diagnostic{Severity::Error,
                               "TH004",
                               what + ", but task '" + t.task + "' " +
                                   (t.write ? "writes" : "reads") + " it and may still run" +
                                   (sharedLoop ? " (a loop holds both)" : "") +
                                   "; write it before the tasks that use it, or in a kernel",
                               w.call->span(),
                               {{t.span, "'" + t.task + "' is submitted here"}}});
      return;
    }
  }

  void check(const Call &read, const ExprPtr &tensor) {
    Region r = regions_.of(tensor);
    const std::string what = "'pl::read' of '" + printExpr(tensor) + "' in orchestration '" +
                             fn_.name() +
                             "' reads the tensor's memory directly (the runtime does "
                             "not wait for tasks)";
    if (!r.root) {
      ok_ = false;
      diags_.error("TH004", read.span(),
                   what + ", and its buffer cannot be traced; read an orchestration parameter "
                          "no task writes, or read it in a kernel");
      return;
    }
    for (const Write &w : writes_)
      if (w.write && (!w.region.root || w.region.root == r.root)) {
        ok_ = false;
        diags_.report(Diagnostic{Severity::Error,
                                 "TH004",
                                 what + ", but task '" + w.task +
                                     "' writes it; read it in a "
                                     "kernel, or read a tensor no task writes",
                                 read.span(),
                                 {{w.span, "'" + w.task + "' writes it here"}}});
        return;
      }
  }

  const Program &program_;
  const Function &fn_;
  DiagnosticEngine &diags_;
  TaskRegions regions_;
  std::vector<std::pair<const Call *, ExprPtr>> reads_;
  std::vector<OrchWrite> orchWrites_;
  std::vector<Write> writes_;
  std::vector<const Stmt *> loops_;
  size_t position_ = 0;
  bool ok_ = true;
};

} // namespace

bool checkTaskHazards(const Program &p, const Function &f, DiagnosticEngine &diags) {
  if (f.type() != FunctionType::Orchestration)
    return true;
  bool readsOk = OrchestrationReads(p, f, diags).run();
  return HazardChecker(p, f, diags).run() && readsOk;
}

Pass createCheckTaskHazardsPass(PassOptions &) {
  return createProgramPass(PassClass::CheckTaskHazards,
                           [](const ProgramPtr &p, DiagnosticEngine &diags) {
                             bool ok = true;
                             for (const FunctionPtr &f : p->functions())
                               ok &= checkTaskHazards(*p, *f, diags);
                             return ok ? p : ProgramPtr();
                           });
}

} // namespace pl::passes
