// Must not compile, one case per PL_ORCH_REJECT_* macro: the orchestration and kernel spellings
// that the runtime's headers (simpler's tensormap_and_ringbuffer) reject, which pl/sim's vendor
// layer must reject too (issue 34; ctest sim.orch_reject_* expect the compilers' messages):
//   CREATE_INFO_LIST  TensorCreateInfo from a braced shape list (it takes a uint32_t array and
//                     the rank)
//   GET_REF_TEMPORARY get_ref on a temporary TaskOutputTensors (lvalue only)
//   VIEW_LIST         ChipTensor::view with braced lists (uint32_t arrays)
//   ARGS_BLOCK_NUM    CoreTaskArgs::set_block_num (it is launch_spec.set_block_num)
//   SUBMIT_GRAPH      rt_submit_graph (the host-build-graph runtime's, not this one's)
//   ADD_TEMPORARY     add_input of a temporary tensor (the runtime keeps its address)
//   BLOCK_IDX         get_block_idx() without the kernel's arguments
//   BLOCK_NUM         get_block_num() without the kernel's arguments
//   SUBBLOCK          get_subblock_idx() (the lane is get_sub_block_id(args))
#include <cstdint>

#include "intrinsic.h"
#include "pto_orchestration_api.h"
#include <pto/pto-inst.hpp>

using namespace pto;

void orchestration(const ChipTensor &x) {
  [[maybe_unused]] const std::uint32_t shapes[] = {4, 8}, offsets[] = {0, 0};
#ifdef PL_ORCH_REJECT_CREATE_INFO_LIST
  TensorCreateInfo ci({4, 8}, DataType::FLOAT32);
#endif
#ifdef PL_ORCH_REJECT_GET_REF_TEMPORARY
  TensorCreateInfo ci(shapes, 2, DataType::FLOAT32);
  [[maybe_unused]] const ChipTensor &t = alloc_tensors(ci).get_ref(0);
#endif
#ifdef PL_ORCH_REJECT_VIEW_LIST
  [[maybe_unused]] ChipTensor v = x.view({4, 8}, {0, 0});
#endif
#ifdef PL_ORCH_REJECT_ARGS_BLOCK_NUM
  CoreTaskArgs p;
  p.set_block_num(4);
#endif
#ifdef PL_ORCH_REJECT_SUBMIT_GRAPH
  CoreTaskArgs p;
  rt_submit_graph(nullptr, p);
#endif
#ifdef PL_ORCH_REJECT_ADD_TEMPORARY
  CoreTaskArgs p;
  p.add_input(x.view(shapes, offsets));
#endif
  (void)x;
}

extern "C" void kernel_entry(__gm__ std::int64_t *args) {
#ifdef PL_ORCH_REJECT_BLOCK_IDX
  [[maybe_unused]] std::int32_t b = get_block_idx();
#endif
#ifdef PL_ORCH_REJECT_BLOCK_NUM
  [[maybe_unused]] std::int32_t n = get_block_num();
#endif
#ifdef PL_ORCH_REJECT_SUBBLOCK
  [[maybe_unused]] std::int32_t s = get_subblock_idx();
#endif
  (void)args;
}
