// tests/e2e/regress_carries.cpp — carried values that trade places (issue 11, item 1): swaps,
// Fibonacci updates, rotations, if / if_ / while_ swaps, an init still read after its loop, an
// accumulator updated in one branch, and zero-trip loops, for tiles and scalars, in kernels and in
// orchestration, in natural C++ rebinding and in the explicit forms. A yield is a parallel copy;
// the translated run must agree with the eager one (every case runs with 3 and with 0 trips).
#include <pl/dsl.hpp>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "report.hpp"

using X = pl::Tensor<pl::fp32, 16, 16>;
using T = pl::Tile<pl::fp32, 16, 16>;

// ---- kernels: tiles ----------------------------------------------------------------------------

PL_FUNCTION(pl::FunctionType::InCore)
void tile_swap_natural(X x, X y, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  T a = pl::load(x, {0, 0}, {16, 16});
  T b = pl::load(y, {0, 0}, {16, 16});
  for (auto i : pl::range(n)) {
    (void)i;
    T t = a;
    a = b;
    b = t;
  }
  pl::store(a, {0, 0}, o1);
  pl::store(b, {0, 0}, o2);
}

PL_FUNCTION(pl::FunctionType::InCore)
void tile_fib_natural(X x, X y, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  T a = pl::load(x, {0, 0}, {16, 16});
  T b = pl::load(y, {0, 0}, {16, 16});
  for (auto i : pl::range(n)) {
    (void)i;
    T c = pl::add(a, b);
    a = b;
    b = c;
  }
  pl::store(a, {0, 0}, o1);
  pl::store(b, {0, 0}, o2);
}

PL_FUNCTION(pl::FunctionType::InCore)
void tile_rot3_explicit(X x, X y, X z, pl::Index n, pl::Out<X> o1, pl::Out<X> o2, pl::Out<X> o3) {
  T a0 = pl::load(x, {0, 0}, {16, 16});
  T b0 = pl::load(y, {0, 0}, {16, 16});
  T c0 = pl::load(z, {0, 0}, {16, 16});
  auto [a, b, c] = pl::range(n, pl::init_values(a0, b0, c0),
                             [&](pl::Index i, T ai, T bi, T ci) {
                               (void)i;
                               return pl::yield_(bi, ci, ai);
                             });
  pl::store(a, {0, 0}, o1);
  pl::store(b, {0, 0}, o2);
  pl::store(c, {0, 0}, o3);
}

PL_FUNCTION(pl::FunctionType::InCore)
void tile_if_swap_explicit(X x, X y, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  T a = pl::load(x, {0, 0}, {16, 16});
  T b = pl::load(y, {0, 0}, {16, 16});
  auto [p, q] = pl::if_(n > 1, [&] { return pl::yield_(a, b); }, [&] { return pl::yield_(b, a); });
  pl::store(p, {0, 0}, o1);
  pl::store(q, {0, 0}, o2);
}

PL_FUNCTION(pl::FunctionType::InCore)
void tile_if_swap_natural(X x, X y, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  T a = pl::load(x, {0, 0}, {16, 16});
  T b = pl::load(y, {0, 0}, {16, 16});
  for (auto i : pl::range(n)) {
    if (i != 1) {
      T t = a;
      a = b;
      b = t;
    } else {
      a = pl::adds(a, 1.0f);
    }
  }
  pl::store(a, {0, 0}, o1);
  pl::store(b, {0, 0}, o2);
}

PL_FUNCTION(pl::FunctionType::InCore)
void tile_while_swap(X x, X y, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  T a0 = pl::load(x, {0, 0}, {16, 16});
  T b0 = pl::load(y, {0, 0}, {16, 16});
  auto [a, b, k] = pl::while_(pl::init_values(a0, b0, pl::Index(0)), [&](T ai, T bi, pl::Index ki) {
    pl::cond(ki < n);
    return pl::yield_(bi, ai, ki + 1);
  });
  (void)k;
  pl::store(a, {0, 0}, o1);
  pl::store(b, {0, 0}, o2);
}

/// A natural while loop with a break (restructured into carried flags) swapping tiles.
PL_FUNCTION(pl::FunctionType::InCore)
void tile_while_natural(X x, X y, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  T a = pl::load(x, {0, 0}, {16, 16});
  T b = pl::load(y, {0, 0}, {16, 16});
  pl::Index k = 0;
  while (k < n) {
    T t = a;
    a = b;
    b = t;
    k = k + 1;
    if (k == 5) break;
  }
  pl::store(a, {0, 0}, o1);
  pl::store(b, {0, 0}, o2);
}

/// The init of a carry is still read after the loop: the loop must not write its buffer.
PL_FUNCTION(pl::FunctionType::InCore)
void tile_init_kept(X x, X y, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  T a = pl::load(x, {0, 0}, {16, 16});
  T b = pl::load(y, {0, 0}, {16, 16});
  T kept = a;
  for (auto i : pl::range(n)) {
    (void)i;
    a = pl::add(a, b);
  }
  pl::store(pl::sub(a, kept), {0, 0}, o1);
  pl::store(kept, {0, 0}, o2);
}

// The carry's buffer is where the branch computes (MaterializeSemanticAliases): the update in one
// branch writes acc in place; the other branch yields acc itself. `old` is read after `acc` is
// updated, so that update may not take acc's buffer (the yield copies instead).
PL_FUNCTION(pl::FunctionType::InCore)
void tile_acc_in_branch(X x, X y, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  T acc = pl::load(x, {0, 0}, {16, 16});
  T b = pl::load(y, {0, 0}, {16, 16});
  T d = pl::muls(b, 0.0f);
  for (auto i : pl::range(n)) {
    if (i != 1)
      acc = pl::add(acc, b);
    T old = d;
    d = pl::adds(d, 1.0f);
    d = pl::add(d, old);
  }
  pl::store(acc, {0, 0}, o1);
  pl::store(d, {0, 0}, o2);
}

// ---- kernels: scalars --------------------------------------------------------------------------

PL_FUNCTION(pl::FunctionType::InCore)
void scalar_fib_explicit(X x, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  auto [p, q] = pl::range(n, pl::init_values(1.0f, 2.0f), [&](pl::Index i, float pi, float qi) {
    (void)i;
    return pl::yield_(qi, pi + qi);
  });
  T t = pl::load(x, {0, 0}, {16, 16});
  pl::store(pl::muls(t, p), {0, 0}, o1);
  pl::store(pl::muls(t, q), {0, 0}, o2);
}

PL_FUNCTION(pl::FunctionType::InCore)
void scalar_rot3_natural(X x, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  float p = 1.0f, q = 2.0f, r = 3.0f;
  for (auto i : pl::range(n)) {
    (void)i;
    float t = p;
    p = q;
    q = r;
    r = t;
  }
  T v = pl::load(x, {0, 0}, {16, 16});
  pl::store(pl::adds(pl::muls(v, p), q * 10.0f + r * 100.0f), {0, 0}, o1);
  auto [s, u] = pl::while_(pl::init_values(p, q), [&](float si, float ui) {
    pl::cond(si < 3.5f);
    return pl::yield_(ui + 2.0f, si);
  });
  pl::store(pl::adds(pl::muls(v, s), u * 10.0f), {0, 0}, o2);
}

// ---- orchestration ------------------------------------------------------------------------------

/// Scalars swapped and rotated in the orchestration, then handed to tasks.
PL_JIT void orch_scalars(X x, pl::Index n, pl::Out<X> o1, pl::Out<X> o2) {
  float p = 1.0f, q = 2.0f;
  for (auto i : pl::range(n)) {
    (void)i;
    float t = p;
    p = q;
    q = t;
  }
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "scale2"}, [&] { o2 = pl::muls(x, p * 10.0f + q); });
  auto [f, g] = pl::range(n, pl::init_values(p, q), [&](pl::Index i, float fi, float gi) {
    (void)i;
    return pl::yield_(gi, fi + gi);
  });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "scale1"}, [&] { o1 = pl::muls(x, f * 10.0f + g); });
}

/// A natural if/else inside an orchestration loop: swap on even steps, accumulate on odd ones.
PL_JIT void orch_if_swap(X x, pl::Index n, pl::Out<X> o1) {
  float p = 1.0f, q = 2.0f;
  for (auto i : pl::range(n)) {
    if (i % 2 == 0) {
      float t = p;
      p = q;
      q = t;
    } else {
      p = p + q;
    }
  }
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "scale"}, [&] { o1 = pl::muls(x, p * 10.0f + q); });
}

/// Ping-pong tensors: each step writes the next buffer from the current one, then they trade
/// places.
PL_JIT void orch_pingpong(X x, pl::Index n, pl::Out<X> out) {
  X cur = pl::create_tensor({16, 16}, pl::fp32);
  X nxt = pl::create_tensor({16, 16}, pl::fp32);
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "init"}, [&] { cur = pl::adds(x, 0.0f); });
  for (auto i : pl::range(n)) {
    (void)i;
    pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "step"}, [&] { nxt = pl::adds(pl::muls(cur, 2.0f), 1.0f); });
    X t = cur;
    cur = nxt;
    nxt = t;
  }
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "final"}, [&] { out = pl::adds(cur, 0.0f); });
}

/// The explicit form: the carries trade places at every yield (the second result is the
/// previous step's value, or the second init after zero trips).
PL_JIT void orch_pingpong_explicit(X x, pl::Index n, pl::Out<X> out, pl::Out<X> prev) {
  X a = pl::create_tensor({16, 16}, pl::fp32);
  X b = pl::create_tensor({16, 16}, pl::fp32);
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "init_a"}, [&] { a = pl::adds(x, 0.0f); });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "init_b"}, [&] { b = pl::adds(x, -1.0f); });
  auto [c, d] = pl::range(n, pl::init_values(a, b), [&](pl::Index i, X cur, X nxt) {
    (void)i;
    pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "step"}, [&] { nxt = pl::adds(pl::muls(cur, 2.0f), 1.0f); });
    return pl::yield_(nxt, cur);
  });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "final_c"}, [&] { out = pl::adds(c, 0.0f); });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "final_d"}, [&] { prev = pl::adds(d, 0.0f); });
}

/// A task with dependencies inside a sequential loop (a submit: InOut by R-seq), updating the
/// same tensor in place every step, with scalars that trade places (p, q) and one from negative
/// intermediates ((i - 3) / 2 truncates toward zero).
PL_JIT void orch_task_swap(X x, pl::Index n, pl::Out<X> out) {
  X acc = pl::create_tensor({16, 16}, pl::fp32);
  pl::TaskId first = pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "init"},
                            [&] { acc = pl::adds(x, 0.0f); });
  float p = 1.0f, q = -2.0f;
  for (auto i : pl::range(n)) {
    float k = (i - 3) / 2 * 1.0f;
    pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "step", .deps = {first}},
           [&] { acc = pl::adds(pl::muls(acc, p), k); });
    float t = p;
    p = q;
    q = t;
  }
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "final", .deps = {first}},
         [&] { out = pl::adds(acc, q); });
}

// ---- references ---------------------------------------------------------------------------------

namespace {
using Vec = std::vector<float>;
Vec affine(const Vec& v, float m, float c) {
  Vec r(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) r[i] = v[i] * m + c;
  return r;
}
Vec sum(const Vec& a, const Vec& b, float s = 1.0f) {
  Vec r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) r[i] = a[i] + s * b[i];
  return r;
}

e2e::Report report("regress_carries");
void check(const std::string &name, const X &actual, const Vec &expected) {
  report.close(name, actual, expected, {.rtol = 1e-5, .atol = 1e-4});
}
/// One output of a case run with n trips: `name` with 3 trips, `name_zero_trip` with 0, then
/// `output` (".b", ".kept", ...) for any output but the first.
void checkTrips(pl::Index n, const std::string &name, const X &actual, const Vec &expected,
                const std::string &output = "") {
  check(name + (n ? "" : "_zero_trip") + output, actual, expected);
}
}  // namespace

int main() {
  const Vec xs = pl::random_vector(256, 31), ys = pl::random_vector(256, 32), zs = pl::random_vector(256, 33);
  X x(xs), y(ys), z(zs);
  for (pl::Index n : {pl::Index(3), pl::Index(0)}) {
    const bool odd = n % 2 == 1;
    // Two tiles that trade places every trip: swapped after an odd number of trips.
    for (auto [name, kernel] : {std::pair{"tile_swap_natural", &tile_swap_natural},
                                std::pair{"tile_while_swap", &tile_while_swap},
                                std::pair{"tile_while_natural", &tile_while_natural}}) {
      X o1, o2;
      kernel(x, y, n, o1, o2);
      checkTrips(n, name, o1, odd ? ys : xs);
      checkTrips(n, name, o2, odd ? xs : ys, ".b");
    }
    {
      Vec a = xs, b = ys;
      for (pl::Index i = 0; i < n; ++i) { Vec c = sum(a, b); a = b; b = c; }
      X o1, o2;
      tile_fib_natural(x, y, n, o1, o2);
      checkTrips(n, "tile_fib_natural", o1, a);
      checkTrips(n, "tile_fib_natural", o2, b, ".b");
    }
    {
      X o1, o2, o3;  // 3 trips rotate back to the start, as do 0
      tile_rot3_explicit(x, y, z, n == 3 ? 4 : 0, o1, o2, o3);
      checkTrips(n, "tile_rot3_explicit", o1, n ? ys : xs);
      checkTrips(n, "tile_rot3_explicit", o2, n ? zs : ys, ".b");
      checkTrips(n, "tile_rot3_explicit", o3, n ? xs : zs, ".c");
    }
    {
      X o1, o2;
      tile_if_swap_explicit(x, y, n, o1, o2);
      check(n ? "tile_if_swap_explicit.then" : "tile_if_swap_explicit.else", o1, n > 1 ? xs : ys);
      check(n ? "tile_if_swap_explicit.then.b" : "tile_if_swap_explicit.else.b", o2, n > 1 ? ys : xs);
    }
    {
      Vec a = xs, b = ys;
      for (pl::Index i = 0; i < n; ++i) {
        if (i != 1) std::swap(a, b);
        else a = affine(a, 1.0f, 1.0f);
      }
      X o1, o2;
      tile_if_swap_natural(x, y, n, o1, o2);
      checkTrips(n, "tile_if_swap_natural", o1, a);
      checkTrips(n, "tile_if_swap_natural", o2, b, ".b");
    }
    {
      Vec acc = xs, d(256, 0.0f);
      for (pl::Index i = 0; i < n; ++i) {
        if (i != 1)
          acc = sum(acc, ys);
        d = affine(d, 2.0f, 1.0f);
      }
      X o1, o2;
      tile_acc_in_branch(x, y, n, o1, o2);
      checkTrips(n, "tile_acc_in_branch", o1, acc);
      checkTrips(n, "tile_acc_in_branch", o2, d, ".d");
    }
    {
      X o1, o2;
      tile_init_kept(x, y, n, o1, o2);
      Vec d(256, 0.0f);
      for (pl::Index i = 0; i < n; ++i) d = sum(d, ys);
      checkTrips(n, "tile_init_kept", o1, d);
      checkTrips(n, "tile_init_kept", o2, xs, ".kept");
    }
    {
      float p = 1, q = 2;
      for (pl::Index i = 0; i < n; ++i) { float t = p + q; p = q; q = t; }
      X o1, o2;
      scalar_fib_explicit(x, n, o1, o2);
      checkTrips(n, "scalar_fib_explicit", o1, affine(xs, p, 0));
      checkTrips(n, "scalar_fib_explicit", o2, affine(xs, q, 0), ".q");
    }
    {
      float p = 1, q = 2, r = 3;
      for (pl::Index i = 0; i < n; ++i) { float t = p; p = q; q = r; r = t; }
      float s = p, u = q;
      while (s < 3.5f) { float t = u + 2.0f; u = s; s = t; }
      X o1, o2;
      scalar_rot3_natural(x, n, o1, o2);
      checkTrips(n, "scalar_rot3_natural", o1, affine(xs, p, q * 10 + r * 100));
      check(n ? "scalar_while_swap" : "scalar_while_swap_from_init", o2, affine(xs, s, u * 10));
    }
    {
      float p = 1, q = 2;
      for (pl::Index i = 0; i < n; ++i) std::swap(p, q);
      float f = p, g = q;
      for (pl::Index i = 0; i < n; ++i) { float t = f + g; f = g; g = t; }
      X o1, o2;
      orch_scalars(x, n, o1, o2);
      checkTrips(n, "orch_scalars", o1, affine(xs, f * 10 + g, 0), ".fib");
      checkTrips(n, "orch_scalars", o2, affine(xs, p * 10 + q, 0), ".swap");
    }
    {
      float p = 1, q = 2;
      for (pl::Index i = 0; i < n; ++i) {
        if (i % 2 == 0) std::swap(p, q);
        else p = p + q;
      }
      X o1;
      orch_if_swap(x, n, o1);
      checkTrips(n, "orch_if_swap", o1, affine(xs, p * 10 + q, 0));
    }
    {
      Vec c = xs;
      for (pl::Index i = 0; i < n; ++i) c = affine(c, 2.0f, 1.0f);
      X out;
      orch_pingpong(x, n, out);
      checkTrips(n, "orch_pingpong", out, c);
    }
    {
      Vec c = xs, d = affine(xs, 1.0f, -1.0f);
      for (pl::Index i = 0; i < n; ++i) { d = c; c = affine(c, 2.0f, 1.0f); }
      X out, prev;
      orch_pingpong_explicit(x, n, out, prev);
      checkTrips(n, "orch_pingpong_explicit", out, c);
      checkTrips(n, "orch_pingpong_explicit", prev, d, ".prev");
    }
    {
      Vec c = xs;
      float p = 1.0f, q = -2.0f;
      for (pl::Index i = 0; i < n; ++i) {
        c = affine(c, p, static_cast<float>((i - 3) / 2));
        std::swap(p, q);
      }
      c = affine(c, 1.0f, q);
      X out;
      orch_task_swap(x, n, out);
      checkTrips(n, "orch_task_swap", out, c);
    }
  }
  return report.exitCode();
}
