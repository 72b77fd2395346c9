// samples/matmul.cpp — 64x64 matmul along the cube path: load into Mat, move to Left/Right,
// matmul into Acc (fp32 accumulation), store; plus an fp16-input variant.
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

using M64 = pl::Tensor<pl::fp32, 64, 64>;
using H64 = pl::Tensor<pl::fp16, 64, 64>;

template <class In>
PL_FUNCTION(pl::FunctionType::AIC)
void matmul_kernel(In a, In b, pl::Out<M64> c) {
  auto a_mat = pl::load(a, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Mat});
  auto b_mat = pl::load(b, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Mat});
  auto a_left = pl::move(a_mat, {.target_memory = pl::Mem::Left});
  auto b_right = pl::move(b_mat, {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 64, 64, pl::Mem::Acc> acc = pl::matmul(a_left, b_right);
  pl::store(acc, {0, 0}, c);
}

template <class T>
std::vector<double> ref_matmul(const std::vector<T>& a, const std::vector<T>& b, int n) {
  std::vector<double> c(static_cast<std::size_t>(n * n), 0.0);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j) c[i * n + j] += static_cast<double>(a[i * n + k]) * static_cast<double>(b[k * n + j]);
  return c;
}

int main() {
  const auto x = pl::random_vector(64 * 64, 31), y = pl::random_vector(64 * 64, 32);
  M64 a(x), b(y), c;
  matmul_kernel(a, b, c);
  const bool ok32 = pl::allclose(c, ref_matmul(x, y, 64), {.rtol = 1e-5, .atol = 1e-4});

  // fp16 inputs: the reference multiplies the fp16-rounded values in double.
  H64 ha(x), hb(y);
  M64 hc;
  matmul_kernel(ha, hb, hc);
  const auto hx = ha.to_vector<double>(), hy = hb.to_vector<double>();
  const bool ok16 = pl::allclose(hc, ref_matmul(hx, hy, 64), {.rtol = 1e-5, .atol = 1e-4});
  std::printf("matmul/fp32: %s\nmatmul/fp16_in_fp32_acc: %s\n", ok32 ? "PASS" : "FAIL", ok16 ? "PASS" : "FAIL");
  return ok32 && ok16 ? 0 : 1;
}
