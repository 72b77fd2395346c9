// samples/graph_decoder.cpp — a decoder-style orchestration calling one Graph function, `layer`,
// once per layer: RMSNorm with the layer's gamma (a window of a table, sliced at the call site),
// a scale by the layer's weight rows (an offset the graph derives from its layer index: the
// translator computes it at the call site, LegalizeGraphBoundary) and a residual add. The runtime
// records `layer`'s three tasks on the first call and replays them for the other layers.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr int kLayers = 12, kRows = 32, kCols = 64;
constexpr float kEps = 1e-5f;
using X = pl::Tensor<pl::fp32, kRows, kCols>;
using Weights = pl::Tensor<pl::fp32, kLayers * kRows, kCols>; // the layers' weights, stacked
using Gammas = pl::Tensor<pl::fp32, kLayers, kCols>;          // one gamma row per layer
using Gamma = pl::Tensor<pl::fp32, 1, kCols>;
using XT = pl::Tile<pl::fp32, kRows, kCols>;

/// One decoder layer: h = h + relu(rmsnorm(h, gamma) * w[layer rows]).
PL_FUNCTION(pl::FunctionType::Graph)
void layer(pl::InOut<X> h, Weights w, Gamma gamma, pl::Index l) {
  X normed = pl::create_tensor({kRows, kCols}, pl::fp32);
  X mixed = pl::create_tensor({kRows, kCols}, pl::fp32);
  const pl::Index off = l * kRows; // derived in the graph: hoisted to each call site
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "rmsnorm"}, [&] {
    XT t = pl::load(h, {0, 0}, {kRows, kCols});
    XT tmp = pl::create_tile({kRows, kCols}, pl::fp32);
    pl::Tile<pl::fp32, kRows, 1> ss = pl::row_sum(t * t, tmp);
    pl::Tile<pl::fp32, 1, kRows> row = pl::reshape(ss, {1, kRows});
    row = pl::sqrt(pl::adds(pl::muls(row, 1.0f / kCols), kEps));
    pl::Tile<pl::fp32, kRows, 1> rms = pl::reshape(row, {kRows, 1});
    auto g = pl::load(gamma, {0, 0}, {1, kCols});
    pl::store(pl::col_expand_mul(pl::row_expand_div(t, rms), g), {0, 0}, normed);
  });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "mix"}, [&] {
    XT a = pl::load(normed, {0, 0}, {kRows, kCols});
    XT b = pl::load(w, {off, 0}, {kRows, kCols});
    pl::store(pl::relu(a * b), {0, 0}, mixed);
  });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "residual"}, [&] {
    XT a = pl::load(h, {0, 0}, {kRows, kCols});
    XT b = pl::load(mixed, {0, 0}, {kRows, kCols});
    pl::store(a + b, {0, 0}, h);
  });
}

PL_JIT void decoder(X x, Weights w, Gammas gammas, pl::Out<X> y) {
  X h = pl::create_tensor({kRows, kCols}, pl::fp32);
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "embed"},
         [&] { pl::store(pl::load(x, {0, 0}, {kRows, kCols}), {0, 0}, h); });
  for (auto l : pl::range(kLayers)) {
    Gamma g = pl::slice(gammas, {1, kCols}, {l, 0});
    layer(h, w, g, l);
  }
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "head"},
         [&] { pl::store(pl::load(h, {0, 0}, {kRows, kCols}), {0, 0}, y); });
}

int main() {
  const auto xs = pl::random_vector(kRows * kCols, 91, -2, 2),
             ws = pl::random_vector(kLayers * kRows * kCols, 92, -1, 1),
             gs = pl::random_vector(kLayers * kCols, 93, 0.5f, 1.5f);
  X x(xs), y;
  Weights w(ws);
  Gammas gammas(gs);
  decoder(x, w, gammas, y);

  std::vector<double> h(xs.begin(), xs.end());
  for (int l = 0; l < kLayers; ++l)
    for (int r = 0; r < kRows; ++r) {
      double ss = 0;
      for (int c = 0; c < kCols; ++c)
        ss += static_cast<double>(static_cast<float>(h[r * kCols + c] * h[r * kCols + c]));
      const double rms = std::sqrt(ss / kCols + kEps);
      for (int c = 0; c < kCols; ++c) {
        const double n = h[r * kCols + c] / rms * gs[l * kCols + c];
        const double m = n * ws[(l * kRows + r) * kCols + c];
        h[r * kCols + c] += m > 0 ? m : 0;
      }
    }
  const bool ok = pl::allclose(y, h, {.rtol = 1e-3, .atol = 1e-4});
  std::printf("graph_decoder/%d layers: %s\n", kLayers, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
