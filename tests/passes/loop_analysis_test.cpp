// Loop analysis units: XLA's while_loop_analysis_test cases ported one for one where they mean
// something in structured IR (reference/xla_control_flow.md §3.1), plus for-loop trip counts.
#include "ir/op_registry.h"
#include "ir/parser.h"
#include "ir/visitor.h"
#include "passes/utils/loop_analysis.h"
#include "passes/utils/pure_calls.h"

#include <gtest/gtest.h>

#include <limits>

namespace pl::passes {
namespace {
using namespace ir;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

/// The first loop of a parsed function (kept alive with its program).
struct Parsed {
  ProgramPtr program;
  const While *loop = nullptr;
  const For *forLoop = nullptr;
  const While &w() const { return *loop; }
};

class FirstLoop final : public IRVisitor {
public:
  void visitWhile(const While &s) override {
    if (!loop)
      loop = &s;
    IRVisitor::visitWhile(s);
  }
  void visitFor(const For &s) override {
    if (!forLoop)
      forLoop = &s;
    IRVisitor::visitFor(s);
  }
  const While *loop = nullptr;
  const For *forLoop = nullptr;
};

/// Parses `Opaque f(<params>) { <body> }` plus helpers `g(index) -> index` and `g2(flags) -> bool`.
Parsed parse(const std::string &body, const std::string &params = "In index n",
             const std::string &helpers = "") {
  registerAllOps();
  std::string text = "program p {\n  Opaque g(In index a) -> index { return a; }\n"
                     "  Opaque g2(In Tensor<bool, 100000000> a) -> bool { return true; }\n" +
                     helpers + "  Opaque f(" + params + ") {\n" + body + "\n  }\n}\n";
  DiagnosticEngine d;
  Parsed p;
  p.program = parseProgram(text, "loop_analysis_test.pir", d);
  EXPECT_TRUE(p.program) << d.formatAll() << "\n" << text;
  if (!p.program)
    return p;
  FirstLoop finder;
  finder.visitFunction(*p.program->lookup("f"));
  p.loop = finder.loop;
  p.forLoop = finder.forLoop;
  return p;
}

/// `while (<cond>) carry (index i = <init>) { yield(<update>); }`
Parsed simpleWhile(const std::string &cond, const std::string &init, const std::string &update,
                   const std::string &type = "index") {
  return parse("while (" + cond + ") carry (" + type + " i = " + init + ") { yield(" + update +
               "); }");
}

std::optional<int64_t> tripCount(const Parsed &p) { return computeWhileTripCount(p.w()); }

// ---- XLA while_loop_analysis_test.cc -----------------------------------------------------------

TEST(LoopAnalysis, SingleIterationUpperBound) {
  auto p = simpleWhile("i == 42", "n", "-1");
  EXPECT_EQ(tripCount(p), std::nullopt);
  EXPECT_EQ(computeWhileTripCountUpperBound(p.w()), 1);
}

TEST(LoopAnalysis, NoUpperBound) {
  auto p = simpleWhile("i == 42", "n", "42");
  EXPECT_EQ(computeWhileTripCountUpperBound(p.w()), std::nullopt);
}

TEST(LoopAnalysis, SimpleLoopWithCustomCall) { // the IV goes through a call: no IV, no bound
  auto p = parse("while (i < 10) carry (index i = 0) { index t = g(i); yield(t); }");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
  EXPECT_EQ(tripCount(p), std::nullopt);
  EXPECT_EQ(computeWhileTripCountUpperBound(p.w()), std::nullopt);
}

TEST(LoopAnalysis, ExactBoundTrivialRange) {
  struct Case {
    const char *cmp;
    int64_t limit, step, last;
  } cases[] = {{"<", 42, 1, 41},  {"<", 42, 2, 40},  {"<", 42, 5, 40},  {"<", 40, 5, 35},
               {"<=", 42, 1, 42}, {"<=", 42, 2, 42}, {"<=", 42, 5, 40}, {"<=", 40, 5, 40}};
  for (auto &c : cases) {
    auto p = simpleWhile(std::string("i ") + c.cmp + " " + std::to_string(c.limit), "0",
                         "i + " + std::to_string(c.step));
    auto r = matchLoopRange(p.w());
    ASSERT_TRUE(r) << c.cmp << c.limit << " step " << c.step;
    EXPECT_EQ(r->start, 0);
    EXPECT_EQ(r->last, c.last) << c.cmp << c.limit << " step " << c.step;
    EXPECT_EQ(r->step, c.step);
  }
}

TEST(LoopAnalysis, TrivialLoopInductionStep) {
  auto step = [](const std::string &update, const std::string &type = "index") {
    auto p = simpleWhile("i < 100", "0", update, type);
    auto iv = findInductionVar(p.w());
    return iv ? matchInductionStep(p.w(), *iv) : std::nullopt;
  };
  EXPECT_EQ(step("i + 1"), 1);
  EXPECT_EQ(step("7 + i"), 7);
  EXPECT_EQ(step("i + 0"), std::nullopt);
  EXPECT_EQ(step("i * 2"), std::nullopt);
  EXPECT_EQ(step("i - 2"), -2); // pl extension: negative steps are matched
  EXPECT_EQ(step("i + 1.0", "fp32"), std::nullopt);
}

/// Reference loop for ExactBoundTrivialTripCount.
int64_t referenceTrips(int64_t init, const std::string &cmp, int64_t limit, int64_t step) {
  int64_t trips = 0;
  for (int64_t i = init; cmp == "<" ? i < limit : i <= limit; i += step)
    ++trips;
  return trips;
}

TEST(LoopAnalysis, ExactBoundTrivialTripCount) {
  for (const char *cmp : {"<", "<="})
    for (int64_t limit : {40, 41, 42})
      for (int64_t step : {1, 2, 5, 7})
        for (int64_t init : {0, 3, 50}) {
          auto p = simpleWhile(std::string("i ") + cmp + " " + std::to_string(limit),
                               std::to_string(init), "i + " + std::to_string(step));
          EXPECT_EQ(tripCount(p), referenceTrips(init, cmp, limit, step))
              << init << cmp << limit << " step " << step;
        }
}

TEST(LoopAnalysis, NegativeAndZeroTripCountNonUnitStep) {
  // Negative initial values and limits, steps 2 and 4, and loops that never run.
  for (const char *cmp : {"<", "<="})
    for (int64_t init : {-11, -10, -7, -1, 0, 5})
      for (int64_t limit : {-8, -5, 0, 3})
        for (int64_t step : {2, 4}) {
          auto p = simpleWhile(std::string("i ") + cmp + " " + std::to_string(limit),
                               std::to_string(init), "i + " + std::to_string(step));
          int64_t expect = referenceTrips(init, cmp, limit, step);
          EXPECT_EQ(tripCount(p), expect) << init << cmp << limit << " step " << step;
          auto r = matchLoopRange(p.w());
          ASSERT_TRUE(r) << init << cmp << limit << " step " << step;
          EXPECT_EQ(r->tripCount, expect);
          EXPECT_EQ(r->empty(), expect == 0);
          if (expect != 0) {
            EXPECT_EQ(r->last, init + (expect - 1) * step);
          }
        }
}

TEST(LoopAnalysis, NonDivisibleStepDoesNotUndercount) {
  EXPECT_EQ(tripCount(simpleWhile("i < 1", "0", "i + 2")), 1);
}

TEST(LoopAnalysis, EmptyLessEqualLoopHasZeroTrips) {
  EXPECT_EQ(tripCount(simpleWhile("i <= 5", "6", "i + 1")), 0);
  auto r = matchLoopRange(simpleWhile("i <= 5", "6", "i + 1").w());
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->empty());
}

TEST(LoopAnalysis, NoAIVNoConstChain) { // x + y with y loop-carried
  auto p = parse("while (i < 10) carry (index i = 0, index x = 0, index y = 1) {\n"
                 "  index x2 = x + y; index y2 = y * 2; yield(i + 1, x2, y2); }");
  auto aiv = findAuxiliaryInductionVars(p.w());
  EXPECT_EQ(std::count(aiv.begin(), aiv.end(), 1u), 0);
  // XLA's exact shape: the condition's value and the other carry update each other
  // (add = a + b; sub = add - b): no chain has only constant operands, so no AIV at all.
  auto q = parse("while (a == 42) carry (index a = n, index b = n) {\n"
                 "  index add = a + b; index sub = add - b; yield(add, sub); }");
  EXPECT_TRUE(findAuxiliaryInductionVars(q.w()).empty());
}

TEST(LoopAnalysis, AIVMultiChain) {
  auto p = parse("while (i < 10) carry (index i = 0, index x = 0) {\n"
                 "  index a = x + 42; index b = a - 42; index c = b * 42; yield(i + 1, c); }");
  auto aiv = findAuxiliaryInductionVars(p.w());
  EXPECT_EQ(std::count(aiv.begin(), aiv.end(), 1u), 1);
  EXPECT_EQ(std::count(aiv.begin(), aiv.end(), 0u), 1); // the primary IV is one too
}

TEST(LoopAnalysis, NoAIV) {
  auto p = parse("while (i < 10) carry (index i = 0, index x = 1) { yield(i + 1, x + x); }");
  auto aiv = findAuxiliaryInductionVars(p.w());
  EXPECT_EQ(std::count(aiv.begin(), aiv.end(), 1u), 0);
}

TEST(LoopAnalysis, AIVNoChain) {
  auto p = parse("while (i < 10) carry (index i = 0, index x = 1) { yield(i + 1, x + 3); }");
  auto aiv = findAuxiliaryInductionVars(p.w());
  EXPECT_EQ(std::count(aiv.begin(), aiv.end(), 1u), 1);
}

TEST(LoopAnalysis, NonScalarUpdateOp) { // the update goes through a call
  auto p = parse("while (i < 10) carry (index i = 0) { index t = g(i); yield(t + 1); }");
  EXPECT_EQ(tripCount(p), std::nullopt);
}

TEST(LoopAnalysis, UpdateOnIndVarCopySuccess) {
  auto p = parse("while (i < 4) carry (index i = 0) { index c = i; index u = c + 1; yield(u); }");
  EXPECT_EQ(tripCount(p), 4);
}

TEST(LoopAnalysis, IndVarInitialiationNotConstantSuccess) { // an init that folds
  EXPECT_EQ(tripCount(simpleWhile("i < 4", "2 - 2", "i + 1")), 4);
}

TEST(LoopAnalysis, NonScalarConditionOp) {
  auto p = simpleWhile("g(i) < 4", "0", "i + 1");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
  EXPECT_EQ(tripCount(p), std::nullopt);
}

TEST(LoopAnalysis, IndvarWithNonScalarShape) {
  // XLA's s32[2] counter: a tensor carry whose first element the condition reads. The read is a
  // call, so the condition is not pure: no IV, no count.
  auto p = parse("while (tensor.read(v, {0}) < 4) carry (Tensor<int32, 2> v = t) {\n"
                 "  Tensor<int32, 2> w = tensor.adds(v, int32(1)); yield(w); }",
                 "In Tensor<int32, 2> t");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
  EXPECT_EQ(tripCount(p), std::nullopt);
  EXPECT_EQ(computeWhileTripCountUpperBound(p.w()), std::nullopt);
  // And a float counter is no IV either.
  EXPECT_EQ(findInductionVar(simpleWhile("i < 4.0", "0.0", "i + 1.0", "fp32").w()), std::nullopt);
}

TEST(LoopAnalysis, AvoidBruteForceForHugeParams) {
  // XLA: the condition reduces a pred[1e8] carry that the body updates through a call; the
  // counter is carried next to it. Brute force only ever evaluates pure scalar expressions, so a
  // condition on a tensor is never evaluated (nothing huge is copied): no count.
  auto p = parse("while (g2(flags)) carry (Tensor<bool, 100000000> flags = f0, index i = 0) {\n"
                 "  Tensor<bool, 100000000> f1 = tensor.write(flags, {i}, false);\n"
                 "  yield(f1, i + 1); }",
                 "In Tensor<bool, 100000000> f0");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
  EXPECT_EQ(computeWhileTripCount(p.w(), std::numeric_limits<int64_t>::max()), std::nullopt);
  EXPECT_EQ(computeWhileTripCountUpperBound(p.w()), std::nullopt);
}

// The four "multiple operations" cases: XLA finds the IV (index 0) but reports no trip count,
// because its trivial-loop matcher wants a single add / compare with a constant. pl decides the
// other way (docs/anchor_tests.md, "UpdateIs / ConditionIs"): the condition and the update are
// pure scalar expressions of the IV and constants, so evaluating them exactly (constant folding
// for the pattern match, overflow-checked brute force under the limit otherwise) is the loop's
// own semantics, and a known count lets UnrollLoops and WhileToFor act. Each case has XLA's
// shape next to a carried s32[8,8] (here a tensor) that the body passes through.
Parsed multipleOps(const std::string &cond, const std::string &update) {
  return parse("while (" + cond +
                   ") carry (index i = 0, Tensor<int32, 8, 8> data = d) {\n"
                   "  index u = " +
                   update + "; yield(u, data); }",
               "In Tensor<int32, 8, 8> d");
}

TEST(LoopAnalysis, UpdateIsMultipleOperationsWithConstantOperand) {
  auto p = multipleOps("i < 10", "(i + 1) + 1");
  auto iv = findInductionVar(p.w());
  ASSERT_TRUE(iv);
  EXPECT_EQ(iv->index, 0u);
  EXPECT_EQ(matchLoopRange(p.w()), std::nullopt); // not the trivial pattern (XLA agrees)
  EXPECT_EQ(tripCount(p), 5);                     // XLA: nullopt (brute force: 0, 2, 4, 6, 8)
}

TEST(LoopAnalysis, UpdateIsMultipleOperationsWithoutConstantOperand) {
  auto p = multipleOps("i < 10", "i + (1 + 1)");
  auto iv = findInductionVar(p.w());
  ASSERT_TRUE(iv);
  EXPECT_EQ(iv->index, 0u);
  EXPECT_EQ(tripCount(p), 5); // XLA: nullopt (1 + 1 folds: the pattern match)
}

TEST(LoopAnalysis, ConditionIsMultipleOperationsWithConstantOperand) {
  auto p = multipleOps("i + 10 < 10", "i + 1"); // XLA's condition: false at once
  auto iv = findInductionVar(p.w());
  ASSERT_TRUE(iv);
  EXPECT_EQ(iv->index, 0u);
  EXPECT_EQ(matchLoopRange(p.w()), std::nullopt);
  EXPECT_EQ(tripCount(p), 0); // XLA: nullopt
  EXPECT_EQ(tripCount(multipleOps("i + 10 < 15", "i + 1")), 5);
}

TEST(LoopAnalysis, ConditionIsMultipleOperationsWithoutConstantOperand) {
  auto p = multipleOps("i < 5 + 5", "i + 1");
  auto iv = findInductionVar(p.w());
  ASSERT_TRUE(iv);
  EXPECT_EQ(iv->index, 0u);
  EXPECT_EQ(tripCount(p), 10); // XLA: nullopt
}

TEST(LoopAnalysis, MatchTrivialLoopFailsWhenIndvarIsNotIncrementedByConstant) {
  EXPECT_EQ(tripCount(simpleWhile("i < 10", "0", "i + 1")), 10);
  auto p = simpleWhile("i < 10", "0", "i + i");
  EXPECT_TRUE(findInductionVar(p.w()));
  EXPECT_EQ(tripCount(p), std::nullopt);
  EXPECT_EQ(matchLoopRange(p.w()), std::nullopt);
}

TEST(LoopAnalysis, MatchTrivialLoopCountWithSimpleArithmeticOnIndvar) {
  auto r = matchLoopRange(simpleWhile("i <= 10", "1 + 1", "i + 1").w());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->start, 2);
  EXPECT_EQ(r->last, 10);
  EXPECT_EQ(r->step, 1);
}

TEST(LoopAnalysis, GetIndvarIndexShouldFailWhenIntermediateTupleHasNonScalarOperand) {
  auto p = parse("while (i < 10) carry (index i = 0) {\n"
                 "  Tuple<index, index> t = {i, n}; yield(t[0] + 1); }");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
}

// ---- XLA's fusion cases: loop analysis through calls (pure_calls.h) ----------------------------

/// The first top-level while of `f`, with the calls to pure scalar functions inlined.
StmtPtr throughCalls(const Parsed &p) {
  FunctionPtr f = p.program->lookup("f");
  std::vector<StmtPtr> stmts;
  if (auto *seq = dynCast<Seq>(f->body()))
    stmts = seq->stmts();
  else
    stmts.push_back(f->body());
  for (auto &s : stmts)
    if (isa<While>(s)) {
      StmtPtr in = inlinePureScalarCalls(s, *p.program);
      EXPECT_NE(in, nullptr) << "no call was inlined";
      return in ? in : s;
    }
  ADD_FAILURE() << "no top-level while";
  return nullptr;
}
const While &asWhile(const StmtPtr &s) { return static_cast<const While &>(*s); }

/// With the calls inlined, the loop's first carry is its induction variable and it runs `trips`
/// times.
void expectCountedThroughCalls(const Parsed &p, int64_t trips) {
  StmtPtr w = throughCalls(p);
  auto iv = findInductionVar(asWhile(w));
  ASSERT_TRUE(iv);
  EXPECT_EQ(iv->index, 0u);
  EXPECT_EQ(computeWhileTripCount(asWhile(w)), trips);
}

const char *kFusions = "  Opaque add(In index a, In index b) -> index { return a + b; }\n"
                       "  Opaque lt(In index a, In index b) -> bool { return a < b; }\n"
                       "  Opaque inc(In index a) -> index { index c = 1; return a + c; }\n"
                       "  Opaque inc2(In index a) -> index { return inc(inc(a)) - 1; }\n"
                       "  Opaque lt7(In index a) -> bool { return a < 7; }\n"
                       "  Opaque copy2(In index a, In index b) -> (index, index) { return a, b; }\n"
                       "  Opaque step1(In index a, In index b) -> (index, index) {\n"
                       "    return a + 1, b * 2; }\n"
                       "  Opaque stepId(In index a, In index b) -> (index, index) {\n"
                       "    return a + tile.get_block_idx(), b; }\n";

/// `f(In index n)` with the body `body`, next to the pure scalar helpers of kFusions.
Parsed parseFused(const std::string &body) { return parse(body, "In index n", kFusions); }

TEST(LoopAnalysis, FusedUpdateOp) {
  auto p = parseFused("while (i < 4) carry (index i = 0, index d = n) {\n"
                      "  index u = add(i, 1); yield(u, d); }");
  EXPECT_EQ(tripCount(p), std::nullopt); // an opaque call
  StmtPtr w = throughCalls(p);
  EXPECT_EQ(computeWhileTripCount(asWhile(w)), 4);
}

TEST(LoopAnalysis, FusedConditionOp) {
  auto p = parseFused("while (lt(i, 4)) carry (index i = 0, index d = n) { yield(i + 1, d); }");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
  expectCountedThroughCalls(p, 4);
}

TEST(LoopAnalysis, LoopFusionForLoopVariable) {
  // Calls in the initial value, the condition and the update (XLA: fusions in all three; the
  // update is two chained fusions, and a helper calls another one).
  auto p = parseFused("while (lt7(i)) carry (index i = inc(0 + 1), index d = n) {\n"
                      "  index a = inc(i); index b = inc2(a); yield(b, d); }");
  expectCountedThroughCalls(p, 3); // i = 2, 4, 6
}

TEST(LoopAnalysis, GetIndvarIndexShouldWorkWhenParamIsCopied) {
  // The whole loop state goes through one call that returns it unchanged.
  auto p = parseFused("while (i < 10) carry (index i = 0, index d = n) {\n"
                      "  Tuple<index, index> c = copy2(i, d); index it = c[0]; index dd = c[1];\n"
                      "  yield(it + 1, dd); }");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
  expectCountedThroughCalls(p, 10);
}

TEST(LoopAnalysis, GetIndvarIndexShouldWorkWithMultiOutputFusion) {
  auto p = parseFused("while (i < 10) carry (index i = 0, index d = n) {\n"
                      "  Tuple<index, index> t = step1(i, d); yield(t[0], t[1]); }");
  expectCountedThroughCalls(p, 10);
}

TEST(LoopAnalysis, GetIndvarIndexShouldWorkWithNestedFusions) {
  auto p = parseFused("while (i < 8) carry (index i = 0, index d = n) { yield(inc2(i), d); }");
  expectCountedThroughCalls(p, 8);
}

TEST(LoopAnalysis, GetIndvarIndexShouldFailWithNonScalarOpInMultiOutputFusion) {
  // The helper's first value reads an op (XLA: an all-reduce inside the fusion): not pure, so
  // the call stays and there is no IV.
  auto p = parseFused("while (i < 10) carry (index i = 0, index d = n) {\n"
                      "  Tuple<index, index> t = stepId(i, d); yield(t[0], t[1]); }");
  auto f = p.program->lookup("f");
  auto *seq = dynCast<Seq>(f->body());
  StmtPtr loop = seq ? seq->stmts().front() : f->body();
  EXPECT_EQ(inlinePureScalarCalls(loop, *p.program), nullptr);
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
  // Nor is a function with a tensor parameter, an Out parameter or a loop in its body pure.
  auto q = parse("index x = h(n);", "In index n",
                 "  Opaque h(In index a) -> index { index s = 0;\n"
                 "    for (index k : range(0, a, 1)) { } return s; }\n");
  EXPECT_EQ(pureScalarCallValue(*q.program->lookup("h"), {ConstInt::make(3)}, *q.program), nullptr);
  EXPECT_EQ(pureScalarCallValue(*q.program->lookup("g2"), {ConstInt::make(3)}, *q.program),
            nullptr);
  EXPECT_NE(pureScalarCallValue(*q.program->lookup("g"), {ConstInt::make(3)}, *q.program), nullptr);
}

// ---- pl extensions: operand position, decreasing loops, NE, invariants, overflow ---------------

TEST(LoopAnalysis, ConditionNormalisedByOperandPosition) {
  EXPECT_EQ(tripCount(simpleWhile("10 > i", "0", "i + 1")), 10);
  EXPECT_EQ(tripCount(simpleWhile("i > 10", "0", "i + 1")), 0); // false at once
  EXPECT_EQ(tripCount(simpleWhile("0 < i", "10", "i - 1")), 10);
  EXPECT_EQ(tripCount(simpleWhile("i >= 0", "10", "i - 3")), 4); // 10, 7, 4, 1
}

TEST(LoopAnalysis, NotEqualNeedsAnExactMultiple) {
  EXPECT_EQ(tripCount(simpleWhile("i != 10", "0", "i + 2")), 5);
  EXPECT_EQ(tripCount(simpleWhile("i != 10", "0", "i + 3")), std::nullopt); // never equal
  EXPECT_EQ(tripCount(simpleWhile("i != 10", "10", "i + 3")), 0);
}

TEST(LoopAnalysis, BoundCarriedAsInvariantIterArg) {
  auto p = parse("while (i < m) carry (index i = 0, index m = 12) { yield(i + 4, m); }");
  auto iv = findInductionVar(p.w());
  ASSERT_TRUE(iv);
  EXPECT_EQ(iv->index, 0u);
  EXPECT_EQ(tripCount(p), 3);
  auto q = parse("while (i < m) carry (index i = 0, index m = n) { yield(i + 4, m); }");
  EXPECT_TRUE(findInductionVar(q.w()));
  EXPECT_EQ(tripCount(q), std::nullopt); // bound unknown
  KnownValues known{{q.program->lookup("f")->params()[0].var.get(), 8}};
  EXPECT_EQ(computeWhileTripCount(q.w(), kDefaultBruteForceLimit, known), 2);
}

TEST(LoopAnalysis, TwoChangingValuesInTheConditionHaveNoIV) {
  auto p = parse("while (i < j) carry (index i = 0, index j = 10) { yield(i + 1, j - 1); }");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
}

TEST(LoopAnalysis, BruteForceRespectsTheLimit) {
  auto p = simpleWhile("i * i < 10000", "0", "i + 1"); // 100 trips, not a pattern
  EXPECT_EQ(computeWhileTripCount(p.w(), 128), 100);
  EXPECT_EQ(computeWhileTripCount(p.w(), 99), std::nullopt);
  EXPECT_EQ(computeWhileTripCount(p.w(), 100), 100);
  EXPECT_EQ(computeWhileTripCount(p.w(), 1), std::nullopt);
}

TEST(LoopAnalysis, OverflowGivesUnknown) {
  // i <= INT64_MAX never ends; int32 IVs must not wrap.
  EXPECT_EQ(tripCount(simpleWhile("i <= 9223372036854775807", "0", "i + 1")), std::nullopt);
  EXPECT_EQ(tripCount(simpleWhile("i < int32(2147483647)", "int32(0)", "i + int32(2)", "int32")),
            std::nullopt);
  EXPECT_EQ(
      tripCount(simpleWhile("i < int32(2147483646)", "int32(2147483640)", "i + int32(2)", "int32")),
      3);
  EXPECT_EQ(countTrips(0, BinaryOp::Lt, kMax, 1, DataType::Index), kMax);
  EXPECT_EQ(countTrips(kMin, BinaryOp::Le, kMax, 1, DataType::Index), std::nullopt);
  EXPECT_EQ(countTrips(kMax, BinaryOp::Gt, kMin, -1, DataType::Index), std::nullopt);
  EXPECT_EQ(countTrips(5, BinaryOp::Eq, 5, 1, DataType::Index), 1);
  EXPECT_EQ(countTrips(5, BinaryOp::Eq, 4, 1, DataType::Index), 0);
}

TEST(LoopAnalysis, PreSsaLoopWithoutIterArgsHasNoIV) {
  auto p = parse("index i = 0;\n while (i < 10) { i = i + 1; }");
  EXPECT_EQ(findInductionVar(p.w()), std::nullopt);
}

// ---- For loops ---------------------------------------------------------------------------------

TEST(LoopAnalysis, ForTripCounts) {
  EXPECT_EQ(computeForTripCount(0, 10, 1), 10);
  EXPECT_EQ(computeForTripCount(0, 10, 3), 4);
  EXPECT_EQ(computeForTripCount(10, 0, -3), 4);
  EXPECT_EQ(computeForTripCount(0, 0, 1), 0);
  EXPECT_EQ(computeForTripCount(5, 0, 1), 0);
  EXPECT_EQ(computeForTripCount(0, 5, -1), 0);
  EXPECT_EQ(computeForTripCount(0, 10, 0), std::nullopt);
  EXPECT_EQ(computeForTripCount(kMin, kMax, 1), std::nullopt);
  EXPECT_EQ(computeForTripCount(kMin, kMax, 2), std::nullopt); // 2^63
  EXPECT_EQ(computeForTripCount(kMin, kMax, 4), int64_t(1) << 62);
  EXPECT_EQ(computeForTripCount(kMax, kMin, kMin), 2);
  EXPECT_EQ(computeForTripCount(kMax - 1, kMax, kMax), 1);
}

TEST(LoopAnalysis, AnalyzeForLoop) {
  auto p = parse("index k = 8;\n for (index i : range(2, k, 2)) { g(i); }");
  ASSERT_TRUE(p.forLoop);
  auto known = collectKnownConstants(*p.program->lookup("f"));
  auto tc = analyzeForTripCount(*p.forLoop, known);
  EXPECT_EQ(tc.status, ForTripStatus::Ok);
  EXPECT_EQ(tc.count, 3);
  EXPECT_EQ(analyzeForTripCount(*p.forLoop).status, ForTripStatus::NonConstant);

  auto z = parse("for (index i : range(0, 4, 0)) { g(i); }");
  EXPECT_EQ(analyzeForTripCount(*z.forLoop).status, ForTripStatus::ZeroStep);
  auto o = parse("for (int32 i : range(int32(0), 4294967296)) { }");
  EXPECT_EQ(analyzeForTripCount(*o.forLoop).status, ForTripStatus::Overflow);
  auto neg = parse("for (index i : range(10, -2, -4)) { }");
  EXPECT_EQ(analyzeForTripCount(*neg.forLoop).count, 3); // 10, 6, 2
}

TEST(LoopAnalysis, KnownConstantsSkipReassignedAndParams) {
  auto p = parse("index a = 3; index b = a * 4; index c = 1; c = 2; index d = n + 1;");
  auto &f = *p.program->lookup("f");
  auto known = collectKnownConstants(f);
  auto &body = static_cast<const Seq &>(*f.body());
  auto varOf = [&](size_t i) { return static_cast<const Assign &>(*body.stmts()[i]).var().get(); };
  EXPECT_EQ(known.at(varOf(0)), 3);
  EXPECT_EQ(known.at(varOf(1)), 12);
  EXPECT_EQ(known.count(varOf(2)), 0u);
  EXPECT_EQ(known.count(varOf(4)), 0u);
}

TEST(LoopAnalysis, EvaluateScalar) {
  auto p = parse("index a = floordiv(7, -2); index b = 7 % -2; index c = min(3, 4) << 2; "
                 "bool d = !(1 < 2) || true; index e = floordiv(1, 0);");
  auto &body = static_cast<const Seq &>(*p.program->lookup("f")->body());
  auto val = [&](size_t i) {
    return evaluateScalar(static_cast<const Assign &>(*body.stmts()[i]).value(), {});
  };
  EXPECT_EQ(val(0), -4);
  EXPECT_EQ(val(1), -1);
  EXPECT_EQ(val(2), 12);
  EXPECT_EQ(val(3), 1);
  EXPECT_EQ(val(4), std::nullopt);
}

} // namespace
} // namespace pl::passes
