// pl::submit([{.deps = {...}},] k, args...) launches the marked kernel k as one task and returns
// its task id: a `submit k(args) {.deps = {...}}` in the IR (its last result is the task id),
// the task's set_dependencies in the orchestration; a rebinding `t = pl::submit(...)` carries
// the id into the next iteration. Misuse is F365 (not a kernel, not in orchestration code),
// F330 (inside an expression) and F361 (assigned to anything but a pl::TaskId); a dependency on
// a pl::TaskId made from a number is F366.
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s --check-prefix=IR
// RUN: %pl-translate %s -o %t.cpp -- %dsl-flags && FileCheck %s --check-prefix=ORCH < %t.cpp
// RUN: not %pl-translate %s -o %t2.cpp -- %dsl-flags -DMISUSE -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void addInto(X a, X b, pl::Out<X> c) {
  pl::store(pl::add(pl::load(a, {0, 0}, {16, 64}), pl::load(b, {0, 0}, {16, 64})), {0, 0}, c);
}

// IR-LABEL: Orchestration chain(
// IR:      Tuple<task_id> [[T0:[a-zA-Z0-9_]+]] = submit addInto(a, b, c);
// IR-NEXT: task_id first = [[T0]][0];
// IR-NEXT: Tuple<task_id> [[T1:[a-zA-Z0-9_]+]] = submit addInto(c, pl_nd, d) {.deps = {first}} {{\[\[}}arg_direction_overrides = [1]{{\]\]}};
// IR-NEXT: task_id second = [[T1]][0];
// IR-NEXT: Tuple<task_id> {{.*}} = submit addInto(d, a, e) {.deps = {first, second}};
// ORCH-LABEL: {{^}}namespace chain {
// ORCH:      [[S0:[a-zA-Z0-9_]+]] = rt_submit_aiv_task(0, params_t0);
// ORCH-NEXT: first = [[S0]].task_id();
// ORCH:      params_t1.add_no_dep(ext_pl_nd);
// ORCH:      ::pl::rt::TaskId deps_t1[] = {first};
// ORCH-NEXT: params_t1.set_dependencies(deps_t1, ::pl::abi::valid_task_ids(deps_t1));
// ORCH:      ::pl::rt::TaskId deps_t2[] = {first, second};
// ORCH-NEXT: params_t2.set_dependencies(deps_t2, ::pl::abi::valid_task_ids(deps_t2));
PL_FUNCTION(pl::FunctionType::Orchestration)
void chain(X a, X b, X pl_nd, pl::Out<X> c, pl::Out<X> d, pl::Out<X> e) {
  pl::TaskId first = pl::submit(addInto, a, b, c);
  pl::TaskId second = pl::submit({.deps = {first}}, addInto, c, pl::no_dep(pl_nd), d);
  pl::submit({.deps = {first, second}}, addInto, d, a, e);
}

// IR-LABEL: Orchestration carried(
// IR:      task_id t = task_id(-1);
// IR:      for
// IR:      submit addInto(a, b, c) {.deps = {t}};
// IR:      t = {{.*}}[0];
// ORCH-LABEL: {{^}}namespace carried {
// ORCH:      ::pl::rt::TaskId deps_t0[] = {t_1};
PL_FUNCTION(pl::FunctionType::Orchestration)
void carried(X a, X b, pl::Index n, pl::Out<X> c) {
  pl::TaskId t{};
  for (auto i : pl::range(n))
    t = pl::submit({.deps = {t}}, addInto, a, b, c);
}

// A discarded result still launches the task: `(void)` only silences unused warnings.
// IR-LABEL: Orchestration voided(
// IR:      addInto(a, b, c);
// IR-NEXT: Tuple<task_id> {{.*}} = submit addInto(c, a, d);
// IR-NEXT: }
PL_FUNCTION(pl::FunctionType::Orchestration)
void voided(X a, X b, pl::Out<X> c, pl::Out<X> d) {
  (void)addInto(a, b, c);
  (void)pl::submit(addInto, c, a, d);
  (void)b;
}

#ifdef MISUSE
PL_FUNCTION(pl::FunctionType::Orchestration)
void notKernel(X a, X b, pl::Out<X> c) {
  pl::submit(chain, a, b, a, c, c, c); // expected-error {{pl::submit launches a kernel or a Graph function: its first argument (after the options) must name a PL_FUNCTION of type InCore, AIC, AIV or Graph}}
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void inScope(X a, X b, pl::Out<X> c) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::submit(addInto, a, b, c); // expected-error {{pl::submit is a task launch of an orchestration; it cannot be inside a kernel or a pl::at / pl::spmd body}}
  });
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void inExpr(X a, X b, pl::Out<X> c) {
  pl::at({.deps = {pl::submit(addInto, a, b, c)}}, [&] {}); // expected-error {{pl::submit must be a statement or initialise a declaration}}
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void notTaskId(X a, X b, pl::Out<X> c) {
  pl::TaskId t{};
  pl::TaskId *p = &t; // expected-error {{pointer or reference variable 'p' in a marked function; declare a value (tensors are already handles)}}
  *p = pl::submit(addInto, a, b, c); // expected-error {{the task id of pl::submit can only be assigned to a pl::TaskId variable of the marked function}}
}

// F366: a task id made from a number names no task.
PL_FUNCTION(pl::FunctionType::Orchestration)
void numbered(X a, pl::Out<X> c) {
  pl::submit({.deps = {pl::TaskId{3}}}, addInto, a, a, c); // expected-error {{a pl::TaskId made from a number names no task of the program: task ids come from task launches (pl::at, pl::spmd, pl::submit, pl::task_dummy); write pl::TaskId{} for "no task"}}
}
#endif
