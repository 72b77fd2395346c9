// pl/sim/gemm.hpp — the inner loop of the simulator's matmul (ops_linalg.hpp) on packed fp32
// panels: every output element sums its k products in order, each product rounded to fp32 and
// each sum rounded to fp32, exactly as the eager reference's
// `s = float(double(s) + double(float(x * y)))` (x, y exact in fp32). On x86-64 with AVX2 (checked
// at run time) the loop runs eight lanes wide on a register block of the output; elsewhere it is
// the reference's own expression. Multiply and add stay two roundings: the AVX2 kernel never fuses
// them (fp-contract off, no FMA instruction), so both kernels give the same bits.
#pragma once

#include <cstdint>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define PL_SIM_GEMM_AVX2 1
#endif

namespace pl::sim::detail::gemm {

/// The register block of the AVX2 kernel: rows x columns of the output per step; callers pad
/// the panels to multiples of these (`paddedRows`, `paddedCols`).
inline constexpr std::int64_t kBlockRows = 4;
inline constexpr std::int64_t kBlockCols = 16;
inline std::int64_t paddedRows(std::int64_t m) {
  return (m + kBlockRows - 1) / kBlockRows * kBlockRows;
}
inline std::int64_t paddedCols(std::int64_t n) {
  return (n + kBlockCols - 1) / kBlockCols * kBlockCols;
}

/// c[i][j] (i < m, j < n) += a[i][p] · b[p][j] for p = 0 .. k-1 in order, with the eager
/// reference's roundings. a: m x k (row stride lda), b: k x n (ldb), c: m x n (ldc), fp32.
inline void accumulateReference(const float *a, std::int64_t lda, const float *b, std::int64_t ldb,
                                float *c, std::int64_t ldc, std::int64_t m, std::int64_t n,
                                std::int64_t k) {
  for (std::int64_t i = 0; i < m; ++i) {
    float *ci = c + i * ldc;
    for (std::int64_t p = 0; p < k; ++p) {
      const double x = a[i * lda + p];
      const float *bp = b + p * ldb;
      for (std::int64_t j = 0; j < n; ++j)
        ci[j] = static_cast<float>(
            static_cast<double>(ci[j]) +
            static_cast<double>(static_cast<float>(x * static_cast<double>(bp[j]))));
    }
  }
}

#ifdef PL_SIM_GEMM_AVX2
// fp32 multiply then fp32 add is the reference's double-computed expression bit for bit: the
// exact product of two fp32 values fits a double, so rounding it to fp32 once equals fp32
// multiplication, and double's 53 bits (≥ 2·24 + 2) make the double sum rounded to fp32 equal
// the fp32 sum. Fusing the two would skip the product's rounding, hence no contraction here.
#if defined(__clang__)
#define PL_SIM_GEMM_TARGET __attribute__((target("avx2")))
#else
#define PL_SIM_GEMM_TARGET __attribute__((target("avx2"), optimize("fp-contract=off")))
#endif
/// `accumulateReference` for m a multiple of kBlockRows and n of kBlockCols (AVX2 only).
PL_SIM_GEMM_TARGET inline void accumulateAvx2(const float *a, std::int64_t lda, const float *b,
                                              std::int64_t ldb, float *c, std::int64_t ldc,
                                              std::int64_t m, std::int64_t n, std::int64_t k) {
#if defined(__clang__)
#pragma clang fp contract(off)
#endif
  for (std::int64_t i = 0; i < m; i += kBlockRows)
    for (std::int64_t j = 0; j < n; j += kBlockCols) {
      float *c0 = c + i * ldc + j, *c1 = c0 + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc;
      __m256 s00 = _mm256_loadu_ps(c0), s01 = _mm256_loadu_ps(c0 + 8);
      __m256 s10 = _mm256_loadu_ps(c1), s11 = _mm256_loadu_ps(c1 + 8);
      __m256 s20 = _mm256_loadu_ps(c2), s21 = _mm256_loadu_ps(c2 + 8);
      __m256 s30 = _mm256_loadu_ps(c3), s31 = _mm256_loadu_ps(c3 + 8);
      const float *a0 = a + i * lda, *a1 = a0 + lda, *a2 = a1 + lda, *a3 = a2 + lda;
      const float *bp = b + j;
      for (std::int64_t p = 0; p < k; ++p, bp += ldb) {
        const __m256 b0 = _mm256_loadu_ps(bp), b1 = _mm256_loadu_ps(bp + 8);
        __m256 x = _mm256_broadcast_ss(a0 + p);
        s00 = _mm256_add_ps(s00, _mm256_mul_ps(x, b0));
        s01 = _mm256_add_ps(s01, _mm256_mul_ps(x, b1));
        x = _mm256_broadcast_ss(a1 + p);
        s10 = _mm256_add_ps(s10, _mm256_mul_ps(x, b0));
        s11 = _mm256_add_ps(s11, _mm256_mul_ps(x, b1));
        x = _mm256_broadcast_ss(a2 + p);
        s20 = _mm256_add_ps(s20, _mm256_mul_ps(x, b0));
        s21 = _mm256_add_ps(s21, _mm256_mul_ps(x, b1));
        x = _mm256_broadcast_ss(a3 + p);
        s30 = _mm256_add_ps(s30, _mm256_mul_ps(x, b0));
        s31 = _mm256_add_ps(s31, _mm256_mul_ps(x, b1));
      }
      _mm256_storeu_ps(c0, s00);
      _mm256_storeu_ps(c0 + 8, s01);
      _mm256_storeu_ps(c1, s10);
      _mm256_storeu_ps(c1 + 8, s11);
      _mm256_storeu_ps(c2, s20);
      _mm256_storeu_ps(c2 + 8, s21);
      _mm256_storeu_ps(c3, s30);
      _mm256_storeu_ps(c3 + 8, s31);
    }
}
#undef PL_SIM_GEMM_TARGET

inline bool haveAvx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

/// `accumulateReference` on padded panels (m a multiple of kBlockRows, n of kBlockCols): the
/// AVX2 kernel where the CPU has it.
inline void accumulatePadded(const float *a, std::int64_t lda, const float *b, std::int64_t ldb,
                             float *c, std::int64_t ldc, std::int64_t m, std::int64_t n,
                             std::int64_t k) {
#ifdef PL_SIM_GEMM_AVX2
  if (haveAvx2())
    return accumulateAvx2(a, lda, b, ldb, c, ldc, m, n, k);
#endif
  accumulateReference(a, lda, b, ldb, c, ldc, m, n, k);
}

/// The calling thread's packing buffers (kept between calls: no allocation per instruction).
struct Panels {
  std::vector<float> a, b, c;
};
inline Panels &panels() {
  thread_local Panels p;
  return p;
}

} // namespace pl::sim::detail::gemm
