// pl::at task ids are bindings; manual dependencies name them.
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;

// CHECK-LABEL: Opaque two_tasks(
// CHECK: scope incore "first" -> task_id t0 {
// CHECK: scope incore "second" {{\[\[}}deps = {t0}{{\]\]}} -> task_id t1 {
PL_JIT void two_tasks(T a, pl::Out<T> b, pl::Out<T> c) {
  auto t0 = pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "first"}, [&] {
    pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, b);
  });
  auto t1 = pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "second", .deps = {t0}}, [&] {
    pl::store(pl::load(b, {0, 0}, {16, 16}), {0, 0}, c);
  });
  (void)t1;
}
