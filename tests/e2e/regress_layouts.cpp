// tests/e2e/regress_layouts.cpp — what the PTO-ISA operand rules change: row reductions written
// without a scratch tile (MaterializeScratchTiles plans one), elementwise ops on their [R, 1]
// column results (ResolveBackendOpLayouts runs them on [1, R] row-major reshapes): adds, sub,
// exp, cmp + sel, a cast round trip, mul / maximum / neg, on ragged windows (4 valid rows), with
// negative operands, in a loop carry of two columns over 3 and 0 trips; column reductions with
// and without a scratch tile (TCOLSUM's binary form). Eager and translated must agree, and
// both must match the plain C++ reference.
#include <pl/dsl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "report.hpp"

using X = pl::Tensor<pl::fp32, 20, 64>;
using C = pl::Tensor<pl::fp32, 20, 8>;
using T = pl::Tile<pl::fp32, 16, 64>;
using Col = pl::Tile<pl::fp32, 16, 1>;
using Vec = std::vector<float>;

/// Window k of x (rows 16.. hold 4): its row reductions combined elementwise, one column each.
PL_FUNCTION(pl::FunctionType::InCore)
void column_math(X x, pl::Index k, pl::Out<C> o) {
  T t = pl::load(x, {k * 16, 0}, {16, 64});
  Col s = pl::row_sum(t);
  Col m = pl::row_max(t);
  Col n = pl::row_min(t);
  Col p = pl::row_prod(pl::adds(pl::muls(t, 0.01f), 1.0f));
  pl::store(pl::adds(s, 1.5f), {k * 16, 0}, o);
  pl::store(pl::sub(m, n), {k * 16, 1}, o);
  pl::store(pl::exp(pl::muls(n, -0.5f)), {k * 16, 2}, o);
  pl::store(pl::sel(pl::cmp(s, pl::muls(m, 8.0f), pl::CmpMode::Gt), s, m), {k * 16, 3}, o);
  pl::store(pl::cast(pl::cast(pl::muls(s, 3.0f), pl::fp16), pl::fp32), {k * 16, 4}, o);
  pl::store(pl::mul(p, pl::maximum(m, pl::neg(n))), {k * 16, 5}, o);
}

/// Two columns carried through n trips: acc = acc / 2 + 1, lo = min(lo, acc).
PL_FUNCTION(pl::FunctionType::InCore)
void column_carry(X x, pl::Index n, pl::Out<C> o) {
  T t = pl::load(x, {0, 0}, {16, 64});
  Col acc = pl::row_max(t);
  Col lo = pl::row_min(t);
  for (auto i : pl::range(n)) {
    (void)i;
    Col next = pl::adds(pl::muls(acc, 0.5f), 1.0f);
    lo = pl::minimum(lo, next);
    acc = next;
  }
  pl::store(acc, {0, 0}, o);
  pl::store(lo, {0, 1}, o);
}

/// Column reductions: sum with and without a scratch tile, max, argmax without one.
PL_FUNCTION(pl::FunctionType::InCore)
void column_reductions(X x, pl::Out<pl::Tensor<pl::fp32, 3, 64>> o,
                       pl::Out<pl::Tensor<pl::i32, 1, 64>> oi) {
  T t = pl::load(x, {0, 0}, {16, 64});
  T tmp = pl::create_tile({16, 64}, pl::fp32);
  pl::store(pl::col_sum(t), {0, 0}, o);
  pl::store(pl::col_sum(t, tmp), {1, 0}, o);
  pl::store(pl::col_max(t), {2, 0}, o);
  pl::store(pl::col_argmax(t), {0, 0}, oi);
}

/// Tensor ops that broadcast (NumPy rules), converted to tile ops that ExpandTileBroadcasts
/// turns into TROWEXPANDSUB / TCOLEXPAND* or an explicit expand: x - rowmax(x), rowmax(x) - x,
/// x * colsum(x) and rowmax(x) < colsum(x) (a [R, 1] against a [1, C]).
PL_JIT void broadcasts(pl::Tensor<pl::fp32, 16, 64> x, pl::Out<pl::Tensor<pl::fp32, 16, 192>> o,
                       pl::Out<pl::Tensor<pl::bool_, 16, 64>> lt) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    auto m = pl::row_max(x);
    auto c = pl::col_sum(x);
    pl::assemble(o, pl::sub(x, m), {0, 0});
    pl::assemble(o, pl::sub(m, x), {0, 64});
    pl::assemble(o, pl::mul(x, c), {0, 128});
    pl::assemble(lt, pl::cmp(m, c, pl::CmpMode::Lt), {0, 0});
  });
}

namespace {

float rowSum(const Vec &xs, int r) {
  double s = 0;
  for (int c = 0; c < 64; ++c)
    s += xs[r * 64 + c];
  return static_cast<float>(s);
}
float rowMax(const Vec &xs, int r) {
  return *std::max_element(xs.begin() + r * 64, xs.begin() + r * 64 + 64);
}
float rowMin(const Vec &xs, int r) {
  return *std::min_element(xs.begin() + r * 64, xs.begin() + r * 64 + 64);
}
float rowProd(const Vec &xs, int r) {
  double p = 1;
  for (int c = 0; c < 64; ++c)
    p *= static_cast<double>(static_cast<float>(static_cast<float>(xs[r * 64 + c] * 0.01f) + 1.0f));
  return static_cast<float>(p);
}

} // namespace

int main() {
  e2e::Report report("regress_layouts");
  Vec xs = pl::random_vector(20 * 64, 57, -4.0f, 4.0f);
  X x(xs);

  C o;
  column_math(x, 0, o);
  column_math(x, 1, o); // rows 16..19: a window of 4 valid rows
  Vec want(20 * 8, 0.0f);
  for (int r = 0; r < 20; ++r) {
    const float s = rowSum(xs, r), m = rowMax(xs, r), n = rowMin(xs, r), p = rowProd(xs, r);
    want[r * 8 + 0] = s + 1.5f;
    want[r * 8 + 1] = m - n;
    want[r * 8 + 2] = std::exp(n * -0.5f);
    want[r * 8 + 3] = s > m * 8.0f ? s : m;
    want[r * 8 + 4] = s * 3.0f; // through fp16: within rtol (2^-11); eager vs translated is exact
    want[r * 8 + 5] = p * std::max(m, -n);
  }
  report.close("column_math", o, want, {.rtol = 1e-3, .atol = 1e-4});

  for (pl::Index n : {pl::Index(3), pl::Index(0)}) {
    C oc;
    column_carry(x, n, oc);
    Vec wc(20 * 8, 0.0f);
    for (int r = 0; r < 16; ++r) {
      float acc = rowMax(xs, r), lo = rowMin(xs, r);
      for (pl::Index i = 0; i < n; ++i) {
        const float next = acc * 0.5f + 1.0f;
        lo = std::min(lo, next);
        acc = next;
      }
      wc[r * 8 + 0] = acc;
      wc[r * 8 + 1] = lo;
    }
    report.close(n ? "column_carry" : "column_carry_zero_trip", oc, wc);
  }

  pl::Tensor<pl::fp32, 3, 64> cr;
  pl::Tensor<pl::i32, 1, 64> ci;
  column_reductions(x, cr, ci);
  Vec wr(3 * 64), wi(64);
  for (int c = 0; c < 64; ++c) {
    double s = 0;
    float mx = xs[c];
    int arg = 0;
    for (int r = 0; r < 16; ++r) {
      s += xs[r * 64 + c];
      if (xs[r * 64 + c] > mx) {
        mx = xs[r * 64 + c];
        arg = r;
      }
    }
    wr[c] = wr[64 + c] = static_cast<float>(s);
    wr[128 + c] = mx;
    wi[c] = static_cast<float>(arg);
  }
  report.close("column_reductions", cr, wr, {.rtol = 1e-4, .atol = 1e-4});
  report.close("column_argmax", ci, wi);
  Vec xb(xs.begin(), xs.begin() + 16 * 64);
  pl::Tensor<pl::fp32, 16, 64> xt(xb);
  pl::Tensor<pl::fp32, 16, 192> ob;
  pl::Tensor<pl::bool_, 16, 64> lt;
  broadcasts(xt, ob, lt);
  Vec wb(16 * 192), wl(16 * 64);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 64; ++c) {
      double cs = 0;
      for (int k = 0; k < 16; ++k)
        cs += xb[k * 64 + c];
      const float m = rowMax(xb, r), v = xb[r * 64 + c];
      wb[r * 192 + c] = v - m;
      wb[r * 192 + 64 + c] = m - v;
      wb[r * 192 + 128 + c] = v * static_cast<float>(cs);
      wl[r * 64 + c] = m < static_cast<float>(cs) ? 1.0f : 0.0f;
    }
  report.close("broadcasts", ob, wb, {.rtol = 1e-4, .atol = 1e-4});
  report.close("broadcast_compare", lt, wl);
  return report.exitCode();
}
