// pl::batch_matmul in a kernel becomes one matmul per batch (FlattenTileNdTo2D unrolls it over
// the batch count, docs/passes.md): what it cannot unroll is an error at the user's line — a
// batch count that is not a constant (FT003) and a result used other than by a store into a
// rank-3 tensor (FT001); nothing is written. Operand shapes: diag_batch_matmul_types.cpp.
// RUN: rm -f %t.pl.cpp
// RUN: not %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not test -e %t.pl.cpp
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using D3 = pl::Tensor<pl::fp32, pl::dyn, 16, 16>;
using S3 = pl::Tensor<pl::fp32, 2, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void dynamicBatches(D3 a, D3 b, pl::Out<D3> c) {
  c = pl::batch_matmul(a, b); // expected-error {{'tile.batch_matmul' of [dyn, 16, 16] x [dyn, 16, 16] needs a constant B (the batch count) >= 1, got 'dyn': FlattenTileNdTo2D unrolls it into one [M, K] x [K, N] matmul per batch with static tiles; give the tensor a static shape, or loop over the batches with pl::matmul on [1, M, K] / [1, K, N] windows [FT003]}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void notStored(S3 a, S3 b, pl::Out<S3> c) {
  auto p = pl::batch_matmul(a, b); // expected-error {{the result 'p' of 'tile.batch_matmul' is used other than by a tile.store: FlattenTileNdTo2D makes it one [M, N] Acc tile per batch, which only a store into a rank-3 tensor (one [1, M, N] window per batch) can take; store it, then load what you need [FT001]}}
  c = pl::exp(p); // expected-error {{'tile.store' of a tile of shape [2, 16, 16]: its rows come from more than one index of the leading dims}}
}
