// Core affinity of kernel code: which core kind (AIC cube / AIV vector) an op call runs on.
// Used by ExpandMixedKernel and the MixedKernelExpanded verifier.
#pragma once

#include "ir/expr.h"

namespace pl::passes {

/// Shared (either core), Cube (AIC), Vector (AIV), Mixed (both: a cube/vector boundary).
enum class CoreAffinity : uint8_t { Shared, Cube, Vector, Mixed };

/// The side of a memory space: cube spaces (Mat, Left, Right, Acc, Bias, LeftScale,
/// RightScale), Vec; nullopt for DDR and ScalarLocal.
std::optional<CoreAffinity> memorySpaceSide(ir::MemorySpace s);

/// The affinity of one call: `core_placement = "aiv"` → Vector; a `tile.move` across the
/// divide → Mixed; else the side of the result tile's space, else of the first tile argument's;
/// Shared for function calls and calls without tiles.
CoreAffinity classifyCallAffinity(const ir::Call &c);

/// Shared is the identity; two different sides give Mixed.
CoreAffinity combineAffinity(CoreAffinity a, CoreAffinity b);

} // namespace pl::passes
