// tests/e2e/regress_loops.cpp — stores in nested control flow in kernels (issue 11, found by the
// differential fuzzer): a pl::store in a loop inside a loop (two and three deep), and in a while
// loop inside an if after a continue. The Out tensor is carried through every loop and branch and
// must stay a tensor (not become an entry tile load); the translated run must agree with the eager one.
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

#include "report.hpp"

using X = pl::Tensor<pl::fp32, 16, 16>;
using T8 = pl::Tile<pl::fp32, 8, 8>;
using T4 = pl::Tile<pl::fp32, 4, 8>;

/// Each (j, i) block is scaled and stored from the inner loop of two.
PL_FUNCTION(pl::FunctionType::InCore)
void store_nested2(X x, pl::Out<X> o) {
  for (auto j : pl::range(2)) {
    for (auto i : pl::range(2)) {
      T8 t = pl::load(x, {j * 8, i * 8}, {8, 8});
      pl::store(pl::muls(t, 2.0f), {j * 8, i * 8}, o);
    }
  }
}

/// Three loops deep; the innermost rewrites the same block (the last write wins).
PL_FUNCTION(pl::FunctionType::InCore)
void store_nested3(X x, pl::Out<X> o) {
  for (auto j : pl::range(2)) {
    for (auto i : pl::range(2)) {
      for (auto k : pl::range(3)) {
        T8 t = pl::load(x, {j * 8, i * 8}, {8, 8});
        pl::store(pl::adds(t, 1.0f), {j * 8, i * 8}, o);
        (void)k;
      }
    }
  }
}

/// A while loop with a store, in an if, after a continue: row blocks 0 and 2 get x + 1.
PL_FUNCTION(pl::FunctionType::InCore)
void store_while_in_if(X x, pl::Out<X> o) {
  for (auto i : pl::range(4)) {
    if (i == 1) continue;
    if (i != 3) {
      pl::Index k = 0;
      while (k < 2) {
        T4 t = pl::load(x, {i * 4, k * 8}, {4, 8});
        pl::store(pl::adds(t, 1.0f), {i * 4, k * 8}, o);
        k = k + 1;
      }
    }
  }
}

// ---- references ---------------------------------------------------------------------------------

namespace {
using Vec = std::vector<float>;

e2e::Report report("regress_loops");
void check(const char* name, const X& actual, const Vec& expected) {
  report.close(name, actual, expected, {.rtol = 1e-5, .atol = 1e-4});
}
}  // namespace

int main() {
  const Vec xs = pl::random_vector(256, 41);
  X x(xs);
  {
    Vec want(256);
    for (int e = 0; e < 256; ++e) want[e] = xs[e] * 2.0f;
    X o;
    store_nested2(x, o);
    check("store_nested2", o, want);
  }
  {
    Vec want(256);
    for (int e = 0; e < 256; ++e) want[e] = xs[e] + 1.0f;
    X o;
    store_nested3(x, o);
    check("store_nested3", o, want);
  }
  {
    Vec want(256, 0.0f);
    for (int e = 0; e < 256; ++e) {
      const int block = e / 16 / 4;
      if (block == 0 || block == 2) want[e] = xs[e] + 1.0f;
    }
    X o;
    store_while_in_if(x, o);
    check("store_while_in_if", o, want);
  }
  return report.exitCode();
}
