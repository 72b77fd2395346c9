// Type deduction of transform, reduction, expand, matmul and system ops.
#include "op_test_util.h"

namespace pl::ir::testing {
namespace {

using ShapeOps = OpTest;
using Dims = std::vector<int64_t>;

TEST_F(ShapeOps, Slice) {
  TypePtr t = ok("tensor.slice", {tensorVar(DT::FP32, {128, 64}), tup({32, 64}), tup({96, 0})});
  EXPECT_EQ(shapeOf(t), (Dims{32, 64}));
  TypePtr u = ok("tile.slice", {tileVar(DT::FP32, {64, 64}, MS::Mat), tup({16, 64}), tup({0, 0})});
  EXPECT_EQ(asTile(u)->memorySpace(), MS::Mat);
  bad("T109", "tensor.slice", {tensorVar(DT::FP32, {128, 64}), tup({64, 64}), tup({96, 0})});
  bad("T110", "tensor.slice", {tensorVar(DT::FP32, {128, 64}), tup({64}), tup({0})});
}

TEST_F(ShapeOps, Assemble) {
  ExprPtr dst = tensorVar(DT::FP32, {128, 64});
  TypePtr t = ok("tensor.assemble", {dst, tensorVar(DT::FP32, {32, 64}), tup({32, 0})});
  EXPECT_EQ(t, dst->type());
  const Op *op = lookupOp("tensor.assemble");
  EXPECT_EQ(argEffect(*op, 0, {}), ArgEffect::Write);
  EXPECT_EQ(op->outputAliasesArg, 0);
  bad("T108", "tensor.assemble", {dst, tensorVar(DT::FP16, {32, 64}), tup({0, 0})});
  bad("T109", "tensor.assemble", {dst, tensorVar(DT::FP32, {32, 64}), tup({100, 0})});
}

TEST_F(ShapeOps, Reshape) {
  TypePtr t = ok("tile.reshape", {tileVar(DT::FP16, {16, 64}), tup({64, 16})});
  EXPECT_EQ(shapeOf(t), (Dims{64, 16}));
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Vec);
  bad("T109", "tensor.reshape", {tensorVar(DT::FP16, {16, 64}), tup({64, 64})});
}

TEST_F(ShapeOps, Transpose) {
  TypePtr t = ok("tensor.transpose",
                 {tensorVar(DT::FP32, {2, 16, 64}), ConstInt::make(-1), ConstInt::make(1)});
  EXPECT_EQ(shapeOf(t), (Dims{2, 64, 16}));
  bad("T113", "tile.transpose", {tileVar(DT::FP32, {16, 64}), ConstInt::make(0), ConstInt::make(2)});
  bad("T106", "tile.transpose",
      {tileVar(DT::FP32, {16, 64}), scalarVar(DT::Index), ConstInt::make(1)});
}

TEST_F(ShapeOps, Concat) {
  TypePtr t = ok("tile.concat", {tileVar(DT::FP32, {32, 16}), tileVar(DT::FP32, {32, 16})});
  EXPECT_EQ(shapeOf(t), (Dims{32, 32}));
  bad("T109", "tile.concat", {tileVar(DT::FP32, {32, 16}), tileVar(DT::FP32, {16, 16})});
  bad("T108", "tensor.concat", {tensorVar(DT::FP32, {4, 4}), tensorVar(DT::FP16, {4, 4})});
  // ConcatOptions{.axis}: the last axis, as -1 or rank - 1; any other axis is an error.
  EXPECT_EQ(shapeOf(ok("tile.concat", {tileVar(DT::FP32, {32, 16}), tileVar(DT::FP32, {32, 16})},
                       {{"axis", int64_t{1}}})),
            (Dims{32, 32}));
  EXPECT_EQ(shapeOf(ok("tensor.concat", {tensorVar(DT::FP32, {2, 4, 4}), tensorVar(DT::FP32, {2, 4, 4})},
                       {{"axis", int64_t{-1}}})),
            (Dims{2, 4, 8}));
  bad("T113", "tile.concat", {tileVar(DT::FP32, {32, 16}), tileVar(DT::FP32, {32, 16})},
      {{"axis", int64_t{0}}});
}

TEST_F(ShapeOps, Extract) {
  TypePtr t = ok("tile.extract",
                 {tileVar(DT::FP16, {128, 64}, MS::Mat), ConstInt::make(64), ConstInt::make(0),
                  tup({64, 64})},
                 {{"target_memory", MS::Left}});
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Left);
  EXPECT_EQ(shapeOf(t), (Dims{64, 64}));
  bad("T109", "tile.extract",
      {tileVar(DT::FP16, {128, 64}, MS::Mat), ConstInt::make(96), ConstInt::make(0),
       tup({64, 64})});
  bad("T111", "tile.extract",
      {tileVar(DT::FP16, {128, 64}, MS::Left), ConstInt::make(0), ConstInt::make(0),
       tup({64, 64})});
}

TEST_F(ShapeOps, RowAndColumnReductions) {
  for (const char *k : {"sum", "max", "min", "prod"}) {
    TypePtr r = ok(std::string("tile.row_") + k, {tileVar(DT::FP32, {64, 128})});
    EXPECT_EQ(shapeOf(r), (Dims{64, 1})) << k;
    EXPECT_EQ(asTile(r)->memorySpace(), MS::Vec);
    TypePtr c = ok(std::string("tensor.col_") + k, {tensorVar(DT::FP32, {64, 128})});
    EXPECT_EQ(shapeOf(c), (Dims{1, 128})) << k;
  }
  ok("tile.row_sum", {tileVar(DT::FP32, {64, 128}), tileVar(DT::FP32, {64, 128})});
  EXPECT_EQ(argEffect(*lookupOp("tile.row_sum"), 1, {}), ArgEffect::Write);
  TypePtr idx = ok("tile.row_argmax", {tileVar(DT::FP32, {8, 8}), tileVar(DT::FP32, {8, 8})});
  EXPECT_EQ(asTile(idx)->dtype(), DT::Int32);
  bad("T102", "tile.row_argmax", {tileVar(DT::FP32, {8, 8})});
  bad("T110", "tile.row_sum", {tileVar(DT::FP32, {4, 8, 8})});
  bad("T108", "tile.row_sum", {tileVar(DT::FP32, {8, 8}), tileVar(DT::FP16, {8, 8})});
  bad("T102", "tile.col_max", {tileVar(DT::FP32, {8, 8}), tileVar(DT::FP32, {8, 8})});
  bad("T111", "tile.row_sum", {tileVar(DT::FP32, {8, 8}, MS::Mat)});
}

TEST_F(ShapeOps, RowAndColumnExpand) {
  TypePtr t = ok("tile.row_expand_mul", {tileVar(DT::FP32, {64, 128}), tileVar(DT::FP32, {64, 1})});
  EXPECT_EQ(shapeOf(t), (Dims{64, 128}));
  ok("tensor.col_expand_sub", {tensorVar(DT::FP32, {64, 128}), tensorVar(DT::FP32, {1, 128})});
  ok("tile.row_expand", {tileVar(DT::FP32, {64, 128}), tileVar(DT::FP32, {64, 1})});
  bad("T109", "tile.row_expand_div", {tileVar(DT::FP32, {64, 128}), tileVar(DT::FP32, {1, 128})});
  bad("T109", "tile.col_expand_add", {tileVar(DT::FP32, {64, 128}), tileVar(DT::FP32, {64, 1})});
  TypePtr e = ok("tile.expands", {tileVar(DT::FP16, {8, 8}), ConstFloat::make(1.0)});
  EXPECT_EQ(asTile(e)->dtype(), DT::FP16);
}

TEST_F(ShapeOps, TileMatmul) {
  ExprPtr l = tileVar(DT::FP16, {64, 32}, MS::Left), r = tileVar(DT::FP16, {32, 16}, MS::Right);
  TypePtr t = ok("tile.matmul", {l, r});
  ASSERT_TRUE(asTile(t));
  EXPECT_EQ(asTile(t)->dtype(), DT::FP32);
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Acc);
  EXPECT_EQ(shapeOf(t), (Dims{64, 16}));
  TypePtr i8 = ok("tile.matmul", {tileVar(DT::Int8, {16, 32}, MS::Left),
                                  tileVar(DT::Int8, {32, 16}, MS::Right)});
  EXPECT_EQ(asTile(i8)->dtype(), DT::Int32);
  bad("T109", "tile.matmul", {l, tileVar(DT::FP16, {64, 16}, MS::Right)});
  bad("T111", "tile.matmul", {tileVar(DT::FP16, {64, 32}, MS::Vec), r});
  bad("T108", "tile.matmul", {l, tileVar(DT::BF16, {32, 16}, MS::Right)});
  bad("T108", "tile.matmul", {tileVar(DT::Int32, {64, 32}, MS::Left),
                              tileVar(DT::Int32, {32, 16}, MS::Right)});
}

TEST_F(ShapeOps, TileMatmulAccAndBias) {
  ExprPtr l = tileVar(DT::BF16, {64, 32}, MS::Left), r = tileVar(DT::BF16, {32, 16}, MS::Right);
  ExprPtr acc = tileVar(DT::FP32, {64, 16}, MS::Acc);
  TypePtr t = ok("tile.matmul_acc", {acc, l, r});
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Acc);
  const Op *op = lookupOp("tile.matmul_acc");
  EXPECT_EQ(argEffect(*op, 0, {}), ArgEffect::ReadWrite);
  EXPECT_EQ(op->outputAliasesArg, 0);
  // An fp16 / bf16 accumulator of float inputs is an out_dtype product going on (WidenAccDtypes
  // makes the chain fp32); an integer one is not.
  EXPECT_EQ(asTile(ok("tile.matmul_acc", {tileVar(DT::FP16, {64, 16}, MS::Acc), l, r}))->dtype(),
            DT::FP16);
  bad("T108", "tile.matmul_acc", {tileVar(DT::Int32, {64, 16}, MS::Acc), l, r});
  bad("T109", "tile.matmul_acc", {tileVar(DT::FP32, {64, 32}, MS::Acc), l, r});
  ok("tile.matmul_bias", {l, r, tileVar(DT::FP32, {1, 16}, MS::Bias)});
  bad("T109", "tile.matmul_bias", {l, r, tileVar(DT::FP32, {1, 32}, MS::Bias)});
  bad("T111", "tile.matmul_bias", {l, r, tileVar(DT::FP32, {1, 16}, MS::Vec)});
}

// a_trans takes the lhs as [K, M], b_trans the rhs as [N, K]; the product is [M, N].
TEST_F(ShapeOps, TileMatmulTransposedOperands) {
  ExprPtr lt = tileVar(DT::FP16, {32, 64}, MS::Left), rt = tileVar(DT::FP16, {16, 32}, MS::Right);
  ExprPtr l = tileVar(DT::FP16, {64, 32}, MS::Left), r = tileVar(DT::FP16, {32, 16}, MS::Right);
  EXPECT_EQ(shapeOf(ok("tile.matmul", {lt, r}, {{"a_trans", true}})), (Dims{64, 16}));
  EXPECT_EQ(shapeOf(ok("tile.matmul", {l, rt}, {{"b_trans", true}})), (Dims{64, 16}));
  EXPECT_EQ(shapeOf(ok("tile.matmul", {lt, rt}, {{"a_trans", true}, {"b_trans", true}})),
            (Dims{64, 16}));
  EXPECT_EQ(shapeOf(ok("tile.matmul", {l, r}, {{"a_trans", false}, {"b_trans", false}})),
            (Dims{64, 16}));
  bad("T109", "tile.matmul", {l, r}, {{"b_trans", true}});   // [64,32] x [32,16]^T
  bad("T109", "tile.matmul", {lt, rt}, {{"a_trans", true}}); // [32,64]^T x [16,32]
  bad("T104", "tile.matmul", {l, r}, {{"a_trans", int64_t{1}}});
  ExprPtr acc = tileVar(DT::FP32, {64, 16}, MS::Acc);
  EXPECT_EQ(shapeOf(ok("tile.matmul_acc", {acc, lt, rt}, {{"a_trans", true}, {"b_trans", true}})),
            (Dims{64, 16}));
  bad("T109", "tile.matmul_acc", {tileVar(DT::FP32, {32, 16}, MS::Acc), lt, r},
      {{"a_trans", true}});
  ExprPtr bias = tileVar(DT::FP32, {1, 16}, MS::Bias);
  EXPECT_EQ(shapeOf(ok("tile.matmul_bias", {l, rt, bias}, {{"b_trans", true}})), (Dims{64, 16}));
  bad("T109", "tile.matmul_bias", {l, rt, tileVar(DT::FP32, {1, 32}, MS::Bias)},
      {{"b_trans", true}});
}

// out_dtype rounds the fp32 accumulation into another float dtype (still in Acc).
TEST_F(ShapeOps, TileMatmulOutDType) {
  ExprPtr l = tileVar(DT::FP16, {64, 32}, MS::Left), r = tileVar(DT::FP16, {32, 16}, MS::Right);
  TypePtr t = ok("tile.matmul", {l, r}, {{"out_dtype", DT::FP16}});
  EXPECT_EQ(asTile(t)->dtype(), DT::FP16);
  EXPECT_EQ(asTile(t)->memorySpace(), MS::Acc);
  EXPECT_EQ(asTile(ok("tile.matmul", {l, r}, {{"out_dtype", DT::FP32}}))->dtype(), DT::FP32);
  EXPECT_EQ(asTile(ok("tile.matmul_bias", {l, r, tileVar(DT::FP32, {1, 16}, MS::Bias)},
                      {{"out_dtype", DT::BF16}}))->dtype(),
            DT::BF16);
  bad("T108", "tile.matmul", {l, r}, {{"out_dtype", DT::Int32}});
  bad("T108", "tile.matmul",
      {tileVar(DT::Int8, {16, 32}, MS::Left), tileVar(DT::Int8, {32, 16}, MS::Right)},
      {{"out_dtype", DT::FP32}});
  // matmul_acc: out_dtype may only name the accumulator's dtype (the result is the accumulator).
  ok("tile.matmul_acc", {tileVar(DT::FP32, {64, 16}, MS::Acc), l, r}, {{"out_dtype", DT::FP32}});
  bad("T108", "tile.matmul_acc", {tileVar(DT::FP32, {64, 16}, MS::Acc), l, r},
      {{"out_dtype", DT::FP16}});
  bad("T108", "tensor.matmul_acc",
      {tensorVar(DT::FP32, {64, 16}), tensorVar(DT::FP16, {64, 32}), tensorVar(DT::FP16, {32, 16})},
      {{"out_dtype", DT::FP16}});
}

TEST_F(ShapeOps, TensorMatmul) {
  ExprPtr a = tensorVar(DT::FP16, {128, 64}), b = tensorVar(DT::FP16, {32, 64});
  TypePtr t = ok("tensor.matmul", {a, b}, {{"b_trans", true}, {"out_dtype", DT::FP32}});
  EXPECT_EQ(asTensor(t)->dtype(), DT::FP32);
  EXPECT_EQ(shapeOf(t), (Dims{128, 32}));
  t = ok("tensor.matmul", {tensorVar(DT::FP32, {4, 16, 8}), tensorVar(DT::FP32, {8, 2})});
  EXPECT_EQ(shapeOf(t), (Dims{4, 16, 2}));
  EXPECT_EQ(asTensor(t)->dtype(), DT::FP32);
  bad("T109", "tensor.matmul", {a, b});
  bad("T104", "tensor.matmul", {a, b}, {{"b_trans", int64_t{1}}});
  bad("T110", "tensor.matmul", {tensorVar(DT::FP16, {64}), b});
  ExprPtr acc = tensorVar(DT::FP16, {128, 32});
  EXPECT_EQ(ok("tensor.matmul_acc", {acc, a, b}, {{"b_trans", true}}), acc->type());
  // Without out_dtype: the accumulator dtype (the DSL's MatmulOptions default), not the input's.
  EXPECT_EQ(asTensor(ok("tensor.matmul", {a, b}, {{"b_trans", true}}))->dtype(), DT::FP32);
  EXPECT_EQ(asTensor(ok("tensor.matmul", {tensorVar(DT::Int8, {4, 8}), tensorVar(DT::Int8, {8, 2})}))
                ->dtype(),
            DT::Int32);
  EXPECT_EQ(asTensor(ok("tensor.matmul", {a, b}, {{"b_trans", true}, {"out_dtype", DT::BF16}}))
                ->dtype(),
            DT::BF16);
}

TEST_F(ShapeOps, BlockIndex) {
  for (const char *n : {"tile.get_block_idx", "tensor.get_block_idx", "tile.get_block_num",
                        "tile.get_subblock_idx"}) {
    TypePtr t = ok(n, {});
    EXPECT_EQ(scalarDType(t), DT::Index) << n;
  }
  bad("T102", "tile.get_block_idx", {ConstInt::make(0)});
  ok("system.bar_all", {});
}

} // namespace
} // namespace pl::ir::testing
