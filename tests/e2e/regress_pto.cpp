// tests/e2e/regress_pto.cpp — constructs whose translation the PTO backend changed: a padded
// tile (tile.fillpad's pad value lives in its PTO tile type) carried through a loop with 3 and
// 0 trips and read on a ragged window; the load / store windows clipped to a ragged tensor;
// cast rounding modes and comparison modes on negative operands (printed as PTO enums);
// int32 data; selects, ands and ors whose operands are padded tiles of different pad values
// (PTO-ISA's TSEL / TAND / TOR take one tile type for the destination and both sources: fuzzer
// program 606000050 printed a TSEL that did not compile). Every kernel also runs under the
// simulator's pipe checker, so each case checks the flags InsertPipeSyncs wrote (loop back edges,
// an if). Eager and translated must agree.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "report.hpp"

using R = pl::Tensor<pl::fp32, 20, 16>;
using T = pl::Tile<pl::fp32, 16, 16>;
using I = pl::Tensor<pl::i32, 16, 16>;
using Vec = std::vector<float>;

/// Rows [k * 16, k * 16 + 16) of x (the last window of 20 rows holds 4), padded with +max where
/// ragged, accumulated as a running maximum carried over n trips, and stored.
PL_FUNCTION(pl::FunctionType::InCore)
void padded_carry(R x, pl::Index n, pl::Out<R> o) {
  T first = pl::fillpad(pl::load(x, {0, 0}, {16, 16}), pl::PadValue::Max);
  T acc = first;
  for (auto k : pl::range(n)) {
    T w = pl::fillpad(pl::load(x, {k * 16, 0}, {16, 16}), pl::PadValue::Min);
    acc = pl::maximum(acc, w);
  }
  pl::store(pl::muls(acc, -0.5f), {4, 0}, o);
}

/// Each window of x scaled, stored back at the same (ragged) place, in a loop whose trips
/// alternate between two branches.
PL_FUNCTION(pl::FunctionType::InCore)
void ragged_windows(R x, pl::Index n, pl::Out<R> o) {
  for (auto k : pl::range(n)) {
    T t = pl::load(x, {k * 16, 0}, {16, 16});
    if (k == 1) {
      pl::store(pl::adds(t, -3.0f), {k * 16, 0}, o);
    } else {
      pl::store(pl::muls(t, 2.0f), {k * 16, 0}, o);
    }
  }
}

/// Rounding modes of casts and comparison modes on negative values.
PL_FUNCTION(pl::FunctionType::InCore)
void modes(R x, pl::Out<I> fl, pl::Out<I> ce, pl::Out<I> tr, pl::Out<R> lt) {
  T t = pl::muls(pl::load(x, {0, 0}, {16, 16}), -2.5f);
  pl::store(pl::cast(t, pl::i32, pl::RoundMode::Floor), {0, 0}, fl);
  pl::store(pl::cast(t, pl::i32, pl::RoundMode::Ceil), {0, 0}, ce);
  pl::store(pl::cast(t, pl::i32, pl::RoundMode::Trunc), {0, 0}, tr);
  auto m = pl::cmps(t, -1.0f, pl::CmpMode::Lt);
  pl::store(pl::sels(m, t, 7.0f), {0, 0}, lt);
}

using RI = pl::Tensor<pl::i32, 20, 16>;

/// The last window of x (rows 16..19 valid, the rest padded with 0) raised by 1 where it is
/// below the full window at row 4 and replaced by that window elsewhere, over n trips; int32
/// windows of xi padded with 0 (the last) and with the tensor's values combined by and / or.
/// Every padded row reaches the output, so a wrong pad value is a wrong number.
PL_FUNCTION(pl::FunctionType::InCore)
void padded_select(R x, RI xi, pl::Index n, pl::Out<R> o, pl::Out<I> band, pl::Out<I> bor) {
  T a = pl::fillpad(pl::load(x, {4, 0}, {16, 16}), pl::PadValue::Max);
  T acc = pl::fillpad(pl::load(x, {16, 0}, {16, 16}), pl::PadValue::Zero);
  for ([[maybe_unused]] auto k : pl::range(n))
    acc = pl::sel(pl::cmp(acc, a, pl::CmpMode::Lt), pl::adds(acc, 1.0f), a);
  pl::store(acc, {0, 0}, o);
  auto p = pl::fillpad(pl::load(xi, {16, 0}, {16, 16}), pl::PadValue::Zero);
  auto q = pl::load(xi, {2, 0}, {16, 16});
  pl::store(pl::and_(p, q), {0, 0}, band);
  pl::store(pl::or_(pl::ands(q, 0x0F), p), {0, 0}, bor);
}

int main() {
  e2e::Report report("regress_pto");
  const Vec xs = pl::random_vector(20 * 16, 91);
  R x(xs);
  for (pl::Index n : {pl::Index(2), pl::Index(0)}) {
    Vec acc(256);
    for (int i = 0; i < 256; ++i)
      acc[i] = xs[i];
    for (pl::Index k = 0; k < n; ++k)
      for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c) {
          const int row = static_cast<int>(k) * 16 + r;
          const float w = row < 20 ? xs[row * 16 + c] : -std::numeric_limits<float>::infinity();
          acc[r * 16 + c] = std::max(acc[r * 16 + c], w);
        }
    Vec want(20 * 16, 0.0f);
    for (int r = 0; r < 16; ++r) // stored at row 4: rows 16.. of the tile fall off the tensor
      for (int c = 0; c < 16; ++c)
        if (r + 4 < 20)
          want[(r + 4) * 16 + c] = acc[r * 16 + c] * -0.5f;
    R o;
    padded_carry(x, n, o);
    report.close(n ? "padded_carry" : "padded_carry_zero_trip", o, want);

    Vec want2(20 * 16, 0.0f);
    for (pl::Index k = 0; k < n; ++k)
      for (int r = 0; r < 16 && k * 16 + r < 20; ++r)
        for (int c = 0; c < 16; ++c) {
          const int i = static_cast<int>(k * 16 + r) * 16 + c;
          want2[i] = k == 1 ? xs[i] - 3.0f : xs[i] * 2.0f;
        }
    R o2;
    ragged_windows(x, n, o2);
    report.close(n ? "ragged_windows" : "ragged_windows_zero_trip", o2, want2);
  }
  std::vector<double> fl(256), ce(256), tr(256), lt(256);
  for (int i = 0; i < 256; ++i) {
    const float v = xs[i] * -2.5f;
    fl[i] = std::floor(v);
    ce[i] = std::ceil(v);
    tr[i] = std::trunc(v);
    lt[i] = v < -1.0f ? v : 7.0f;
  }
  I ofl, oce, otr;
  R olt;
  modes(x, ofl, oce, otr, olt);
  report.close("modes.floor", ofl, fl);
  report.close("modes.ceil", oce, ce);
  report.close("modes.trunc", otr, tr);
  Vec want3(20 * 16, 0.0f);
  for (int i = 0; i < 256; ++i)
    want3[i] = static_cast<float>(lt[i]);
  report.close("modes.cmps_lt", olt, want3);

  std::vector<std::int32_t> xis(20 * 16);
  for (int i = 0; i < 20 * 16; ++i)
    xis[i] = static_cast<std::int32_t>(std::floor(xs[i] * 1000.0f)); // negative values too
  RI xi(xis);
  for (pl::Index n : {pl::Index(0), pl::Index(1), pl::Index(3)}) {
    Vec want4(20 * 16, 0.0f);
    for (int i = 0; i < 256; ++i) {
      float acc = i < 64 ? xs[256 + i] : 0.0f; // rows 16..19, then the zero padding
      const float a = xs[64 + i];
      for (pl::Index k = 0; k < n; ++k)
        acc = acc < a ? acc + 1.0f : a;
      want4[i] = acc;
    }
    R o4;
    I oand, oor;
    padded_select(x, xi, n, o4, oand, oor);
    report.close("padded_select.n" + std::to_string(n), o4, want4);
    if (n != 0)
      continue;
    std::vector<double> wand(256), wor(256);
    for (int i = 0; i < 256; ++i) {
      const std::int32_t p = i < 64 ? xis[256 + i] : 0, q = xis[32 + i];
      wand[i] = p & q;
      wor[i] = (q & 0x0F) | p;
    }
    report.close("padded_select.and", oand, wand);
    report.close("padded_select.or", oor, wor);
  }
  return report.exitCode();
}
