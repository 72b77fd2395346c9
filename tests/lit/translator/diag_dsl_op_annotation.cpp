// A DSL call's op comes from the callee's PL_DSL_OP annotation, not its C++ name: a pl::
// function without one (here pl::split, an option value) is a
// located error (F324), and an annotated operation whose C++ name differs from its op
// (pl::and_ -> and, pl::gemv -> matmul) lowers to the annotated op.
// RUN: not %pl-translate %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
// RUN: %pl-translate --emit=ir %s -- %dsl-flags -DPL_VALID_ONLY | FileCheck %s
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::i32, 16, 16>;
using F = pl::Tensor<pl::fp32, 1, 16>;
using W = pl::Tensor<pl::fp32, 16, 16>;

// CHECK-LABEL: InCore ops(
// CHECK: tensor.and(a, b)
// CHECK: tensor.matmul(x, w)
PL_FUNCTION(pl::FunctionType::InCore)
void ops(T a, T b, F x, W w, pl::Out<T> c, pl::Out<F> y) {
  c = pl::and_(a, b);
  y = pl::gemv(x, w);
}

#ifndef PL_VALID_ONLY
PL_FUNCTION(pl::FunctionType::Orchestration)
void bad(T a) {
  auto o = pl::split(pl::SplitMode::UpDown); // expected-error {{'pl::split' is not a DSL operation (it has no PL_DSL_OP annotation); only operations and control-flow forms can be called from a marked function}}
  (void)o;
}
#endif
