// tests/sim/test_instructions.cpp — every tile instruction against hand-computed values (padding, valid regions, rounding, accumulation).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <limits>
#include <vector>

#include "pl/sim/kernel.hpp"
#include "sim_test_util.h"

using namespace pl::sim;
using pl::CmpMode;
using pl::Mem;
using pl::PadValue;
using pl::RoundMode;

namespace {

template <class Tl>
void fill(Tl& t, const std::vector<double>& v) {
  for (int r = 0; r < Tl::kRows; ++r)
    for (int c = 0; c < Tl::kCols; ++c) t.set(r, c, v[static_cast<std::size_t>(r * Tl::kCols + c)]);
}
template <class Tl>
std::vector<double> dump(const Tl& t) {
  std::vector<double> v;
  for (int r = 0; r < Tl::kRows; ++r)
    for (int c = 0; c < Tl::kCols; ++c) v.push_back(t.get(r, c));
  return v;
}
using V = std::vector<double>;

class SimOps : public ::testing::Test {
 protected:
  void SetUp() override {
    setPlatform(a2a3());
    setChecked(true);
    resetCurrentCore();
  }
};

using F22 = Tile<float, Mem::Vec, 2, 2>;

// ---- load / store ------------------------------------------------------------------------------

TEST_F(SimOps, LoadZeroPadsOutOfBoundsAndSetsValid) {
  std::vector<float> g(3 * 5);
  for (int i = 0; i < 15; ++i) g[static_cast<std::size_t>(i)] = static_cast<float>(i + 1);
  GlobalView<float> view(g.data(), {3, 5});
  Tile<float, Mem::Vec, 4, 4> t;
  TASSIGN(t, 0);
  fill(t, V(16, 99.0));  // junk left by an earlier tile must not survive
  TLOAD(t, view.partition({1, 2}, {4, 4}));
  EXPECT_EQ(t.GetValidRow(), 2);
  EXPECT_EQ(t.GetValidCol(), 3);
  EXPECT_EQ(dump(t), (V{8, 9, 10, 0, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
}

TEST_F(SimOps, LoadRank3WindowAndStrides) {
  std::vector<float> g(2 * 3 * 4);
  for (int i = 0; i < 24; ++i) g[static_cast<std::size_t>(i)] = static_cast<float>(i);
  GlobalView<float> view(g.data(), {2, 3, 4});
  Tile<float, Mem::Vec, 2, 4> t;
  TASSIGN(t, 0);
  TLOAD(t, view.partition({1, 1, 0}, {1, 2, 4}));
  EXPECT_EQ(dump(t), (V{16, 17, 18, 19, 20, 21, 22, 23}));
  expectSimError([&] { TLOAD(t, view.partition({0, 0, 0}, {2, 2, 4})); }, "leading extents");
  // A column-major view (strides given): element (r, c) at r + 3c.
  GlobalView<float> cm(g.data(), {3, 2}, {1, 3});
  Tile<float, Mem::Vec, 3, 2> u;
  TASSIGN(u, 1024);
  TLOAD(u, cm);
  EXPECT_EQ(dump(u), (V{0, 3, 1, 4, 2, 5}));
}

TEST_F(SimOps, StoreWritesOnlyTheValidRegion) {
  std::vector<float> g(16, -1.0f);
  GlobalView<float> view(g.data(), {4, 4});
  Tile<float, Mem::Vec, 4, 4> t(2, 3);
  TASSIGN(t, 0);
  fill(t, V(16, 7.0));
  TSTORE(view.partition({1, 1}, {4, 4}), t);
  const std::vector<float> want{-1, -1, -1, -1, -1, 7, 7, 7, -1, 7, 7, 7, -1, -1, -1, -1};
  EXPECT_EQ(g, want);
  Tile<float, Mem::Vec, 4, 4> big;
  TASSIGN(big, 1024);
  expectSimError([&] { TSTORE(view.partition({2, 2}, {4, 4}), big); }, "does not fit the window");
}

TEST_F(SimOps, StoreFromAccConvertsToFp16) {
  std::vector<pl::Half> g(2);
  GlobalView<pl::Half> view(g.data(), {1, 2});
  Tile<float, Mem::Acc, 1, 2> acc;
  TASSIGN(acc, 0);
  fill(acc, V{1.0 + std::ldexp(1.0, -11), 1.0 + 3 * std::ldexp(1.0, -11)});  // ties → even
  TSTORE(view, acc);
  EXPECT_EQ(static_cast<double>(g[0]), 1.0);
  EXPECT_EQ(static_cast<double>(g[1]), 1.0 + std::ldexp(1.0, -9));
  Tile<float, Mem::Vec, 1, 2> v;
  TASSIGN(v, 0);
  expectSimError([&] { TSTORE(view, v); }, "only Acc tiles convert");
}

// ---- movement ----------------------------------------------------------------------------------

TEST_F(SimOps, MovExtractInsert) {
  Tile<float, Mem::Mat, 4, 4> m(3, 4);
  TASSIGN(m, 0);
  fill(m, V{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
  Tile<float, Mem::Left, 4, 4> l;
  TASSIGN(l, 0);
  TMOV(l, m);
  EXPECT_EQ(l.GetValidRow(), 3);
  EXPECT_EQ(dump(l), (V{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0, 0, 0}));
  Tile<float, Mem::Right, 2, 2> r;
  TASSIGN(r, 0);
  TEXTRACT(r, m, 2, 1);  // window rows 2..3 of a 3-row valid region → 1 valid row
  EXPECT_EQ(r.GetValidRow(), 1);
  EXPECT_EQ(r.GetValidCol(), 2);
  EXPECT_EQ(dump(r), (V{10, 11, 0, 0}));
  Tile<float, Mem::Vec, 4, 4> v;
  F22 s;
  TASSIGN(v, 0);
  TASSIGN(s, 1024);
  fill(v, V(16, 0));
  fill(s, V{1, 2, 3, 4});
  TINSERT(v, s, 1, 2);
  EXPECT_EQ(dump(v), (V{0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0, 0, 0, 0}));
  expectSimError([&] { TINSERT(v, s, 3, 3); }, "exceeds");
}

// A kernel's scalar write into global memory rounds to the tensor's dtype.
TEST_F(SimOps, GmSetValRoundsToTheTensorDtype) {
  std::vector<pl::Half> buf(4);
  GlobalView<pl::Half> g(buf.data(), {2, 2});
  GMSETVAL(g, {1, 0}, 1.0009765625 + 0.0001);
  EXPECT_EQ(static_cast<double>(buf[2]), 1.0009765625);
  EXPECT_EQ(GMGETVAL(g, {1, 0}), 1.0009765625);
}

TEST_F(SimOps, ReshapeTransposeConcat) {
  Tile<float, Mem::Vec, 2, 3> a;
  TASSIGN(a, 0);
  fill(a, V{1, 2, 3, 4, 5, 6});
  Tile<float, Mem::Vec, 3, 2> r, t;
  TASSIGN(r, 1024);
  TASSIGN(t, 2048);
  TRESHAPE(r, a);
  EXPECT_EQ(dump(r), (V{1, 2, 3, 4, 5, 6}));
  TTRANS(t, a);
  EXPECT_EQ(dump(t), (V{1, 4, 2, 5, 3, 6}));
  Tile<float, Mem::Vec, 2, 1> b;
  TASSIGN(b, 3072);
  fill(b, V{7, 8});
  Tile<float, Mem::Vec, 2, 4> c;
  TASSIGN(c, 4096);
  TCONCAT(c, a, b);
  EXPECT_EQ(dump(c), (V{1, 2, 3, 7, 4, 5, 6, 8}));
  // A partially valid column vector reshapes into a row vector with the valid length flipped.
  Tile<float, Mem::Vec, 4, 1> col(3, 1);
  Tile<float, Mem::Vec, 1, 4> row;
  TASSIGN(col, 5120);
  TASSIGN(row, 6144);
  TRESHAPE(row, col);
  EXPECT_EQ(row.GetValidRow(), 1);
  EXPECT_EQ(row.GetValidCol(), 3);
}

TEST_F(SimOps, FillpadCvtExpands) {
  Tile<float, Mem::Vec, 2, 2> a(1, 1);
  TASSIGN(a, 0);
  fill(a, V{5, 0, 0, 0});
  F22 p;
  TASSIGN(p, 1024);
  TFILLPAD(p, a, PadValue::Min);
  EXPECT_EQ(p.GetValidRow(), 2);
  EXPECT_EQ(dump(p), (V{5, -INFINITY, -INFINITY, -INFINITY}));
  TFILLPAD(p, a, PadValue::Max);
  EXPECT_EQ(p.get(1, 1), INFINITY);

  F22 x;
  TASSIGN(x, 2048);
  fill(x, V{2.5, -2.5, 1.7, 3.5});
  Tile<std::int32_t, Mem::Vec, 2, 2> i;
  TASSIGN(i, 3072);
  TCVT(i, x);  // round to nearest even
  EXPECT_EQ(dump(i), (V{2, -2, 2, 4}));
  TCVT(i, x, RoundMode::Floor);
  EXPECT_EQ(dump(i), (V{2, -3, 1, 3}));
  TCVT(i, x, RoundMode::Trunc);
  EXPECT_EQ(dump(i), (V{2, -2, 1, 3}));
  Tile<pl::Half, Mem::Vec, 2, 2> h;
  TASSIGN(h, 4096);
  fill(x, V{65519.0, 65520.0, 1.0 / 3.0, 1e-8});
  TCVT(h, x);
  EXPECT_EQ(h.get(0, 0), 65504.0);
  EXPECT_EQ(h.get(0, 1), INFINITY);
  EXPECT_EQ(h.get(1, 0), pl::round_to(pl::DType::FP16, static_cast<float>(1.0 / 3.0)));
  EXPECT_EQ(h.get(1, 1), 0.0);

  Tile<float, Mem::Vec, 2, 2> e(1, 2);
  TASSIGN(e, 5120);
  TEXPANDS(e, 3);
  EXPECT_EQ(dump(e), (V{3, 3, 0, 0}));
  TSETVAL(e, 1, 1, 9.5);
  EXPECT_EQ(TGETVAL(e, 1, 1), 9.5);

  // Scalar reads of 64-bit integers are exact (a double would round INT64_MIN + 1 to INT64_MIN).
  Tile<std::int64_t, Mem::Vec, 1, 4> w;
  TASSIGN(w, 6144);
  const std::int64_t big = std::numeric_limits<std::int64_t>::min() + 1;
  TSETVAL(w, 0, 1, big);
  EXPECT_EQ(TGETVAL(w, 0, 1), big);
  std::vector<std::int64_t> g = {big, std::numeric_limits<std::int64_t>::max() - 1};
  GlobalView<std::int64_t> gv(g.data(), {2});
  EXPECT_EQ(GMGETVAL(gv, {0}), big);
  EXPECT_EQ(GMGETVAL(gv, {1}), std::numeric_limits<std::int64_t>::max() - 1);
  std::vector<std::uint64_t> gu = {~std::uint64_t{0}};
  GlobalView<std::uint64_t> guv(gu.data(), {1});
  EXPECT_EQ(GMGETVAL(guv, {0}), ~std::uint64_t{0});
}

// ---- elementwise -------------------------------------------------------------------------------

TEST_F(SimOps, BinaryAndScalarForms) {
  F22 a, b, d;
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(d, 128);
  fill(a, V{7, -7, 1.5, 8});
  fill(b, V{2, 2, -0.5, 3});
  TADD(d, a, b);
  EXPECT_EQ(dump(d), (V{9, -5, 1, 11}));
  TSUB(d, a, b);
  EXPECT_EQ(dump(d), (V{5, -9, 2, 5}));
  TMUL(d, a, b);
  EXPECT_EQ(dump(d), (V{14, -14, -0.75, 24}));
  TDIV(d, a, b);
  EXPECT_EQ(dump(d), (V{3.5, -3.5, -3, static_cast<float>(8.0 / 3.0)}));
  TREM(d, a, b);  // floor modulo: sign of the divisor
  EXPECT_EQ(dump(d), (V{1, 1, 0, 2}));
  TFMOD(d, a, b);
  EXPECT_EQ(dump(d), (V{1, -1, 0, 2}));
  TMAX(d, a, b);
  EXPECT_EQ(dump(d), (V{7, 2, 1.5, 8}));
  TMIN(d, a, b);
  EXPECT_EQ(dump(d), (V{2, -7, -0.5, 3}));
  TADDS(d, a, 1);
  EXPECT_EQ(dump(d), (V{8, -6, 2.5, 9}));
  TSUBS(d, a, 0.5);
  EXPECT_EQ(dump(d), (V{6.5, -7.5, 1, 7.5}));
  TMULS(d, a, 2.0f);
  EXPECT_EQ(dump(d), (V{14, -14, 3, 16}));
  TDIVS(d, a, 4);
  EXPECT_EQ(dump(d), (V{1.75, -1.75, 0.375, 2}));
  TMAXS(d, a, 0);
  EXPECT_EQ(dump(d), (V{7, 0, 1.5, 8}));
  TMINS(d, a, 0);
  EXPECT_EQ(dump(d), (V{0, -7, 0, 0}));
  TREMS(d, a, 3);
  EXPECT_EQ(dump(d), (V{1, 2, 1.5, 2}));
  TADD(a, a, a);  // in place
  EXPECT_EQ(dump(a), (V{14, -14, 3, 16}));
}

TEST_F(SimOps, IntegerBitwiseAndShifts) {
  using I22 = Tile<std::int32_t, Mem::Vec, 2, 2>;
  I22 a, b, d;
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(d, 128);
  fill(a, V{12, -8, 5, 0x7fffffff});
  fill(b, V{10, 1, 3, 1});
  TAND(d, a, b);
  EXPECT_EQ(dump(d), (V{8, 0, 1, 1}));
  TOR(d, a, b);
  EXPECT_EQ(dump(d), (V{14, -7, 7, 0x7fffffff}));
  TXOR(d, a, b);
  EXPECT_EQ(dump(d), (V{6, -7, 6, 0x7ffffffe}));
  TSHL(d, a, b);
  EXPECT_EQ(dump(d), (V{12 << 10, -16, 40, -2}));  // wraps to int32
  TSHR(d, a, b);
  EXPECT_EQ(dump(d), (V{0, -4, 0, 0x3fffffff}));
  TSHLS(d, a, 1);
  EXPECT_EQ(d.get(0, 0), 24);
  TSHRS(d, a, 2);
  EXPECT_EQ(d.get(0, 1), -2);
  TANDS(d, a, 4);
  EXPECT_EQ(dump(d), (V{4, 0, 4, 4}));
  TORS(d, a, 1);
  EXPECT_EQ(d.get(0, 0), 13);
  TXORS(d, a, 1);
  EXPECT_EQ(d.get(0, 0), 13);
  TNOT(d, a);
  EXPECT_EQ(dump(d), (V{-13, 7, -6, -0x80000000LL}));
  TADDS(d, a, 1);  // int32 overflow wraps like the eager reference
  EXPECT_EQ(d.get(1, 1), -2147483648.0);
  TDIVS(d, a, -4);
  EXPECT_EQ(dump(d), (V{-3, 2, -1, -536870911}));
  expectSimError([&] { TREM(d, a, I22{}); }, "used before TASSIGN");
}

TEST_F(SimOps, Fp16RoundsOncePerOpLikeEager) {
  using H22 = Tile<pl::Half, Mem::Vec, 2, 2>;
  H22 a, b, d;
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(d, 128);
  const double u = std::ldexp(1.0, -10);  // fp16 ulp at 1
  fill(a, V{1.0, 1.0 + u, 2048, 0.1});
  fill(b, V{u / 2, u / 2, 1, 0.2});
  TADD(d, a, b);
  EXPECT_EQ(d.get(0, 0), 1.0);            // tie → even (down)
  EXPECT_EQ(d.get(0, 1), 1.0 + 2 * u);    // tie → even (up)
  EXPECT_EQ(d.get(1, 0), 2048.0);         // 2049 is not representable: tie → even
  EXPECT_EQ(d.get(1, 1), pl::round_to(pl::DType::FP16, a.get(1, 1) + b.get(1, 1)));
  TEXP(d, a);
  EXPECT_EQ(d.get(1, 1), pl::round_to(pl::DType::FP16, std::exp(a.get(1, 1))));
  Tile<pl::BFloat16, Mem::Vec, 1, 2> bf, bo;
  TASSIGN(bf, 256);
  TASSIGN(bo, 320);
  fill(bf, V{1.0, 3.0});
  TMULS(bo, bf, 1.0 / 3.0);  // the scalar is first rounded to bf16, then the product
  const double third = pl::round_to(pl::DType::BF16, 1.0 / 3.0);
  EXPECT_EQ(bo.get(0, 1), pl::round_to(pl::DType::BF16, 3.0 * third));
}

TEST_F(SimOps, Prelu) {
  F22 x, s, d;
  TASSIGN(x, 0);
  TASSIGN(s, 64);
  TASSIGN(d, 128);
  fill(x, V{-2, 3, -0.5, 0});
  fill(s, V{0.5, 7, 4, 9});
  TPRELU(d, x, s);
  EXPECT_EQ(dump(d), (V{-1, 3, -2, 0}));
}

TEST_F(SimOps, UnaryOps) {
  F22 a, d;
  TASSIGN(a, 0);
  TASSIGN(d, 64);
  fill(a, V{4, 0.25, 1, 2});
  TSQRT(d, a);
  EXPECT_EQ(dump(d), (V{2, 0.5, 1, static_cast<float>(std::sqrt(2.0))}));
  TRSQRT(d, a);
  EXPECT_EQ(dump(d), (V{0.5, 2, 1, static_cast<float>(1 / std::sqrt(2.0))}));
  TRECIP(d, a);
  EXPECT_EQ(dump(d), (V{0.25, 4, 1, 0.5}));
  TLOG(d, a);
  EXPECT_EQ(d.get(1, 0), 0.0);
  EXPECT_EQ(d.get(0, 0), static_cast<float>(std::log(4.0)));
  TEXP(d, a);
  EXPECT_EQ(d.get(1, 1), static_cast<float>(std::exp(2.0)));
  fill(a, V{-3, 2, -0.5, 0});
  TABS(d, a);
  EXPECT_EQ(dump(d), (V{3, 2, 0.5, 0}));
  TNEG(d, a);
  EXPECT_EQ(dump(d), (V{3, -2, 0.5, 0}));
  TRELU(d, a);
  EXPECT_EQ(dump(d), (V{0, 2, 0, 0}));
  TLRELU(d, a, 0.5);
  EXPECT_EQ(dump(d), (V{-1.5, 2, -0.25, 0}));
}

TEST_F(SimOps, ElementwiseWorksOnTheValidRegionOnly) {
  Tile<float, Mem::Vec, 2, 3> a(2, 2), b(2, 2), d;
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(d, 128);
  fill(a, V{1, 2, 100, 3, 4, 100});
  fill(b, V{1, 1, 100, 1, 1, 100});
  fill(d, V(6, -5));
  TADD(d, a, b);
  EXPECT_EQ(d.GetValidCol(), 2);
  EXPECT_EQ(dump(d), (V{2, 3, 0, 4, 5, 0}));  // result padding is zero
  Tile<float, Mem::Vec, 2, 3> c(1, 2);
  TASSIGN(c, 192);
  expectSimError([&] { TADD(d, a, c); }, "operand valid shapes differ");
}

TEST_F(SimOps, CompareAndSelect) {
  F22 a, b, d;
  Tile<bool, Mem::Vec, 2, 2> m;
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(d, 128);
  TASSIGN(m, 192);
  fill(a, V{1, 5, 3, 3});
  fill(b, V{2, 4, 3, 9});
  TCMP(m, a, b, CmpMode::Lt);
  EXPECT_EQ(dump(m), (V{1, 0, 0, 1}));
  TCMP(m, a, b, CmpMode::Eq);
  EXPECT_EQ(dump(m), (V{0, 0, 1, 0}));
  TCMPS(m, a, 3, CmpMode::Ge);
  EXPECT_EQ(dump(m), (V{0, 1, 1, 1}));
  TSEL(d, m, a, b);
  EXPECT_EQ(dump(d), (V{2, 5, 3, 3}));
  TSELS(d, m, a, -1.0);
  EXPECT_EQ(dump(d), (V{-1, 5, 3, 3}));
}

// ---- reductions and broadcasts -----------------------------------------------------------------

TEST_F(SimOps, RowAndColumnReductions) {
  Tile<float, Mem::Vec, 2, 4> a(2, 3);
  TASSIGN(a, 0);
  fill(a, V{1, 5, 2, 100, -1, -4, 3, 100});
  Tile<float, Mem::Vec, 2, 1> r, tmp;
  TASSIGN(r, 1024);
  TASSIGN(tmp, 2048);
  TROWSUM(r, a, tmp);
  EXPECT_EQ(dump(r), (V{8, -2}));
  TROWMAX(r, a);
  EXPECT_EQ(dump(r), (V{5, 3}));
  TROWMIN(r, a, tmp);
  EXPECT_EQ(dump(r), (V{1, -4}));
  TROWPROD(r, a);
  EXPECT_EQ(dump(r), (V{10, 12}));
  Tile<std::int32_t, Mem::Vec, 2, 1> idx;
  TASSIGN(idx, 3072);
  TROWARGMAX(idx, a, tmp);
  EXPECT_EQ(dump(idx), (V{1, 2}));
  TROWARGMIN(idx, a, tmp);
  EXPECT_EQ(dump(idx), (V{0, 1}));
  Tile<float, Mem::Vec, 1, 4> c;
  TASSIGN(c, 4096);
  TCOLSUM(c, a);
  EXPECT_EQ(c.GetValidCol(), 3);
  EXPECT_EQ(dump(c), (V{0, 1, 5, 0}));
  TCOLMAX(c, a);
  EXPECT_EQ(dump(c), (V{1, 5, 3, 0}));
  TCOLMIN(c, a);
  EXPECT_EQ(dump(c), (V{-1, -4, 2, 0}));
  TCOLPROD(c, a);
  EXPECT_EQ(dump(c), (V{-1, -20, 6, 0}));
  Tile<std::int32_t, Mem::Vec, 1, 4> ci;
  TASSIGN(ci, 5120);
  TCOLARGMAX(ci, a);
  EXPECT_EQ(dump(ci), (V{0, 0, 1, 0}));
  TCOLARGMIN(ci, a);
  EXPECT_EQ(dump(ci), (V{1, 1, 0, 0}));
}

TEST_F(SimOps, RowSumAccumulatesInDoubleLikeEager) {
  Tile<float, Mem::Vec, 1, 4> a;
  Tile<float, Mem::Vec, 1, 1> s;
  TASSIGN(a, 0);
  TASSIGN(s, 64);
  fill(a, V{1e8, 1, -1e8, 1});  // a float accumulator would give 1
  TROWSUM(s, a);
  EXPECT_EQ(s.get(0, 0), 2.0);
  Tile<float, Mem::Vec, 1, 1> e;
  TASSIGN(e, 128);
  Tile<float, Mem::Vec, 1, 1> z(1, 0);
  TASSIGN(z, 192);
  expectSimError([&] { TROWSUM(e, z); }, "empty valid region");
}

TEST_F(SimOps, RowAndColumnExpand) {
  Tile<float, Mem::Vec, 2, 3> x, d;
  Tile<float, Mem::Vec, 2, 1> rv;
  Tile<float, Mem::Vec, 1, 3> cv;
  TASSIGN(x, 0);
  TASSIGN(d, 64);
  TASSIGN(rv, 128);
  TASSIGN(cv, 192);
  fill(x, V{1, 2, 3, 4, 5, 6});
  fill(rv, V{10, 20});
  fill(cv, V{1, 2, 4});
  TROWEXPAND(d, rv);
  EXPECT_EQ(dump(d), (V{10, 10, 10, 20, 20, 20}));
  TCOLEXPAND(d, cv);
  EXPECT_EQ(dump(d), (V{1, 2, 4, 1, 2, 4}));
  TROWEXPANDADD(d, x, rv);
  EXPECT_EQ(dump(d), (V{11, 12, 13, 24, 25, 26}));
  TROWEXPANDSUB(d, x, rv);
  EXPECT_EQ(dump(d), (V{-9, -8, -7, -16, -15, -14}));
  TROWEXPANDMUL(d, x, rv);
  EXPECT_EQ(dump(d), (V{10, 20, 30, 80, 100, 120}));
  TROWEXPANDDIV(d, x, rv);
  EXPECT_EQ(d.get(1, 0), 0.2f);
  TROWEXPANDMAX(d, x, rv);
  EXPECT_EQ(dump(d), (V{10, 10, 10, 20, 20, 20}));
  TROWEXPANDMIN(d, x, rv);
  EXPECT_EQ(dump(d), (V{1, 2, 3, 4, 5, 6}));
  TROWEXPANDEXPDIF(d, x, rv);
  EXPECT_EQ(d.get(0, 0), static_cast<float>(std::exp(-9.0)));
  TCOLEXPANDADD(d, x, cv);
  EXPECT_EQ(dump(d), (V{2, 4, 7, 5, 7, 10}));
  TCOLEXPANDSUB(d, x, cv);
  EXPECT_EQ(dump(d), (V{0, 0, -1, 3, 3, 2}));
  TCOLEXPANDMUL(d, x, cv);
  EXPECT_EQ(dump(d), (V{1, 4, 12, 4, 10, 24}));
  TCOLEXPANDDIV(d, x, cv);
  EXPECT_EQ(dump(d), (V{1, 1, 0.75, 4, 2.5, 1.5}));
  TCOLEXPANDMAX(d, x, cv);
  EXPECT_EQ(dump(d), (V{1, 2, 4, 4, 5, 6}));
  TCOLEXPANDMIN(d, x, cv);
  EXPECT_EQ(dump(d), (V{1, 2, 3, 1, 2, 4}));
  TCOLEXPANDEXPDIF(d, x, cv);
  EXPECT_EQ(d.get(1, 2), static_cast<float>(std::exp(2.0)));
  expectSimError([&] { TROWEXPANDADD(d, x, cv); }, "needs a [R, 1] row vector");
}

// ---- matmul ------------------------------------------------------------------------------------

TEST_F(SimOps, MatmulFamily) {
  Tile<float, Mem::Left, 2, 3> l;
  Tile<float, Mem::Right, 3, 2> r;
  Tile<float, Mem::Acc, 2, 2> acc, acc2;
  Tile<float, Mem::Bias, 1, 2> bias;
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  TASSIGN(acc2, 1024);
  TASSIGN(bias, 0);
  fill(l, V{1, 2, 3, 4, 5, 6});
  fill(r, V{1, 0, 0, 1, 1, 1});
  fill(bias, V{10, 20});
  TMATMUL(acc, l, r);
  EXPECT_EQ(dump(acc), (V{4, 5, 10, 11}));
  TMATMUL_ACC(acc, l, r);
  EXPECT_EQ(dump(acc), (V{8, 10, 20, 22}));
  TMATMUL_ACC(acc2, acc, l, r);
  EXPECT_EQ(dump(acc2), (V{12, 15, 30, 33}));
  TMATMUL_BIAS(acc, l, r, bias);
  EXPECT_EQ(dump(acc), (V{14, 25, 20, 31}));
  Tile<float, Mem::Right, 2, 2> bad;
  TASSIGN(bad, 1024);
  expectSimError([&] { TMATMUL(acc, l, bad); }, "inner dimensions differ");
}

TEST_F(SimOps, MatmulAccumulatesInFp32) {
  Tile<float, Mem::Left, 1, 4> l;
  Tile<float, Mem::Right, 4, 1> r;
  Tile<float, Mem::Acc, 1, 1> acc;
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  fill(l, V{1e8, 1, -1e8, 1});
  fill(r, V{1, 1, 1, 1});
  TMATMUL(acc, l, r);
  EXPECT_EQ(acc.get(0, 0), 1.0);  // 1e8 + 1 is 1e8 in fp32 (the eager matmul rounds the same)
  // fp16 operands, fp32 accumulator: 2048 + 1 is exact in fp32 (not in fp16).
  Tile<pl::Half, Mem::Left, 1, 2> hl;
  Tile<pl::Half, Mem::Right, 2, 1> hr;
  TASSIGN(hl, 1024);
  TASSIGN(hr, 1024);
  fill(hl, V{2048, 1});
  fill(hr, V{1, 1});
  TMATMUL(acc, hl, hr);
  EXPECT_EQ(acc.get(0, 0), 2049.0);
}

TEST_F(SimOps, CubePipelineEndToEnd) {
  std::vector<pl::Half> a(4 * 4), b(4 * 4);
  std::vector<float> c(4 * 4, 0.0f);
  for (int i = 0; i < 16; ++i) {
    a[static_cast<std::size_t>(i)] = pl::Half(i * 0.5);
    b[static_cast<std::size_t>(i)] = pl::Half(i % 5 == 0 ? 1.0 : 0.0);  // identity
  }
  GlobalView<pl::Half> ga(a.data(), {4, 4}), gb(b.data(), {4, 4});
  GlobalView<float> gc(c.data(), {4, 4});
  Tile<pl::Half, Mem::Mat, 4, 4> ma, mb;
  Tile<pl::Half, Mem::Left, 4, 4> l;
  Tile<pl::Half, Mem::Right, 4, 4> r;
  Tile<float, Mem::Acc, 4, 4> acc;
  TASSIGN(ma, 0);
  TASSIGN(mb, 32);
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  TLOAD(ma, ga);
  TLOAD(mb, gb);
  TMOV(l, ma);
  TMOV(r, mb);
  TMATMUL(acc, l, r);
  TSTORE(gc, acc);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(c[static_cast<std::size_t>(i)], i * 0.5f);
  Tile<float, Mem::Vec, 4, 4> v;
  TASSIGN(v, 0);
  TMOV(v, acc);  // Acc → Vec
  EXPECT_EQ(v.get(3, 3), 7.5);
}

}  // namespace
