// OutlineGraphScopes: each Graph scope becomes a `Graph` function called from its parent, so
// the scope form and a `PL_FUNCTION(pl::FunctionType::Graph)` converge.
//
// Why: a Graph function is a recordable orchestration fragment the runtime records once and
// replays; only a function has the identity the runtime keys the recording on.
// Properties: passes/passes.def.
// Parents: Opaque and Orchestration functions (their type is kept). Nested Graph scopes are
//   outlined innermost first. Parameters, outputs, directions and names follow the shared
//   outliner (passes/utils/scope_outliner.h): `{f}_graph_{n}` or the name hint.
// Options: none. Diagnostics: none.
// Example: `scope graph { y = tensor.exp(x); }` → `Graph main_graph_0(In x) {...}` +
//   `y = main_graph_0(x)`.
// Test: tests/passes/outline_graph_scopes.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: p with its Graph scopes outlined.
ir::ProgramPtr outlineGraphScopes(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createOutlineGraphScopesPass(PassOptions &opts);

} // namespace pl::passes
