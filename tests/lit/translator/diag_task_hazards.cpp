// CheckTaskHazards (TH001): a task that writes a tensor window an earlier task reads, with nothing
// ordering the two, is rejected at the writer's line with a note at the reader; the same programs
// with a dependency, or on disjoint windows, translate. (A race only a run can show, with a run-time
// trip count, is the simulator's: tests/e2e/hazard_war.cpp.)
// RUN: not %pl-translate %s -o %t.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void rows(X x, pl::Out<X> y) {
  pl::store(pl::adds(pl::load(x, {0, 0}, {16, 64}), 1.0f), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::InCore)
void negate(X y, pl::Out<X> z) {
  pl::store(pl::exp(pl::load(y, {0, 0}, {16, 64})), {0, 0}, z);
}

/// Rows [r, r + 8) of y, negated into the same rows of z.
PL_FUNCTION(pl::FunctionType::InCore)
void negateRows(X y, pl::Index r, pl::Out<X> z) {
  pl::store(pl::neg(pl::load(y, {r, 0}, {8, 64})), {r, 0}, z);
}

/// Rows [r, r + 8) of y, from x.
PL_FUNCTION(pl::FunctionType::InCore)
void rowsAt(X x, pl::Index r, pl::Out<X> y) {
  pl::store(pl::load(x, {r, 0}, {8, 64}), {r, 0}, y);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void straight(X x, pl::Out<X> y, pl::Out<X> z) {
  negate(y, z); // expected-note {{'negate' reads 'y' here}}
  rows(x, y);   // expected-error {{write-after-read hazard: 'rows' writes 'y', which the earlier task 'negate' reads, and nothing orders the two tasks}}
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void looped(X x, pl::Out<X> y, pl::Out<X> z) {
  for (auto i : pl::range(3)) {
    (void)i;
    pl::spmd(2, [&] { rows(x, y); });   // expected-error {{'rows' writes 'y' in iteration i + 1 of the loop at line 41, which 'negate' of iteration i reads}}
    pl::spmd(2, [&] { negate(y, z); }); // expected-note {{'negate' reads 'y' here}}
  }
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void overlapping(X x, pl::Out<X> y, pl::Out<X> z) {
  negateRows(y, 0, z); // expected-note {{'negateRows' reads 'y' here}}
  rowsAt(x, 4, y);     // expected-error {{'rowsAt' writes 'y', which the earlier task 'negateRows' reads}}
}

// ---- the same programs, ordered or apart: no diagnostic ----

PL_FUNCTION(pl::FunctionType::Orchestration)
void straightOrdered(X x, pl::Out<X> y, pl::Out<X> z) {
  pl::TaskId read = pl::spmd(1, [&] { negate(y, z); });
  pl::spmd(1, {.deps = {read}}, [&] { rows(x, y); });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void loopedOrdered(X x, pl::Out<X> y, pl::Out<X> z) {
  pl::TaskId read{};
  for (auto i : pl::range(3)) {
    (void)i;
    pl::spmd(2, {.deps = {read}}, [&] { rows(x, y); });
    read = pl::spmd(2, [&] { negate(y, z); });
  }
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void apart(X x, pl::Out<X> y, pl::Out<X> z) {
  negateRows(y, 0, z);
  rowsAt(x, 8, y);
}


// Graph calls are their bodies' tasks: the second call overwrites 'a', which the first call's
// second task reads (only its first task is ordered before the writer, through 'b'); launched
// with pl::submit and `.deps` on the first launch's id (a join after all of its tasks), the same
// calls translate.
PL_FUNCTION(pl::FunctionType::Graph)
void split2(X a, pl::Out<X> b, pl::Out<X> c) {
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(a, {0, 0}, {16, 64}), {0, 0}, b); });
  pl::at(pl::Level::CORE_GROUP, [&] { pl::store(pl::load(a, {0, 0}, {16, 64}), {0, 0}, c); });
}

PL_JIT void graphWar(X x, pl::Out<X> y, pl::Out<X> z) {
  X a = pl::create_tensor({16, 64}, pl::fp32);
  X b = pl::create_tensor({16, 64}, pl::fp32);
  rows(x, a);
  split2(a, b, y); // expected-note {{'split2' reads 'a' here}}
  split2(b, a, z); // expected-error {{write-after-read hazard: 'split2' writes 'a', which the earlier task 'split2' reads, and nothing orders the two tasks (no dependency, and no tensor one writes and the other touches), so hardware would race (the runtime does not track write-after-read); make 'split2' depend on 'split2': launch it with pl::submit (a Graph function's launch) and `.deps = {<the task id of 'split2': its pl::submit, whose id is after all of its tasks>}`}}
}

PL_JIT void graphOrdered(X x, pl::Out<X> y, pl::Out<X> z) {
  X a = pl::create_tensor({16, 64}, pl::fp32);
  X b = pl::create_tensor({16, 64}, pl::fp32);
  rows(x, a);
  pl::TaskId t = pl::submit(split2, a, b, y);
  pl::submit({.deps = {t}}, split2, b, a, z);
}
