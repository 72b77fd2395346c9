// samples/flash_attention.cpp — flash attention as a pipeline of cube and vector kernels with a
// correct online softmax (PyPTO's own example reads an uninitialised running max).
//
// The orchestration walks query blocks (in parallel) and, for each, the K/V blocks in order. The
// running state of a query block — max m, sum l and output o — lives in tensors that the vector
// kernels update in place; the cube kernels compute S = Q·Kᵀ and P·V with fp16 inputs and fp32
// accumulation. Scratch (S, P, PV, alpha) is indexed by query block and K/V block, so no two
// tasks reuse a scratch buffer: the only shared state is the running (m, l, o), whose
// read-modify-write chain the runtime orders (RAW/WAW) without write-after-read hazards.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr std::int64_t kSq = 64, kSkv = 128, kD = 32, kBq = 32, kBk = 32, kNk = kSkv / kBk;

using Q = pl::Tensor<pl::fp32, kSq, kD>;
using KV = pl::Tensor<pl::fp32, kSkv, kD>;
using Q16 = pl::Tensor<pl::fp16, kSq, kD>;
using KT16 = pl::Tensor<pl::fp16, kD, kSkv>;
using V16 = pl::Tensor<pl::fp16, kSkv, kD>;
using Scores = pl::Tensor<pl::fp32, kSq, kSkv>;
using Probs = pl::Tensor<pl::fp16, kSq, kSkv>;
using Stat = pl::Tensor<pl::fp32, kSq, 1>;
using Alphas = pl::Tensor<pl::fp32, kSq, kNk>;
using PVs = pl::Tensor<pl::fp32, kSq, kNk * kD>;
using Row = pl::Tile<pl::fp32, kBq, 1>;
using Score = pl::Tile<pl::fp32, kBq, kBk>;
using OTile = pl::Tile<pl::fp32, kBq, kD>;

/// fp16 copies of Q and V, and Kᵀ in fp16 (the cube's operands).
PL_FUNCTION(pl::FunctionType::AIV)
void prepare(Q q, KV k, KV v, pl::Out<Q16> q16, pl::Out<KT16> kt16, pl::Out<V16> v16) {
  for (auto b : pl::range(kSq / kBq))
    pl::store(pl::cast(pl::load(q, {b * kBq, 0}, {kBq, kD}), pl::fp16), {b * kBq, 0}, q16);
  for (auto j : pl::range(kSkv / kBk)) {
    pl::Tile<pl::fp32, kBk, kD> kb = pl::load(k, {j * kBk, 0}, {kBk, kD});
    pl::store(pl::cast(pl::transpose(kb), pl::fp16), {0, j * kBk}, kt16);
    pl::store(pl::cast(pl::load(v, {j * kBk, 0}, {kBk, kD}), pl::fp16), {j * kBk, 0}, v16);
  }
}

/// m = -inf, l = 0, o = 0 for one query block.
PL_FUNCTION(pl::FunctionType::AIV)
void init_state(pl::Index qrow, pl::Out<Stat> m, pl::Out<Stat> l, pl::Out<Q> o) {
  pl::store(pl::full_tile({kBq, 1}, pl::fp32, -INFINITY), {qrow, 0}, m);
  pl::store(pl::full_tile({kBq, 1}, pl::fp32, 0.0f), {qrow, 0}, l);
  pl::store(pl::full_tile({kBq, kD}, pl::fp32, 0.0f), {qrow, 0}, o);
}

/// S = Q_blk · Kᵀ_blk on the cube.
PL_FUNCTION(pl::FunctionType::AIC)
void scores(Q16 q16, KT16 kt16, pl::Index qrow, pl::Index j, pl::Out<Scores> s) {
  auto ql = pl::move(pl::load(q16, {qrow, 0}, {kBq, kD}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto kr = pl::move(pl::load(kt16, {0, j * kBk}, {kD, kBk}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, kBq, kBk, pl::Mem::Acc> acc = pl::matmul(ql, kr);
  pl::store(acc, {qrow, j * kBk}, s);
}

/// The online-softmax step: new max, rescale factor alpha, probabilities P (fp16), new sum.
PL_FUNCTION(pl::FunctionType::AIV)
void softmax_step(Scores s, pl::Index qrow, pl::Index j, float scale, pl::InOut<Stat> m,
                  pl::InOut<Stat> l, pl::Out<Probs> p16, pl::Out<Alphas> alpha) {
  Score sc = pl::muls(pl::load(s, {qrow, j * kBk}, {kBq, kBk}), scale);
  Row m_prev = pl::load(m, {qrow, 0}, {kBq, 1});
  Row m_new = pl::maximum(m_prev, pl::row_max(sc));
  Row a = pl::exp(m_prev - m_new);
  Score p = pl::exp(pl::row_expand_sub(sc, m_new));
  Row l_new = pl::load(l, {qrow, 0}, {kBq, 1}) * a + pl::row_sum(p);
  pl::store(pl::cast(p, pl::fp16), {qrow, j * kBk}, p16);
  pl::store(m_new, {qrow, 0}, m);
  pl::store(l_new, {qrow, 0}, l);
  pl::store(a, {qrow, j}, alpha);
}

/// PV = P_blk · V_blk on the cube.
PL_FUNCTION(pl::FunctionType::AIC)
void weighted_values(Probs p16, V16 v16, pl::Index qrow, pl::Index j, pl::Out<PVs> pv) {
  auto pl_ = pl::move(pl::load(p16, {qrow, j * kBk}, {kBq, kBk}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto vr = pl::move(pl::load(v16, {j * kBk, 0}, {kBk, kD}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, kBq, kD, pl::Mem::Acc> acc = pl::matmul(pl_, vr);
  pl::store(acc, {qrow, j * kD}, pv);
}

/// o = o * alpha + PV.
PL_FUNCTION(pl::FunctionType::AIV)
void accumulate(PVs pv, Alphas alpha, pl::Index qrow, pl::Index j, pl::InOut<Q> o) {
  OTile o_prev = pl::load(o, {qrow, 0}, {kBq, kD});
  Row a = pl::load(alpha, {qrow, j}, {kBq, 1});
  pl::store(pl::row_expand_mul(o_prev, a) + pl::load(pv, {qrow, j * kD}, {kBq, kD}), {qrow, 0}, o);
}

/// out = o / l.
PL_FUNCTION(pl::FunctionType::AIV)
void finish(Q o, Stat l, pl::Index qrow, pl::Out<Q> out) {
  OTile ob = pl::load(o, {qrow, 0}, {kBq, kD});
  pl::store(pl::row_expand_div(ob, pl::load(l, {qrow, 0}, {kBq, 1})), {qrow, 0}, out);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void flash_attention(Q q, KV k, KV v, pl::Out<Q> out) {
  const float scale = 1.0f / std::sqrt(static_cast<float>(kD));
  Q16 q16 = pl::create_tensor({kSq, kD}, pl::fp16);
  KT16 kt16 = pl::create_tensor({kD, kSkv}, pl::fp16);
  V16 v16 = pl::create_tensor({kSkv, kD}, pl::fp16);
  Stat m = pl::create_tensor({kSq, 1}, pl::fp32);
  Stat l = pl::create_tensor({kSq, 1}, pl::fp32);
  Alphas alpha = pl::create_tensor({kSq, kNk}, pl::fp32);
  Q o = pl::create_tensor({kSq, kD}, pl::fp32);
  PVs pv = pl::create_tensor({kSq, kNk * kD}, pl::fp32);
  Scores s = pl::create_tensor({kSq, kSkv}, pl::fp32);
  Probs p16 = pl::create_tensor({kSq, kSkv}, pl::fp16);
  prepare(q, k, v, q16, kt16, v16);
  for (auto b : pl::parallel(kSq / kBq)) {
    const pl::Index qrow = b * kBq;
    init_state(qrow, m, l, o);
    for (auto j : pl::range(kNk)) {
      scores(q16, kt16, qrow, j, s);
      softmax_step(s, qrow, j, scale, m, l, p16, alpha);
      weighted_values(p16, v16, qrow, j, pv);
      accumulate(pv, alpha, qrow, j, o);
    }
    finish(o, l, qrow, out);
  }
}

int main() {
  const auto qs = pl::random_vector(kSq * kD, 141), ks = pl::random_vector(kSkv * kD, 142),
             vs = pl::random_vector(kSkv * kD, 143);
  Q q(qs), out;
  KV k(ks), v(vs);
  flash_attention(q, k, v, out);

  // Plain softmax(Q K^T / sqrt(D)) V in double, on the fp16-rounded inputs the kernel uses.
  auto h = [](float x) { return pl::round_to(pl::fp16, x); };
  std::vector<double> ref(kSq * kD, 0.0);
  for (int i = 0; i < kSq; ++i) {
    std::vector<double> s(kSkv);
    double mx = -INFINITY, sum = 0;
    for (int j = 0; j < kSkv; ++j) {
      double d = 0;
      for (int c = 0; c < kD; ++c) d += h(qs[i * kD + c]) * h(ks[j * kD + c]);
      s[j] = d / std::sqrt(double(kD));
      mx = std::max(mx, s[j]);
    }
    for (int j = 0; j < kSkv; ++j) sum += (s[j] = std::exp(s[j] - mx));
    for (int j = 0; j < kSkv; ++j)
      for (int c = 0; c < kD; ++c) ref[i * kD + c] += s[j] / sum * h(vs[j * kD + c]);
  }
  const bool ok = pl::allclose(out, ref, {.rtol = 2e-3, .atol = 2e-3});
  std::printf("flash_attention: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
