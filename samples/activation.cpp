// samples/activation.cpp — relu(a + b) at 128x128; SiLU, GELU (x * sigmoid(1.702 x)), SwiGLU and
// GeGLU at 32x128, built from muls, exp, adds and recip.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using Big = pl::Tensor<pl::fp32, 128, 128>;
using Act = pl::Tensor<pl::fp32, 32, 128>;
using ActTile = pl::Tile<pl::fp32, 32, 128>;

PL_FUNCTION(pl::FunctionType::InCore)
void add_relu(Big a, Big b, pl::Out<Big> c) {
  auto ta = pl::load<128, 128>(a, {0, 0});
  auto tb = pl::load<128, 128>(b, {0, 0});
  pl::store(pl::relu(ta + tb), {0, 0}, c);
}

/// sigmoid(k·x) = 1 / (1 + exp(-k·x))
PL_INLINE ActTile sigmoid_scaled(ActTile x, float k) {
  return pl::recip(pl::adds(pl::exp(pl::muls(x, -k)), 1.0f));
}

PL_FUNCTION(pl::FunctionType::InCore)
void silu(Act x, pl::Out<Act> y) {
  ActTile t = pl::load(x, {0, 0}, {32, 128});
  pl::store(t * sigmoid_scaled(t, 1.0f), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void gelu(Act x, pl::Out<Act> y) {
  ActTile t = pl::load(x, {0, 0}, {32, 128});
  pl::store(t * sigmoid_scaled(t, 1.702f), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void swiglu(Act gate, Act up, pl::Out<Act> y) {
  ActTile g = pl::load(gate, {0, 0}, {32, 128});
  ActTile u = pl::load(up, {0, 0}, {32, 128});
  pl::store(g * sigmoid_scaled(g, 1.0f) * u, {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void geglu(Act gate, Act up, pl::Out<Act> y) {
  ActTile g = pl::load(gate, {0, 0}, {32, 128});
  ActTile u = pl::load(up, {0, 0}, {32, 128});
  pl::store(pl::mul(pl::mul(g, sigmoid_scaled(g, 1.702f)), u), {0, 0}, y);
}

static float sig(double x) { return static_cast<float>(1.0 / (1.0 + std::exp(-x))); }

int main() {
  bool ok = true;
  auto report = [&](const char* n, bool r) { std::printf("activation/%s: %s\n", n, r ? "PASS" : "FAIL"); ok &= r; };
  {
    const auto x = pl::random_vector(128 * 128, 21), y = pl::random_vector(128 * 128, 22);
    Big a(x), b(y), c;
    add_relu(a, b, c);
    std::vector<float> ref(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) ref[i] = std::max(0.0f, x[i] + y[i]);
    report("relu", pl::allclose(c, ref));
  }
  const auto xs = pl::random_vector(32 * 128, 23, -4, 4), us = pl::random_vector(32 * 128, 24, -2, 2);
  Act x(xs), u(us), y;
  std::vector<float> ref(xs.size());
  silu(x, y);
  for (std::size_t i = 0; i < xs.size(); ++i) ref[i] = xs[i] * sig(xs[i]);
  report("silu", pl::allclose(y, ref));
  gelu(x, y);
  for (std::size_t i = 0; i < xs.size(); ++i) ref[i] = xs[i] * sig(1.702 * xs[i]);
  report("gelu", pl::allclose(y, ref));
  swiglu(x, u, y);
  for (std::size_t i = 0; i < xs.size(); ++i) ref[i] = xs[i] * sig(xs[i]) * us[i];
  report("swiglu", pl::allclose(y, ref));
  geglu(x, u, y);
  for (std::size_t i = 0; i < xs.size(); ++i) ref[i] = xs[i] * sig(1.702 * xs[i]) * us[i];
  report("geglu", pl::allclose(y, ref));
  return ok ? 0 : 1;
}
