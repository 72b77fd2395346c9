// tests/dsl/test_ops_data.cpp — creation, load/store (zero-padding, valid shapes), views, cast, fillpad.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

template <class V>
std::vector<double> vals(const V& v) { return v.template to_vector<double>(); }

pl::Tensor<pl::fp32, 3, 3> nine() { return pl::Tensor<pl::fp32, 3, 3>(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}); }

TEST(Load, ZeroPadsOutOfBoundsAndSetsValidShape) {
  auto t = pl::load(nine(), {2, 1}, {2, 3});
  EXPECT_EQ(t.shape(), (pl::Shape{2, 3}));
  EXPECT_EQ(t.valid_shape(), (pl::Shape{1, 2}));
  EXPECT_EQ(vals(t), (std::vector<double>{8, 9, 0, 0, 0, 0}));
  auto s = pl::load<2, 2>(nine(), {1, 1});
  EXPECT_EQ(vals(s), (std::vector<double>{5, 6, 8, 9}));
  EXPECT_EQ(s.valid_shape(), (pl::Shape{2, 2}));
}

TEST(Load, ExplicitValidShapeAndMemory) {
  auto t = pl::load(nine(), {0, 0}, {3, 3}, {.valid_shape = {2, 1}, .target_memory = pl::Mem::Mat});
  EXPECT_EQ(t.valid_shape(), (pl::Shape{2, 1}));
  EXPECT_EQ(t.mem(), pl::Mem::Mat);
  EXPECT_EQ(vals(t), (std::vector<double>{1, 0, 0, 4, 0, 0, 0, 0, 0}));
  EXPECT_THROW((void)pl::load(nine(), {0, 0}, {2, 2}, {.valid_shape = {3, 1}}), pl::Error);
  EXPECT_THROW((void)pl::load(nine(), {0}, {2, 2}), pl::Error);
  pl::Tensor<pl::fp32, 4> v(std::vector<float>{1, 2, 3, 4});
  auto row = pl::load(v, {2}, {4});
  EXPECT_EQ(row.shape(), (pl::Shape{1, 4}));
  EXPECT_EQ(row.valid_shape(), (pl::Shape{1, 2}));
}

TEST(Store, WritesOnlyTheValidRegion) {
  auto t = pl::load(nine(), {2, 1}, {2, 3});  // valid [1, 2] = {8, 9}
  pl::Tensor<pl::fp32, 3, 3> out;
  pl::store(t, {0, 0}, out);
  EXPECT_EQ(vals(out), (std::vector<double>{8, 9, 0, 0, 0, 0, 0, 0, 0}));
  pl::store(t, {2, 1}, out);
  EXPECT_EQ(out.get({2, 2}), 9);
  auto full = pl::load(nine(), {0, 0}, {2, 2});
  EXPECT_THROW(pl::store(full, {2, 2}, out), pl::Error);  // the valid region would not fit
  pl::Tensor<pl::fp16, 3, 3> half;
  EXPECT_THROW(pl::store(pl::Tile<pl::fp32>(full), {0, 0}, pl::Tensor<pl::any_dtype>(half)), pl::Error);
}

TEST(Store, AccTilesConvertOnTheWayOut) {
  pl::Tensor<pl::fp32, 1, 2> a(std::vector<float>{1, 1}), b(std::vector<float>{1.0f, static_cast<float>(std::ldexp(1.0, -11))});
  auto l = pl::load(a, {0, 0}, {1, 2});
  auto r = pl::load(pl::reshape(b, {2, 1}), {0, 0}, {2, 1});
  pl::Tensor<pl::fp16, 1, 1> out;
  pl::store(pl::matmul(l, r), {0, 0}, out);  // 1 + 2^-11 in fp32, rounded to fp16 by the store
  EXPECT_EQ(out.get({0, 0}), 1.0);
}

TEST(Creation, FullCreateExpands) {
  auto t = pl::full({2, 2}, pl::i32, 7);
  EXPECT_EQ(t.dtype(), pl::DType::Int32);
  EXPECT_EQ(vals(t), (std::vector<double>{7, 7, 7, 7}));
  auto z = pl::create_tensor({1, 3}, pl::fp16);
  EXPECT_EQ(vals(z), (std::vector<double>{0, 0, 0}));
  auto ft = pl::full_tile({1, 2}, pl::fp16, 0.1, {.target_memory = pl::Mem::Mat});
  EXPECT_EQ(ft.mem(), pl::Mem::Mat);
  EXPECT_EQ(ft.get(0, 1), 0.0999755859375);
  auto ct = pl::create_tile({2, 3}, pl::fp32);
  EXPECT_EQ(ct.valid_shape(), (pl::Shape{2, 3}));
  EXPECT_EQ(vals(pl::expands(ct, 2)), (std::vector<double>(6, 2)));
  EXPECT_THROW((void)pl::create_tile({2, 3, 4}, pl::fp32), pl::Error);
}

// Issue 42: the eager run rejects what pl-translate rejects from constants (a size <= 0:
// T106 / V112; a negative offset: CO001; a store window past the end: CO002), so a program the
// golden model runs is never one the translator refuses, and the other way round.
TEST(Creation, SizesMustBePositive) {
  EXPECT_THROW((void)pl::create_tile({0, 16}, pl::fp32), pl::Error);
  EXPECT_THROW((void)pl::full_tile({16, -1}, pl::fp32, 1.0), pl::Error);
  EXPECT_THROW((void)pl::create_tensor({0, 4}, pl::fp32), pl::Error);
  EXPECT_THROW((void)pl::full({4, 0}, pl::fp32, 1.0), pl::Error);
}

TEST(Creation, AtMostOneTiB) { // CO004: more than any platform's device memory
  constexpr std::int64_t kRows = std::int64_t{1} << 40;
  EXPECT_THROW((void)pl::create_tensor({kRows, 64}, pl::fp32), pl::Error);
  EXPECT_THROW((pl::Tensor<pl::fp32, kRows, 64>()), pl::Error);
  EXPECT_THROW((void)pl::create_tensor({kRows, kRows, kRows}, pl::fp32),
               pl::Error); // overflows int64
  EXPECT_EQ(pl::create_tensor({1, 4}, pl::fp32).numel(), 4);
}

TEST(Load, RejectsNonPositiveSizesAndNegativeOffsets) {
  EXPECT_THROW((void)pl::load(nine(), {0, 0}, {0, 3}), pl::Error); // a 0-row tile
  EXPECT_THROW((void)pl::load(nine(), {0, 0}, {2, -1}), pl::Error);
  EXPECT_THROW((void)pl::load(nine(), {-1, 0}, {2, 2}), pl::Error); // CO001
  // CO005: a valid shape outside the window
  EXPECT_THROW((void)pl::load(nine(), {0, 0}, {2, 2}, {.valid_shape = {-1, 2}}), pl::Error);
  EXPECT_EQ(pl::load(nine(), {3, 0}, {2, 2}).valid_shape(),
            (pl::Shape{0, 2})); // past the end: padding
}

TEST(Store, RejectsNegativeOffsetsAndWindowsPastTheEnd) {
  auto full = pl::load(nine(), {0, 0}, {2, 2});
  pl::Tensor<pl::fp32, 3, 3> out;
  EXPECT_THROW(pl::store(full, {-1, 0}, out), pl::Error); // CO001
  EXPECT_THROW(pl::store(full, {3, 0}, out), pl::Error);  // CO002
  EXPECT_THROW(pl::store(full, {0, 2}, out), pl::Error);  // CO002: 2 columns from column 2
  pl::store(full, {1, 1}, out);
  EXPECT_EQ(out.get({2, 2}), 5);
}

TEST(Move, ChangesMemorySpaceOnly) {
  auto t = pl::load(nine(), {0, 0}, {2, 2});
  auto l = pl::move(t, {.target_memory = pl::Mem::Left});
  EXPECT_EQ(l.mem(), pl::Mem::Left);
  EXPECT_EQ(vals(l), vals(t));
  auto e = pl::extract(pl::load(nine(), {0, 0}, {3, 3}), {1, 1}, {2, 2}, {.target_memory = pl::Mem::Right});
  EXPECT_EQ(e.mem(), pl::Mem::Right);
  EXPECT_EQ(vals(e), (std::vector<double>{5, 6, 8, 9}));
}

TEST(Views, SliceTensorAndTile) {
  auto s = pl::slice(nine(), {2, 2}, {1, 0});
  EXPECT_EQ(vals(s), (std::vector<double>{4, 5, 7, 8}));
  EXPECT_THROW((void)pl::slice(nine(), {2, 2}, {2, 2}), pl::Error);
  auto t = pl::load(nine(), {0, 0}, {4, 4});  // valid [3, 3]
  auto ts = pl::slice(t, {2, 2}, {2, 2});
  EXPECT_EQ(ts.valid_shape(), (pl::Shape{1, 1}));
  EXPECT_EQ(vals(ts), (std::vector<double>{9, 0, 0, 0}));
}

// SliceOptions{.valid_shape}: a tile window with its own valid shape; a tensor has none (T103,
// the translator's code for it too).
TEST(Views, SliceValidShape) {
  auto t = pl::load(nine(), {0, 0}, {3, 3});
  auto s = pl::slice(t, {2, 3}, {1, 0}, {.valid_shape = {2, 2}});
  EXPECT_EQ(s.valid_shape(), (pl::Shape{2, 2}));
  EXPECT_EQ(vals(s), (std::vector<double>{4, 5, 0, 7, 8, 0}));
  EXPECT_THROW((void)pl::slice(t, {2, 3}, {1, 0}, {.valid_shape = {3, 3}}), pl::Error);
  EXPECT_THROW((void)pl::slice(t, {2, 3}, {1, 0}, {.valid_shape = {-1, 3}}), pl::Error);
  try {
    (void)pl::slice(nine(), {2, 2}, {0, 0}, {.valid_shape = {1, 2}});
    FAIL() << "a tensor slice with a valid shape must throw";
  } catch (const pl::Error &e) {
    EXPECT_NE(std::string(e.what()).find("[T103]"), std::string::npos) << e.what();
  }
}

// A slice or reshape of a tensor is a view (numpy's semantics, and what translated code does):
// writes through it reach the parent and it reads the parent's current values (issue 35).
TEST(Views, SliceOfATensorIsAView) {
  auto x = nine();
  auto s = pl::slice(x, {2, 2}, {1, 1});
  EXPECT_TRUE(s.is_view());
  x.set({2, 2}, 90); // after the slice was taken
  EXPECT_EQ(vals(s), (std::vector<double>{5, 6, 8, 90}));
  EXPECT_EQ(s.get({1, 1}), 90);
  pl::store(pl::full_tile({1, 2}, pl::fp32, 7.0), {0, 0}, s); // writes rows 1 of x
  s.set({1, 0}, -8);
  pl::write(s, {1, 1}, pl::Scalar<pl::fp32>(-9.0f));
  EXPECT_EQ(vals(x), (std::vector<double>{1, 2, 3, 4, 7, 7, 7, -8, -9}));
  EXPECT_EQ(pl::read(s, {0, 1}).value(), 7.0f);
  auto ss = pl::slice(s, {1, 1}, {1, 0}); // a slice of a slice: x[2][1]
  pl::assemble(ss, pl::full({1, 1}, pl::fp32, 3.5), {0, 0});
  EXPECT_EQ(x.get({2, 1}), 3.5);
  EXPECT_EQ(vals(pl::load(s, {0, 0}, {2, 3})),
            (std::vector<double>{7, 7, 0, 3.5, -9, 0})); // window clips to the view
  auto c = s.clone();                                    // a copy of a view owns its elements
  EXPECT_FALSE(c.is_view());
  x.set({1, 1}, 0);
  EXPECT_EQ(c.get({0, 0}), 7);
  pl::Out<pl::Tensor<pl::fp32, 2, 2>> o(s);
  o = pl::muls(c, 2.0f); // a whole-tensor assignment through an output view
  EXPECT_EQ(vals(x), (std::vector<double>{1, 2, 3, 4, 14, 14, 7, 7, -18}));
}

TEST(Views, ReshapeOfAContiguousTensorIsAView) {
  auto x = nine();
  auto flat = pl::reshape(x, {9});
  EXPECT_TRUE(flat.is_view());
  flat.set({4}, 50);
  EXPECT_EQ(x.get({1, 1}), 50);
  auto rows = pl::slice(x, {2, 3}, {1, 0}); // rows 1..2: contiguous
  auto r = pl::reshape(rows, {3, 2});
  EXPECT_TRUE(r.is_view());
  r.set({2, 1}, -1);
  EXPECT_EQ(x.get({2, 2}), -1);
  auto cols = pl::slice(x, {3, 2}, {0, 1}); // strided: reshaping copies the elements in order
  auto rc = pl::reshape(cols, {6});
  EXPECT_FALSE(rc.is_view());
  EXPECT_EQ(vals(rc), (std::vector<double>{2, 3, 50, 6, 8, -1}));
  rc.set({0}, 0);
  EXPECT_EQ(x.get({0, 1}), 2);
}

TEST(Tensor, StaticI64FromAVectorIsData) {
  // std::vector<std::int64_t> is pl::Shape's type: with every dim static it is data (docs/dsl.md
  // §6).
  pl::Tensor<pl::i64, 2, 3> t(std::vector<std::int64_t>{1, -2, 3, -4, 5, -6});
  EXPECT_EQ(vals(t), (std::vector<double>{1, -2, 3, -4, 5, -6}));
  pl::Tensor<pl::i64> dynamic(pl::Shape{2, 3}); // dynamic dims: a shape
  EXPECT_EQ(dynamic.shape(), (pl::Shape{2, 3}));
  EXPECT_THROW((pl::Tensor<pl::fp32>(std::vector<float>{1, 2}, pl::Shape{2, 3})), pl::Error);
}

TEST(Views, AssembleTensorInPlaceAndTileByValue) {
  pl::Tensor<pl::fp32, 3, 3> out;
  auto ret = pl::assemble(out, pl::slice(nine(), {1, 3}, {0, 0}), {2, 0});
  EXPECT_EQ(vals(out), (std::vector<double>{0, 0, 0, 0, 0, 0, 1, 2, 3}));
  EXPECT_EQ(ret.impl(), out.impl());  // same buffer
  auto target = pl::create_tile({2, 2}, pl::fp32);
  auto patched = pl::assemble(target, pl::load(nine(), {0, 0}, {1, 1}), {1, 1});
  EXPECT_EQ(vals(patched), (std::vector<double>{0, 0, 0, 1}));
  EXPECT_EQ(vals(target), (std::vector<double>{0, 0, 0, 0}));  // tiles are values
  EXPECT_THROW((void)pl::assemble(out, nine(), {1, 0}), pl::Error);
}

TEST(Views, ReshapeTransposeConcat) {
  auto r = pl::reshape(nine(), {1, 9});
  EXPECT_EQ(r.shape(), (pl::Shape{1, 9}));
  EXPECT_THROW((void)pl::reshape(nine(), {2, 4}), pl::Error);
  auto col = pl::load(nine(), {1, 0}, {4, 1});  // [4,1] valid [2,1]
  auto row = pl::reshape(col, {1, 4});
  EXPECT_EQ(row.valid_shape(), (pl::Shape{1, 2}));
  EXPECT_EQ(vals(row), (std::vector<double>{4, 7, 0, 0}));
  auto t = pl::load(nine(), {0, 0}, {2, 3});
  auto tt = pl::transpose(t);
  EXPECT_EQ(tt.shape(), (pl::Shape{3, 2}));
  EXPECT_EQ(vals(tt), (std::vector<double>{1, 4, 2, 5, 3, 6}));
  auto part = pl::load(nine(), {0, 1}, {2, 3});  // valid [2, 2]
  EXPECT_EQ(pl::transpose(part).valid_shape(), (pl::Shape{2, 2}));
  EXPECT_EQ(vals(pl::transpose(nine())), (std::vector<double>{1, 4, 7, 2, 5, 8, 3, 6, 9}));
  auto c0 = pl::concat(pl::slice(nine(), {1, 3}, {0, 0}), pl::slice(nine(), {1, 3}, {2, 0}), {.axis = 0});
  EXPECT_EQ(vals(c0), (std::vector<double>{1, 2, 3, 7, 8, 9}));
  auto a = pl::load(nine(), {0, 0}, {2, 1}), b = pl::load(nine(), {0, 2}, {2, 1});
  EXPECT_EQ(vals(pl::concat(a, b)), (std::vector<double>{1, 3, 4, 6}));
}

TEST(Cast, RoundingModesAndIntegers) {
  pl::Tensor<pl::fp32, 3> x(std::vector<float>{0.1f, 2.5f, -2.5f});
  auto h = pl::cast(x, pl::fp16);
  static_assert(std::is_same_v<decltype(h), pl::Tensor<pl::fp16, 3>>);
  EXPECT_EQ(h.get({0}), 0.0999755859375);
  EXPECT_EQ(vals(pl::cast(x, pl::i32)), (std::vector<double>{0, 2, -2}));
  EXPECT_EQ(vals(pl::cast(x, pl::i32, pl::RoundMode::Round)), (std::vector<double>{0, 3, -3}));
  EXPECT_EQ(vals(pl::cast(x, pl::i32, {.mode = pl::RoundMode::Floor})), (std::vector<double>{0, 2, -3}));
  EXPECT_EQ(vals(pl::cast(pl::cast(x, pl::fp16, pl::RoundMode::Ceil), pl::fp32))[0], 0.10003662109375);
  auto t = pl::load(pl::Tensor<pl::fp32, 2, 2>(std::vector<float>{1, 2, 3, 4}), {0, 0}, {2, 2}, {.valid_shape = {1, 2}});
  auto ti = pl::cast(t, pl::i8);
  EXPECT_EQ(ti.valid_shape(), (pl::Shape{1, 2}));
  EXPECT_EQ(vals(ti), (std::vector<double>{1, 2, 0, 0}));
}

TEST(Fillpad, FillsOutsideTheValidRegion) {
  auto t = pl::load(nine(), {1, 1}, {3, 3});  // valid [2, 2]
  auto mn = pl::fillpad(t, pl::PadValue::Min);
  EXPECT_EQ(mn.valid_shape(), (pl::Shape{3, 3}));
  EXPECT_EQ(mn.get(0, 0), 5);
  EXPECT_TRUE(std::isinf(mn.get(2, 2)) && mn.get(2, 2) < 0);
  EXPECT_TRUE(std::isinf(pl::fillpad(t, pl::PadValue::Max).get(0, 2)));
  EXPECT_EQ(pl::fillpad(t).get(0, 2), 0);
  auto i = pl::cast(t, pl::i16);
  EXPECT_EQ(pl::fillpad(i, pl::PadValue::Min).get(2, 0), -32768);
  auto e = pl::cast(t, pl::fp8e4m3);
  EXPECT_EQ(pl::fillpad(e, pl::PadValue::Max).get(2, 0), 448);  // no inf in e4m3fn: the max
}

TEST(Misc, ValidShapeReadWriteDim) {
  auto t = pl::load(nine(), {0, 0}, {3, 3});
  auto v = pl::set_validshape(t, 1, 2);
  EXPECT_EQ(v.valid_shape(), (pl::Shape{1, 2}));
  EXPECT_THROW((void)pl::set_validshape(t, 4, 1), pl::Error);
  auto x = nine();
  EXPECT_EQ(static_cast<float>(pl::read(x, {2, 1})), 8.0f);
  pl::write(x, {0, 0}, 42);
  EXPECT_EQ(x.get({0, 0}), 42);
  EXPECT_EQ(pl::dim(x, -1), 3);
  EXPECT_EQ(pl::dim(t, 0), 3);
  EXPECT_THROW((void)pl::read(x, {3, 0}), pl::Error);
}

}  // namespace
