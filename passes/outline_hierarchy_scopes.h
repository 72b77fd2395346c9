// OutlineHierarchyScopes: each `pl::at` scope at a level other than CORE_GROUP (a Hierarchy
// scope with "level" and optional "role" attrs) becomes a function tagged with that level/role.
//
// Why: host, chip and cluster-level regions run on different workers; giving each its own
// function lets later passes and the runtime place it, while the parent keeps its type.
// Properties: passes/passes.def.
// Parents: Opaque functions only (their type is kept). Nested scopes are outlined innermost
//   first; the level is canonicalised through the aliases (e.g. "DIE" → CHIP_DIE). Parameters,
//   outputs, directions and names follow the shared outliner (passes/utils/scope_outliner.h):
//   `{f}_{level}[_{role}]_{n}` in lower case, or the name hint.
// Options: none.
// Diagnostics: OL002 a level or role that is not a known name.
// Example: `scope hierarchy [[level = "HOST"]] { y = tensor.exp(x); }`
//        → `Opaque<level = HOST> main_host_0(In x) { ...; return y; }` + `y = main_host_0(x)`.
// Test: tests/passes/outline_hierarchy_scopes.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm: p with its Hierarchy scopes outlined (nullptr after an error in `diags`).
ir::ProgramPtr outlineHierarchyScopes(const ir::ProgramPtr &p, ir::DiagnosticEngine &diags);

Pass createOutlineHierarchyScopesPass(PassOptions &opts);

} // namespace pl::passes
