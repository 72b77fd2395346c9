// samples/softmax.cpp — 64x64 row softmax: row_max, row_expand_sub, exp, row_sum, row_expand_div,
// with create_tile scratch tiles for the reductions; the orchestration walks 16-row blocks.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using M = pl::Tensor<pl::fp32, 64, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void softmax_rows(M x, pl::Index row, pl::Out<M> y) {
  pl::Tile<pl::fp32, 16, 64> t = pl::load(x, {row, 0}, {16, 64});
  auto tmp = pl::create_tile({16, 64}, pl::fp32);
  pl::Tile<pl::fp32, 16, 1> mx = pl::row_max(t, tmp);
  auto e = pl::exp(pl::row_expand_sub(t, mx));
  pl::Tile<pl::fp32, 16, 1> sum = pl::row_sum(e, tmp);
  pl::store(pl::row_expand_div(e, sum), {row, 0}, y);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void softmax(M x, pl::Out<M> y) {
  for (auto b : pl::parallel(4)) softmax_rows(x, b * 16, y);
}

int main() {
  const auto xs = pl::random_vector(64 * 64, 61, -5, 5);
  M x(xs), y;
  softmax(x, y);
  std::vector<double> ref(xs.size());
  for (int r = 0; r < 64; ++r) {
    double mx = -INFINITY, s = 0;
    for (int c = 0; c < 64; ++c) mx = std::max(mx, static_cast<double>(xs[r * 64 + c]));
    for (int c = 0; c < 64; ++c) s += std::exp(xs[r * 64 + c] - mx);
    for (int c = 0; c < 64; ++c) ref[r * 64 + c] = std::exp(xs[r * 64 + c] - mx) / s;
  }
  const bool ok = pl::allclose(y, ref);
  std::printf("softmax: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
