// tests/e2e/regress_frontend.cpp — forms docs/dsl.md documents that the translator used to reject
// (issue 11), run eagerly and translated: row_argmax / row_argmin without the scratch tile (tile
// and tensor forms), C++ arithmetic conversions of scalars (int32 -> index, index -> int32,
// int32 -> float, float -> fp16, bool -> fp32), and declared types the eager run accepts
// (an annotated matmul result, dynamic dims).
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

#include "report.hpp"

using X = pl::Tensor<pl::fp32, 16, 64>;
using I = pl::Tensor<pl::i32, 16, 1>;
using C = pl::Tensor<pl::i32, 4>;
using M = pl::Tensor<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void argext(X x, pl::Out<I> amax, pl::Out<I> amin) {
  auto t = pl::load(x, {0, 0}, {16, 64});
  pl::store(pl::row_argmax(t), {0, 0}, amax);
  pl::store(pl::row_argmin(t), {0, 0}, amin);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void argext_tensor(X x, pl::Out<I> amax) {
  pl::at(pl::Level::CORE_GROUP, [&] { amax = pl::row_argmax(pl::add(x, x)); });
}

PL_FUNCTION(pl::FunctionType::InCore)
void conversions(X x, C cfg, pl::Out<X> y) {
  const pl::Index k = pl::read(cfg, {0}); // int32 -> index
  pl::Scalar<pl::i32> s = k * 2;          // index -> int32
  float f = s;                            // int32 -> float
  pl::Scalar<pl::fp16> h = f * 0.25f;     // float -> fp16 (exact: the emitter does not round fp16 scalars yet)
  bool neg = pl::read(cfg, {2}) < 0;
  pl::Scalar<pl::fp32> g = neg;           // bool -> fp32
  pl::Tile<pl::fp32> t = pl::load(x, {k, 0}, {8, 64}); // dynamic dims accept any shape
  pl::store(pl::adds(pl::muls(t, h), g), {0, 0}, y);
  pl::store(pl::adds(t, f), {8, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void annotated_matmul(M a, M b, pl::Out<M> c) {
  auto l = pl::move(pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto r = pl::move(pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 16, 16> p = pl::matmul(l, r); // the result's static dtype is any
  pl::store(p, {0, 0}, c);
}

namespace {
std::vector<float> argRef(const std::vector<float>& v, bool max, float scale) {
  std::vector<float> out(16);
  for (int i = 0; i < 16; ++i) {
    int best = 0;
    for (int j = 1; j < 64; ++j) {
      const float a = v[i * 64 + j] * scale, b = v[i * 64 + best] * scale;
      if (max ? a > b : a < b) best = j;
    }
    out[i] = static_cast<float>(best);
  }
  return out;
}
}  // namespace

int main() {
  const auto xv = pl::random_vector(16 * 64, 21);
  X x(xv), y;
  I amax, amin, amax2;
  argext(x, amax, amin);
  argext_tensor(x, amax2);
  C cfg(std::vector<int>{4, 3, -1, 0});
  conversions(x, cfg, y);
  const auto av = pl::random_vector(16 * 16, 22), bv = pl::random_vector(16 * 16, 23);
  M a(av), b(bv), c;
  annotated_matmul(a, b, c);

  // Independent references.
  std::vector<float> yr(16 * 64);
  const float h = static_cast<float>(pl::Scalar<pl::fp16>(8.0f * 0.25f));
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 64; ++j) {
      const float v = xv[(4 + i) * 64 + j];
      yr[i * 64 + j] = v * h + 1.0f;
      yr[(8 + i) * 64 + j] = v + 8.0f;
    }
  std::vector<float> cr(16 * 16, 0.0f);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      float s = 0.0f;
      for (int p = 0; p < 16; ++p) s = static_cast<float>(s + static_cast<double>(av[i * 16 + p] * bv[p * 16 + j]));
      cr[i * 16 + j] = s;
    }
  e2e::Report report("regress_frontend");
  report.close("row_argmax", amax, argRef(xv, true, 1.0f));
  report.close("row_argmin", amin, argRef(xv, false, 1.0f));
  report.close("tensor row_argmax", amax2, argRef(xv, true, 2.0f));
  report.close("scalar conversions", y, yr);
  report.close("annotated matmul", c, cr);
  return report.exitCode();
}
