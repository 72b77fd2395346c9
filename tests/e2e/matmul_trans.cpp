// tests/e2e/matmul_trans.cpp — the matmul family with transposed operands (.a_trans / .b_trans /
// both), on tiles (matmul, matmul_acc, matmul_bias, gemv, out_dtype) and on tensors (an InCore
// kernel: ConvertTensorToTileOps makes the operand moves), square and non-square shapes, fp32 /
// fp16 / bf16 inputs. Each result is checked against a plain-loop reference; run by ctest eagerly
// and translated (tests/e2e/CMakeLists.txt).
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

#include "report.hpp"

namespace {

/// The stored shape of an operand: [R, C], or [C, R] when it is used transposed.
constexpr int rowsOf(bool t, int r, int c) { return t ? c : r; }
constexpr int colsOf(bool t, int r, int c) { return t ? r : c; }

template <pl::DType D, bool AT, int M, int K>
using ATensor = pl::Tensor<D, rowsOf(AT, M, K), colsOf(AT, M, K)>;
template <pl::DType D, bool BT, int K, int N>
using BTensor = pl::Tensor<D, rowsOf(BT, K, N), colsOf(BT, K, N)>;
template <int M, int N>
using CTensor = pl::Tensor<pl::fp32, M, N>;

}  // namespace

/// c = op(a) · op(b) on tiles: a and b travel GM -> Mat -> Left / Right as stored.
template <pl::DType D, bool AT, bool BT, int M, int K, int N>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_tile(ATensor<D, AT, M, K> a, BTensor<D, BT, K, N> b, pl::Out<CTensor<M, N>> c) {
  auto am = pl::load(a, {0, 0}, {rowsOf(AT, M, K), colsOf(AT, M, K)}, {.target_memory = pl::Mem::Mat});
  auto bm = pl::load(b, {0, 0}, {rowsOf(BT, K, N), colsOf(BT, K, N)}, {.target_memory = pl::Mem::Mat});
  auto al = pl::move(am, {.target_memory = pl::Mem::Left});
  auto br = pl::move(bm, {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, M, N, pl::Mem::Acc> acc = pl::matmul(al, br, {.a_trans = AT, .b_trans = BT});
  pl::store(acc, {0, 0}, c);
}

/// c = (op(a) · op(b) + bias) + op(a) · op(b): matmul_bias, then matmul_acc on the same operands.
template <pl::DType D, bool AT, bool BT, int M, int K, int N>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_bias_acc(ATensor<D, AT, M, K> a, BTensor<D, BT, K, N> b, pl::Tensor<pl::fp32, 1, N> bias,
                 pl::Out<CTensor<M, N>> c) {
  auto al = pl::move(pl::load(a, {0, 0}, {rowsOf(AT, M, K), colsOf(AT, M, K)}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {rowsOf(BT, K, N), colsOf(BT, K, N)}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  auto bt = pl::move(pl::load(bias, {0, 0}, {1, N}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Bias});
  pl::Tile<pl::fp32, M, N, pl::Mem::Acc> first = pl::matmul_bias(al, br, bt, {.a_trans = AT, .b_trans = BT});
  pl::Tile<pl::fp32, M, N, pl::Mem::Acc> both = pl::matmul_acc(first, al, br, {.a_trans = AT, .b_trans = BT});
  pl::store(both, {0, 0}, c);
}

/// A [1, K] row times op(b), rounded to fp16 in Acc (gemv with b_trans and out_dtype).
template <int K, int N>
PL_FUNCTION(pl::FunctionType::AIC)
void gemv_bt_fp16(pl::Tensor<pl::fp16, 1, K> x, pl::Tensor<pl::fp16, N, K> w, pl::Out<pl::Tensor<pl::fp16, 1, N>> y) {
  auto xl = pl::move(pl::load(x, {0, 0}, {1, K}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto wr = pl::move(pl::load(w, {0, 0}, {N, K}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp16, 1, N, pl::Mem::Acc> r = pl::gemv(xl, wr, {.out_dtype = pl::DType::FP16, .b_trans = true});
  pl::store(r, {0, 0}, y);
}

/// The tensor form in an InCore kernel (ConvertTensorToTileOps makes the transposing moves).
template <pl::DType D, bool AT, bool BT, int M, int K, int N>
PL_FUNCTION(pl::FunctionType::InCore)
void mm_tensor(ATensor<D, AT, M, K> a, BTensor<D, BT, K, N> b, pl::Out<CTensor<M, N>> c) {
  c = pl::matmul(a, b, {.a_trans = AT, .b_trans = BT});
}

namespace {

/// op(a)[i][k] of a row-major stored operand.
double at(const std::vector<double>& v, bool t, int rows, int cols, int i, int k) {
  return t ? v[static_cast<std::size_t>(k * rows + i)] : v[static_cast<std::size_t>(i * cols + k)];
}

std::vector<double> reference(const std::vector<double>& a, const std::vector<double>& b, bool at_, bool bt, int m,
                              int k, int n) {
  std::vector<double> c(static_cast<std::size_t>(m * n), 0.0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int p = 0; p < k; ++p) s += at(a, at_, m, k, i, p) * at(b, bt, k, n, p, j);
      c[static_cast<std::size_t>(i * n + j)] = s;
    }
  return c;
}

e2e::Report report("matmul_trans");

enum class Form { Tile, Tensor };

/// c = op(a) @ op(b) by mm_tile or mm_tensor, against the plain-loop reference.
template <Form F, pl::DType D, bool AT, bool BT, int M, int K, int N>
void runPlain(const char *name, std::uint64_t seed) {
  ATensor<D, AT, M, K> a(pl::random_vector(M * K, seed));
  BTensor<D, BT, K, N> b(pl::random_vector(K * N, seed + 1));
  CTensor<M, N> c;
  if constexpr (F == Form::Tile)
    mm_tile<D, AT, BT, M, K, N>(a, b, c);
  else
    mm_tensor<D, AT, BT, M, K, N>(a, b, c);
  report.close(
      name, c,
      reference(a.template to_vector<double>(), b.template to_vector<double>(), AT, BT, M, K, N),
      {.rtol = 1e-5, .atol = 1e-4});
}

template <pl::DType D, bool AT, bool BT, int M, int K, int N>
void runBiasAcc(const char* name, std::uint64_t seed) {
  ATensor<D, AT, M, K> a(pl::random_vector(M * K, seed));
  BTensor<D, BT, K, N> b(pl::random_vector(K * N, seed + 1));
  const auto bv = pl::random_vector(N, seed + 2);
  pl::Tensor<pl::fp32, 1, N> bias(bv);
  CTensor<M, N> c;
  mm_bias_acc<D, AT, BT, M, K, N>(a, b, bias, c);
  auto ref = reference(a.template to_vector<double>(), b.template to_vector<double>(), AT, BT, M, K, N);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) ref[static_cast<std::size_t>(i * N + j)] = 2 * ref[static_cast<std::size_t>(i * N + j)] + bv[j];
  report.close(name, c, ref, {.rtol = 1e-5, .atol = 2e-4});
}

}  // namespace

int main() {
  // Tiles: square and non-square, each transpose combination, fp32 / fp16 / bf16 inputs.
  runPlain<Form::Tile, pl::DType::FP32, false, false, 16, 16, 16>("tile_fp32_nn_16x16x16", 1);
  runPlain<Form::Tile, pl::DType::FP32, false, true, 16, 16, 16>("tile_fp32_nt_16x16x16", 3);
  runPlain<Form::Tile, pl::DType::FP32, true, false, 16, 16, 16>("tile_fp32_tn_16x16x16", 5);
  runPlain<Form::Tile, pl::DType::FP32, true, true, 16, 16, 16>("tile_fp32_tt_16x16x16", 7);
  runPlain<Form::Tile, pl::DType::FP32, false, true, 32, 16, 8>("tile_fp32_nt_32x16x8", 9);
  runPlain<Form::Tile, pl::DType::FP32, true, false, 8, 32, 16>("tile_fp32_tn_8x32x16", 11);
  runPlain<Form::Tile, pl::DType::FP32, true, true, 16, 8, 32>("tile_fp32_tt_16x8x32", 13);
  runPlain<Form::Tile, pl::DType::FP16, false, true, 32, 64, 16>("tile_fp16_nt_32x64x16", 15);
  runPlain<Form::Tile, pl::DType::FP16, true, false, 64, 32, 16>("tile_fp16_tn_64x32x16", 17);
  runPlain<Form::Tile, pl::DType::FP16, true, true, 16, 32, 64>("tile_fp16_tt_16x32x64", 19);
  runPlain<Form::Tile, pl::DType::BF16, false, true, 16, 32, 48>("tile_bf16_nt_16x32x48", 21);
  runPlain<Form::Tile, pl::DType::BF16, true, false, 48, 16, 32>("tile_bf16_tn_48x16x32", 23);
  runPlain<Form::Tile, pl::DType::BF16, true, true, 32, 32, 32>("tile_bf16_tt_32x32x32", 25);
  // matmul_bias + matmul_acc with the same transposes.
  runBiasAcc<pl::DType::FP32, true, true, 16, 32, 8>("bias_acc_fp32_tt_16x32x8", 31);
  runBiasAcc<pl::DType::FP16, false, true, 32, 16, 16>("bias_acc_fp16_nt_32x16x16", 33);
  runBiasAcc<pl::DType::BF16, true, false, 8, 16, 32>("bias_acc_bf16_tn_8x16x32", 35);
  // gemv with b_trans and an fp16 result: the reference rounds the fp32 sum once to fp16.
  {
    pl::Tensor<pl::fp16, 1, 64> x(pl::random_vector(64, 41));
    pl::Tensor<pl::fp16, 32, 64> w(pl::random_vector(32 * 64, 42));
    pl::Tensor<pl::fp16, 1, 32> y;
    gemv_bt_fp16<64, 32>(x, w, y);
    auto ref = reference(x.to_vector<double>(), w.to_vector<double>(), false, true, 1, 64, 32);
    report.close("gemv_fp16_bt_out_fp16", y, ref, {.rtol = 2e-3, .atol = 2e-3});
  }
  // Tensors in an InCore kernel.
  runPlain<Form::Tensor, pl::DType::FP32, false, true, 16, 32, 8>("tensor_fp32_nt_16x32x8", 51);
  runPlain<Form::Tensor, pl::DType::FP32, true, false, 32, 8, 16>("tensor_fp32_tn_32x8x16", 53);
  runPlain<Form::Tensor, pl::DType::FP16, true, true, 16, 16, 16>("tensor_fp16_tt_16x16x16", 55);
  runPlain<Form::Tensor, pl::DType::BF16, false, true, 64, 16, 32>("tensor_bf16_nt_64x16x32", 57);
  return report.exitCode();
}
