// bench_kernels' hand-written plain loops: each sample's computation (what its entry module runs,
// bench/kernels/<sample>.inc) on std::vector<float>, fp32 throughout, inputs from the same seeds.
#pragma once

#include <benchmark/benchmark.h>

#include <string>

namespace pl::bench {

using PlainLoop = void (*)(benchmark::State &);

/// The plain loop of `sample`, or nullptr when there is none.
PlainLoop plainLoop(const std::string &sample);

} // namespace pl::bench
