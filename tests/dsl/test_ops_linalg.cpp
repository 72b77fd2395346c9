// tests/dsl/test_ops_linalg.cpp — reductions ([R,1] / [1,C]), row/col expand, matmul family.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

template <class V>
std::vector<double> vals(const V& v) { return v.template to_vector<double>(); }

pl::Tile<pl::fp32> tile(std::int64_t r, std::int64_t c, std::vector<double> v) {
  pl::Tensor<pl::fp32> t(v, {r, c});
  return pl::load(t, {0, 0}, {r, c});
}

TEST(Reduce, RowAndColShapes) {
  pl::Tile<pl::fp32, 2, 3> a = tile(2, 3, {1, 5, 3, -4, 2, 0});
  pl::Tile<pl::fp32, 2, 1> rs = pl::row_sum(a);
  EXPECT_EQ(vals(rs), (std::vector<double>{9, -2}));
  pl::Tile<pl::fp32, 1, 3> cs = pl::col_sum(a);
  EXPECT_EQ(vals(cs), (std::vector<double>{-3, 7, 3}));
  EXPECT_EQ(vals(pl::row_max(a)), (std::vector<double>{5, 2}));
  EXPECT_EQ(vals(pl::row_min(a, pl::create_tile({2, 3}, pl::fp32))), (std::vector<double>{1, -4}));
  EXPECT_EQ(vals(pl::row_prod(a)), (std::vector<double>{15, 0}));
  EXPECT_EQ(vals(pl::col_max(a)), (std::vector<double>{1, 5, 3}));
  EXPECT_EQ(vals(pl::col_min(a)), (std::vector<double>{-4, 2, 0}));
  auto am = pl::row_argmax(a);
  EXPECT_EQ(am.dtype(), pl::DType::Int32);
  EXPECT_EQ(vals(am), (std::vector<double>{1, 1}));
  EXPECT_EQ(vals(pl::col_argmin(a)), (std::vector<double>{1, 1, 1}));
}

TEST(Reduce, OnlyTheValidRegion) {
  pl::Tensor<pl::fp32, 2, 2> t(std::vector<float>{-1, -2, -3, -4});
  auto p = pl::load(t, {0, 0}, {2, 4});  // valid [2, 2]; padding is 0 and must not win the max
  auto m = pl::row_max(p);
  EXPECT_EQ(m.shape(), (pl::Shape{2, 1}));
  EXPECT_EQ(vals(m), (std::vector<double>{-1, -3}));
  auto c = pl::col_sum(pl::load(t, {0, 0}, {3, 2}));  // valid [2, 2]
  EXPECT_EQ(c.valid_shape(), (pl::Shape{1, 2}));
  EXPECT_EQ(vals(c), (std::vector<double>{-4, -6}));
}

TEST(Reduce, TensorsKeepDims) {
  pl::Tensor<pl::fp32, 2, 3> a(std::vector<float>{1, 2, 3, 4, 5, 6});
  pl::Tensor<pl::fp32, 2, 1> r = pl::row_sum(a);
  EXPECT_EQ(r.to_vector(), (std::vector<float>{6, 15}));
  pl::Tensor<pl::fp32, 1, 3> c = pl::col_max(a);
  EXPECT_EQ(c.to_vector(), (std::vector<float>{4, 5, 6}));
}

TEST(Expand, RowAndColumn) {
  auto a = tile(2, 2, {1, 2, 3, 4});
  auto rv = tile(2, 1, {10, 100});
  auto cv = tile(1, 2, {1, -1});
  EXPECT_EQ(vals(pl::row_expand(a, rv)), (std::vector<double>{10, 10, 100, 100}));
  EXPECT_EQ(vals(pl::row_expand_add(a, rv)), (std::vector<double>{11, 12, 103, 104}));
  EXPECT_EQ(vals(pl::row_expand_sub(a, rv)), (std::vector<double>{-9, -8, -97, -96}));
  EXPECT_EQ(vals(pl::row_expand_mul(a, rv)), (std::vector<double>{10, 20, 300, 400}));
  EXPECT_EQ(vals(pl::row_expand_div(a, rv)), (std::vector<double>{0.1f, 0.2f, 0.03f, 0.04f}));
  EXPECT_EQ(vals(pl::row_expand_max(a, tile(2, 1, {2, 2}))), (std::vector<double>{2, 2, 3, 4}));
  EXPECT_EQ(vals(pl::row_expand_min(a, tile(2, 1, {2, 2}))), (std::vector<double>{1, 2, 2, 2}));
  EXPECT_EQ(vals(pl::row_expand_expdif(a, tile(2, 1, {1, 4}))),
            (std::vector<double>{1, static_cast<float>(std::exp(1.0)), static_cast<float>(std::exp(-1.0)), 1}));
  EXPECT_EQ(vals(pl::col_expand(a, cv)), (std::vector<double>{1, -1, 1, -1}));
  EXPECT_EQ(vals(pl::col_expand_mul(a, cv)), (std::vector<double>{1, -2, 3, -4}));
  EXPECT_EQ(vals(pl::col_expand_add(a, cv)), (std::vector<double>{2, 1, 4, 3}));
  EXPECT_EQ(vals(pl::col_expand_sub(a, cv)), (std::vector<double>{0, 3, 2, 5}));
  EXPECT_EQ(vals(pl::col_expand_div(a, cv)), (std::vector<double>{1, -2, 3, -4}));
  EXPECT_THROW((void)pl::row_expand_add(a, cv), pl::Error);
  pl::Tensor<pl::fp32, 2, 2> ta(std::vector<float>{1, 2, 3, 4});
  pl::Tensor<pl::fp32, 2, 1> tr(std::vector<float>{1, 2});
  EXPECT_EQ(pl::row_expand_mul(ta, tr).to_vector(), (std::vector<float>{1, 2, 6, 8}));
}

TEST(Matmul, HandComputed) {
  auto a = tile(2, 3, {1, 2, 3, 4, 5, 6});
  auto b = tile(3, 2, {7, 8, 9, 10, 11, 12});
  auto c = pl::matmul(a, b);
  EXPECT_EQ(c.mem(), pl::Mem::Acc);
  EXPECT_EQ(c.dtype(), pl::DType::FP32);
  EXPECT_EQ(vals(c), (std::vector<double>{58, 64, 139, 154}));
  auto bt = tile(2, 3, {7, 9, 11, 8, 10, 12});
  EXPECT_EQ(vals(pl::matmul(a, bt, {.b_trans = true})), (std::vector<double>{58, 64, 139, 154}));
  auto at = tile(3, 2, {1, 4, 2, 5, 3, 6});
  EXPECT_EQ(vals(pl::matmul(at, b, {.a_trans = true})), (std::vector<double>{58, 64, 139, 154}));
  EXPECT_EQ(vals(pl::matmul_acc(c, a, b)), (std::vector<double>{116, 128, 278, 308}));
  EXPECT_EQ(vals(pl::matmul_bias(a, b, tile(1, 2, {1, -1}))), (std::vector<double>{59, 63, 140, 153}));
  EXPECT_THROW((void)pl::matmul(a, a), pl::Error);  // [2,3] x [2,3]
}

TEST(Matmul, Fp32AccumulationAndOutDtype) {
  pl::Tensor<pl::fp16, 1, 3> a(std::vector<float>{2048, 1, 1});
  pl::Tensor<pl::fp16, 3, 1> b(std::vector<float>{1, 1, 1});
  auto c = pl::matmul(a, b);  // fp16 accumulation would give 2048 (ulp 2); fp32 gives 2050
  EXPECT_EQ(c.get({0, 0}), 2050);
  pl::Tensor<pl::fp16, 1, 2> a2(std::vector<float>{2048, 1});
  pl::Tensor<pl::fp16, 2, 1> b2(std::vector<float>{1, 1});
  EXPECT_EQ(pl::matmul(a2, b2).get({0, 0}), 2049);
  auto h = pl::matmul(a2, b2, {.out_dtype = pl::fp16});
  EXPECT_EQ(h.dtype(), pl::DType::FP16);
  EXPECT_EQ(h.get({0, 0}), 2048);  // 2049 rounds to even in fp16
  pl::Tensor<pl::fp16, 1, 1> typed = h;
  EXPECT_EQ(typed.get({0, 0}), 2048);
}

TEST(Matmul, ValidRegions) {
  pl::Tensor<pl::fp32, 2, 2> t(std::vector<float>{1, 2, 3, 4});
  auto a = pl::load(t, {0, 0}, {4, 4});  // valid [2, 2]
  auto c = pl::matmul(a, a);
  EXPECT_EQ(c.shape(), (pl::Shape{4, 4}));
  EXPECT_EQ(c.valid_shape(), (pl::Shape{2, 2}));
  EXPECT_EQ(c.get(0, 0), 7);
  EXPECT_EQ(c.get(1, 1), 22);
  EXPECT_EQ(c.get(3, 3), 0);
}

TEST(Matmul, BatchAndGemv) {
  pl::Tensor<pl::fp32, 2, 1, 2> a(std::vector<float>{1, 2, 3, 4});
  pl::Tensor<pl::fp32, 2, 2, 1> b(std::vector<float>{1, 1, 2, 0});
  auto c = pl::batch_matmul(a, b);
  EXPECT_EQ(c.shape(), (pl::Shape{2, 1, 1}));
  EXPECT_EQ(vals(c), (std::vector<double>{3, 6}));
  auto g = pl::gemv(tile(1, 2, {1, 2}), tile(2, 2, {1, 0, 0, 1}));
  EXPECT_EQ(vals(g), (std::vector<double>{1, 2}));
}

}  // namespace
