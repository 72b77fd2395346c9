// samples/normalization.cpp — RMSNorm and LayerNorm at 32x64: row_sum with a tmp tile, the
// [32,1] <-> [1,32] reshape so scalar ops run on a row, muls/adds/sqrt, row_expand_div, and
// col_expand_mul / col_expand_add with gamma / beta of shape [1, 64].
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using X = pl::Tensor<pl::fp32, 32, 64>;
using Vec = pl::Tensor<pl::fp32, 1, 64>;
using XT = pl::Tile<pl::fp32, 32, 64>;
constexpr float kEps = 1e-5f;

PL_FUNCTION(pl::FunctionType::InCore)
void rms_norm(X x, Vec gamma, pl::Out<X> y) {
  XT t = pl::load(x, {0, 0}, {32, 64});
  XT tmp = pl::create_tile({32, 64}, pl::fp32);
  pl::Tile<pl::fp32, 32, 1> ss = pl::row_sum(t * t, tmp);
  pl::Tile<pl::fp32, 1, 32> row = pl::reshape(ss, {1, 32});           // scalar ops on a row vector
  row = pl::sqrt(pl::adds(pl::muls(row, 1.0f / 64.0f), kEps));
  pl::Tile<pl::fp32, 32, 1> rms = pl::reshape(row, {32, 1});
  auto g = pl::load(gamma, {0, 0}, {1, 64});
  pl::store(pl::col_expand_mul(pl::row_expand_div(t, rms), g), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void layer_norm(X x, Vec gamma, Vec beta, pl::Out<X> y) {
  XT t = pl::load(x, {0, 0}, {32, 64});
  pl::Tile<pl::fp32, 32, 1> mean = pl::muls(pl::row_sum(t), 1.0f / 64.0f);
  XT centered = pl::row_expand_sub(t, mean);
  pl::Tile<pl::fp32, 32, 1> var = pl::muls(pl::row_sum(centered * centered), 1.0f / 64.0f);
  pl::Tile<pl::fp32, 1, 32> row = pl::reshape(var, {1, 32});
  pl::Tile<pl::fp32, 32, 1> stdv = pl::reshape(pl::sqrt(pl::adds(row, kEps)), {32, 1});
  auto g = pl::load(gamma, {0, 0}, {1, 64});
  auto b = pl::load(beta, {0, 0}, {1, 64});
  pl::store(pl::col_expand_add(pl::col_expand_mul(pl::row_expand_div(centered, stdv), g), b), {0, 0}, y);
}

int main() {
  const auto xs = pl::random_vector(32 * 64, 71, -3, 3), gs = pl::random_vector(64, 72, 0.5f, 1.5f),
             bs = pl::random_vector(64, 73);
  X x(xs), y1, y2;
  Vec g(gs), b(bs);
  rms_norm(x, g, y1);
  layer_norm(x, g, b, y2);

  std::vector<double> r1(xs.size()), r2(xs.size());
  for (int r = 0; r < 32; ++r) {
    double ss = 0, mean = 0, var = 0;
    for (int c = 0; c < 64; ++c) { ss += double(xs[r * 64 + c]) * xs[r * 64 + c]; mean += xs[r * 64 + c]; }
    mean /= 64;
    for (int c = 0; c < 64; ++c) var += (xs[r * 64 + c] - mean) * (xs[r * 64 + c] - mean);
    var /= 64;
    const double rms = std::sqrt(ss / 64 + kEps), sd = std::sqrt(var + kEps);
    for (int c = 0; c < 64; ++c) {
      r1[r * 64 + c] = xs[r * 64 + c] / rms * gs[c];
      r2[r * 64 + c] = (xs[r * 64 + c] - mean) / sd * gs[c] + bs[c];
    }
  }
  const bool ok1 = pl::allclose(y1, r1, {.rtol = 1e-4, .atol = 1e-5}), ok2 = pl::allclose(y2, r2, {.rtol = 1e-4, .atol = 1e-5});
  std::printf("normalization/rmsnorm: %s\nnormalization/layernorm: %s\n", ok1 ? "PASS" : "FAIL", ok2 ? "PASS" : "FAIL");
  return ok1 && ok2 ? 0 : 1;
}
