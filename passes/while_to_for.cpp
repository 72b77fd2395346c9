// WhileToFor: counted while loops become for loops (see while_to_for.h).
#include "passes/while_to_for.h"

#include "ir/find.h"
#include "ir/mutator.h"
#include "passes/utils/loop_analysis.h"

#include "llvm/ADT/StringRef.h"

namespace pl::passes {

namespace {
using namespace ir;

/// The body with the k-th value dropped from its trailing yield (nullptr when no yield).
StmtPtr dropYieldValue(const StmtPtr &body, size_t k) {
  auto strip = [k](const Yield &y) {
    ExprList vals = y.values();
    vals.erase(vals.begin() + static_cast<std::ptrdiff_t>(k));
    return Yield::make(std::move(vals), y.span());
  };
  if (auto *y = dynCast<Yield>(body))
    return strip(*y);
  auto *seq = dynCast<Seq>(body);
  if (!seq || seq->stmts().empty())
    return nullptr;
  auto *y = dynCast<Yield>(seq->stmts().back());
  if (!y || y->values().size() <= k)
    return nullptr;
  std::vector<StmtPtr> stmts = seq->stmts();
  stmts.back() = strip(*y);
  return Seq::make(std::move(stmts), seq->span());
}

template <typename T> std::vector<T> without(const std::vector<T> &v, size_t k) {
  std::vector<T> out = v;
  out.erase(out.begin() + static_cast<std::ptrdiff_t>(k));
  return out;
}

/// What the conversion needs to know about one loop.
struct CountedLoop {
  size_t k = 0;
  int64_t init = 0, step = 0, trips = 0, exit = 0;
  DataType dtype = DataType::Index;
};

std::optional<CountedLoop> analyze(const While &w, const KnownValues &known, int64_t limit) {
  auto iv = findInductionVar(w, known);
  auto step = iv ? matchInductionStep(w, *iv, known) : std::nullopt;
  auto trips = step ? computeWhileTripCount(w, limit, known) : std::nullopt;
  auto init = trips ? evaluateScalar(w.iterArgs()[iv->index].init, known) : std::nullopt;
  if (!init || w.returnVars().size() != w.iterArgs().size())
    return std::nullopt;
  CountedLoop c{iv->index, *init, *step, *trips, 0, DataType::Index};
  int64_t delta = 0;
  if (hasOwnLoopJump(w.body()) || __builtin_mul_overflow(c.trips, c.step, &delta) ||
      __builtin_add_overflow(c.init, delta, &c.exit))
    return std::nullopt;
  c.dtype = scalarDType(iv->var->type()).value_or(DataType::Index);
  return c;
}

StmtPtr convert(const While &w, const CountedLoop &c) {
  const Span &sp = w.span();
  std::vector<StmtPtr> out;
  if (c.trips == 0) {
    for (size_t j = 0; j < w.iterArgs().size(); ++j)
      out.push_back(Assign::make(w.returnVars()[j], w.iterArgs()[j].init, sp));
    return Seq::flatten(std::move(out), sp);
  }
  StmtPtr body = dropYieldValue(w.body(), c.k);
  if (!body)
    return nullptr;
  out.push_back(For::make(w.iterArgs()[c.k].var, ConstInt::make(c.init, c.dtype, sp),
                          ConstInt::make(c.exit, c.dtype, sp), ConstInt::make(c.step, c.dtype, sp),
                          without(w.iterArgs(), c.k), body, without(w.returnVars(), c.k),
                          ForKind::Sequential, {}, sp));
  out.push_back(Assign::make(w.returnVars()[c.k], ConstInt::make(c.exit, c.dtype, sp), sp));
  return Seq::flatten(std::move(out), sp);
}

class WhileConverter final : public IRMutator {
public:
  WhileConverter(KnownValues known, int64_t limit) : known_(std::move(known)), limit_(limit) {}

  StmtPtr mutateWhile(const std::shared_ptr<const While> &s) override {
    StmtPtr inner = IRMutator::mutateWhile(s); // inner loops first
    auto *w = dynCast<While>(inner);
    auto counted = w ? analyze(*w, known_, limit_) : std::nullopt;
    if (!counted)
      return inner;
    StmtPtr out = convert(*w, *counted);
    return out ? out : inner;
  }

private:
  KnownValues known_;
  int64_t limit_;
};
} // namespace

FunctionPtr convertWhileToFor(const FunctionPtr &f, int64_t bruteForceLimit) {
  WhileConverter c(collectKnownConstants(*f), bruteForceLimit);
  return c.mutateFunction(f);
}

Pass createWhileToForPass(PassOptions &opts) {
  int64_t limit = kDefaultBruteForceLimit;
  if (auto v = opts.take("brute_force_limit"))
    if (llvm::StringRef(*v).getAsInteger(10, limit) || limit < 0)
      opts.error("brute_force_limit must be a non-negative integer, got '" + *v + "'");
  return createFunctionPass(PassClass::WhileToFor,
                            [limit](const FunctionPtr &f, const Program &, PassContext &) {
                              return convertWhileToFor(f, limit);
                            });
}

} // namespace pl::passes
