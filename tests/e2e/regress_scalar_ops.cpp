// tests/e2e/regress_scalar_ops.cpp — C++ integer semantics of every scalar operator the DSL
// accepts, translated vs eager (issue 11, item 2): `/` and `%` truncate toward zero, unsigned
// arithmetic wraps, conversions wrap modulo 2^N, `<<` on an int wraps at 32 bits, mixed-sign
// comparisons convert as C++ does, pl::Scalar<i32> computes in 64 bits, float → int truncates.
// Each kernel applies one list of expressions (an X-macro, so the host reference is the very
// same C++) to operand pairs read from a tensor: negative, zero and extreme values of each width.
// Division by zero, INT_MIN / -1 and signed overflow are undefined in C++ and are not exercised.
#include <pl/dsl.hpp>

#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>

#include "report.hpp"

// `a < u` (int vs unsigned) is one of the semantics under test.
#pragma GCC diagnostic ignored "-Wsign-compare"

namespace {

using I64 = std::int64_t;
using U64 = std::uint64_t;
constexpr I64 kMax = std::numeric_limits<I64>::max(), kMin = std::numeric_limits<I64>::min();
constexpr I64 kIntMax = std::numeric_limits<int>::max(), kIntMin = std::numeric_limits<int>::min();

// ---- pl::Index (int64) -------------------------------------------------------------------------
// Operators defined for every pair (no overflow): division, remainder, bitwise, shifts by a
// small count, comparisons, logic.
#define INDEX_SAFE(W, x, y)                                                                        \
  W(0, x / y) W(1, x % y) W(2, (x / 2 - 3) / 2) W(3, x & y) W(4, x | y) W(5, x ^ y)          \
  W(6, ~x) W(7, x >> 3) W(8, x << 3) W(9, pl::Index(x < y)) W(10, pl::Index(x <= y))               \
  W(11, pl::Index(x > y)) W(12, pl::Index(x >= y)) W(13, pl::Index(x == y))                        \
  W(14, pl::Index(x != y)) W(15, pl::Index(x < 0 && y > 0)) W(16, pl::Index(x > 0 || y < 0))      \
  W(17, pl::Index(!(x < y))) W(18, pl::Index(1) << ((y & 15) + 40)) W(19, -(x / 4))              \
  W(20, (x / y) * y + x % y - x) W(21, x % -5) W(22, -(x / 2) % 4)
constexpr int kIndexOps = 23;

// Arithmetic that would overflow on the extreme pairs: only on the small ones.
#define INDEX_ARITH(W, x, y)                                                                       \
  W(0, x + y) W(1, x - y) W(2, x * y) W(3, -x) W(4, (x - 3) / 2) W(5, (x - 3) % 2)                \
  W(6, (x * 7 - 5) / 3) W(7, (x * 7 - 5) % 3) W(8, (x - y) >> 1)
constexpr int kArithOps = 9;

// ---- int (32-bit): conversions from int64 wrap; int arithmetic as index, `<<` wraps ------------
#define INT_OPS(W, a, b)                                                                           \
  W(0, a / b) W(1, a % b) W(2, a & b) W(3, a | b) W(4, a ^ b) W(5, ~a) W(6, a >> 2)               \
  W(7, a << 3) W(8, pl::Index(a < b)) W(9, pl::Index(a == b)) W(10, (a / 2 - 3) / 2)              \
  W(11, (a / 2 - 3) % 2)
constexpr int kIntOps = 12;

// ---- unsigned int / std::uint64_t: wrap-around, mixed-sign comparisons -------------------------
#define UNSIGNED_OPS(W, u, v, a)                                                                   \
  W(0, u + v) W(1, u - v) W(2, u * v) W(3, u / (v | 1u)) W(4, u % (v | 1u)) W(5, ~u) W(6, -u)     \
  W(7, u >> 3) W(8, u << 5) W(9, pl::Index(u < v)) W(10, pl::Index(a < u))                        \
  W(11, pl::Index(a == u)) W(12, u - 1u) W(13, U64(u) - 1u) W(14, U64(a) * 3u)                    \
  W(15, U64(a) / 3u) W(16, U64(a) >> 60) W(17, pl::Index(U64(a) > U64(1)))
constexpr int kUnsignedOps = 18;

/// The pairs of the safe list: signed extremes, zero, negatives (never y == 0, never MIN / -1).
const std::vector<I64> &safePairs() {
  static const std::vector<I64> v = {-7, 2,    7,        -2,   -7,      -2,   0,       5,
                                     kMax, 3,  kMin,     7,    -1,      kMax, kMin + 1, -1,
                                     kMin, kMax, -9, 4,    9,        -4,   kIntMin, -1,
                                     3, 7};
  return v;
}
constexpr int kSafePairs = 13;

/// Pairs whose + - * do not overflow int64 (and whose int parts do not overflow int).
const std::vector<I64> &smallPairs() {
  static const std::vector<I64> v = {-7, 2, 7, -2, -7, -2, 0, 5, -1, 1, 3, -3, -1000003, 999,
                                     kIntMax, 2, kIntMin, 3, 12, 5};
  return v;
}
constexpr int kSmallPairs = 10;

using SafeIn = pl::Tensor<pl::i64, 2 * kSafePairs>;
using SmallIn = pl::Tensor<pl::i64, 2 * kSmallPairs>;
// Results: row p holds the values for pair p, each value in kLanes lanes (tensor.write has no
// kernel form, so a kernel stores a filled [1, kLanes] tile per value).
constexpr int kLanes = 4;
using SafeOut = pl::Tensor<pl::i64, kSafePairs, kIndexOps * kLanes>;
using ArithOut = pl::Tensor<pl::i64, kSmallPairs, kArithOps * kLanes>;
using IntOut = pl::Tensor<pl::i64, kSafePairs, kIntOps * kLanes>;
using UnsignedOut = pl::Tensor<pl::i64, kSafePairs, kUnsignedOps * kLanes>;

constexpr int kCompound = 13;
constexpr int kConversions = 17;
using CompoundOut = pl::Tensor<pl::i64, kSmallPairs, kCompound * kLanes>;
using ConvOut = pl::Tensor<pl::i64, kSafePairs, kConversions * kLanes>;
constexpr int kOrchSlots = 4 * 9;
using OrchOut = pl::Tensor<pl::i64, kOrchSlots, kLanes>;

} // namespace

#define PL_PUT(k, e) pl::store(pl::full_tile({1, kLanes}, pl::i64, e), {p, (k) * kLanes}, o);
#define PL_WRITE_OP(k, e) PL_PUT(k, pl::Index(e))

PL_FUNCTION(pl::FunctionType::InCore)
void index_ops(SafeIn in, pl::Out<SafeOut> o) {
  for (auto p : pl::range(kSafePairs)) {
    pl::Index x = pl::read(in, {2 * p});
    pl::Index y = pl::read(in, {2 * p + 1});
    INDEX_SAFE(PL_WRITE_OP, x, y)
  }
}

PL_FUNCTION(pl::FunctionType::InCore)
void arith_ops(SmallIn in, pl::Out<ArithOut> o) {
  for (auto p : pl::range(kSmallPairs)) {
    pl::Index x = pl::read(in, {2 * p});
    pl::Index y = pl::read(in, {2 * p + 1});
    INDEX_ARITH(PL_WRITE_OP, x, y)
  }
}

PL_FUNCTION(pl::FunctionType::InCore)
void int_ops(SafeIn in, pl::Out<IntOut> o) {
  for (auto p : pl::range(kSafePairs)) {
    pl::Index x = pl::read(in, {2 * p});
    pl::Index y = pl::read(in, {2 * p + 1});
    int a = static_cast<int>(x); // wraps modulo 2^32
    int b = static_cast<int>(y) | 1; // never 0
    if (a == kIntMin && b == -1)
      b = 1;
    INT_OPS(PL_WRITE_OP, a, b)
  }
}

PL_FUNCTION(pl::FunctionType::InCore)
void unsigned_ops(SafeIn in, pl::Out<UnsignedOut> o) {
  for (auto p : pl::range(kSafePairs)) {
    pl::Index x = pl::read(in, {2 * p});
    pl::Index y = pl::read(in, {2 * p + 1});
    unsigned u = static_cast<unsigned>(x);
    unsigned v = static_cast<unsigned>(y);
    int a = static_cast<int>(x);
    UNSIGNED_OPS(PL_WRITE_OP, u, v, a)
  }
}

/// Compound assignments on index, int, unsigned, short and unsigned char variables.
PL_FUNCTION(pl::FunctionType::InCore)
void compound_ops(SmallIn in, pl::Out<CompoundOut> o) {
  for (auto p : pl::range(kSmallPairs)) {
    pl::Index x = pl::read(in, {2 * p});
    pl::Index y = pl::read(in, {2 * p + 1});
    pl::Index c0 = x;
    c0 += y;
    c0 -= 3;
    c0 *= 5;
    PL_PUT(0, c0)
    pl::Index c1 = x;
    c1 /= y;
    PL_PUT(1, c1)
    pl::Index c2 = x;
    c2 %= y;
    PL_PUT(2, c2)
    pl::Index c3 = x;
    c3 <<= 2;
    c3 >>= 1;
    c3 &= y | 1;
    c3 |= 64;
    c3 ^= y;
    PL_PUT(3, c3)
    int c4 = static_cast<int>(x);
    c4 /= 2;
    c4 %= 1000;
    PL_PUT(4, pl::Index(c4))
    unsigned c5 = static_cast<unsigned>(x);
    c5 -= 10u;
    c5 *= 3u;
    PL_PUT(5, pl::Index(c5))
    short c6 = static_cast<short>(x);
    c6 += 30000;
    PL_PUT(6, pl::Index(c6))
    unsigned char c7 = static_cast<unsigned char>(y);
    c7 += 250;
    PL_PUT(7, pl::Index(c7))
    short c8 = static_cast<short>(x);
    ++c8;
    c8++;
    PL_PUT(8, pl::Index(c8))
    unsigned c9 = static_cast<unsigned>(y);
    --c9;
    PL_PUT(9, pl::Index(c9))
    int c10 = static_cast<int>(x);
    c10 <<= 20;
    PL_PUT(10, pl::Index(c10))
    pl::Index c11 = x;
    c11 /= 2.5f; // computed in float, truncated back
    PL_PUT(11, c11)
    int c12 = static_cast<int>(y);
    c12 -= x;    // computed in int64 (x is an index), wrapped back to int
    PL_PUT(12, pl::Index(c12))
  }
}

/// Conversions: narrowing integer conversions wrap, pl::Scalar<D> wraps on construction and
/// computes in 64 bits, float → int truncates toward zero, bool → int.
PL_FUNCTION(pl::FunctionType::InCore)
void conversions(SafeIn in, pl::Out<ConvOut> o) {
  for (auto p : pl::range(kSafePairs)) {
    pl::Index x = pl::read(in, {2 * p});
    pl::Index y = pl::read(in, {2 * p + 1});
    PL_PUT(0, pl::Index(static_cast<int>(x)))
    PL_PUT(1, pl::Index(static_cast<short>(x)))
    PL_PUT(2, pl::Index(static_cast<signed char>(x)))
    PL_PUT(3, pl::Index(static_cast<unsigned char>(x)))
    PL_PUT(4, pl::Index(static_cast<unsigned short>(x)))
    PL_PUT(5, pl::Index(static_cast<unsigned>(x)))
    PL_PUT(6, pl::Index(static_cast<std::uint64_t>(x) >> 1))
    pl::Scalar<pl::i32> s = x;   // wraps to 32 bits
    pl::Scalar<pl::i32> t = y;
    PL_PUT(7, pl::Index(s))
    PL_PUT(8, pl::Index(s * t))  // int64 product of two int32 values
    PL_PUT(9, pl::Index(s + t + 1))
    pl::Scalar<pl::u8> s8 = x;
    pl::Scalar<pl::i16> s16 = x;
    PL_PUT(10, pl::Index(s8))
    PL_PUT(11, pl::Index(s16))
    pl::Scalar<pl::u32> s32 = y;
    PL_PUT(12, pl::Index(s32 - 1u)) // 64-bit unsigned arithmetic
    float f = static_cast<float>(x % 1000) / 8.0f;
    PL_PUT(13, pl::Index(f))                     // truncates toward zero
    PL_PUT(14, pl::Index(static_cast<int>(-f)))
    pl::Scalar<pl::i32> sf = f * 3.0f; // toward zero, as int32_t(f * 3.0f)
    PL_PUT(16, pl::Index(sf))
    bool nz = x != 0;
    PL_PUT(15, pl::Index(nz) + pl::Index(x < y) * 2)
  }
}

/// Orchestration scalars: index arithmetic with negative intermediates feeds kernel arguments.
PL_FUNCTION(pl::FunctionType::InCore)
void put(pl::Index slot, pl::Index v, pl::InOut<OrchOut> o) {
  pl::store(pl::full_tile({1, kLanes}, pl::i64, v), {slot, 0}, o);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void orch_ops(pl::InOut<OrchOut> o) {
  for (auto i : pl::range(9)) {
    pl::Index d = i - 4;
    put(4 * i + 0, (d - 3) / 2, o);
    put(4 * i + 1, (d - 3) % 2, o);
    put(4 * i + 2, (d * 5) / -3 + (d % 3) * 10, o);
    put(4 * i + 3, pl::Index(unsigned(d) >> 28) + (d << 2), o);
  }
}

namespace {

I64 at(const std::vector<I64> &v, int k) { return v[static_cast<std::size_t>(k)]; }

e2e::Report report("regress_scalar_ops");

template <int N, class T>
void check(const char *name, const T &t, const std::vector<I64> &expected) {
  const auto got = t.template to_vector<I64>();
  std::vector<I64> lanes;
  for (I64 v : expected)
    lanes.insert(lanes.end(), kLanes, v);
  int bad = 0;
  for (std::size_t k = 0; k < lanes.size(); ++k)
    if (got[k] != lanes[k] && bad++ < 8 * kLanes && k % kLanes == 0)
      std::printf("  %s: pair %zu, op %zu: got %lld, expected %lld\n", name, k / kLanes / N,
                  k / kLanes % N, static_cast<long long>(got[k]), static_cast<long long>(lanes[k]));
  pl::allclose(t, lanes); // records the result for the translated-vs-eager comparison
  report(name, bad == 0);
}

} // namespace

int main() {
  const auto &sp = safePairs(), &mp = smallPairs();
  // (long long: a std::vector<std::int64_t> would be read as a shape)
  SafeIn safe(std::vector<long long>(sp.begin(), sp.end()));
  SmallIn small(std::vector<long long>(mp.begin(), mp.end()));
  SafeOut r1;
  ArithOut r2;
  IntOut r3;
  UnsignedOut r4;
  CompoundOut r5;
  ConvOut r6;
  OrchOut r7;
  index_ops(safe, r1);
  arith_ops(small, r2);
  int_ops(safe, r3);
  unsigned_ops(safe, r4);
  compound_ops(small, r5);
  conversions(safe, r6);
  orch_ops(r7);

  // The host reference: the same expressions in plain C++.
  std::vector<I64> e1(kSafePairs * kIndexOps), e2(kSmallPairs * kArithOps),
      e3(kSafePairs * kIntOps), e4(kSafePairs * kUnsignedOps), e5(kSmallPairs * kCompound),
      e6(kSafePairs * kConversions), e7(kOrchSlots);
#define PL_REF_OP(k, e) out[static_cast<std::size_t>(base + k)] = static_cast<I64>(e);
  for (int p = 0; p < kSafePairs; ++p) {
    const I64 x = at(sp, 2 * p), y = at(sp, 2 * p + 1);
    {
      auto &out = e1;
      const I64 base = p * kIndexOps;
      INDEX_SAFE(PL_REF_OP, x, y)
    }
    {
      auto &out = e3;
      const I64 base = p * kIntOps;
      int a = static_cast<int>(x);
      int b = static_cast<int>(y) | 1;
      if (a == kIntMin && b == -1)
        b = 1;
      INT_OPS(PL_REF_OP, a, b)
    }
    {
      auto &out = e4;
      const I64 base = p * kUnsignedOps;
      unsigned u = static_cast<unsigned>(x), v = static_cast<unsigned>(y);
      int a = static_cast<int>(x);
      UNSIGNED_OPS(PL_REF_OP, u, v, a)
    }
    {
      const I64 base = p * kConversions;
      auto put6 = [&](int k, I64 v) { e6[static_cast<std::size_t>(base + k)] = v; };
      put6(0, static_cast<int>(x));
      put6(1, static_cast<short>(x));
      put6(2, static_cast<signed char>(x));
      put6(3, static_cast<unsigned char>(x));
      put6(4, static_cast<unsigned short>(x));
      put6(5, static_cast<unsigned>(x));
      put6(6, static_cast<I64>(static_cast<U64>(x) >> 1));
      const I64 s = static_cast<std::int32_t>(x), t = static_cast<std::int32_t>(y);
      put6(7, s);
      put6(8, s * t);
      put6(9, s + t + 1);
      put6(10, static_cast<std::uint8_t>(x));
      put6(11, static_cast<std::int16_t>(x));
      put6(12, static_cast<I64>(static_cast<U64>(static_cast<std::uint32_t>(y)) - 1u));
      const float f = static_cast<float>(x % 1000) / 8.0f;
      put6(13, static_cast<I64>(f));
      put6(14, static_cast<int>(-f));
      put6(15, I64(x != 0) + I64(x < y) * 2);
      put6(16, static_cast<std::int32_t>(f * 3.0f));
    }
  }
  for (int p = 0; p < kSmallPairs; ++p) {
    const I64 x = at(mp, 2 * p), y = at(mp, 2 * p + 1);
    {
      auto &out = e2;
      const I64 base = p * kArithOps;
      INDEX_ARITH(PL_REF_OP, x, y)
    }
    const I64 base = p * kCompound;
    auto put5 = [&](int k, I64 v) { e5[static_cast<std::size_t>(base + k)] = v; };
    put5(0, (x + y - 3) * 5);
    put5(1, x / y);
    put5(2, x % y);
    I64 c3 = x;
    c3 <<= 2;
    c3 >>= 1;
    c3 &= y | 1;
    c3 |= 64;
    c3 ^= y;
    put5(3, c3);
    int c4 = static_cast<int>(x);
    c4 /= 2;
    c4 %= 1000;
    put5(4, c4);
    unsigned c5 = static_cast<unsigned>(x);
    c5 -= 10u;
    c5 *= 3u;
    put5(5, c5);
    short c6 = static_cast<short>(x);
    c6 += 30000;
    put5(6, c6);
    unsigned char c7 = static_cast<unsigned char>(y);
    c7 += 250;
    put5(7, c7);
    short c8 = static_cast<short>(x);
    ++c8;
    c8++;
    put5(8, c8);
    unsigned c9 = static_cast<unsigned>(y);
    --c9;
    put5(9, c9);
    int c10 = static_cast<int>(x);
    c10 <<= 20;
    put5(10, c10);
    I64 c11 = x;
    c11 /= 2.5f;
    put5(11, c11);
    int c12 = static_cast<int>(y);
    c12 -= x;
    put5(12, c12);
  }
  for (int i = 0; i < 9; ++i) {
    const I64 d = i - 4;
    e7[static_cast<std::size_t>(4 * i + 0)] = (d - 3) / 2;
    e7[static_cast<std::size_t>(4 * i + 1)] = (d - 3) % 2;
    e7[static_cast<std::size_t>(4 * i + 2)] = (d * 5) / -3 + (d % 3) * 10;
    e7[static_cast<std::size_t>(4 * i + 3)] = I64(unsigned(d) >> 28) + (d << 2);
  }

  check<kIndexOps>("index_ops", r1, e1);
  check<kArithOps>("arith_ops", r2, e2);
  check<kIntOps>("int_ops", r3, e3);
  check<kUnsignedOps>("unsigned_ops", r4, e4);
  check<kCompound>("compound_ops", r5, e5);
  check<kConversions>("conversions", r6, e6);
  check<4>("orch_ops", r7, e7);
  return report.exitCode();
}
