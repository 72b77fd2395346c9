// A mixed pl::at scope (issue 15) as the backend prints it: the cube kernel pushes the matmul
// result on its cube-to-vector pipe, the vector kernel pops its half (up-down split: 16 of 32
// rows, stored at its lane's offset), and the orchestration submits one mixed task with both
// AIV lanes; on a2a3sim the pipes' slot rings live in a GM buffer the orchestration allocates
// per call (InjectGMPipeBuffer). Without a split only one AIV lane runs.
// RUN: %pl-translate %s -o %t.cpp -- %dsl-flags && FileCheck %s < %t.cpp
#include <pl/dsl.hpp>

using A = pl::Tensor<pl::fp32, 32, 64>;
using W = pl::Tensor<pl::fp32, 64, 64>;

// CHECK-LABEL: AIC kernel 'mixed_incore_0_aic'
// CHECK: pto::TPipe<pto::PipeDir::C2V, pto::PipeSplit::UpDown> pipe_c2v(8192, 2, reinterpret_cast<__gm__ void*>(
// CHECK: TMATMUL(
// CHECK: TPUSH(pipe_c2v, c);
// CHECK-LABEL: AIV kernel 'mixed_incore_0_aiv'
// CHECK: get_sub_block_id(args)
// CHECK: pto::TPipe<pto::PipeDir::C2V, pto::PipeSplit::UpDown> pipe_c2v(8192, 2,
// CHECK: pto::Tile<pto::TileType::Vec, float, 16, 64,
// CHECK: TPOP(v, pipe_c2v);
// CHECK-NEXT: TFREE(pipe_c2v);
// CHECK: lane * 16
// CHECK: TSTORE(
// CHECK-LABEL: AIC kernel 'mixed_incore_1_aic'
// CHECK: pto::TPipe<pto::PipeDir::C2V, pto::PipeSplit::None> pipe_c2v(
// CHECK-LABEL: orchestration 'mixed'
// CHECK: uint32_t gm_pipe_buffer_shapes[] = {32768};
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
