// A value that does not fit the C++ type it initialises is rejected at the user's line, as the
// eager run rejects it (pl::Tile / pl::Tensor conversions check dtype, static dims and memory
// space): declarations, assignments, structured bindings, carries, parameters, return values.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

#include <tuple>

using X = pl::Tensor<pl::fp32, 16, 64>;
using T16 = pl::Tile<pl::fp32, 16, 64>;

PL_INLINE T16 takes16(T16 t) { return t; }

PL_INLINE pl::Tile<pl::fp32, 8, 64> returns8(X x) {
  pl::Tile<pl::fp32> t = pl::load(x, {0, 0}, {16, 64});
  return t; // expected-error {{value of type 'Tile<fp32, 16, 64, Vec>' does not match the declared type 'pl::Tile<pl::fp32, 8, 64>' of the return value of 'returns8': shape [16, 64] vs [8, 64] (the eager run rejects it) [F111]}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void shapes(X x, pl::Out<X> y) {
  pl::Index r = 0;
  pl::Tile<pl::fp32, 16, 64> t = pl::load(x, {r, 0}, {8, 64}); // expected-error {{of 't': shape [8, 64] vs [16, 64] (the eager run rejects it) [F111]}}
  // A rank-3 window with a leading 1 is a 2-D tile, as in the eager run (FlattenTileNdTo2D);
  // its declared rows must still match.
  pl::Tensor<pl::fp32, 2, 16, 64> x3;
  pl::Tile<pl::fp32, 16, 64> t3 = pl::load(x3, {1, 0, 0}, {1, 16, 64});
  pl::Tile<pl::fp32, 16, 64> t4 = pl::load(x3, {1, 0, 0}, {1, 8, 64}); // expected-error {{of 't4': shape [8, 64] vs [16, 64] (the eager run rejects it) [F111]}}
  pl::store(t3, {0, 0}, y);
  pl::store(pl::add(t, t), {0, 0}, y); // no cascade: 't' is already explained
  auto d = pl::load(x, {0, 0}, {8, 64});
  T16 u = pl::load(x, {0, 0}, {16, 64});
  u = d;                                // expected-error {{of 'u': shape [8, 64] vs [16, 64]}}
  pl::store(takes16(d), {0, 0}, y);     // expected-error {{of parameter 't' of 'takes16': shape [8, 64] vs [16, 64]}}
  pl::store(returns8(x), {0, 0}, y);
  auto pick = [&](T16 a) { return a; };
  pl::store(pick(d), {0, 0}, y);        // expected-error {{of parameter 'a' of 'pick': shape [8, 64] vs [16, 64]}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void dtypes_and_spaces(X x, pl::Tensor<pl::fp16, 16, 16> h, pl::Out<X> y) {
  auto l = pl::move(pl::load(h, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto rt = pl::move(pl::load(h, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp16, 16, 16> a = pl::matmul(l, rt); // expected-error {{of 'a': dtype fp32 vs fp16 (the eager run rejects it); ask the op for fp16 with its out_dtype option [F110]}}
  pl::Tile<pl::fp32, 16, 64, pl::Mem::Mat> m = pl::load(x, {0, 0}, {16, 64}); // expected-error {{of 'm': memory space Vec vs Mat (the eager run rejects it) [F112]}}
  pl::Tensor<pl::fp32, 8, 64> s = pl::slice(x, {16, 64}, {0, 0}); // expected-error {{of 's': shape [16, 64] vs [8, 64]}}
  pl::Tensor<pl::fp32> any = x;
  pl::Tensor<pl::fp32, 16> r1 = any; // expected-error {{of 'r1': shape [16, 64] vs [16]}}
  (void)a;
  (void)m;
  (void)s;
  (void)r1;
  pl::store(pl::load(x, {0, 0}, {16, 64}), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void carries(X x, pl::Out<X> y) {
  pl::Tile<pl::fp32> t0 = pl::load(x, {0, 0}, {8, 64});
  auto [t] = pl::range(2, pl::init_values(t0), [&](pl::Index, T16 c) { // expected-error {{of carried value 'c': shape [8, 64] vs [16, 64]}}
    return pl::yield_(c);
  });
  T16 full = pl::load(x, {0, 0}, {16, 64});
  auto [w] = pl::range(2, pl::init_values(full), [&](pl::Index, auto c) {
    return pl::yield_(pl::slice(c, {8, 64}, {0, 0})); // expected-error {{of carried value 0: shape [8, 64] vs [16, 64]}}
  });
  pl::Tile<pl::fp32> half = pl::load(x, {8, 0}, {8, 64});
  T16 other = pl::load(x, {0, 0}, {16, 64});
  auto [p, q] = std::tuple<T16, T16>(other, half); // expected-error {{of 'q': shape [8, 64] vs [16, 64]}}
  (void)t;
  (void)w;
  (void)p;
  (void)q;
  pl::store(other, {0, 0}, y);
}
