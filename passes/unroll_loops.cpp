// UnrollLoops: full expansion of constant-bound unroll loops (see unroll_loops.h).
#include "passes/unroll_loops.h"

#include "ir/mutator.h"
#include "ir/visitor.h"
#include "passes/utils/loop_analysis.h"

#include "llvm/ADT/StringRef.h"

#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

/// Occurrences (binding sites and uses, types and attrs included) of each variable.
class OccurrenceCounter final : public IRVisitor {
public:
  void visitVarDef(const VarPtr &v) override {
    ++count[v.get()];
    IRVisitor::visitVarDef(v);
  }
  void visitVarUse(const VarPtr &v) override {
    ++count[v.get()];
    IRVisitor::visitVarUse(v);
  }
  std::unordered_map<const Var *, size_t> count;
};

/// The first break / continue that belongs to the loop itself (not to a nested loop).
class OwnBreakFinder final : public IRVisitor {
public:
  OwnBreakFinder() { visitTypes_ = false; }
  void visitBreak(const Break &s) override { found = found ? found : &s; }
  void visitContinue(const Continue &s) override { found = found ? found : &s; }
  void visitFor(const For &) override {}
  void visitWhile(const While &) override {}
  const Stmt *found = nullptr;
};

/// One copy of a loop body: substitutions come in through remap(); every variable bound in the
/// body that is not in `keep` gets a fresh Var (once per copy).
class IterationCloner final : public IRMutator {
public:
  explicit IterationCloner(const std::unordered_set<const Var *> &keep) : keep_(keep) {}

  VarPtr mutateVarDef(const VarPtr &v) override {
    if (isa<MemRef>(v) || keep_.count(v.get()))
      return IRMutator::mutateVarDef(v);
    if (auto it = fresh_.find(v.get()); it != fresh_.end())
      return it->second;
    auto nv = Var::make(v->name(), mutateType(v->type()), v->span());
    fresh_[v.get()] = nv;
    remap(v, nv);
    return nv;
  }

private:
  const std::unordered_set<const Var *> &keep_;
  std::unordered_map<const Var *, VarPtr> fresh_;
};

/// Removes a trailing yield from a cloned body; returns its values.
ExprList takeTrailingYield(StmtPtr &body) {
  if (auto *y = dynCast<Yield>(body)) {
    ExprList vals = y->values();
    body = nullptr;
    return vals;
  }
  auto *seq = dynCast<Seq>(body);
  if (!seq || seq->stmts().empty() || !isa<Yield>(seq->stmts().back()))
    return {};
  ExprList vals = static_cast<const Yield &>(*seq->stmts().back()).values();
  std::vector<StmtPtr> rest(seq->stmts().begin(), seq->stmts().end() - 1);
  body = Seq::make(std::move(rest), seq->span());
  return vals;
}

/// Carried values for the next copy: variables and constants directly, others bound first.
ExprList bindCarried(const ExprList &vals, const std::vector<IterArg> &iters,
                     std::vector<StmtPtr> &out) {
  ExprList cur;
  for (size_t j = 0; j < vals.size() && j < iters.size(); ++j) {
    const ExprPtr &v = vals[j];
    if (isa<Var>(v) || isa<ConstInt>(v) || isa<ConstFloat>(v) || isa<ConstBool>(v)) {
      cur.push_back(v);
      continue;
    }
    auto tmp = Var::make(iters[j].var->name(), iters[j].var->type(), v->span());
    out.push_back(Assign::make(tmp, v, v->span()));
    cur.push_back(tmp);
  }
  return cur;
}

class Unroller final : public IRMutator {
public:
  Unroller(const Function &f, DiagnosticEngine &diags, int64_t cap)
      : diags_(diags), cap_(cap), known_(collectKnownConstants(f)) {
    total_.visitFunction(f);
  }
  bool failed = false;

  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    if (s->forKind() != ForKind::Unroll)
      return IRMutator::mutateFor(s);
    auto trips = checkedTripCount(*s);
    if (!trips)
      return s;
    std::unordered_set<const Var *> keep = usedOutside(*s);
    StmtPtr inner = IRMutator::mutateFor(s); // inner unroll loops first
    return expand(static_cast<const For &>(*inner), *trips, keep);
  }

private:
  std::optional<ForTripCount> checkedTripCount(const For &s);
  StmtPtr expand(const For &s, const ForTripCount &trips,
                 const std::unordered_set<const Var *> &keep);

  /// Variables of the function that also occur outside `s`.
  std::unordered_set<const Var *> usedOutside(const For &s) {
    OccurrenceCounter inside;
    inside.visitFor(s);
    std::unordered_set<const Var *> keep;
    for (auto &[v, n] : inside.count)
      if (auto it = total_.count.find(v); it != total_.count.end() && it->second > n)
        keep.insert(v);
    return keep;
  }

  void error(const char *code, const Stmt &s, const std::string &msg) {
    diags_.error(code, s.span(), msg);
    failed = true;
  }

  DiagnosticEngine &diags_;
  int64_t cap_;
  KnownValues known_;
  OccurrenceCounter total_;
};

std::optional<ForTripCount> Unroller::checkedTripCount(const For &s) {
  ForTripCount tc = analyzeForTripCount(s, known_);
  const std::string lv = "'" + s.loopVar()->name() + "'";
  switch (tc.status) {
  case ForTripStatus::NonConstant:
    error("UR001", s,
          "unroll loop over " + lv +
              " needs constant start, stop and step; use a range loop for "
              "run-time bounds");
    return std::nullopt;
  case ForTripStatus::ZeroStep:
    error("UR002", s, "unroll loop over " + lv + " has a step of 0; expected a non-zero step");
    return std::nullopt;
  case ForTripStatus::Overflow:
    error("UR004", s,
          "trip count of unroll loop over " + lv + " overflows int64 or the loop variable's dtype");
    return std::nullopt;
  case ForTripStatus::Ok:
    break;
  }
  if (tc.count > cap_) {
    error("UR003", s,
          "unroll loop over " + lv + " has " + std::to_string(tc.count) +
              " iterations, more than the cap of " + std::to_string(cap_) +
              "; use a range loop or raise max_trip_count");
    return std::nullopt;
  }
  OwnBreakFinder brk;
  brk.visitStmt(s.body());
  if (brk.found) {
    error("UR005", *brk.found,
          std::string(isa<Break>(brk.found) ? "break" : "continue") + " in unroll loop over " + lv +
              " is not supported; expected straight-line iterations");
    return std::nullopt;
  }
  return tc;
}

StmtPtr Unroller::expand(const For &s, const ForTripCount &trips,
                         const std::unordered_set<const Var *> &keep) {
  std::vector<StmtPtr> out;
  ExprList cur;
  for (auto &ia : s.iterArgs())
    cur.push_back(ia.init);
  DataType dt = scalarDType(s.loopVar()->type()).value_or(DataType::Index);
  for (int64_t k = 0; k < trips.count; ++k) {
    IterationCloner copy(keep);
    copy.remap(s.loopVar(), ConstInt::make(trips.start + k * trips.step, dt, s.span()));
    for (size_t j = 0; j < s.iterArgs().size(); ++j)
      copy.remap(s.iterArgs()[j].var, cur[j]);
    StmtPtr body = copy.mutateStmt(s.body());
    ExprList yielded = takeTrailingYield(body);
    if (body)
      out.push_back(body);
    if (!s.iterArgs().empty())
      cur = bindCarried(yielded, s.iterArgs(), out);
  }
  for (size_t j = 0; j < s.returnVars().size() && j < cur.size(); ++j)
    out.push_back(Assign::make(s.returnVars()[j], cur[j], s.span()));
  if (out.empty())
    return nullptr;
  return Seq::flatten(std::move(out), s.span());
}
} // namespace

FunctionPtr unrollLoops(const FunctionPtr &f, DiagnosticEngine &diags, int64_t maxTripCount) {
  Unroller u(*f, diags, maxTripCount);
  FunctionPtr out = u.mutateFunction(f);
  return u.failed ? nullptr : out;
}

Pass createUnrollLoopsPass(PassOptions &opts) {
  int64_t cap = kDefaultMaxUnrollTripCount;
  if (auto v = opts.take("max_trip_count")) {
    if (llvm::StringRef(*v).getAsInteger(10, cap) || cap < 0)
      opts.error("max_trip_count must be a non-negative integer, got '" + *v + "'");
  }
  return createFunctionPass(PassClass::UnrollLoops,
                            [cap](const FunctionPtr &f, const Program &, PassContext &ctx) {
                              return unrollLoops(f, ctx.diags(), cap);
                            });
}

} // namespace pl::passes
