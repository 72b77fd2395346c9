// LowerOrchestrationAssembles: a tensor copy at orchestration level the generated copy kernel
// cannot make (a rank other than 1 and 2) is an error at the user's line (OA001).
// RUN: not %pl-translate %s -o %t.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using C = pl::Tensor<pl::fp32, 2, 16, 64>;

PL_FUNCTION(pl::FunctionType::Orchestration)
void cube(C x, pl::Out<C> y) {
  y = x; // expected-error {{copying 'x' (rank 3) into 'y' at orchestration level: the generated copy kernel copies rank-1 and rank-2 tensors only; expected one of those (or write the copy in a pl::at scope)}}
}
