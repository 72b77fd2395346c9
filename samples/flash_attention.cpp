// samples/flash_attention.cpp — tile-level flash attention with a correct online softmax.
// Each query block walks the K/V blocks carrying (running max m, running sum l, output acc) with
// pl::init_values / pl::yield_; the first block initialises the running max through a nested
// pl::if_ (PyPTO's example reads an uninitialised running max there). QK^T uses b_trans and fp16
// inputs with fp32 accumulation; P is cast to fp16 for the PV matmul.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

constexpr std::int64_t kSq = 64, kSkv = 128, kD = 32, kBq = 32, kBk = 32;

using Q = pl::Tensor<pl::fp32, kSq, kD>;
using KV = pl::Tensor<pl::fp32, kSkv, kD>;
using Row = pl::Tile<pl::fp32, kBq, 1>;
using Score = pl::Tile<pl::fp32, kBq, kBk>;
using OTile = pl::Tile<pl::fp32, kBq, kD>;

PL_FUNCTION(pl::FunctionType::InCore)
void flash_block(Q q, KV k, KV v, pl::Index qrow, float scale, pl::Out<Q> out) {
  auto q16 = pl::cast(pl::load(q, {qrow, 0}, {kBq, kD}), pl::fp16);
  Row m0 = pl::full_tile({kBq, 1}, pl::fp32, -INFINITY);
  Row l0 = pl::full_tile({kBq, 1}, pl::fp32, 0.0f);
  OTile o0 = pl::full_tile({kBq, kD}, pl::fp32, 0.0f);

  auto [m, l, acc] = pl::range(kSkv / kBk, pl::init_values(m0, l0, o0),
                               [&](pl::Index j, Row m_prev, Row l_prev, OTile o_prev) {
    auto k16 = pl::cast(pl::load(k, {j * kBk, 0}, {kBk, kD}), pl::fp16);
    auto v16 = pl::cast(pl::load(v, {j * kBk, 0}, {kBk, kD}), pl::fp16);
    Score s = pl::matmul(q16, k16, {.out_dtype = pl::fp32, .b_trans = true});
    s = pl::muls(s, scale);
    Row block_max = pl::row_max(s);
    // New running max and the rescale factor of the previous partial results.
    auto [m_new, alpha] = pl::if_(
        j == 0, [&] { return pl::yield_(block_max, pl::full_tile({kBq, 1}, pl::fp32, 0.0f)); },
        [&] {
          Row mn = pl::maximum(m_prev, block_max);
          return pl::yield_(mn, pl::exp(m_prev - mn));
        });
    Score p = pl::exp(pl::row_expand_sub(s, m_new));
    Row l_new = l_prev * alpha + pl::row_sum(p);
    OTile pv = pl::matmul(pl::cast(p, pl::fp16), v16);
    OTile o_new = pl::row_expand_mul(o_prev, alpha) + pv;
    return pl::yield_(m_new, l_new, o_new);
  });
  pl::store(pl::row_expand_div(acc, l), {qrow, 0}, out);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void flash_attention(Q q, KV k, KV v, pl::Out<Q> out) {
  const float scale = 1.0f / std::sqrt(static_cast<float>(kD));
  for (auto b : pl::parallel(kSq / kBq)) flash_block(q, k, v, b * kBq, scale, out);
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
