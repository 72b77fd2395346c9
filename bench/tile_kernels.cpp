// The instruction-level rows of bench_kernels (docs/performance.md, "Issue 36: kernels"):
//  - BM_Tile/matmul_<in>/<N>: an N x N x N matmul tiled as the samples tile it (64 x 64 output
//    tiles, K in chunks of 64: TLOAD into Mat, TMOV to Left / Right, TMATMUL then TMATMUL_ACC,
//    TSTORE of the fp32 result), fp32 or fp16 inputs, fp32 accumulation; BM_Tile/sgemm/<N> is
//    single-threaded OpenBLAS cblas_sgemm on the same fp32 shape (set OPENBLAS_NUM_THREADS=1).
//  - BM_Tile/<instr>/128x128 (an fp32 Vec tile: TADD, TMULS, TEXP, TROWSUM, TROWMAX,
//    TROWEXPANDSUB) beside BM_Tile/<instr>/128x128/plain_loop, the same computation as a plain
//    -O2 loop on contiguous float rows (TEXP also beside plain_loop_f64: exp in double, rounded
//    to float, the eager semantics TEXP keeps).
// Everything runs on the calling thread's private core (the pipe checker is off outside a task).
#include "bench/tile_kernels.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "pl/sim/tensor.hpp"
#include "pl/sim/vendor/pto/pto-inst.hpp"

#ifdef PL_BENCH_HAVE_CBLAS
#include <cblas.h>
#endif

namespace pl::bench {
namespace {

template <class T> std::vector<T> randomVec(std::size_t n, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(-1, 1);
  std::vector<T> v(n);
  for (T &x : v)
    x = T(d(g));
  return v;
}

/// Global memory the simulator accepts: a vector registered as a live allocation.
template <class T> struct Gm {
  std::vector<T> v;
  pl::sim::Buffer buf;
  explicit Gm(std::vector<T> init)
      : v(std::move(init)), buf(reinterpret_cast<std::byte *>(v.data()), v.size() * sizeof(T)) {}
};

using Gm2 = pto::Shape<1, 1, 1, 64, 64>;
template <class T> using Window = pto::GlobalTensor<T, Gm2, pto::Stride<1, 1, 1, -1, 1>>;
template <class T> Window<T> window(T *base, int ld, int r0, int c0) {
  return Window<T>(base + r0 * ld + c0, Gm2(), pto::Stride<1, 1, 1, -1, 1>(ld));
}

/// C (n x n, fp32) = A (n x n) . B (n x n) tiled as the samples tile a matmul.
template <class In> void tiledMatmul(benchmark::State &state, int n) {
  pl::sim::resetCurrentCore();
  Gm<In> a(randomVec<In>(static_cast<std::size_t>(n * n), 31));
  Gm<In> b(randomVec<In>(static_cast<std::size_t>(n * n), 32));
  Gm<float> c(std::vector<float>(static_cast<std::size_t>(n * n)));
  // NZ Mat tiles, as ResolveBackendOpLayouts makes them (pto-isa's Mat -> L0 TMOV reads NZ / ZN).
  pto::Tile<pto::TileType::Mat, In, 64, 64, pto::BLayout::ColMajor, 64, 64, pto::SLayout::RowMajor>
      aMat, bMat;
  pto::Tile<pto::TileType::Left, In, 64, 64> left;
  pto::Tile<pto::TileType::Right, In, 64, 64> right;
  pto::Tile<pto::TileType::Acc, float, 64, 64> acc;
  TASSIGN(aMat, 0);
  TASSIGN(bMat, 64 * 64 * sizeof(In));
  TASSIGN(left, 0);
  TASSIGN(right, 0);
  TASSIGN(acc, 0);
  for (auto _ : state) {
    for (int i = 0; i < n; i += 64)
      for (int j = 0; j < n; j += 64) {
        for (int k = 0; k < n; k += 64) {
          TLOAD(aMat, window(a.v.data(), n, i, k));
          TLOAD(bMat, window(b.v.data(), n, k, j));
          TMOV(left, aMat);
          TMOV(right, bMat);
          if (k == 0)
            TMATMUL(acc, left, right);
          else
            TMATMUL_ACC(acc, left, right);
        }
        TSTORE(window(c.v.data(), n, i, j), acc);
      }
    benchmark::DoNotOptimize(c.v.data());
  }
  state.counters["MAC/s"] =
      benchmark::Counter(double(n) * n * n, benchmark::Counter::kIsIterationInvariantRate);
}

#ifdef PL_BENCH_HAVE_CBLAS
void sgemm(benchmark::State &state, int n) {
  auto a = randomVec<float>(static_cast<std::size_t>(n * n), 31);
  auto b = randomVec<float>(static_cast<std::size_t>(n * n), 32);
  std::vector<float> c(static_cast<std::size_t>(n * n));
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(), n,
                0.0f, c.data(), n);
    benchmark::DoNotOptimize(c.data());
  }
  state.counters["MAC/s"] =
      benchmark::Counter(double(n) * n * n, benchmark::Counter::kIsIterationInvariantRate);
}
#endif

constexpr int kN = 128;
using VecT = pto::Tile<pto::TileType::Vec, float, kN, kN>;
using ColT = pto::Tile<pto::TileType::Vec, float, kN, 1, pto::BLayout::ColMajor>;

/// Two fp32 Vec source tiles, a destination over the second (in place, as hello_world's sum
/// lands on its operand; three 64 KiB tiles and a column would not fit Vec's 192 KiB) and a
/// column vector, on a fresh core.
struct VecTiles {
  VecT a, b, d;
  ColT col;
  VecTiles() {
    pl::sim::resetCurrentCore();
    TASSIGN(a, 0);
    TASSIGN(b, VecT::kBytes);
    TASSIGN(d, VecT::kBytes);
    TASSIGN(col, 2 * VecT::kBytes);
    auto x = randomVec<float>(kN * kN, 1), y = randomVec<float>(kN * kN, 2);
    for (int r = 0; r < kN; ++r)
      for (int c = 0; c < kN; ++c) {
        a.at(r, c) = x[static_cast<std::size_t>(r * kN + c)];
        b.at(r, c) = y[static_cast<std::size_t>(r * kN + c)];
      }
    for (int r = 0; r < kN; ++r)
      col.at(r, 0) = x[static_cast<std::size_t>(r)];
  }
};

template <class F> void tileBench(benchmark::State &state, F f) {
  VecTiles t;
  for (auto _ : state) {
    f(t);
    benchmark::DoNotOptimize(t.d.data());
    benchmark::ClobberMemory();
  }
}

struct Plain {
  std::vector<float> a = randomVec<float>(kN * kN, 1), b = randomVec<float>(kN * kN, 2),
                     d = std::vector<float>(kN * kN), col = std::vector<float>(kN);
};
template <class F> void plainBench(benchmark::State &state, F f) {
  Plain p;
  for (auto _ : state) {
    f(p);
    benchmark::DoNotOptimize(p.d.data());
    benchmark::DoNotOptimize(p.col.data());
    benchmark::ClobberMemory();
  }
}

void registerVector(const std::string &name, void (*tile)(benchmark::State &),
                    void (*plain)(benchmark::State &)) {
  const std::string base = "BM_Tile/" + name + "/128x128";
  benchmark::RegisterBenchmark(base.c_str(), tile);
  benchmark::RegisterBenchmark((base + "/plain_loop").c_str(), plain);
}

} // namespace

void registerTileBenches(bool smoke) {
  for (int n : {64, 128, 256}) {
    if (smoke && n > 64)
      break;
    const std::string sz = "/" + std::to_string(n);
    benchmark::RegisterBenchmark(("BM_Tile/matmul_fp32" + sz).c_str(), tiledMatmul<float>, n);
    benchmark::RegisterBenchmark(("BM_Tile/matmul_fp16" + sz).c_str(), tiledMatmul<pl::Half>, n);
#ifdef PL_BENCH_HAVE_CBLAS
    benchmark::RegisterBenchmark(("BM_Tile/sgemm" + sz).c_str(), sgemm, n);
#endif
  }
  registerVector(
      "TADD", [](benchmark::State &s) { tileBench(s, [](VecTiles &t) { TADD(t.d, t.a, t.b); }); },
      [](benchmark::State &s) {
        plainBench(s, [](Plain &p) {
          for (int i = 0; i < kN * kN; ++i)
            p.d[i] = p.a[i] + p.b[i];
        });
      });
  registerVector(
      "TMULS",
      [](benchmark::State &s) { tileBench(s, [](VecTiles &t) { TMULS(t.d, t.a, 0.5f); }); },
      [](benchmark::State &s) {
        plainBench(s, [](Plain &p) {
          for (int i = 0; i < kN * kN; ++i)
            p.d[i] = p.a[i] * 0.5f;
        });
      });
  registerVector(
      "TEXP", [](benchmark::State &s) { tileBench(s, [](VecTiles &t) { TEXP(t.d, t.a); }); },
      [](benchmark::State &s) {
        plainBench(s, [](Plain &p) {
          for (int i = 0; i < kN * kN; ++i)
            p.d[i] = std::exp(p.a[i]);
        });
      });
  // The eager semantics of exp on fp32: std::exp in double, rounded once (what TEXP computes);
  // the plain loop above is the float expf a user would write.
  benchmark::RegisterBenchmark("BM_Tile/TEXP/128x128/plain_loop_f64", [](benchmark::State &s) {
    plainBench(s, [](Plain &p) {
      for (int i = 0; i < kN * kN; ++i)
        p.d[i] = static_cast<float>(std::exp(static_cast<double>(p.a[i])));
    });
  });
  registerVector(
      "TROWSUM",
      [](benchmark::State &s) { tileBench(s, [](VecTiles &t) { TROWSUM(t.col, t.a, t.b); }); },
      [](benchmark::State &s) {
        plainBench(s, [](Plain &p) {
          for (int r = 0; r < kN; ++r) {
            float acc = p.a[r * kN];
            for (int c = 1; c < kN; ++c)
              acc += p.a[r * kN + c];
            p.col[r] = acc;
          }
        });
      });
  registerVector(
      "TROWMAX",
      [](benchmark::State &s) { tileBench(s, [](VecTiles &t) { TROWMAX(t.col, t.a, t.b); }); },
      [](benchmark::State &s) {
        plainBench(s, [](Plain &p) {
          for (int r = 0; r < kN; ++r) {
            float acc = p.a[r * kN];
            for (int c = 1; c < kN; ++c)
              acc = p.a[r * kN + c] > acc ? p.a[r * kN + c] : acc;
            p.col[r] = acc;
          }
        });
      });
  registerVector(
      "TROWEXPANDSUB",
      [](benchmark::State &s) {
        tileBench(s, [](VecTiles &t) { TROWEXPANDSUB(t.d, t.a, t.col); });
      },
      [](benchmark::State &s) {
        plainBench(s, [](Plain &p) {
          for (int r = 0; r < kN; ++r)
            for (int c = 0; c < kN; ++c)
              p.d[r * kN + c] = p.a[r * kN + c] - p.col[r];
        });
      });
}

} // namespace pl::bench
