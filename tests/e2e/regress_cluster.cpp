// tests/e2e/regress_cluster.cpp — mixed cube/vector scopes beyond the samples: tiles crossing
// both ways inside a loop run 0 / 1 / 3 times (negative values, the loop carry on the vector side),
// the same with each split mode (and Auto), an if whose branches live on different cores, fp16
// operands, a pipeline loop the cube side runs skewed, two vector carries trading places on a
// ragged load (0 / 1 / 3 trips).
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using T = pl::Tensor<pl::fp32, 16, 32>;
using W = pl::Tensor<pl::fp32, 32, 32>;
using V = pl::Tile<pl::fp32, 16, 32>;
using H = pl::Tensor<pl::fp16, 16, 32>;
using HW = pl::Tensor<pl::fp16, 32, 32>;

/// v <- (relu(v) - 0.5) · w - v, n times; the matmul's operand comes back from the vector cores
/// each trip (spliced into each scope below).
PL_FUNCTION(pl::FunctionType::Inline)
void chain_block(T x, W w, pl::Index n, pl::Out<T> out) {
  auto wr = pl::move(pl::load(w, {0, 0}, {32, 32}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  V x0 = pl::load(x, {0, 0}, {16, 32});
  auto [v, k] = pl::range(n, pl::init_values(x0, pl::Index{0}), [&](pl::Index i, V v, pl::Index k) {
    V r = pl::adds(pl::relu(v), -0.5f);
    auto rl =
        pl::move(pl::move(r, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    pl::Tile<pl::fp32, 16, 32, pl::Mem::Acc> p = pl::matmul(rl, wr);
    V v2 = pl::move(p, {.target_memory = pl::Mem::Vec}) - v;
    return pl::yield_(v2, k + i);
  });
  pl::store(pl::adds(v, static_cast<float>(k)), {0, 0}, out);
}

/// The chain once per split mode (Auto picks up-down here; left-right with one pipe slot).
PL_FUNCTION(pl::FunctionType::Orchestration)
void chain(T x, W w, pl::Index n, pl::Out<T> none, pl::Out<T> up_down, pl::Out<T> left_right,
           pl::Out<T> automatic) {
  pl::at({.level = pl::Level::CORE_GROUP}, [&] { chain_block(x, w, n, none); });
  pl::at({.level = pl::Level::CORE_GROUP, .optimizations = {pl::split(pl::SplitMode::UpDown)}},
         [&] { chain_block(x, w, n, up_down); });
  pl::at({.level = pl::Level::CORE_GROUP,
          .optimizations = {pl::split(pl::SplitMode::LeftRight), pl::cross_core_slot(1)}},
         [&] { chain_block(x, w, n, left_right); });
  pl::at({.level = pl::Level::CORE_GROUP, .optimizations = {pl::split(pl::SplitMode::Auto)}},
         [&] { chain_block(x, w, n, automatic); });
}

/// n > 1: the cube's product (fp16 operands) crosses to the vector cores; else the vector cores
/// negate x themselves.
PL_FUNCTION(pl::FunctionType::Orchestration)
void branch(H x, HW w, pl::Index n, pl::Out<T> o) {
  pl::at({.level = pl::Level::CORE_GROUP}, [&] {
    auto [y] = pl::if_(
        n > 1,
        [&] {
          auto xl = pl::move(pl::load(x, {0, 0}, {16, 32}, {.target_memory = pl::Mem::Mat}),
                             {.target_memory = pl::Mem::Left});
          auto wr = pl::move(pl::load(w, {0, 0}, {32, 32}, {.target_memory = pl::Mem::Mat}),
                             {.target_memory = pl::Mem::Right});
          pl::Tile<pl::fp32, 16, 32, pl::Mem::Acc> p = pl::matmul(xl, wr);
          V pv = pl::move(p, {.target_memory = pl::Mem::Vec});
          return pl::yield_(pv);
        },
        [&] {
          V neg = pl::neg(pl::cast(pl::load(x, {0, 0}, {16, 32}), pl::fp32));
          return pl::yield_(neg);
        });
    pl::store(y, {0, 0}, o);
  });
}

using K = pl::Tensor<pl::fp32, 64, 16>;
using KW = pl::Tensor<pl::fp32, 16, 16>;
using S = pl::Tile<pl::fp32, 16, 16>;

/// A pipeline loop that SkewCrossCorePipeline skews on the cube side: each trip the cube loads a
/// block (pushed to the vector cores), the vector cores return exp(-block), and the cube stores
/// its product with w. The cube pushes block i + 1 before it waits for answer i.
PL_FUNCTION(pl::FunctionType::Orchestration)
void skewed(K k, KW w, pl::Out<K> o) {
  pl::at({.level = pl::Level::CORE_GROUP}, [&] {
    auto wr = pl::move(pl::load(w, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}),
                       {.target_memory = pl::Mem::Right});
    for (auto i : pl::pipeline(4, {.stage = 2})) {
      pl::Tile<pl::fp32, 16, 16, pl::Mem::Mat> blk =
          pl::load(k, {i * 16, 0}, {16, 16}, {.target_memory = pl::Mem::Mat});
      S e = pl::exp(pl::neg(pl::move(blk, {.target_memory = pl::Mem::Vec})));
      auto el =
          pl::move(pl::move(e, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
      pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> p = pl::matmul(el, wr);
      pl::store(p, {i * 16, 0}, o);
    }
  });
}

using R = pl::Tensor<pl::fp32, 16, 16>;
using RT = pl::Tile<pl::fp32, 16, 16>;

/// Two vector carries that trade places every trip while the cube multiplies one of them by w:
/// (a, b) <- (b · w, a - 1), n times, on a ragged load (cols valid columns); no split.
PL_FUNCTION(pl::FunctionType::Orchestration)
void swap_carries(R x, R y, R w, pl::Index n, pl::Index cols, pl::Out<R> oa, pl::Out<R> ob) {
  pl::at({.level = pl::Level::CORE_GROUP}, [&] {
    auto wr = pl::move(pl::load(w, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}),
                       {.target_memory = pl::Mem::Right});
    RT a0 = pl::load(x, {0, 0}, {16, 16}, {.valid_shape = {16, cols}});
    RT b0 = pl::load(y, {0, 0}, {16, 16}, {.valid_shape = {16, cols}});
    auto [a, b] = pl::range(n, pl::init_values(a0, b0), [&](pl::Index i, RT a, RT b) {
      (void)i;
      auto bl = pl::move(pl::move(pl::fillpad(b), {.target_memory = pl::Mem::Mat}),
                         {.target_memory = pl::Mem::Left});
      pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> p = pl::matmul(bl, wr);
      RT a2 = pl::move(p, {.target_memory = pl::Mem::Vec});
      return pl::yield_(a2, pl::adds(pl::fillpad(a), -1.0f));
    });
    pl::store(pl::fillpad(a), {0, 0}, oa);
    pl::store(pl::fillpad(b), {0, 0}, ob);
  });
}

int main() {
  const auto xs = pl::random_vector(16 * 32, 71),
             ws = pl::random_vector(32 * 32, 72, -0.25f, 0.25f);
  T x(xs);
  W w(ws);
  int failures = 0;
  for (pl::Index n : {0, 1, 3}) {
    std::vector<double> v(xs.begin(), xs.end());
    pl::Index k = 0;
    for (pl::Index i = 0; i < n; ++i) {
      std::vector<float> r(16 * 32);
      for (int e = 0; e < 16 * 32; ++e)
        r[e] = static_cast<float>(std::max(0.0, v[e]) - 0.5);
      std::vector<double> nv(16 * 32);
      for (int a = 0; a < 16; ++a)
        for (int b = 0; b < 32; ++b) {
          double s = 0;
          for (int c = 0; c < 32; ++c)
            s += static_cast<double>(r[a * 32 + c]) * ws[c * 32 + b];
          nv[a * 32 + b] = static_cast<float>(s) - v[a * 32 + b];
        }
      v = nv;
      k += i;
    }
    for (double &e : v)
      e += static_cast<double>(k);
    T none, ud, lr, au;
    chain(x, w, n, none, ud, lr, au);
    for (const T *out : {&none, &ud, &lr, &au})
      failures += pl::allclose(*out, v, {.rtol = 1e-4, .atol = 1e-4}) ? 0 : 1;
  }
  const auto hs = pl::random_vector(16 * 32, 73), hw = pl::random_vector(32 * 32, 74);
  H hx(hs);
  HW hwt(hw);
  auto h = [](float f) { return pl::round_to(pl::fp16, f); };
  for (pl::Index n : {1, 2}) {
    std::vector<double> want(16 * 32);
    for (int a = 0; a < 16; ++a)
      for (int b = 0; b < 32; ++b) {
        double s = 0;
        for (int c = 0; c < 32; ++c)
          s += h(hs[a * 32 + c]) * h(hw[c * 32 + b]);
        want[a * 32 + b] = n > 1 ? s : -h(hs[a * 32 + b]);
      }
    T o;
    branch(hx, hwt, n, o);
    failures += pl::allclose(o, want, {.rtol = 1e-3, .atol = 1e-3}) ? 0 : 1;
  }
  const auto ks = pl::random_vector(64 * 16, 75), kws = pl::random_vector(16 * 16, 76);
  K kt(ks);
  KW kw(kws);
  K ko;
  skewed(kt, kw, ko);
  std::vector<double> kwant(64 * 16);
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 16; ++c) {
      double sum = 0;
      for (int m = 0; m < 16; ++m)
        sum += static_cast<double>(
                   static_cast<float>(std::exp(-static_cast<double>(ks[r * 16 + m])))) *
               kws[m * 16 + c];
      kwant[r * 16 + c] = sum;
    }
  failures += pl::allclose(ko, kwant, {.rtol = 1e-4, .atol = 1e-4}) ? 0 : 1;
  const auto sx = pl::random_vector(256, 81), sy = pl::random_vector(256, 82),
             sw = pl::random_vector(256, 83, -0.5f, 0.5f);
  R rx(sx), ry(sy), rw(sw);
  for (pl::Index n : {0, 1, 3})
    for (pl::Index cols : {16, 5}) {
      std::vector<double> a(256), b(256);
      for (int e = 0; e < 256; ++e) { // the ragged loads zero the columns past `cols`
        a[e] = e % 16 < cols ? sx[e] : 0.0;
        b[e] = e % 16 < cols ? sy[e] : 0.0;
      }
      for (pl::Index t = 0; t < n; ++t) {
        std::vector<double> na(256), nb(256);
        for (int r = 0; r < 16; ++r)
          for (int c = 0; c < 16; ++c) {
            double sum = 0;
            for (int m = 0; m < 16; ++m)
              sum += b[r * 16 + m] * sw[m * 16 + c];
            na[r * 16 + c] = static_cast<float>(sum);
            nb[r * 16 + c] = a[r * 16 + c] - 1.0;
          }
        a = na;
        b = nb;
      }
      R oa, ob;
      swap_carries(rx, ry, rw, n, cols, oa, ob);
      failures += pl::allclose(oa, a, {.rtol = 1e-4, .atol = 1e-4}) ? 0 : 1;
      failures += pl::allclose(ob, b, {.rtol = 1e-4, .atol = 1e-4}) ? 0 : 1;
    }
  std::printf("regress_cluster: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
