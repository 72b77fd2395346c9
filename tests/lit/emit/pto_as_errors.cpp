// emit/pto PTO-AS: constructs ptoas has no form for are located errors (exit 1, nothing on
// stdout), never a guess.
// RUN: not %pl-translate --emit=pto-as %s -- %dsl-flags > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck --allow-empty --check-prefix=OUT %s < %t.out
// OUT-NOT: {{.}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 64, 64>;

// CHECK-DAG: pto_as_errors.cpp:[[@LINE+3]]:{{[0-9]+}}: error: PTO-AS needs a for loop with a constant, non-zero step [ES010]
PL_FUNCTION(pl::FunctionType::InCore)
void strided(X x, pl::Scalar<pl::index> step, pl::Out<X> o) {
  for (auto i : pl::range(0, 4, step))
    pl::store(pl::load(x, {i * 16, 0}, {16, 16}), {i * 16, 0}, o);
}

// A transposed matmul operand is loaded transposed (PTO-ISA's DN GlobalTensor into a ZN Mat
// tile): pl prints no DN tensor view for ptoas yet.
using B = pl::Tensor<pl::fp16, 32, 64>;
using C = pl::Tensor<pl::fp32, 64, 32>;
// CHECK-DAG: pto_as_errors.cpp:[[@LINE+3]]:{{[0-9]+}}: error: op 'tile.load' has no PTO-AS form as a transposing load (a DN tensor view, which pl does not print for ptoas yet) [ES010]
PL_FUNCTION(pl::FunctionType::InCore)
void b_transposed(pl::Tensor<pl::fp16, 64, 64> a, B b, pl::Out<C> c) {
  c = pl::matmul(a, b, {.b_trans = true});
}
