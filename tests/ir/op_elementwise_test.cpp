// Type deduction of elementwise ops: binary, scalar forms, unary, cast, fillpad, cmp and sel.
#include "op_test_util.h"

namespace pl::ir::testing {
namespace {

using ElementwiseOps = OpTest;

TEST_F(ElementwiseOps, EveryBinaryOpHasFourForms) {
  for (const char *n : {"add", "sub", "mul", "div", "rem", "fmod", "maximum", "minimum", "and",
                        "or", "xor", "shl", "shr"}) {
    std::string name = n;
    std::string scalar = name + "s";
    EXPECT_TRUE(lookupOp("tile." + name)) << name;
    EXPECT_TRUE(lookupOp("tensor." + name)) << name;
    EXPECT_TRUE(lookupOp("tile." + scalar)) << scalar;
    EXPECT_TRUE(lookupOp("tensor." + scalar)) << scalar;
  }
}

TEST_F(ElementwiseOps, TileAddSameShape) {
  TypePtr t = ok("tile.add", {tileVar(DT::FP32, {64, 64}), tileVar(DT::FP32, {64, 64})});
  ASSERT_TRUE(asTile(t));
  EXPECT_EQ(asTile(t)->dtype(), DT::FP32);
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{64, 64}));
}

TEST_F(ElementwiseOps, TileBroadcastRowAndColumn) {
  TypePtr t = ok("tile.mul", {tileVar(DT::FP32, {64, 32}), tileVar(DT::FP32, {64, 1})});
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{64, 32}));
  t = ok("tile.sub", {tileVar(DT::FP32, {1, 32}), tileVar(DT::FP32, {64, 32})});
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{64, 32}));
}

TEST_F(ElementwiseOps, TileDivBroadcastsLikeTheOtherBinaryOps) {
  // As the eager `/` does; ExpandTileBroadcasts lowers it to TROWEXPANDDIV / TCOLEXPANDDIV.
  EXPECT_EQ(shapeOf(ok("tile.div", {tileVar(DT::FP32, {64, 32}), tileVar(DT::FP32, {64, 1})})),
            (std::vector<int64_t>{64, 32}));
  EXPECT_EQ(shapeOf(ok("tile.div", {tileVar(DT::FP32, {1, 32}), tileVar(DT::FP32, {64, 32})})),
            (std::vector<int64_t>{64, 32}));
  bad("T109", "tile.div", {tileVar(DT::FP32, {64, 32}), tileVar(DT::FP32, {32, 32})});
}

TEST_F(ElementwiseOps, TensorNumpyBroadcast) {
  TypePtr t = ok("tensor.add", {tensorVar(DT::FP16, {4, 64, 32}), tensorVar(DT::FP16, {32})});
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{4, 64, 32}));
  ASSERT_TRUE(asTensor(t));
}

TEST_F(ElementwiseOps, SymbolicDimsAccepted) {
  ExprPtr n = scalarVar(DT::Index, "n");
  auto ty = TensorType::make(DT::FP32, {n, ConstInt::make(16)});
  ExprPtr a = Var::make("a", ty), b = Var::make("b", TensorType::make(DT::FP32, {n, ConstInt::make(16)}));
  TypePtr t = ok("tensor.add", {a, b});
  EXPECT_EQ(asTensor(t)->shape()[0], n);
  ExprPtr m = scalarVar(DT::Index, "m");
  ExprPtr c = Var::make("c", TensorType::make(DT::FP32, {m, ConstInt::make(16)}));
  ok("tensor.add", {a, c}); // unknown relation between n and m: accepted
}

TEST_F(ElementwiseOps, BinaryErrors) {
  bad("T109", "tile.add", {tileVar(DT::FP32, {64, 64}), tileVar(DT::FP32, {64, 32})});
  EXPECT_NE(lastMessage.find("[64, 64]"), std::string::npos) << lastMessage;
  bad("T110", "tile.add", {tileVar(DT::FP32, {64, 64}), tileVar(DT::FP32, {64})});
  bad("T108", "tile.add", {tileVar(DT::FP32, {64, 64}), tileVar(DT::FP16, {64, 64})});
  bad("T107", "tile.add", {tileVar(DT::FP32, {64, 64}), tensorVar(DT::FP32, {64, 64})});
  bad("T107", "tensor.add", {tileVar(DT::FP32, {64, 64}), tensorVar(DT::FP32, {64, 64})});
  bad("T108", "tile.shl", {tileVar(DT::FP32, {8, 8}), tileVar(DT::FP32, {8, 8})});
  bad("T108", "tile.add", {tileVar(DT::Bool, {8, 8}), tileVar(DT::Bool, {8, 8})});
  ok("tile.and", {tileVar(DT::Bool, {8, 8}), tileVar(DT::Bool, {8, 8})});
}

TEST_F(ElementwiseOps, ScratchTileForms) {
  ExprPtr a = tileVar(DT::Int32, {8, 8});
  ok("tile.rem", {a, a});
  ok("tile.rem", {a, a, tileVar(DT::Int32, {8, 8})});
  EXPECT_EQ(argEffect(*lookupOp("tile.rem"), 2, {}), ArgEffect::Write);
  bad("T108", "tile.xor", {a, a, tileVar(DT::FP32, {8, 8})});
  bad("T102", "tensor.rem", {tensorVar(DT::Int32, {8}), tensorVar(DT::Int32, {8}),
                             tensorVar(DT::Int32, {8})});
}

TEST_F(ElementwiseOps, ScalarForms) {
  TypePtr t = ok("tile.muls", {tileVar(DT::FP32, {32, 32}), ConstFloat::make(2.0)});
  EXPECT_EQ(asTile(t)->dtype(), DT::FP32);
  ok("tile.adds", {tileVar(DT::FP16, {32, 32}), ConstInt::make(1)});
  ok("tensor.shls", {tensorVar(DT::Int16, {32}), ConstInt::make(2, DT::Int32)});
  bad("T108", "tile.adds", {tileVar(DT::Int32, {32, 32}), ConstFloat::make(0.5)});
  bad("T107", "tile.adds", {tileVar(DT::FP32, {32, 32}), tileVar(DT::FP32, {32, 32})});
  bad("T111", "tile.muls", {tileVar(DT::FP32, {32, 32}, MS::Acc), ConstFloat::make(2.0)});
}

TEST_F(ElementwiseOps, Unary) {
  for (const char *n : {"neg", "abs", "exp", "log", "sqrt", "rsqrt", "recip", "sin", "cos",
                        "relu"}) {
    TypePtr t = ok(std::string("tile.") + n, {tileVar(DT::FP16, {16, 16})});
    EXPECT_EQ(asTile(t)->dtype(), DT::FP16) << n;
    ok(std::string("tensor.") + n, {tensorVar(DT::FP32, {16})});
  }
  ok("tile.not", {tileVar(DT::Int16, {16, 16})});
  bad("T108", "tile.exp", {tileVar(DT::Int32, {16, 16})});
  bad("T108", "tensor.not", {tensorVar(DT::FP32, {16})});
  bad("T102", "tile.exp", {tileVar(DT::FP32, {16, 16}), tileVar(DT::FP32, {16, 16})});
  ok("tile.rsqrt", {tileVar(DT::FP32, {16, 16}), tileVar(DT::FP32, {16, 16})});
  ok("tile.recip", {tileVar(DT::FP32, {16, 16})}, {{"high_precision", true}});
  bad("T104", "tile.recip", {tileVar(DT::FP32, {16, 16})}, {{"high_precision", int64_t{1}}});
}

TEST_F(ElementwiseOps, LreluSlopeWidensInt) {
  ok("tile.lrelu", {tileVar(DT::FP32, {16, 16})}, {{"slope", 0.1}});
  ExprPtr e = call("tile.lrelu", {tileVar(DT::FP32, {16, 16})}, {{"slope", int64_t{0}}});
  ASSERT_TRUE(e) << diags.formatAll();
  auto *c = dynCast<Call>(e);
  EXPECT_TRUE(std::holds_alternative<double>(c->kwargs()[0].second));
}

// prelu(x, slope): float x, a slope of x's dtype and shape (docs/dsl.md §3 unary).
TEST_F(ElementwiseOps, Prelu) {
  TypePtr t = ok("tile.prelu", {tileVar(DT::FP16, {16, 8}), tileVar(DT::FP16, {16, 8})});
  EXPECT_EQ(asTile(t)->dtype(), DT::FP16);
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
  ok("tensor.prelu", {tensorVar(DT::FP32, {4, 4}), tensorVar(DT::FP32, {4, 4})});
  bad("T108", "tile.prelu", {tileVar(DT::Int32, {16, 8}), tileVar(DT::Int32, {16, 8})});
  bad("T108", "tile.prelu", {tileVar(DT::FP32, {16, 8}), tileVar(DT::FP16, {16, 8})});
  bad("T109", "tile.prelu", {tileVar(DT::FP32, {16, 8}), tileVar(DT::FP32, {16, 1})});
  bad("T102", "tile.prelu", {tileVar(DT::FP32, {16, 8})});
}

TEST_F(ElementwiseOps, Cast) {
  TypePtr t = ok("tile.cast", {tileVar(DT::FP32, {16, 16})},
                 {{"target_type", DT::BF16}, {"mode", std::string("round")}});
  EXPECT_EQ(asTile(t)->dtype(), DT::BF16);
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
  t = ok("tensor.cast", {tensorVar(DT::FP16, {16})}, {{"target_type", DT::Int32}});
  EXPECT_EQ(asTensor(t)->dtype(), DT::Int32);
  bad("T105", "tile.cast", {tileVar(DT::FP32, {16, 16})});
  bad("T106", "tile.cast", {tileVar(DT::FP32, {16, 16})},
      {{"target_type", DT::FP16}, {"mode", std::string("sideways")}});
  bad("T108", "tile.cast", {tileVar(DT::FP32, {16, 16})}, {{"target_type", DT::Index}});
}

TEST_F(ElementwiseOps, Fillpad) {
  ok("tile.fillpad", {tileVar(DT::FP32, {16, 16})}, {{"pad_value", std::string("min")}});
  bad("T106", "tile.fillpad", {tileVar(DT::FP32, {16, 16})}, {{"pad_value", std::string("one")}});
  bad("T104", "tensor.fillpad", {tensorVar(DT::FP32, {16})}, {{"pad_value", DT::FP32}});
}

TEST_F(ElementwiseOps, CompareAndSelect) {
  ExprPtr a = tileVar(DT::FP32, {16, 16}), b = tileVar(DT::FP32, {16, 16});
  TypePtr m = ok("tile.cmp", {a, b}, {{"mode", std::string("lt")}});
  EXPECT_EQ(asTile(m)->dtype(), DT::Bool);
  ok("tile.cmps", {a, ConstFloat::make(0.0)}, {{"mode", std::string("ge")}});
  bad("T106", "tile.cmp", {a, b}, {{"mode", std::string("less")}});
  EXPECT_NE(lastMessage.find("'less'"), std::string::npos);
  bad("T105", "tensor.cmp", {tensorVar(DT::FP32, {4}), tensorVar(DT::FP32, {4})});
  ExprPtr mask = tileVar(DT::Bool, {16, 16});
  TypePtr s = ok("tile.sel", {mask, a, b});
  EXPECT_EQ(asTile(s)->dtype(), DT::FP32);
  ok("tile.sels", {mask, a, ConstFloat::make(0.0)});
  bad("T108", "tile.sel", {a, a, b});
  bad("T109", "tile.sel", {tileVar(DT::Bool, {16, 8}), a, b});
  bad("T108", "tile.sel", {mask, a, tileVar(DT::FP16, {16, 16})});
}

} // namespace
} // namespace pl::ir::testing
