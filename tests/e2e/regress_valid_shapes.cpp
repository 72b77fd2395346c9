// tests/e2e/regress_valid_shapes.cpp — results of ragged and `valid_shape` tiles (issue 34:
// valid shapes as a fact of the IR). PTO-ISA runs every instruction over its destination's
// valid region and asserts that the sources have it, so each computed tile must be declared
// with the valid shape its operands give it (MaterializeTileValidShapes, the op registry's
// ValidShapeRule): elementwise chains, a row reduction broadcast back, a column reduction, a
// cast / compare / select on a user `valid_shape`, a ragged tile carried through a loop of 0..3
// trips whose valid rows change per trip (read at run time after the loop), an if whose branches
// give different valid shapes, a tile narrowed with pl::set_validshape, windows sliced with
// their own valid shape, and a matmul over ragged row blocks. Eager and translated must
// agree, and both must match the reference computed here.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "report.hpp"

using X = pl::Tensor<pl::fp32, 20, 40>;
using Sums = pl::Tensor<pl::fp32, 20, 1>;
using Cols = pl::Tensor<pl::fp32, 1, 40>;
using Vec = std::vector<float>;

/// Rows [r, r + 16) of x through a 16 x 64 tile (ragged: rows past 20, columns past 40):
/// e = exp(x / 100) * 2 - 1, d = e - rowsum(e) stored back, the row sums and the column maxima.
PL_FUNCTION(pl::FunctionType::InCore)
void ragged_chain(X x, pl::Index r, pl::Out<X> o, pl::Out<Sums> sums, pl::Out<Cols> maxes) {
  auto t = pl::load(x, {r, 0}, {16, 64});
  auto e = pl::adds(pl::muls(pl::exp(pl::muls(t, 0.01f)), 2.0f), -1.0f);
  auto s = pl::row_sum(e);
  pl::store(pl::row_expand_sub(e, s), {r, 0}, o);
  pl::store(s, {r, 0}, sums);
  pl::store(pl::col_max(e), {0, 0}, maxes);
}

/// A user valid shape [vr, vc]: through fp16 and back, compared and selected.
PL_FUNCTION(pl::FunctionType::InCore)
void user_valid(X x, pl::Index vr, pl::Index vc, pl::Out<X> o) {
  auto t = pl::load(x, {0, 0}, {16, 64}, {.valid_shape = {vr, vc}});
  auto back = pl::cast(pl::adds(pl::cast(t, pl::fp16), 1.0f), pl::fp32);
  auto mask = pl::cmps(back, 0.75f, pl::CmpMode::Gt);
  pl::store(pl::sel(mask, back, pl::neg(t)), {0, 0}, o);
}

/// The window at row 4 + 6k replaces the carried tile on each of n trips (16, 10, 4 valid rows):
/// after the loop its valid shape is only known at run time.
PL_FUNCTION(pl::FunctionType::InCore)
void carried(X x, pl::Index n, pl::Out<X> o) {
  auto last = pl::load(x, {0, 0}, {16, 64});
  for (auto k : pl::range(n))
    last = pl::load(x, {k * 6 + 4, 0}, {16, 64});
  pl::store(pl::neg(pl::muls(last, 3.0f)), {0, 0}, o);
}

/// Branches of different valid shapes: rows 12.. (8 valid) or rows 0.. with 24 valid columns.
PL_FUNCTION(pl::FunctionType::InCore)
void branches(X x, pl::Index n, pl::Out<X> o) {
  auto a = pl::load(x, {12, 0}, {16, 64});
  auto b = pl::load(x, {0, 0}, {16, 64}, {.valid_shape = {16, 24}});
  auto [q] = pl::if_(n > 1, [&] { return pl::yield_(a); }, [&] { return pl::yield_(b); });
  pl::store(pl::abs(pl::adds(q, -0.5f)), {0, 0}, o);
}

/// A loaded tile narrowed with pl::set_validshape: only [vr, vc] computes and stores.
PL_FUNCTION(pl::FunctionType::InCore)
void narrowed(X x, pl::Index vr, pl::Index vc, pl::Out<X> o) {
  auto t = pl::set_validshape(pl::load(x, {0, 0}, {16, 64}), vr, vc);
  pl::store(pl::muls(pl::exp(t), 0.5f), {0, 0}, o);
}

/// Windows of a ragged tile sliced with their own valid shape (SliceOptions{.valid_shape}): a
/// run-time number of rows and a constant [3, 16]; only those regions compute and store.
PL_FUNCTION(pl::FunctionType::InCore)
void sliced(X x, pl::Index vr, pl::Out<X> o) {
  auto t = pl::load(x, {0, 0}, {16, 64});
  auto s = pl::slice(t, {8, 32}, {4, 8}, {.valid_shape = {vr, 24}});
  auto c = pl::slice(t, {8, 16}, {8, 0}, {.valid_shape = {3, 16}});
  pl::store(pl::muls(s, -2.0f), {0, 0}, o);
  pl::store(pl::adds(c, 1.0f), {10, 0}, o);
}

using XI = pl::Tensor<pl::i32, 20, 40>;

/// int32 on a ragged window (rows [r, r + 16) of 20): negative operands through a scalar
/// subtract, an absolute value, a row maximum broadcast back and a compare / select.
PL_FUNCTION(pl::FunctionType::InCore)
void ragged_ints(XI x, pl::Index r, pl::Out<XI> o) {
  auto t = pl::subs(pl::load(x, {r, 0}, {16, 64}), 7);
  auto m = pl::row_max(pl::abs(t));
  auto d = pl::row_expand_sub(t, m);
  pl::store(pl::sel(pl::cmps(t, 0, pl::CmpMode::Lt), d, t), {r, 0}, o);
}

using A = pl::Tensor<pl::fp32, 40, 64>;
using B = pl::Tensor<pl::fp32, 64, 64>;

/// c = a · b over 16-row blocks of a (the last holds 8 valid rows).
PL_FUNCTION(pl::FunctionType::AIC)
void ragged_matmul(A a, B b, pl::Out<A> c) {
  auto br = pl::move(pl::load(b, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  for (auto i : pl::range(3)) {
    auto am = pl::load(a, {i * 16, 0}, {16, 64}, {.target_memory = pl::Mem::Mat});
    auto al = pl::move(am, {.target_memory = pl::Mem::Left});
    pl::Tile<pl::fp32, 16, 64, pl::Mem::Acc> acc = pl::matmul(al, br);
    pl::store(acc, {i * 16, 0}, c);
  }
}

namespace {
float at(const Vec &v, int r, int c) { return v[static_cast<std::size_t>(r * 40 + c)]; }
} // namespace

int main() {
  e2e::Report report("regress_valid_shapes");
  const Vec xs = pl::random_vector(20 * 40, 71, -2.0f, 2.0f);
  const X x(xs);

  for (int r : {0, 16}) { // 16 and 4 valid rows, 40 valid columns
    const int rows = std::min(16, 20 - r);
    Vec d(20 * 40, 0.0f), s(20, 0.0f), m(40, 0.0f);
    for (int i = 0; i < rows; ++i) {
      float sum = 0.0f;
      std::vector<float> e(40);
      for (int j = 0; j < 40; ++j) {
        e[j] = std::exp(at(xs, r + i, j) * 0.01f) * 2.0f - 1.0f;
        sum += e[j];
      }
      s[r + i] = sum;
      for (int j = 0; j < 40; ++j) {
        d[(r + i) * 40 + j] = e[j] - sum;
        m[j] = i == 0 ? e[j] : std::max(m[j], e[j]);
      }
    }
    X o;
    Sums so;
    Cols mo;
    ragged_chain(x, r, o, so, mo);
    report.close("ragged_chain.d.r" + std::to_string(r), o, d);
    report.close("ragged_chain.sums.r" + std::to_string(r), so, s);
    report.close("ragged_chain.maxes.r" + std::to_string(r), mo, m);
  }

  for (auto [vr, vc] : {std::pair{16, 40}, std::pair{5, 17}, std::pair{1, 1}, std::pair{0, 8}}) {
    Vec want(20 * 40, 0.0f);
    for (int i = 0; i < vr; ++i)
      for (int j = 0; j < vc; ++j) {
        const float v = at(xs, i, j);
        const float back = static_cast<float>(pl::Half(static_cast<float>(pl::Half(v)) + 1.0f));
        want[i * 40 + j] = back > 0.75f ? back : -v;
      }
    X o;
    user_valid(x, vr, vc, o);
    report.close("user_valid." + std::to_string(vr) + "x" + std::to_string(vc), o, want);
  }

  for (int n : {0, 1, 2, 3}) {
    const int start = n == 0 ? 0 : (n - 1) * 6 + 4, rows = std::min(16, 20 - start);
    Vec want(20 * 40, 0.0f);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < 40; ++j)
        want[i * 40 + j] = -(at(xs, start + i, j) * 3.0f);
    X o;
    carried(x, n, o);
    report.close("carried.n" + std::to_string(n), o, want);
  }

  for (int n : {1, 2}) {
    Vec want(20 * 40, 0.0f);
    const int start = n > 1 ? 12 : 0, rows = n > 1 ? 8 : 16, cols = n > 1 ? 40 : 24;
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        want[i * 40 + j] = std::fabs(at(xs, start + i, j) - 0.5f);
    X o;
    branches(x, n, o);
    report.close("branches.n" + std::to_string(n), o, want);
  }

  for (auto [vr, vc] : {std::pair{16, 40}, std::pair{3, 7}, std::pair{0, 40}}) {
    Vec want(20 * 40, 0.0f);
    for (int i = 0; i < vr; ++i)
      for (int j = 0; j < vc; ++j)
        want[i * 40 + j] = std::exp(at(xs, i, j)) * 0.5f;
    X o;
    narrowed(x, vr, vc, o);
    report.close("narrowed." + std::to_string(vr) + "x" + std::to_string(vc), o, want);
  }

  for (int vr : {0, 5, 8}) {
    Vec want(20 * 40, 0.0f);
    for (int i = 0; i < vr; ++i)
      for (int j = 0; j < 24; ++j)
        want[i * 40 + j] = at(xs, 4 + i, 8 + j) * -2.0f;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 16; ++j)
        want[(10 + i) * 40 + j] = at(xs, 8 + i, j) + 1.0f;
    X o;
    sliced(x, vr, o);
    report.close("sliced.r" + std::to_string(vr), o, want);
  }

  {
    std::vector<std::int32_t> is(20 * 40);
    for (int k = 0; k < 20 * 40; ++k)
      is[static_cast<std::size_t>(k)] = (k * 37) % 61 - 30; // negative and positive
    const XI xi(is);
    for (int r : {0, 16}) {
      const int rows = std::min(16, 20 - r);
      std::vector<double> want(20 * 40, 0.0);
      for (int i = 0; i < rows; ++i) {
        int mx = 0;
        for (int j = 0; j < 40; ++j)
          mx = std::max(mx, std::abs(is[static_cast<std::size_t>((r + i) * 40 + j)] - 7));
        for (int j = 0; j < 40; ++j) {
          const int t = is[static_cast<std::size_t>((r + i) * 40 + j)] - 7;
          want[static_cast<std::size_t>((r + i) * 40 + j)] = t < 0 ? t - mx : t;
        }
      }
      XI o;
      ragged_ints(xi, r, o);
      report.close("ragged_ints.r" + std::to_string(r), o, want);
    }
  }

  const Vec as = pl::random_vector(40 * 64, 72, -1.0f, 1.0f);
  const Vec bs = pl::random_vector(64 * 64, 73, -1.0f, 1.0f);
  Vec want(40 * 64, 0.0f);
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 64; ++j) {
      double acc = 0.0;
      for (int k = 0; k < 64; ++k)
        acc += static_cast<double>(as[i * 64 + k]) * bs[k * 64 + j];
      want[i * 64 + j] = static_cast<float>(acc);
    }
  A c;
  ragged_matmul(A(as), B(bs), c);
  report.close("ragged_matmul", c, want);
  return report.exitCode();
}
