// intrinsic.h — pl/sim's version of the runtime's kernel-side context header (pl's own code,
// written from the documented contract, docs/backend.md): a kernel reads its block index, block
// count and AIV lane from the two context records the runtime appends to its argument array,
// `get_block_idx(args)`, `get_block_num(args)`, `get_sub_block_id(args)`. The runtime does not
// program the cores' own block registers, so these take the argument array: a call without it
// does not compile (no overload without `args` exists here).
//
// Include path: `-I <pl>/include/pl/sim/vendor`.
#pragma once

#include <cstdint>

#ifndef __gm__
#define __gm__
#endif

#include "pl/sim/platform.hpp"

/// The argument slots of the two context pointers: after the most tensors (32) and scalars (16)
/// a task carries, whatever its own counts.
inline constexpr std::int32_t SPMD_LOCAL_CONTEXT_INDEX = pl::sim::kLocalContextSlot;
inline constexpr std::int32_t SPMD_GLOBAL_CONTEXT_INDEX = pl::sim::kGlobalContextSlot;

/// The block this run of the kernel is, 0 .. get_block_num(args) - 1.
inline std::int32_t get_block_idx(__gm__ std::int64_t *args) {
  return pl::sim::localContext(args).block_idx;
}
/// How many blocks the task runs (its launch_spec's block_num).
inline std::int32_t get_block_num(__gm__ std::int64_t *args) {
  return pl::sim::localContext(args).block_num;
}
/// The AIV lane of a mixed task's cluster: 0 (AIV0) or 1 (AIV1).
inline std::int32_t get_sub_block_id(__gm__ std::int64_t *args) {
  return pl::sim::globalContext(args).sub_block_id;
}
