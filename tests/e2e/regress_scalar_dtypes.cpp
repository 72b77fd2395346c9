// tests/e2e/regress_scalar_dtypes.cpp — scalar values of every dtype, translated vs eager
// (issue 11, "no silent wrong results"): scalar parameters of each dtype arrive exactly (an fp16
// parameter passed from the host used to arrive as 0: the host packed a float's 32 bits, the
// kernel read them as a double), conversions to a narrow float round to it as the eager
// pl::Scalar<D> constructor does (they used to keep the unrounded value), a float converted to a
// narrower integer truncates and saturates as eager does, arithmetic on fp16 / bf16 scalars runs
// in float (C++'s conversion of pl::Scalar<fp16>) and rounds only where a pl::Scalar<fp16> is
// built, in kernels and in orchestration code, including an fp32 argument to an fp16 kernel
// parameter. The host reference is plain C++ with pl::round_to; every value is compared exactly.
#include <pl/dsl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "report.hpp"

namespace {

using I64 = std::int64_t;
using U64 = std::uint64_t;
constexpr int kLanes = 4;
constexpr int kParamF = 3, kParamI = 10; // float / integer parameters of `params`
constexpr int kCastF = 12, kCastI = 9;   // float / integer results of `casts`
constexpr int kOrchF = 6, kOrchI = 5;    // float / integer results of `orch`
using FOut = pl::Tensor<pl::fp32, 16, kLanes>;
using IOut = pl::Tensor<pl::i64, 16, kLanes>;
using X = pl::Tensor<pl::fp32, 8, 8>;

} // namespace

#define PUTF(k, e) pl::store(pl::full_tile({1, kLanes}, pl::fp32, float(e)), {k, 0}, fo);
#define PUTI(k, e) pl::store(pl::full_tile({1, kLanes}, pl::i64, pl::Index(e)), {k, 0}, io);

/// The reproducer: an fp16 scalar parameter scaling a tile.
PL_FUNCTION(pl::FunctionType::InCore)
void scale_h(X x, pl::Scalar<pl::fp16> h, pl::Out<X> y) {
  pl::store(pl::muls(pl::load(x, {0, 0}, {8, 8}), h), {0, 0}, y);
}

/// One parameter of each scalar dtype, written back as it arrived.
PL_FUNCTION(pl::FunctionType::InCore)
void params(pl::Scalar<pl::fp16> h, pl::Scalar<pl::bf16> b, pl::Scalar<pl::fp32> f,
            pl::Scalar<pl::i8> c, pl::Scalar<pl::i16> s, pl::Scalar<pl::i32> i,
            pl::Scalar<pl::i64> l, pl::Scalar<pl::u8> uc, pl::Scalar<pl::u16> us,
            pl::Scalar<pl::u32> ui, pl::Scalar<pl::u64> ul, pl::Scalar<pl::bool_> t, pl::Index n,
            pl::Out<FOut> fo, pl::Out<IOut> io) {
  PUTF(0, h)
  PUTF(1, b)
  PUTF(2, f)
  PUTI(0, c)
  PUTI(1, s)
  PUTI(2, i)
  PUTI(3, l)
  PUTI(4, uc)
  PUTI(5, us)
  PUTI(6, ui)
  PUTI(7, ul)
  PUTI(8, t)
  PUTI(9, n)
}

/// Conversions inside a kernel: to each narrow float (rounded), arithmetic on narrow-float
/// scalars, float to integers (toward zero, saturating), integers to fp16.
PL_FUNCTION(pl::FunctionType::InCore)
void casts(pl::Scalar<pl::fp32> f, pl::Index n, pl::Out<FOut> fo, pl::Out<IOut> io) {
  pl::Scalar<pl::fp16> h = f * 0.3f;
  pl::Scalar<pl::bf16> b = f * 0.3f;
  pl::Scalar<pl::fp8e4m3> e4 = f * 0.3f;
  pl::Scalar<pl::fp8e5m2> e5 = f * 0.3f;
  pl::Scalar<pl::fp16> a = f;
  pl::Scalar<pl::fp16> p = a * a + h; // computed in float, rounded once
  float q = a * 3.0f + h;             // computed in float, not rounded to fp16
  pl::Scalar<pl::bf16> r = b * b - q;
  pl::Scalar<pl::fp16> hn = n;        // 2049 is not an fp16: 2048
  pl::Scalar<pl::bf16> bn = n * 3;
  pl::Scalar<pl::fp16> hh = h * 7.0f; // fp16 from fp16 arithmetic
  pl::Scalar<pl::fp32> ff = h / 3.0f;
  PUTF(0, h)
  PUTF(1, b)
  PUTF(2, e4)
  PUTF(3, e5)
  PUTF(4, a)
  PUTF(5, p)
  PUTF(6, q)
  PUTF(7, r)
  PUTF(8, hn)
  PUTF(9, bn)
  PUTF(10, hh)
  PUTF(11, ff)
  pl::Scalar<pl::i32> t = f * 1000.0f;   // toward zero: 1700
  pl::Scalar<pl::i8> sat = f * 1000.0f;  // saturates: 127
  pl::Scalar<pl::i8> satn = -f * 1000.0f; // saturates: -128
  pl::Scalar<pl::u8> neg = -f;           // saturates: 0
  pl::Scalar<pl::u16> u = f * 100.0f;    // 170
  pl::Scalar<pl::i64> hi = h * 1000.0f;  // from an fp16 value
  pl::Scalar<pl::bool_> nz = f;
  pl::Scalar<pl::i16> wrap = n * 100;    // integers wrap: 204900 mod 2^16
  pl::Index back = pl::Index(b * 64.0f);
  PUTI(0, t)
  PUTI(1, sat)
  PUTI(2, satn)
  PUTI(3, neg)
  PUTI(4, u)
  PUTI(5, hi)
  PUTI(6, nz)
  PUTI(7, wrap)
  PUTI(8, back)
}

PL_FUNCTION(pl::FunctionType::InCore)
void put_f(pl::Index k, pl::Scalar<pl::fp32> v, pl::InOut<FOut> fo) { PUTF(k, v) }
PL_FUNCTION(pl::FunctionType::InCore)
void put_h(pl::Index k, pl::Scalar<pl::fp16> v, pl::InOut<FOut> fo) { PUTF(k, v) }
PL_FUNCTION(pl::FunctionType::InCore)
void put_b(pl::Index k, pl::Scalar<pl::bf16> v, pl::InOut<FOut> fo) { PUTF(k, v) }
PL_FUNCTION(pl::FunctionType::InCore)
void put_c(pl::Index k, pl::Scalar<pl::i8> v, pl::InOut<IOut> io) { PUTI(k, v) }
PL_FUNCTION(pl::FunctionType::InCore)
void put_u(pl::Index k, pl::Scalar<pl::u32> v, pl::InOut<IOut> io) { PUTI(k, v) }

/// Scalars in orchestration code: parameters, casts, and arguments converted by the kernel's
/// parameter type.
PL_FUNCTION(pl::FunctionType::Orchestration)
void orch(pl::Scalar<pl::fp32> f, pl::Scalar<pl::fp16> h, pl::Scalar<pl::bf16> b,
          pl::Scalar<pl::i8> c, pl::Scalar<pl::u32> u, pl::InOut<FOut> fo, pl::InOut<IOut> io) {
  pl::Scalar<pl::fp16> g = f * 0.3f;
  put_f(0, g, fo);
  put_f(1, h, fo);
  put_h(2, f * 0.7f, fo); // rounded by put_h's parameter
  put_b(3, f * 0.7f, fo);
  put_f(4, b, fo);
  put_h(5, h * 3.0f + b, fo);
  put_c(0, c, io);
  put_c(1, f * 1000.0f, io); // saturates at put_c's parameter
  put_c(2, pl::Index(300) + c, io); // wraps at put_c's parameter
  put_u(3, u, io);
  put_u(4, pl::Index(h * 10.0f), io);
}

namespace {

double r16(double x) { return pl::round_to(pl::DType::FP16, x); }
double rb16(double x) { return pl::round_to(pl::DType::BF16, x); }

e2e::Report report("regress_scalar_dtypes");

template <class T, class V>
void check(const char *name, const T &t, int rows, const std::vector<V> &expected) {
  const auto got = t.template to_vector<V>();
  int wrong = 0;
  for (int k = 0; k < rows; ++k)
    for (int j = 0; j < kLanes; ++j) {
      V g = got[static_cast<std::size_t>(k * kLanes + j)], e = expected[static_cast<std::size_t>(k)];
      if (!(g == e) && wrong++ < 8 && j == 0)
        std::printf("  %s[%d]: got %.17g, expected %.17g\n", name, k, static_cast<double>(g),
                    static_cast<double>(e));
    }
  std::vector<V> lanes;
  for (int k = 0; k < rows; ++k)
    lanes.insert(lanes.end(), kLanes, expected[static_cast<std::size_t>(k)]);
  lanes.resize(got.size(), V(0));
  pl::allclose(t, lanes); // records the result for the translated-vs-eager comparison
  report(name, wrong == 0);
}

} // namespace

int main() {
  // The reproducer of the issue: h = 2.4f arrives as the fp16 2.40039062.
  std::vector<float> xs(64);
  for (int i = 0; i < 64; ++i)
    xs[static_cast<std::size_t>(i)] = static_cast<float>(i - 20) / 4.0f;
  X x(xs), y;
  scale_h(x, 2.4f, y);
  {
    std::vector<float> e(64);
    const float h = static_cast<float>(r16(2.4));
    for (int i = 0; i < 64; ++i)
      e[static_cast<std::size_t>(i)] = xs[static_cast<std::size_t>(i)] * h;
    const auto got = y.to_vector<float>();
    int wrong = 0;
    for (int i = 0; i < 64; ++i)
      if (got[static_cast<std::size_t>(i)] != e[static_cast<std::size_t>(i)] && wrong++ < 4)
        std::printf("  scale_h[%d]: got %.9g, expected %.9g\n", i, got[static_cast<std::size_t>(i)],
                    e[static_cast<std::size_t>(i)]);
    pl::allclose(y, e);
    report("scale_h", wrong == 0);
  }

  // Every dtype as a parameter; each argument is converted by the parameter's type.
  FOut pf;
  IOut pi;
  params(2.4f, 2.4f, 0.1f, 300, -40000, I64(3000000000), I64(-5) << 40, -1, 70000, -2,
         ~U64(0) - 5, 2, I64(-7) << 50, pf, pi);
  check("params.float", pf, kParamF,
        std::vector<float>{float(r16(2.4)), float(rb16(2.4)), 0.1f});
  check("params.int", pi, kParamI,
        std::vector<I64>{44, 25536, I64(3000000000) - (I64(1) << 32), I64(-5) << 40, 255, 4464,
                         I64(0xFFFFFFFEu), static_cast<I64>(~U64(0) - 5), 1, I64(-7) << 50});

  // Conversions and narrow-float arithmetic in a kernel.
  FOut cf;
  IOut ci;
  const float f = 1.7f;
  const I64 n = 2049;
  casts(f, n, cf, ci);
  {
    const float h = float(r16(f * 0.3f)), b = float(rb16(f * 0.3f)), a = float(r16(f));
    const float q = a * 3.0f + h;
    const float hh = float(r16(h * 7.0f));
    check("casts.float", cf, kCastF,
          std::vector<float>{h, b, float(pl::round_to(pl::DType::FP8E4M3FN, f * 0.3f)),
                             float(pl::round_to(pl::DType::FP8E5M2, f * 0.3f)), a,
                             float(r16(a * a + h)), q, float(rb16(b * b - q)), 2048.0f,
                             float(rb16(double(n * 3))), hh, h / 3.0f});
    check("casts.int", ci, kCastI,
          std::vector<I64>{1700, 127, -128, 0, 170, static_cast<I64>(h * 1000.0f), 1,
                           static_cast<std::int16_t>(n * 100), static_cast<I64>(b * 64.0f)});
  }

  // Orchestration scalars.
  FOut of;
  IOut oi;
  orch(f, 2.4f, 2.4f, -3, 4000000000u, of, oi);
  {
    const float h = float(r16(2.4)), b = float(rb16(2.4));
    check("orch.float", of, kOrchF,
          std::vector<float>{float(r16(f * 0.3f)), h, float(r16(f * 0.7f)), float(rb16(f * 0.7f)),
                             b, float(r16(h * 3.0f + b))});
    check("orch.int", oi, kOrchI,
          std::vector<I64>{-3, 127, static_cast<std::int8_t>(297), 4000000000,
                           static_cast<I64>(h * 10.0f)});
  }
  return report.exitCode();
}
