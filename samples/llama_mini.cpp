// samples/llama_mini.cpp — one LLaMA-style decoder layer plus LM head (S = 16, D = 64, V = 64) as a
// PL_PROGRAM: InCore kernels for rms_norm, matmul, lm_head, a vector transpose feeding
// matmul_trans_b (K tiled 4 x 16 with matmul + matmul_acc), attention matmul, softmax, scale, mask
// add, residual add, RoPE (two half-width loads, two chained stores) and SwiGLU, chained by one
// Orchestration function. Cube kernels only see Mat/Left/Right/Acc, vector kernels only Vec.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr std::int64_t S = 16, D = 64, V = 64, H = D / 2;

using Act = pl::Tensor<pl::fp32, S, D>;
using W = pl::Tensor<pl::fp32, D, D>;
using Gamma = pl::Tensor<pl::fp32, 1, D>;
using Scores = pl::Tensor<pl::fp32, S, S>;
using ActTr = pl::Tensor<pl::fp32, D, S>;
using Rot = pl::Tensor<pl::fp32, S, H>;
using Logits = pl::Tensor<pl::fp32, S, V>;
using ActT = pl::Tile<pl::fp32, S, D>;
using ScoreT = pl::Tile<pl::fp32, S, S>;

struct PL_PROGRAM LlamaMini {
  PL_FUNCTION(pl::FunctionType::InCore)
  static void rms_norm(Act x, Gamma g, pl::Out<Act> out) {
    ActT t = pl::load(x, {0, 0}, {S, D});
    pl::Tile<pl::fp32, S, 1> ms = pl::muls(pl::row_sum(t * t), 1.0f / D);
    pl::Tile<pl::fp32, S, 1> inv = pl::rsqrt(pl::adds(ms, 1e-6f));
    pl::store(pl::col_expand_mul(pl::row_expand_mul(t, inv), pl::load(g, {0, 0}, {1, D})), {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::InCore)
  static void matmul(Act a, W w, pl::Out<Act> out) {
    auto l = pl::move(pl::load(a, {0, 0}, {S, D}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto r = pl::move(pl::load(w, {0, 0}, {D, D}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    pl::store(pl::matmul(l, r), {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::InCore)
  static void lm_head(Act a, pl::Tensor<pl::fp32, D, V> w, pl::Out<Logits> out) {
    auto l = pl::move(pl::load(a, {0, 0}, {S, D}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto r = pl::move(pl::load(w, {0, 0}, {D, V}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    pl::store(pl::matmul(l, r), {0, 0}, out);
  }

  /// out = b^T on the vector core (the cube reads b^T from global memory).
  PL_FUNCTION(pl::FunctionType::InCore)
  static void transpose(Act b, pl::Out<ActTr> out) {
    ActT t = pl::load(b, {0, 0}, {S, D});
    pl::store(pl::transpose(t), {0, 0}, out);
  }

  /// out = a · b^T with K = 64 tiled as 4 x 16 (bt = b^T): matmul, then matmul_acc.
  PL_FUNCTION(pl::FunctionType::InCore)
  static void matmul_trans_b(Act a, ActTr bt, pl::Out<Scores> out) {
    auto a0 = pl::move(pl::load(a, {0, 0}, {S, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto b0 = pl::move(pl::load(bt, {0, 0}, {16, S}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    pl::Tile<pl::fp32, S, S, pl::Mem::Acc> acc = pl::matmul(a0, b0);
    for (auto kk : pl::range(1, 4)) {
      auto ak = pl::move(pl::load(a, {0, kk * 16}, {S, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
      auto bk = pl::move(pl::load(bt, {kk * 16, 0}, {16, S}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
      acc = pl::matmul_acc(acc, ak, bk);
    }
    pl::store(acc, {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::InCore)
  static void attn_matmul(Scores p, Act v, pl::Out<Act> out) {
    auto l = pl::move(pl::load(p, {0, 0}, {S, S}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto r = pl::move(pl::load(v, {0, 0}, {S, D}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    pl::store(pl::matmul(l, r), {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::InCore)
  static void scale(Scores x, float s, pl::Out<Scores> out) {
    pl::store(pl::muls(pl::load(x, {0, 0}, {S, S}), s), {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::InCore)
  static void mask_add(Scores x, Scores mask, pl::Out<Scores> out) {
    pl::store(pl::load(x, {0, 0}, {S, S}) + pl::load(mask, {0, 0}, {S, S}), {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::InCore)
  static void softmax(Scores x, pl::Out<Scores> out) {
    ScoreT t = pl::load(x, {0, 0}, {S, S});
    ScoreT e = pl::exp(pl::row_expand_sub(t, pl::row_max(t)));
    pl::store(pl::row_expand_div(e, pl::row_sum(e)), {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::InCore)
  static void residual_add(Act a, Act b, pl::Out<Act> out) {
    pl::store(pl::load(a, {0, 0}, {S, D}) + pl::load(b, {0, 0}, {S, D}), {0, 0}, out);
  }

  /// Rotary embedding on the two halves: [x1 cos - x2 sin, x2 cos + x1 sin].
  PL_FUNCTION(pl::FunctionType::InCore)
  static void rope(Act x, Rot cos, Rot sin, pl::Out<Act> out) {
    auto x1 = pl::load(x, {0, 0}, {S, H});
    auto x2 = pl::load(x, {0, H}, {S, H});
    auto c = pl::load(cos, {0, 0}, {S, H});
    auto s = pl::load(sin, {0, 0}, {S, H});
    auto first = pl::store(x1 * c - x2 * s, {0, 0}, out);
    pl::store(x2 * c + x1 * s, {0, H}, first);
  }

  PL_FUNCTION(pl::FunctionType::InCore)
  static void swiglu(Act gate, Act up, pl::Out<Act> out) {
    ActT g = pl::load(gate, {0, 0}, {S, D});
    ActT sig = pl::recip(pl::adds(pl::exp(pl::neg(g)), 1.0f));
    pl::store(g * sig * pl::load(up, {0, 0}, {S, D}), {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::Orchestration)
  static void forward(Act x, Gamma g1, W wq, W wk, W wv, W wo, Gamma g2, W wg, W wu, W wd, Gamma g3,
                      pl::Tensor<pl::fp32, D, V> wlm, Rot cos, Rot sin, Scores mask, pl::Out<Logits> logits) {
    auto act = [] { return Act(pl::create_tensor({S, D}, pl::fp32)); };
    auto sc = [] { return Scores(pl::create_tensor({S, S}, pl::fp32)); };
    Act n1 = act(), q = act(), k = act(), v = act(), qr = act(), kr = act(), a = act(), o = act(), h = act();
    Act n2 = act(), gt = act(), up = act(), sw = act(), f = act(), h2 = act(), n3 = act();
    Scores s = sc(), s2 = sc(), s3 = sc(), p = sc();
    rms_norm(x, g1, n1);
    matmul(n1, wq, q);
    matmul(n1, wk, k);
    matmul(n1, wv, v);
    rope(q, cos, sin, qr);
    rope(k, cos, sin, kr);
    ActTr krt = pl::create_tensor({D, S}, pl::fp32);
    transpose(kr, krt);
    matmul_trans_b(qr, krt, s);
    scale(s, 1.0f / std::sqrt(static_cast<float>(D)), s2);
    mask_add(s2, mask, s3);
    softmax(s3, p);
    attn_matmul(p, v, a);
    matmul(a, wo, o);
    residual_add(x, o, h);
    rms_norm(h, g2, n2);
    matmul(n2, wg, gt);
    matmul(n2, wu, up);
    swiglu(gt, up, sw);
    matmul(sw, wd, f);
    residual_add(h, f, h2);
    rms_norm(h2, g3, n3);
    lm_head(n3, wlm, logits);
  }
};

// ---- plain-loop reference ----------------------------------------------------------------------

using Vd = std::vector<double>;
static Vd mm(const Vd& a, const Vd& b, int m, int k, int n, bool bT = false) {
  Vd c(static_cast<std::size_t>(m * n), 0.0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int p = 0; p < k; ++p) c[i * n + j] += a[i * k + p] * (bT ? b[j * k + p] : b[p * n + j]);
  return c;
}
static Vd rms(const Vd& x, const Vd& g) {
  Vd y(x.size());
  for (int i = 0; i < S; ++i) {
    double ss = 0;
    for (int c = 0; c < D; ++c) ss += x[i * D + c] * x[i * D + c];
    const double inv = 1.0 / std::sqrt(ss / D + 1e-6);
    for (int c = 0; c < D; ++c) y[i * D + c] = x[i * D + c] * inv * g[c];
  }
  return y;
}
static Vd rope(const Vd& x, const Vd& cs, const Vd& sn) {
  Vd y(x.size());
  for (int i = 0; i < S; ++i)
    for (int c = 0; c < H; ++c) {
      const double x1 = x[i * D + c], x2 = x[i * D + H + c], co = cs[i * H + c], si = sn[i * H + c];
      y[i * D + c] = x1 * co - x2 * si;
      y[i * D + H + c] = x2 * co + x1 * si;
    }
  return y;
}
static Vd dv(const std::vector<float>& v) { return Vd(v.begin(), v.end()); }

int main() {
  std::uint64_t seed = 150;
  auto rnd = [&](std::size_t n, float lo, float hi) { return pl::random_vector(n, ++seed, lo, hi); };
  const auto xs = rnd(S * D, -1, 1), g1 = rnd(D, 0.5f, 1.5f), g2 = rnd(D, 0.5f, 1.5f), g3 = rnd(D, 0.5f, 1.5f);
  std::vector<std::vector<float>> ws;
  for (int i = 0; i < 7; ++i) ws.push_back(rnd(D * D, -0.15f, 0.15f));
  const auto wlm = rnd(D * V, -0.15f, 0.15f);
  std::vector<float> cs(S * H), sn(S * H), mask(S * S);
  for (int i = 0; i < S; ++i) {
    for (int c = 0; c < H; ++c) {
      const double ang = i * std::pow(10000.0, -2.0 * c / D);
      cs[i * H + c] = static_cast<float>(std::cos(ang));
      sn[i * H + c] = static_cast<float>(std::sin(ang));
    }
    for (int j = 0; j < S; ++j) mask[i * S + j] = j <= i ? 0.0f : -1e9f;
  }

  Logits logits;
  LlamaMini::forward(Act(xs), Gamma(g1), W(ws[0]), W(ws[1]), W(ws[2]), W(ws[3]), Gamma(g2), W(ws[4]), W(ws[5]),
                     W(ws[6]), Gamma(g3), pl::Tensor<pl::fp32, D, V>(wlm), Rot(cs), Rot(sn), Scores(mask), logits);

  const Vd x = dv(xs), n1 = rms(x, dv(g1));
  const Vd q = rope(mm(n1, dv(ws[0]), S, D, D), dv(cs), dv(sn)), k = rope(mm(n1, dv(ws[1]), S, D, D), dv(cs), dv(sn));
  const Vd v = mm(n1, dv(ws[2]), S, D, D);
  Vd s = mm(q, k, S, D, S, true);
  for (int i = 0; i < S; ++i) {
    double mx = -INFINITY, sum = 0;
    for (int j = 0; j < S; ++j) mx = std::max(mx, s[i * S + j] = s[i * S + j] / std::sqrt(double(D)) + mask[i * S + j]);
    for (int j = 0; j < S; ++j) sum += (s[i * S + j] = std::exp(s[i * S + j] - mx));
    for (int j = 0; j < S; ++j) s[i * S + j] /= sum;
  }
  Vd h = mm(mm(s, v, S, S, D), dv(ws[3]), S, D, D);
  for (std::size_t i = 0; i < h.size(); ++i) h[i] += x[i];
  const Vd n2 = rms(h, dv(g2)), gt = mm(n2, dv(ws[4]), S, D, D), up = mm(n2, dv(ws[5]), S, D, D);
  Vd sw(gt.size());
  for (std::size_t i = 0; i < sw.size(); ++i) sw[i] = gt[i] / (1 + std::exp(-gt[i])) * up[i];
  Vd h2 = mm(sw, dv(ws[6]), S, D, D);
  for (std::size_t i = 0; i < h2.size(); ++i) h2[i] += h[i];
  const Vd ref = mm(rms(h2, dv(g3)), dv(wlm), S, D, V);

  const bool ok = pl::allclose(logits, ref, {.rtol = 1e-4, .atol = 1e-4});
  std::printf("llama_mini: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
