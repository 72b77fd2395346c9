// An orchestration's pl::read is printed as a direct read of the tensor's memory, for element
// types C++ has (integers, bool, fp32); another dtype is an error at the read (ES003).
// RUN: not %pl-translate %s -o %t.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using H = pl::Tensor<pl::fp16, 4>;

PL_FUNCTION(pl::FunctionType::InCore)
void bump(pl::InOut<X> y) { pl::store(pl::adds(pl::load(y, {0, 0}, {16, 64}), 1.0f), {0, 0}, y); }

PL_FUNCTION(pl::FunctionType::Orchestration)
void halfCount(H h, pl::InOut<X> y) {
  const float k = pl::read(h, {0}); // expected-error {{the orchestration reads one element of a tensor of integers, bool or fp32 with one index per dim; found 'h' of type 'Tensor<fp16, 4>'}}
  for (auto i : pl::range(static_cast<pl::Index>(k))) {
    (void)i;
    bump(y);
  }
}
