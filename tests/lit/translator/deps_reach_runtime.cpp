// Every dependency a program names reaches the runtime (PyPTO #2181 dropped user deps): each
// launch form (pl::at, pl::spmd, pl::submit, pl::task_dummy), inside loops, ifs, manual scopes
// and inlined helpers, and the carried id of a loop. Each dependency has its own name; the
// generated orchestration must pass every one to set_dependencies (or to the dummy task).
// RUN: %pl-translate %s -o %t.cpp -- %dsl-flags && FileCheck %s < %t.cpp
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void addInto(X a, X b, pl::Out<X> c) {
  pl::store(pl::add(pl::load(a, {0, 0}, {16, 64}), pl::load(b, {0, 0}, {16, 64})), {0, 0}, c);
}

PL_INLINE pl::TaskId helper(X a, X b, pl::Out<X> c, pl::TaskId after) {
  pl::TaskId t = pl::submit({.deps = {after}}, addInto, a, b, c);
  return t;
}

// CHECK-LABEL: {{^}}namespace every {
// CHECK:      ::pl::rt::TaskId deps_t1[] = {dep_at};
// CHECK-NEXT: params_t1.set_dependencies(deps_t1, ::pl::abi::valid_task_ids(deps_t1));
// CHECK:      ::pl::rt::TaskId deps_t2[] = {dep_at, dep_spmd};
// CHECK-NEXT: params_t2.set_dependencies(deps_t2, ::pl::abi::valid_task_ids(deps_t2));
// CHECK:      ::pl::rt::TaskId deps_t3[] = {dep_sub, dep_spmd};
// CHECK-NEXT: params_t3.set_dependencies(deps_t3, ::pl::abi::valid_task_ids(deps_t3));
// CHECK:      ::pl::rt::TaskId deps_t4[] = {dep_at, dep_spmd, dep_sub};
// CHECK-NEXT: params_t4.set_dependencies(deps_t4, ::pl::abi::valid_task_ids(deps_t4));
// CHECK-NEXT: dep_join = rt_submit_dummy_task(params_t4).task_id();
// CHECK:      ::pl::rt::TaskId deps_t5[] = {dep_join};
// CHECK-NEXT: params_t5.set_dependencies(deps_t5, ::pl::abi::valid_task_ids(deps_t5));
// CHECK:      ::pl::rt::TaskId deps_t6[] = {dep_inl};
// CHECK-NEXT: params_t6.set_dependencies(deps_t6, ::pl::abi::valid_task_ids(deps_t6));
// CHECK:      for (
// CHECK:      ::pl::rt::TaskId deps_t7[] = {[[CARRIED:carried_[0-9]+]]};
// CHECK-NEXT: params_t7.set_dependencies(deps_t7, ::pl::abi::valid_task_ids(deps_t7));
// CHECK:      if (n > 2) {
// CHECK:      ::pl::rt::TaskId deps_t9[] = {dep_branch, dep_join};
// CHECK-NEXT: params_t9.set_dependencies(deps_t9, ::pl::abi::valid_task_ids(deps_t9));
// CHECK:      PL_SCOPE(::pl::rt::ScopeMode::MANUAL) {
// CHECK:      ::pl::rt::TaskId deps_t11[] = {dep_man};
// CHECK-NEXT: params_t11.set_dependencies(deps_t11, ::pl::abi::valid_task_ids(deps_t11));
// CHECK:      {{^}}}  // namespace every
PL_FUNCTION(pl::FunctionType::Orchestration)
void every(X a, X b, pl::Index n, pl::Out<X> c, pl::Out<X> d, pl::Out<X> e, pl::Out<X> f) {
  pl::TaskId dep_at = pl::at({.name_hint = "first"}, [&] { c = pl::add(a, b); });
  pl::TaskId dep_spmd = pl::spmd(1, {.deps = {dep_at}}, [&] { addInto(a, b, d); });
  pl::TaskId dep_sub = pl::at({.name_hint = "third", .deps = {dep_at, dep_spmd}}, [&] { e = pl::add(c, d); });
  pl::submit({.deps = {dep_sub, dep_spmd}}, addInto, a, e, f);
  pl::TaskId dep_join = pl::task_dummy({.deps = {dep_at, dep_spmd, dep_sub}});
  pl::TaskId dep_inl = pl::submit({.deps = {dep_join}}, addInto, a, b, c);
  helper(a, b, d, dep_inl);
  pl::TaskId carried{};
  for (auto i : pl::range(n)) {
    (void)i;
    carried = pl::submit({.deps = {carried}}, addInto, c, b, e);
  }
  if (n > 2) {
    pl::TaskId dep_branch = pl::submit(addInto, a, a, f);
    pl::submit({.deps = {dep_branch, dep_join}}, addInto, f, b, d);
  }
  pl::manual_scope([&] {
    pl::TaskId dep_man = pl::submit(addInto, a, b, c);
    pl::submit({.deps = {dep_man}}, addInto, c, b, e);
  });
}
