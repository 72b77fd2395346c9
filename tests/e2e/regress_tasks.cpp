// tests/e2e/regress_tasks.cpp — task-order constructs as a user writes them (docs/dsl.md §1, issue
// 14): a task id rebound in a loop so iteration i + 1's writer waits for iteration i's reader
// (counting up, counting down, zero trips), a manual scope whose every edge is a named dependency
// (row blocks of one tensor: producers and consumers on disjoint windows), pl::scope around a
// chain, pl::no_dep on an argument no task writes, and task ids that outlive a manual scope (one
// scope per iteration). Every translated run is strict: a hazard fails it.
#include <cstdio>
#include <pl/dsl.hpp>
#include <vector>
using X = pl::Tensor<pl::fp32, 32, 64>;

/// Rows [r, r + 8) of y = x * 2 + bias.
PL_FUNCTION(pl::FunctionType::InCore)
void scaleRows(X x, pl::Index r, pl::Index bias, pl::Out<X> y) {
  pl::Scalar<pl::fp32> b = bias;
  pl::store(pl::adds(pl::muls(pl::load(x, {r, 0}, {8, 64}), 2.0f), b), {r, 0}, y);
}

/// Rows [r, r + 8) of z = -y + a.
PL_FUNCTION(pl::FunctionType::InCore)
void negateRows(X y, X a, pl::Index r, pl::Out<X> z) {
  pl::store(pl::add(pl::neg(pl::load(y, {r, 0}, {8, 64})), pl::load(a, {r, 0}, {8, 64})), {r, 0},
            z);
}

/// Every iteration rewrites all of y, then reads it into block i % 4 of z: the next iteration's
/// writer depends on this iteration's reader through the carried task id.
PL_FUNCTION(pl::FunctionType::Orchestration)
void carried(X x, X a, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  pl::TaskId read{};
  for (auto i : pl::range(n)) {
    pl::spmd(1, {.deps = {read}}, [&] { scaleRows(x, 0, i - 2, y); });
    read = pl::spmd(1, [&] { negateRows(y, a, 0, z); });
  }
}

/// The same, counting down from n - 1 to 0 and writing rows 8..16.
PL_FUNCTION(pl::FunctionType::Orchestration)
void carriedDown(X x, X a, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  pl::TaskId read{};
  for (auto i : pl::range(n - 1, -1, -1)) {
    pl::spmd(1, {.deps = {read}}, [&] { scaleRows(x, 8, -3 * i, y); });
    read = pl::spmd(1, [&] { negateRows(y, a, 8, z); });
  }
}

/// Four row blocks in a manual scope: block b's consumer names its producer; blocks are disjoint.
PL_FUNCTION(pl::FunctionType::Orchestration)
void manual(X x, X a, pl::Out<X> y, pl::Out<X> z) {
  pl::manual_scope([&] {
    for (auto b : pl::range(4)) {
      pl::TaskId made = pl::spmd(1, [&] { scaleRows(x, b * 8, 5 - b, y); });
      pl::spmd(1, {.deps = {made}}, [&] { negateRows(y, a, b * 8, z); });
    }
  });
}

/// In a manual scope: two producers of disjoint row blocks, joined by a dummy task that both
/// consumers wait for (without the join nothing would order them: the scope infers no edge).
PL_FUNCTION(pl::FunctionType::Orchestration)
void joined(X x, X a, pl::Out<X> y, pl::Out<X> z) {
  pl::manual_scope([&] {
    pl::TaskId p0 = pl::spmd(1, [&] { scaleRows(x, 0, 1, y); });
    pl::TaskId p1 = pl::spmd(1, [&] { scaleRows(x, 8, -1, y); });
    pl::TaskId j = pl::task_dummy({.deps = {p0, p1}});
    pl::spmd(1, {.deps = {j}}, [&] { negateRows(y, a, 0, z); });
    pl::spmd(1, {.deps = {j}}, [&] { negateRows(y, a, 8, z); });
  });
}

/// A chain in a pl::scope; `a` is only read, so no_dep changes nothing but the runtime's tracking.
PL_FUNCTION(pl::FunctionType::Orchestration)
void scoped(X x, X a, pl::Out<X> y, pl::Out<X> z) {
  pl::scope([&] {
    scaleRows(x, 16, -7, y);
    negateRows(y, pl::no_dep(a), 16, z);
  });
}

/// pl::submit launches the kernels directly: in a manual scope each consumer names its producer;
/// the producers of different blocks are independent.
PL_FUNCTION(pl::FunctionType::Orchestration)
void submitted(X x, X a, pl::Out<X> y, pl::Out<X> z) {
  pl::manual_scope([&] {
    for (auto b : pl::range(4)) {
      pl::TaskId made = pl::submit(scaleRows, x, b * 8, 2 * b - 3, y);
      pl::submit({.deps = {made}}, negateRows, y, a, b * 8, z);
    }
  });
}

/// A submitted reader's id carried into the next iteration's writer (the runtime does not order a
/// write after an earlier read by itself), with a pl::no_dep argument and a join of both
/// producers of the last iteration.
PL_FUNCTION(pl::FunctionType::Orchestration)
void submittedCarried(X x, X a, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  pl::TaskId read{};
  for (auto i : pl::range(n)) {
    pl::TaskId wrote = pl::submit({.deps = {read}}, scaleRows, x, 24, 4 - i, y);
    read = pl::submit({.deps = {wrote}}, negateRows, y, pl::no_dep(a), 24, z);
  }
}

/// Rows [r, r + 8) of y += bias.
PL_FUNCTION(pl::FunctionType::InCore)
void bumpRows(pl::Index r, pl::Index bias, pl::InOut<X> y) {
  pl::Scalar<pl::fp32> b = bias;
  pl::store(pl::adds(pl::load(y, {r, 0}, {8, 64}), b), {r, 0}, y);
}

/// Phases of four branches in a manual scope: each branch of phase p waits for every branch of
/// phase p - 1 (a pl::array of their task ids), branches of one phase are independent.
PL_FUNCTION(pl::FunctionType::Orchestration)
void phases(pl::Index n, pl::InOut<X> y) {
  pl::manual_scope([&] {
    pl::array<pl::TaskId, 4> prev{};
    for (auto p : pl::range(n)) {
      pl::array<pl::TaskId, 4> cur{};
      for (auto b : pl::range(4))
        cur[b] = pl::submit({.deps = prev}, bumpRows, b * 8, p - 2 * b, y);
      prev = cur;
    }
    pl::TaskId last = prev[3];
    pl::submit({.deps = {last}}, bumpRows, 24, 100, y); // after the last phase's branch 3
  });
}

/// One manual scope per iteration (issue 35): iteration i's first task updates the rows iteration
/// i - 1's last task wrote, so it names that task (a task id outlives its scope; the runtime does
/// not track a manual scope's tasks, so nothing else would order them), and the task after the
/// loop names the last one too. With no trips the dependencies name the task before the loop.
PL_FUNCTION(pl::FunctionType::Orchestration)
void manualIterations(X x, X a, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  pl::TaskId last = pl::submit(scaleRows, x, 0, 1, y);
  for (auto i : pl::range(n)) {
    pl::manual_scope([&] {
      pl::TaskId bumped = pl::submit({.deps = {last}}, bumpRows, 0, i - 2, y);
      last = pl::submit({.deps = {bumped}}, bumpRows, 0, 3 * i - 4, y);
    });
  }
  pl::submit({.deps = {last}}, negateRows, y, a, 0, z);
}

namespace {
std::vector<double> xs, as;

void scaleRef(std::vector<double> &y, int r, long bias) {
  for (int i = r; i < r + 8; ++i)
    for (int c = 0; c < 64; ++c)
      y[i * 64 + c] =
          static_cast<float>(static_cast<float>(xs[i * 64 + c] * 2.0f) + static_cast<float>(bias));
}
void negateRef(const std::vector<double> &y, std::vector<double> &z, int r) {
  for (int i = r; i < r + 8; ++i)
    for (int c = 0; c < 64; ++c)
      z[i * 64 + c] = static_cast<float>(-y[i * 64 + c] + as[i * 64 + c]);
}
} // namespace

int main() {
  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    failures += ok ? 0 : 1;
    if (!ok)
      std::printf("FAIL: %s\n", what);
  };
  X x(pl::random_vector(32 * 64, 11)), a(pl::random_vector(32 * 64, 12));
  xs = x.to_vector<double>();
  as = a.to_vector<double>();
  const std::vector<double> zero(32 * 64, 0.0);
  for (pl::Index n : {0, 1, 3}) {
    X y, z;
    carried(x, a, n, y, z);
    std::vector<double> wy = zero, wz = zero;
    for (long i = 0; i < n; ++i) {
      scaleRef(wy, 0, i - 2);
      negateRef(wy, wz, 0);
    }
    check(pl::allclose(y, wy) && pl::allclose(z, wz), "a task id carried into the next iteration");
  }
  for (pl::Index n : {0, 2, 3}) {
    X y, z;
    carriedDown(x, a, n, y, z);
    std::vector<double> wy = zero, wz = zero;
    for (long i = n - 1; i >= 0; --i) {
      scaleRef(wy, 8, -3 * i);
      negateRef(wy, wz, 8);
    }
    check(pl::allclose(y, wy) && pl::allclose(z, wz),
          "a task id carried through a counting-down loop");
  }
  {
    X y, z;
    manual(x, a, y, z);
    std::vector<double> wy = zero, wz = zero;
    for (int b = 0; b < 4; ++b) {
      scaleRef(wy, b * 8, 5 - b);
      negateRef(wy, wz, b * 8);
    }
    check(pl::allclose(y, wy) && pl::allclose(z, wz),
          "a manual scope ordered by named dependencies");
  }
  {
    X y, z;
    joined(x, a, y, z);
    std::vector<double> wy = zero, wz = zero;
    scaleRef(wy, 0, 1);
    scaleRef(wy, 8, -1);
    negateRef(wy, wz, 0);
    negateRef(wy, wz, 8);
    check(pl::allclose(y, wy) && pl::allclose(z, wz), "a dummy task joins two producers");
  }
  {
    X y, z;
    scoped(x, a, y, z);
    std::vector<double> wy = zero, wz = zero;
    scaleRef(wy, 16, -7);
    negateRef(wy, wz, 16);
    check(pl::allclose(y, wy) && pl::allclose(z, wz), "pl::scope and pl::no_dep");
  }
  {
    X y, z;
    submitted(x, a, y, z);
    std::vector<double> wy = zero, wz = zero;
    for (int b = 0; b < 4; ++b) {
      scaleRef(wy, b * 8, 2 * b - 3);
      negateRef(wy, wz, b * 8);
    }
    check(pl::allclose(y, wy) && pl::allclose(z, wz), "pl::submit in a manual scope");
  }
  for (pl::Index n : {0, 1, 4}) {
    X y, z;
    submittedCarried(x, a, n, y, z);
    std::vector<double> wy = zero, wz = zero;
    for (long i = 0; i < n; ++i) {
      scaleRef(wy, 24, 4 - i);
      negateRef(wy, wz, 24);
    }
    check(pl::allclose(y, wy) && pl::allclose(z, wz), "a submitted reader's id carried");
  }
  for (pl::Index n : {0, 1, 3}) {
    X y(x.to_vector<float>());
    phases(n, y);
    std::vector<double> wy = xs;
    for (long p = 0; p < n; ++p)
      for (int b = 0; b < 4; ++b)
        for (int i = b * 8; i < b * 8 + 8; ++i)
          for (int c = 0; c < 64; ++c)
            wy[i * 64 + c] = static_cast<float>(wy[i * 64 + c] + static_cast<float>(p - 2 * b));
    for (int i = 24; i < 32; ++i)
      for (int c = 0; c < 64; ++c)
        wy[i * 64 + c] = static_cast<float>(wy[i * 64 + c] + 100.0f);
    check(pl::allclose(y, wy), "phases ordered by arrays of task ids");
  }
  for (pl::Index n : {0, 1, 3}) {
    X y, z;
    manualIterations(x, a, n, y, z);
    std::vector<double> wy = zero, wz = zero;
    scaleRef(wy, 0, 1);
    for (long i = 0; i < n; ++i)
      for (long bias : {i - 2, 3 * i - 4})
        for (int k = 0; k < 8 * 64; ++k)
          wy[k] = static_cast<float>(wy[k] + static_cast<float>(bias));
    negateRef(wy, wz, 0);
    check(pl::allclose(y, wy) && pl::allclose(z, wz), "a manual scope per iteration, ids carried");
  }
  std::printf("regress_tasks: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
