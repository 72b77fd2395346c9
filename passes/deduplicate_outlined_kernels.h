// DeduplicateOutlinedKernels: structurally identical outlined functions (kernels, Group, Spmd
// and Graph functions) merge into the first of them; every call and submit is retargeted.
//
// Why: the same `pl::at` body written in several places (or a helper inlined twice) outlines
// into identical kernels; compiling, planning and launching one copy is enough.
// Properties: passes/passes.def.
// Equality is structuralEqual on functions (names of the functions and of variables ignored;
// types, directions, attrs, level/role compared), bucketed by structuralHash. The first
// function in program order is kept; later duplicates are removed. Merging repeats until no
// pair is left (callers that became identical after retargeting merge too).
// Options: none. Diagnostics: none.
// Example: `InCore a(x) {..}`, `InCore b(y) {same}`, `r = b(t)` → `InCore a(x) {..}`, `r = a(t)`.
// Test: tests/passes/deduplicate_outlined_kernels.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: p with its duplicate outlined functions merged (p itself when none).
ir::ProgramPtr deduplicateOutlinedKernels(const ir::ProgramPtr &p);

Pass createDeduplicateOutlinedKernelsPass(PassOptions &opts);

} // namespace pl::passes
