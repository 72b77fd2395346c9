// tests/e2e/regress_graph.cpp — Graph functions as a user writes them (issue 14): a graph whose
// kernel scalar is derived from its parameters (hoisted to the call site, converted to fp32),
// called 0, 1 and many times from a loop; two graphs interleaved in one loop (each records once);
// a graph whose tensor arguments are different windows of one tensor on every call; a graph with
// a constant-bound loop of its own; a graph called straight from host code; graphs launched with
// pl::submit: write-after-read between launches ordered by .deps on the previous launch's task
// id (carried through 0, 1 and 4 trips), a hoisted scalar at a submit. Every translated run is
// strict: a hazard fails it (without the .deps the WAR below is one).
#include "report.hpp"

#include <pl/dsl.hpp>

#include <vector>

using X = pl::Tensor<pl::fp32, 32, 64>;
using Blk = pl::Tensor<pl::fp32, 8, 64>;
using XT = pl::Tile<pl::fp32, 32, 64>;
using BT = pl::Tile<pl::fp32, 8, 64>;

/// acc = acc * 0.5 + (2k + 1): the added value is derived from k inside the graph.
PL_FUNCTION(pl::FunctionType::Graph)
void step(pl::InOut<X> acc, pl::Index k) {
  const pl::Scalar<pl::fp32> s = k * 2 + 1;
  pl::at(pl::Level::CORE_GROUP, [&] {
    XT t = pl::load(acc, {0, 0}, {32, 64});
    pl::store(pl::adds(pl::muls(t, 0.5f), s), {0, 0}, acc);
  });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void steps(X x, pl::Index n, pl::Out<X> y) {
  X acc = pl::create_tensor({32, 64}, pl::fp32);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(x, {0, 0}, {32, 64}), {0, 0}, acc); });
  for (auto k : pl::range(n))
    step(acc, k);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(acc, {0, 0}, {32, 64}), {0, 0}, y); });
}

/// a = a + i (the parameter passed on unchanged).
PL_FUNCTION(pl::FunctionType::Graph)
void bump(pl::InOut<X> a, pl::Index i) {
  pl::at(pl::Level::CORE_GROUP,
         [&] { pl::store(pl::adds(pl::load(a, {0, 0}, {32, 64}), i), {0, 0}, a); });
}

/// Block j of b = block j * 0.5 + j, in a loop of the graph's own (its variable is fixed data).
PL_FUNCTION(pl::FunctionType::Graph)
void scaleBlocks(pl::InOut<X> b) {
  for (auto j : pl::range(4)) {
    pl::at(pl::Level::CORE_GROUP, [&] {
      BT u = pl::load(b, {j * 8, 0}, {8, 64});
      pl::store(pl::adds(pl::muls(u, 0.5f), j), {j * 8, 0}, b);
    });
  }
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void interleaved(X x, pl::Out<X> a, pl::Out<X> b) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::store(pl::load(x, {0, 0}, {32, 64}), {0, 0}, a);
    pl::store(pl::muls(pl::load(x, {0, 0}, {32, 64}), 3.0f), {0, 0}, b);
  });
  for (auto i : pl::range(3)) {
    bump(a, i);
    scaleBlocks(b);
  }
}

/// acc = acc + 2 * xin: called on a different window of x each time.
PL_FUNCTION(pl::FunctionType::Graph)
void accumulate(Blk xin, pl::InOut<Blk> acc) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    BT t = pl::load(xin, {0, 0}, {8, 64});
    BT u = pl::load(acc, {0, 0}, {8, 64});
    pl::store(pl::add(pl::muls(t, 2.0f), u), {0, 0}, acc);
  });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void windows(X x, pl::Out<Blk> acc) {
  pl::at(pl::Level::CORE_GROUP,
         [&] { pl::store(pl::muls(pl::load(x, {0, 0}, {8, 64}), 0.0f), {0, 0}, acc); });
  for (auto r : pl::range(4)) {
    Blk w = pl::slice(x, {8, 64}, {r * 8, 0});
    accumulate(w, acc);
  }
}

/// b = 2a and c = a + 1: two tasks that both read a.
PL_FUNCTION(pl::FunctionType::Graph)
void fork2(X a, pl::Out<X> b, pl::Out<X> c) {
  pl::at(pl::Level::CORE_GROUP,
         [&] { pl::store(pl::muls(pl::load(a, {0, 0}, {32, 64}), 2.0f), {0, 0}, b); });
  pl::at(pl::Level::CORE_GROUP,
         [&] { pl::store(pl::adds(pl::load(a, {0, 0}, {32, 64}), 1.0f), {0, 0}, c); });
}

/// Each trip launches fork2 twice, the second writing `a`, which the first launch's second task
/// reads: ordered by .deps on the previous launch's id (carried across trips too).
PL_FUNCTION(pl::FunctionType::Orchestration)
void pingpong(X x, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  X a = pl::create_tensor({32, 64}, pl::fp32);
  X b = pl::create_tensor({32, 64}, pl::fp32);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(x, {0, 0}, {32, 64}), {0, 0}, a); });
  pl::TaskId prev{};
  for ([[maybe_unused]] auto k : pl::range(n)) {
    prev = pl::submit({.deps = {prev}}, fork2, a, b, y);
    prev = pl::submit({.deps = {prev}}, fork2, b, a, z);
  }
}

/// steps() with each graph launched by pl::submit (its derived scalar hoisted at the submit).
PL_FUNCTION(pl::FunctionType::Orchestration)
void submittedSteps(X x, pl::Index n, pl::Out<X> y) {
  X acc = pl::create_tensor({32, 64}, pl::fp32);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(x, {0, 0}, {32, 64}), {0, 0}, acc); });
  for (auto k : pl::range(n))
    pl::submit(step, acc, k);
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(acc, {0, 0}, {32, 64}), {0, 0}, y); });
}

int main() {
  e2e::Report report("regress_graph");
  const std::vector<double> xs = X(pl::random_vector(32 * 64, 21, -1, 1)).to_vector<double>();
  X x(pl::random_vector(32 * 64, 21, -1, 1));
  for (pl::Index n : {0, 1, 5}) {
    X y;
    steps(x, n, y);
    std::vector<double> want = xs;
    for (long k = 0; k < n; ++k)
      for (double &v : want)
        v = static_cast<float>(static_cast<float>(v * 0.5) + static_cast<float>(2 * k + 1));
    report.close("a derived scalar hoisted, " + std::to_string(n) + " calls", y, want,
                 {.rtol = 1e-5, .atol = 1e-6});
    X ys;
    submittedSteps(x, n, ys);
    report.close("a derived scalar hoisted at a submit, " + std::to_string(n) + " launches", ys,
                 want, {.rtol = 1e-5, .atol = 1e-6});
  }
  for (pl::Index n : {0, 1, 4}) {
    X y(pl::random_vector(32 * 64, 24)), z(pl::random_vector(32 * 64, 25));
    std::vector<double> a = xs, wy = y.to_vector<double>(), wz = z.to_vector<double>();
    pingpong(x, n, y, z);
    for (long k = 0; k < n; ++k)
      for (std::size_t e = 0; e < a.size(); ++e) {
        const double b = static_cast<float>(a[e] * 2.0);
        wy[e] = static_cast<float>(a[e] + 1.0);
        wz[e] = static_cast<float>(b + 1.0);
        a[e] = static_cast<float>(b * 2.0);
      }
    report.close("write-after-read between launches ordered by .deps, " + std::to_string(n) +
                     " trips (y)",
                 y, wy, {.rtol = 1e-5, .atol = 1e-6});
    report.close("write-after-read between launches ordered by .deps, " + std::to_string(n) +
                     " trips (z)",
                 z, wz, {.rtol = 1e-5, .atol = 1e-6});
  }
  {
    X a, b;
    interleaved(x, a, b);
    std::vector<double> wa = xs, wb = xs;
    for (double &v : wb)
      v = static_cast<float>(v * 3.0);
    for (int i = 0; i < 3; ++i)
      for (std::size_t e = 0; e < xs.size(); ++e) {
        wa[e] = static_cast<float>(wa[e] + i);
        wb[e] =
            static_cast<float>(static_cast<float>(wb[e] * 0.5) + static_cast<double>(e / (8 * 64)));
      }
    report.close("two graphs interleaved (a)", a, wa, {.rtol = 1e-5, .atol = 1e-6});
    report.close("two graphs interleaved (b)", b, wb, {.rtol = 1e-4, .atol = 1e-6});
  }
  {
    Blk acc;
    windows(x, acc);
    std::vector<double> want(8 * 64, 0.0);
    for (int r = 0; r < 4; ++r)
      for (int e = 0; e < 8 * 64; ++e)
        want[static_cast<std::size_t>(e)] = static_cast<float>(
            static_cast<float>(2.0 * xs[static_cast<std::size_t>(r * 8 * 64 + e)]) +
            want[static_cast<std::size_t>(e)]);
    report.close("argument windows differ per call", acc, want, {.rtol = 1e-5, .atol = 1e-6});
  }
  {
    Blk xin(pl::random_vector(8 * 64, 22)), acc(pl::random_vector(8 * 64, 23));
    const std::vector<double> xv = xin.to_vector<double>(), av = acc.to_vector<double>();
    accumulate(xin, acc);
    std::vector<double> want(xv.size());
    for (std::size_t e = 0; e < xv.size(); ++e)
      want[e] = static_cast<float>(static_cast<float>(2.0 * xv[e]) + av[e]);
    report.close("a graph called from host code", acc, want, {.rtol = 1e-5, .atol = 1e-6});
  }
  return report.exitCode();
}
