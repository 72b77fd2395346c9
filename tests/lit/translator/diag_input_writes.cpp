// F375: a plain tensor parameter is an input: a write into it (pl::store, pl::assemble,
// pl::write, through a copy or a view of it, or by passing it or a view of it to a callee's
// pl::Out / pl::InOut parameter) would change the caller's tensor eagerly and be lost after
// translation, so each write is an error at its line, with a note at the parameter and a fix-it
// declaring the parameter pl::InOut. Out / InOut parameters, local tensors, reads and passing a
// parameter on to a callee's input are fine.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
// The fix-it replaces the parameter's declared type with pl::InOut<type>.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -fdiagnostics-parseable-fixits 2>&1 | FileCheck --check-prefix=FIXIT %s
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;
using W = pl::Tensor<pl::fp32, 32, 16>;
using V = pl::Tensor<pl::fp32, 256>;

// A kernel storing into its plain parameter.
PL_FUNCTION(pl::FunctionType::InCore)
void stores(T a, T x) { // expected-note {{input parameter 'x' is declared here}}
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, x); // expected-error {{'x' is an input parameter of 'stores': pl::store writes into the caller's tensor; only pl::Out / pl::InOut parameters may be written (the translated program would lose the write): declare it pl::InOut<T> [F375]}}
}
// FIXIT: fix-it:"{{.*}}diag_input_writes.cpp":{[[@LINE-3]]:18-[[@LINE-3]]:19}:"pl::InOut<T>"

// pl::assemble and pl::write, with the type spelled out (and const): one error per write.
PL_FUNCTION(pl::FunctionType::Opaque)
void assembles(T a, const pl::Tensor<pl::fp32, 16, 16> x) { // expected-note 2 {{input parameter 'x' is declared here}}
  pl::assemble(x, pl::slice(a, {8, 16}, {0, 0}), {8, 0}); // expected-error {{'x' is an input parameter of 'assembles': pl::assemble writes into the caller's tensor; only pl::Out / pl::InOut parameters may be written (the translated program would lose the write): declare it pl::InOut<pl::Tensor<pl::fp32, 16, 16>> [F375]}}
  pl::write(x, {0, 0}, 1.0f); // expected-error {{'x' is an input parameter of 'assembles': pl::write writes}}
}
// FIXIT: fix-it:"{{.*}}diag_input_writes.cpp":{[[@LINE-4]]:21-[[@LINE-4]]:55}:"pl::InOut<pl::Tensor<pl::fp32, 16, 16>>"

// Through a copy of the handle (declared, or assigned later) and through a view.
PL_FUNCTION(pl::FunctionType::Opaque)
void through(T a, W x) { // expected-note 3 {{input parameter 'x' is declared here}}
  auto y = x;
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, y); // expected-error {{'y' names input parameter 'x' of 'through' (or a view of it): pl::store writes into the caller's tensor}}
  W z = pl::create_tensor({32, 16}, pl::fp32);
  z = x;
  pl::write(z, {1, 1}, 2.0f); // expected-error {{'z' names input parameter 'x' of 'through' (or a view of it): pl::write writes}}
  auto lower = pl::slice(x, {16, 16}, {16, 0});
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, lower); // expected-error {{'lower' names input parameter 'x' of 'through' (or a view of it): pl::store writes}}
}

// Through a loop carry initialised with the parameter (an assignment in a branch may happen).
PL_FUNCTION(pl::FunctionType::Opaque)
void carried(T a, T x, pl::Index n) { // expected-note 2 {{input parameter 'x' is declared here}}
  T y = pl::create_tensor({16, 16}, pl::fp32);
  if (n > 2)
    y = x;
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, y); // expected-error {{'y' names input parameter 'x' of 'carried' (or a view of it): pl::store writes}}
  auto [last] = pl::range(n, pl::init_values(x), [&](pl::Index i, T acc) {
    pl::write(acc, {0, 0}, 1.0f); // expected-error {{'acc' names input parameter 'x' of 'carried' (or a view of it): pl::write writes}}
    return pl::yield_(acc);
  });
  (void)last;
}

// An orchestration passing its plain parameter, or a view of it, to a kernel's InOut / Out.
PL_FUNCTION(pl::FunctionType::InCore)
void accumulate(T a, pl::InOut<T> acc) {
  pl::store(pl::add(pl::load(a, {0, 0}, {16, 16}), pl::load(acc, {0, 0}, {16, 16})), {0, 0}, acc);
}

PL_FUNCTION(pl::FunctionType::InCore)
void fill(T a, pl::Out<T> o) { pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, o); }

PL_FUNCTION(pl::FunctionType::Orchestration)
void orchestrate(T a, T x, W w, V v) { // expected-note {{input parameter 'x' is declared here}} expected-note {{input parameter 'w' is declared here}} expected-note {{input parameter 'v' is declared here}}
  accumulate(a, x); // expected-error {{'x' is an input parameter of 'orchestrate': 'accumulate' (through its pl::InOut parameter 'acc') writes into the caller's tensor; only pl::Out / pl::InOut parameters may be written (the translated program would lose the write): declare it pl::InOut<T> [F375]}}
  fill(a, pl::slice(w, {16, 16}, {0, 0})); // expected-error {{this is a view of input parameter 'w' of 'orchestrate': 'fill' (through its pl::Out parameter 'o') writes into the caller's tensor}}
  pl::submit(accumulate, a, pl::reshape(v, {16, 16})); // expected-error {{this is a view of input parameter 'v' of 'orchestrate': 'accumulate' (through its pl::InOut parameter 'acc') writes}}
}

// An Inline helper is no different; inside a pl::at body of an orchestration neither.
PL_INLINE void helper(T a, T x) { // expected-note {{input parameter 'x' is declared here}}
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, x); // expected-error {{'x' is an input parameter of 'helper': pl::store writes}}
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void scoped(T a, T x) { // expected-note {{input parameter 'x' is declared here}}
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, x); // expected-error {{'x' is an input parameter of 'scoped': pl::store writes}}
  });
}

// Must not report: a parameter variable rebound to a local tensor in straight-line code, Out /
// InOut parameters, local tensors (also views of them), reads, a plain parameter passed on to a
// callee's input, an Inline helper writing its own InOut parameter.
PL_FUNCTION(pl::FunctionType::InCore)
void reads(T a, pl::Out<T> o) { pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, o); }

PL_INLINE void inlineOut(T a, pl::InOut<T> acc) {
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, acc);
}

PL_FUNCTION(pl::FunctionType::Opaque)
void rebinds(T a, T x) { // the parameter variable now holds a local buffer, as it does eagerly
  x = pl::create_tensor({16, 16}, pl::fp32);
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, x);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void fine(T a, W w, pl::Out<T> o, pl::InOut<W> io) {
  T local = pl::create_tensor({16, 16}, pl::fp32);
  fill(a, local);
  accumulate(a, local);
  fill(a, pl::slice(io, {16, 16}, {0, 0}));
  accumulate(pl::slice(w, {16, 16}, {16, 0}), o);
  reads(a, o);
  pl::at(pl::Level::CORE_GROUP, [&] {
    auto v = pl::load(w, {0, 0}, {16, 16});
    pl::store(v, {0, 0}, local);
    pl::store(v, {16, 0}, io);
    inlineOut(a, o);
  });
}
