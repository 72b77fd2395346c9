// pl/dtype.hpp — element types: the DType enum, dtype tags, software float formats and rounding.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace pl {

/// Every element type of the seeds. `Any` is not a real dtype: it marks a static type whose
/// dtype is only known at run time (e.g. the result of `pl::matmul` with `.out_dtype`).
enum class DType : std::uint8_t {
  Bool, Int4, Int8, Int16, Int32, Int64, UInt4, UInt8, UInt16, UInt32, UInt64,
  FP4, FP8E4M3FN, FP8E5M2, FP8E8M0, FP16, BF16, FP32, HF4, HF8, Index, TaskId, Any
};

/// A dtype as a value *and* a distinct type, so `pl::cast(x, pl::fp16)` knows its result type
/// statically while `pl::Tensor<pl::fp16, 4>` and `{.out_dtype = pl::fp16}` still see a DType.
template <DType D>
struct DTypeTag {
  static constexpr DType value = D;
  constexpr operator DType() const { return D; }  // NOLINT: implicit by design
};

inline constexpr DTypeTag<DType::Bool> bool_{};
inline constexpr DTypeTag<DType::Int4> i4{};
inline constexpr DTypeTag<DType::Int8> i8{};
inline constexpr DTypeTag<DType::Int16> i16{};
inline constexpr DTypeTag<DType::Int32> i32{};
inline constexpr DTypeTag<DType::Int64> i64{};
inline constexpr DTypeTag<DType::UInt4> u4{};
inline constexpr DTypeTag<DType::UInt8> u8{};
inline constexpr DTypeTag<DType::UInt16> u16{};
inline constexpr DTypeTag<DType::UInt32> u32{};
inline constexpr DTypeTag<DType::UInt64> u64{};
inline constexpr DTypeTag<DType::FP4> fp4{};
inline constexpr DTypeTag<DType::FP8E4M3FN> fp8e4m3{};
inline constexpr DTypeTag<DType::FP8E5M2> fp8e5m2{};
inline constexpr DTypeTag<DType::FP8E8M0> fp8e8m0{};
inline constexpr DTypeTag<DType::FP16> fp16{};
inline constexpr DTypeTag<DType::BF16> bf16{};
inline constexpr DTypeTag<DType::FP32> fp32{};
inline constexpr DTypeTag<DType::HF4> hf4{};
inline constexpr DTypeTag<DType::HF8> hf8{};
inline constexpr DTypeTag<DType::Index> index{};
inline constexpr DTypeTag<DType::TaskId> task_id{};
inline constexpr DTypeTag<DType::Any> any_dtype{};

/// Rounding modes of `pl::cast` (PyPTO's RoundMode). `Rint` is round-to-nearest-even.
enum class RoundMode : std::uint8_t { Rint, Round, Floor, Ceil, Trunc, Odd };

constexpr std::string_view dtypeName(DType d) {
  constexpr std::string_view names[] = {
      "bool", "int4", "int8", "int16", "int32", "int64", "uint4", "uint8", "uint16", "uint32",
      "uint64", "fp4", "fp8e4m3", "fp8e5m2", "fp8e8m0", "fp16", "bf16", "fp32", "hf4", "hf8",
      "index", "task_id", "any"};
  return names[static_cast<int>(d)];
}

constexpr bool isFloat(DType d) {
  return d == DType::FP4 || d == DType::FP8E4M3FN || d == DType::FP8E5M2 ||
         d == DType::FP8E8M0 || d == DType::FP16 || d == DType::BF16 || d == DType::FP32 ||
         d == DType::HF4 || d == DType::HF8;
}
constexpr bool isUnsigned(DType d) {
  return d == DType::UInt4 || d == DType::UInt8 || d == DType::UInt16 || d == DType::UInt32 ||
         d == DType::UInt64;
}
constexpr bool isInteger(DType d) { return !isFloat(d) && d != DType::Any; }

/// Width in bits of one element (4-bit kinds report 4; eager storage still uses one slot each).
constexpr int dtypeBits(DType d) {
  switch (d) {
    case DType::Bool: return 8;
    case DType::Int4: case DType::UInt4: case DType::FP4: case DType::HF4: return 4;
    case DType::Int8: case DType::UInt8: case DType::FP8E4M3FN: case DType::FP8E5M2:
    case DType::FP8E8M0: case DType::HF8: return 8;
    case DType::Int16: case DType::UInt16: case DType::FP16: case DType::BF16: return 16;
    case DType::Int32: case DType::UInt32: case DType::FP32: return 32;
    default: return 64;
  }
}

namespace detail {

/// How an element is held during eager computation: floats as double (every pl float format is
/// exactly representable), signed kinds (and bool, index, task id) as int64, unsigned as uint64.
enum class Cat : std::uint8_t { Float, Signed, Unsigned };
constexpr Cat categoryOf(DType d) {
  return isFloat(d) ? Cat::Float : isUnsigned(d) ? Cat::Unsigned : Cat::Signed;
}

using Slot = std::uint64_t;  // one element, as the bits of its compute value

template <class C> C fromSlot(Slot s) { return std::bit_cast<C>(s); }
template <class C> Slot toSlot(C v) { return std::bit_cast<Slot>(v); }

// ---- small float formats: a decode table, then nearest-neighbour search with the round mode ----

struct FloatFormat {
  std::vector<std::pair<double, std::uint32_t>> positives;  // sorted non-negative values (+inf)
  double maxFinite = 0;
  std::uint32_t nanCode = 0;
  bool hasNan = false;
  bool hasSign = true;
  std::uint32_t signBit = 0;
  bool saturate = false;  // overflow clamps to maxFinite (no inf, no NaN for overflow)
  std::vector<double> values;  // decode table indexed by code
};

inline double decodeIeee(std::uint32_t code, int ebits, int mbits, bool ieeeInf, bool fnNan) {
  const std::uint32_t m = code & ((1u << mbits) - 1);
  const std::uint32_t e = (code >> mbits) & ((1u << ebits) - 1);
  const int bias = (1 << (ebits - 1)) - 1;
  const std::uint32_t emax = (1u << ebits) - 1;
  if (ieeeInf && e == emax) return m == 0 ? INFINITY : NAN;
  if (fnNan && e == emax && m == (1u << mbits) - 1) return NAN;
  if (e == 0) return std::ldexp(static_cast<double>(m), 1 - bias - mbits);
  return std::ldexp(static_cast<double>(m + (1u << mbits)), static_cast<int>(e) - bias - mbits);
}

/// HiFloat8 (Ascend HiF8): sign, a prefix-coded "dot" field giving the exponent width D, a
/// sign-magnitude exponent with an implicit leading 1, then the mantissa. Codes 0x00 = 0,
/// 0x80 = NaN, 0x6F/0xEF = ±inf; the "0000" dot prefix holds denormals 2^(m-23).
inline double decodeHif8(std::uint32_t code) {
  const bool neg = code & 0x80;
  const std::uint32_t b = code & 0x7F;
  double v = 0;
  if (b == 0) return neg ? NAN : 0.0;
  int d = 0, ebits = 0, mbits = 0;
  std::uint32_t rest = 0;
  if ((b >> 5) == 0b11) { d = 4; ebits = 4; mbits = 1; rest = b & 0x1F; }
  else if ((b >> 5) == 0b10) { d = 3; ebits = 3; mbits = 2; rest = b & 0x1F; }
  else if ((b >> 5) == 0b01) { d = 2; ebits = 2; mbits = 3; rest = b & 0x1F; }
  else if ((b >> 4) == 0b001) { d = 1; ebits = 1; mbits = 3; rest = b & 0x0F; }
  else if ((b >> 3) == 0b0001) { d = 0; ebits = 0; mbits = 3; rest = b & 0x07; }
  else { return (neg ? -1.0 : 1.0) * std::ldexp(1.0, static_cast<int>(b & 7) - 23); }
  if (d == 4 && rest == 0x0F) return neg ? -INFINITY : INFINITY;
  const std::uint32_t m = rest & ((1u << mbits) - 1);
  const std::uint32_t ef = rest >> mbits;
  int e = 0;
  if (ebits > 0) {
    const bool eneg = (ef >> (ebits - 1)) & 1;
    const int mag = static_cast<int>((1u << (ebits - 1)) | (ef & ((1u << (ebits - 1)) - 1)));
    e = eneg ? -mag : mag;
  }
  v = std::ldexp(1.0 + static_cast<double>(m) / (1 << mbits), e);
  return neg ? -v : v;
}

/// HiFloat4 (HiF4) as modelled here: 1 sign bit and a 3-bit magnitude code whose values are
/// {0, 0.5, 1, 1.5, 2, 3, 4, 6} (the same value set as E2M1); saturating, no inf or NaN.
inline double decodeHf4(std::uint32_t code) {
  const double mags[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  return (code & 8 ? -1.0 : 1.0) * mags[code & 7];
}

inline FloatFormat buildFormat(DType d) {
  FloatFormat f;
  std::uint32_t ncodes = 0;
  auto decode = [d](std::uint32_t c) -> double {
    const double sign16 = (c & 0x8000u) ? -1.0 : 1.0, sign8 = (c & 0x80u) ? -1.0 : 1.0;
    switch (d) {
      case DType::FP16: return sign16 * decodeIeee(c & 0x7FFFu, 5, 10, true, false);
      case DType::BF16: return sign16 * decodeIeee(c & 0x7FFFu, 8, 7, true, false);
      case DType::FP8E5M2: return sign8 * decodeIeee(c & 0x7Fu, 5, 2, true, false);
      case DType::FP8E4M3FN: return sign8 * decodeIeee(c & 0x7Fu, 4, 3, false, true);
      case DType::FP4: return decodeIeee(c & 7, 2, 1, false, false) * ((c & 8) ? -1.0 : 1.0);
      case DType::FP8E8M0: return c == 255 ? NAN : std::ldexp(1.0, static_cast<int>(c) - 127);
      case DType::HF8: return decodeHif8(c);
      case DType::HF4: return decodeHf4(c);
      default: return NAN;
    }
  };
  switch (d) {
    case DType::FP16: case DType::BF16: ncodes = 1u << 16; f.signBit = 1u << 15; break;
    case DType::FP4: case DType::HF4: ncodes = 16; f.signBit = 8; f.saturate = true; break;
    case DType::FP8E8M0: ncodes = 256; f.hasSign = false; f.saturate = true; break;
    default: ncodes = 256; f.signBit = 0x80; break;
  }
  f.values.resize(ncodes);
  for (std::uint32_t c = 0; c < ncodes; ++c) f.values[c] = decode(c);
  for (std::uint32_t c = 0; c < ncodes; ++c) {
    if (f.hasSign && (c & f.signBit)) continue;
    const double v = f.values[c];
    if (std::isnan(v)) {
      if (!f.hasNan) { f.hasNan = true; f.nanCode = c; }
      continue;
    }
    f.positives.emplace_back(v, c);
  }
  if (d == DType::HF8) { f.hasNan = true; f.nanCode = 0x80; }
  std::sort(f.positives.begin(), f.positives.end());
  const bool hasInf = std::isinf(f.positives.back().first);
  f.maxFinite = f.positives[f.positives.size() - (hasInf ? 2 : 1)].first;
  if (hasInf) {
    // Place +inf one ulp above the maximum so nearest rounding finds IEEE's overflow threshold.
    // (HiF8's inf code would read as 1.5 * 2^15 in its top binade.)
    const double prev = f.positives[f.positives.size() - 3].first;
    f.positives.back().first = d == DType::HF8 ? 49152.0 : f.maxFinite + (f.maxFinite - prev);
    f.positives.back().second |= 0x80000000u;  // marks the inf entry
  } else if (!f.saturate && f.hasNan) {
    // fn-style formats (e4m3fn): overflow past max + ulp/2 becomes NaN, like torch.
    const double prev = f.positives[f.positives.size() - 2].first;
    f.positives.emplace_back(f.maxFinite + (f.maxFinite - prev), f.nanCode | 0x40000000u);
  }
  return f;
}

inline const FloatFormat& formatOf(DType d) {
  switch (d) {
    case DType::FP16: { static const FloatFormat f = buildFormat(DType::FP16); return f; }
    case DType::BF16: { static const FloatFormat f = buildFormat(DType::BF16); return f; }
    case DType::FP8E4M3FN: { static const FloatFormat f = buildFormat(DType::FP8E4M3FN); return f; }
    case DType::FP8E5M2: { static const FloatFormat f = buildFormat(DType::FP8E5M2); return f; }
    case DType::FP8E8M0: { static const FloatFormat f = buildFormat(DType::FP8E8M0); return f; }
    case DType::FP4: { static const FloatFormat f = buildFormat(DType::FP4); return f; }
    case DType::HF8: { static const FloatFormat f = buildFormat(DType::HF8); return f; }
    default: { static const FloatFormat f = buildFormat(DType::HF4); return f; }
  }
}

/// Picks between two neighbours lo < x < hi of a positive magnitude under `mode`
/// (`up` = away from zero). Ties under Rint go to the even code.
inline bool roundsUp(double x, double lo, double hi, std::uint32_t loCode, RoundMode mode) {
  switch (mode) {
    case RoundMode::Floor: case RoundMode::Trunc: return false;
    case RoundMode::Ceil: return true;
    case RoundMode::Odd: return (loCode & 1) == 0;
    case RoundMode::Round: return x - lo >= hi - x;
    case RoundMode::Rint: break;
  }
  if (x - lo != hi - x) return x - lo > hi - x;
  return (loCode & 1) != 0;
}

/// Encodes a double into a small float format; returns the format's code.
inline std::uint32_t encodeSmall(DType d, double x, RoundMode mode) {
  const FloatFormat& f = formatOf(d);
  if (std::isnan(x) || (!f.hasSign && x < 0)) return f.hasNan ? f.nanCode : 0;
  const bool neg = f.hasSign && std::signbit(x);
  const double a = std::fabs(x);
  // Directed modes act on the signed value: floor of a negative rounds its magnitude up.
  RoundMode m = mode;
  if (neg && mode == RoundMode::Floor) m = RoundMode::Ceil;
  else if (neg && mode == RoundMode::Ceil) m = RoundMode::Floor;
  const auto& p = f.positives;
  const bool virtualTop = (p.back().second & 0xC0000000u) != 0;
  std::size_t pick = 0;
  auto it = std::lower_bound(p.begin(), p.end(), std::make_pair(a, std::uint32_t{0}));
  if (std::isinf(a) || it == p.end()) {
    pick = p.size() - 1;
  } else if (it->first == a || it == p.begin()) {
    pick = static_cast<std::size_t>(it - p.begin());
  } else {
    const auto& lo = *(it - 1);
    const std::size_t hi = static_cast<std::size_t>(it - p.begin());
    pick = roundsUp(a, lo.first, it->first, lo.second, m) ? hi : hi - 1;
  }
  if (virtualTop && pick == p.size() - 1 && !std::isinf(a) &&
      (m == RoundMode::Floor || m == RoundMode::Trunc))
    --pick;  // directed rounding towards zero never overflows
  const std::uint32_t code = p[pick].second;
  if (code & 0x40000000u) return code & 0x3FFFFFFFu;  // overflow to NaN (fn formats)
  const std::uint32_t mag = code & 0x3FFFFFFFu;
  return neg ? (mag | f.signBit) : mag;
}

inline double decodeSmall(DType d, std::uint32_t code) {
  const FloatFormat& f = formatOf(d);
  return code < f.values.size() ? f.values[code] : NAN;
}

inline float roundToFloat(double x, RoundMode mode) {
  const float f = static_cast<float>(x);  // round-to-nearest-even
  if (mode == RoundMode::Rint || std::isnan(x) || static_cast<double>(f) == x) return f;
  float lo = f, hi = f;
  if (static_cast<double>(f) < x) hi = std::nextafter(f, INFINITY);
  else lo = std::nextafter(f, -INFINITY);
  const bool neg = x < 0;
  // Work on magnitudes so the shared helper applies.
  const double a = std::fabs(x);
  double mlo = std::fabs(static_cast<double>(neg ? hi : lo));
  double mhi = std::fabs(static_cast<double>(neg ? lo : hi));
  RoundMode m = mode;
  if (neg && mode == RoundMode::Floor) m = RoundMode::Ceil;
  else if (neg && mode == RoundMode::Ceil) m = RoundMode::Floor;
  if (std::isinf(mhi) && (m == RoundMode::Floor || m == RoundMode::Trunc)) mhi = mlo;
  const std::uint32_t loBits = std::bit_cast<std::uint32_t>(static_cast<float>(mlo));
  const double r = roundsUp(a, mlo, mhi, loBits, m) ? mhi : mlo;
  return static_cast<float>(neg ? -r : r);
}

inline double roundInteger(double x, RoundMode mode) {
  switch (mode) {
    case RoundMode::Round: return std::round(x);
    case RoundMode::Floor: return std::floor(x);
    case RoundMode::Ceil: return std::ceil(x);
    case RoundMode::Trunc: return std::trunc(x);
    case RoundMode::Odd: {
      const double t = std::trunc(x);
      return t == x ? t : (std::fmod(t, 2.0) != 0 ? t : t + (x > 0 ? 1 : -1));
    }
    case RoundMode::Rint: break;
  }
  const double fl = std::floor(x);
  const double diff = x - fl;
  if (diff < 0.5) return fl;
  if (diff > 0.5) return fl + 1;
  return std::fmod(fl, 2.0) == 0 ? fl : fl + 1;
}

inline std::int64_t intMin(DType d) {
  const int b = dtypeBits(d);
  return isUnsigned(d) ? 0 : (b >= 64 ? std::numeric_limits<std::int64_t>::min()
                                      : -(std::int64_t{1} << (b - 1)));
}
inline std::uint64_t intMax(DType d) {
  const int b = dtypeBits(d);
  if (d == DType::Bool) return 1;
  if (isUnsigned(d)) return b >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << b) - 1;
  return (std::uint64_t{1} << (b - 1)) - 1;
}

/// Wraps an integer (two's complement) to the width of `d`; bool becomes 0/1.
inline Slot wrapInt(DType d, std::uint64_t bits) {
  if (d == DType::Bool) return bits != 0;
  const int b = dtypeBits(d);
  if (b >= 64) return bits;
  const std::uint64_t mask = (std::uint64_t{1} << b) - 1;
  std::uint64_t v = bits & mask;
  if (!isUnsigned(d) && (v >> (b - 1)) & 1) v |= ~mask;  // sign-extend
  return v;
}

/// Round to nearest even of a finite |x| below the overflow threshold of an IEEE-style binary
/// format with `mbits` mantissa bits and smallest normal exponent `emin` (subnormals below it):
/// the value encodeSmall + decodeSmall give under RoundMode::Rint, computed arithmetically (the
/// table search is for the other modes and formats). Rounding a·2^(mbits-e) to an integer with
/// ties to even is rounding to the format's grid with ties to the even code: the integer's
/// parity is the code's last mantissa bit. Scaling by powers of two is exact in double.
inline double roundIeeeNearest(double x, int mbits, int emin) {
  // 2^k for -1022 <= k <= 1023 (every k below: |e - mbits| <= 133).
  auto pow2 = [](int k) {
    return std::bit_cast<double>(static_cast<std::uint64_t>(k + 1023) << 52);
  };
  const double a = std::fabs(x);
  int e = emin;
  if (a >= pow2(emin)) // a normal double: its exponent field is floor(log2 a)
    e = static_cast<int>((std::bit_cast<std::uint64_t>(a) >> 52) & 0x7FF) - 1023;
  const double r = std::nearbyint(a * pow2(mbits - e));
  return std::copysign(r * pow2(e - mbits), x);
}

/// Rounds a real value into dtype `d` and returns its slot.
inline Slot slotFromDouble(DType d, double x, RoundMode mode = RoundMode::Rint) {
  switch (d) {
    case DType::FP32: return toSlot(static_cast<double>(roundToFloat(x, mode)));
    case DType::FP16:
      // Finite values under the overflow threshold (the largest finite value + half an ulp:
      // 65504 + 16, bf16 0x1.fcp127 + 2^119); NaN, ±inf, overflow and the other modes take the
      // table.
      if (mode == RoundMode::Rint && std::fabs(x) < 65520.0)
        return toSlot(roundIeeeNearest(x, 10, -14));
      return toSlot(decodeSmall(d, encodeSmall(d, x, mode)));
    case DType::BF16:
      if (mode == RoundMode::Rint && std::fabs(x) < 0x1.fdp127)
        return toSlot(roundIeeeNearest(x, 7, -126));
      return toSlot(decodeSmall(d, encodeSmall(d, x, mode)));
    case DType::FP8E4M3FN:
    case DType::FP8E5M2:
    case DType::FP8E8M0: case DType::FP4: case DType::HF8: case DType::HF4:
      return toSlot(decodeSmall(d, encodeSmall(d, x, mode)));
    case DType::Bool: return x != 0 ? 1 : 0;
    default: break;
  }
  if (std::isnan(x)) return 0;
  const double r = roundInteger(x, mode);
  if (isUnsigned(d)) {
    if (r <= 0) return 0;
    if (r >= static_cast<double>(intMax(d))) return intMax(d);
    return static_cast<std::uint64_t>(r);
  }
  if (r <= static_cast<double>(intMin(d))) return toSlot(intMin(d));
  if (r >= static_cast<double>(intMax(d))) return intMax(d);
  return toSlot(static_cast<std::int64_t>(r));
}

inline Slot slotFromInt(DType d, std::int64_t v) {
  if (isFloat(d)) return slotFromDouble(d, static_cast<double>(v));
  return wrapInt(d, static_cast<std::uint64_t>(v));
}
inline Slot slotFromUInt(DType d, std::uint64_t v) {
  if (isFloat(d)) return slotFromDouble(d, static_cast<double>(v));
  return wrapInt(d, v);
}

inline double slotToDouble(DType d, Slot s) {
  switch (categoryOf(d)) {
    case Cat::Float: return fromSlot<double>(s);
    case Cat::Signed: return static_cast<double>(fromSlot<std::int64_t>(s));
    case Cat::Unsigned: return static_cast<double>(s);
  }
  return 0;
}

/// Converts an element between dtypes (integers wrap, floats round with `mode`).
inline Slot convertSlot(DType from, DType to, Slot s, RoundMode mode = RoundMode::Rint) {
  switch (categoryOf(from)) {
    case Cat::Float: return slotFromDouble(to, fromSlot<double>(s), mode);
    case Cat::Signed:
      if (isFloat(to)) return slotFromDouble(to, static_cast<double>(fromSlot<std::int64_t>(s)), mode);
      return slotFromInt(to, fromSlot<std::int64_t>(s));
    case Cat::Unsigned:
      if (isFloat(to)) return slotFromDouble(to, static_cast<double>(s), mode);
      return slotFromUInt(to, s);
  }
  return 0;
}

/// Calls `f(std::type_identity<C>{})` with the compute type C of dtype `d`.
template <class F>
decltype(auto) visitCompute(DType d, F&& f) {
  switch (categoryOf(d)) {
    case Cat::Float: return f(std::type_identity<double>{});
    case Cat::Unsigned: return f(std::type_identity<std::uint64_t>{});
    case Cat::Signed: break;
  }
  return f(std::type_identity<std::int64_t>{});
}

/// Stores a compute value of type C into dtype `d` (rounding or wrapping as needed).
template <class C>
Slot normalize(DType d, C v) {
  if constexpr (std::is_same_v<C, double>) return slotFromDouble(d, v);
  else if constexpr (std::is_same_v<C, std::uint64_t>) return slotFromUInt(d, v);
  else return slotFromInt(d, static_cast<std::int64_t>(v));
}

}  // namespace detail

/// A software element of a narrow float dtype: holds the code bits, converts with
/// round-to-nearest-even from float/double and exactly back to float/double.
template <DType D>
class SoftFloat {
  static_assert(isFloat(D) && D != DType::FP32, "pl::SoftFloat is for the narrow float dtypes");

 public:
  constexpr SoftFloat() = default;
  SoftFloat(double v) : bits_(static_cast<Bits>(detail::encodeSmall(D, v, RoundMode::Rint))) {}  // NOLINT
  static SoftFloat fromBits(std::uint16_t b) { SoftFloat s; s.bits_ = static_cast<Bits>(b); return s; }
  std::uint16_t bits() const { return bits_; }
  operator double() const { return detail::decodeSmall(D, bits_); }  // NOLINT
  explicit operator float() const { return static_cast<float>(detail::decodeSmall(D, bits_)); }
  static constexpr DType dtype = D;

 private:
  /// The storage is as wide as the format (one byte for the 8- and 4-bit ones), so arrays of
  /// SoftFloat have the dtype's element size (the simulator's tensors rely on it).
  using Bits = std::conditional_t<(dtypeBits(D) <= 8), std::uint8_t, std::uint16_t>;
  Bits bits_ = 0;
};
static_assert(sizeof(SoftFloat<DType::FP8E4M3FN>) == 1 && sizeof(SoftFloat<DType::FP16>) == 2);

using Half = SoftFloat<DType::FP16>;
using BFloat16 = SoftFloat<DType::BF16>;
using Float8E4M3 = SoftFloat<DType::FP8E4M3FN>;
using Float8E5M2 = SoftFloat<DType::FP8E5M2>;
using Float8E8M0 = SoftFloat<DType::FP8E8M0>;
using Float4E2M1 = SoftFloat<DType::FP4>;
using HiFloat8 = SoftFloat<DType::HF8>;
using HiFloat4 = SoftFloat<DType::HF4>;

/// Rounds a real number to dtype `d` and returns it as double (handy for host references).
inline double round_to(DType d, double x, RoundMode mode = RoundMode::Rint) {
  return detail::slotToDouble(d, detail::slotFromDouble(d, x, mode));
}

}  // namespace pl
