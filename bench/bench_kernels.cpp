// bench_kernels: samples' computations four ways — the eager DSL run, the translated run on the
// a2a3sim simulator (serial and threads modes), a hand-written plain loop of the same
// computation (plain_loops.cpp), and for matmul OpenBLAS cblas_sgemm. The eager and translated
// samples are modules (bench/CMakeLists.txt) loaded with dlopen, each exporting `pl_bench_run`.
// Every sample of tests/e2e is covered; --smoke (ctest) runs only the smoke samples, whose
// modules are the only ones in `all` (the others: the `bench_kernel_modules` target).
#include "bench/bench_main.h"
#include "bench/plain_loops.h"
#include "bench/tile_kernels.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#ifdef PL_BENCH_HAVE_CBLAS
#include <cblas.h>
#endif

namespace {

using RunFn = void (*)();

RunFn loadModule(const std::string &sample, const char *kind) {
  std::string path =
      std::string(PL_BENCH_MODULE_DIR) + "/libbench_kernel_" + sample + "_" + kind + ".so";
  void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    std::fprintf(stderr, "bench_kernels: %s (build the bench_kernel_modules target)\n", dlerror());
    return nullptr;
  }
  return reinterpret_cast<RunFn>(dlsym(h, "pl_bench_run"));
}

/// Eager (mode == nullptr) or translated in PL_SIM_MODE=mode.
void moduleBench(benchmark::State &state, std::string sample, const char *kind, const char *mode) {
  RunFn run = loadModule(sample, kind);
  if (!run) {
    state.SkipWithError("cannot load the sample's module");
    return;
  }
  if (mode)
    setenv("PL_SIM_MODE", mode, 1);
  setenv("PL_SIM_WARN", "0", 1);
  run(); // first call allocates the inputs
  for (auto _ : state)
    run();
}

#ifdef PL_BENCH_HAVE_CBLAS
std::vector<float> randomVec(size_t n, unsigned seed, float lo = -1, float hi = 1) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(g);
  return v;
}

void cblasMatmul(benchmark::State &state) {
  const int n = 64;
  auto a = randomVec(n * n, 31), b = randomVec(n * n, 32);
  std::vector<float> c(n * n);
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(), n,
                0.0f, c.data(), n);
    benchmark::DoNotOptimize(c.data());
  }
}
#endif

std::vector<std::string> samples(bool smoke) {
  std::vector<std::string> out;
  std::stringstream ss(smoke ? PL_BENCH_KERNEL_SMOKE_SAMPLES : PL_BENCH_KERNEL_SAMPLES);
  for (std::string s; std::getline(ss, s, ',');)
    if (!s.empty())
      out.push_back(s);
  return out;
}

} // namespace

int main(int argc, char **argv) {
  return pl::bench::benchMain(argc, argv, [](bool smoke) {
    pl::bench::registerTileBenches(smoke);
    for (const std::string &s : samples(smoke)) {
      std::string base = "BM_Kernel/" + s + "/";
      benchmark::RegisterBenchmark((base + "eager").c_str(), moduleBench, s, "eager", nullptr);
      benchmark::RegisterBenchmark((base + "translated_serial").c_str(), moduleBench, s,
                                   "translated", "serial");
      benchmark::RegisterBenchmark((base + "translated_threads").c_str(), moduleBench, s,
                                   "translated", "threads")
          ->UseRealTime();
      if (pl::bench::PlainLoop plain = pl::bench::plainLoop(s))
        benchmark::RegisterBenchmark((base + "plain_loop").c_str(), plain);
      if (s == "matmul") {
#ifdef PL_BENCH_HAVE_CBLAS
        benchmark::RegisterBenchmark((base + "cblas_sgemm").c_str(), cblasMatmul);
#else
        std::fprintf(stderr, "bench_kernels: OpenBLAS not found at configure time; "
                             "BM_Kernel/matmul/cblas_sgemm is skipped (apt-get install "
                             "libopenblas-dev, then reconfigure)\n");
#endif
      }
    }
  });
}
