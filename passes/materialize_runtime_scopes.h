// MaterializeRuntimeScopes (slot 51): AUTO runtime scopes around orchestration bodies.
//
// Why: the orchestration emitter prints `PL_SCOPE() { … }` (the runtime's scope block, through
// pl/runtime_api.hpp) exactly where the IR has a
// runtime scope (it never derives scopes from loops or ifs); a scope bounds the lifetime of the
// intermediate tensors of the tasks submitted in it, so each loop iteration and each branch
// gets its own.
// Properties: passes/passes.def.
// In every Orchestration function, unless it has the attr `auto_scope = false` (the user
// places every scope): the body, each for body and each if branch become
// `scope runtime { stmts }` followed by the block's trailing `yield` / `return`, which stay
// outside so the SSA shape (yield last in its block) holds; scopes are SSA-transparent. A block
// with nothing before its trailer, or whose statements already are one AUTO runtime scope, is
// left alone (so a second run changes nothing). Nothing is inserted inside a MANUAL scope
// (`scope runtime [[manual = true]]`): the runtime forbids AUTO inside MANUAL. While bodies are
// not wrapped (as in the reference). Other function kinds are unchanged.
// Options: none. Diagnostics: none.
// Example: `for (..) { k(a, o); yield(..); }` →
//          `scope runtime { for (..) { scope runtime { k(a, o); } yield(..); } }`.
// Test: tests/passes/materialize_runtime_scopes.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// The algorithm for one function (f itself when nothing changes).
ir::FunctionPtr materializeRuntimeScopes(const ir::FunctionPtr &f);

Pass createMaterializeRuntimeScopesPass(PassOptions &opts);

} // namespace pl::passes
