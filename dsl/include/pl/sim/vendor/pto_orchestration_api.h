// pto_orchestration_api.h — pl/sim's implementation of the PTO2 orchestration API subset that
// pl's PTO backend emits: ChipTaskArgs / CoreTaskArgs (add_input, add_output, add_inout,
// add_no_dep, add_scalar, set_dependencies), rt_submit_aiv_task / rt_submit_aic_task /
// rt_submit_task(MixedKernels) / rt_submit_dummy_task, rt_submit_graph (a Graph function's
// body, recorded once and replayed), PTO2_SCOPE, TensorCreateInfo +
// alloc_tensors, TaskOutputTensors, PTO2TaskId, to_u64 / from_u64 and
// PTO2OrchestrationConfig. The generated orchestration compiles unchanged against this header
// or the runtime's; this one runs it on pl/sim's runtime (dependency tracking, hazards, the
// three executor modes). Written from the documented API (docs/backend.md); no vendor code.
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
using pl::sim::rt_submit_graph;
using pl::sim::rt_submit_task;
using pl::sim::TaskOutputTensors;
using pl::sim::TensorCreateInfo;
using pl::sim::to_u64;
