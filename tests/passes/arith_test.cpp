// Arith analyzer: overflow-checked folding, ConstIntBound, rewrite rules, canProve and branch
// facts (passes/utils/arith/).
#include "ir/printer.h"
#include "passes/utils/arith/analyzer.h"
#include "passes/utils/arith/const_fold.h"

#include <gtest/gtest.h>

#include <limits>

using namespace pl::ir;
using namespace pl::passes::arith;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

VarPtr var(const char *name, DataType d = DataType::Index) {
  return Var::make(name, ScalarType::get(d));
}
ExprPtr c(int64_t v, DataType d = DataType::Index) { return ConstInt::make(v, d); }
ExprPtr bin(BinaryOp op, ExprPtr l, ExprPtr r) { return Binary::make(op, l, r); }
ExprPtr add(ExprPtr l, ExprPtr r) { return bin(BinaryOp::Add, l, r); }
ExprPtr sub(ExprPtr l, ExprPtr r) { return bin(BinaryOp::Sub, l, r); }
ExprPtr mul(ExprPtr l, ExprPtr r) { return bin(BinaryOp::Mul, l, r); }
ExprPtr lt(ExprPtr l, ExprPtr r) { return bin(BinaryOp::Lt, l, r); }
ExprPtr eq(ExprPtr l, ExprPtr r) { return bin(BinaryOp::Eq, l, r); }

std::string simp(const Analyzer &a, const ExprPtr &e) { return printExpr(a.simplify(e)); }

TEST(ArithFold, CheckedArithmetic) {
  EXPECT_EQ(checkedAdd(kMax, 1), std::nullopt);
  EXPECT_EQ(checkedSub(kMin, 1), std::nullopt);
  EXPECT_EQ(checkedMul(kMax / 2 + 1, 2), std::nullopt);
  EXPECT_EQ(checkedFloorDiv(kMin, -1), std::nullopt);
  EXPECT_EQ(checkedFloorDiv(7, 0), std::nullopt);
  EXPECT_EQ(checkedFloorDiv(-7, 2), -4);
  EXPECT_EQ(checkedFloorMod(-7, 2), 1);
  EXPECT_EQ(checkedFloorMod(7, -2), -1);
  EXPECT_EQ(checkedAdd(2, 3), 5);
}

TEST(ArithFold, FoldsConstantsAndRefusesOverflow) {
  EXPECT_EQ(printExpr(foldConstant(add(c(2), c(3)))), "5");
  EXPECT_EQ(printExpr(foldConstant(bin(BinaryOp::FloorDiv, c(-7), c(2)))), "-4");
  EXPECT_EQ(foldConstant(add(c(kMax), c(1))), nullptr);
  EXPECT_EQ(foldConstant(bin(BinaryOp::FloorMod, c(1), c(0))), nullptr);
  // int32 result out of range: no fold.
  EXPECT_EQ(foldConstant(mul(c(1 << 20, DataType::Int32), c(1 << 12, DataType::Int32))), nullptr);
  EXPECT_EQ(printExpr(foldConstant(lt(c(1), c(2)))), "true");
  EXPECT_EQ(foldConstant(Unary::make(UnaryOp::Neg, c(kMin))), nullptr);
  EXPECT_EQ(printExpr(foldConstant(Unary::makeCast(c(300), DataType::Int32))), "int32(300)");
  EXPECT_EQ(foldConstant(Unary::makeCast(c(300), DataType::Int8)), nullptr);
  EXPECT_EQ(foldConstant(add(var("x"), c(1))), nullptr);
}

TEST(ArithBound, IntervalsFromVariableRanges) {
  Analyzer a;
  auto i = var("i"), j = var("j");
  a.bind(i, {0, 127});
  a.bind(j, {-4, 4});
  EXPECT_EQ(a.bound(add(i, j)), (ConstIntBound{-4, 131}));
  EXPECT_EQ(a.bound(mul(i, j)), (ConstIntBound{-508, 508}));
  EXPECT_EQ(a.bound(bin(BinaryOp::FloorDiv, i, c(16))), (ConstIntBound{0, 7}));
  EXPECT_EQ(a.bound(bin(BinaryOp::FloorMod, j, c(3))), (ConstIntBound{0, 2}));
  EXPECT_EQ(a.bound(bin(BinaryOp::FloorMod, i, c(128))), (ConstIntBound{0, 127}));
  EXPECT_EQ(a.bound(bin(BinaryOp::Min, i, j)), (ConstIntBound{-4, 4}));
  EXPECT_EQ(a.bound(var("u", DataType::UInt8)), (ConstIntBound{0, 255}));
  EXPECT_TRUE(a.bound(var("n")).isEverything());
  // Saturation instead of overflow.
  auto big = var("big");
  a.bind(big, {0, kMax});
  EXPECT_EQ(a.bound(add(big, c(1))).max, ConstIntBound::kPosInf);
}

TEST(ArithRewrite, IdentitiesAndConstantChains) {
  Analyzer a;
  auto x = var("x"), y = var("y");
  EXPECT_EQ(simp(a, add(x, c(0))), "x");
  EXPECT_EQ(simp(a, add(c(0), x)), "x");
  EXPECT_EQ(simp(a, mul(x, c(1))), "x");
  EXPECT_EQ(simp(a, mul(x, c(0))), "0");
  EXPECT_EQ(simp(a, sub(x, x)), "0");
  EXPECT_EQ(simp(a, add(add(x, c(3)), c(4))), "x + 7");
  EXPECT_EQ(simp(a, add(sub(x, c(3)), c(1))), "x - 2");
  EXPECT_EQ(simp(a, sub(add(x, c(3)), c(3))), "x");
  EXPECT_EQ(simp(a, sub(add(x, y), y)), "x");
  EXPECT_EQ(simp(a, bin(BinaryOp::FloorDiv, x, c(1))), "x");
  EXPECT_EQ(simp(a, bin(BinaryOp::FloorMod, x, c(1))), "0");
  EXPECT_EQ(simp(a, mul(mul(x, c(4)), c(8))), "x * 32");
  EXPECT_EQ(simp(a, bin(BinaryOp::FloorDiv, mul(x, c(8)), c(8))), "x");
  EXPECT_EQ(simp(a, add(c(2), mul(c(3), c(4)))), "14");
  auto e = add(x, y);
  EXPECT_EQ(a.simplify(e), e); // nothing applies: the same node
}

TEST(ArithRewrite, BoundedMinMaxDivModAndComparisons) {
  Analyzer a;
  auto i = var("i"), n = var("n");
  a.bind(i, {0, 127});
  EXPECT_EQ(simp(a, bin(BinaryOp::Min, i, c(200))), "i");
  EXPECT_EQ(simp(a, bin(BinaryOp::Max, i, c(200))), "200");
  EXPECT_EQ(simp(a, bin(BinaryOp::FloorDiv, i, c(128))), "0");
  EXPECT_EQ(simp(a, bin(BinaryOp::FloorMod, i, c(128))), "i");
  EXPECT_EQ(simp(a, lt(i, c(128))), "true");
  EXPECT_EQ(simp(a, lt(i, c(0))), "false");
  EXPECT_EQ(simp(a, lt(i, c(64))), "i < 64");
  EXPECT_EQ(simp(a, lt(c(3), n)), "n > 3");
  EXPECT_EQ(simp(a, lt(add(n, c(1)), c(5))), "n < 4");
  EXPECT_EQ(simp(a, bin(BinaryOp::Gt, add(n, c(1)), n)), "true");
  EXPECT_EQ(simp(a, eq(n, n)), "true");
}

TEST(ArithRewrite, BooleanSimplification) {
  Analyzer a;
  auto b = var("b", DataType::Bool), n = var("n");
  EXPECT_EQ(simp(a, bin(BinaryOp::And, ConstBool::make(true), b)), "b");
  EXPECT_EQ(simp(a, bin(BinaryOp::And, b, ConstBool::make(false))), "false");
  EXPECT_EQ(simp(a, bin(BinaryOp::Or, b, ConstBool::make(true))), "true");
  EXPECT_EQ(simp(a, bin(BinaryOp::Or, b, b)), "b");
  EXPECT_EQ(simp(a, Unary::make(UnaryOp::Not, Unary::make(UnaryOp::Not, b))), "b");
  EXPECT_EQ(simp(a, Unary::make(UnaryOp::Not, lt(n, c(4)))), "n >= 4");
  EXPECT_EQ(simp(a, Unary::make(UnaryOp::Not, ConstBool::make(true))), "false");
}

TEST(ArithProve, BoundsThenRewrite) {
  Analyzer a;
  auto i = var("i"), n = var("n");
  a.bind(i, {0, 15});
  EXPECT_TRUE(a.canProve(lt(i, c(16))));
  EXPECT_TRUE(a.canProve(bin(BinaryOp::Ge, add(i, c(1)), c(1))));
  EXPECT_TRUE(a.canProve(bin(BinaryOp::Le, n, n)));
  EXPECT_TRUE(a.canProve(lt(n, add(n, c(1)))));
  EXPECT_FALSE(a.canProve(lt(i, c(15))));
  EXPECT_FALSE(a.canProve(lt(n, c(4))));
}

TEST(ArithConstraint, BranchFactsAreScoped) {
  Analyzer a;
  auto i = var("i"), n = var("n"), b = var("b", DataType::Bool);
  a.bind(i, {0, 127});
  {
    ConstraintContext then(a, lt(i, c(16)));
    EXPECT_TRUE(a.canProve(lt(i, c(16))));
    EXPECT_EQ(simp(a, bin(BinaryOp::FloorDiv, i, c(16))), "0");
  }
  EXPECT_FALSE(a.canProve(lt(i, c(16))));
  {
    ConstraintContext otherwise(a, negateCondition(lt(i, c(16))));
    EXPECT_TRUE(a.canProve(bin(BinaryOp::Ge, i, c(16))));
    EXPECT_EQ(simp(a, lt(i, c(8))), "false");
  }
  {
    ConstraintContext both(a, bin(BinaryOp::And, eq(n, c(3)), b));
    EXPECT_EQ(simp(a, add(n, c(1))), "4");
    EXPECT_EQ(simp(a, b), "true");
    EXPECT_EQ(simp(a, Unary::make(UnaryOp::Not, b)), "false");
  }
  EXPECT_EQ(simp(a, add(n, c(1))), "n + 1");
  EXPECT_EQ(a.bound(i), (ConstIntBound{0, 127}));
}

TEST(ArithRewrite, CallsAreNeverDropped) {
  Analyzer a;
  auto x = var("x");
  auto call = Call::make(CallTarget{nullptr, "g"}, {x}, {}, {}, ScalarType::get(DataType::Index));
  EXPECT_EQ(simp(a, mul(call, c(0))), "g(x) * 0");
  EXPECT_EQ(simp(a, sub(call, call)), "g(x) - g(x)");
  EXPECT_EQ(simp(a, add(call, c(0))), "g(x)");
}

// C++ division and remainder (truncdiv / truncmod) round toward zero; INT64_MIN / -1 and a zero
// divisor are undefined and never folded.
TEST(ArithTrunc, FoldsWithCxxSemantics) {
  EXPECT_EQ(checkedTruncDiv(-7, 2), -3);
  EXPECT_EQ(checkedTruncMod(-7, 2), -1);
  EXPECT_EQ(checkedTruncDiv(7, -2), -3);
  EXPECT_EQ(checkedTruncMod(7, -2), 1);
  EXPECT_EQ(checkedTruncDiv(kMin, -1), std::nullopt);
  EXPECT_EQ(checkedTruncMod(kMin, -1), std::nullopt);
  EXPECT_EQ(checkedTruncDiv(1, 0), std::nullopt);
  EXPECT_EQ(checkedTruncDiv(kMin, 1), kMin);
  EXPECT_EQ(printExpr(foldConstant(bin(BinaryOp::TruncDiv, c(-7), c(2)))), "-3");
  EXPECT_EQ(printExpr(foldConstant(bin(BinaryOp::TruncMod, c(-7), c(2)))), "-1");
  EXPECT_EQ(foldConstant(bin(BinaryOp::TruncMod, c(1), c(0))), nullptr);
  // A u64 constant past INT64_MAX (stored as its bits) is not read as negative.
  EXPECT_EQ(foldConstant(bin(BinaryOp::TruncDiv, c(-2, DataType::UInt64), c(2, DataType::UInt64))),
            nullptr);
  EXPECT_EQ(foldConstant(lt(c(-1, DataType::UInt64), c(1, DataType::UInt64))), nullptr);
}

TEST(ArithTrunc, Bounds) {
  Analyzer a;
  auto i = var("i"), j = var("j");
  a.bind(i, {-9, 20});
  a.bind(j, {0, 5});
  EXPECT_EQ(a.bound(bin(BinaryOp::TruncDiv, i, c(4))), (ConstIntBound{-2, 5}));
  EXPECT_EQ(a.bound(bin(BinaryOp::TruncDiv, i, c(-4))), (ConstIntBound{-5, 2}));
  EXPECT_EQ(a.bound(bin(BinaryOp::TruncMod, i, c(4))), (ConstIntBound{-3, 3}));
  EXPECT_EQ(a.bound(bin(BinaryOp::TruncMod, i, c(-4))), (ConstIntBound{-3, 3}));
  EXPECT_EQ(a.bound(bin(BinaryOp::TruncMod, j, c(8))), (ConstIntBound{0, 5}));
  EXPECT_EQ(a.bound(bin(BinaryOp::TruncMod, i, j)), (ConstIntBound{-4, 4}));
  EXPECT_TRUE(a.bound(bin(BinaryOp::TruncDiv, i, j)).isEverything()); // j may be 0
}

TEST(ArithTrunc, RewritesOnlyWhereSound) {
  Analyzer a;
  auto i = var("i"), j = var("j"), x = var("x");
  a.bind(i, {0, 127});
  a.bind(j, {-8, 8});
  // Non-negative dividend, positive divisor: floor division, whose rules then apply.
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncDiv, i, c(128))), "0");
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncDiv, i, c(16))), "floordiv(i, 16)");
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncMod, i, c(16))), "i % 16");
  // A dividend that may be negative stays truncating.
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncDiv, j, c(2))), "truncdiv(j, 2)");
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncMod, j, c(2))), "truncmod(j, 2)");
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncDiv, x, c(1))), "x");
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncMod, x, c(-1))), "0");
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncDiv, mul(x, c(8)), c(8))), "x");
  EXPECT_EQ(simp(a, bin(BinaryOp::TruncMod, mul(x, c(8)), c(8))), "0");
}

// Unsigned (and narrow) arithmetic wraps: no rule may assume it does not.
TEST(ArithUnsigned, NoRuleAssumesNoWrap) {
  Analyzer a;
  auto u = var("u", DataType::UInt32), v = var("v", DataType::UInt32);
  EXPECT_EQ(simp(a, bin(BinaryOp::Ge, u, v)), "u >= v");
  EXPECT_EQ(simp(a, lt(sub(u, c(1, DataType::UInt32)), c(5, DataType::UInt32))),
            "u - uint32(1) < uint32(5)");
  EXPECT_EQ(simp(a, bin(BinaryOp::FloorDiv, mul(u, c(8, DataType::UInt32)), c(8, DataType::UInt32))),
            "floordiv(u * uint32(8), uint32(8))");
  // Bounded operands cannot wrap: the rules apply.
  Analyzer b;
  b.bind(u, {0, 100});
  EXPECT_EQ(simp(b, bin(BinaryOp::FloorDiv, mul(u, c(8, DataType::UInt32)), c(8, DataType::UInt32))),
            "u");
  // cast<index>(cast<int32>(x)) is x when int32 holds x's range, else it stays.
  auto i = var("i"), n = var("n");
  b.bind(i, {-1000, 1000});
  EXPECT_EQ(simp(b, Unary::makeCast(Unary::makeCast(i, DataType::Int32), DataType::Index)), "i");
  EXPECT_EQ(simp(b, Unary::makeCast(Unary::makeCast(n, DataType::Int32), DataType::Index)),
            "cast<index>(cast<int32>(n))");
}

} // namespace
