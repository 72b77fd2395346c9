// pl/benchmark.hpp — time a kernel entry eagerly and translated, side by side (Google Benchmark).
//
// In a source compiled into both modules of a benchmark (docs/benchmark.md):
//
//   #include <pl/benchmark.hpp>
//   PL_BENCHMARK(tile_add_128) {                       // one call per iteration
//     static Mat128 a(pl::random_vector(128 * 128, 1)), b(pl::random_vector(128 * 128, 2)), c;
//     tile_add(a, b, c);                               // inputs are made once (statics)
//   }
//
// and in CMake `pl_add_kernel_benchmark(<name> SOURCES <kernels>...)`: the sources are built
// twice as loadable modules, as written (the eager reference) and translated by pl_add_kernels,
// and the executable <name> loads both and runs, for every PL_BENCHMARK, the rows
// `<benchmark>/eager`, `<benchmark>/translated_serial` and `<benchmark>/translated_threads`
// (the simulator's PL_SIM_MODE) with any Google Benchmark flag. The two copies of the same
// functions never meet in one link: each module is loaded with RTLD_LOCAL.
//
// The runner part (PL_BENCHMARK_RUNNER defined before the include) is what the executable
// pl_add_kernel_benchmark generates compiles; it needs Google Benchmark and libdl.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace pl::benchmark {

/// One PL_BENCHMARK of a module: its name and the call one iteration makes.
struct Entry {
  std::string name;
  void (*run)();
};

/// The PL_BENCHMARKs of one module, in registration order.
struct Registry {
  std::vector<Entry> entries;
};

} // namespace pl::benchmark

#ifndef PL_BENCHMARK_RUNNER

namespace pl::benchmark {
/// The registry of this module (shared by its translation units). Hidden: a default-visibility
/// static of an inline function is one object across every loaded library (STB_GNU_UNIQUE),
/// which would merge the eager and the translated module's entries.
__attribute__((visibility("hidden"))) inline Registry &moduleRegistry() {
  static Registry registry;
  return registry;
}
/// Adds an entry when the module is loaded (what PL_BENCHMARK expands to).
struct Registrar {
  Registrar(const char *name, void (*run)()) { moduleRegistry().entries.push_back({name, run}); }
};
} // namespace pl::benchmark

/// What the runner finds with dlsym in each module (weak: one definition per module whatever
/// number of its files include this header).
extern "C" __attribute__((weak, visibility("default"))) pl::benchmark::Registry *
pl_benchmark_registry() {
  return &pl::benchmark::moduleRegistry();
}

#define PL_BENCHMARK(name)                                                                         \
  static void pl_benchmark_body_##name();                                                          \
  static const ::pl::benchmark::Registrar pl_benchmark_registrar_##name(                           \
      #name, &pl_benchmark_body_##name);                                                           \
  static void pl_benchmark_body_##name()

#else // PL_BENCHMARK_RUNNER

#include <benchmark/benchmark.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace pl::benchmark {

/// The registry of the module at `path`, or nullptr after printing why.
inline const Registry *loadModule(const char *path) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    std::fprintf(stderr, "pl::benchmark: cannot load the module '%s': %s\n", path, dlerror());
    return nullptr;
  }
  using RegistryFn = Registry *(*)();
  auto fn = reinterpret_cast<RegistryFn>(dlsym(h, "pl_benchmark_registry"));
  if (!fn || fn()->entries.empty()) {
    std::fprintf(stderr,
                 "pl::benchmark: the module '%s' registers no benchmark (no PL_BENCHMARK in its "
                 "sources, or none includes <pl/benchmark.hpp>)\n",
                 path);
    return nullptr;
  }
  return fn();
}

/// Runs the entry once outside the timing (statics are made, the first run warms up), then
/// once per iteration; `mode` (nullptr: eager) is the simulator's PL_SIM_MODE.
inline void runEntry(::benchmark::State &state, void (*run)(), const char *mode) {
  if (mode)
    setenv("PL_SIM_MODE", mode, 1);
  run();
  for (auto _ : state)
    run();
}

/// The executable's main: registers every entry of the eager module and its translated twin
/// (matched by name), runs what the command line selects. Exit 1 when a module cannot be
/// loaded or the two do not register the same benchmarks.
inline int runMain(int argc, char **argv, const char *eagerModule, const char *translatedModule) {
  ::benchmark::Initialize(&argc, argv);
  if (::benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  const Registry *eager = loadModule(eagerModule);
  const Registry *translated = loadModule(translatedModule);
  if (!eager || !translated)
    return 1;
  if (eager->entries.size() != translated->entries.size()) {
    std::fprintf(
        stderr,
        "pl::benchmark: the eager module registers %zu benchmarks, the translated one %zu\n",
        eager->entries.size(), translated->entries.size());
    return 1;
  }
  for (std::size_t i = 0; i < eager->entries.size(); ++i) {
    const Entry &e = eager->entries[i];
    const Entry &t = translated->entries[i];
    if (e.name != t.name) {
      std::fprintf(stderr, "pl::benchmark: benchmark %zu is '%s' eagerly but '%s' translated\n", i,
                   e.name.c_str(), t.name.c_str());
      return 1;
    }
    ::benchmark::RegisterBenchmark((e.name + "/eager").c_str(), runEntry, e.run, nullptr);
    ::benchmark::RegisterBenchmark((e.name + "/translated_serial").c_str(), runEntry, t.run,
                                   "serial");
    ::benchmark::RegisterBenchmark((e.name + "/translated_threads").c_str(), runEntry, t.run,
                                   "threads");
  }
  setenv("PL_SIM_WARN", "0", 0);
  ::benchmark::RunSpecifiedBenchmarks();
  ::benchmark::Shutdown();
  return 0;
}

} // namespace pl::benchmark

#endif // PL_BENCHMARK_RUNNER
