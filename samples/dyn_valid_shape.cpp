// samples/dyn_valid_shape.cpp — dynamic valid shapes: load(..., {.valid_shape = {64, vlen}}) +
// fillpad(Min) + scale, with vlen either a scalar parameter or chosen by an if on
// pl::read(cfg, ...); and a loop with a run-time trip count whose ragged tail tile is
// zero-padded by the load and masked by fillpad.
#include <pl/dsl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using X = pl::Tensor<pl::fp32, 64, 64>;
using RowMax = pl::Tensor<pl::fp32, 64, 1>;

/// out[r] = scale * max_{c < vlen} x[r, c] (inlined into the kernels below: one kernel cannot
/// call another).
PL_INLINE void masked_row_max_body(X x, pl::Index vlen, float scale, pl::Out<RowMax> out) {
  pl::Tile<pl::fp32, 64, 64> t = pl::load(x, {0, 0}, {64, 64}, {.valid_shape = {64, vlen}});
  auto padded = pl::fillpad(t, pl::PadValue::Min);  // columns >= vlen become -inf
  pl::store(pl::muls(pl::row_max(padded), scale), {0, 0}, out);
}

PL_FUNCTION(pl::FunctionType::InCore)
void masked_row_max(X x, pl::Scalar<pl::index> vlen, float scale, pl::Out<RowMax> out) {
  masked_row_max_body(x, vlen, scale, out);
}

/// Same, with vlen picked at run time from a config tensor (explicit if_/yield_ form).
PL_FUNCTION(pl::FunctionType::InCore)
void masked_row_max_cfg(X x, pl::Tensor<pl::i32, 2> cfg, pl::Out<RowMax> out) {
  auto [vlen] = pl::if_(pl::read(cfg, {0}) > 0,
                        [&] { return pl::yield_(pl::Index{pl::read(cfg, {1})}); },
                        [&] { return pl::yield_(pl::Index{64}); });
  masked_row_max_body(x, vlen, 1.0f, out);
}

/// A [rows, n] tensor (n known only at run time) reduced in 16-column chunks: the tail chunk
/// reads past the end, the load zero-pads it and marks the valid columns, fillpad masks them.
PL_FUNCTION(pl::FunctionType::InCore)
void ragged_row_max(pl::Tensor<pl::fp32, 8, pl::dyn> x, pl::Out<pl::Tensor<pl::fp32, 8, 1>> out) {
  const pl::Index n = pl::dim(x, 1);
  const pl::Index chunks = (n + 15) / 16;
  pl::Tile<pl::fp32, 8, 1> best = pl::full_tile({8, 1}, pl::fp32, -INFINITY);
  for (auto c : pl::range(chunks)) {
    auto t = pl::load(x, {0, c * 16}, {8, 16});
    best = pl::maximum(best, pl::row_max(pl::fillpad(t, pl::PadValue::Min)));
  }
  pl::store(best, {0, 0}, out);
}

int main() {
  bool ok = true;
  const auto xs = pl::random_vector(64 * 64, 101, -10, 10);
  X x(xs);
  auto ref = [&](int vlen, double scale) {
    std::vector<double> r(64);
    for (int i = 0; i < 64; ++i) {
      double m = -INFINITY;
      for (int c = 0; c < vlen; ++c) m = std::max(m, double(xs[i * 64 + c]));
      r[i] = m * scale;
    }
    return r;
  };
  RowMax o1, o2, o3;
  masked_row_max(x, 37, 0.5f, o1);
  const bool a1 = pl::allclose(o1, ref(37, 0.5));
  masked_row_max_cfg(x, pl::Tensor<pl::i32, 2>(std::vector<int>{1, 5}), o2);
  const bool a2 = pl::allclose(o2, ref(5, 1.0));
  masked_row_max_cfg(x, pl::Tensor<pl::i32, 2>(std::vector<int>{0, 5}), o3);
  const bool a3 = pl::allclose(o3, ref(64, 1.0));

  const int n = 45;  // 3 chunks of 16, the last one 13 wide
  const auto ys = pl::random_vector(8 * n, 102, -10, -1);  // all negative: zero padding would win
  pl::Tensor<pl::fp32, 8, pl::dyn> y(ys, {8, n});
  pl::Tensor<pl::fp32, 8, 1> o4;
  ragged_row_max(y, o4);
  std::vector<double> r4(8, -INFINITY);
  for (int i = 0; i < 8; ++i)
    for (int c = 0; c < n; ++c) r4[i] = std::max(r4[i], double(ys[i * n + c]));
  const bool a4 = pl::allclose(o4, r4);
  ok = a1 && a2 && a3 && a4;
  std::printf("dyn_valid_shape/param: %s\ndyn_valid_shape/cfg_on: %s\ndyn_valid_shape/cfg_off: %s\n"
              "dyn_valid_shape/ragged_tail: %s\n",
              a1 ? "PASS" : "FAIL", a2 ? "PASS" : "FAIL", a3 ? "PASS" : "FAIL", a4 ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
