// OptimizeOrchTensors: drops redundant orchestration allocations around kernel calls and turns
// kernel assemble loops into store loops.
//
// Why: ConvertTensorToTileOps gives every returned kernel value a fresh Out buffer
// (`tensor.create` at each call site, even inside loops) and keeps a tile accumulator for
// assemble loops; both cost memory and copies the runtime does not need.
// Properties: passes/passes.def. Loops carry their values as SSA iter_args.
// Patterns (each is applied only when provably safe; otherwise the IR is left as it is):
//   1. Iter-arg reuse. In a non-kernel function, a sequential for / while body that allocates
//      `o = tensor.create(..)` and passes it as the Out argument of a kernel call whose In
//      argument is the loop's iter_arg `c`, and yields the Out buffer back into `c`: the Out
//      parameter merges into the In one (now InOut), the create and the argument disappear.
//      Conditions: o, c and every alias of o are used only by that call and that yield; the
//      carry's init is a `tensor.create` used nowhere else; In / Out types are equal; in the
//      kernel every read of the In parameter precedes (top-level statement order) every use of
//      the Out parameter; every call of the kernel in the program is such a site (Call, not
//      Submit) with the same parameter pair.
//   2. Assemble loop → store loop. In a kernel, `d = tile.create(..)` carried through a
//      sequential loop whose body only does `a = tile.assemble(c, src, off); ...; yield(a)` and
//      whose result is stored whole (`tile.store(r, {0..}, out)`, out an Out parameter used
//      nowhere else): the loop carries `out` itself and stores each source at its offset.
// Not done (PyPTO patterns 2, 4, 5): parent-stride views on parameters, opt-in windowing.
// Options: none. Diagnostics: none (internal errors only).
// Example: `for carry(acc = a0) { o = tensor.create(..); r = k(acc, o); yield(r) }` with
//   `k(In x, Out y)` → `for carry(acc = a0) { r = k(acc); yield(r) }` with `k(InOut x)`.
// Test: tests/passes/optimize_orch_tensors.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: p with both patterns applied (p itself when nothing matched).
ir::ProgramPtr optimizeOrchTensors(const ir::ProgramPtr &p);

Pass createOptimizeOrchTensorsPass(PassOptions &opts);

} // namespace pl::passes
