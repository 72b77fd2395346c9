// tests/e2e/regress_rank_nd.cpp — tiles from tensors of rank != 2 (issue 37, FlattenTileNdTo2D):
// [1, R, C] windows of a rank-3 tensor and rows of a rank-1 tensor are 2-D tiles, in the eager
// run and translated. Rank-3: ragged row blocks (the last block of 20 rows has 4) of every batch
// in loops of 0 / 1 / 3 batches, a static pl::load<R, C> form, a store into a rank-3 tensor and a
// row reduction on the tile. Rank-1: ragged 32-element rows of a 100-element vector added to
// rows of a rank-2 tensor, stored back into a rank-1 tensor, in 0 / 1 / 4 trips. Checked against
// plain loops; a batch matmul written per batch from [1, 64, 64] Mat windows against the eager
// pl::batch_matmul; the translated run against the eager one.
#include <cmath>
#include <cstdio>
#include <pl/dsl.hpp>
#include <vector>

#include "report.hpp"

constexpr int B = 3, S = 20, D = 32, N = 100;
using X3 = pl::Tensor<pl::fp32, B, S, D>;
using V = pl::Tensor<pl::fp32, N>;
using M = pl::Tensor<pl::fp32, 4, N>;

/// y[b, r:r+8, :] = exp(x[b, r:r+8, :]) - rowmax(x[b, r:r+8, :]) (a ragged [1, 8, 32] window).
PL_FUNCTION(pl::FunctionType::InCore)
void rowBlock(pl::Index b, pl::Index r, X3 x, pl::InOut<X3> y) {
  auto t = pl::load(x, {b, r, 0}, {1, 8, D});
  auto m = pl::row_max(t);
  pl::store(pl::row_expand_sub(pl::exp(t), m), {b, r, 0}, y);
}

/// Batches [0, nb): every row block of each.
PL_FUNCTION(pl::FunctionType::Orchestration)
void batches(pl::Index nb, X3 x, pl::InOut<X3> y) {
  for (auto b : pl::range(nb))
    for (auto r : pl::range(0, S, 8))
      rowBlock(b, r, x, y);
}

/// z[b] = 2 * x[b] + x[b] for batch b, through the static form pl::load<R, C>.
PL_FUNCTION(pl::FunctionType::InCore)
void staticForm(pl::Index b, X3 x, pl::InOut<X3> z) {
  pl::Tile<pl::fp32, S, D> t = pl::load<S, D>(x, {b, 0, 0});
  pl::store(pl::add(pl::muls(t, 2.0f), t), {b, 0, 0}, z);
}

/// w[i:i+32] = v[i:i+32] + m[k, i:i+32] (ragged at the end of 100), a [1, 32] row tile.
PL_FUNCTION(pl::FunctionType::InCore)
void rowAdd(pl::Index i, pl::Index k, V v, M m, pl::InOut<V> w) {
  pl::Tile<pl::fp32, 1, 32> a = pl::load(v, {i}, {32});
  auto c = pl::load(m, {k, i}, {1, 32});
  pl::store(pl::add(a, c), {i}, w);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void rows(pl::Index n, V v, M m, pl::InOut<V> w) {
  for (auto j : pl::range(n))
    rowAdd(j * 32, j % 4, v, m, w);
}

using A3 = pl::Tensor<pl::fp16, 2, 64, 64>;
using C3 = pl::Tensor<pl::fp32, 2, 64, 64>;

/// c[b] = a[b] · w[b]: a batch matmul written per batch, its operands [1, 64, 64] windows of
/// rank-3 tensors loaded into Mat (2-D tiles), the result stored into a rank-3 tensor.
PL_FUNCTION(pl::FunctionType::AIC)
void batchStep(pl::Index b, A3 a, A3 w, pl::InOut<C3> c) {
  auto am = pl::load(a, {b, 0, 0}, {1, 64, 64}, {.target_memory = pl::Mem::Mat});
  auto wm = pl::load(w, {b, 0, 0}, {1, 64, 64}, {.target_memory = pl::Mem::Mat});
  auto l = pl::move(am, {.target_memory = pl::Mem::Left});
  auto r = pl::move(wm, {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 64, 64, pl::Mem::Acc> acc = pl::matmul(l, r);
  pl::store(acc, {b, 0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void batchMatmul(A3 a, A3 w, pl::InOut<C3> c) {
  for (auto b : pl::range(2))
    batchStep(b, a, w, c);
}

namespace {
e2e::Report report("regress_rank_nd");
void check(bool ok, const char *what) { report(what, ok); }
} // namespace

int main() {
  const std::vector<float> xs = pl::random_vector(B * S * D, 41, -2.0f, 2.0f);
  const std::vector<float> y0 = pl::random_vector(B * S * D, 42);
  const X3 x(xs);
  for (pl::Index nb : {0, 1, 3}) {
    X3 y(y0);
    batches(nb, x, y);
    std::vector<double> want(y0.begin(), y0.end());
    for (int b = 0; b < nb; ++b)
      for (int r = 0; r < S; ++r) {
        const float *row = &xs[(b * S + r) * D];
        float mx = row[0];
        for (int c = 1; c < D; ++c)
          mx = std::max(mx, row[c]);
        for (int c = 0; c < D; ++c)
          want[(b * S + r) * D + c] = std::exp(static_cast<double>(row[c])) - mx;
      }
    check(pl::allclose(y, want), "rank-3 [1, 8, 32] windows");
  }
  {
    X3 z(y0);
    staticForm(2, x, z);
    std::vector<double> want(y0.begin(), y0.end());
    for (int k = 2 * S * D; k < 3 * S * D; ++k)
      want[k] = 3.0 * xs[k];
    check(pl::allclose(z, want), "rank-3 pl::load<R, C>");
  }
  const std::vector<float> vs = pl::random_vector(N, 43), ms = pl::random_vector(4 * N, 44),
                           w0 = pl::random_vector(N, 45);
  const V v(vs);
  const M m(ms);
  for (pl::Index n : {0, 1, 4}) {
    V w(w0);
    rows(n, v, m, w);
    std::vector<double> want(w0.begin(), w0.end());
    for (int j = 0; j < n; ++j)
      for (int i = j * 32; i < std::min(N, j * 32 + 32); ++i)
        want[i] = static_cast<double>(vs[i]) + ms[(j % 4) * N + i];
    check(pl::allclose(w, want), "rank-1 rows");
  }
  {
    // The reference is the eager pl::batch_matmul (translated kernels write it per batch).
    const A3 a(pl::random_vector(2 * 64 * 64, 46)), w(pl::random_vector(2 * 64 * 64, 47));
    C3 c(pl::random_vector(2 * 64 * 64, 48));
    batchMatmul(a, w, c);
    auto want = pl::batch_matmul(a, w, {.out_dtype = pl::DType::FP32});
    check(pl::allclose(c, want.to_vector<double>(), {.rtol = 1e-5, .atol = 1e-4}),
          "per-batch matmul of [1, 64, 64] windows vs pl::batch_matmul");
  }
  return report.exitCode();
}
