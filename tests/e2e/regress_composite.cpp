// tests/e2e/regress_composite.cpp — sin / cos, which PTO-ISA has no instruction for (issue 37,
// LowerCompositeOps): a translated kernel runs the pass's chain of instructions, the eager run
// std::sin / std::cos in double. fp32 results must be within the chain's documented bound
// (docs/ops.md: 2e-7 absolute for |x| <= 2^15·π) of sin / cos in double, on ragged row blocks in
// a loop of 0 / 1 / 3 trips, with negative and large operands, ±0, ±π/2, ±inf and NaN; fp16 and
// bf16 (computed in fp32 through casts) within their dtype's default tolerance.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <pl/dsl.hpp>
#include <vector>

#include "report.hpp"

using T = pl::Tensor<pl::fp32, 20, 40>;
using H = pl::Tensor<pl::fp16, 16, 32>;
using B = pl::Tensor<pl::bf16, 16, 32>;

/// Rows [r, r + 8) of s = sin(x) and c = cos(x), through a ragged [8, 48] window (the last block
/// of 20 rows has 4; the window is 8 columns wider than the tensor).
PL_FUNCTION(pl::FunctionType::InCore)
void trigRows(pl::Index r, T x, pl::InOut<T> s, pl::InOut<T> c) {
  auto t = pl::load(x, {r, 0}, {8, 48});
  pl::store(pl::sin(t), {r, 0}, s);
  pl::store(pl::cos(t), {r, 0}, c);
}

/// n row blocks; rows past 8·n keep their values (0 trips: all of them).
PL_FUNCTION(pl::FunctionType::Orchestration)
void trigLoop(pl::Index n, T x, pl::InOut<T> s, pl::InOut<T> c) {
  for (auto i : pl::range(n))
    trigRows(i * 8, x, s, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
void sinHalf(H x, pl::Out<H> y) { pl::store(pl::sin(pl::load(x, {0, 0}, {16, 32})), {0, 0}, y); }

PL_FUNCTION(pl::FunctionType::InCore)
void cosBf16(B x, pl::Out<B> y) { pl::store(pl::cos(pl::load(x, {0, 0}, {16, 32})), {0, 0}, y); }

namespace {
e2e::Report report("regress_composite");
void check(bool ok, const char *what) { report(what, ok); }
} // namespace

int main() {
  const double pi = 3.14159265358979323846;
  std::vector<float> xs =
      pl::random_vector(20 * 40, 31, static_cast<float>(-100 * pi), static_cast<float>(100 * pi));
  const float special[] = {0.0f,
                           -0.0f,
                           static_cast<float>(pi / 2),
                           static_cast<float>(-pi / 2),
                           static_cast<float>(pi),
                           1e4f,
                           -9e4f,
                           102000.0f,
                           -3.5f,
                           INFINITY,
                           -INFINITY,
                           NAN};
  for (int i = 0; i < 12; ++i) // spread over the row blocks
    xs[i * 67] = special[i];
  for (int i = 0; i < 40; ++i) // a row of small operands
    xs[5 * 40 + i] = static_cast<float>((i - 20) * 0.01);
  const T x(xs);
  const std::vector<float> s0 = pl::random_vector(20 * 40, 32), c0 = pl::random_vector(20 * 40, 33);
  const pl::AllcloseOptions chain{.rtol = 0.0, .atol = 2e-7, .equal_nan = true};

  for (pl::Index n : {0, 1, 3}) {
    T s(s0), c(c0);
    trigLoop(n, x, s, c);
    std::vector<double> ws(s0.begin(), s0.end()), wc(c0.begin(), c0.end());
    for (int k = 0; k < std::min<int>(20 * 40, static_cast<int>(n) * 8 * 40); ++k) {
      ws[k] = std::sin(static_cast<double>(xs[k]));
      wc[k] = std::cos(static_cast<double>(xs[k]));
    }
    check(pl::allclose(s, ws, chain), "fp32 sin within 2e-7 of sin in double");
    check(pl::allclose(c, wc, chain), "fp32 cos within 2e-7 of cos in double");
  }
  {
    const H xh(pl::random_vector(16 * 32, 34, -8.0f, 8.0f));
    H y;
    sinHalf(xh, y);
    std::vector<double> w = xh.to_vector<double>();
    for (double &v : w)
      v = std::sin(v);
    check(pl::allclose(y, w), "fp16 sin");
  }
  {
    const B xb(pl::random_vector(16 * 32, 35, -50.0f, 50.0f));
    B y;
    cosBf16(xb, y);
    std::vector<double> w = xb.to_vector<double>();
    for (double &v : w)
      v = std::cos(v);
    check(pl::allclose(y, w), "bf16 cos");
  }
  return report.exitCode();
}
