// Type deduction of creation and data-movement ops: create, full, load, store, move, read/write.
#include "op_test_util.h"

namespace pl::ir::testing {
namespace {

using MemoryOps = OpTest;

TEST_F(MemoryOps, TensorCreate) {
  TypePtr t = ok("tensor.create", {tup({4, 8})}, {{"dtype", DT::FP16}});
  ASSERT_TRUE(asTensor(t));
  EXPECT_EQ(asTensor(t)->dtype(), DT::FP16);
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{4, 8}));
}

TEST_F(MemoryOps, TensorCreateSymbolicDim) {
  ExprPtr n = scalarVar(DT::Index, "n");
  TypePtr t = ok("tensor.create", {MakeTuple::make({n, ConstInt::make(8)})}, {{"dtype", DT::FP32}});
  ASSERT_TRUE(asTensor(t));
  EXPECT_EQ(asTensor(t)->shape()[0], n);
}

TEST_F(MemoryOps, CreateBadShape) {
  bad("T112", "tensor.create", {tensorVar(DT::FP32, {4})}, {{"dtype", DT::FP32}});
  bad("T106", "tensor.create", {tup({4, 0})}, {{"dtype", DT::FP32}});
  bad("T112", "tensor.create", {MakeTuple::make({ConstFloat::make(2.0)})}, {{"dtype", DT::FP32}});
}

TEST_F(MemoryOps, TileCreateDefaultsToVec) {
  TypePtr t = ok("tile.create", {tup({16, 16})}, {{"dtype", DT::FP32}});
  ASSERT_TRUE(asTile(t));
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
  t = ok("tile.create", {tup({16, 16})}, {{"dtype", DT::FP32}, {"target_memory", MS::Mat}});
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Mat);
}

TEST_F(MemoryOps, TileCreateInDdrIsAnError) {
  bad("T111", "tile.create", {tup({16, 16})}, {{"dtype", DT::FP32}, {"target_memory", MS::DDR}});
  bad("T104", "tile.create", {tup({16, 16})}, {{"dtype", DT::FP32}, {"target_memory", true}});
}

TEST_F(MemoryOps, Full) {
  TypePtr t = ok("tile.full", {tup({8, 8}), ConstFloat::make(1.5)}, {{"dtype", DT::FP32}});
  EXPECT_EQ(asTile(t)->dtype(), DT::FP32);
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
  t = ok("tensor.full", {tup({8}), ConstInt::make(0)}, {{"dtype", DT::Int32}});
  EXPECT_EQ(asTensor(t)->dtype(), DT::Int32);
  bad("T107", "tensor.full", {tup({8}), tensorVar(DT::FP32, {8})}, {{"dtype", DT::FP32}});
  bad("T102", "tensor.full", {tup({8})}, {{"dtype", DT::FP32}});
}

TEST_F(MemoryOps, LoadDefaultVec) {
  ExprPtr src = tensorVar(DT::FP32, {128, 128});
  TypePtr t = ok("tile.load", {src, tup({0, 64}), tup({64, 64})});
  ASSERT_TRUE(asTile(t));
  EXPECT_EQ(asTile(t)->dtype(), DT::FP32);
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{64, 64}));
}

TEST_F(MemoryOps, LoadToMatWithValidShape) {
  ExprPtr src = tensorVar(DT::FP16, {100, 64});
  ExprPtr rows = scalarVar(DT::Index, "rows");
  TypePtr t = ok("tile.load", {src, tup({0, 0}), tup({64, 64})},
                 {{"target_memory", MS::Mat}, {"valid_shape", ExprList{rows, ConstInt::make(64)}}});
  ASSERT_TRUE(asTile(t));
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Mat);
  ASSERT_TRUE(asTile(t)->view());
  EXPECT_EQ(asTile(t)->view()->validShape[0], rows);
}

TEST_F(MemoryOps, LoadErrors) {
  ExprPtr src = tensorVar(DT::FP32, {128, 128});
  bad("T107", "tile.load", {tileVar(DT::FP32, {8, 8}), tup({0, 0}), tup({8, 8})});
  bad("T110", "tile.load", {src, tup({0}), tup({8, 8})});
  bad("T110", "tile.load", {src, tup({0, 0, 0}), tup({8, 8, 8})});
  bad("T112", "tile.load", {src, scalarVar(DT::Index), tup({8, 8})});
  bad("T111", "tile.load", {src, tup({0, 0}), tup({8, 8})}, {{"target_memory", MS::Left}});
  bad("T110", "tile.load", {src, tup({0, 0}), tup({8, 8})},
      {{"valid_shape", ExprList{ConstInt::make(4)}}});
  bad("T103", "tile.load", {src, tup({0, 0}), tup({8, 8})}, {{"target", MS::Vec}});
  bad("T102", "tile.load", {src, tup({0, 0})});
}

TEST_F(MemoryOps, LoadOfAWindowOfAnotherRankIsA2DTile) {
  // FlattenTileNdTo2D's form: a rank-1 row is [1, D]; a [1, R, C] window is [R, C].
  TypePtr row = ok("tile.load", {tensorVar(DT::FP32, {100}), tup({4}), tup({32})});
  ASSERT_TRUE(asTile(row));
  EXPECT_EQ(asTile(row)->rank(), 2u);
  EXPECT_EQ(constIntValue(asTile(row)->shape()[0]), 1);
  EXPECT_EQ(constIntValue(asTile(row)->shape()[1]), 32);
  ExprPtr x3 = tensorVar(DT::FP32, {4, 20, 32});
  ExprPtr rows = scalarVar(DT::Index, "rows");
  TypePtr block = ok("tile.load", {x3, tup({1, 8, 0}), tup({1, 8, 32})},
                     {{"valid_shape", ExprList{ConstInt::make(1), rows, ConstInt::make(32)}}});
  ASSERT_TRUE(asTile(block));
  EXPECT_EQ(constIntValue(asTile(block)->shape()[0]), 8);
  EXPECT_EQ(constIntValue(asTile(block)->shape()[1]), 32);
  ASSERT_TRUE(asTile(block)->view());
  EXPECT_EQ(asTile(block)->view()->validShape[0], rows); // the leading 1 drops out
  // Another leading window dim has no 2-D tile (the eager run rejects it too).
  bad("T110", "tile.load", {x3, tup({0, 0, 0}), tup({2, 8, 32})});
}

TEST_F(MemoryOps, StoreOfARowIntoARank1Tensor) {
  ExprPtr v = tensorVar(DT::FP32, {100});
  EXPECT_EQ(ok("tile.store", {tileVar(DT::FP32, {1, 32}), tup({4}), v}), v->type());
  bad("T110", "tile.store", {tileVar(DT::FP32, {2, 32}), tup({4}), v});
}

TEST_F(MemoryOps, StoreReturnsTheTensor) {
  ExprPtr dst = tensorVar(DT::FP32, {128, 128});
  TypePtr t = ok("tile.store", {tileVar(DT::FP32, {64, 64}), tup({64, 0}), dst});
  EXPECT_EQ(t, dst->type());
  // Acc tiles may be stored directly (through the fix pipe).
  ok("tile.store", {tileVar(DT::FP32, {64, 64}, MS::Acc), tup({0, 0}), dst});
}

// A mask in GM: a bool tensor's window loads as its uint8 0 / 1 bytes (kwarg bytes), and a Vec
// uint8 tile stores into a bool tensor; bytes of another dtype, or bytes from Mat, are errors.
TEST_F(MemoryOps, MaskBytesLoadAndStore) {
  ExprPtr mask = tensorVar(DT::Bool, {16, 64});
  TypePtr t = ok("tile.load", {mask, tup({0, 0}), tup({16, 64})}, {{"bytes", true}});
  ASSERT_TRUE(asTile(t));
  EXPECT_EQ(asTile(t)->dtype(), DT::UInt8);
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{16, 64}));
  EXPECT_EQ(asTile(ok("tile.load", {mask, tup({0, 0}), tup({16, 64})}))->dtype(), DT::Bool);
  bad("T108", "tile.load", {tensorVar(DT::UInt8, {16, 64}), tup({0, 0}), tup({16, 64})},
      {{"bytes", true}});
  EXPECT_NE(lastMessage.find("loads a bool tensor"), std::string::npos) << lastMessage;
  EXPECT_EQ(ok("tile.store", {tileVar(DT::UInt8, {16, 64}), tup({0, 0}), mask}), mask->type());
  bad("T108", "tile.store", {tileVar(DT::UInt8, {16, 64}, MS::Mat), tup({0, 0}), mask});
  bad("T108", "tile.store", {tileVar(DT::Int8, {16, 64}), tup({0, 0}), mask});
}

TEST_F(MemoryOps, StoreErrors) {
  ExprPtr dst = tensorVar(DT::FP32, {128, 128});
  bad("T108", "tile.store", {tileVar(DT::FP16, {64, 64}), tup({0, 0}), dst});
  EXPECT_NE(lastMessage.find("'fp16'"), std::string::npos) << lastMessage;
  bad("T107", "tile.store", {tileVar(DT::FP32, {64, 64}), tup({0, 0}), tileVar(DT::FP32, {4, 4})});
  bad("T110", "tile.store", {tileVar(DT::FP32, {64, 64}), tup({0, 0, 0}), dst});
  bad("T111", "tile.store", {tileVar(DT::FP32, {64, 64}, MS::Left), tup({0, 0}), dst});
}

TEST_F(MemoryOps, Move) {
  TypePtr t = ok("tile.move", {tileVar(DT::FP16, {64, 64}, MS::Mat)}, {{"target_memory", MS::Left}});
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Left);
  EXPECT_EQ(asTile(t)->dtype(), DT::FP16);
  bad("T105", "tile.move", {tileVar(DT::FP16, {64, 64}, MS::Mat)});
  bad("T111", "tile.move", {tileVar(DT::FP16, {64, 64}, MS::Mat)}, {{"target_memory", MS::DDR}});
}

// The transposing load (the cube's transposed operand): a 2-D window [R, C] into a Mat [C, R]
// tile in the ZN layout (RowMajor / ColMajor, 512), its valid_shape given in the window's terms;
// Mat and 2-D tensors only. tile.move has no transposing form (pto-isa has no such move).
TEST_F(MemoryOps, LoadTranspose) {
  ExprPtr src = tensorVar(DT::FP16, {40, 64});
  ExprPtr rows = scalarVar(DT::Index, "rows");
  TypePtr t = ok("tile.load", {src, tup({8, 0}), tup({32, 64})},
                 {{"target_memory", MS::Mat},
                  {"valid_shape", ExprList{rows, ConstInt::make(64)}},
                  {"transpose", true}});
  EXPECT_EQ(shapeOf(t), (std::vector<int64_t>{64, 32}));
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Mat);
  ASSERT_TRUE(asTile(t)->view());
  EXPECT_EQ(asTile(t)->view()->blayout, BLayout::RowMajor);
  EXPECT_EQ(asTile(t)->view()->slayout, SLayout::ColMajor);
  ASSERT_EQ(asTile(t)->view()->validShape.size(), 2u);
  EXPECT_EQ(asTile(t)->view()->validShape[1], rows);
  EXPECT_EQ(shapeOf(ok("tile.load", {src, tup({0, 0}), tup({32, 64})},
                       {{"target_memory", MS::Mat}, {"transpose", false}})),
            (std::vector<int64_t>{32, 64}));
  bad("T110", "tile.load", {src, tup({0, 0}), tup({32, 64})}, {{"transpose", true}});
  bad("T110", "tile.load", {tensorVar(DT::FP16, {2, 8, 8}), tup({0, 0, 0}), tup({1, 8, 8})},
      {{"target_memory", MS::Mat}, {"transpose", true}});
  bad("T104", "tile.load", {src, tup({0, 0}), tup({32, 64})},
      {{"target_memory", MS::Mat}, {"transpose", int64_t{1}}});
  bad("T103", "tile.move", {tileVar(DT::FP16, {32, 64}, MS::Mat)},
      {{"target_memory", MS::Right}, {"transpose", true}});
}

TEST_F(MemoryOps, ReadWrite) {
  ExprPtr t = tensorVar(DT::Int32, {4, 4});
  TypePtr s = ok("tensor.read", {t, tup({1, 2})});
  EXPECT_EQ(scalarDType(s), DT::Int32);
  bad("T110", "tensor.read", {t, tup({1})});
  TypePtr w = ok("tensor.write", {t, tup({1, 2}), ConstInt::make(5, DT::Int32)});
  EXPECT_EQ(w, t->type());
  const Op *write = lookupOp("tensor.write");
  EXPECT_EQ(argEffect(*write, 0, {}), ArgEffect::ReadWrite);
  EXPECT_EQ(write->outputAliasesArg, 0);
  bad("T111", "tile.read", {tileVar(DT::FP32, {8, 8}, MS::Mat), tup({0, 0})});
}

} // namespace
} // namespace pl::ir::testing
