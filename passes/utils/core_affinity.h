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

/// Whether tile op `op` reduces along tile axis `axis` (0 rows: the `col_*` reductions; 1
/// columns: the `row_*` reductions): the vector cores of a split kernel hold half of that axis.
bool reducesAlongAxis(std::string_view op, size_t axis);
/// Whether tile op `op` addresses element positions (transpose, reshape, slice, extract, read,
/// write, assemble, concat, insert), which a halved tile cannot answer for its peer's half.
bool addressesPositions(std::string_view op);

/// Shared is the identity; two different sides give Mixed.
CoreAffinity combineAffinity(CoreAffinity a, CoreAffinity b);

} // namespace pl::passes
