// LowerCompositeOps' accuracy: the chain the pass writes for tile.sin / tile.cos, evaluated
// instruction by instruction in fp32 (each result rounded to its tile's dtype, as pl/sim and the
// vector unit compute), against sin / cos in double over dense sweeps and special values.
// The bounds asserted here are the ones docs/ops.md states.
#include "passes/lower_composite_ops.h"

#include "ir/op_registry.h"
#include "ir/parser.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <map>

namespace pl::passes {
namespace {
using namespace ir;

/// One instruction of the chain: dst = op(a, b) or op(a, scalar).
struct Instr {
  std::string op;
  int dst, a, b = -1;
  double scalar = 0;
  DataType dtype = DataType::FP32; ///< of dst
};

/// The straight-line kernel body after the pass, as instructions over numbered values (value 0
/// is the loaded input). Any op outside the instruction set the chain may use fails the test.
class Chain {
public:
  explicit Chain(const Function &f) { collect(f.body()); }

  /// The value of the last instruction (the op's result) at x.
  double eval(float x) const {
    std::vector<double> v(ids_.size() + 1);
    v[0] = x;
    for (const Instr &i : code_)
      v[i.dst] = round(i.dtype, step(i, v));
    return v[code_.back().dst];
  }
  size_t size() const { return code_.size(); }

private:
  static double round(DataType d, double x) {
    return d == DataType::FP32 ? static_cast<double>(static_cast<float>(x)) : x;
  }
  static double step(const Instr &i, const std::vector<double> &v) {
    const double a = v[i.a], b = i.b >= 0 ? v[i.b] : i.scalar;
    if (i.op == "tile.mul" || i.op == "tile.muls")
      return a * b;
    if (i.op == "tile.add" || i.op == "tile.adds")
      return a + b;
    if (i.op == "tile.sub")
      return a - b;
    if (i.op == "tile.ands")
      return static_cast<double>(static_cast<int64_t>(a) & static_cast<int64_t>(b));
    // tile.cast, mode rint: to int32 rounds half to even and saturates (NaN → 0), as TCVT
    if (i.dtype != DataType::Int32)
      return a;
    if (std::isnan(a))
      return 0;
    return std::fmax(std::fmin(std::nearbyint(a), 2147483647.0), -2147483648.0);
  }

  int id(const Expr &e) {
    auto *v = dynCast<Var>(&e);
    EXPECT_TRUE(v) << "an operand is not a variable";
    auto [it, fresh] = ids_.emplace(v, static_cast<int>(ids_.size()));
    return it->second;
  }
  void collect(const StmtPtr &s) {
    if (auto *seq = dynCast<Seq>(s)) {
      for (const StmtPtr &c : seq->stmts())
        collect(c);
      return;
    }
    auto *a = dynCast<Assign>(s);
    auto *c = a ? dynCast<Call>(a->value()) : nullptr;
    if (!c)
      return;
    const std::string &op = c->target().op->name();
    if (op == "tile.load") {
      ids_.emplace(a->var().get(), 0);
      return;
    }
    static const char *kAllowed[] = {"tile.mul", "tile.muls", "tile.add", "tile.adds",
                                     "tile.sub", "tile.ands", "tile.cast"};
    bool known = false;
    for (const char *k : kAllowed)
      known = known || op == k;
    ASSERT_TRUE(known) << "unexpected op '" << op << "' in the chain";
    Instr i{op, 0, id(*c->args()[0])};
    if (c->args().size() > 1) {
      if (auto *f = dynCast<ConstFloat>(c->args()[1]))
        i.scalar = f->value();
      else if (auto *n = dynCast<ConstInt>(c->args()[1]))
        i.scalar = static_cast<double>(n->value());
      else
        i.b = id(*c->args()[1]);
    }
    i.dtype = dynCast<TileType>(a->var()->type())->dtype();
    i.dst = id(*a->var());
    code_.push_back(i);
  }

  std::map<const Var *, int> ids_;
  std::vector<Instr> code_;
};

Chain lowered(const char *op) {
  registerAllOps();
  std::string text = std::string("program {\n  AIV k(In Tensor<fp32, 1, 64> x) {\n"
                                 "    Tile<fp32, 1, 64, Vec> t = tile.load(x, {0, 0}, {1, 64});\n"
                                 "    Tile<fp32, 1, 64, Vec> y = ") +
                     op + "(t);\n    return;\n  }\n}\n";
  DiagnosticEngine diags;
  ProgramPtr p = parseProgram(text, "lower_composite_ops_test.pir", diags);
  EXPECT_TRUE(p) << diags.formatAll();
  return Chain(*lowerCompositeOps(p->functions()[0]));
}

struct Errors {
  double maxAbs = 0, maxUlp = 0; ///< ulp: in units of the fp32 ulp of max(|ref|, 2^-10)
  void add(double got, double ref) {
    const double e = std::fabs(got - ref);
    maxAbs = std::fmax(maxAbs, e);
    maxUlp =
        std::fmax(maxUlp, e / std::ldexp(1.0, std::ilogb(std::fmax(std::fabs(ref), 0x1p-10)) - 23));
  }
};

Errors sweep(const Chain &c, bool cosine, double lo, double hi, long n) {
  Errors e;
  for (long i = 0; i <= n; ++i) {
    const float x = static_cast<float>(lo + (hi - lo) * static_cast<double>(i) / n);
    e.add(c.eval(x), cosine ? std::cos(static_cast<double>(x)) : std::sin(static_cast<double>(x)));
  }
  return e;
}

TEST(LowerCompositeOps, SinAndCosWithinTheDocumentedBound) {
  for (bool cosine : {false, true}) {
    Chain c = lowered(cosine ? "tile.cos" : "tile.sin");
    ASSERT_GT(c.size(), 20u);
    const double pi = M_PI;
    Errors near = sweep(c, cosine, -100 * pi, 100 * pi, 2000000);
    Errors far =
        sweep(c, cosine, -SinChainConstants::kValidBound, SinChainConstants::kValidBound, 2000000);
    std::printf("%s: |x| <= 100 pi: max abs %.3g, max ulp %.3g; |x| <= 2^15 pi: max abs %.3g, "
                "max ulp %.3g\n",
                cosine ? "cos" : "sin", near.maxAbs, near.maxUlp, far.maxAbs, far.maxUlp);
    EXPECT_LE(near.maxAbs, 2e-7);
    EXPECT_LE(far.maxAbs, 2e-7);
    EXPECT_LE(near.maxUlp, 4.0);
    EXPECT_LE(far.maxUlp, 64.0); // near the zeros: m·P3's rounding grows with |x|
  }
}

TEST(LowerCompositeOps, SpecialValues) {
  Chain s = lowered("tile.sin"), c = lowered("tile.cos");
  const double inf = INFINITY;
  for (double x : {0.0, -0.0}) {
    EXPECT_EQ(s.eval(static_cast<float>(x)), 0.0); // ±0 → +0 (equal as numbers)
    EXPECT_NEAR(c.eval(static_cast<float>(x)), 1.0, 2e-7);
  }
  const float halfPi = static_cast<float>(M_PI / 2);
  EXPECT_NEAR(s.eval(halfPi), 1.0, 2e-7);
  EXPECT_NEAR(s.eval(-halfPi), -1.0, 2e-7);
  EXPECT_NEAR(c.eval(halfPi), std::cos(static_cast<double>(halfPi)), 2e-7);
  EXPECT_NEAR(s.eval(static_cast<float>(M_PI)), std::sin(static_cast<double>(float(M_PI))), 2e-7);
  for (double x : {inf, -inf, static_cast<double>(NAN)}) {
    EXPECT_TRUE(std::isnan(s.eval(static_cast<float>(x)))) << x;
    EXPECT_TRUE(std::isnan(c.eval(static_cast<float>(x)))) << x;
  }
  // Past the bound the reduction is no longer exact: still a sine, with an error that grows with
  // |x| (docs/ops.md); at |x| = 1e6 (fp32 spacing 0.0625) within 0.05.
  for (float x : {1e6f, -1e6f, 3e6f}) {
    EXPECT_NEAR(s.eval(x), std::sin(static_cast<double>(x)), 0.05) << x;
    EXPECT_NEAR(c.eval(x), std::cos(static_cast<double>(x)), 0.05) << x;
  }
}

} // namespace
} // namespace pl::passes
