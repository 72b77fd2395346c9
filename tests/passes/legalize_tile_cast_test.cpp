// LegalizeTileCast's chains against the eager run: every chain of a2a3 converts every value of
// an 8- or 16-bit source, and edge and random values of a 32- or 64-bit one, to the bits of the
// direct conversion the eager DSL computes (pl::detail::convertSlot), in every rounding mode a
// float -> integer cast takes; and every step of a chain is one of the SoC's TCVT conversions.
#include "passes/legalize_tile_cast.h"

#include <pl/dtype.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace pl::passes {
namespace {
using ir::DataType;
using pl::detail::Slot;

/// The DSL's dtype of the IR's (the same name).
pl::DType dslType(DataType t) {
  for (int i = 0; i < static_cast<int>(pl::DType::Any); ++i) {
    const auto d = static_cast<pl::DType>(i);
    if (pl::dtypeName(d) == ir::dtypeName(t))
      return d;
  }
  ADD_FAILURE() << "no DSL dtype named " << ir::dtypeName(t);
  return pl::DType::Any;
}

/// Sample values of `t` as eager slots: every value of an 8- or 16-bit type, else edges and
/// 20000 random bit patterns.
std::vector<Slot> samples(DataType t) {
  const pl::DType d = dslType(t);
  std::vector<Slot> out;
  std::mt19937_64 rng(0x5eed + static_cast<unsigned>(t));
  switch (t) {
  case DataType::Int8:
    for (int v = -128; v <= 127; ++v)
      out.push_back(pl::detail::slotFromInt(d, v));
    break;
  case DataType::UInt8:
    for (unsigned v = 0; v <= 255; ++v)
      out.push_back(pl::detail::slotFromUInt(d, v));
    break;
  case DataType::Int16:
    for (int v = -32768; v <= 32767; ++v)
      out.push_back(pl::detail::slotFromInt(d, v));
    break;
  case DataType::FP16:
  case DataType::BF16:
    for (std::uint32_t code = 0; code <= 0xffff; ++code)
      out.push_back(pl::detail::slotFromDouble(d, pl::detail::decodeSmall(d, code)));
    break;
  case DataType::FP32: {
    const float lim = std::numeric_limits<float>::max();
    for (float v : {0.0f,
                    -0.0f,
                    0.5f,
                    -0.5f,
                    1.5f,
                    -1.5f,
                    2.5f,
                    -2.5f,
                    127.5f,
                    128.0f,
                    -128.5f,
                    -129.0f,
                    255.5f,
                    256.0f,
                    2047.5f,
                    2048.0f,
                    2049.0f,
                    32767.5f,
                    -32768.5f,
                    65504.0f,
                    65520.0f,
                    2147483520.0f,
                    2147483648.0f,
                    -2147483904.0f,
                    1e20f,
                    -1e20f,
                    lim,
                    -lim,
                    std::numeric_limits<float>::denorm_min(),
                    INFINITY,
                    -INFINITY,
                    NAN})
      out.push_back(pl::detail::slotFromDouble(d, v));
    for (int i = 0; i < 20000; ++i) {
      const float v = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
      out.push_back(pl::detail::slotFromDouble(d, v));
      out.push_back(pl::detail::slotFromDouble(d, std::ldexp(v, -100))); // small magnitudes too
    }
    break;
  }
  case DataType::Int64:
    for (std::int64_t v :
         {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
          std::int64_t{0}, std::int64_t{-1}, std::int64_t{65535}, std::int64_t{65536},
          std::int64_t{1} << 31, -(std::int64_t{1} << 31) - 1})
      out.push_back(pl::detail::slotFromInt(d, v));
    for (int i = 0; i < 20000; ++i)
      out.push_back(pl::detail::slotFromInt(d, static_cast<std::int64_t>(rng()) >> (i % 48)));
    break;
  default:
    ADD_FAILURE() << "no samples of " << ir::dtypeName(t);
  }
  return out;
}

bool sameResult(DataType to, Slot a, Slot b) {
  if (ir::isFloat(to)) {
    const double x = pl::detail::fromSlot<double>(a), y = pl::detail::fromSlot<double>(b);
    if (std::isnan(x) || std::isnan(y))
      return std::isnan(x) && std::isnan(y);
  }
  return a == b;
}

TEST(LegalizeTileCast, EveryA2a3ChainGivesTheDirectConversion) {
  const SocDesc &soc = a2a3Soc();
  const DataType held[] = {DataType::FP32,  DataType::FP16,  DataType::BF16,  DataType::Int8,
                           DataType::UInt8, DataType::Int16, DataType::Int32, DataType::Int64};
  int chains = 0;
  for (DataType from : held)
    for (DataType to : held) {
      auto chain = castChain(soc, from, to);
      if (!chain || chain->size() <= 2 || from == to)
        continue;
      ++chains;
      for (size_t k = 1; k < chain->size(); ++k)
        EXPECT_TRUE(soc.nativeCast((*chain)[k - 1], (*chain)[k]))
            << ir::dtypeName((*chain)[k - 1]) << " -> " << ir::dtypeName((*chain)[k]);
      const bool floatToInt = ir::isFloat(from) && ir::isIntLike(to);
      std::vector<pl::RoundMode> modes{pl::RoundMode::Rint};
      if (floatToInt)
        modes = {pl::RoundMode::Rint, pl::RoundMode::Round, pl::RoundMode::Floor,
                 pl::RoundMode::Ceil, pl::RoundMode::Trunc};
      const std::vector<Slot> xs = samples(from);
      for (pl::RoundMode mode : modes) {
        int mismatches = 0;
        for (Slot x : xs) {
          const Slot direct = pl::detail::convertSlot(dslType(from), dslType(to), x, mode);
          Slot v = x;
          bool rounded = false; // the pass's rule: the mode on the first float -> integer step
          for (size_t k = 1; k < chain->size(); ++k) {
            const DataType a = (*chain)[k - 1], b = (*chain)[k];
            const bool rounds = !rounded && ir::isFloat(a) && ir::isIntLike(b);
            rounded |= rounds;
            v = pl::detail::convertSlot(dslType(a), dslType(b), v,
                                        rounds ? mode : pl::RoundMode::Rint);
          }
          if (!sameResult(to, direct, v) && ++mismatches <= 3)
            ADD_FAILURE() << ir::dtypeName(from) << " -> " << ir::dtypeName(to) << " mode "
                          << static_cast<int>(mode) << ": input slot " << x << " gives " << v
                          << ", the direct conversion " << direct;
        }
      }
    }
  EXPECT_EQ(chains, 23); // every entry of the table was checked
}

TEST(LegalizeTileCast, ChainsOfOtherSocsAndRefusals) {
  // a5 has no table: every conversion is one instruction.
  EXPECT_EQ(castChain(a5Soc(), DataType::FP32, DataType::Int8),
            (std::vector<DataType>{DataType::FP32, DataType::Int8}));
  const SocDesc &a2a3 = a2a3Soc();
  EXPECT_EQ(castChain(a2a3, DataType::Int32, DataType::Int32),
            std::vector<DataType>{DataType::Int32});
  // Wrapping narrowings and double roundings have no chain.
  EXPECT_FALSE(castChain(a2a3, DataType::Int16, DataType::Int8));
  EXPECT_FALSE(castChain(a2a3, DataType::Int8, DataType::UInt8));
  EXPECT_FALSE(castChain(a2a3, DataType::Int32, DataType::BF16));
  EXPECT_FALSE(castChain(a2a3, DataType::Int64, DataType::FP16));
  EXPECT_FALSE(castChain(a2a3, DataType::UInt16, DataType::FP32));
}

} // namespace
} // namespace pl::passes
