// LowerAutoVectorSplit (pipeline slot 24): `pl::split(pl::SplitMode::Auto)` picks the split mode
// of a mixed kernel from its vector work.
//
// Why: with an automatic split the author leaves it to the compiler which way the two vector
//   cores of a cluster share the vector work. Up-down (rows) and left-right (columns) are both
//   correct only when no vector op needs the whole tile along the split axis; the pass picks a
//   mode every later pass can honour, or none.
// Properties: passes/passes.def. Runs before ExpandMixedKernel; SplitVectorKernel (27) then
//   halves the chosen axis. (PyPTO lowers AUTO straight into shard / gather ops; here the split
//   is one function attr that ExpandMixedKernel and SplitVectorKernel act on.)
// For every InCore function with attr `split` = 3 (auto), over its vector-side ops (affinity
//   Vector, passes/utils/core_affinity): up-down (1) is possible when no vector op reduces
//   along rows (`col_*` reductions) or addresses positions (transpose, reshape, slice, extract,
//   read, write, assemble, concat), and every Vec tile with more than one row has a constant,
//   even row count and no valid-shape row limit; left-right (2) the same for columns (`row_*`
//   reductions). The attr becomes 1 when up-down is possible, else 2 when left-right is, else 0.
//   Functions whose split is not 3 are unchanged.
// Options: none.
// Diagnostics: none (a kernel no split fits runs on one vector core).
// Example: `[[split = 3]] InCore k(..) { .. tile.row_sum(x) .. }` → `[[split = 1]]`;
//   with a `tile.col_sum` too → `[[split = 0]]`.
// Test: tests/passes/lower_auto_vector_split.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: f with its auto split resolved (f itself otherwise).
ir::FunctionPtr lowerAutoVectorSplit(const ir::FunctionPtr &f);

Pass createLowerAutoVectorSplitPass(PassOptions &opts);

} // namespace pl::passes
