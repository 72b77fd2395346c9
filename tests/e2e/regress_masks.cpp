// tests/e2e/regress_masks.cpp — bool masks in kernels, which PTO-ISA holds only as the packed
// uint8_t masks TCMP / TCMPS write (issue 34; pass PackCompareMasks): compares stored into bool
// tensors (fp32, fp16, int32, int16 operands, tile and scalar forms), two masks combined with
// and / or / xor / not and then selected, a mask carried through loops of 0 / 1 / 3 trips, a bool
// tensor loaded and used as a select mask and combined with a compare, masks that are if results
// (a C++ if and pl::if_), masks cast to numbers (fp32, fp16, int32, int8) and numbers of every
// dtype PackCompareMasks compares cast to masks (zeros and negatives). Every tile is a full
// [16, 32] window and its ragged neighbour at column 32 of a 52-column tensor (20 valid columns:
// not a multiple of 8, so a packed row ends inside a byte). Eager and translated must agree.
#include <pl/dsl.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "report.hpp"

constexpr int kCols = 52;
using X = pl::Tensor<pl::fp32, 16, kCols>;
using H = pl::Tensor<pl::fp16, 16, kCols>;
using I32 = pl::Tensor<pl::i32, 16, kCols>;
using I16 = pl::Tensor<pl::i16, 16, kCols>;
using B = pl::Tensor<pl::bool_, 16, kCols>;
using I8 = pl::Tensor<pl::i8, 16, kCols>;
using BF = pl::Tensor<pl::bf16, 16, kCols>;
using Y = pl::Tensor<pl::fp32, 48, kCols>;
using T = pl::Tile<pl::fp32, 16, 32>;
using M = pl::Tile<pl::bool_, 16, 32>;
using Vec = std::vector<float>;

/// Compares of every operand dtype stored into bool tensors, the full and the ragged window.
PL_FUNCTION(pl::FunctionType::InCore)
void store_masks(X x, H h, I32 i, I16 s, pl::Out<B> mx, pl::Out<B> mh, pl::Out<B> mi,
                 pl::Out<B> ms) {
  for (pl::Index c0 : pl::range(0, 64, 32)) {
    T a = pl::load(x, {0, c0}, {16, 32});
    pl::store(pl::cmps(a, 0.25f, pl::CmpMode::Gt), {0, c0}, mx);
    auto b = pl::load(h, {0, c0}, {16, 32});
    pl::store(pl::cmp(b, pl::muls(b, -1.0f), pl::CmpMode::Le), {0, c0}, mh);
    auto d = pl::load(i, {0, c0}, {16, 32});
    pl::store(pl::cmps(d, -100, pl::CmpMode::Ne), {0, c0}, mi);
    auto e = pl::load(s, {0, c0}, {16, 32});
    pl::store(pl::cmps(e, 7, pl::CmpMode::Ge), {0, c0}, ms);
  }
}

/// Two compares combined with and / or / not / xor, each result selected into its own column
/// block of o; the combined mask also stored.
PL_FUNCTION(pl::FunctionType::InCore)
void combine(X x, X y, pl::Out<Y> o, pl::Out<B> m) {
  for (pl::Index c0 : pl::range(0, 64, 32)) {
    T a = pl::load(x, {0, c0}, {16, 32});
    T b = pl::load(y, {0, c0}, {16, 32});
    M p = pl::cmp(a, b, pl::CmpMode::Lt);
    M q = pl::cmps(a, 0.0f, pl::CmpMode::Ge);
    M r = pl::or_(pl::and_(p, q), pl::not_(pl::or_(p, q)));
    pl::store(pl::sel(r, a, b), {0, c0}, o);
    pl::store(pl::sels(pl::xor_(p, q), a, -1.0f), {16, c0}, o);
    pl::store(pl::sels(pl::not_(p), b, 2.0f), {32, c0}, o);
    pl::store(r, {0, c0}, m);
  }
}

/// A mask carried through n trips, toggled by a compare of row block k of y each trip, then
/// selected and stored.
PL_FUNCTION(pl::FunctionType::InCore)
void carried(X x, Y y, pl::Index n, pl::Out<X> o, pl::Out<B> m) {
  for (pl::Index c0 : pl::range(0, 64, 32)) {
    T a = pl::load(x, {0, c0}, {16, 32});
    M acc = pl::cmps(a, 0.0f, pl::CmpMode::Gt);
    for (auto k : pl::range(n)) {
      T w = pl::load(y, {k * 16, c0}, {16, 32});
      acc = pl::xor_(acc, pl::cmps(w, 0.5f, pl::CmpMode::Lt));
    }
    pl::store(pl::sels(acc, a, 5.0f), {0, c0}, o);
    pl::store(acc, {0, c0}, m);
  }
}

/// A bool tensor loaded as a select mask, alone and and-ed with a compare.
PL_FUNCTION(pl::FunctionType::InCore)
void loaded(X x, B mk, pl::Out<Y> o) {
  for (pl::Index c0 : pl::range(0, 64, 32)) {
    T a = pl::load(x, {0, c0}, {16, 32});
    M l = pl::load(mk, {0, c0}, {16, 32});
    pl::store(pl::sels(l, a, 3.0f), {0, c0}, o);
    pl::store(pl::sels(pl::and_(l, pl::cmps(a, 0.5f, pl::CmpMode::Lt)), a, -3.0f), {16, c0}, o);
  }
}

/// Masks that are if results: a C++ if that replaces a compare on a run-time condition, and a
/// pl::if_ whose branches yield a compare and a negation; selected, combined and stored.
PL_FUNCTION(pl::FunctionType::InCore)
void if_masks(X x, pl::Index k, pl::Out<X> o, pl::Out<B> m) {
  for (pl::Index c0 : pl::range(0, 64, 32)) {
    T a = pl::load(x, {0, c0}, {16, 32});
    M p = pl::cmps(a, 0.5f, pl::CmpMode::Gt);
    if (k > c0) {
      p = pl::cmps(a, 0.25f, pl::CmpMode::Lt);
    }
    auto [q] = pl::if_(
        k > 1, [&] { return pl::yield_(pl::cmps(a, 0.75f, pl::CmpMode::Ge)); },
        [&] { return pl::yield_(pl::not_(p)); });
    pl::store(pl::sels(p, a, -2.0f), {0, c0}, o);
    pl::store(pl::or_(p, q), {0, c0}, m);
  }
}

/// A compare's mask cast to fp32, fp16, int32 and int8 ones and zeros.
PL_FUNCTION(pl::FunctionType::InCore)
void mask_to_num(X x, pl::Out<X> f, pl::Out<H> h, pl::Out<I32> i, pl::Out<I8> b) {
  for (pl::Index c0 : pl::range(0, 64, 32)) {
    T a = pl::load(x, {0, c0}, {16, 32});
    M m = pl::cmps(a, 0.5f, pl::CmpMode::Gt);
    pl::store(pl::cast(m, pl::fp32), {0, c0}, f);
    pl::store(pl::cast(m, pl::fp16), {0, c0}, h);
    pl::store(pl::cast(m, pl::i32), {0, c0}, i);
    pl::store(pl::cast(m, pl::i8), {0, c0}, b);
  }
}

/// fp32, int32, fp16, int8 and bf16 tiles cast to masks (non-zero is true), selected, combined
/// and stored.
PL_FUNCTION(pl::FunctionType::InCore)
void num_to_mask(X x, I32 i, H h, I8 b, BF w, pl::Out<Y> o, pl::Out<B> m) {
  for (pl::Index c0 : pl::range(0, 64, 32)) {
    T a = pl::load(x, {0, c0}, {16, 32});
    pl::store(pl::sels(pl::cast(a, pl::bool_), a, 9.0f), {0, c0}, o);
    M mi = pl::cast(pl::load(i, {0, c0}, {16, 32}), pl::bool_);
    pl::store(pl::sels(mi, a, 8.0f), {16, c0}, o);
    M mh = pl::cast(pl::load(h, {0, c0}, {16, 32}), pl::bool_);
    M mb = pl::cast(pl::load(b, {0, c0}, {16, 32}), pl::bool_);
    pl::store(pl::sels(pl::and_(mh, mb), a, 7.0f), {32, c0}, o);
    pl::store(pl::cast(pl::load(w, {0, c0}, {16, 32}), pl::bool_), {0, c0}, m);
  }
}

int main() {
  e2e::Report report("regress_masks");
  const int n = 16 * kCols;
  const Vec xs = pl::random_vector(n, 341), ys = pl::random_vector(48 * kCols, 342);
  X x(xs), y16(Vec(ys.begin(), ys.begin() + n));
  Y y(ys);
  std::vector<double> xd(xs.begin(), xs.end()), yd(ys.begin(), ys.end());

  // store_masks
  std::vector<float> hs(n);
  std::vector<std::int32_t> is(n);
  std::vector<std::int16_t> ss(n);
  for (int k = 0; k < n; ++k) {
    hs[k] = xs[k] * 4.0f - 0.5f;
    is[k] = (k % 3 == 0) ? -100 : static_cast<std::int32_t>(xs[k] * 1000.0f) - 500;
    ss[k] = static_cast<std::int16_t>(static_cast<int>(xs[k] * 20.0f) - 5);
  }
  H h(hs);
  I32 iv(is);
  I16 sv(ss);
  {
    B mx, mh, mi, ms;
    store_masks(x, h, iv, sv, mx, mh, mi, ms);
    std::vector<double> wx(n), wh(n), wi(n), ws(n);
    for (int k = 0; k < n; ++k) {
      const double hv = static_cast<double>(pl::Half(hs[k]));
      wx[k] = xs[k] > 0.25f;
      wh[k] = hv <= -hv;
      wi[k] = is[k] != -100;
      ws[k] = ss[k] >= 7;
    }
    report.close("store_masks.fp32", mx, wx);
    report.close("store_masks.fp16", mh, wh);
    report.close("store_masks.int32", mi, wi);
    report.close("store_masks.int16", ms, ws);
  }
  {
    Y o;
    B m;
    combine(x, y16, o, m);
    std::vector<double> wo(48 * kCols), wm(n);
    for (int k = 0; k < n; ++k) {
      const float a = xs[k], b = ys[k];
      const bool p = a < b, q = a >= 0.0f, r = (p && q) || !(p || q);
      wo[k] = r ? a : b;
      wo[n + k] = (p != q) ? a : -1.0f;
      wo[2 * n + k] = !p ? b : 2.0f;
      wm[k] = r;
    }
    report.close("combine.sel", o, wo);
    report.close("combine.mask", m, wm);
  }
  for (pl::Index trips : {pl::Index(0), pl::Index(1), pl::Index(3)}) {
    X o;
    B m;
    carried(x, y, trips, o, m);
    std::vector<double> wo(n), wm(n);
    for (int k = 0; k < n; ++k) {
      bool acc = xs[k] > 0.0f;
      for (pl::Index t = 0; t < trips; ++t)
        acc = acc != (ys[t * n + k] < 0.5f);
      wo[k] = acc ? xs[k] : 5.0f;
      wm[k] = acc;
    }
    report.close("carried.n" + std::to_string(trips), o, wo);
    report.close("carried.mask.n" + std::to_string(trips), m, wm);
  }
  {
    std::vector<std::uint8_t> mb(n);
    for (int k = 0; k < n; ++k)
      mb[k] = ys[k] > 0.4f;
    B mk(mb);
    Y o;
    loaded(x, mk, o);
    std::vector<double> wo(48 * kCols, 0.0);
    for (int k = 0; k < n; ++k) {
      wo[k] = mb[k] ? xs[k] : 3.0f;
      wo[n + k] = (mb[k] && xs[k] < 0.5f) ? xs[k] : -3.0f;
    }
    report.close("loaded.sels", o, wo);
  }
  for (pl::Index k : {pl::Index(0), pl::Index(2), pl::Index(40)}) {
    X o;
    B m;
    if_masks(x, k, o, m);
    std::vector<double> wo(n), wm(n);
    for (int e = 0; e < n; ++e) {
      const float a = xs[e];
      const bool p = k > (e % kCols) / 32 * 32 ? a < 0.25f : a > 0.5f;
      const bool q = k > 1 ? a >= 0.75f : !p;
      wo[e] = p ? a : -2.0f;
      wm[e] = p || q;
    }
    report.close("if_masks.sel.k" + std::to_string(k), o, wo);
    report.close("if_masks.mask.k" + std::to_string(k), m, wm);
  }
  {
    X f;
    H h;
    I32 i;
    I8 b;
    mask_to_num(x, f, h, i, b);
    std::vector<double> w(n);
    for (int e = 0; e < n; ++e)
      w[e] = xs[e] > 0.5f ? 1.0 : 0.0;
    report.close("mask_to_num.fp32", f, w);
    report.close("mask_to_num.fp16", h, w);
    report.close("mask_to_num.int32", i, w);
    report.close("mask_to_num.int8", b, w);
  }
  {
    // integral values: zeros and negatives, exact in every dtype
    std::vector<float> vf(n), xf(n);
    std::vector<std::int64_t> vi(n);
    for (int e = 0; e < n; ++e) {
      vi[e] = (e % 4 == 0) ? 0 : e % 7 - 3;
      vf[e] = static_cast<float>(vi[e]);
      xf[e] = (e % 5 == 0) ? 0.0f : xs[e] - 0.5f;
    }
    const X xz(xf);
    const I32 iv8(vi);
    const H hv(vf);
    const I8 bv(vi);
    const BF wv(vf);
    Y o;
    B m;
    num_to_mask(xz, iv8, hv, bv, wv, o, m);
    std::vector<double> wo(48 * kCols, 0.0), wm(n);
    for (int e = 0; e < n; ++e) {
      const bool nz = vi[e] != 0;
      wo[e] = xf[e] != 0.0f ? xf[e] : 9.0f;
      wo[n + e] = nz ? xf[e] : 8.0f;
      wo[2 * n + e] = nz ? xf[e] : 7.0f;
      wm[e] = nz;
    }
    report.close("num_to_mask.sels", o, wo);
    report.close("num_to_mask.bf16", m, wm);
  }
  return report.exitCode();
}
