// pl::array<pl::TaskId, N> (PyPTO's pl.array.create(N, pl.TASK_ID)): `ids{}` is array.create,
// `ids[k] = pl::submit(...)` an array.update_element of the launch's id, `ids[k]` an
// array.get_element, `.deps = ids` a dependency on all of its tasks. In a manual scope,
// ExpandManualPhaseFence turns many whole-array dependencies into one dummy barrier task; the
// orchestration holds the array as a std::array of ::pl::rt::TaskId. Misuse: F367 (in a kernel or a
// task body), a constant index outside the array (T109).
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s --check-prefix=IR
// RUN: %pl-translate %s -o %t.cpp -- %dsl-flags && FileCheck %s --check-prefix=ORCH < %t.cpp
// RUN: not %pl-translate %s -o %t2.cpp -- %dsl-flags -DMISUSE -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 32, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void bump(pl::Index r, pl::InOut<X> y) {
  pl::store(pl::adds(pl::load(y, {r, 0}, {8, 64}), 1.0f), {r, 0}, y);
}

// IR-LABEL: Orchestration phases(
// IR:      Array<task_id, 4> prev = array.create({.dtype = task_id, .size = 4});
// IR:      Tuple<task_id> [[T:[a-z_0-9]+]] = submit bump(b * 8, y) {.deps = {prev}};
// IR-NEXT: task_id [[ID:[a-z_0-9]+]] = [[T]][0];
// IR-NEXT: cur = array.update_element(cur, b, [[ID]]);
// IR:      prev = cur;
// IR:      task_id last = array.get_element(prev, 3);
// ORCH-LABEL: {{^}}namespace phases {
// ORCH:      std::array<::pl::rt::TaskId, 4> prev{};
// ORCH:      prev = std::array<::pl::rt::TaskId, 4>{};
// ORCH:      ::pl::rt::TaskId deps_t0[] = {[[P:prev_[0-9]+]][0], [[P]][1], [[P]][2], [[P]][3]};
// ORCH-NEXT: params_t0.set_dependencies(deps_t0, ::pl::abi::valid_task_ids(deps_t0));
// ORCH-NEXT: ::pl::rt::TaskId [[F:[a-z_0-9]+]] = rt_submit_dummy_task(params_t0).task_id();
// ORCH:      ::pl::rt::TaskId deps_t1[] = {[[F]]};
// ORCH:      = ::pl::abi::with_element(
// ORCH:      last = ::pl::abi::element(
PL_FUNCTION(pl::FunctionType::Orchestration)
void phases(pl::Index n, pl::InOut<X> y) {
  pl::manual_scope([&] {
    pl::array<pl::TaskId, 4> prev{};
    for (auto p : pl::range(n)) {
      (void)p;
      pl::array<pl::TaskId, 4> cur{};
      for (auto b : pl::range(4))
        cur[b] = pl::submit({.deps = prev}, bump, b * 8, y);
      prev = cur;
    }
    pl::TaskId last = prev[3];
    pl::submit({.deps = {last}}, bump, 24, y);
  });
}

#ifdef MISUSE
PL_FUNCTION(pl::FunctionType::InCore)
void inKernel(pl::InOut<X> y) {
  pl::array<pl::TaskId, 2> ids{}; // expected-error {{a pl::array of task ids belongs to an orchestration; it cannot be inside a kernel or a pl::at / pl::spmd body}}
  pl::store(pl::load(y, {0, 0}, {8, 64}), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void outside(pl::InOut<X> y) {
  pl::array<pl::TaskId, 2> ids{};
  ids[2] = pl::submit(bump, 0, y); // expected-error {{index 2 is outside the array of 2 elements}}
}
#endif
