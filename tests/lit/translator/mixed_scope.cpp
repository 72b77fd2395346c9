// A mixed pl::at scope (issue 15) as the backend prints it: the cube kernel pushes the matmul
// result on its cube-to-vector pipe, the vector kernel pops its half (up-down split: 16 of 32
// rows, stored at its lane's offset), and the orchestration submits one mixed task with both
// AIV lanes; on a2a3sim the pipes' slot rings live in a GM buffer the orchestration allocates
// per call (InjectGMPipeBuffer). Without a split only one AIV lane runs. The pipes are pto-isa's
// TPipe form: FlagID, direction, slot size and count, LocalSlotNum; the direction's GM ring (at
// its offset in gm_pipe_buffer) and the consumer buffers (UB for C2V, L1 for V2C) planned by
// AllocateMemoryAddr after the kernel's tiles; TPUSH / TPOP / TFREE name the split axis.
// RUN: %pl-translate %s -o %t.cpp -- %dsl-flags && FileCheck %s < %t.cpp
#include <pl/dsl.hpp>

using A = pl::Tensor<pl::fp32, 32, 64>;
using W = pl::Tensor<pl::fp32, 64, 64>;

// CHECK-LABEL: AIC kernel 'mixed_incore_0_aic'
// CHECK: pto::TPipe<0, pto::Direction::DIR_C2V, 8192, 2, 2> pipe_c2v(reinterpret_cast<__gm__ void*>({{.*}}gm_pipe_buffer->start_offset) + 0), 0, 0);
// CHECK: TMATMUL(
// CHECK: TPUSH<decltype(pipe_c2v), decltype(c), pto::TileSplitAxis::TILE_UP_DOWN>(pipe_c2v, c);
// CHECK-LABEL: AIV kernel 'mixed_incore_0_aiv'
// CHECK: get_sub_block_id(args)
// CHECK: pto::TPipe<0, pto::Direction::DIR_C2V, 8192, 2, 2> pipe_c2v({{.*}} + 0), 4096, 0);
// CHECK: pto::Tile<pto::TileType::Vec, float, 16, 64,
// CHECK: TPOP<decltype(pipe_c2v), decltype(v), pto::TileSplitAxis::TILE_UP_DOWN>(pipe_c2v, v);
// CHECK-NEXT: TFREE<decltype(pipe_c2v), pto::TileSplitAxis::TILE_UP_DOWN>(pipe_c2v);
// CHECK: lane * 16
// CHECK: TSTORE(
// CHECK-LABEL: AIC kernel 'mixed_incore_1_aic'
// CHECK: pto::TPipe<0, pto::Direction::DIR_C2V, 8192, 2, 2> pipe_c2v(
// CHECK: TPUSH<decltype(pipe_c2v), decltype(c), pto::TileSplitAxis::TILE_NO_SPLIT>(pipe_c2v, c);
// CHECK-LABEL: AIV kernel 'mixed_incore_1_aiv'
// CHECK: pto::TPipe<0, pto::Direction::DIR_C2V, 8192, 2, 2> pipe_c2v({{.*}} + 0), 8192, 0);
// CHECK: TPOP<decltype(pipe_c2v), decltype(v), pto::TileSplitAxis::TILE_NO_SPLIT>(pipe_c2v, v);
// CHECK-LABEL: orchestration 'mixed'
// CHECK: uint32_t gm_pipe_buffer_shapes[] = {16384};
// CHECK-NEXT: TensorCreateInfo gm_pipe_buffer_ci(gm_pipe_buffer_shapes, 1, DataType::UINT8);
// CHECK-NEXT: TaskOutputTensors gm_pipe_buffer_alloc = alloc_tensors(gm_pipe_buffer_ci);
// CHECK: rt_submit_task(MixedKernels{0, 1, 1}, params_t0);
// CHECK: rt_submit_task(MixedKernels{2, 3, INVALID_KERNEL_ID}, params_t1);
PL_FUNCTION(pl::FunctionType::Orchestration)
void mixed(A a, W w, pl::Out<A> split, pl::Out<A> whole) {
  pl::at({.level = pl::Level::CORE_GROUP, .optimizations = {pl::split(pl::SplitMode::UpDown)}}, [&] {
    auto x = pl::move(pl::load(a, {0, 0}, {32, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto y = pl::move(pl::load(w, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    pl::Tile<pl::fp32, 32, 64, pl::Mem::Acc> c = pl::matmul(x, y);
    pl::Tile<pl::fp32, 32, 64> v = pl::move(c, {.target_memory = pl::Mem::Vec});
    pl::store(pl::exp(v), {0, 0}, split);
  });
  pl::at({.level = pl::Level::CORE_GROUP}, [&] {
    auto x = pl::move(pl::load(a, {0, 0}, {32, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto y = pl::move(pl::load(w, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    pl::Tile<pl::fp32, 32, 64, pl::Mem::Acc> c = pl::matmul(x, y);
    pl::Tile<pl::fp32, 32, 64> v = pl::move(c, {.target_memory = pl::Mem::Vec});
    pl::store(pl::exp(v), {0, 0}, whole);
  });
}
