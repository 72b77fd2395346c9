// tests/e2e/regress_spmd.cpp — pl::spmd launches (docs/dsl.md §1): every block runs the kernel with
// its own pl::get_block_idx() / get_block_num(); constant and run-time block counts, two kernels in
// one launch, a launch whose task id orders a later scope, launches in an orchestration loop, a
// count below 1 (an error in both runs), and tile work written straight in the body (outlined to a
// kernel launched once per block).
#include <pl/dsl.hpp>
#include <cstdio>
#include <stdexcept>
#include <vector>
using X = pl::Tensor<pl::fp32, 16, 64>;

/// Block b writes rows [4b, 4b + 4): x * 2 + b + 100 * block_num.
PL_FUNCTION(pl::FunctionType::InCore)
void rows(X x, pl::Out<X> y) {
  pl::Index b = pl::get_block_idx();
  auto t = pl::load(x, {b * 4, 0}, {4, 64});
  pl::Scalar<pl::fp32> tag = b + 100 * pl::get_block_num();
  pl::store(pl::adds(pl::muls(t, 2.0f), tag), {b * 4, 0}, y);
}

/// Block b negates rows [4b, 4b + 4) of y into z (reads what `rows` wrote).
PL_FUNCTION(pl::FunctionType::InCore)
void negate(X y, pl::Index bias, pl::Out<X> z) {
  pl::Index b = pl::get_block_idx();
  pl::store(pl::adds(pl::neg(pl::load(y, {b * 4, 0}, {4, 64})), bias), {b * 4, 0}, z);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void four(X x, pl::Out<X> y) {
  pl::spmd(4, [&] { rows(x, y); });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void dynamic(X x, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  pl::spmd(n, [&] {
    rows(x, y);
    negate(y, n, z);
  });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void ordered(X x, pl::Out<X> y, pl::Out<X> z) {
  pl::TaskId t = pl::spmd(2, [&] { rows(x, y); });
  pl::at({.deps = {t}}, [&] { pl::store(pl::load(y, {0, 0}, {16, 64}), {0, 0}, z); });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void looped(X x, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  // Iteration i + 1's `rows` overwrites the y that iteration i's `negate` reads (a WAR hazard the
  // runtime does not track): the reader's task id is carried into the next iteration.
  pl::TaskId read{};
  for (auto i : pl::range(n)) {
    pl::spmd(i + 1, {.deps = {read}}, [&] { rows(x, y); });
    read = pl::spmd(2, [&] { negate(y, i, z); });
  }
}

/// Tile work written straight in the spmd body (no kernel of its own): block b of n scales rows
/// [6b, 6b + 6) of x by -(b + 1) and adds get_block_num() (the third block's window is ragged:
/// rows 12..15); a second launch, ordered by the first's task id, negates y into z.
PL_FUNCTION(pl::FunctionType::Orchestration)
void inline_body(X x, pl::Index n, pl::Out<X> y, pl::Out<X> z) {
  pl::TaskId t = pl::spmd(n, [&] {
    pl::Index b = pl::get_block_idx();
    auto w = pl::load(x, {b * 6, 0}, {6, 64});
    pl::Scalar<pl::fp32> s = -(b + 1);
    pl::Scalar<pl::fp32> num = pl::get_block_num();
    pl::store(pl::adds(pl::muls(w, s), num), {b * 6, 0}, y);
  });
  pl::spmd(2, {.deps = {t}}, [&] {
    pl::Index b = pl::get_block_idx();
    pl::store(pl::neg(pl::load(y, {b * 8, 0}, {8, 64})), {b * 8, 0}, z);
  });
}

namespace {
int failures = 0;
std::vector<double> in;

/// Rows written by `rows` launched on `num` blocks (rows of blocks >= num stay `rest`).
std::vector<double> rowsRef(int num, const std::vector<double>& rest) {
  std::vector<double> w = rest;
  for (int r = 0; r < 16; ++r)
    if (r / 4 < num)
      for (int c = 0; c < 64; ++c) w[r * 64 + c] = static_cast<float>(in[r * 64 + c] * 2.0f + (r / 4 + 100 * num));
  return w;
}
std::vector<double> negateRef(int num, const std::vector<double>& y, long bias, const std::vector<double>& rest) {
  std::vector<double> w = rest;
  for (int r = 0; r < 16; ++r)
    if (r / 4 < num)
      for (int c = 0; c < 64; ++c) w[r * 64 + c] = static_cast<float>(-y[r * 64 + c] + static_cast<float>(bias));
  return w;
}
void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    ++failures;
  }
}
}  // namespace

int main() {
  X x(pl::random_vector(16 * 64, 7));
  in = x.to_vector<double>();
  const std::vector<double> zero(16 * 64, 0.0);
  {
    X y;
    four(x, y);
    check(pl::allclose(y, rowsRef(4, zero)), "four blocks");
  }
  for (pl::Index n : {1, 3, 4}) {
    X y, z;
    dynamic(x, n, y, z);
    std::vector<double> wy = rowsRef(static_cast<int>(n), zero);
    check(pl::allclose(y, wy), "run-time block count: rows");
    check(pl::allclose(z, negateRef(static_cast<int>(n), wy, n, zero)), "run-time block count: negate");
  }
  {
    X y, z;
    ordered(x, y, z);
    std::vector<double> wy = rowsRef(2, zero);
    check(pl::allclose(y, wy) && pl::allclose(z, wy), "task id of a launch orders the next scope");
  }
  for (pl::Index n : {0, 1, 3}) {
    X y, z;
    looped(x, n, y, z);
    std::vector<double> wy = zero, wz = zero;
    for (long i = 0; i < n; ++i) {
      wy = rowsRef(static_cast<int>(i + 1), wy);
      wz = negateRef(2, wy, i, wz);
    }
    check(pl::allclose(y, wy) && pl::allclose(z, wz), "launches in a loop");
  }
  for (pl::Index n : {1, 3}) {
    X y, z;
    inline_body(x, n, y, z);
    std::vector<double> wy = zero, wz(16 * 64);
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 64; ++c) {
        if (r / 6 < n)
          wy[r * 64 + c] = static_cast<float>(static_cast<float>(in[r * 64 + c]) * -(r / 6 + 1.0f) +
                                              static_cast<float>(n));
        wz[r * 64 + c] = -wy[r * 64 + c];
      }
    check(pl::allclose(y, wy) && pl::allclose(z, wz), "tile work in the spmd body");
  }
  for (pl::Index n : {0, -2}) {
    X y, z;
    bool threw = false;
    try {
      dynamic(x, n, y, z);
    } catch (const std::exception& e) {
      threw = std::string(e.what()).find("core_num must be >= 1") != std::string::npos;
      if (!threw) std::printf("unexpected error: %s\n", e.what());
    }
    check(threw, "a block count below 1 is an error");
  }
  std::printf("regress_spmd: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
