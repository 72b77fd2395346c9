// tests/e2e/regress_acc_dtypes.cpp — fp16 / bf16 `out_dtype` matmuls (issue 34): PTO-ISA's cube
// accumulates only into an fp32 Acc, so WidenAccDtypes keeps every such product fp32 and
// converts it where it leaves Acc (TSTORE into an fp16 / bf16 tensor, TMOV to Vec + TCVT). The
// eager run has the same semantics: fp32 accumulation through a matmul_acc chain, one rounding.
// Cases, each for fp16 and bf16: one matmul; a chain the author wrote (matmul, matmul_acc,
// matmul_acc); a K loop carrying the accumulator (0 / 1 / 3 trips); a matmul too big for L0
// that AutoTileMatmulL0 tiles into K chunks; a product moved to the vector cores and doubled
// there. Every result is checked bit for bit against a plain loop that sums fp32 products in K
// order and rounds once (the vendor's TMATMUL); run eagerly and translated (CMakeLists.txt).
#include <pl/dsl.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "report.hpp"

template <pl::DType D, int M, int K> using In = pl::Tensor<D, M, K>;

/// c = a · b rounded once into D.
template <pl::DType D, int M, int K, int N>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_out(In<D, M, K> a, In<D, K, N> b, pl::Out<pl::Tensor<D, M, N>> c) {
  auto al = pl::move(pl::load(a, {0, 0}, {M, K}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {K, N}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  pl::Tile<D, M, N, pl::Mem::Acc> acc = pl::matmul(al, br, {.out_dtype = D});
  pl::store(acc, {0, 0}, c);
}

/// The author's chain: K = 3 x 32, matmul then two matmul_acc into a D accumulator.
template <pl::DType D>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_chain(In<D, 16, 96> a, In<D, 96, 32> b, pl::Out<pl::Tensor<D, 16, 32>> c) {
  auto l = [&](int k) {
    return pl::move(pl::load(a, {0, k}, {16, 32}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Left});
  };
  auto r = [&](int k) {
    return pl::move(pl::load(b, {k, 0}, {32, 32}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Right});
  };
  pl::Tile<D, 16, 32, pl::Mem::Acc> acc = pl::matmul(l(0), r(0), {.out_dtype = D});
  acc = pl::matmul_acc(acc, l(32), r(32));
  acc = pl::matmul_acc(acc, l(64), r(64));
  pl::store(acc, {0, 0}, c);
}

/// A K loop of `trips` chunks of 32 after the first one, carrying the D accumulator.
template <pl::DType D>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_kloop(In<D, 16, 128> a, In<D, 128, 32> b, pl::Index trips,
              pl::Out<pl::Tensor<D, 16, 32>> c) {
  auto al = pl::move(pl::load(a, {0, 0}, {16, 32}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {32, 32}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  pl::Tile<D, 16, 32, pl::Mem::Acc> acc = pl::matmul(al, br, {.out_dtype = D});
  for (auto k : pl::range(trips)) {
    auto ak = pl::move(pl::load(a, {0, (k + 1) * 32}, {16, 32}, {.target_memory = pl::Mem::Mat}),
                       {.target_memory = pl::Mem::Left});
    auto bk = pl::move(pl::load(b, {(k + 1) * 32, 0}, {32, 32}, {.target_memory = pl::Mem::Mat}),
                       {.target_memory = pl::Mem::Right});
    acc = pl::matmul_acc(acc, ak, bk);
  }
  pl::store(acc, {0, 0}, c);
}

/// The D product moved to the vector cores (fp32 through the pipe, TCVT there) and doubled.
template <pl::DType D>
PL_FUNCTION(pl::FunctionType::Inline)
void mm_vec_block(In<D, 16, 32> a, In<D, 32, 32> b, pl::Out<pl::Tensor<D, 16, 32>> c) {
  auto al = pl::move(pl::load(a, {0, 0}, {16, 32}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {32, 32}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  pl::Tile<D, 16, 32, pl::Mem::Acc> acc = pl::matmul(al, br, {.out_dtype = D});
  pl::Tile<D, 16, 32, pl::Mem::Vec> v = pl::move(acc, {.target_memory = pl::Mem::Vec});
  pl::store(pl::add(v, v), {0, 0}, c);
}
template <pl::DType D>
PL_FUNCTION(pl::FunctionType::Orchestration)
void mm_vec(In<D, 16, 32> a, In<D, 32, 32> b, pl::Out<pl::Tensor<D, 16, 32>> c) {
  pl::at({.level = pl::Level::CORE_GROUP}, [&] { mm_vec_block<D>(a, b, c); });
}

namespace {

e2e::Report report("regress_acc_dtypes");

/// The vendor's TMATMUL on the first k columns of a / rows of b: fp32 products (exact for fp16
/// and bf16 inputs), summed in fp32 in K order, then `scale`d; rounded into D by the tensor.
template <pl::DType D, int M, int N>
pl::Tensor<D, M, N> reference(const std::vector<float> &a, const std::vector<float> &b, int lda,
                              int k, float scale = 1.0f) {
  std::vector<double> c(static_cast<std::size_t>(M * N));
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.0f;
      for (int p = 0; p < k; ++p)
        s += a[static_cast<std::size_t>(i * lda + p)] * b[static_cast<std::size_t>(p * N + j)];
      c[static_cast<std::size_t>(i * N + j)] = static_cast<double>(s);
    }
  pl::Tensor<D, M, N> r(c);
  if (scale == 1.0f)
    return r;
  std::vector<double> twice = r.template to_vector<double>();
  for (double &x : twice)
    x *= scale;
  return pl::Tensor<D, M, N>(twice);
}

const pl::AllcloseOptions kExact{.rtol = 0, .atol = 0};

template <pl::DType D> void run(const std::string &dt, std::uint64_t seed) {
  {
    In<D, 16, 64> a(pl::random_vector(16 * 64, seed));
    In<D, 64, 32> b(pl::random_vector(64 * 32, seed + 1));
    pl::Tensor<D, 16, 32> c;
    mm_out<D, 16, 64, 32>(a, b, c);
    report.close(
        dt + "_matmul", c,
        reference<D, 16, 32>(a.template to_vector<float>(), b.template to_vector<float>(), 64, 64),
        kExact);
  }
  {
    In<D, 16, 96> a(pl::random_vector(16 * 96, seed + 2));
    In<D, 96, 32> b(pl::random_vector(96 * 32, seed + 3));
    pl::Tensor<D, 16, 32> c;
    mm_chain<D>(a, b, c);
    report.close(
        dt + "_chain", c,
        reference<D, 16, 32>(a.template to_vector<float>(), b.template to_vector<float>(), 96, 96),
        kExact);
  }
  for (int trips : {0, 1, 3}) {
    In<D, 16, 128> a(pl::random_vector(16 * 128, seed + 4));
    In<D, 128, 32> b(pl::random_vector(128 * 32, seed + 5));
    pl::Tensor<D, 16, 32> c;
    mm_kloop<D>(a, b, pl::Index{trips}, c);
    report.close(dt + "_kloop_" + std::to_string(trips), c,
                 reference<D, 16, 32>(a.template to_vector<float>(), b.template to_vector<float>(),
                                      128, 32 * (trips + 1)),
                 kExact);
  }
  {
    In<D, 128, 512> a(pl::random_vector(128 * 512, seed + 6));
    In<D, 512, 128> b(pl::random_vector(512 * 128, seed + 7));
    pl::Tensor<D, 128, 128> c;
    mm_out<D, 128, 512, 128>(a, b, c);
    report.close(dt + "_auto_tiled_128x512x128", c,
                 reference<D, 128, 128>(a.template to_vector<float>(),
                                        b.template to_vector<float>(), 512, 512),
                 kExact);
  }
  {
    In<D, 16, 32> a(pl::random_vector(16 * 32, seed + 8));
    In<D, 32, 32> b(pl::random_vector(32 * 32, seed + 9));
    pl::Tensor<D, 16, 32> c;
    mm_vec<D>(a, b, c);
    report.close(dt + "_moved_to_vec", c,
                 reference<D, 16, 32>(a.template to_vector<float>(), b.template to_vector<float>(),
                                      32, 32, 2.0f),
                 kExact);
  }
}

} // namespace

int main() {
  run<pl::DType::FP16>("fp16", 11);
  run<pl::DType::BF16>("bf16", 31);
  return report.exitCode();
}
