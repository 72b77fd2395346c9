// tests/e2e/auto_tile_matmul.cpp — matmuls written at the problem's size that do not fit L0
// (AutoTileMatmulL0, issue 37): a 256 x 512 x 256 fp16 matmul (Left, Right and Acc all too big:
// M / N / K chunk loops), an fp32 one (K loop only), one whose K is not a multiple of the chunk
// (a tail chunk), a K = 4096 one whose operands do not fit Mat either (the chunks stream from
// GM through Mat) and the tensor form in an InCore kernel. Each result is checked against a
// plain-loop reference; run by ctest eagerly and translated (tests/e2e/CMakeLists.txt).
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

#include "report.hpp"

/// c = a · b on whole tiles: a and b are loaded into Mat at their full size.
template <pl::DType D, int M, int K, int N>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_whole(pl::Tensor<D, M, K> a, pl::Tensor<D, K, N> b, pl::Out<pl::Tensor<pl::fp32, M, N>> c) {
  auto am = pl::load(a, {0, 0}, {M, K}, {.target_memory = pl::Mem::Mat});
  auto bm = pl::load(b, {0, 0}, {K, N}, {.target_memory = pl::Mem::Mat});
  auto al = pl::move(am, {.target_memory = pl::Mem::Left});
  auto br = pl::move(bm, {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, M, N, pl::Mem::Acc> acc = pl::matmul(al, br);
  pl::store(acc, {0, 0}, c);
}

/// The tensor form in an InCore kernel (ConvertTensorToTileOps makes the Mat loads and moves).
template <pl::DType D, int M, int K, int N>
PL_FUNCTION(pl::FunctionType::InCore)
void mm_tensor(pl::Tensor<D, M, K> a, pl::Tensor<D, K, N> b,
               pl::Out<pl::Tensor<pl::fp32, M, N>> c) {
  c = pl::matmul(a, b);
}

namespace {

std::vector<double> reference(const std::vector<double> &a, const std::vector<double> &b, int m,
                              int k, int n) {
  std::vector<double> c(static_cast<std::size_t>(m * n), 0.0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int p = 0; p < k; ++p)
        s += a[static_cast<std::size_t>(i * k + p)] * b[static_cast<std::size_t>(p * n + j)];
      c[static_cast<std::size_t>(i * n + j)] = s;
    }
  return c;
}

e2e::Report report("auto_tile_matmul");

enum class Form { Tile, Tensor };

/// The products of fp16 / fp32 inputs are summed in fp32 in K-chunk order (each chunk in Acc,
/// then accumulated): against the exact double sum the error grows with K, so the tolerance
/// scales with sqrt(K) (random inputs in [-1, 1]: the sum's magnitude is about sqrt(K) / 3).
template <Form F, pl::DType D, int M, int K, int N> void run(const char *name, std::uint64_t seed) {
  pl::Tensor<D, M, K> a(pl::random_vector(M * K, seed));
  pl::Tensor<D, K, N> b(pl::random_vector(K * N, seed + 1));
  pl::Tensor<pl::fp32, M, N> c;
  if constexpr (F == Form::Tile)
    mm_whole<D, M, K, N>(a, b, c);
  else
    mm_tensor<D, M, K, N>(a, b, c);
  report.close(name, c,
               reference(a.template to_vector<double>(), b.template to_vector<double>(), M, K, N),
               {.rtol = 1e-5, .atol = 1e-5 * K});
}

} // namespace

int main() {
  run<Form::Tile, pl::DType::FP16, 256, 512, 256>("fp16_256x512x256", 1);
  run<Form::Tile, pl::DType::FP32, 128, 256, 128>("fp32_128x256x128", 3);
  run<Form::Tile, pl::DType::FP16, 128, 784, 128>("fp16_ragged_k_128x784x128", 5);
  run<Form::Tile, pl::DType::FP16, 64, 4096, 64>("fp16_k4096_through_mat_64x4096x64", 7);
  run<Form::Tensor, pl::DType::FP32, 128, 256, 128>("tensor_fp32_128x256x128", 9);
  return report.exitCode();
}
