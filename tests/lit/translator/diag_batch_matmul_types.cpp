// pl::batch_matmul takes [B, M, K] and [B, K, N] tensors with equal batch counts (no
// broadcasting), as the eager run: other operands are errors at the user's line.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using S2 = pl::Tensor<pl::fp32, 16, 16>;
using S3 = pl::Tensor<pl::fp32, 2, 16, 16>;
using T3 = pl::Tensor<pl::fp32, 3, 16, 16>;
using B1 = pl::Tensor<pl::fp32, 1, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void rank2(S2 a, S2 b, pl::Out<S3> c) {
  c = pl::batch_matmul(a, b); // expected-error {{'tensor.batch_matmul' needs [B, M, K] and [B, K, N] operands (rank 3), got [16, 16] and [16, 16] [T110]}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void batchesDiffer(S3 a, T3 b, pl::Out<S3> c) {
  c = pl::batch_matmul(a, b); // expected-error {{batch dims of 'tensor.batch_matmul' differ: lhs [2, 16, 16] and rhs [3, 16, 16]; expected [B, M, K] x [B, K, N] (the batch dim does not broadcast) [T109]}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void batchOfOne(B1 a, S3 b, pl::Out<S3> c) {
  c = pl::batch_matmul(a, b); // expected-error {{batch dims of 'tensor.batch_matmul' differ: lhs [1, 16, 16] and rhs [2, 16, 16]}}
}
