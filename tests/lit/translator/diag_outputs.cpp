// F370: an output parameter the body never writes (the caller's value stays as it was) and an
// in-out one it never uses are warnings at the parameter; writing one any way (pl::store,
// assignment, passing it on to a call) silences it, and a body with errors is not judged.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void forgets(T a, pl::Out<T> c, pl::Out<T> d) { // expected-warning {{output parameter 'd' of 'forgets' is never written: the caller's value is left unchanged; store into it (pl::store(tile, offsets, d)) or make it an input [F370]}}
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
void unused_inout(T a, pl::InOut<T> acc, pl::Out<T> c) { // expected-warning {{in-out parameter 'acc' of 'unused_inout' is never read or written; drop it or make it an input [F370]}}
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
void writes(T a, pl::Out<T> c) {
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void passes_on(T a, pl::Out<T> c, pl::Out<T> d) {
  writes(a, c);
  d = a;
}

PL_FUNCTION(pl::FunctionType::InCore)
void has_errors(T a, pl::Out<T> c, pl::Out<T> d) {
  int *p = nullptr; // expected-error {{pointer or reference variable 'p'}}
  (void)p;
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
}
