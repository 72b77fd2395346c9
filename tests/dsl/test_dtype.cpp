// tests/dsl/test_dtype.cpp — dtypes: round-to-nearest-even and the other modes, per format.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

double r(pl::DType d, double x, pl::RoundMode m = pl::RoundMode::Rint) { return pl::round_to(d, x, m); }
const double kTwo11 = std::ldexp(1.0, -11);

TEST(DType, Fp16TiesToEven) {
  EXPECT_EQ(r(pl::fp16, 1.0 + kTwo11), 1.0);                         // halfway 1 | 1+2^-10 -> even
  EXPECT_EQ(r(pl::fp16, 1.0 + 3 * kTwo11), 1.0 + 4 * kTwo11);        // halfway odd | even -> even
  EXPECT_EQ(r(pl::fp16, 1.0 + 1.5 * kTwo11), 1.0 + 2 * kTwo11);      // above halfway
  EXPECT_EQ(r(pl::fp16, 0.1), 0.0999755859375);
  EXPECT_EQ(r(pl::fp16, -0.1), -0.0999755859375);
}

TEST(DType, Fp16OverflowAndSubnormals) {
  EXPECT_EQ(r(pl::fp16, 65504), 65504);
  EXPECT_EQ(r(pl::fp16, 65519), 65504);
  EXPECT_TRUE(std::isinf(r(pl::fp16, 65520)));  // the overflow threshold rounds to inf
  EXPECT_TRUE(std::isinf(r(pl::fp16, -1e6)) && r(pl::fp16, -1e6) < 0);
  EXPECT_EQ(r(pl::fp16, std::ldexp(1.0, -24)), std::ldexp(1.0, -24));  // smallest subnormal
  EXPECT_EQ(r(pl::fp16, std::ldexp(1.0, -25)), 0.0);                   // tie -> even (0)
  EXPECT_EQ(r(pl::fp16, std::ldexp(1.5, -25)), std::ldexp(1.0, -24));
  EXPECT_TRUE(std::isnan(r(pl::fp16, NAN)));
  EXPECT_TRUE(std::signbit(r(pl::fp16, -0.0)));
}

TEST(DType, Bf16) {
  EXPECT_EQ(r(pl::bf16, 1.0 + std::ldexp(1.0, -8)), 1.0);
  EXPECT_EQ(r(pl::bf16, 1.0 + 3 * std::ldexp(1.0, -8)), 1.0 + std::ldexp(1.0, -6));
  EXPECT_EQ(r(pl::bf16, 3.14159), 3.140625);
  EXPECT_EQ(r(pl::bf16, 1e38), std::ldexp(150.0, 119));  // 1e38 = 1.1755 * 2^126; 7-bit mantissa
}

TEST(DType, Fp8) {
  EXPECT_EQ(r(pl::fp8e4m3, 448), 448);
  EXPECT_EQ(r(pl::fp8e4m3, 464), 448);        // tie with the NaN pattern -> even (448)
  EXPECT_TRUE(std::isnan(r(pl::fp8e4m3, 465)));  // fn format: overflow is NaN
  EXPECT_EQ(r(pl::fp8e4m3, std::ldexp(1.0, -9)), std::ldexp(1.0, -9));
  EXPECT_EQ(r(pl::fp8e4m3, 1.0625), 1.0);     // halfway 1 | 1.125 -> even
  EXPECT_EQ(r(pl::fp8e5m2, 57344), 57344);
  EXPECT_TRUE(std::isinf(r(pl::fp8e5m2, 65536)));
  EXPECT_EQ(r(pl::fp8e5m2, 1.125), 1.0);
  EXPECT_EQ(r(pl::fp8e5m2, 1.375), 1.5);
}

TEST(DType, Fp8E8M0) {
  EXPECT_EQ(r(pl::fp8e8m0, 2.0), 2.0);
  EXPECT_EQ(r(pl::fp8e8m0, 3.0), 2.0);   // tie between codes 128 (2) and 129 (4) -> even
  EXPECT_EQ(r(pl::fp8e8m0, 0.75), 0.5);  // tie between codes 126 and 127 -> even
  EXPECT_EQ(r(pl::fp8e8m0, 3.5), 4.0);
  EXPECT_TRUE(std::isnan(r(pl::fp8e8m0, -1.0)));
}

TEST(DType, Fp4AndHiFloat) {
  EXPECT_EQ(r(pl::fp4, 2.5), 2.0);    // codes 4 | 5 -> even
  EXPECT_EQ(r(pl::fp4, 5.0), 4.0);    // codes 6 | 7 -> even
  EXPECT_EQ(r(pl::fp4, 100), 6.0);    // saturates
  EXPECT_EQ(r(pl::fp4, -1.25), -1.0);
  EXPECT_EQ(r(pl::fp4, 0.2), 0.0);
  EXPECT_EQ(r(pl::hf4, 2.4), 2.0);
  EXPECT_EQ(r(pl::hf8, 1.0), 1.0);
  EXPECT_EQ(r(pl::hf8, 32768), 32768);
  EXPECT_EQ(r(pl::hf8, 40000), 32768);
  EXPECT_TRUE(std::isinf(r(pl::hf8, 1e6)));
  EXPECT_EQ(r(pl::hf8, 1.5), 1.5);
}

TEST(DType, DirectedModes) {
  using M = pl::RoundMode;
  EXPECT_EQ(r(pl::fp16, 1.0 + kTwo11, M::Ceil), 1.0 + 2 * kTwo11);
  EXPECT_EQ(r(pl::fp16, 1.0 + kTwo11, M::Round), 1.0 + 2 * kTwo11);  // ties away from zero
  EXPECT_EQ(r(pl::fp16, 1.0 + 1.5 * kTwo11, M::Floor), 1.0);
  EXPECT_EQ(r(pl::fp16, -(1.0 + kTwo11), M::Floor), -(1.0 + 2 * kTwo11));
  EXPECT_EQ(r(pl::fp16, -(1.0 + kTwo11), M::Trunc), -1.0);
  EXPECT_EQ(r(pl::fp16, 1e6, M::Trunc), 65504);  // directed towards zero never overflows
  EXPECT_EQ(r(pl::fp32, 1.0 + std::ldexp(1.0, -30), M::Ceil), 1.0 + std::ldexp(1.0, -23));
  EXPECT_EQ(r(pl::fp32, 1.0 + std::ldexp(1.0, -30)), 1.0);
}

TEST(DType, Integers) {
  using M = pl::RoundMode;
  EXPECT_EQ(r(pl::i32, 2.5), 2);
  EXPECT_EQ(r(pl::i32, 3.5), 4);
  EXPECT_EQ(r(pl::i32, 2.5, M::Round), 3);
  EXPECT_EQ(r(pl::i32, -2.5, M::Floor), -3);
  EXPECT_EQ(r(pl::i32, -2.7, M::Trunc), -2);
  EXPECT_EQ(r(pl::i32, 1e10), 2147483647);
  EXPECT_EQ(r(pl::i8, -1000), -128);
  EXPECT_EQ(r(pl::u8, -3), 0);
  EXPECT_EQ(r(pl::i4, 9), 7);
  EXPECT_EQ(r(pl::u4, 9), 9);
  EXPECT_EQ(r(pl::i32, NAN), 0);
  EXPECT_EQ(pl::detail::fromSlot<std::int64_t>(pl::detail::slotFromInt(pl::DType::Int8, 200)), -56);  // wraps
  EXPECT_EQ(pl::detail::slotFromInt(pl::DType::UInt4, 17), 1u);
  EXPECT_EQ(r(pl::bool_, 0.5), 1);
}

TEST(DType, SoftFloatTypes) {
  pl::Half h = 0.1;
  EXPECT_EQ(static_cast<double>(h), 0.0999755859375);
  EXPECT_EQ(h.bits(), 0x2E66);
  pl::BFloat16 b = 1.0;
  EXPECT_EQ(b.bits(), 0x3F80);
  pl::Float8E4M3 f8 = 448.0;
  EXPECT_EQ(f8.bits(), 0x7E);
  EXPECT_EQ(pl::dtypeName(pl::fp8e4m3), "fp8e4m3");
  static_assert(pl::fp16 == pl::DType::FP16);
  static_assert(pl::dtypeBits(pl::DType::Int4) == 4);
}

}  // namespace
