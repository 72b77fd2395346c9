// A marked function that calls itself, directly or through other marked functions, is F325 at
// the call that closes the cycle (before, a recursive kernel reached the emitter: ES004 "run
// DCE", a recursive orchestration "not an AIV, AIC or Group kernel"). Nothing is written.
// RUN: rm -f %t.pl.cpp
// RUN: not %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not test -e %t.pl.cpp
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void kernel(T a, pl::Out<T> c) {
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
  kernel(a, c); // expected-error {{'kernel' calls itself; marked functions cannot recurse (kernels and orchestrations run as tasks without a call stack, PL_INLINE helpers are spliced into their callers): write the repetition as a loop (pl::range or pl::while_) [F325]}}
}

PL_FUNCTION(pl::FunctionType::Orchestration) void pong(T a, pl::Out<T> c, int n);
PL_FUNCTION(pl::FunctionType::Orchestration)
void ping(T a, pl::Out<T> c, int n) {
  if (n > 0)
    pong(a, c, n - 1);
}
PL_FUNCTION(pl::FunctionType::Orchestration)
void pong(T a, pl::Out<T> c, int n) {
  ping(a, c, n); // expected-error {{recursive calls 'ping' -> 'pong' -> 'ping'; marked functions cannot recurse}}
}
