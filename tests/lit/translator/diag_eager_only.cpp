// The constructs docs/dsl.md lists as "eager only" run in the eager reference but have no IR form
// yet: the translator rejects each at the user's line with the code the docs name, never
// silently (issue 11). When one of them gains a lowering, this test fails and the docs row must
// change with it.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void valid_shape(X x, pl::Out<X> o) {
  pl::Tile<pl::fp32, 16, 16> t = pl::load(x, {0, 0}, {16, 16});
  // Translated since issue 34 (tile.set_validshape); a constant valid shape past the tile is
  // the eager run's error too, here at the user's line.
  auto u = pl::set_validshape(t, 8, 17); // expected-error {{'tile.set_validshape': valid columns 17 do not fit the tile's [16, 16] [T106]}}
  pl::store(u, {0, 0}, o);
}

// A tile slice with its own valid shape translates (tile.slice {valid_shape}); a tensor has no
// valid shape, and the eager run rejects the tensor form with the same code.
PL_FUNCTION(pl::FunctionType::Opaque)
void slice_valid(X x, pl::Out<X> o) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    auto s = pl::slice(x, {8, 16}, {0, 0}, {.valid_shape = {4, 16}}); // expected-error {{kwarg 'valid_shape' of 'tensor.slice': a tensor has no valid shape (the eager run rejects it too)}}
    pl::assemble(o, s, {0, 0});
  });
}

PL_FUNCTION(pl::FunctionType::InCore)
void slice_tile_valid(X x, pl::Out<X> o) {
  pl::Tile<pl::fp32, 16, 16> t = pl::load(x, {0, 0}, {16, 16});
  auto s = pl::slice(t, {8, 16}, {0, 0}, {.valid_shape = {9, 16}}); // expected-error {{'tile.slice': valid rows 9 do not fit the window [8, 16] [T106]}}
  pl::store(s, {0, 0}, o);
}
