// tests/e2e/regress_hardening.cpp — what issue 42 changed, written as a user would, eager vs
// translated: a store of a ragged tile at a tensor's very end with constant offsets (the new
// CheckConstantOperands pass must not reject what fits), int32 carries that trade places
// (explicit range, the carry rules the translator now checks itself), fp16 if_ yields in both
// orders, pl::unroll with a literal bound, and a trip count computed by a negative division
// (C++ truncation) that is 1 trip or 0.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "report.hpp"

using R = pl::Tensor<pl::fp32, 20, 16>;
using T = pl::Tile<pl::fp32, 16, 16>;
using I = pl::Tensor<pl::i32, 16, 16>;
using TI = pl::Tile<pl::i32, 16, 16>;
using H = pl::Tensor<pl::fp16, 16, 16>;
using Vec = std::vector<float>;

/// The last window of 20 rows holds 4: loaded at a constant row 16, shifted, stored back there.
PL_FUNCTION(pl::FunctionType::InCore)
void ragged_end(R x, pl::Out<R> o) {
  T t = pl::load(x, {16, 0}, {16, 16});
  pl::store(pl::adds(t, -1.5f), {16, 0}, o);
}

/// (a, b, c) -> (c, a - b, b) for n trips, on int32 tiles with negative values.
PL_FUNCTION(pl::FunctionType::InCore)
void int_rotate(I x, I y, I z, pl::Index n, pl::Out<I> o1, pl::Out<I> o2, pl::Out<I> o3) {
  TI a0 = pl::load(x, {0, 0}, {16, 16});
  TI b0 = pl::load(y, {0, 0}, {16, 16});
  TI c0 = pl::load(z, {0, 0}, {16, 16});
  auto [a, b, c] = pl::range(n, pl::init_values(a0, b0, c0), [&](pl::Index i, TI ai, TI bi, TI ci) {
    (void)i;
    return pl::yield_(ci, pl::sub(ai, bi), bi);
  });
  pl::store(a, {0, 0}, o1);
  pl::store(b, {0, 0}, o2);
  pl::store(c, {0, 0}, o3);
}

/// fp16 tiles chosen in either order by an if_, then an unrolled accumulation of 3 negated rows.
PL_FUNCTION(pl::FunctionType::InCore)
void half_select(R x, pl::Index n, pl::Out<H> o1, pl::Out<H> o2, pl::Out<R> o3) {
  auto p = pl::cast(pl::load(x, {0, 0}, {16, 16}), pl::fp16);
  auto q = pl::cast(pl::muls(pl::load(x, {4, 0}, {16, 16}), -2.0f), pl::fp16);
  auto [u, v] = pl::if_(n > 1, [&] { return pl::yield_(q, p); }, [&] { return pl::yield_(p, q); });
  pl::store(u, {0, 0}, o1);
  pl::store(v, {0, 0}, o2);
  T acc = pl::load(x, {0, 0}, {16, 16});
  for (auto k : pl::unroll(3))
    acc = pl::sub(acc, pl::load(x, {k + 1, 0}, {16, 16}));
  pl::store(acc, {0, 0}, o3);
}

/// A trip count (7 - n) / -2 + 3: C++ truncates, so n = 3 gives 1 trip and n = 0 gives 0.
PL_FUNCTION(pl::FunctionType::InCore)
void negative_trips(R x, pl::Index n, pl::Out<R> o) {
  T acc = pl::load(x, {0, 0}, {16, 16});
  pl::Index q = (7 - n) / -2;
  for (auto k : pl::range(q + 3)) {
    (void)k;
    acc = pl::add(acc, pl::load(x, {4, 0}, {16, 16}));
  }
  pl::store(acc, {0, 0}, o);
}

int main() {
  e2e::Report report("regress_hardening");
  const Vec xs = pl::random_vector(20 * 16, 421);
  R x(xs);
  auto at = [&](int row, int col) { return xs[row * 16 + col]; };

  Vec want(20 * 16, 0.0f);
  for (int r = 16; r < 20; ++r)
    for (int c = 0; c < 16; ++c)
      want[r * 16 + c] = at(r, c) - 1.5f;
  R o;
  ragged_end(x, o);
  report.close("ragged_end", o, want);

  std::vector<std::int32_t> xi(256), yi(256), zi(256);
  for (int i = 0; i < 256; ++i) {
    xi[i] = static_cast<std::int32_t>(std::lround(xs[i] * 100)) - 50;
    yi[i] = 7 - i;
    zi[i] = (i % 5) * -3;
  }
  for (pl::Index n : {pl::Index(3), pl::Index(0)}) {
    std::vector<double> a(xi.begin(), xi.end()), b(yi.begin(), yi.end()), c(zi.begin(), zi.end());
    for (pl::Index k = 0; k < n; ++k)
      for (int i = 0; i < 256; ++i) {
        const double na = c[i], nb = a[i] - b[i], nc = b[i];
        a[i] = na, b[i] = nb, c[i] = nc;
      }
    I o1, o2, o3;
    int_rotate(I(xi), I(yi), I(zi), n, o1, o2, o3);
    const std::string tag = n ? "" : "_zero_trip";
    report.close("int_rotate.a" + tag, o1, a);
    report.close("int_rotate.b" + tag, o2, b);
    report.close("int_rotate.c" + tag, o3, c);

    Vec p(256), q(256), acc(256), grown(256);
    for (int r = 0; r < 16; ++r)
      for (int col = 0; col < 16; ++col) {
        const int i = r * 16 + col;
        p[i] = at(r, col);
        q[i] = -2.0f * at(r + 4, col);
        acc[i] = at(r, col) - at(r + 1, col) - at(r + 2, col) - at(r + 3, col);
        grown[i] = at(r, col) + (n == 3 ? at(r + 4, col) : 0.0f);
      }
    H h1, h2;
    R o4;
    half_select(x, n, h1, h2, o4);
    report.close("half_select.first" + tag, h1, n > 1 ? q : p, {.rtol = 2e-3, .atol = 2e-3});
    report.close("half_select.second" + tag, h2, n > 1 ? p : q, {.rtol = 2e-3, .atol = 2e-3});
    Vec unrolled(20 * 16, 0.0f);
    std::copy(acc.begin(), acc.end(), unrolled.begin());
    report.close("half_select.unroll" + tag, o4, unrolled);

    R o5;
    negative_trips(x, n, o5);
    Vec trips(20 * 16, 0.0f);
    std::copy(grown.begin(), grown.end(), trips.begin());
    report.close("negative_trips" + tag, o5, trips);
  }
  return report.exitCode();
}
