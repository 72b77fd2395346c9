// Inline functions that call each other are an error naming the cycle (F325, the translator's
// recursion check; IN001 of InlineFunctions for hand-written IR); nothing is written.
// RUN: rm -f %t.pl.cpp
// RUN: not %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not test -e %t.pl.cpp
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using Big = pl::Tensor<pl::fp32, 256, 128>;
using T = pl::Tensor<pl::fp32, 16, 16>;
using Tl = pl::Tile<pl::fp32, 16, 16>;

// Inline functions that call each other forever.
PL_INLINE Tl ping(Tl x, int n);
PL_INLINE Tl pong(Tl x, int n) { return ping(x, n - 1); } // expected-error {{recursive calls 'ping' -> 'pong' -> 'ping'}}
PL_INLINE Tl ping(Tl x, int n) { return pong(x, n - 1); }

PL_FUNCTION(pl::FunctionType::InCore)
void recursive(T a, pl::Out<T> c) {
  pl::store(ping(pl::load(a, {0, 0}, {16, 16}), 3), {0, 0}, c);
}
