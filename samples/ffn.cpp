// samples/ffn.cpp — module-level InCore kernels (matmul, gelu, swiglu, relu; 64x64 tiles) and
// three orchestrations, each chaining matmul -> activation -> matmul through create_tensor
// intermediates over a [128, 64] batch (two 64-row blocks).
#include <pl/dsl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using Act = pl::Tensor<pl::fp32, 128, 64>;
using W = pl::Tensor<pl::fp32, 64, 64>;
using Tile64 = pl::Tile<pl::fp32, 64, 64>;

PL_FUNCTION(pl::FunctionType::AIC)
void matmul_block(Act x, W w, pl::Index row, pl::Out<Act> y) {
  auto a = pl::move(pl::load(x, {row, 0}, {64, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto b = pl::move(pl::load(w, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::store(pl::matmul(a, b), {row, 0}, y);
}

PL_INLINE Tile64 sigmoid(Tile64 x, float k) { return pl::recip(pl::adds(pl::exp(pl::muls(x, -k)), 1.0f)); }

PL_FUNCTION(pl::FunctionType::AIV)
void gelu_block(Act x, pl::Index row, pl::Out<Act> y) {
  Tile64 t = pl::load(x, {row, 0}, {64, 64});
  pl::store(t * sigmoid(t, 1.702f), {row, 0}, y);
}

PL_FUNCTION(pl::FunctionType::AIV)
void relu_block(Act x, pl::Index row, pl::Out<Act> y) {
  pl::store(pl::relu(pl::load(x, {row, 0}, {64, 64})), {row, 0}, y);
}

PL_FUNCTION(pl::FunctionType::AIV)
void swiglu_block(Act gate, Act up, pl::Index row, pl::Out<Act> y) {
  Tile64 g = pl::load(gate, {row, 0}, {64, 64});
  Tile64 u = pl::load(up, {row, 0}, {64, 64});
  pl::store(g * sigmoid(g, 1.0f) * u, {row, 0}, y);
}

PL_JIT void ffn_gelu(Act x, W w1, W w2, pl::Out<Act> y) {
  Act h = pl::create_tensor({128, 64}, pl::fp32), a = pl::create_tensor({128, 64}, pl::fp32);
  for (auto b : pl::range(2)) {
    matmul_block(x, w1, b * 64, h);
    gelu_block(h, b * 64, a);
    matmul_block(a, w2, b * 64, y);
  }
}

PL_JIT void ffn_relu(Act x, W w1, W w2, pl::Out<Act> y) {
  Act h = pl::create_tensor({128, 64}, pl::fp32), a = pl::create_tensor({128, 64}, pl::fp32);
  for (auto b : pl::range(2)) {
    matmul_block(x, w1, b * 64, h);
    relu_block(h, b * 64, a);
    matmul_block(a, w2, b * 64, y);
  }
}

PL_JIT void ffn_swiglu(Act x, W wg, W wu, W wd, pl::Out<Act> y) {
  Act g = pl::create_tensor({128, 64}, pl::fp32), u = pl::create_tensor({128, 64}, pl::fp32),
      a = pl::create_tensor({128, 64}, pl::fp32);
  for (auto b : pl::range(2)) {
    matmul_block(x, wg, b * 64, g);
    matmul_block(x, wu, b * 64, u);
    swiglu_block(g, u, b * 64, a);
    matmul_block(a, wd, b * 64, y);
  }
}

using Mat = std::vector<double>;
static Mat mm(const Mat& a, const std::vector<float>& w, int rows) {
  Mat c(static_cast<std::size_t>(rows) * 64, 0.0);
  for (int i = 0; i < rows; ++i)
    for (int k = 0; k < 64; ++k)
      for (int j = 0; j < 64; ++j) c[i * 64 + j] += a[i * 64 + k] * w[k * 64 + j];
  return c;
}
static double sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }

int main() {
  const auto xs = pl::random_vector(128 * 64, 121);
  const auto w1 = pl::random_vector(64 * 64, 122, -0.2f, 0.2f), w2 = pl::random_vector(64 * 64, 123, -0.2f, 0.2f),
             w3 = pl::random_vector(64 * 64, 124, -0.2f, 0.2f);
  Act x(xs), y1, y2, y3;
  W a(w1), b(w2), c(w3);
  ffn_gelu(x, a, b, y1);
  ffn_relu(x, a, b, y2);
  ffn_swiglu(x, a, b, c, y3);

  const Mat xd(xs.begin(), xs.end());
  Mat h = mm(xd, w1, 128), g = h, r = h, u = mm(xd, w2, 128), s = h;
  for (std::size_t i = 0; i < h.size(); ++i) {
    g[i] = h[i] * sig(1.702 * h[i]);
    r[i] = std::max(0.0, h[i]);
    s[i] = h[i] * sig(h[i]) * u[i];
  }
  const pl::AllcloseOptions tol{.rtol = 1e-4, .atol = 1e-5};
  const bool a1 = pl::allclose(y1, mm(g, w2, 128), tol), a2 = pl::allclose(y2, mm(r, w2, 128), tol),
             a3 = pl::allclose(y3, mm(s, w3, 128), tol);
  std::printf("ffn/gelu: %s\nffn/relu: %s\nffn/swiglu: %s\n", a1 ? "PASS" : "FAIL", a2 ? "PASS" : "FAIL",
              a3 ? "PASS" : "FAIL");
  return a1 && a2 && a3 ? 0 : 1;
}
