// tests/e2e/regress_deps.cpp — derived task dependencies that carry the program (pass
// AutoDeriveTaskDependencies, pl-translate --derive-task-deps). `shifted` reads rows [r, r + 16)
// of y and then overwrites rows [s, s + 16): a write after a read, which the runtime does not
// order. r and s are run-time values, so pl-translate cannot prove the overlap (CheckTaskHazards
// stays silent), and with r = 8, s = 0 the windows do overlap: translated without the pass, the
// strict run fails with the simulator's WAR report (ctest e2e.regress_deps.without_derived_deps);
// with it, the writer waits for the reader's task id and the run matches the eager one
// (e2e.regress_deps.derived_deps.*). `chain` is a straight line of producers and consumers on
// one created tensor (RAW, WAR and WAW on overlapping windows) that the pass orders entirely by
// named edges in a MANUAL scope.
#include "report.hpp"
#include <cstdio>
#include <exception>
#include <pl/dsl.hpp>
#include <vector>
using X = pl::Tensor<pl::fp32, 32, 64>;
using R = pl::Tensor<pl::fp32, 16, 64>;

/// z = -(rows [r, r + 16) of y).
PL_FUNCTION(pl::FunctionType::InCore)
void negateRows(X y, pl::Index r, pl::Out<R> z) {
  pl::store(pl::neg(pl::load(y, {r, 0}, {16, 64})), {0, 0}, z);
}

/// Rows [s, s + 16) of y = x * 2 + 1.
PL_FUNCTION(pl::FunctionType::InCore)
void fillRows(R x, pl::Index s, pl::InOut<X> y) {
  pl::store(pl::adds(pl::muls(pl::load(x, {0, 0}, {16, 64}), 2.0f), 1.0f), {s, 0}, y);
}

/// Reads rows [r, r + 16) of y, then overwrites rows [s, s + 16).
PL_FUNCTION(pl::FunctionType::Orchestration)
void shifted(R x, pl::Index r, pl::Index s, pl::InOut<X> y, pl::Out<R> z) {
  negateRows(y, r, z);
  fillRows(x, s, y);
}

/// On a created tensor t: fill rows 0..16, read rows 8..24, fill rows 8..24, read rows 0..16.
PL_FUNCTION(pl::FunctionType::Orchestration)
void chain(R x, pl::Out<R> a, pl::Out<R> b) {
  X t = pl::create_tensor({32, 64}, pl::fp32);
  fillRows(x, 0, t);
  negateRows(t, 8, a);
  fillRows(a, 8, t);
  negateRows(t, 0, b);
}

int run() {
  e2e::Report report("regress_deps");
  R x(pl::random_vector(16 * 64, 21));
  const std::vector<double> xs = x.to_vector<double>();
  {
    X y(pl::random_vector(32 * 64, 22));
    const std::vector<double> y0 = y.to_vector<double>();
    R z;
    shifted(x, 8, 0, y, z);
    std::vector<double> wy = y0, wz(16 * 64);
    for (int i = 0; i < 16 * 64; ++i) {
      wz[i] = -y0[8 * 64 + i];
      wy[i] = xs[i] * 2 + 1;
    }
    report.close("a write after a read at run-time offsets (z)", z, wz);
    report.close("a write after a read at run-time offsets (y)", y, wy);
  }
  {
    R a, b;
    chain(x, a, b);
    std::vector<double> t(32 * 64, 0.0), wa(16 * 64), wb(16 * 64);
    for (int i = 0; i < 16 * 64; ++i)
      t[i] = xs[i] * 2 + 1;
    for (int i = 0; i < 16 * 64; ++i)
      wa[i] = -t[8 * 64 + i];
    for (int i = 0; i < 16 * 64; ++i)
      t[8 * 64 + i] = wa[i] * 2 + 1;
    for (int i = 0; i < 16 * 64; ++i)
      wb[i] = -t[i];
    report.close("a chain on one created tensor (a)", a, wa);
    report.close("a chain on one created tensor (b)", b, wb);
  }
  return report.exitCode();
}

int main() {
  try {
    return run();
  } catch (const std::exception &e) { // the strict run of the translation without derived edges
    std::printf("%s\n", e.what());
    return 1;
  }
}
