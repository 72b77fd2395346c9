// tests/dsl/test_ops_irregular.cpp — arange / arange_tile (TCI's index row) and the partial ops
// part_add / part_mul / part_max / part_min (TPART*): values, valid regions and rejections.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

template <class V> std::vector<double> vals(const V &v) { return v.template to_vector<double>(); }

using V = std::vector<double>;

pl::Tensor<pl::fp32, 3, 4> twelve() {
  return pl::Tensor<pl::fp32, 3, 4>(
      std::vector<float>{1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12});
}

TEST(Arange, RowsOfStartPlusOrMinusK) {
  auto t = pl::arange(-2, {1, 5}, pl::i32);
  EXPECT_EQ(t.shape(), (pl::Shape{1, 5}));
  EXPECT_EQ(t.dtype(), pl::DType::Int32);
  EXPECT_EQ(vals(t), (V{-2, -1, 0, 1, 2}));
  auto d = pl::arange_tile(3, {1, 4}, pl::i32, {.descending = true});
  EXPECT_EQ(d.valid_shape(), (pl::Shape{1, 4}));
  EXPECT_EQ(d.mem(), pl::Mem::Vec);
  EXPECT_EQ(vals(d), (V{3, 2, 1, 0}));
  EXPECT_EQ(vals(pl::arange(pl::Index(10), {1, 3}, pl::u32)), (V{10, 11, 12}));
}

TEST(Arange, WrapsInTheDtype) {
  EXPECT_EQ(vals(pl::arange(32766, {1, 3}, pl::i16)), (V{32766, 32767, -32768}));
  EXPECT_EQ(vals(pl::arange_tile(1, {1, 3}, pl::u16, {.descending = true})), (V{1, 0, 65535}));
}

TEST(Arange, RejectsShapesTciCannotFill) {
  EXPECT_THROW((void)pl::arange(0, {2, 4}, pl::i32), pl::Error); // one row only
  EXPECT_THROW((void)pl::arange(0, {1, 1}, pl::i32), pl::Error); // at least 2 columns
  EXPECT_THROW((void)pl::arange_tile(0, {8}, pl::i32), pl::Error);
}

TEST(Partial, EqualRegionsAreTheElementwiseOp) {
  auto a = pl::load(twelve(), {0, 0}, {3, 4});
  auto b = pl::muls(a, 2.0f);
  EXPECT_EQ(vals(pl::part_add(a, b)), vals(pl::add(a, b)));
  EXPECT_EQ(vals(pl::part_mul(a, b)), vals(pl::mul(a, b)));
  EXPECT_EQ(vals(pl::part_max(a, b)), vals(pl::maximum(a, b)));
  EXPECT_EQ(vals(pl::part_min(a, b)), vals(pl::minimum(a, b)));
}

TEST(Partial, TheValidOperandFillsTheRest) {
  auto a = pl::load(twelve(), {0, 0}, {3, 4});                          // valid [3, 4]
  auto b = pl::load(twelve(), {0, 0}, {3, 4}, {.valid_shape = {2, 2}}); // valid [2, 2]
  auto s = pl::part_add(b, a);
  EXPECT_EQ(s.valid_shape(), (pl::Shape{3, 4}));
  EXPECT_EQ(vals(s), (V{2, -4, 3, -4, 10, -12, 7, -8, 9, -10, 11, -12}));
  EXPECT_EQ(vals(pl::part_min(a, b)), (V{1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12}));
  // a ragged window: rows [2, 5) of 3 hold one valid row
  auto r = pl::load(twelve(), {2, 0}, {3, 4});
  auto c = pl::load(twelve(), {0, 0}, {3, 4}, {.valid_shape = {2, 4}});
  auto m = pl::part_max(r, c);
  EXPECT_EQ(m.valid_shape(), (pl::Shape{2, 4}));
  EXPECT_EQ(vals(m), (V{9, -2, 11, -4, 5, -6, 7, -8, 0, 0, 0, 0}));
}

TEST(Partial, TilesOfDifferentShapesAndTensors) {
  auto big = pl::load(twelve(), {0, 0}, {3, 4});
  pl::Tile<pl::fp32, 1, 4> row = pl::load<1, 4>(twelve(), {2, 0});
  pl::Tile<pl::fp32, 3, 4> p = pl::part_mul(row, big); // the result has the larger shape
  EXPECT_EQ(vals(p), (V{9, 20, 33, 48, 5, -6, 7, -8, 9, -10, 11, -12}));
  pl::Tensor<pl::i32, 2, 3> x(std::vector<std::int32_t>{-1, 2, -3, 4, -5, 6});
  pl::Tensor<pl::i32, 2, 1> y(std::vector<std::int32_t>{7, -7});
  pl::Tensor<pl::i32, 2, 3> z = pl::part_max(x, y);
  EXPECT_EQ(vals(z), (V{7, 2, -3, 4, -5, 6}));
}

TEST(Partial, RejectsCrossingRegionsAndDtypes) {
  auto a = pl::load(twelve(), {0, 0}, {3, 4}, {.valid_shape = {3, 2}});
  auto b = pl::load(twelve(), {0, 0}, {3, 4}, {.valid_shape = {2, 4}});
  EXPECT_THROW((void)pl::part_add(a, b), pl::Error); // neither holds the other
  pl::Tensor<pl::i8, 2, 2> c(std::vector<std::int8_t>{1, 2, 3, 4});
  pl::Tensor<pl::any_dtype> ca(c);
  EXPECT_THROW((void)pl::part_add(ca, ca), pl::Error); // int8: not a TPART* dtype
  pl::Tensor<pl::fp32> wide(std::vector<float>(6, 1.0f), {2, 3}),
      tall(std::vector<float>(6, 1.0f), {3, 2});
  EXPECT_THROW((void)pl::part_add(wide, tall), pl::Error);
}

} // namespace
