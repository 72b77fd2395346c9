// tests/e2e/regress_cast_chains.cpp — tile casts a2a3's TCVT has no single conversion for (issue
// 37, LegalizeTileCast): translated, each runs as a chain of the conversions it has (fp32 -> int8
// through int16 and fp16, int8 -> fp32 through fp16, ...). Every result is compared bit for bit
// with a reference computed here from the C++ definition of the conversion (round with the
// mode, saturate, NaN -> 0; integers widen exactly or wrap; floats round to nearest even), on
// negative, fractional, tie, out-of-range and NaN operands, through a ragged window (a 16 x 64
// tile over 40 columns) in a loop of 0 / 1 / 2 trips.
#include <pl/dsl.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>

using F = pl::Tensor<pl::fp32, 32, 40>;
using I8 = pl::Tensor<pl::i8, 32, 40>;
using U8 = pl::Tensor<pl::u8, 32, 40>;
using I16 = pl::Tensor<pl::i16, 32, 40>;
using I32 = pl::Tensor<pl::i32, 32, 40>;
using I64 = pl::Tensor<pl::i64, 32, 40>;
using H = pl::Tensor<pl::fp16, 32, 40>;
using B = pl::Tensor<pl::bf16, 32, 40>;

/// fp32 -> int8 in four modes and -> uint8, rows [r, r + 16) through a 16 x 64 window.
PL_FUNCTION(pl::FunctionType::InCore)
void fromFloat(pl::Index r, F x, pl::InOut<I8> rint, pl::InOut<I8> floor, pl::InOut<I8> ceil,
               pl::InOut<I8> trunc, pl::InOut<U8> round) {
  auto t = pl::load(x, {r, 0}, {16, 64});
  pl::store(pl::cast(t, pl::i8), {r, 0}, rint);
  pl::store(pl::cast(t, pl::i8, pl::RoundMode::Floor), {r, 0}, floor);
  pl::store(pl::cast(t, pl::i8, pl::RoundMode::Ceil), {r, 0}, ceil);
  pl::store(pl::cast(t, pl::i8, pl::RoundMode::Trunc), {r, 0}, trunc);
  pl::store(pl::cast(t, pl::u8, pl::RoundMode::Round), {r, 0}, round);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void fromFloatLoop(pl::Index n, F x, pl::InOut<I8> rint, pl::InOut<I8> floor, pl::InOut<I8> ceil,
                   pl::InOut<I8> trunc, pl::InOut<U8> round) {
  for (auto i : pl::range(n))
    fromFloat(i * 16, x, rint, floor, ceil, trunc, round);
}

/// bf16 -> int8 (floor), uint8, int16 (ceil), int64 (trunc), fp16; fp16 -> bf16, int64 (round).
PL_FUNCTION(pl::FunctionType::InCore)
void fromHalves(B b, H h, pl::Out<I8> b8, pl::Out<U8> bu8, pl::Out<I16> b16, pl::Out<I64> b64,
                pl::Out<H> bh, pl::Out<B> hb, pl::Out<I64> h64) {
  auto tb = pl::load(b, {0, 0}, {32, 64});
  auto th = pl::load(h, {0, 0}, {32, 64});
  pl::store(pl::cast(tb, pl::i8, pl::RoundMode::Floor), {0, 0}, b8);
  pl::store(pl::cast(tb, pl::u8), {0, 0}, bu8);
  pl::store(pl::cast(tb, pl::i16, pl::RoundMode::Ceil), {0, 0}, b16);
  pl::store(pl::cast(tb, pl::i64, pl::RoundMode::Trunc), {0, 0}, b64);
  pl::store(pl::cast(tb, pl::fp16), {0, 0}, bh);
  pl::store(pl::cast(th, pl::bf16), {0, 0}, hb);
  pl::store(pl::cast(th, pl::i64, pl::RoundMode::Round), {0, 0}, h64);
}

/// int8 / uint8 -> fp32, bf16, int16, int32, int64; int16 -> bf16, int32, int64; int64 -> int16.
PL_FUNCTION(pl::FunctionType::InCore)
void fromInts(I8 a, U8 u, I16 s, I64 l, pl::Out<F> af, pl::Out<B> ab, pl::Out<I16> as,
              pl::Out<I32> ai, pl::Out<I64> al, pl::Out<F> uf, pl::Out<B> ub, pl::Out<I16> us,
              pl::Out<I32> ui, pl::Out<I64> ul, pl::Out<B> sb, pl::Out<I32> si, pl::Out<I64> sl,
              pl::Out<I16> ls) {
  auto ta = pl::load(a, {0, 0}, {32, 64});
  auto tu = pl::load(u, {0, 0}, {32, 64});
  auto ts = pl::load(s, {0, 0}, {32, 64});
  auto tl = pl::load(l, {0, 0}, {32, 64});
  pl::store(pl::cast(ta, pl::fp32), {0, 0}, af);
  pl::store(pl::cast(ta, pl::bf16), {0, 0}, ab);
  pl::store(pl::cast(ta, pl::i16), {0, 0}, as);
  pl::store(pl::cast(ta, pl::i32), {0, 0}, ai);
  pl::store(pl::cast(ta, pl::i64), {0, 0}, al);
  pl::store(pl::cast(tu, pl::fp32), {0, 0}, uf);
  pl::store(pl::cast(tu, pl::bf16), {0, 0}, ub);
  pl::store(pl::cast(tu, pl::i16), {0, 0}, us);
  pl::store(pl::cast(tu, pl::i32), {0, 0}, ui);
  pl::store(pl::cast(tu, pl::i64), {0, 0}, ul);
  pl::store(pl::cast(ts, pl::bf16), {0, 0}, sb);
  pl::store(pl::cast(ts, pl::i32), {0, 0}, si);
  pl::store(pl::cast(ts, pl::i64), {0, 0}, sl);
  pl::store(pl::cast(tl, pl::i16), {0, 0}, ls);
}

namespace {
int failures = 0;
constexpr int kN = 32 * 40;

/// Round to nearest even onto `mbits` mantissa bits (the value is in the format's normal range).
double roundMantissa(double x, int mbits) {
  if (x == 0 || !std::isfinite(x))
    return x;
  int e = 0;
  std::frexp(x, &e); // x = m · 2^e, 0.5 <= |m| < 1
  const double scale = std::ldexp(1.0, mbits + 1 - e);
  return std::nearbyint(x * scale) / scale;
}
double bf16Of(double x) { return roundMantissa(x, 7); }
double fp16Of(double x) {
  return std::fabs(x) >= 65520.0 ? std::copysign(INFINITY, x) : roundMantissa(x, 10);
}

template <class Int> double saturate(double r) {
  const double lo = static_cast<double>(std::numeric_limits<Int>::min());
  const double hi = static_cast<double>(std::numeric_limits<Int>::max());
  return r <= lo ? lo : r >= hi ? hi : r;
}
template <class Int> double toInt(double x, double (*round)(double)) {
  return std::isnan(x) ? 0.0 : saturate<Int>(round(x));
}
double rne(double x) { return std::nearbyint(x); }

template <class Tn> void expect(const Tn &got, const std::vector<double> &want, const char *what) {
  const bool ok = pl::allclose(got, want, {.rtol = 0.0, .atol = 0.0, .equal_nan = true});
  failures += ok ? 0 : 1;
  if (!ok)
    std::printf("FAIL: %s\n", what);
}

template <class Tn> std::vector<double> values(const Tn &t) {
  return t.template to_vector<double>();
}
std::vector<double> map(const std::vector<double> &xs, double (*f)(double)) {
  std::vector<double> out(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i)
    out[i] = f(xs[i]);
  return out;
}
} // namespace

int main() {
  // fp32 operands: ties, fractions, out of range both ways, NaN, infinities, random.
  std::vector<float> fs = pl::random_vector(kN, 41, -300.0f, 300.0f);
  const float special[] = {0.5f,    -0.5f,    1.5f,      2.5f,  -2.5f,   127.5f,   -128.5f, 128.0f,
                           -129.0f, 255.5f,   256.0f,    -1.0f, 2048.5f, 40000.0f, -1e9f,   1e30f,
                           NAN,     INFINITY, -INFINITY, -0.0f, 3.75f,   -3.25f,   100.49f, -0.49f};
  for (int i = 0; i < 24; ++i)
    fs[static_cast<std::size_t>(i * 53)] = special[i];
  const F x(fs);
  const std::vector<double> xd = values(x);
  for (pl::Index n : {0, 1, 2}) {
    const std::vector<float> init = pl::random_vector(kN, 42, -100.0f, 100.0f);
    I8 rint(init), floor(init), ceil(init), trunc(init);
    U8 round(pl::random_vector(kN, 43, 0.0f, 200.0f));
    std::vector<double> wr = values(rint), wf = values(floor), wc = values(ceil),
                        wt = values(trunc), wu = values(round);
    fromFloatLoop(n, x, rint, floor, ceil, trunc, round);
    for (int k = 0; k < static_cast<int>(n) * 16 * 40; ++k) { // rows 0 .. 16n of 40 columns
      const double v = xd[static_cast<std::size_t>(k)];
      wr[k] = toInt<std::int8_t>(v, rne);
      wf[k] = toInt<std::int8_t>(v, [](double a) { return std::floor(a); });
      wc[k] = toInt<std::int8_t>(v, [](double a) { return std::ceil(a); });
      wt[k] = toInt<std::int8_t>(v, [](double a) { return std::trunc(a); });
      wu[k] = toInt<std::uint8_t>(v, [](double a) { return std::round(a); });
    }
    expect(rint, wr, "fp32 -> int8 rint");
    expect(floor, wf, "fp32 -> int8 floor");
    expect(ceil, wc, "fp32 -> int8 ceil");
    expect(trunc, wt, "fp32 -> int8 trunc");
    expect(round, wu, "fp32 -> uint8 round");
  }

  {
    std::vector<float> hs = pl::random_vector(kN, 44, -70000.0f, 70000.0f);
    for (int i = 0; i < 24; ++i)
      hs[static_cast<std::size_t>(i * 51 + 7)] = special[i];
    const B b(hs);
    const H h(pl::random_vector(kN, 45, -60000.0f, 60000.0f));
    I8 b8;
    U8 bu8;
    I16 b16;
    I64 b64, h64;
    H bh;
    B hb;
    fromHalves(b, h, b8, bu8, b16, b64, bh, hb, h64);
    const std::vector<double> bd = values(b), hd = values(h);
    std::vector<double> w8(kN), wu8(kN), w16(kN), w64(kN), wbh(kN), whb(kN), wh64(kN);
    for (int k = 0; k < kN; ++k) {
      w8[k] = toInt<std::int8_t>(bd[k], [](double a) { return std::floor(a); });
      wu8[k] = toInt<std::uint8_t>(bd[k], rne);
      w16[k] = toInt<std::int16_t>(bd[k], [](double a) { return std::ceil(a); });
      w64[k] = toInt<std::int64_t>(bd[k], [](double a) { return std::trunc(a); });
      wbh[k] = fp16Of(bd[k]);
      whb[k] = bf16Of(hd[k]);
      wh64[k] = toInt<std::int64_t>(hd[k], [](double a) { return std::round(a); });
    }
    expect(b8, w8, "bf16 -> int8 floor");
    expect(bu8, wu8, "bf16 -> uint8");
    expect(b16, w16, "bf16 -> int16 ceil");
    expect(b64, w64, "bf16 -> int64 trunc");
    expect(bh, wbh, "bf16 -> fp16");
    expect(hb, whb, "fp16 -> bf16");
    expect(h64, wh64, "fp16 -> int64 round");
  }

  {
    std::vector<std::int64_t> as(kN), us(kN), ss(kN), ls(kN);
    for (int k = 0; k < kN; ++k) {
      as[k] = (k * 37) % 256 - 128;
      us[k] = (k * 53) % 256;
      ss[k] = (k * 977) % 65536 - 32768;
      ls[k] = (static_cast<std::int64_t>(k) * 0x9E3779B97F4A7C15LL) >> (k % 40);
    }
    const I8 a(as);
    const U8 u(us);
    const I16 s(ss);
    const I64 l(ls);
    F af, uf;
    B ab, ub, sb;
    I16 as16, us16, ls16;
    I32 ai, ui, si;
    I64 al, ul, sl;
    fromInts(a, u, s, l, af, ab, as16, ai, al, uf, ub, us16, ui, ul, sb, si, sl, ls16);
    const std::vector<double> ad = values(a), ud = values(u), sd = values(s);
    expect(af, ad, "int8 -> fp32");
    expect(ab, map(ad, bf16Of), "int8 -> bf16");
    expect(as16, ad, "int8 -> int16");
    expect(ai, ad, "int8 -> int32");
    expect(al, ad, "int8 -> int64");
    expect(uf, ud, "uint8 -> fp32");
    expect(ub, map(ud, bf16Of), "uint8 -> bf16");
    expect(us16, ud, "uint8 -> int16");
    expect(ui, ud, "uint8 -> int32");
    expect(ul, ud, "uint8 -> int64");
    expect(sb, map(sd, bf16Of), "int16 -> bf16");
    expect(si, sd, "int16 -> int32");
    expect(sl, sd, "int16 -> int64");
    std::vector<double> wls(kN);
    for (int k = 0; k < kN; ++k)
      wls[k] = static_cast<std::int16_t>(static_cast<std::uint16_t>(ls[k] & 0xFFFF));
    expect(ls16, wls, "int64 -> int16 (wraps)");
  }

  if (failures == 0)
    std::printf("regress_cast_chains: ok\n");
  return failures == 0 ? 0 : 1;
}
