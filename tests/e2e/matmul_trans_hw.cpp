// tests/e2e/matmul_trans_hw.cpp — transposed matmul operands (.a_trans / .b_trans / both) on
// hardware-sized tiles, in the form PTO-ISA has for them: the operand is loaded transposed (a DN
// GlobalTensor into a ZN Mat tile) and moved to Left / Right as it is (ConvertTensorToTileOps;
// pto-isa has no transposing move). 64x64 and 128x64 fp16 / fp32 tiles, on tiles and on
// tensors, and ragged blocks: the last block of a loop over a dimension that is not a multiple
// of 64 holds fewer valid rows (a_trans) or columns (b_trans). Each result is checked against a
// plain-loop reference; run by ctest eagerly and translated in every mode, and its a2a3 package
// checked (tests/e2e/CMakeLists.txt): unlike matmul_trans.cpp's small tiles, every tile here
// satisfies a2a3's cube constraints.
#include <pl/dsl.hpp>

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

} // namespace

/// c = op(a) · op(b) on tiles: each operand GM -> Mat -> Left / Right.
template <pl::DType D, bool AT, bool BT, int M, int K, int N>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_tile(ATensor<D, AT, M, K> a, BTensor<D, BT, K, N> b,
             pl::Out<pl::Tensor<pl::fp32, M, N>> c) {
  auto am =
      pl::load(a, {0, 0}, {rowsOf(AT, M, K), colsOf(AT, M, K)}, {.target_memory = pl::Mem::Mat});
  auto bm =
      pl::load(b, {0, 0}, {rowsOf(BT, K, N), colsOf(BT, K, N)}, {.target_memory = pl::Mem::Mat});
  auto al = pl::move(am, {.target_memory = pl::Mem::Left});
  auto br = pl::move(bm, {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, M, N, pl::Mem::Acc> acc = pl::matmul(al, br, {.a_trans = AT, .b_trans = BT});
  pl::store(acc, {0, 0}, c);
}

/// The tensor form in an InCore kernel (ConvertTensorToTileOps loads the operands transposed).
template <pl::DType D, bool AT, bool BT, int M, int K, int N>
PL_FUNCTION(pl::FunctionType::InCore)
void mm_tensor(ATensor<D, AT, M, K> a, BTensor<D, BT, K, N> b,
               pl::Out<pl::Tensor<pl::fp32, M, N>> c) {
  c = pl::matmul(a, b, {.a_trans = AT, .b_trans = BT});
}

/// c = aᵀ · b over 64-row blocks of c, a stored [K, M]: the last block's transposed load holds
/// M % 64 valid rows.
template <int M, int K, int N>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_at_ragged(pl::Tensor<pl::fp16, K, M> a, pl::Tensor<pl::fp16, K, N> b,
                  pl::Out<pl::Tensor<pl::fp32, M, N>> c) {
  auto br = pl::move(pl::load(b, {0, 0}, {K, N}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  for (auto i : pl::range((M + 63) / 64)) {
    auto am = pl::load(a, {0, i * 64}, {K, 64}, {.target_memory = pl::Mem::Mat});
    auto al = pl::move(am, {.target_memory = pl::Mem::Left});
    pl::Tile<pl::fp32, 64, N, pl::Mem::Acc> acc = pl::matmul(al, br, {.a_trans = true});
    pl::store(acc, {i * 64, 0}, c);
  }
}

/// c = a · bᵀ over 64-column blocks of c, b stored [N, K]: the last block's transposed load holds
/// N % 64 valid columns.
template <int M, int K, int N>
PL_FUNCTION(pl::FunctionType::AIC)
void mm_bt_ragged(pl::Tensor<pl::fp32, M, K> a, pl::Tensor<pl::fp32, N, K> b,
                  pl::Out<pl::Tensor<pl::fp32, M, N>> c) {
  auto al = pl::move(pl::load(a, {0, 0}, {M, K}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Left});
  for (auto j : pl::range((N + 63) / 64)) {
    auto bm = pl::load(b, {j * 64, 0}, {64, K}, {.target_memory = pl::Mem::Mat});
    auto br = pl::move(bm, {.target_memory = pl::Mem::Right});
    pl::Tile<pl::fp32, M, 64, pl::Mem::Acc> acc = pl::matmul(al, br, {.b_trans = true});
    pl::store(acc, {0, j * 64}, c);
  }
}

namespace {

/// op(x)[i][k] of a row-major stored [rows, cols] operand.
double at(const std::vector<double> &v, bool t, int rows, int cols, int i, int k) {
  return t ? v[static_cast<std::size_t>(k * rows + i)] : v[static_cast<std::size_t>(i * cols + k)];
}

std::vector<double> reference(const std::vector<double> &a, const std::vector<double> &b, bool at_,
                              bool bt, int m, int k, int n) {
  std::vector<double> c(static_cast<std::size_t>(m * n), 0.0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int p = 0; p < k; ++p)
        s += at(a, at_, m, k, i, p) * at(b, bt, k, n, p, j);
      c[static_cast<std::size_t>(i * n + j)] = s;
    }
  return c;
}

e2e::Report report("matmul_trans_hw");

enum class Form { Tile, Tensor };

template <Form F, pl::DType D, bool AT, bool BT, int M, int K, int N>
void run(const char *name, std::uint64_t seed) {
  ATensor<D, AT, M, K> a(pl::random_vector(M * K, seed));
  BTensor<D, BT, K, N> b(pl::random_vector(K * N, seed + 1));
  pl::Tensor<pl::fp32, M, N> c;
  if constexpr (F == Form::Tile)
    mm_tile<D, AT, BT, M, K, N>(a, b, c);
  else
    mm_tensor<D, AT, BT, M, K, N>(a, b, c);
  report.close(
      name, c,
      reference(a.template to_vector<double>(), b.template to_vector<double>(), AT, BT, M, K, N),
      {.rtol = 1e-4, .atol = 1e-3});
}

} // namespace

int main() {
  // 64x64 fp16 tiles, each transpose combination.
  run<Form::Tile, pl::DType::FP16, false, true, 64, 64, 64>("tile_fp16_nt_64x64x64", 1);
  run<Form::Tile, pl::DType::FP16, true, false, 64, 64, 64>("tile_fp16_tn_64x64x64", 3);
  run<Form::Tile, pl::DType::FP16, true, true, 64, 64, 64>("tile_fp16_tt_64x64x64", 5);
  // 128x64 operands: fp32 and fp16, non-square.
  run<Form::Tile, pl::DType::FP32, false, true, 128, 64, 64>("tile_fp32_nt_128x64x64", 7);
  run<Form::Tile, pl::DType::FP32, true, false, 64, 128, 64>("tile_fp32_tn_64x128x64", 9);
  run<Form::Tile, pl::DType::FP16, true, true, 128, 64, 64>("tile_fp16_tt_128x64x64", 11);
  // The tensor form.
  run<Form::Tensor, pl::DType::FP16, false, true, 64, 128, 64>("tensor_fp16_nt_64x128x64", 21);
  run<Form::Tensor, pl::DType::FP32, true, false, 64, 64, 64>("tensor_fp32_tn_64x64x64", 23);
  run<Form::Tensor, pl::DType::FP16, true, true, 128, 64, 64>("tensor_fp16_tt_128x64x64", 25);
  // Ragged blocks: M = 80 (a_trans: 64 + 16 valid rows), N = 72 (b_trans: 64 + 8 valid columns).
  {
    pl::Tensor<pl::fp16, 64, 80> a(pl::random_vector(64 * 80, 31));
    pl::Tensor<pl::fp16, 64, 64> b(pl::random_vector(64 * 64, 32));
    pl::Tensor<pl::fp32, 80, 64> c;
    mm_at_ragged<80, 64, 64>(a, b, c);
    report.close("ragged_fp16_tn_80x64x64", c,
                 reference(a.to_vector<double>(), b.to_vector<double>(), true, false, 80, 64, 64),
                 {.rtol = 1e-4, .atol = 1e-3});
  }
  {
    pl::Tensor<pl::fp32, 64, 64> a(pl::random_vector(64 * 64, 41));
    pl::Tensor<pl::fp32, 72, 64> b(pl::random_vector(72 * 64, 42));
    pl::Tensor<pl::fp32, 64, 72> c;
    mm_bt_ragged<64, 64, 72>(a, b, c);
    report.close("ragged_fp32_nt_64x64x72", c,
                 reference(a.to_vector<double>(), b.to_vector<double>(), false, true, 64, 64, 72),
                 {.rtol = 1e-4, .atol = 1e-3});
  }
  return report.exitCode();
}
