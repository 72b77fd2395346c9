// tests/dsl/test_eager_fast.cpp — the eager kernels' fast paths (issue 36: contiguous runs, the
// result dtype's rounding picked once per array, the packed fp32 matmul, pooled buffers) against
// the per-element formulas they replace, bit for bit: ragged and broadcast shapes, views with
// strides, negative and special values (±0, ±inf, NaN, denormals, values that round), and every
// dtype each path covers.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using pl::DType;
using pl::Shape;
using pl::detail::Array;
using pl::detail::Slot;

/// Values that exercise rounding: specials, denormals, large magnitudes, ties and negatives.
std::vector<double> specialValues() {
  const double inf = std::numeric_limits<double>::infinity();
  return {0.0,
          -0.0,
          1.0,
          -1.0,
          inf,
          -inf,
          std::nan(""),
          1e-40,
          -1e-45,
          3.4e38,
          -3.4e38,
          65504.0,
          -65520.0,
          1.0 + std::ldexp(1.0, -24),
          1.0 + std::ldexp(1.0, -11),
          0.1,
          -2.5,
          1e30,
          -7.0e-8,
          123456.789};
}

/// An array of dtype `d` and `shape`: the special values first, then random ones of mixed sign
/// and magnitude, each rounded into the dtype.
Array makeArray(DType d, const Shape &shape, unsigned seed, bool specials = true) {
  Array a(d, shape);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> mant(-4.0, 4.0);
  std::uniform_int_distribution<int> ex(-12, 12);
  std::uniform_int_distribution<std::int64_t> ints(-300, 300);
  const std::vector<double> sp = specialValues();
  for (std::size_t i = 0; i < a.data.size(); ++i) {
    if (pl::isFloat(d)) {
      const double v = specials && i < sp.size() ? sp[i] : std::ldexp(mant(gen), ex(gen));
      a.data[i] = pl::detail::slotFromDouble(d, v);
    } else {
      a.data[i] = pl::detail::slotFromInt(d, ints(gen));
    }
  }
  return a;
}

void expectSameBits(const Array &got, const Array &want, const std::string &what) {
  ASSERT_EQ(got.dtype, want.dtype) << what;
  ASSERT_EQ(got.shape, want.shape) << what;
  for (std::size_t i = 0; i < want.data.size(); ++i)
    ASSERT_EQ(got.data[i], want.data[i])
        << what << ": element " << i << " is " << pl::detail::slotToDouble(got.dtype, got.data[i])
        << ", the per-element formula gives " << pl::detail::slotToDouble(want.dtype, want.data[i]);
}

// ---- the per-element formulas (the eager kernels before issue 36) ------------------------------

template <class F> Array refZip(const Array &a, const Array &b, DType outD, F f) {
  const Shape rs =
      a.shape == b.shape ? a.shape : pl::detail::broadcastShape("ref", a.shape, b.shape);
  Array out(outD, rs);
  pl::detail::visitCompute(a.dtype, [&]<class C>(std::type_identity<C>) {
    const Shape sa = pl::detail::broadcastStrides(a.shape, rs),
                sb = pl::detail::broadcastStrides(b.shape, rs);
    Shape idx(rs.size(), 0);
    for (std::size_t i = 0; i < out.data.size(); ++i) {
      std::int64_t oa = 0, ob = 0;
      for (std::size_t k = 0; k < rs.size(); ++k) {
        oa += idx[k] * sa[k];
        ob += idx[k] * sb[k];
      }
      out.data[i] = pl::detail::normalize(
          outD, f(pl::detail::fromSlot<C>(a.data[oa]), pl::detail::fromSlot<C>(b.data[ob])));
      for (std::size_t k = rs.size(); k-- > 0;) {
        if (++idx[k] < rs[k])
          break;
        idx[k] = 0;
      }
    }
  });
  return out;
}

Array refReduce(const Array &a, std::int64_t axis, pl::detail::RedOp red) {
  using pl::detail::RedOp;
  if (axis < 0)
    axis += a.rank();
  Shape rs = a.shape;
  const std::int64_t n = rs[static_cast<std::size_t>(axis)];
  rs[static_cast<std::size_t>(axis)] = 1;
  std::int64_t inner = 1, outer = 1;
  for (std::int64_t k = axis + 1; k < a.rank(); ++k)
    inner *= a.shape[static_cast<std::size_t>(k)];
  for (std::int64_t k = 0; k < axis; ++k)
    outer *= a.shape[static_cast<std::size_t>(k)];
  const bool arg = red == RedOp::ArgMax || red == RedOp::ArgMin;
  const DType outD = arg ? DType::Int32 : a.dtype;
  Array out(outD, rs);
  pl::detail::visitCompute(a.dtype, [&]<class C>(std::type_identity<C>) {
    for (std::int64_t o = 0; o < outer; ++o)
      for (std::int64_t i = 0; i < inner; ++i) {
        auto at = [&](std::int64_t k) {
          return pl::detail::fromSlot<C>(a.data[(o * n + k) * inner + i]);
        };
        C acc = at(0);
        std::int64_t best = 0;
        for (std::int64_t k = 1; k < n; ++k) {
          const C x = at(k);
          switch (red) {
          case RedOp::Sum:
            acc = pl::detail::addW(acc, x);
            break;
          case RedOp::Prod:
            acc = pl::detail::mulW(acc, x);
            break;
          case RedOp::Max:
          case RedOp::ArgMax:
            if (x > acc) {
              acc = x;
              best = k;
            }
            break;
          case RedOp::Min:
          case RedOp::ArgMin:
            if (x < acc) {
              acc = x;
              best = k;
            }
            break;
          }
        }
        out.data[o * inner + i] =
            arg ? pl::detail::slotFromInt(outD, best) : pl::detail::normalize(outD, acc);
      }
  });
  return out;
}

Array refMatmul(const Array &a, const Array &b, bool aT, bool bT, DType outD, const Array *acc,
                const Array *bias) {
  using pl::detail::slotToDouble;
  const std::int64_t m = aT ? a.shape[1] : a.shape[0], k = aT ? a.shape[0] : a.shape[1];
  const std::int64_t n = bT ? b.shape[0] : b.shape[1];
  Array out(outD, Shape{m, n});
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      float s = acc ? static_cast<float>(slotToDouble(acc->dtype, acc->data[i * n + j])) : 0.0f;
      if (bias)
        s = static_cast<float>(s + slotToDouble(bias->dtype, bias->data[j]));
      for (std::int64_t p = 0; p < k; ++p) {
        const double x = slotToDouble(a.dtype, a.data[aT ? p * m + i : i * k + p]);
        const double y = slotToDouble(b.dtype, b.data[bT ? j * k + p : p * n + j]);
        s = static_cast<float>(static_cast<double>(s) +
                               static_cast<double>(static_cast<float>(x * y)));
      }
      out.data[i * n + j] = pl::detail::slotFromDouble(outD, s);
    }
  return out;
}

/// The old window: element by element through elementIndex; out-of-bounds reads are zero.
Array refWindow(const Array &a, const Shape &offsets, const Shape &shape) {
  Array out(a.dtype, shape);
  const std::size_t n = shape.size();
  Shape idx(n, 0), at(n, 0);
  for (std::size_t i = 0; i < out.data.size(); ++i) {
    bool inside = true;
    for (std::size_t k = 0; k < n; ++k) {
      at[k] = offsets[k] + idx[k];
      inside = inside && at[k] >= 0 && at[k] < a.shape[k];
    }
    if (inside)
      out.data[i] = a.storage()[static_cast<std::size_t>(a.elementIndex(at))];
    for (std::size_t k = n; k-- > 0;) {
      if (++idx[k] < shape[k])
        break;
      idx[k] = 0;
    }
  }
  return out;
}

const std::vector<DType> kFloatDtypes = {DType::FP32,      DType::FP16,    DType::BF16,
                                         DType::FP8E4M3FN, DType::FP8E5M2, DType::HF8};
const std::vector<DType> kAllDtypes = {DType::FP32,   DType::FP16,  DType::BF16,  DType::FP8E4M3FN,
                                       DType::Int8,   DType::Int32, DType::Int64, DType::UInt8,
                                       DType::UInt32, DType::Bool};

// ---- fp16 / bf16 rounding ----------------------------------------------------------------------

TEST(EagerFast, HalfAndBfloatRoundingMatchesTheTable) {
  // slotFromDouble's arithmetic round-to-nearest-even against the table search it bypasses, on
  // every code's value, the midpoints between neighbouring codes (ties), one double ulp either
  // side of each midpoint, the overflow threshold, and random values of every magnitude.
  std::mt19937 gen(3);
  std::uniform_real_distribution<double> mant(-2.0, 2.0);
  std::uniform_int_distribution<int> ex(-140, 130);
  for (DType d : {DType::FP16, DType::BF16}) {
    const std::string dn(pl::dtypeName(d));
    auto table = [d](double x) {
      return pl::detail::toSlot(
          pl::detail::decodeSmall(d, pl::detail::encodeSmall(d, x, pl::RoundMode::Rint)));
    };
    auto check = [&](double x) {
      ASSERT_EQ(pl::detail::slotFromDouble(d, x), table(x)) << dn << " of " << std::hexfloat << x;
      ASSERT_EQ(pl::detail::slotFromDouble(d, -x), table(-x))
          << dn << " of " << std::hexfloat << -x;
    };
    std::vector<double> vals;
    for (std::uint32_t c = 0; c < 0x7C00u + (d == DType::BF16 ? 0x380u : 0u); ++c) {
      const double v = pl::detail::decodeSmall(d, c);
      if (std::isfinite(v))
        vals.push_back(v);
    }
    std::sort(vals.begin(), vals.end());
    for (std::size_t i = 0; i < vals.size(); ++i) {
      check(vals[i]);
      if (i + 1 == vals.size())
        break;
      const double mid = (vals[i] + vals[i + 1]) / 2;
      check(mid);
      check(std::nextafter(mid, 0.0));
      check(std::nextafter(mid, INFINITY));
    }
    const double top = vals.back(), over = top + (top - vals[vals.size() - 2]) / 2;
    for (double x : {over, std::nextafter(over, 0.0), std::nextafter(over, INFINITY), 2 * top,
                     static_cast<double>(INFINITY), std::nan(""), 1e-300, 5e-324})
      check(x);
    for (int i = 0; i < 200000; ++i)
      check(std::ldexp(mant(gen), ex(gen)));
  }
}

// ---- elementwise -------------------------------------------------------------------------------

template <class F> void checkZip(const char *name, F f, const std::vector<DType> &dtypes) {
  const std::vector<std::pair<Shape, Shape>> shapes = {
      {{5, 7}, {5, 7}}, {{1}, {1}},          {{3, 9}, {3, 1}},       {{3, 9}, {1, 9}},
      {{4, 1}, {1, 6}}, {{2, 3, 5}, {3, 1}}, {{2, 1, 5}, {1, 4, 1}}, {{13}, {1}},
      {{}, {}},         {{3, 0}, {3, 1}}};
  unsigned seed = 1;
  for (DType d : dtypes)
    for (const auto &[sa, sb] : shapes)
      for (DType outD : {d, DType::Bool, DType::FP32}) {
        const Array a = makeArray(d, sa, seed++), b = makeArray(d, sb, seed++, false);
        const std::string what = std::string(name) + " " + std::string(pl::dtypeName(d)) +
                                 pl::detail::shapeStr(sa) + " x " + pl::detail::shapeStr(sb) +
                                 " -> " + std::string(pl::dtypeName(outD));
        expectSameBits(pl::detail::zipArrays(name, a, b, outD, f), refZip(a, b, outD, f), what);
      }
}

TEST(EagerFast, ZipMatchesThePerElementFormula) {
  checkZip("add", pl::detail::AddF{}, kAllDtypes);
  checkZip("sub", pl::detail::SubF{}, kAllDtypes);
  checkZip("mul", pl::detail::MulF{}, kAllDtypes);
  checkZip("max", pl::detail::MaxF{}, kAllDtypes);
  checkZip("div", pl::detail::DivF{}, kFloatDtypes);
  checkZip("expdif", pl::detail::ExpDifF{}, kFloatDtypes);
}

TEST(EagerFast, MapAndScalarOpsMatchThePerElementFormula) {
  for (DType d : kFloatDtypes) {
    const Array a = makeArray(d, Shape{6, 11}, 7);
    const std::string dn(pl::dtypeName(d));
    Array exps(d, a.shape), negs(d, a.shape), halves(d, a.shape), recips(d, a.shape);
    const Slot third = pl::detail::slotFromDouble(d, 1.0 / 3.0);
    for (std::size_t i = 0; i < a.data.size(); ++i) {
      const double x = pl::detail::fromSlot<double>(a.data[i]);
      exps.data[i] = pl::detail::slotFromDouble(d, std::exp(x));
      negs.data[i] = pl::detail::normalize(d, pl::detail::subW(0.0, x));
      halves.data[i] = pl::detail::normalize(d, x * pl::detail::fromSlot<double>(third));
      recips.data[i] = pl::detail::normalize(d, pl::detail::fromSlot<double>(third) / x);
    }
    expectSameBits(pl::detail::mapFloat("exp", a, [](double x) { return std::exp(x); }), exps,
                   "exp " + dn);
    expectSameBits(
        pl::detail::mapArray(a, d, []<class C>(C x) { return pl::detail::subW(C{0}, x); }), negs,
        "neg " + dn);
    // Through the public ops (scalarOp, liftSameShape on a tensor and on a ragged tile).
    const pl::Tensor<pl::any_dtype> t(std::make_shared<Array>(a), pl::detail::FromData{});
    expectSameBits(pl::muls(t, 1.0 / 3.0).arr(), halves, "muls " + dn);
    expectSameBits((1.0 / 3.0 / t).arr(), recips, "scalar / tensor " + dn);
    const pl::Tile<pl::any_dtype> tile = pl::load(t, {2, 3}, {8, 16}); // valid [4, 8]
    const Array got = pl::detail::validPart(pl::exp(tile).data());
    expectSameBits(got, refWindow(exps, {2, 3}, {4, 8}), "exp of a ragged tile " + dn);
  }
}

// ---- reductions --------------------------------------------------------------------------------

TEST(EagerFast, ReductionsMatchThePerElementFormula) {
  using pl::detail::RedOp;
  unsigned seed = 100;
  for (DType d : kAllDtypes)
    for (const Shape &s : {Shape{7, 13}, Shape{1, 5}, Shape{6, 1}, Shape{3, 4, 5}, Shape{9}})
      for (std::int64_t axis = -1; axis >= -static_cast<std::int64_t>(s.size()); --axis)
        for (RedOp red :
             {RedOp::Sum, RedOp::Max, RedOp::Min, RedOp::Prod, RedOp::ArgMax, RedOp::ArgMin}) {
          const Array a = makeArray(d, s, seed++);
          expectSameBits(pl::detail::reduceAxis("reduce", a, axis, red), refReduce(a, axis, red),
                         std::string(pl::dtypeName(d)) + pl::detail::shapeStr(s) + " axis " +
                             std::to_string(axis) + " op " + std::to_string(static_cast<int>(red)));
        }
}

// ---- matmul ------------------------------------------------------------------------------------

TEST(EagerFast, MatmulMatchesThePerElementFormula) {
  struct Case {
    std::int64_t m, n, k;
  };
  const std::vector<Case> cases = {{1, 1, 1},    {5, 17, 3},   {4, 16, 8},
                                   {33, 70, 19}, {64, 64, 64}, {2, 3, 0}};
  unsigned seed = 500;
  for (DType d : {DType::FP32, DType::FP16, DType::BF16, DType::FP8E5M2, DType::Int32})
    for (const Case &c : cases)
      for (int trans = 0; trans < 4; ++trans)
        for (int extra = 0; extra < 3; ++extra) {
          const bool aT = trans & 1, bT = trans & 2;
          const Array a = makeArray(d, aT ? Shape{c.k, c.m} : Shape{c.m, c.k}, seed++);
          const Array b = makeArray(d, bT ? Shape{c.n, c.k} : Shape{c.k, c.n}, seed++, false);
          const Array acc =
              makeArray(extra == 1 ? DType::FP16 : DType::FP32, Shape{c.m, c.n}, seed++);
          const Array bias = makeArray(DType::FP32, Shape{1, c.n}, seed++);
          const Array *accp = extra >= 1 ? &acc : nullptr;
          const Array *biasp = extra == 2 ? &bias : nullptr;
          for (DType outD : {DType::FP32, DType::FP16, DType::BF16}) {
            const std::string what = "matmul " + std::string(pl::dtypeName(d)) + " m" +
                                     std::to_string(c.m) + " n" + std::to_string(c.n) + " k" +
                                     std::to_string(c.k) + " trans " + std::to_string(trans) +
                                     " extra " + std::to_string(extra) + " -> " +
                                     std::string(pl::dtypeName(outD));
            expectSameBits(pl::detail::matmul2d("matmul", a, b, aT, bT, outD, accp, biasp),
                           refMatmul(a, b, aT, bT, outD, accp, biasp), what);
          }
        }
}

TEST(EagerFast, MatmulSumsInOrderWithRoundedProducts) {
  // 2^24 + 1 - 2^24: in order with fp32 sums it is 0 (1 is lost at 2^24); any other order, a
  // wider accumulator or a fused multiply-add gives 1.
  pl::Tensor<pl::fp32, 1, 3> a(std::vector<float>{16777216.0f, 1.0f, -16777216.0f});
  pl::Tensor<pl::fp32, 3, 1> b(std::vector<float>{1.0f, 1.0f, 1.0f});
  pl::Tensor<pl::fp32> c = pl::matmul(a, b);
  EXPECT_EQ(c.to_vector<double>(), (std::vector<double>{0.0}));
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: the product rounds to 1 + 2^-11 in fp32 before the sum.
  const float x = 1.0f + std::ldexp(1.0f, -12);
  pl::Tensor<pl::fp32, 1, 2> a2(std::vector<float>{x, -1.0f});
  pl::Tensor<pl::fp32, 2, 1> b2(std::vector<float>{x, 1.0f});
  EXPECT_EQ(pl::matmul(a2, b2).to_vector<double>(), (std::vector<double>{std::ldexp(1.0, -11)}));
}

TEST(EagerFast, TileMatmulWithTransposesAndRaggedOperands) {
  // a_trans / b_trans on ragged tiles (valid regions smaller than the tiles) with an accumulator.
  const Array av = makeArray(DType::FP32, Shape{7, 5}, 900),
              bv = makeArray(DType::FP32, Shape{6, 7}, 901, false);
  const pl::Tensor<pl::fp32> ta(std::make_shared<Array>(av), pl::detail::FromData{});
  const pl::Tensor<pl::fp32> tb(std::make_shared<Array>(bv), pl::detail::FromData{});
  auto a = pl::load(ta, {0, 0}, {8, 8}); // valid [7, 5], used as its transpose [5, 7]
  auto b = pl::load(tb, {0, 0}, {8, 8}); // valid [6, 7], used as its transpose [7, 6]
  pl::Tile<pl::fp32, pl::dyn, pl::dyn, pl::Mem::Acc> c =
      pl::matmul(a, b, {.out_dtype = pl::fp32, .a_trans = true, .b_trans = true});
  EXPECT_EQ(c.valid_shape(), (Shape{5, 6}));
  expectSameBits(pl::detail::validPart(c.data()),
                 refMatmul(av, bv, true, true, DType::FP32, nullptr, nullptr), "a_trans b_trans");
  auto d = pl::matmul_acc(c, a, b, {.a_trans = true, .b_trans = true});
  const Array first = refMatmul(av, bv, true, true, DType::FP32, nullptr, nullptr);
  expectSameBits(pl::detail::validPart(d.data()),
                 refMatmul(av, bv, true, true, DType::FP32, &first, nullptr), "matmul_acc");
}

// ---- windows, views and pooled buffers ---------------------------------------------------------

TEST(EagerFast, WindowsOfArraysAndStridedViews) {
  const Array base = makeArray(DType::FP32, Shape{6, 8}, 42);
  const auto owner = std::make_shared<Array>(base);
  // Windows partly out of bounds, of every rank, and negative offsets (read as zero).
  expectSameBits(pl::detail::window(base, {4, 5}, {4, 4}), refWindow(base, {4, 5}, {4, 4}),
                 "ragged");
  expectSameBits(pl::detail::window(base, {-2, 1}, {5, 3}), refWindow(base, {-2, 1}, {5, 3}),
                 "negative");
  expectSameBits(pl::detail::window(base, {7, 0}, {2, 2}), refWindow(base, {7, 0}, {2, 2}),
                 "outside");
  const Array r1 = makeArray(DType::Int32, Shape{10}, 43),
              r3 = makeArray(DType::FP16, Shape{2, 3, 4}, 44);
  expectSameBits(pl::detail::window(r1, {7}, {5}), refWindow(r1, {7}, {5}), "rank 1");
  expectSameBits(pl::detail::window(r3, {1, 1, 2}, {1, 3, 3}), refWindow(r3, {1, 1, 2}, {1, 3, 3}),
                 "rank 3");
  // A column-major view (strides 1, 8) and a strided row view (every other row).
  const auto cm = pl::detail::makeView(owner, Shape{5, 4}, 1, Shape{1, 8});
  Array want(DType::FP32, Shape{5, 4});
  for (std::int64_t i = 0; i < 5; ++i)
    for (std::int64_t j = 0; j < 4; ++j)
      want.data[i * 4 + j] = base.data[1 + i + j * 8];
  expectSameBits(*cm, want, "refresh of a column-major view");
  expectSameBits(pl::detail::window(*cm, {1, 1}, {5, 5}), refWindow(*cm, {1, 1}, {5, 5}),
                 "window of a view");
  const auto rows = pl::detail::makeView(owner, Shape{3, 8}, 8, Shape{16, 1});
  expectSameBits(pl::detail::window(*rows, {1, 2}, {2, 6}), refWindow(*rows, {1, 2}, {2, 6}),
                 "row view");
}

TEST(EagerFast, WriteWindowIntoArraysAndViewsConverting) {
  const Array src = makeArray(DType::FP32, Shape{3, 4}, 77);
  for (DType to : {DType::FP32, DType::FP16, DType::BF16}) {
    // Into an owning array at an offset, converting, element by element for the expectation.
    Array dst = makeArray(to, Shape{5, 7}, 78);
    Array want = dst;
    for (std::int64_t i = 0; i < 3; ++i)
      for (std::int64_t j = 0; j < 4; ++j)
        want.data[(i + 2) * 7 + j + 1] =
            pl::detail::convertSlot(DType::FP32, to, src.data[i * 4 + j]);
    pl::detail::writeWindow(dst, src, {2, 1}, {3, 4});
    expectSameBits(dst, want, "writeWindow into " + std::string(pl::dtypeName(to)));
    // Into a column-major view: writes land in the base at the view's strides.
    auto owner = std::make_shared<Array>(makeArray(to, Shape{6, 8}, 79));
    Array wantBase = *owner;
    const auto cm = pl::detail::makeView(owner, Shape{5, 4}, 2, Shape{1, 8});
    for (std::int64_t i = 0; i < 2; ++i)
      for (std::int64_t j = 0; j < 3; ++j)
        wantBase.data[2 + (i + 3) + (j + 1) * 8] =
            pl::detail::convertSlot(DType::FP32, to, src.data[i * 4 + j]);
    pl::detail::writeWindow(*cm, src, {3, 1}, {2, 3});
    expectSameBits(*owner, wantBase,
                   "writeWindow into a view of " + std::string(pl::dtypeName(to)));
  }
}

TEST(EagerFast, PooledBuffersAreReusedAndZeroed) {
  pl::detail::SlotPool::get()->free.clear(); // buffers other tests parked
  const Slot *first = nullptr;
  {
    Array a(DType::FP32, Shape{64, 64});
    for (auto &s : a.data)
      s = pl::detail::slotFromDouble(DType::FP32, 3.0);
    first = a.data.data();
  }
  Array b(DType::FP32, Shape{64, 64});
  EXPECT_EQ(b.data.data(), first); // the parked buffer, not a fresh allocation
  for (Slot s : b.data)
    ASSERT_EQ(s, Slot{0});
  Array c = b; // a copy takes its own buffer
  EXPECT_NE(c.data.data(), b.data.data());
  Array small(DType::FP32, Shape{2, 2}); // under the pool's minimum: malloc's own
  EXPECT_EQ(small.data.size(), 4u);
}

} // namespace
