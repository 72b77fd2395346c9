// Type deduction of the irregular ops: ci (TCI's index row) and the partial ops (TPART*).
#include "op_test_util.h"

namespace pl::ir::testing {
namespace {

using IrregularOps = OpTest;

TEST_F(IrregularOps, CiIsAOneRowIntegerTile) {
  TypePtr t = ok("tile.ci", {scalarVar(DT::Index), tup({1, 32})}, {{"dtype", DT::Int16}});
  ASSERT_TRUE(asTile(t));
  EXPECT_EQ(asTile(t)->dtype(), DT::Int16);
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{1, 32}));
  t = ok("tensor.ci", {ConstInt::make(-3, DT::Int32, {}), tup({1, 8})}, {{"descending", true}});
  ASSERT_TRUE(asTensor(t));
  EXPECT_EQ(asTensor(t)->dtype(), DT::Int32); // the default dtype
  EXPECT_EQ(lookupOp("tile.ci")->validShape.kind, ValidShapeRule::Kind::Own);
}

TEST_F(IrregularOps, CiRejectsWhatTciCannotFill) {
  bad("T106", "tile.ci", {scalarVar(DT::Index), tup({2, 32})}); // more than one row
  bad("T106", "tile.ci", {scalarVar(DT::Index), tup({1, 1})});  // one column
  bad("T106", "tensor.ci", {scalarVar(DT::Index), tup({32})});  // not [1, N]
  bad("T108", "tile.ci", {scalarVar(DT::Index), tup({1, 32})}, {{"dtype", DT::FP32}});
  bad("T108", "tile.ci", {scalarVar(DT::FP32), tup({1, 32})}); // a float start
  bad("T111", "tile.ci", {scalarVar(DT::Index), tup({1, 32})}, {{"target_memory", MS::Mat}});
}

TEST_F(IrregularOps, PartialOpsTakeTheLargerShape) {
  for (const char *n : {"part_add", "part_mul", "part_max", "part_min"}) {
    const std::string op = n;
    TypePtr t = ok("tile." + op, {tileVar(DT::FP16, {8, 64}), tileVar(DT::FP16, {16, 64})});
    ASSERT_TRUE(asTile(t)) << op;
    EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{16, 64})) << op;
    EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
    EXPECT_EQ(lookupOp("tile." + op)->validShape.kind, ValidShapeRule::Kind::Union) << op;
    t = ok("tensor." + op, {tensorVar(DT::Int32, {4, 8, 16}), tensorVar(DT::Int32, {4, 2, 16})});
    EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{4, 8, 16})) << op;
  }
  ExprPtr n = scalarVar(DT::Index, "n");
  ExprPtr a = Var::make("a", TensorType::make(DT::FP32, {n, ConstInt::make(16)}));
  ExprPtr b = Var::make("b", TensorType::make(DT::FP32, {n, ConstInt::make(8)}));
  EXPECT_EQ(asTensor(ok("tensor.part_add", {a, b}))->shape()[0], n);
}

TEST_F(IrregularOps, PartialOpsRejectCrossingShapesAndOtherDtypes) {
  bad("T109", "tile.part_add", {tileVar(DT::FP32, {8, 64}), tileVar(DT::FP32, {16, 32})});
  bad("T110", "tensor.part_max", {tensorVar(DT::FP32, {8, 64}), tensorVar(DT::FP32, {64})});
  bad("T108", "tile.part_min", {tileVar(DT::BF16, {8, 64}), tileVar(DT::BF16, {8, 64})});
  bad("T108", "tile.part_mul", {tileVar(DT::FP32, {8, 64}), tileVar(DT::FP16, {8, 64})});
  ExprPtr n = scalarVar(DT::Index, "n"), m = scalarVar(DT::Index, "m");
  ExprPtr a = Var::make("a", TensorType::make(DT::FP32, {n, ConstInt::make(16)}));
  ExprPtr b = Var::make("b", TensorType::make(DT::FP32, {m, ConstInt::make(16)}));
  bad("T109", "tensor.part_add", {a, b}); // symbolic dims must be the same expression
}

} // namespace
} // namespace pl::ir::testing
