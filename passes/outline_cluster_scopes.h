// OutlineClusterScopes: cluster scopes become `Group` functions and standalone spmd scopes
// `Spmd` functions; launch parameters (core_num, sync_start) become attrs on the call.
//
// Why: a cluster (one AIC + its AIVs) and an spmd launch are units the runtime dispatches as
// one task; outlining gives each a function whose call carries the launch parameters.
// Properties: passes/passes.def. SplitIncoreOrch is required: bodies hold kernel calls, not
//   InCore scopes (one left in a Group function would be rejected by OutlineIncoreScopes).
// Parents: Opaque, Orchestration and Graph functions (their type is kept). Nested scopes are
//   outlined innermost first (an spmd inside a cluster becomes an Spmd function called from the
//   Group). Names: `{f}_cluster_{n}`, `{f}_spmd_{n}` or the name hint. "core_num" (an expression
//   of the caller's values) and "sync_start" (only when true) move to the call's attrs; other
//   scope attrs go to the function.
// Options: none. Diagnostics: OL003 an spmd scope without a "core_num".
// Example: `scope spmd [[core_num = (4)]] { k(x); }` → `Spmd main_spmd_0(In x) { k(x); return; }`
//   + `main_spmd_0(x) [[core_num = (4)]]`.
// Test: tests/passes/outline_cluster_scopes.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: p with its cluster and spmd scopes outlined (nullptr after an error).
ir::ProgramPtr outlineClusterScopes(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createOutlineClusterScopesPass(PassOptions &opts);

} // namespace pl::passes
