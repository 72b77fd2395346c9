// CheckTaskHazards TH004: an orchestration's pl::read reads the tensor's memory directly (the
// runtime does not wait for tasks), so reading a tensor a task of the orchestration writes is an
// error at the read, with a note at the writer; reading a parameter no task writes is fine.
// RUN: not %pl-translate %s -o %t.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using N = pl::Tensor<pl::i32, 4>;

PL_FUNCTION(pl::FunctionType::InCore)
void bump(pl::InOut<X> y) { pl::store(pl::adds(pl::load(y, {0, 0}, {16, 64}), 1.0f), {0, 0}, y); }

PL_FUNCTION(pl::FunctionType::InCore)
void fill(X x, pl::Out<N> n) {
  (void)x;
  pl::write(n, {0}, pl::Scalar<pl::i32>(2));
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void fine(N n, pl::InOut<X> y) {
  for (auto i : pl::range(pl::read(n, {1}))) {
    (void)i;
    bump(y);
  }
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void raced(X x, pl::Out<N> n, pl::InOut<X> y) {
  fill(x, n); // expected-note {{'fill' writes it here}}
  for (auto i : pl::range(pl::read(n, {0}))) { // expected-error {{'pl::read' of 'n' in orchestration 'raced' reads the tensor's memory directly (the runtime does not wait for tasks), but task 'fill' writes it; read it in a kernel, or read a tensor no task writes}}
    (void)i;
    bump(y);
  }
}
