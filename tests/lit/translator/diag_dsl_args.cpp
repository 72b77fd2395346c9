// DSL op arguments the IR needs at translate time: pl::lrelu's slope is the op's constant
// `slope` kwarg, so a run-time slope is a located error (F323); nothing is printed.
// RUN: not %pl-translate %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::AIV)
void leaky(T a, float s, pl::Out<T> c) {
  auto t = pl::load(a, {0, 0}, {16, 16});
  pl::store(pl::lrelu(t, 0.25f), {0, 0}, c);
  pl::store(pl::lrelu(t, s), {0, 0}, c); // expected-error {{the slope of pl::lrelu must be a compile-time constant}}
}
