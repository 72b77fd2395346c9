// A size that is a variable folding to a constant <= 0 is an error at the user's line (V112,
// TypeChecked's check after the pass that folded it: here Simplify), at every verify level;
// it was "run pass FlattenTileNdTo2D" at emit (default) and an internal compiler error in
// 'simplify' with exit 1 (--verify=roundtrip). Issue 42, item 3.
// RUN: rm -f %t.pl.cpp
// RUN: not %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not %pl-translate --verify=roundtrip %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not test -e %t.pl.cpp
// VERIFY-NOT: {{expected|error}}
// A user error exits 1 (an internal one 2).
// RUN: bash -c '%pl-translate --verify=roundtrip %s -o %t.pl.cpp -- %dsl-flags 2>/dev/null; test $? -eq 1'
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 64, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void zero_rows(T x, pl::Out<T> o) {
  int n = 0;
  auto a = pl::load(x, {0, 0}, {n, 16}); // expected-error {{a size of 'tile.load' is not positive once constants are folded: dim 0 of argument 'shapes' of 'tile.load' is 0; expected a positive size [V112]}}
  pl::store(a, {0, 0}, o);
}

PL_FUNCTION(pl::FunctionType::InCore)
void negative_cols(T x, pl::Out<T> o) {
  int c = 8;
  c -= 24;
  auto a = pl::load(x, {0, 0}, {16, c}); // expected-error {{dim 1 of argument 'shapes' of 'tile.load' is -16; expected a positive size [V112]}}
  pl::store(a, {0, 0}, o);
}
