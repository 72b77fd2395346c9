// tests/e2e/regress_views.cpp — where kernels meet tensors (issue 35): a `pl::slice` or
// `pl::reshape` of a tensor is a view of its parent, eagerly and translated (writes through it
// reach the parent; it reads the parent's current values), also when the host passes the view,
// and disjoint windows of one tensor may be two parameters of one call (overlapping ones are
// reported: alias_args.cpp). Every case is checked against a plain-loop reference, so the eager
// run and the translated runs in every executor mode must agree.
#include <algorithm>
#include <cstdio>
#include <pl/dsl.hpp>
#include <vector>

#include "report.hpp"

using X = pl::Tensor<pl::fp32, 32, 64>;
using Half = pl::Tensor<pl::fp32, 16, 64>;
using Block = pl::Tensor<pl::fp32, 8, 64>;

/// y[r:r+8] = x[r:r+8] * 2 + bias.
PL_FUNCTION(pl::FunctionType::InCore)
void scaleRows(X x, pl::Index r, pl::Index bias, pl::Out<X> y) {
  pl::Scalar<pl::fp32> b = bias;
  pl::store(pl::adds(pl::muls(pl::load(x, {r, 0}, {8, 64}), 2.0f), b), {r, 0}, y);
}

/// Every row of an 8-row block: y += bias.
PL_FUNCTION(pl::FunctionType::InCore)
void bumpBlock(pl::Index bias, pl::InOut<Block> y) {
  pl::Scalar<pl::fp32> b = bias;
  pl::store(pl::adds(pl::load(y, {0, 0}, {8, 64}), b), {0, 0}, y);
}

/// A 16-row half: z = -x.
PL_FUNCTION(pl::FunctionType::InCore)
void negateHalf(Half x, pl::Out<Half> z) {
  pl::store(pl::neg(pl::load(x, {0, 0}, {16, 64})), {0, 0}, z);
  pl::store(pl::neg(pl::load(x, {8, 0}, {8, 64})), {8, 0}, z);
}

/// Slices of an InOut parameter passed on to kernels: each writes its block of `y` (a slice of a
/// slice for the last two), then a view taken before the update is read after it.
PL_FUNCTION(pl::FunctionType::Orchestration)
void sliceWrites(X x, pl::InOut<X> y, pl::Out<X> z) {
  Half top = pl::slice(y, {16, 64}, {0, 0});
  bumpBlock(5, pl::slice(top, {8, 64}, {8, 0})); // rows 8..16 of y
  Half bottom = pl::slice(y, {16, 64}, {16, 0});
  bumpBlock(-3, pl::slice(bottom, {8, 64}, {0, 0}));   // rows 16..24 of y
  scaleRows(x, 24, 1, y);                              // rows 24..32 of y, through y itself
  negateHalf(bottom, pl::slice(z, {16, 64}, {16, 0})); // bottom sees both writes above
  negateHalf(top, pl::slice(z, {16, 64}, {0, 0}));
}

using HT = pl::Tensor<pl::fp16, 20, 40>;
using HBig = pl::Tensor<pl::fp16, 30, 40>;

/// Negates rows [r, r + 8) of an fp16 view through a ragged [8, 48] window (the last block of a
/// 20-row view has 4 rows; the window is 8 columns wider than the tensor).
PL_FUNCTION(pl::FunctionType::InCore)
void negRows(pl::Index r, pl::InOut<HT> y) {
  pl::store(pl::neg(pl::load(y, {r, 0}, {8, 48})), {r, 0}, y);
}

/// n row blocks of a view of `big` (rows 5..25), written through the view in a loop.
PL_FUNCTION(pl::FunctionType::Orchestration)
void negRowsOfView(pl::Index n, pl::InOut<HBig> big) {
  HT v = pl::slice(big, {20, 40}, {5, 0});
  for (auto i : pl::range(n))
    negRows(i * 8, v);
}

namespace {
e2e::Report report("regress_views");
void check(bool ok, const char *what) { report(what, ok); }
float at(const std::vector<double> &v, int r, int c) { return static_cast<float>(v[r * 64 + c]); }
} // namespace

int main() {
  const X x(pl::random_vector(32 * 64, 21));
  const std::vector<double> xs = x.to_vector<double>();

  { // views passed to kernels inside an orchestration
    X y(pl::random_vector(32 * 64, 22)), z;
    const std::vector<double> y0 = y.to_vector<double>();
    sliceWrites(x, y, z);
    std::vector<double> wy = y0, wz(32 * 64);
    for (int r = 0; r < 32; ++r)
      for (int c = 0; c < 64; ++c) {
        float v = at(y0, r, c);
        if (r >= 8 && r < 16)
          v = static_cast<float>(v + 5.0f);
        if (r >= 16 && r < 24)
          v = static_cast<float>(v - 3.0f);
        if (r >= 24)
          v = static_cast<float>(static_cast<float>(at(xs, r, c) * 2.0f) + 1.0f);
        wy[r * 64 + c] = v;
        wz[r * 64 + c] = -v;
      }
    check(pl::allclose(y, wy), "writes through slices (and a slice of a slice) reach the parent");
    check(pl::allclose(z, wz), "a view taken before an update reads the updated values");
  }
  { // a host slice passed as an InOut argument updates the parent; a host reshape too
    X y(pl::random_vector(32 * 64, 23));
    const std::vector<double> y0 = y.to_vector<double>();
    Block b = pl::slice(y, {8, 64}, {16, 0});
    bumpBlock(4, b);
    pl::Tensor<pl::fp32, 2048> flat = pl::reshape(y, {2048});
    bumpBlock(-2, pl::reshape(pl::slice(flat, {512}, {512}), {8, 64})); // rows 8..16
    std::vector<double> wy = y0;
    for (int r = 0; r < 32; ++r)
      for (int c = 0; c < 64; ++c) {
        if (r >= 16 && r < 24)
          wy[r * 64 + c] = static_cast<float>(at(y0, r, c) + 4.0f);
        if (r >= 8 && r < 16)
          wy[r * 64 + c] = static_cast<float>(at(y0, r, c) - 2.0f);
      }
    check(pl::allclose(y, wy), "host slices and reshapes passed as InOut update the parent");
    check(pl::allclose(b, std::vector<double>(wy.begin() + 16 * 64, wy.begin() + 24 * 64)),
          "a host slice reads its parent's current values");
  }
  { // disjoint host windows of one tensor as an input and an output
    X a(pl::random_vector(32 * 64, 24));
    const std::vector<double> a0 = a.to_vector<double>();
    negateHalf(pl::slice(a, {16, 64}, {0, 0}), pl::slice(a, {16, 64}, {16, 0}));
    std::vector<double> wa = a0;
    for (int i = 0; i < 16 * 64; ++i)
      wa[16 * 64 + i] = -a0[i];
    check(pl::allclose(a, wa), "disjoint windows of one tensor as two parameters");
  }
  for (pl::Index n : {0, 1, 3}) { // fp16, negative values, ragged blocks, 0 / 1 / 3 trips
    HBig big(pl::random_vector(30 * 40, 26, -4.0, 4.0));
    const std::vector<double> b0 = big.to_vector<double>();
    negRowsOfView(n, big);
    std::vector<double> wb = b0;
    for (int r = 5; r < std::min<int>(25, 5 + 8 * static_cast<int>(n)); ++r)
      for (int c = 0; c < 40; ++c)
        wb[r * 40 + c] = -b0[r * 40 + c];
    check(pl::allclose(big, wb), "fp16 ragged blocks negated through a view in a loop");
  }
  { // host data of a static i64 tensor (docs/dsl.md §6) is data, not a shape
    pl::Tensor<pl::i64, 2, 3> t(std::vector<std::int64_t>{1, -2, 3, -4, 5, -6});
    check(t.get({1, 2}) == -6 && t.get({0, 1}) == -2,
          "pl::Tensor<pl::i64, 2, 3>(std::vector<std::int64_t>)");
  }
  return report.exitCode();
}
