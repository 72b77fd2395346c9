// tests/e2e/alias_args.cpp — a host call that passes one tensor as two parameters, one of them
// written (issue 35): the translated program assumes distinct parameters are distinct tensors, so
// the host bridge refuses the call before anything runs and names both parameters, in every
// executor mode (ctest e2e.alias_args.*). Eagerly the call runs in program order.
#include <cstdio>
#include <exception>
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void scaleInto(X x, pl::Out<X> y) {
  pl::store(pl::muls(pl::load(x, {0, 0}, {16, 64}), 2.0f), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void bump(pl::InOut<X> acc) {
  pl::store(pl::adds(pl::load(acc, {0, 0}, {16, 64}), 1.0f), {0, 0}, acc);
}

/// Reads `x` into `y`, then updates `acc`: with x and acc one tensor, nothing orders the update
/// after the read.
PL_FUNCTION(pl::FunctionType::Orchestration)
void readThenBump(X x, pl::InOut<X> acc, pl::Out<X> y) {
  scaleInto(x, y);
  bump(acc);
}

int main() {
  X a(pl::random_vector(16 * 64, 3)), y;
  pl::Tensor<pl::fp32, 32, 64> big(pl::random_vector(32 * 64, 4));
  readThenBump(a, pl::slice(big, {16, 64}, {8, 0}), y); // distinct tensors: fine
  readThenBump(pl::slice(big, {16, 64}, {0, 0}), pl::slice(big, {16, 64}, {16, 0}), y); // disjoint
  std::printf("distinct and disjoint arguments ran\n");
  std::fflush(stdout);
  try {
    readThenBump(a, a, y); // translated: refused here
  } catch (const std::exception &e) {
    std::printf("%s\n", e.what());
    return 1;
  }
  return 0;
}
