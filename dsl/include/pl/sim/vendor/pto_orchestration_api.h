// pto_orchestration_api.h — pl/sim's version of the orchestration API of the runtime pl
// targets (simpler's tensormap_and_ringbuffer; pl's own code, written from the documented API in
// docs/backend.md): ChipTaskArgs / CoreTaskArgs (add_input, add_output, add_inout, add_no_dep on
// named tensors, add_scalar packing the value's own bits, set_dependencies, launch_spec),
// rt_submit_aiv_task / rt_submit_aic_task / rt_submit_task(MixedKernels) /
// rt_submit_dummy_task, PTO2_SCOPE, TensorCreateInfo(uint32_t shapes[], ndims, dtype) +
// alloc_tensors, TaskOutputTensors (get_ref on a named one only), ChipTensor::view(uint32_t[],
// uint32_t[]), PTO2TaskId, to_u64 / from_u64 and PTO2OrchestrationConfig. Only the runtime's
// signatures: a spelling the runtime rejects does not compile here either (tests/sim
// orch_reject.cpp). The host-build-graph runtime's rt_submit_graph is not part of this API
// (pl::sim::submit_graph is the simulator's own). The generated orchestration compiles
// unchanged against this header or the runtime's; this one runs it on pl/sim's runtime
// (dependency tracking, hazards, the three executor modes).
//
// Include path: `-I <pl>/include/pl/sim/vendor`.
#pragma once

#include "pl/sim/orch.hpp"
#include "pl/sim/runtime.hpp"
#include "pl/sim/tensor.hpp"
#include "tensor.h"

/// What `aicpu_orchestration_config` returns: the number of arguments (tensors + scalars) the
/// entry expects; the simulator checks it against the call.
struct PTO2OrchestrationConfig {
  int expected_arg_count; // a C struct, as the runtime's: the config function has C linkage
};

namespace DataType = pl::sim::DataType;
using pl::sim::alloc_tensors;
using pl::sim::ChipTaskArgs;
using pl::sim::CoreTaskArgs;
using pl::sim::from_u64;
using pl::sim::INVALID_KERNEL_ID;
using pl::sim::MixedKernels;
using pl::sim::PTO2ScopeMode;
using pl::sim::PTO2TaskId;
using pl::sim::rt_submit_aic_task;
using pl::sim::rt_submit_aiv_task;
using pl::sim::rt_submit_dummy_task;
using pl::sim::rt_submit_task;
using pl::sim::TaskOutputTensors;
using pl::sim::TensorCreateInfo;
using pl::sim::to_u64;
