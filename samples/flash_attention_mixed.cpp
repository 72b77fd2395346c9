// samples/flash_attention_mixed.cpp — flash attention written PyPTO's way: one mixed cube/vector
// scope per query block, the online softmax carried through the loop over K/V blocks inside the
// kernel (samples/flash_attention.cpp is the same computation as separate cube and vector
// kernels chained by the orchestration).
//
// The operands come in fp16 (Kᵀ transposed). Per K/V block j the cube computes S = Q·Kᵀ_j, the
// vector cores update the running max m, sum l and output o and send P (fp16) back, and the cube
// computes P·V_j for the vector cores to accumulate. The compiler splits the scope into an AIC and
// an AIV kernel that exchange S, P and P·V through cross-core pipes; with the up-down split each
// vector core handles half of the query rows.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr std::int64_t kSq = 64, kSkv = 128, kD = 32, kBq = 32, kBk = 32, kNk = kSkv / kBk;

using Q = pl::Tensor<pl::fp32, kSq, kD>;
using Q16 = pl::Tensor<pl::fp16, kSq, kD>;
using KT16 = pl::Tensor<pl::fp16, kD, kSkv>;
using V16 = pl::Tensor<pl::fp16, kSkv, kD>;
using Row = pl::Tile<pl::fp32, kBq, 1>;
using Score = pl::Tile<pl::fp32, kBq, kBk>;
using OTile = pl::Tile<pl::fp32, kBq, kD>;

PL_FUNCTION(pl::FunctionType::Orchestration)
void flash_attention_mixed(Q16 q16, KT16 kt16, V16 v16, pl::Out<Q> out) {
  const float scale = 1.0f / std::sqrt(static_cast<float>(kD));
  for (auto b : pl::parallel(kSq / kBq)) {
    const pl::Index qrow = b * kBq;
    pl::at(
        {.level = pl::Level::CORE_GROUP, .optimizations = {pl::split(pl::SplitMode::UpDown)}}, [&] {
          auto ql = pl::move(pl::load(q16, {qrow, 0}, {kBq, kD}, {.target_memory = pl::Mem::Mat}),
                             {.target_memory = pl::Mem::Left});
          Row m0 = pl::full_tile({kBq, 1}, pl::fp32, -INFINITY);
          Row l0 = pl::full_tile({kBq, 1}, pl::fp32, 0.0f);
          OTile o0 = pl::full_tile({kBq, kD}, pl::fp32, 0.0f);
          auto [m, l, o] = pl::range(
              kNk, pl::init_values(m0, l0, o0),
              [&](pl::Index j, Row m_prev, Row l_prev, OTile o_prev) {
                auto kr = pl::move(
                    pl::load(kt16, {0, j * kBk}, {kD, kBk}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Right});
                pl::Tile<pl::fp32, kBq, kBk, pl::Mem::Acc> s_acc = pl::matmul(ql, kr);
                Score sc = pl::muls(pl::move(s_acc, {.target_memory = pl::Mem::Vec}), scale);
                Row m_new = pl::maximum(m_prev, pl::row_max(sc));
                Row a = pl::exp(m_prev - m_new);
                Score p = pl::exp(pl::row_expand_sub(sc, m_new));
                Row l_new = l_prev * a + pl::row_sum(p);
                auto p_mat = pl::move(pl::cast(p, pl::fp16), {.target_memory = pl::Mem::Mat});
                auto vr = pl::move(
                    pl::load(v16, {j * kBk, 0}, {kBk, kD}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Right});
                pl::Tile<pl::fp32, kBq, kD, pl::Mem::Acc> pv =
                    pl::matmul(pl::move(p_mat, {.target_memory = pl::Mem::Left}), vr);
                OTile o_new =
                    pl::row_expand_mul(o_prev, a) + pl::move(pv, {.target_memory = pl::Mem::Vec});
                return pl::yield_(m_new, l_new, o_new);
              });
          pl::store(pl::row_expand_div(o, l), {qrow, 0}, out);
          (void)m;
        });
  }
}

int main() {
  // fp16 operands as the cube takes them (Kᵀ already transposed); the reference uses the same
  // rounded values.
  const auto qs = pl::random_vector(kSq * kD, 241), ks = pl::random_vector(kSkv * kD, 242),
             vs = pl::random_vector(kSkv * kD, 243);
  std::vector<float> kts(kD * kSkv);
  for (int j = 0; j < kSkv; ++j)
    for (int c = 0; c < kD; ++c)
      kts[c * kSkv + j] = ks[j * kD + c];
  Q16 q(qs);
  KT16 kt(kts);
  V16 v(vs);
  Q out;
  flash_attention_mixed(q, kt, v, out);

  const std::vector<double> qh = q.to_vector<double>(), kth = kt.to_vector<double>(),
                            vh = v.to_vector<double>();
  std::vector<double> ref(kSq * kD, 0.0);
  for (int i = 0; i < kSq; ++i) {
    std::vector<double> p(kSkv);
    double mx = -INFINITY, sum = 0;
    for (int j = 0; j < kSkv; ++j) {
      double d = 0;
      for (int c = 0; c < kD; ++c)
        d += qh[i * kD + c] * kth[c * kSkv + j];
      mx = std::max(mx, p[j] = d / std::sqrt(double(kD)));
    }
    for (double &e : p)
      sum += (e = std::exp(e - mx));
    for (int j = 0; j < kSkv; ++j)
      for (int c = 0; c < kD; ++c)
        ref[i * kD + c] += p[j] / sum * vh[j * kD + c];
  }
  const bool ok = pl::allclose(out, ref, {.rtol = 2e-3, .atol = 2e-3});
  std::printf("flash_attention_mixed: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
