// bench_kernels.cpp — one PL_BENCHMARK per kernel: a call on fixed 64x64 inputs, timed eagerly
// and translated side by side by the bench_kernels executable (pl_add_kernel_benchmark).
#include <pl/benchmark.hpp>

#include "common.hpp"

PL_BENCHMARK(axpy) {
  static Mat x(pl::random_vector(64 * 64, 1)), y(pl::random_vector(64 * 64, 2)), out;
  axpy(x, y, out);
}

PL_BENCHMARK(relu_axpy) {
  static Mat x(pl::random_vector(64 * 64, 1)), y(pl::random_vector(64 * 64, 2)), out;
  relu_axpy(x, y, out);
}
