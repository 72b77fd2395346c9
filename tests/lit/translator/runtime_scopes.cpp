// pl::scope / pl::manual_scope: runtime scopes of an orchestration (IR `scope runtime`, MANUAL with
// `[[manual = true]]`; the orchestration opens PTO2_SCOPE / PL_SCOPE(::pl::rt::ScopeMode::MANUAL)). In a
// manual scope only dependencies order tasks: a provable read-after-write without one is TH002.
// Misplaced scopes are F363 (the frontend's errors stop the translation before the passes, so
// the hazard has its own run).
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s --check-prefix=IR
// RUN: %pl-translate %s -o %t.cpp -- %dsl-flags && FileCheck %s --check-prefix=ORCH < %t.cpp
// RUN: not %pl-translate %s -o %t2.cpp -- %dsl-flags -DMISUSE -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not %pl-translate %s -o %t3.cpp -- %dsl-flags -DHAZARD -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void twice(X x, pl::Out<X> y) {
  pl::store(pl::muls(pl::load(x, {0, 0}, {16, 64}), 2.0f), {0, 0}, y);
}

// IR-LABEL: Orchestration ordered(
// IR:      scope runtime {
// IR:        scope runtime {{\[\[}}manual = true{{\]\]}} {
// IR:          scope spmd {{\[\[}}core_num = (1){{\]\]}} -> task_id first {
// IR:          scope spmd {{\[\[}}core_num = (1), deps = {first}{{\]\]}} {
// ORCH-LABEL: // orchestration 'ordered'
// ORCH:      PL_SCOPE() {
// ORCH:      PL_SCOPE(::pl::rt::ScopeMode::MANUAL) {
// ORCH:      set_dependencies(
PL_FUNCTION(pl::FunctionType::Orchestration)
void ordered(X x, pl::Out<X> y, pl::Out<X> z) {
  pl::scope([&] {
    pl::manual_scope([&] {
      pl::TaskId first = pl::spmd(1, [&] { twice(x, y); });
      pl::spmd(1, {.deps = {first}}, [&] { twice(y, z); });
    });
  });
}

// A dummy task joins two launches; the third waits for it (pl::task_dummy, rt_submit_dummy_task).
// IR-LABEL: Orchestration joined(
// IR:      task_id j = system.task_dummy(a, b);
// IR:      scope spmd {{\[\[}}core_num = (1), deps = {j}{{\]\]}} {
// ORCH-LABEL: // orchestration 'joined'
// ORCH:      ::pl::rt::TaskId deps_t2[] = {a, b};
// ORCH-NEXT: params_t2.set_dependencies(deps_t2, ::pl::abi::valid_task_ids(deps_t2));
// ORCH-NEXT: j = rt_submit_dummy_task(params_t2).task_id();
// ORCH:      ::pl::rt::TaskId deps_t3[] = {j};
PL_FUNCTION(pl::FunctionType::Orchestration)
void joined(X x, pl::Out<X> y, pl::Out<X> z, pl::Out<X> w) {
  pl::TaskId a = pl::spmd(1, [&] { twice(x, y); });
  pl::TaskId b = pl::spmd(1, [&] { twice(x, z); });
  pl::TaskId j = pl::task_dummy({.deps = {a, b}});
  pl::spmd(1, {.deps = {j}}, [&] { twice(y, w); });
}

#ifdef HAZARD
PL_FUNCTION(pl::FunctionType::Orchestration)
void unordered(X x, pl::Out<X> y, pl::Out<X> z) {
  pl::manual_scope([&] {
    twice(x, y); // expected-note {{'twice' writes 'y' here}}
    twice(y, z); // expected-error {{read-after-write hazard: 'twice' reads 'y', which the earlier task 'twice' writes, and nothing orders the two tasks (no dependency names it, and a manual scope infers none from the tensors tasks share)}}
  });
}
#endif

#ifdef MISUSE
PL_FUNCTION(pl::FunctionType::InCore)
void inKernel(X x, pl::Out<X> y) {
  pl::scope([&] { twice(x, y); }); // expected-error {{pl::scope groups the tasks of an orchestration; it cannot be inside a kernel or a pl::at / pl::spmd body}}
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void inTask(X x, pl::Out<X> y) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::manual_scope([&] { twice(x, y); }); // expected-error {{pl::manual_scope groups the tasks of an orchestration; it cannot be inside a kernel or a pl::at / pl::spmd body}}
  });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void dummyInTask(X x, pl::Out<X> y) {
  pl::TaskId a{};
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::TaskId j = pl::task_dummy({.deps = {a}}); // expected-error {{pl::task_dummy is a task of an orchestration; it cannot be inside a kernel or a pl::at / pl::spmd body}}
    (void)j;
    twice(x, y);
  });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void autoInManual(X x, pl::Out<X> y) {
  pl::manual_scope([&] {
    pl::scope([&] { twice(x, y); }); // expected-error {{pl::scope inside pl::manual_scope: the runtime has no automatic scope inside a manual one}}
  });
}
#endif
