// Loop analysis: scalar evaluation, for-loop trip counts, while-loop IV / trip count / range.
#include "passes/utils/loop_analysis.h"
#include "passes/utils/arith/const_fold.h"

#include "ir/function.h"
#include "ir/visitor.h"

#include <functional>
#include <limits>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

constexpr int kMaxResolveDepth = 64;
constexpr int64_t kI64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t kI64Max = std::numeric_limits<int64_t>::max();

/// Body-local definitions: variables assigned once in a loop body, at its top level.
using Defs = std::unordered_map<const Var *, ExprPtr>;

bool fitsDType(int64_t v, const TypePtr &t) {
  auto d = scalarDType(t);
  if (!d)
    return true; // untyped arithmetic: int64
  auto r = intDTypeRange(*d);
  return r && v >= r->first && v <= r->second;
}

/// A float-typed scalar expression: the integer evaluator does not fold it.
bool isFloatScalar(const Expr &e) {
  auto d = scalarDType(e.type());
  return d && isFloat(*d);
}

std::optional<int64_t> compare(BinaryOp op, int64_t a, int64_t b) {
  switch (op) {
  case BinaryOp::Eq:
    return a == b;
  case BinaryOp::Ne:
    return a != b;
  case BinaryOp::Lt:
    return a < b;
  case BinaryOp::Le:
    return a <= b;
  case BinaryOp::Gt:
    return a > b;
  case BinaryOp::Ge:
    return a >= b;
  case BinaryOp::And:
    return a != 0 && b != 0;
  case BinaryOp::Or:
    return a != 0 || b != 0;
  case BinaryOp::Xor:
    return (a != 0) != (b != 0);
  default:
    return std::nullopt;
  }
}

/// Integer evaluation of pure expressions; variables come from `env`, then from `defs`.
class Evaluator {
public:
  Evaluator(const KnownValues &env, const Defs *defs) : env_(env), defs_(defs) {}

  std::optional<int64_t> eval(const ExprPtr &e) {
    if (!e || depth_ > kMaxResolveDepth)
      return std::nullopt;
    switch (e->kind()) {
    case ExprKind::ConstInt:
      return static_cast<const ConstInt &>(*e).value();
    case ExprKind::ConstBool:
      return static_cast<const ConstBool &>(*e).value() ? 1 : 0;
    case ExprKind::Var:
      return evalVar(static_cast<const Var &>(*e));
    case ExprKind::Binary:
      return evalBinary(static_cast<const Binary &>(*e));
    case ExprKind::Unary:
      return evalUnary(static_cast<const Unary &>(*e));
    default:
      return std::nullopt;
    }
  }

private:
  std::optional<int64_t> evalVar(const Var &v) {
    if (auto it = env_.find(&v); it != env_.end())
      return it->second;
    if (!defs_)
      return std::nullopt;
    auto it = defs_->find(&v);
    if (it == defs_->end())
      return std::nullopt;
    // Each definition is evaluated once: without the memo, `a2 = a1 + a1; a3 = a2 + a2; ...`
    // took 2^n steps. (A definition first reached too deep stays unknown: conservative.)
    if (auto m = memo_.find(&v); m != memo_.end())
      return m->second;
    ++depth_;
    auto r = eval(it->second);
    --depth_;
    memo_.emplace(&v, r);
    return r;
  }

  std::optional<int64_t> evalBinary(const Binary &b) {
    if (isFloatScalar(b))
      return std::nullopt;
    auto l = eval(b.lhs());
    auto r = l ? eval(b.rhs()) : std::nullopt;
    if (!r)
      return std::nullopt;
    auto v = isComparison(b.op()) || isLogical(b.op()) ? compare(b.op(), *l, *r)
                                                       : arith::foldIntBinary(b.op(), *l, *r);
    if (!v || !fitsDType(*v, b.type()))
      return std::nullopt;
    return v;
  }

  std::optional<int64_t> evalUnary(const Unary &u) {
    if (isFloatScalar(u))
      return std::nullopt;
    auto x = eval(u.operand());
    if (!x)
      return std::nullopt;
    std::optional<int64_t> v;
    switch (u.op()) {
    case UnaryOp::Abs:
      v = *x == kI64Min ? std::nullopt : std::optional(*x < 0 ? -*x : *x);
      break;
    case UnaryOp::Neg:
      v = *x == kI64Min ? std::nullopt : std::optional(-*x);
      break;
    case UnaryOp::Not:
      v = *x == 0 ? 1 : 0;
      break;
    case UnaryOp::BitNot:
      v = ~*x;
      break;
    case UnaryOp::Cast:
      v = scalarDType(u.type()) == DataType::Bool ? (*x != 0 ? 1 : 0) : *x;
      break;
    }
    if (!v || !fitsDType(*v, u.type()))
      return std::nullopt;
    return v;
  }

  const KnownValues &env_;
  const Defs *defs_;
  int depth_ = 0;
  std::unordered_map<const Var *, std::optional<int64_t>> memo_;
};

/// Collects the variables `e` reads (through `defs`); false when `e` is not pure. `expanded`:
/// the definitions already followed (each once: shared definitions made this exponential).
bool collectReads(const ExprPtr &e, const Defs &defs, std::unordered_set<const Var *> &out,
                  int depth, std::unordered_set<const Var *> &expanded) {
  if (!e || depth > kMaxResolveDepth)
    return false;
  switch (e->kind()) {
  case ExprKind::ConstInt:
  case ExprKind::ConstFloat:
  case ExprKind::ConstBool:
    return true;
  case ExprKind::Var: {
    auto it = defs.find(static_cast<const Var *>(e.get()));
    if (it != defs.end()) // a definition seen before was pure (else the walk had stopped)
      return !expanded.insert(it->first).second ||
             collectReads(it->second, defs, out, depth + 1, expanded);
    out.insert(static_cast<const Var *>(e.get()));
    return true;
  }
  case ExprKind::Binary: {
    auto &b = static_cast<const Binary &>(*e);
    return collectReads(b.lhs(), defs, out, depth, expanded) &&
           collectReads(b.rhs(), defs, out, depth, expanded);
  }
  case ExprKind::Unary:
    return collectReads(static_cast<const Unary &>(*e).operand(), defs, out, depth, expanded);
  default:
    return false;
  }
}

bool collectReads(const ExprPtr &e, const Defs &defs, std::unordered_set<const Var *> &out) {
  std::unordered_set<const Var *> expanded;
  return collectReads(e, defs, out, 0, expanded);
}

/// Follows variables through their body-local definitions (XLA's copy look-through).
ExprPtr resolve(ExprPtr e, const Defs &defs) {
  for (int i = 0; i < kMaxResolveDepth && isa<Var>(e); ++i) {
    auto it = defs.find(static_cast<const Var *>(e.get()));
    if (it == defs.end())
      break;
    e = it->second;
  }
  return e;
}

void forEachTopLevel(const StmtPtr &s, const std::function<void(const StmtPtr &)> &fn) {
  if (auto *seq = dynCast<Seq>(s)) {
    for (auto &c : seq->stmts())
      forEachTopLevel(c, fn);
    return;
  }
  if (s)
    fn(s);
}

/// Every binding site in a body, and how often each variable is assigned.
class BindingCounter final : public IRVisitor {
public:
  BindingCounter() { visitTypes_ = false; }
  void visitVarDef(const VarPtr &v) override { bound.insert(v.get()); }
  void visitAssign(const Assign &s) override {
    ++assigns[s.var().get()];
    IRVisitor::visitAssign(s);
  }
  std::unordered_set<const Var *> bound;
  std::unordered_map<const Var *, int> assigns;
};

/// A while loop prepared for the analyses.
struct LoopView {
  const While *loop = nullptr;
  Defs defs;
  const Yield *yield = nullptr;
  std::unordered_set<const Var *> bodyBound;
  std::unordered_map<const Var *, size_t> iterIndex;
  std::vector<bool> invariant; ///< iter_arg yielded unchanged
  KnownValues env;             ///< `known` plus invariant iter_args with constant inits

  ExprPtr yielded(size_t k) const { return yield->values()[k]; }
};

LoopView makeView(const While &w, const KnownValues &known) {
  LoopView v;
  v.loop = &w;
  v.env = known;
  BindingCounter counter;
  counter.visitStmt(w.body());
  v.bodyBound = std::move(counter.bound);
  forEachTopLevel(w.body(), [&](const StmtPtr &s) {
    if (auto *a = dynCast<Assign>(s); a && counter.assigns[a->var().get()] == 1)
      v.defs[a->var().get()] = a->value();
    if (auto *y = dynCast<Yield>(s))
      v.yield = y;
  });
  if (v.yield && v.yield->values().size() != w.iterArgs().size())
    v.yield = nullptr;
  for (size_t k = 0; k < w.iterArgs().size(); ++k) {
    auto &ia = w.iterArgs()[k];
    v.iterIndex[ia.var.get()] = k;
    bool inv = v.yield && resolve(v.yielded(k), v.defs) == ia.var;
    v.invariant.push_back(inv);
    if (auto c = inv ? evaluateScalar(ia.init, known) : std::nullopt)
      v.env[ia.var.get()] = *c;
  }
  return v;
}

/// The yielded value of iter_arg k depends only on itself, constants and loop invariants.
bool updateDependsOnlyOnSelf(const LoopView &v, size_t k) {
  std::unordered_set<const Var *> reads;
  if (!collectReads(v.yielded(k), v.defs, reads))
    return false;
  const Var *self = v.loop->iterArgs()[k].var.get();
  for (const Var *r : reads) {
    if (r == self || v.env.count(r))
      continue;
    auto it = v.iterIndex.find(r);
    if (it != v.iterIndex.end() ? !v.invariant[it->second] : v.bodyBound.count(r) != 0)
      return false;
  }
  return true;
}

std::optional<size_t> findIVIndex(const LoopView &v) {
  if (!v.yield)
    return std::nullopt;
  std::unordered_set<const Var *> reads;
  if (!collectReads(v.loop->cond(), {}, reads))
    return std::nullopt;
  std::optional<size_t> found;
  for (const Var *r : reads) {
    auto it = v.iterIndex.find(r);
    if (it == v.iterIndex.end() || v.invariant[it->second])
      continue;
    if (found)
      return std::nullopt; // two loop-carried values in the condition
    found = it->second;
  }
  if (!found || !updateDependsOnlyOnSelf(v, *found))
    return std::nullopt;
  auto d = scalarDType(v.loop->iterArgs()[*found].var->type());
  if (!d || !isIntLike(*d))
    return std::nullopt;
  return found;
}

std::optional<int64_t> stepOf(const LoopView &v, size_t k) {
  ExprPtr update = resolve(v.yielded(k), v.defs);
  auto *b = dynCast<Binary>(update);
  if (!b || (b->op() != BinaryOp::Add && b->op() != BinaryOp::Sub))
    return std::nullopt;
  const VarPtr &iv = v.loop->iterArgs()[k].var;
  bool ivLeft = resolve(b->lhs(), v.defs) == iv;
  bool ivRight = b->op() == BinaryOp::Add && resolve(b->rhs(), v.defs) == iv;
  if (ivLeft == ivRight)
    return std::nullopt;
  Evaluator ev(v.env, &v.defs);
  auto c = ev.eval(ivLeft ? b->rhs() : b->lhs());
  if (!c || *c == 0)
    return std::nullopt;
  if (b->op() == BinaryOp::Sub)
    return *c == kI64Min ? std::nullopt : std::optional(-*c);
  return c;
}

std::optional<BinaryOp> flipComparison(BinaryOp op) {
  switch (op) {
  case BinaryOp::Lt:
    return BinaryOp::Gt;
  case BinaryOp::Le:
    return BinaryOp::Ge;
  case BinaryOp::Gt:
    return BinaryOp::Lt;
  case BinaryOp::Ge:
    return BinaryOp::Le;
  case BinaryOp::Eq:
  case BinaryOp::Ne:
    return op;
  default:
    return std::nullopt;
  }
}

/// `iv OP n` with the IV moved to the left; nullopt when the condition has another shape.
std::optional<std::pair<BinaryOp, int64_t>> normalizedCondition(const LoopView &v, size_t k) {
  auto *b = dynCast<Binary>(v.loop->cond());
  if (!b || !isComparison(b->op()))
    return std::nullopt;
  const VarPtr &iv = v.loop->iterArgs()[k].var;
  bool ivLeft = b->lhs() == iv, ivRight = b->rhs() == iv;
  if (ivLeft == ivRight)
    return std::nullopt;
  auto n = evaluateScalar(ivLeft ? b->rhs() : b->lhs(), v.env);
  auto op = ivLeft ? std::optional(b->op()) : flipComparison(b->op());
  if (!n || !op)
    return std::nullopt;
  return std::pair(*op, *n);
}

DataType ivDType(const LoopView &v, size_t k) {
  return scalarDType(v.loop->iterArgs()[k].var->type()).value_or(DataType::Int64);
}

std::optional<int64_t> bruteForce(const LoopView &v, size_t k, int64_t init, int64_t limit) {
  KnownValues env = v.env;
  const Var *iv = v.loop->iterArgs()[k].var.get();
  auto range = intDTypeRange(ivDType(v, k));
  int64_t value = init;
  for (int64_t trip = 0; trip <= limit; ++trip) {
    env[iv] = value;
    Evaluator ev(env, &v.defs);
    auto c = ev.eval(v.loop->cond());
    if (!c)
      return std::nullopt;
    if (*c == 0)
      return trip;
    auto next = ev.eval(v.yielded(k));
    if (!next || !range || *next < range->first || *next > range->second)
      return std::nullopt;
    value = *next;
  }
  return std::nullopt;
}

std::optional<LoopRange> rangeOf(const LoopView &v, size_t k) {
  auto step = stepOf(v, k);
  auto init = step ? evaluateScalar(v.loop->iterArgs()[k].init, v.env) : std::nullopt;
  auto cond = init ? normalizedCondition(v, k) : std::nullopt;
  if (!cond)
    return std::nullopt;
  auto tc = countTrips(*init, cond->first, cond->second, *step, ivDType(v, k));
  if (!tc)
    return std::nullopt;
  LoopRange r{*init, *init, *step, *tc};
  if (*tc > 0)
    r.last = *init + (*tc - 1) * *step; // in range: countTrips checked the exit value
  return r;
}

/// XLA's AIV chain: every node on the way is + − * / with exactly one non-constant operand.
bool isAuxChain(const ExprPtr &e, const Var *iv, const Defs &defs, int depth = 0) {
  if (depth > kMaxResolveDepth)
    return false;
  ExprPtr r = resolve(e, defs);
  if (r.get() == iv)
    return true;
  auto *b = dynCast<Binary>(r);
  if (!b || (b->op() != BinaryOp::Add && b->op() != BinaryOp::Sub && b->op() != BinaryOp::Mul &&
             b->op() != BinaryOp::FloorDiv && b->op() != BinaryOp::TruncDiv &&
             b->op() != BinaryOp::FloatDiv))
    return false;
  std::unordered_set<const Var *> lr, rr;
  bool lConst = collectReads(b->lhs(), defs, lr) && lr.empty();
  bool rConst = collectReads(b->rhs(), defs, rr) && rr.empty();
  if (lConst == rConst)
    return false;
  return isAuxChain(lConst ? b->rhs() : b->lhs(), iv, defs, depth + 1);
}
} // namespace

// ---- Scalars -----------------------------------------------------------------------------------

std::optional<std::pair<int64_t, int64_t>> intDTypeRange(DataType d) {
  if (d == DataType::Bool)
    return std::pair<int64_t, int64_t>(0, 1);
  if (d == DataType::Index)
    return std::pair(kI64Min, kI64Max);
  if (!isIntLike(d))
    return std::nullopt;
  unsigned bits = dtypeBits(d);
  if (isUnsignedInt(d))
    return std::pair<int64_t, int64_t>(0, bits >= 64 ? kI64Max : (int64_t(1) << bits) - 1);
  if (bits >= 64)
    return std::pair(kI64Min, kI64Max);
  return std::pair(-(int64_t(1) << (bits - 1)), (int64_t(1) << (bits - 1)) - 1);
}

std::optional<int64_t> evaluateScalar(const ExprPtr &e, const KnownValues &env) {
  Evaluator ev(env, nullptr);
  return ev.eval(e);
}

bool isPureScalarExpr(const ExprPtr &e) {
  std::unordered_set<const Var *> reads;
  return collectReads(e, {}, reads);
}

namespace {
/// Program-order walk that evaluates single assignments of scalars.
class KnownConstantCollector final : public IRVisitor {
public:
  explicit KnownConstantCollector(const BindingCounter &counts) : counts_(counts) {
    visitTypes_ = false;
  }
  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    auto it = counts_.assigns.find(s.var().get());
    if (it == counts_.assigns.end() || it->second != 1)
      return;
    if (auto v = evaluateScalar(s.value(), known))
      if (fitsDType(*v, s.var()->type()) && scalarDType(s.var()->type()))
        known[s.var().get()] = *v;
  }
  KnownValues known;

private:
  const BindingCounter &counts_;
};
} // namespace

KnownValues collectKnownConstants(const Function &f) {
  BindingCounter counts;
  counts.visitStmt(f.body());
  for (auto &p : f.params())
    counts.assigns[p.var.get()] += 2; // parameters are never constants
  KnownConstantCollector collector(counts);
  collector.visitStmt(f.body());
  return std::move(collector.known);
}

// ---- For loops ---------------------------------------------------------------------------------

std::optional<int64_t> computeForTripCount(int64_t start, int64_t stop, int64_t step) {
  if (step == 0)
    return std::nullopt;
  if (step > 0 ? stop <= start : stop >= start)
    return 0;
  // Distances and steps as unsigned: exact for any pair of int64 values.
  uint64_t dist = step > 0 ? uint64_t(stop) - uint64_t(start) : uint64_t(start) - uint64_t(stop);
  uint64_t s = step > 0 ? uint64_t(step) : uint64_t(-(step + 1)) + 1;
  uint64_t count = (dist - 1) / s + 1;
  if (count > uint64_t(kI64Max))
    return std::nullopt;
  return int64_t(count);
}

ForTripCount analyzeForTripCount(const For &f, const KnownValues &known) {
  ForTripCount r;
  auto start = evaluateScalar(f.start(), known);
  auto stop = evaluateScalar(f.stop(), known);
  auto step = evaluateScalar(f.step(), known);
  if (!start || !stop || !step)
    return r;
  r.start = *start;
  r.stop = *stop;
  r.step = *step;
  if (*step == 0) {
    r.status = ForTripStatus::ZeroStep;
    return r;
  }
  auto count = computeForTripCount(*start, *stop, *step);
  auto range = intDTypeRange(scalarDType(f.loopVar()->type()).value_or(DataType::Index));
  bool inRange = !range || (*start >= range->first && *start <= range->second &&
                            *stop >= range->first && *stop <= range->second);
  if (!count || (*count > 0 && !inRange)) {
    r.status = ForTripStatus::Overflow;
    return r;
  }
  r.status = ForTripStatus::Ok;
  r.count = *count;
  return r;
}

// ---- While loops -------------------------------------------------------------------------------

std::optional<int64_t> countTrips(int64_t init, BinaryOp op, int64_t n, int64_t step,
                                  DataType ivType) {
  if (step == 0)
    return std::nullopt;
  int64_t stop = 0;
  std::optional<int64_t> tc;
  switch (op) {
  case BinaryOp::Lt:
    tc = init >= n ? 0 : step < 0 ? std::nullopt : computeForTripCount(init, n, step);
    break;
  case BinaryOp::Le:
    if (init > n)
      return 0;
    tc = step < 0 || __builtin_add_overflow(n, 1, &stop) ? std::nullopt
                                                         : computeForTripCount(init, stop, step);
    break;
  case BinaryOp::Gt:
    tc = init <= n ? 0 : step > 0 ? std::nullopt : computeForTripCount(init, n, step);
    break;
  case BinaryOp::Ge:
    if (init < n)
      return 0;
    tc = step > 0 || __builtin_sub_overflow(n, 1, &stop) ? std::nullopt
                                                         : computeForTripCount(init, stop, step);
    break;
  case BinaryOp::Ne: {
    int64_t d = 0;
    if (init == n)
      return 0;
    if (__builtin_sub_overflow(n, init, &d) || d % step != 0 || d / step <= 0)
      return std::nullopt;
    tc = d / step;
    break;
  }
  case BinaryOp::Eq:
    return init != n ? 0 : 1; // the first step leaves n
  default:
    return std::nullopt;
  }
  // The value that ends the loop must exist in the IV's dtype (no wrap-around).
  int64_t delta = 0, exitValue = 0;
  auto range = intDTypeRange(ivType);
  if (!tc || !range || __builtin_mul_overflow(*tc, step, &delta) ||
      __builtin_add_overflow(init, delta, &exitValue) || exitValue < range->first ||
      exitValue > range->second)
    return std::nullopt;
  return tc;
}

std::optional<InductionVar> findInductionVar(const While &w, const KnownValues &known) {
  LoopView v = makeView(w, known);
  auto k = findIVIndex(v);
  if (!k)
    return std::nullopt;
  return InductionVar{*k, w.iterArgs()[*k].var, v.yielded(*k)};
}

std::optional<int64_t> matchInductionStep(const While &w, const InductionVar &iv,
                                          const KnownValues &known) {
  LoopView v = makeView(w, known);
  if (!v.yield || iv.index >= w.iterArgs().size())
    return std::nullopt;
  return stepOf(v, iv.index);
}

std::optional<LoopRange> matchLoopRange(const While &w, const KnownValues &known) {
  LoopView v = makeView(w, known);
  auto k = findIVIndex(v);
  return k ? rangeOf(v, *k) : std::nullopt;
}

std::optional<int64_t> computeWhileTripCount(const While &w, int64_t maxBruteForceIters,
                                             const KnownValues &known) {
  LoopView v = makeView(w, known);
  auto k = findIVIndex(v);
  if (!k)
    return std::nullopt;
  if (auto r = rangeOf(v, *k))
    return r->tripCount;
  auto init = evaluateScalar(w.iterArgs()[*k].init, v.env);
  if (!init)
    return std::nullopt;
  return bruteForce(v, *k, *init, maxBruteForceIters);
}

std::optional<int64_t> computeWhileTripCountUpperBound(const While &w, const KnownValues &known) {
  if (auto tc = computeWhileTripCount(w, kDefaultBruteForceLimit, known))
    return tc;
  LoopView v = makeView(w, known);
  std::unordered_set<const Var *> reads;
  if (!v.yield || !collectReads(w.cond(), {}, reads))
    return std::nullopt;
  std::optional<size_t> only;
  for (const Var *r : reads) {
    if (v.env.count(r))
      continue;
    auto it = v.iterIndex.find(r);
    if (it == v.iterIndex.end() || only)
      return std::nullopt;
    only = it->second;
  }
  Evaluator ev(v.env, &v.defs);
  auto c = only ? ev.eval(v.yielded(*only)) : std::nullopt;
  if (!c)
    return std::nullopt;
  KnownValues env = v.env;
  env[w.iterArgs()[*only].var.get()] = *c;
  auto after = evaluateScalar(w.cond(), env);
  return after && *after == 0 ? std::optional<int64_t>(1) : std::nullopt;
}

std::vector<size_t> findAuxiliaryInductionVars(const While &w) {
  LoopView v = makeView(w, {});
  std::vector<size_t> out;
  if (!v.yield)
    return out;
  for (size_t k = 0; k < w.iterArgs().size(); ++k) {
    const VarPtr &var = w.iterArgs()[k].var;
    ExprPtr r = resolve(v.yielded(k), v.defs);
    std::unordered_set<const Var *> reads;
    bool constant = collectReads(r, v.defs, reads) && reads.empty();
    if (r == var || constant)
      continue;
    if (isAuxChain(r, var.get(), v.defs))
      out.push_back(k);
  }
  return out;
}

void ConditionalPathVisitor::visitIf(const If &s) {
  visitExpr(s.cond());
  ++depth_;
  visitStmt(s.thenBody());
  visitStmt(s.elseBody());
  --depth_;
  visitVarDefs(s.returnVars());
}

void ConditionalPathVisitor::visitWhile(const While &s) {
  ++depth_;
  IRVisitor::visitWhile(s);
  --depth_;
}

void ConditionalPathVisitor::visitFor(const For &s) {
  ForTripCount trips = analyzeForTripCount(s);
  const int maySkip = trips.status != ForTripStatus::Ok || trips.count < 1 ? 1 : 0;
  depth_ += maySkip;
  IRVisitor::visitFor(s);
  depth_ -= maySkip;
}

} // namespace pl::passes
