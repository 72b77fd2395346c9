// emit/pto PTO-AS: cross-core pipes in ptoas's forms (docs/backend.md "PTO-AS text"). Each kernel
// of the split mixed scope sets up one pipe handle per direction, as the C++ backend's TPipes:
// `pto.initialize_l2g2l_pipe` through the GM ring (the vector-to-cube one at its planned offset,
// `pto.addptr`), the consumer buffer at its planned address, flags 0 and 2; the producer pushes
// (`pto.tpush`), the consumer binds a declared tile to the next slot (`pto.tpop`) and frees it
// (`pto.tfree`).
// RUN: %pl-translate --platform=a2a3 --emit=pto-as %s -- %dsl-flags 2>/dev/null | FileCheck %s
#include <pl/dsl.hpp>

using A = pl::Tensor<pl::fp16, 32, 64>;
using W = pl::Tensor<pl::fp16, 64, 128>;
using O = pl::Tensor<pl::fp32, 32, 128>;

// CHECK-LABEL: func.func @mixed_incore_0_aic(
// CHECK-SAME: %gm_pipe_buffer: !pto.ptr<i8>
// CHECK-SAME: pto.kernel_kind = #pto.kernel_kind<cube>
// CHECK: %pipe_c2v = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 16384, slot_num = 4, local_slot_num = 2, flag_base = 0}(%gm_pipe_buffer : !pto.ptr<i8>, %c0_i32 : i32) -> !pto.pipe
// CHECK: %[[GM:[a-z_0-9]+]] = pto.addptr %gm_pipe_buffer, %c65536 : <i8> -> <i8>
// CHECK: %pipe_v2c = pto.initialize_l2g2l_pipe {dir_mask = 2, slot_size = 16384, slot_num = 4, local_slot_num = 2, flag_base = 2}(%[[GM]] : !pto.ptr<i8>, %[[L1:c[0-9]+_i32]] : i32) -> !pto.pipe
// CHECK: %[[POP:[a-z_0-9]+]] = pto.declare_tile -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64
// CHECK-NEXT: pto.tpop(%[[POP]], %pipe_v2c : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=64, {{.*}}>, !pto.pipe) {split = 1}
// CHECK-NEXT: pto.tfree(%pipe_v2c : !pto.pipe) {split = 1}
// CHECK: pto.tmatmul
// CHECK: pto.tpush(%c, %pipe_c2v : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=128, {{.*}}>, !pto.pipe) {split = 1}
// CHECK-LABEL: func.func @mixed_incore_0_aiv(
// CHECK-SAME: pto.kernel_kind = #pto.kernel_kind<vector>
// CHECK: %pipe_c2v = pto.initialize_l2g2l_pipe {dir_mask = 1, {{.*}}, flag_base = 0}(%gm_pipe_buffer : !pto.ptr<i8>, %[[UB:c[0-9]+_i32]] : i32) -> !pto.pipe
// CHECK: %pipe_v2c = pto.initialize_l2g2l_pipe {dir_mask = 2, {{.*}}, flag_base = 2}(%{{[a-z_0-9]+}} : !pto.ptr<i8>, %c0_i32 : i32) -> !pto.pipe
// CHECK: pto.tpush(%{{[a-z_0-9]+}}, %pipe_v2c : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, {{.*}}>, !pto.pipe) {split = 1}
// CHECK: pto.declare_tile -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128
// CHECK-NEXT: pto.tpop({{.*}}, %pipe_c2v : {{.*}}, !pto.pipe) {split = 1}
// CHECK: pto.tfree(%pipe_c2v : !pto.pipe) {split = 1}
PL_FUNCTION(pl::FunctionType::Orchestration)
void mixed(A a, W w, pl::Out<O> o) {
  pl::at({.level = pl::Level::CORE_GROUP,
          .optimizations = {pl::split(pl::SplitMode::UpDown), pl::cross_core_slot(4)}},
         [&] {
           auto s = pl::muls(pl::load(a, {0, 0}, {32, 64}), 0.5f);
           auto x = pl::move(s, {.target_memory = pl::Mem::Left});
           auto y = pl::move(pl::load(w, {0, 0}, {64, 128}, {.target_memory = pl::Mem::Mat}),
                             {.target_memory = pl::Mem::Right});
           pl::Tile<pl::fp32, 32, 128, pl::Mem::Acc> c = pl::matmul(x, y);
           pl::Tile<pl::fp32, 32, 128> v = pl::move(c, {.target_memory = pl::Mem::Vec});
           pl::store(pl::relu(v), {0, 0}, o);
         });
}

// A scope without pl::cross_core_slot gets pl's default of 4 GM slots per pipe, a count ptoas
// takes (it rejects any but 4 and 8); the consumer buffers keep local_slot_num = 2.
// CHECK-LABEL: func.func @default_slots_incore_0_aic(
// CHECK: pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = {{[0-9]+}}, slot_num = 4, local_slot_num = 2, flag_base = 0}
// CHECK-LABEL: func.func @default_slots_incore_0_aiv(
// CHECK: pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = {{[0-9]+}}, slot_num = 4, local_slot_num = 2, flag_base = 0}
PL_FUNCTION(pl::FunctionType::Orchestration)
void default_slots(A a, W w, pl::Out<O> o) {
  pl::at({.level = pl::Level::CORE_GROUP}, [&] {
    auto x = pl::move(pl::load(a, {0, 0}, {32, 64}, {.target_memory = pl::Mem::Mat}),
                      {.target_memory = pl::Mem::Left});
    auto y = pl::move(pl::load(w, {0, 0}, {64, 128}, {.target_memory = pl::Mem::Mat}),
                      {.target_memory = pl::Mem::Right});
    pl::Tile<pl::fp32, 32, 128, pl::Mem::Acc> c = pl::matmul(x, y);
    pl::store(pl::relu(pl::move(c, {.target_memory = pl::Mem::Vec})), {0, 0}, o);
  });
}
