// FlattenControlFlow: bound loops, pin conditions, stub out communication (see the header).
#include "passes/flatten_control_flow.h"

#include "passes/utils/carry_copies.h"
#include "passes/utils/loop_analysis.h"
#include "passes/utils/pure_calls.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/ops/comm.h"
#include "ir/visitor.h"

#include "llvm/ADT/StringRef.h"

#include <set>

namespace pl::passes {

namespace {
using namespace ir;

// ---- Call graph: functions that run inside some loop -------------------------------------------

class LoopCallCollector final : public IRVisitor {
public:
  LoopCallCollector() { visitTypes_ = false; }
  void visitFor(const For &s) override { inLoop(s); }
  void visitWhile(const While &s) override { inLoop(s); }
  void visitCallTarget(const CallTarget &target, const Expr &) override { note(target); }
  std::set<std::string, std::less<>> inLoopCallees, callees;

private:
  template <typename L> void inLoop(const L &s) {
    ++depth_;
    if constexpr (std::is_same_v<L, For>)
      IRVisitor::visitFor(s);
    else
      IRVisitor::visitWhile(s);
    --depth_;
  }
  void note(const CallTarget &t) {
    if (t.isOp())
      return;
    callees.insert(t.function);
    if (depth_ > 0)
      inLoopCallees.insert(t.function);
  }
  int depth_ = 0;
};

/// Functions called from inside a loop, directly or through other such functions.
std::set<std::string, std::less<>> nestedFunctions(const Program &p) {
  std::set<std::string, std::less<>> nested;
  std::map<std::string, LoopCallCollector, std::less<>> perFunction;
  for (auto &f : p.functions()) {
    perFunction[f->name()].visitFunction(*f);
    auto &c = perFunction[f->name()];
    nested.insert(c.inLoopCallees.begin(), c.inLoopCallees.end());
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (auto &[name, c] : perFunction)
      if (nested.count(name))
        for (auto &callee : c.callees)
          grew |= nested.insert(callee).second;
  }
  return nested;
}

// ---- Ops ---------------------------------------------------------------------------------------

bool isIdOp(const Op &op) {
  llvm::StringRef n = op.name();
  return n.ends_with(".get_block_idx") || n.ends_with(".get_subblock_idx");
}

/// Whether the options stub out this call (XLA's remove_comm / remove_host_transfer /
/// remove_infeed_outfeed).
bool stubbed(const Call &c, const FlattenControlFlowOptions &o) {
  if (!c.target().isOp())
    return false;
  const Op &op = *c.target().op;
  switch (commClass(op, c.kwargs())) {
  case CommClass::Comm:
    return o.removeComm;
  case CommClass::HostTransfer:
    return o.removeComm || o.removeHostTransfer;
  case CommClass::Feed:
    return o.removeInfeedOutfeed;
  case CommClass::None: // pipe synchronisation (system.sync_*) and the rest: not communication
    return false;
  }
  return false;
}

/// `(v);` for each tensor or tile operand of a stubbed call except `skip`: the data the op would
/// have sent stays alive through DCE (XLA's side-effecting nop custom calls).
void keepOperandsAlive(const Call &c, std::optional<size_t> skip, std::vector<StmtPtr> &out) {
  for (size_t i = 0; i < c.args().size(); ++i)
    if (i != skip && isa<ShapedType>(c.args()[i]->type().get()))
      out.push_back(Eval::make(c.args()[i], c.args()[i]->span()));
}

// ---- Bounds ------------------------------------------------------------------------------------

/// XLA's GetLoopBound: a constant > 0 on the bound side of a comparison, initial value ignored.
std::optional<int64_t> boundFromCondition(const ExprPtr &cond, const KnownValues &known) {
  auto *b = dynCast<Binary>(cond);
  if (!b || !isComparison(b->op()) || b->op() == BinaryOp::Eq)
    return std::nullopt;
  bool rhsSide = b->op() == BinaryOp::Lt || b->op() == BinaryOp::Le || b->op() == BinaryOp::Ne;
  bool lhsSide = b->op() == BinaryOp::Gt || b->op() == BinaryOp::Ge || b->op() == BinaryOp::Ne;
  std::optional<int64_t> v;
  if (rhsSide)
    v = evaluateScalar(b->rhs(), known);
  if (!v && lhsSide)
    v = evaluateScalar(b->lhs(), known);
  return v && *v > 0 ? v : std::nullopt;
}

struct DepthGuard {
  explicit DepthGuard(int &d) : d_(d) { ++d_; }
  ~DepthGuard() { --d_; }
  int &d_;
};

class Flattener final : public IRMutator {
public:
  Flattener(const Program &p, const FlattenControlFlowOptions &opts, KnownValues known, bool nested,
            DiagnosticEngine &diags)
      : program_(p), opts_(opts), known_(std::move(known)), nested_(nested), diags_(diags) {}
  bool failed = false;

  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override;
  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override;
  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override;
  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override;
  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override;
  ExprPtr mutateCall(const std::shared_ptr<const Call> &e) override;

private:
  int64_t capped(int64_t bound, bool outer) const {
    bound = std::min(bound, opts_.maxLoopCount);
    return outer ? std::min(bound, opts_.maxOuterLoopCount) : bound;
  }
  /// The loop's bound, analysed through the pure scalar functions it calls (pure_calls.h).
  int64_t whileBound(const std::shared_ptr<const While> &s, bool outer) const {
    StmtPtr inlined = inlinePureScalarCalls(s, program_);
    auto *iw = dynCast<While>(inlined);
    const While &w = iw ? *iw : *s;
    std::optional<int64_t> b;
    if (opts_.useTripCount)
      b = computeWhileTripCount(w, kDefaultBruteForceLimit, known_);
    if (opts_.useTripCount && !b)
      b = computeWhileTripCountUpperBound(w, known_); // runs at most that often
    if (!b)
      b = boundFromCondition(w.cond(), known_);
    return capped(b.value_or(opts_.whileExecutionCount), outer);
  }
  StmtPtr withCounter(const While &w, int64_t bound);
  /// A loop is outermost when no loop encloses it here or at a call site.
  bool outermost() const { return depth_ == 0 && !nested_; }
  /// `rewrite()` (the default rewrite of a loop's children) one loop level deeper.
  template <class F> StmtPtr inside(F rewrite) {
    DepthGuard g(depth_);
    return rewrite();
  }

  const Program &program_;
  const FlattenControlFlowOptions &opts_;
  KnownValues known_;
  bool nested_;
  DiagnosticEngine &diags_;
  int depth_ = 0;
};

/// A continue of the loop itself (nested loops have their own).
class OwnContinueFinder final : public IRVisitor {
public:
  OwnContinueFinder() { visitTypes_ = false; }
  void visitContinue(const Continue &s) override { found = found ? found : &s; }
  void visitFor(const For &) override {}
  void visitWhile(const While &) override {}
  const Continue *found = nullptr;
};

/// The body with `extra` appended to its trailing yield (a yield is added if there is none).
StmtPtr appendToYield(const StmtPtr &body, const ExprPtr &extra) {
  std::vector<StmtPtr> stmts;
  const Yield *y = splitTrailingYield(body, stmts);
  ExprList vals = y ? y->values() : ExprList{};
  vals.push_back(extra);
  stmts.push_back(Yield::make(std::move(vals), y ? y->span() : extra->span()));
  return Seq::flatten(std::move(stmts), body ? body->span() : Span());
}

StmtPtr Flattener::withCounter(const While &w, int64_t bound) {
  const Span &sp = w.span();
  auto idx = ScalarType::get(DataType::Index);
  auto ctr = Var::make("ctr", idx, sp);
  auto cond = Binary::make(BinaryOp::Lt, ctr, ConstInt::make(bound, DataType::Index, sp), sp);
  std::vector<IterArg> iters = w.iterArgs();
  iters.push_back({ctr, ConstInt::make(0, DataType::Index, sp)});
  std::vector<VarPtr> rets = w.returnVars();
  rets.push_back(Var::make("ctr_final", idx, sp));
  auto next = Binary::make(BinaryOp::Add, ctr, ConstInt::make(1, DataType::Index, sp), sp);
  return While::make(cond, std::move(iters), appendToYield(w.body(), next), std::move(rets), sp);
}

StmtPtr Flattener::mutateWhile(const std::shared_ptr<const While> &s) {
  bool outer = outermost();
  StmtPtr inner = inside([&] { return IRMutator::mutateWhile(s); });
  auto *w = dynCast<While>(inner);
  if (!opts_.flattenWhileLoop || !w)
    return inner;
  OwnContinueFinder cont;
  cont.visitStmt(w->body());
  if (cont.found) {
    diags_.error("FC001", cont.found->span(),
                 "cannot flatten a while loop with its own 'continue'; run ctrl-flow-transform "
                 "first");
    failed = true;
    return inner;
  }
  return withCounter(*w, whileBound(s, outer));
}

StmtPtr Flattener::mutateFor(const std::shared_ptr<const For> &s) {
  bool outer = outermost();
  StmtPtr inner = inside([&] { return IRMutator::mutateFor(s); });
  auto *f = dynCast<For>(inner);
  auto step = f && opts_.flattenForLoops ? evaluateScalar(f->step(), known_) : std::nullopt;
  if (!step || *step == 0)
    return inner;
  ForTripCount tc = analyzeForTripCount(*f, known_);
  int64_t count =
      capped(tc.status == ForTripStatus::Ok ? tc.count : opts_.whileExecutionCount, outer);
  int64_t delta = 0;
  if (__builtin_mul_overflow(count, *step, &delta))
    return inner;
  auto start = evaluateScalar(f->start(), known_);
  int64_t stop = 0;
  ExprPtr newStop;
  if (start && !__builtin_add_overflow(*start, delta, &stop))
    newStop = ConstInt::make(stop, scalarDType(f->loopVar()->type()).value_or(DataType::Index));
  else if (!start)
    newStop = Binary::make(BinaryOp::Add, f->start(), ConstInt::make(delta), f->span());
  if (!newStop || (tc.status == ForTripStatus::Ok && count == tc.count))
    return inner;
  return For::make(f->loopVar(), f->start(), newStop, f->step(), f->iterArgs(), f->body(),
                   f->returnVars(), f->forKind(), f->attrs(), f->span());
}

StmtPtr Flattener::mutateIf(const std::shared_ptr<const If> &s) {
  StmtPtr inner = IRMutator::mutateIf(s);
  auto *i = dynCast<If>(inner);
  if (!opts_.flattenConditional || !i)
    return inner;
  auto pinned = If::make(ConstBool::make(opts_.conditionalValue, i->cond()->span()), i->thenBody(),
                         i->elseBody(), i->returnVars(), i->span());
  if (isa<ConstBool>(i->cond()) || isa<ConstInt>(i->cond()))
    return pinned;
  return Seq::flatten({Eval::make(i->cond(), i->cond()->span()), pinned}, i->span());
}

StmtPtr Flattener::mutateEval(const std::shared_ptr<const Eval> &s) {
  auto *c = dynCast<Call>(s->expr());
  if (!c || !stubbed(*c, opts_))
    return IRMutator::mutateEval(s);
  ExprPtr e = IRMutator::mutateExpr(s->expr());
  auto *mc = dynCast<Call>(e);
  std::vector<StmtPtr> alive;
  keepOperandsAlive(mc ? *mc : *c, std::nullopt, alive);
  return alive.empty() ? nullptr : Seq::flatten(std::move(alive), s->span());
}

StmtPtr Flattener::mutateAssign(const std::shared_ptr<const Assign> &s) {
  auto *orig = dynCast<Call>(s->value());
  if (!orig || !stubbed(*orig, opts_))
    return IRMutator::mutateAssign(s);
  auto alias = orig->target().op->outputAliasesArg;
  if (!alias || size_t(*alias) >= orig->args().size()) {
    diags_.warning("FC002", orig->span(),
                   "cannot stub out '" + orig->target().name() +
                       "': its result aliases no argument; the call is kept");
    return IRMutator::mutateAssign(s);
  }
  ExprPtr e = IRMutator::mutateExpr(s->value());
  auto *mc = dynCast<Call>(e);
  const Call *c = mc ? mc : orig;
  std::vector<StmtPtr> out;
  keepOperandsAlive(*c, size_t(*alias), out);
  out.push_back(Assign::make(mutateVarDef(s->var()), c->args()[size_t(*alias)], s->span()));
  return Seq::flatten(std::move(out), s->span());
}

ExprPtr Flattener::mutateCall(const std::shared_ptr<const Call> &e) {
  bool ids = opts_.removeId || opts_.removeComm;
  if (ids && e->target().isOp() && isIdOp(*e->target().op)) {
    auto d = scalarDType(e->type()).value_or(DataType::Index);
    return ConstInt::make(0, d, e->span());
  }
  return IRMutator::mutateCall(e);
}

// ---- Options -----------------------------------------------------------------------------------

void takeInt(PassOptions &opts, const char *key, int64_t &out, int64_t min) {
  auto v = opts.take(key);
  if (v && (llvm::StringRef(*v).getAsInteger(10, out) || out < min))
    opts.error(std::string(key) + " must be an integer >= " + std::to_string(min) + ", got '" + *v +
               "'");
}

void takeBool(PassOptions &opts, const char *key, bool &out) {
  auto v = opts.take(key);
  if (!v)
    return;
  if (*v == "true" || *v == "1")
    out = true;
  else if (*v == "false" || *v == "0")
    out = false;
  else
    opts.error(std::string(key) + " must be true or false, got '" + *v + "'");
}
} // namespace

ProgramPtr flattenControlFlow(const ProgramPtr &p, const FlattenControlFlowOptions &opts,
                              DiagnosticEngine &diags) {
  auto nested = nestedFunctions(*p);
  std::vector<FunctionPtr> fs;
  bool changed = false;
  for (auto &f : p->functions()) {
    Flattener fl(*p, opts, collectKnownConstants(*f), nested.count(f->name()) != 0, diags);
    FunctionPtr nf = fl.mutateFunction(f);
    if (fl.failed)
      return nullptr;
    changed |= nf != f;
    fs.push_back(nf);
  }
  return changed ? p->withFunctions(std::move(fs)) : p;
}

Pass createFlattenControlFlowPass(PassOptions &opts) {
  FlattenControlFlowOptions o;
  takeInt(opts, "while_execution_count", o.whileExecutionCount, 0);
  takeInt(opts, "max_outer_loop_count", o.maxOuterLoopCount, 0);
  takeInt(opts, "max_loop_count", o.maxLoopCount, 0);
  takeBool(opts, "flatten_while_loop", o.flattenWhileLoop);
  takeBool(opts, "flatten_for_loops", o.flattenForLoops);
  takeBool(opts, "use_trip_count", o.useTripCount);
  takeBool(opts, "flatten_conditional", o.flattenConditional);
  takeBool(opts, "conditional_value", o.conditionalValue);
  takeBool(opts, "remove_comm", o.removeComm);
  takeBool(opts, "remove_id", o.removeId);
  takeBool(opts, "remove_host_transfer", o.removeHostTransfer);
  takeBool(opts, "remove_infeed_outfeed", o.removeInfeedOutfeed);
  return createProgramPass(
      PassClass::FlattenControlFlow,
      [o](const ProgramPtr &p, PassContext &ctx) { return flattenControlFlow(p, o, ctx.diags()); });
}

} // namespace pl::passes
