// Misuse of the explicit forms and loop kinds that C++ itself accepts: located diagnostics at the
// offending construct. (Misuses the DSL header rejects at compile time with a static_assert, such
// as branches of pl::if_ yielding different types, are pl diagnostics in pl-translate too:
// diag_dsl_rules.cpp.)
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;
using Tl = pl::Tile<pl::fp32, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void stale(T a, pl::Out<T> c) {
  Tl t0 = pl::load(a, {0, 0}, {16, 16});
  auto [acc] = pl::range(2, pl::init_values(t0), [&](pl::Index i, Tl x) {
    (void)i;
    return pl::yield_(x + x);
  });
  pl::store(t0, {0, 0}, c); // expected-warning {{'t0' still holds its value from before the loop it initialised; the loop's result is 'acc'}}
  (void)acc;
}

PL_FUNCTION(pl::FunctionType::InCore)
void pipelined(T a, pl::Out<T> c) {
  for (auto i : pl::pipeline(4, {.stage = 0})) { // expected-error {{pl::pipeline needs a stage count of at least 1}}
    pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
    (void)i;
  }
}

PL_FUNCTION(pl::FunctionType::InCore)
void zero_step(T a, pl::Out<T> c) {
  for (auto i : pl::range(0, 4, 0)) { // expected-error {{loop step must not be zero}}
    pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
    (void)i;
  }
}

PL_FUNCTION(pl::FunctionType::InCore)
void shapes(T a, pl::Out<T> c) {
  pl::Tile<pl::fp32, 16, 8> h = pl::load(a, {0, 0}, {16, 8});
  pl::Tile<pl::fp32, 16, 16> f = pl::load(a, {0, 0}, {16, 16});
  pl::store(pl::add(pl::Tile<pl::fp32>(h), pl::Tile<pl::fp32>(f)), {0, 0}, c); // expected-error {{shape}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void cond_late(T a, pl::Out<T> c) {
  auto [n] = pl::while_(pl::init_values(pl::Index{0}), [&](pl::Index k) {
    pl::Index next = k + 1; // expected-error {{pl::cond(...) must be the first statement of a pl::while_ body; move it first}}
    pl::cond(k < 4);        // expected-note {{pl::cond is here}}
    return pl::yield_(next);
  });
  pl::store(pl::load(a, {n, 0}, {16, 16}), {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
void cond_reads_local(T a, pl::Out<T> c) {
  auto [n] = pl::while_(pl::init_values(pl::Index{0}), [&](pl::Index k) {
    pl::Index next = k + 1; // expected-error {{pl::cond(...) must be the first statement of a pl::while_ body; its condition reads 'next', declared in the body before it: compute the condition from the carried values}}
    pl::cond(next < 4);     // expected-note {{pl::cond is here}}
    return pl::yield_(next);
  });
  pl::store(pl::load(a, {n, 0}, {16, 16}), {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
void cond_missing(T a, pl::Out<T> c) {
  auto [n] = pl::while_(pl::init_values(pl::Index{0}), [&](pl::Index k) {
    return pl::yield_(k + 1); // expected-error {{pl::cond(...) must be the first statement of a pl::while_ body; this body has no pl::cond}}
  });
  pl::store(pl::load(a, {n, 0}, {16, 16}), {0, 0}, c);
}

pl::TaskId lastTask; // not a variable of the marked function: the IR cannot rebind it

PL_FUNCTION(pl::FunctionType::Orchestration)
void task_id_global(T a, pl::Out<T> c) {
  lastTask = pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c); }); // expected-error {{the task id of pl::at can only be assigned to a pl::TaskId variable of the marked function}}
}
