// tests/dsl/test_ops_math.cpp — binary, scalar-operand, unary, compare/select ops and operators.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

template <pl::DType D = pl::DType::FP32>
pl::Tile<D> tile(std::int64_t r, std::int64_t c, std::vector<double> v) {
  pl::Tensor<D> t(v, {r, c});
  return pl::load(t, {0, 0}, {r, c});
}
template <class V>
std::vector<double> vals(const V& v) { return v.template to_vector<double>(); }

TEST(Binary, TilesAndOperators) {
  auto a = tile(2, 2, {1, 2, 3, 4}), b = tile(2, 2, {4, 3, 2, 1});
  EXPECT_EQ(vals(pl::add(a, b)), (std::vector<double>{5, 5, 5, 5}));
  EXPECT_EQ(vals(a - b), (std::vector<double>{-3, -1, 1, 3}));
  EXPECT_EQ(vals(a * b), (std::vector<double>{4, 6, 6, 4}));
  EXPECT_EQ(vals(a / b), (std::vector<double>{0.25, static_cast<float>(2.0 / 3.0), 1.5, 4}));
  EXPECT_EQ(vals(pl::maximum(a, b)), (std::vector<double>{4, 3, 3, 4}));
  EXPECT_EQ(vals(pl::minimum(a, b)), (std::vector<double>{1, 2, 2, 1}));
  EXPECT_EQ(vals(-a), (std::vector<double>{-1, -2, -3, -4}));
}

TEST(Binary, ScalarForms) {
  auto a = tile(1, 3, {1, 2, 3});
  EXPECT_EQ(vals(pl::adds(a, 1)), (std::vector<double>{2, 3, 4}));
  EXPECT_EQ(vals(pl::add(a, 1.5f)), (std::vector<double>{2.5, 3.5, 4.5}));
  EXPECT_EQ(vals(a * 2), (std::vector<double>{2, 4, 6}));
  EXPECT_EQ(vals(2 * a), (std::vector<double>{2, 4, 6}));
  EXPECT_EQ(vals(1 - a), (std::vector<double>{0, -1, -2}));
  EXPECT_EQ(vals(6 / a), (std::vector<double>{6, 3, 2}));
  EXPECT_EQ(vals(pl::maximums(a, 2)), (std::vector<double>{2, 2, 3}));
  EXPECT_EQ(vals(pl::minimums(a, pl::Scalar<pl::fp32>(2))), (std::vector<double>{1, 2, 2}));
  auto i = tile<pl::DType::Int32>(1, 2, {5, 7});
  EXPECT_EQ(vals(pl::adds(i, 2.5)), (std::vector<double>{7, 9}));  // scalar rounds to int32 first (2)
}

TEST(Binary, TensorBroadcasting) {
  pl::Tensor<pl::fp32, 2, 3> a(std::vector<float>{1, 2, 3, 4, 5, 6});
  pl::Tensor<pl::fp32, 1, 3> row(std::vector<float>{10, 20, 30});
  pl::Tensor<pl::fp32, 2, 1> col(std::vector<float>{100, 200});
  pl::Tensor<pl::fp32, 2, 3> r1 = a + row;
  EXPECT_EQ(r1.to_vector(), (std::vector<float>{11, 22, 33, 14, 25, 36}));
  pl::Tensor<pl::fp32, 2, 3> r2 = pl::sub(a, col);
  EXPECT_EQ(r2.to_vector(), (std::vector<float>{-99, -98, -97, -196, -195, -194}));
  pl::Tensor<pl::fp32> bad(std::vector<float>{1, 2}, {1, 2});
  EXPECT_THROW((void)pl::add(pl::Tensor<pl::fp32>(a), bad), pl::Error);
}

TEST(Binary, TileMismatchNamesOpAndShapes) {
  auto a = tile(2, 2, {1, 2, 3, 4}), b = tile(1, 2, {1, 2});
  try {
    (void)pl::add(a, b);
    FAIL() << "expected pl::Error";
  } catch (const pl::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("'pl::add'"), std::string::npos) << m;
    EXPECT_NE(m.find("fp32[2, 2]"), std::string::npos) << m;
    EXPECT_NE(m.find("fp32[1, 2]"), std::string::npos) << m;
  }
  pl::Tensor<pl::fp32> t(std::vector<float>{1, 2, 3, 4}, {2, 2});
  auto partial = pl::load(t, {0, 0}, {2, 2}, {.valid_shape = {2, 1}});
  EXPECT_THROW((void)pl::add(a, partial), pl::Error);  // valid regions differ
  auto c = tile<pl::DType::FP16>(2, 2, {1, 2, 3, 4});
  EXPECT_THROW((void)pl::add(a, pl::Tile<pl::any_dtype>(c)), pl::Error);  // dtypes differ at run time
}

TEST(Binary, ValidRegionOnly) {
  pl::Tensor<pl::fp32> t(std::vector<float>{1, 2, 3, 4}, {2, 2});
  auto p = pl::load(t, {0, 0}, {2, 2}, {.valid_shape = {1, 2}});
  auto e = pl::exp(p);  // exp(0) = 1 would appear in the padding if it were computed
  EXPECT_EQ(e.valid_shape(), (pl::Shape{1, 2}));
  EXPECT_EQ(e.get(1, 0), 0.0);
  EXPECT_EQ(e.get(1, 1), 0.0);
  EXPECT_FLOAT_EQ(static_cast<float>(e.get(0, 1)), std::exp(2.0f));
}

TEST(Binary, Integers) {
  auto a = tile<pl::DType::Int32>(1, 4, {-7, 7, -7, 12});
  auto b = tile<pl::DType::Int32>(1, 4, {3, -3, -3, 5});
  EXPECT_EQ(vals(pl::rem(a, b)), (std::vector<double>{2, -2, -1, 2}));   // sign of the divisor
  EXPECT_EQ(vals(pl::fmod(a, b)), (std::vector<double>{-1, 1, -1, 2}));  // sign of the dividend
  EXPECT_EQ(vals(pl::div(a, b)), (std::vector<double>{-2, -2, 2, 2}));   // truncating
  EXPECT_THROW((void)pl::divs(a, 0), pl::Error);
  auto s = tile<pl::DType::Int8>(1, 2, {100, -100});
  EXPECT_EQ(vals(pl::adds(s, 100)), (std::vector<double>{-56, 0}));      // int8 wraps
  auto u = tile<pl::DType::UInt8>(1, 3, {0b1100, 0b1010, 1});
  auto w = tile<pl::DType::UInt8>(1, 3, {0b1010, 0b0110, 7});
  EXPECT_EQ(vals(pl::and_(u, w)), (std::vector<double>{0b1000, 0b0010, 1}));
  EXPECT_EQ(vals(pl::or_(u, w)), (std::vector<double>{0b1110, 0b1110, 7}));
  EXPECT_EQ(vals(pl::xor_(u, w)), (std::vector<double>{0b0110, 0b1100, 6}));
  EXPECT_EQ(vals(pl::shls(u, 4)), (std::vector<double>{192, 160, 16}));  // wraps at 8 bits
  EXPECT_EQ(vals(pl::shr(tile<pl::DType::Int32>(1, 1, {-16}), tile<pl::DType::Int32>(1, 1, {2}))),
            (std::vector<double>{-4}));
  EXPECT_THROW((void)pl::and_(tile(1, 1, {1}), tile(1, 1, {1})), pl::Error);  // floats have no bitwise ops
}

TEST(Binary, Fp16Rounding) {
  auto a = tile<pl::DType::FP16>(1, 2, {1, 1024});
  auto r = pl::adds(a, std::ldexp(1.0, -11));  // 1 + 2^-11 ties to 1; 1024 + tiny stays 1024
  EXPECT_EQ(vals(r), (std::vector<double>{1, 1024}));
  auto s = pl::adds(a, 0.75);  // 1.75 exact; 1024.75 -> 1025 (ulp 1)
  EXPECT_EQ(vals(s), (std::vector<double>{1.75, 1025}));
  auto b = tile<pl::DType::BF16>(1, 1, {256});
  EXPECT_EQ(vals(pl::adds(b, 1)), (std::vector<double>{256}));  // bf16 ulp at 256 is 2: tie -> even
}

TEST(Unary, Values) {
  auto a = tile(1, 4, {-2, -0.5, 0.25, 4});
  EXPECT_EQ(vals(pl::abs(a)), (std::vector<double>{2, 0.5, 0.25, 4}));
  EXPECT_EQ(vals(pl::neg(a)), (std::vector<double>{2, 0.5, -0.25, -4}));
  EXPECT_EQ(vals(pl::relu(a)), (std::vector<double>{0, 0, 0.25, 4}));
  EXPECT_EQ(vals(pl::lrelu(a, 0.5)), (std::vector<double>{-1, -0.25, 0.25, 4}));
  auto p = tile(1, 3, {0.25, 1, 4});
  EXPECT_EQ(vals(pl::sqrt(p)), (std::vector<double>{0.5, 1, 2}));
  EXPECT_EQ(vals(pl::rsqrt(p)), (std::vector<double>{2, 1, 0.5}));
  EXPECT_EQ(vals(pl::recip(p)), (std::vector<double>{4, 1, 0.25}));
  EXPECT_EQ(vals(pl::log(tile(1, 1, {1}))), (std::vector<double>{0}));
  EXPECT_FLOAT_EQ(static_cast<float>(vals(pl::exp(tile(1, 1, {1})))[0]), std::exp(1.0f));
  EXPECT_EQ(vals(pl::sin(tile(1, 1, {0}))), (std::vector<double>{0}));
  EXPECT_EQ(vals(pl::cos(tile(1, 1, {0}))), (std::vector<double>{1}));
  EXPECT_EQ(vals(pl::not_(tile<pl::DType::Int32>(1, 2, {0, 5}))), (std::vector<double>{-1, -6}));
  EXPECT_EQ(vals(pl::not_(tile<pl::DType::Bool>(1, 2, {0, 1}))), (std::vector<double>{1, 0}));
  EXPECT_THROW((void)pl::exp(tile<pl::DType::Int32>(1, 1, {1})), pl::Error);
  EXPECT_EQ(vals(pl::neg(tile<pl::DType::Int8>(1, 1, {-128}))), (std::vector<double>{-128}));  // wraps
  EXPECT_EQ(vals(pl::prelu(a, tile(1, 4, {0.5, 2, 1, 1}))), (std::vector<double>{-1, -1, 0.25, 4}));
}

TEST(CompareSelect, Modes) {
  auto a = tile(1, 3, {1, 2, 3}), b = tile(1, 3, {3, 2, 1});
  auto lt = pl::cmp(a, b, pl::CmpMode::Lt);
  EXPECT_EQ(lt.dtype(), pl::DType::Bool);
  EXPECT_EQ(vals(lt), (std::vector<double>{1, 0, 0}));
  EXPECT_EQ(vals(pl::cmp(a, b, pl::CmpMode::Eq)), (std::vector<double>{0, 1, 0}));
  EXPECT_EQ(vals(pl::cmp(a, b, pl::CmpMode::Ge)), (std::vector<double>{0, 1, 1}));
  EXPECT_EQ(vals(pl::cmps(a, 2, pl::CmpMode::Ne)), (std::vector<double>{1, 0, 1}));
  EXPECT_EQ(vals(pl::sel(lt, a, b)), (std::vector<double>{1, 2, 1}));
  EXPECT_EQ(vals(pl::sels(lt, a, -1.0f)), (std::vector<double>{1, -1, -1}));
  pl::Tensor<pl::fp32, 3> ta(std::vector<float>{1, 5, 3}), tb(std::vector<float>{2, 2, 2});
  EXPECT_EQ(pl::sel(pl::cmp(ta, tb, pl::CmpMode::Gt), ta, tb).to_vector(), (std::vector<float>{2, 5, 3}));
}

}  // namespace
