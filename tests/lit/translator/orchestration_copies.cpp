// Issue 35: what an orchestration cannot do itself becomes a task or a splice before the
// printer. `out = x` of an Out parameter is a copy loop in an InCore scope
// (LowerOrchestrationAssembles), a call of another orchestration is spliced (InlineFunctions),
// a reshape is printed as the runtime's view, a pl::read as a read of the tensor's memory.
// RUN: %pl-translate %s --print-after=lower-orchestration-assembles -o %t.cpp -- %dsl-flags 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=ORCH %s < %t.cpp
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using Y = pl::Tensor<pl::fp32, 32, 32>;

PL_FUNCTION(pl::FunctionType::InCore)
void twice(Y x, pl::Out<Y> y) {
  pl::store(pl::muls(pl::load(x, {0, 0}, {32, 32}), 2.0f), {0, 0}, y);
}

// CHECK-LABEL: Orchestration inner(
// CHECK: scope incore "copy_y" {
// CHECK-NEXT: for (index copy_r : range(0, 16, 16)) {
// CHECK-NEXT: for (index copy_c : range(0, 64, 64)) {
// CHECK-NEXT: Tile<fp32, 16, 64, Vec> copy_x = tile.load(x, {copy_r, copy_c}, {16, 64});
// CHECK-NEXT: y = tile.store(copy_x, {0 + copy_r, 0 + copy_c}, y);
PL_FUNCTION(pl::FunctionType::Orchestration)
void inner(X x, pl::Out<X> y) { y = x; }

// CHECK-LABEL: Orchestration outer(
// CHECK-NOT: inner(
// CHECK: scope incore "copy_y"
// CHECK: tile.store(copy_x{{.*}}, y);
// (The translated file keeps these comments: each ORCH pattern is anchored at the line start.)
// ORCH-LABEL: {{^}}namespace outer {
// ORCH: {{^ *[a-z_0-9]+}} = static_cast<std::int32_t>((reinterpret_cast<const std::int32_t*>(ext_n.buffer.addr) + ext_n.start_offset)[(1) * ext_n.strides[0]]);
// ORCH: {{^ *}}uint32_t v_shapes[] = {32, 32};
// ORCH: {{^ *}}v = ext_x.reshape(v_shapes, 2);
PL_FUNCTION(pl::FunctionType::Orchestration)
void outer(X x, pl::Tensor<pl::i32, 2> n, pl::Out<X> y, pl::Out<Y> z) {
  for (auto i : pl::range(pl::read(n, {1}))) {
    (void)i;
    inner(x, y);
  }
  Y v = pl::reshape(x, {32, 32});
  twice(v, z);
}
