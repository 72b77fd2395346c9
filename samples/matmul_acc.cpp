// samples/matmul_acc.cpp — K = 64 split into two chunks of 32: matmul on the first chunk, then
// matmul_acc, with Mat loads at K offsets. The accumulator is carried explicitly with
// pl::init_values / pl::yield_ (the printed-IR form).
#include <pl/dsl.hpp>

#include <cstdio>
#include <utility>
#include <vector>

using A = pl::Tensor<pl::fp32, 64, 64>;
using AccTile = pl::Tile<pl::fp32, 64, 64, pl::Mem::Acc>;

PL_FUNCTION(pl::FunctionType::AIC)
void matmul_k_split(A a, A b, pl::Out<A> c) {
  auto chunk = [&](pl::Index k) {
    auto al = pl::move(pl::load(a, {0, k}, {64, 32}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto br = pl::move(pl::load(b, {k, 0}, {32, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    return std::pair{al, br};
  };
  auto [a0, b0] = chunk(0);
  AccTile acc0 = pl::matmul(a0, b0);
  auto [acc] = pl::range(1, 2, pl::init_values(acc0), [&](pl::Index i, AccTile acc_in) {
    auto [ak, bk] = chunk(i * 32);
    AccTile next = pl::matmul_acc(acc_in, ak, bk);
    return pl::yield_(next);
  });
  pl::store(acc, {0, 0}, c);
}

int main() {
  const auto x = pl::random_vector(64 * 64, 81), y = pl::random_vector(64 * 64, 82);
  A a(x), b(y), c;
  matmul_k_split(a, b, c);
  std::vector<double> ref(64 * 64, 0.0);
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < 64; ++k)
      for (int j = 0; j < 64; ++j) ref[i * 64 + j] += double(x[i * 64 + k]) * y[k * 64 + j];
  const bool ok = pl::allclose(c, ref, {.atol = 1e-4});
  std::printf("matmul_acc: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
