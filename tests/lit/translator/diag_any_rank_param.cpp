// A pl::Tensor without dims (any rank) as a parameter or result of a marked function is rejected
// at its declaration: the IR has no any-rank tensor, and reading it as rank 0 made every load of
// it fail (T110) far from the cause (issue 11). Uses of the parameter do not cascade.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using T = pl::Tile<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void k(pl::Tensor<pl::fp32> x, pl::Out<pl::Tensor<pl::fp32, 16, 16>> o) { // expected-error {{a pl::Tensor without dims (any rank) cannot be a parameter or result of a marked function; declare its dims (pl::dyn for a dynamic one) [F102]}}
  T t = pl::load(x, {0, 0}, {16, 16});
  pl::store(t, {0, 0}, o);
}

PL_FUNCTION(pl::FunctionType::InCore)
void k_out(pl::Tensor<pl::fp32, 16, 16> x, pl::Out<pl::Tensor<pl::fp32>> o) { // expected-error {{a pl::Tensor without dims (any rank) cannot be a parameter or result}}
  T t = pl::load(x, {0, 0}, {16, 16});
  pl::store(t, {0, 0}, o);
}
