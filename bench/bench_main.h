// Shared main for the benchmarks: `--smoke` (ctest) selects the reduced sizes, then Google
// Benchmark's own flags are parsed as usual.
#pragma once

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

namespace pl::bench {

/// Removes `--smoke` from argv; returns whether it was there.
inline bool takeSmokeFlag(int &argc, char **argv) {
  bool smoke = false;
  int out = 0;
  for (int i = 0; i < argc; ++i) {
    if (i > 0 && std::strcmp(argv[i], "--smoke") == 0) {
      smoke = true;
      continue;
    }
    argv[out++] = argv[i];
  }
  argc = out;
  return smoke;
}

/// Registers the benchmarks (`registerAll(smoke)`), runs them, returns the exit code.
template <typename Register> int benchMain(int argc, char **argv, Register registerAll) {
  bool smoke = takeSmokeFlag(argc, argv);
  registerAll(smoke);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

} // namespace pl::bench
