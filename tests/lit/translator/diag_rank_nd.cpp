// A tile is 2-D (FlattenTileNdTo2D, docs/passes.md): a row of a rank-1 tensor is a [1, D] tile
// and a [1, R, C] window of a rank-3 tensor an [R, C] tile, as in the eager run; a window whose
// leading dim is not 1 and a tile of more than one row stored into a rank-1 tensor are errors
// at the user's line (the eager run rejects both).
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X3 = pl::Tensor<pl::fp32, 4, 8, 32>;
using V = pl::Tensor<pl::fp32, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void fine(X3 x, V v, pl::Out<X3> y, pl::Out<V> w) {
  pl::Tile<pl::fp32, 8, 32> t = pl::load(x, {1, 0, 0}, {1, 8, 32});
  pl::Tile<pl::fp32, 1, 32> r = pl::load(v, {32}, {32});
  pl::store(t, {2, 0, 0}, y);
  pl::store(r, {0}, w);
}

PL_FUNCTION(pl::FunctionType::InCore)
void twoBatches(X3 x, pl::Out<X3> y) {
  auto t = pl::load(x, {0, 0, 0}, {2, 8, 32}); // expected-error {{'tile.load' of a window [2, 8, 32] of a rank-3 tensor: a tile is 2-D, so every window dim before the last two must be the constant 1 (dim 0 is not); load one [R, C] window per leading index [T110]}}
  pl::store(t, {0, 0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void blockIntoRow(X3 x, pl::Out<V> w) {
  auto t = pl::load(x, {0, 0, 0}, {1, 8, 32});
  pl::store(t, {0}, w); // expected-error {{'tile.store' stores a tile of rank 2 at 1 offsets into a tensor of rank 1; expected at most the tensor rank (a [1, D] tile into a rank-1 tensor) [T110]}}
}
