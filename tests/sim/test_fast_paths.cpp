// tests/sim/test_fast_paths.cpp — the simulator's hot loops (issue 36) against the element-by-
// element semantics they replace, bit for bit: the packed / blocked matmul (pl/sim/gemm.hpp)
// against detail::matmulReference, and the row-walking elementwise, broadcast and reduction
// loops against the eager formula written out here per element (load as the compute type,
// compute, round once into dst's dtype). Ragged valid shapes (not multiples of the matmul's
// 4 x 16 register block), negative and special values, every element type each loop covers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "pl/sim/kernel.hpp"
#include "sim_test_util.h"

using namespace pl::sim;
using pl::Mem;

namespace {

class SimFastPaths : public ::testing::Test {
protected:
  void SetUp() override {
    setPlatform(a2a3());
    setChecked(true);
    resetCurrentCore();
  }
};

/// Fills the whole physical tile with values in [-lo, hi] (some exactly representable
/// integers, some not), a few special ones at fixed places when `special`.
template <class Tl>
void randomFill(Tl &t, unsigned seed, double scale = 4.0, bool special = false) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> d(-scale, scale);
  for (int r = 0; r < Tl::kRows; ++r)
    for (int c = 0; c < Tl::kCols; ++c)
      t.set(r, c, (r + c) % 5 == 0 ? std::round(d(g)) : d(g));
  if (special && pl::isFloat(Tl::dtype)) {
    t.set(0, 0, 1e30); // overflows a product (fp32) or is the format's max / inf
    t.set(1, 0, -0.0);
    t.set(0, 1, 1e-30); // products and sums in the subnormal range
  }
}

/// The bytes of the valid region of two tiles of one type are equal.
template <class Tl> bool sameBits(const Tl &a, const Tl &b) {
  if (a.GetValidRow() != b.GetValidRow() || a.GetValidCol() != b.GetValidCol())
    return false;
  for (std::int64_t r = 0; r < Tl::kRows; ++r)
    if (std::memcmp(&a.at(r, 0), &b.at(r, 0), sizeof(typename Tl::Storage) * Tl::kCols) != 0)
      return false;
  return true;
}

// ---- matmul ------------------------------------------------------------------------------------

/// TMATMUL / TMATMUL_ACC / TMATMUL_BIAS on In operands of valid shape m x k x n (in physical
/// 64 x 64 tiles) into an Out accumulator, each against matmulReference on the same inputs.
template <class In, class Out>
void checkMatmul(std::int64_t m, std::int64_t k, std::int64_t n, bool special) {
  resetCurrentCore();
  Tile<In, Mem::Left, 64, 64> l;
  Tile<In, Mem::Right, 64, 64> r;
  Tile<Out, Mem::Acc, 64, 64> acc, ref, init;
  Tile<Out, Mem::Bias, 1, 64> bias;
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  TASSIGN(ref, Tile<Out, Mem::Acc, 64, 64>::kBytes);
  TASSIGN(init, 2 * Tile<Out, Mem::Acc, 64, 64>::kBytes);
  TASSIGN(bias, 0);
  randomFill(l, 11, 4.0, special);
  randomFill(r, 12, 4.0, special);
  randomFill(init, 13, 64.0);
  randomFill(bias, 14, 8.0);
  l.SetValidShape(m, k);
  r.SetValidShape(k, n);
  init.SetValidShape(m, n);
  bias.SetValidShape(1, n);
  const auto *none = static_cast<const std::nullptr_t *>(nullptr);
  auto expectSame = [&](const char *what) {
    ref.SetValidShape(m, n);
    detail::setValidZeroPad("ref", ref, m, n);
    EXPECT_TRUE(sameBits(acc, ref)) << what << " " << m << "x" << k << "x" << n << " "
                                    << pl::dtypeName(l.dtype) << " -> " << pl::dtypeName(acc.dtype);
  };

  TMATMUL(acc, l, r);
  detail::matmulReference(ref, l, r, none, none);
  expectSame("TMATMUL");

  TMATMUL_BIAS(acc, l, r, bias);
  detail::matmulReference(ref, l, r, none, &bias);
  expectSame("TMATMUL_BIAS");

  TMATMUL_ACC(acc, init, l, r); // dst and accumulator apart
  detail::matmulReference(ref, l, r, &init, none);
  expectSame("TMATMUL_ACC");

  detail::matmulReference(ref, l, r, &acc, none); // then in place: dst is the accumulator
  TMATMUL_ACC(acc, l, r);
  expectSame("TMATMUL_ACC in place");
}

TEST_F(SimFastPaths, MatmulMatchesTheReferenceBitForBit) {
  const std::int64_t shapes[][3] = {{64, 64, 64}, {5, 7, 19},  {1, 1, 1},
                                    {13, 64, 33}, {64, 3, 17}, {4, 16, 16}};
  for (const auto &s : shapes)
    for (bool special : {false, true}) {
      checkMatmul<float, float>(s[0], s[1], s[2], special);
      checkMatmul<pl::Half, float>(s[0], s[1], s[2], special);
      checkMatmul<pl::BFloat16, float>(s[0], s[1], s[2], special);
      checkMatmul<pl::Half, pl::Half>(s[0], s[1], s[2], special);
      checkMatmul<pl::Float8E4M3, float>(s[0], s[1], s[2], special);
      checkMatmul<std::int8_t, std::int32_t>(s[0], s[1], s[2], false);
    }
}

TEST_F(SimFastPaths, MatmulBlockedKernelMatchesTheReferenceLoop) {
  // The padded-panel kernel alone (AVX2 where the CPU has it) against the reference's loop, on
  // sums that round at every step: k = 300 products of magnitudes 2^-20 .. 2^20.
  const std::int64_t m = 8, n = 32, k = 300;
  std::mt19937 g(5);
  std::uniform_real_distribution<float> mant(-1, 1);
  std::uniform_int_distribution<int> ex(-20, 20);
  std::vector<float> a(m * k), b(k * n), c1(m * n), c2;
  for (float &x : a)
    x = std::ldexp(mant(g), ex(g));
  for (float &x : b)
    x = std::ldexp(mant(g), ex(g));
  for (float &x : c1)
    x = std::ldexp(mant(g), ex(g));
  c2 = c1;
  detail::gemm::accumulatePadded(a.data(), k, b.data(), n, c1.data(), n, m, n, k);
  detail::gemm::accumulateReference(a.data(), k, b.data(), n, c2.data(), n, m, n, k);
  EXPECT_EQ(std::memcmp(c1.data(), c2.data(), c1.size() * sizeof(float)), 0);
}

// ---- elementwise, broadcasts, reductions -------------------------------------------------------

/// The eager formula of one element: x, y loaded as the compute type C, f, rounded into T.
template <class T, class C> C load(const StorageOf<T> &e) {
  return pl::detail::fromSlot<C>(detail::loadSlot<T>(e));
}
template <class T, class C> void store(StorageOf<T> &e, C v) {
  detail::storeSlot<T>(e, pl::detail::normalize(dtypeOf<T>, v));
}

template <class T> using V = Tile<T, Mem::Vec, 16, 40>;

/// dst = f(a, b) against the per-element formula, out of place and in place (dst is a).
template <class T, class Instr, class F>
void checkBinary(Instr instr, F f, std::int64_t vr, std::int64_t vc) {
  resetCurrentCore();
  V<T> a, b, d, e;
  TASSIGN(a, 0);
  TASSIGN(b, V<T>::kBytes);
  TASSIGN(d, 2 * V<T>::kBytes);
  TASSIGN(e, 3 * V<T>::kBytes);
  randomFill(a, 21, 50.0, true);
  randomFill(b, 22, 50.0, true);
  a.SetValidShape(vr, vc);
  b.SetValidShape(vr, vc);
  instr(d, a, b);
  pl::detail::visitCompute(V<T>::dtype, [&]<class C>(std::type_identity<C>) {
    for (std::int64_t r = 0; r < vr; ++r)
      for (std::int64_t c = 0; c < vc; ++c)
        store<T, C>(e.at(r, c), f(load<T, C>(a.at(r, c)), load<T, C>(b.at(r, c))));
  });
  detail::setValidZeroPad("ref", e, vr, vc);
  EXPECT_TRUE(sameBits(d, e)) << pl::dtypeName(V<T>::dtype) << " " << vr << "x" << vc;
  instr(a, a, b); // in place, as hello_world's sum lands on its operand
  EXPECT_TRUE(sameBits(a, e)) << "in place " << pl::dtypeName(V<T>::dtype);
}

template <class T> void checkElementwise(std::int64_t vr, std::int64_t vc) {
  checkBinary<T>([](auto &d, auto &a, auto &b) { TADD(d, a, b); }, pl::detail::AddF{}, vr, vc);
  checkBinary<T>([](auto &d, auto &a, auto &b) { TSUB(d, a, b); }, pl::detail::SubF{}, vr, vc);
  checkBinary<T>([](auto &d, auto &a, auto &b) { TMUL(d, a, b); }, pl::detail::MulF{}, vr, vc);
  checkBinary<T>([](auto &d, auto &a, auto &b) { TMAX(d, a, b); }, pl::detail::MaxF{}, vr, vc);
  if constexpr (pl::isFloat(dtypeOf<T>)) {
    checkBinary<T>([](auto &d, auto &a, auto &b) { TDIV(d, a, b); }, pl::detail::DivF{}, vr, vc);
    // unary and scalar forms through the same loop (mapValid)
    checkBinary<T>([](auto &d, auto &a, auto &) { TEXP(d, a); },
                   []<class C>(C x, C) { return C(std::exp(x)); }, vr, vc);
    checkBinary<T>([](auto &d, auto &a, auto &) { TMULS(d, a, 0.3); },
                   []<class C>(C x, C) {
                     return x *
                            pl::detail::fromSlot<C>(pl::detail::slotFromDouble(dtypeOf<T>, 0.3));
                   },
                   vr, vc);
  } else {
    checkBinary<T>([](auto &d, auto &a, auto &) { TADDS(d, a, 7); },
                   []<class C>(C x, C) { return pl::detail::addW(x, C(7)); }, vr, vc);
  }
  // row / column broadcasts (expandTile) against the same formula with b's first column / row
  checkBinary<T>(
      [](auto &d, auto &a, auto &b) {
        Tile<T, Mem::Vec, 16, 1> col;
        TASSIGN(col, 4 * V<T>::kBytes);
        for (std::int64_t r = 0; r < 16; ++r)
          col.at(r, 0) = b.at(r, 0);
        col.SetValidShape(a.GetValidRow(), 1);
        for (std::int64_t r = 0; r < a.GetValidRow(); ++r)
          for (std::int64_t c = 0; c < a.GetValidCol(); ++c)
            b.at(r, c) = b.at(r, 0); // what the formula reads
        TROWEXPANDSUB(d, a, col);
      },
      pl::detail::SubF{}, vr, vc);
}

TEST_F(SimFastPaths, ElementwiseLoopsMatchTheEagerFormula) {
  for (auto [vr, vc] : {std::pair<std::int64_t, std::int64_t>{16, 40}, {5, 17}, {1, 1}, {16, 3}}) {
    checkElementwise<float>(vr, vc);
    checkElementwise<pl::Half>(vr, vc);
    checkElementwise<pl::BFloat16>(vr, vc);
    checkElementwise<std::int32_t>(vr, vc);
    checkElementwise<std::int8_t>(vr, vc);
    checkElementwise<std::uint16_t>(vr, vc);
  }
}

/// Row and column reductions (sum, prod, max, min, argmax, argmin) against the eager order.
template <class T> void checkReductions(std::int64_t vr, std::int64_t vc) {
  resetCurrentCore();
  V<T> a;
  Tile<T, Mem::Vec, 16, 1> rows, rowsRef;
  Tile<T, Mem::Vec, 1, 40> cols, colsRef;
  Tile<std::int32_t, Mem::Vec, 16, 1> argRows, argRowsRef;
  TASSIGN(a, 0);
  TASSIGN(rows, 8192);
  TASSIGN(rowsRef, 8192 + 512);
  TASSIGN(cols, 8192 + 1024);
  TASSIGN(colsRef, 8192 + 2048);
  TASSIGN(argRows, 8192 + 3072);
  TASSIGN(argRowsRef, 8192 + 3584);
  randomFill(a, 31, 3.0, true);
  a.SetValidShape(vr, vc);
  using pl::detail::RedOp;
  auto ref = [&]<class D>(D &dst, bool row, RedOp red) {
    const std::int64_t outer = row ? vr : vc, n = row ? vc : vr;
    pl::detail::visitCompute(V<T>::dtype, [&]<class C>(std::type_identity<C>) {
      for (std::int64_t o = 0; o < outer; ++o) {
        auto at = [&](std::int64_t k) { return load<T, C>(row ? a.at(o, k) : a.at(k, o)); };
        C acc = at(0);
        std::int64_t best = 0;
        for (std::int64_t k = 1; k < n; ++k) {
          const C x = at(k);
          if (red == RedOp::Sum)
            acc = pl::detail::addW(acc, x);
          else if (red == RedOp::Prod)
            acc = pl::detail::mulW(acc, x);
          else if (red == RedOp::Max || red == RedOp::ArgMax) {
            if (x > acc) {
              acc = x;
              best = k;
            }
          } else if (x < acc) {
            acc = x;
            best = k;
          }
        }
        auto &out = row ? dst.at(o, 0) : dst.at(0, o);
        using E = typename std::remove_cvref_t<D>::Elem;
        if (red == RedOp::ArgMax || red == RedOp::ArgMin)
          detail::storeSlot<E>(out, pl::detail::slotFromInt(dtypeOf<E>, best));
        else
          store<E, C>(out, acc);
      }
    });
    detail::setValidZeroPad("ref", dst, row ? vr : 1, row ? 1 : vc);
  };
  const std::string what =
      std::string(pl::dtypeName(V<T>::dtype)) + " " + std::to_string(vr) + "x" + std::to_string(vc);
  TROWSUM(rows, a);
  ref(rowsRef, true, RedOp::Sum);
  EXPECT_TRUE(sameBits(rows, rowsRef)) << "TROWSUM " << what;
  TROWPROD(rows, a);
  ref(rowsRef, true, RedOp::Prod);
  EXPECT_TRUE(sameBits(rows, rowsRef)) << "TROWPROD " << what;
  TROWMAX(rows, a);
  ref(rowsRef, true, RedOp::Max);
  EXPECT_TRUE(sameBits(rows, rowsRef)) << "TROWMAX " << what;
  TROWMIN(rows, a);
  ref(rowsRef, true, RedOp::Min);
  EXPECT_TRUE(sameBits(rows, rowsRef)) << "TROWMIN " << what;
  TROWARGMAX(argRows, a);
  ref(argRowsRef, true, RedOp::ArgMax);
  EXPECT_TRUE(sameBits(argRows, argRowsRef)) << "TROWARGMAX " << what;
  TROWARGMIN(argRows, a);
  ref(argRowsRef, true, RedOp::ArgMin);
  EXPECT_TRUE(sameBits(argRows, argRowsRef)) << "TROWARGMIN " << what;
  TCOLSUM(cols, a);
  ref(colsRef, false, RedOp::Sum);
  EXPECT_TRUE(sameBits(cols, colsRef)) << "TCOLSUM " << what;
  TCOLMAX(cols, a);
  ref(colsRef, false, RedOp::Max);
  EXPECT_TRUE(sameBits(cols, colsRef)) << "TCOLMAX " << what;
  TCOLMIN(cols, a);
  ref(colsRef, false, RedOp::Min);
  EXPECT_TRUE(sameBits(cols, colsRef)) << "TCOLMIN " << what;
  TCOLPROD(cols, a);
  ref(colsRef, false, RedOp::Prod);
  EXPECT_TRUE(sameBits(cols, colsRef)) << "TCOLPROD " << what;
}

TEST_F(SimFastPaths, ReductionLoopsMatchTheEagerOrder) {
  for (auto [vr, vc] :
       {std::pair<std::int64_t, std::int64_t>{16, 40}, {5, 17}, {1, 1}, {16, 1}, {1, 40}}) {
    checkReductions<float>(vr, vc);
    checkReductions<pl::Half>(vr, vc);
    checkReductions<std::int32_t>(vr, vc);
    checkReductions<std::uint8_t>(vr, vc);
  }
}

} // namespace
