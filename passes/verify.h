// Verify: checks IR properties with their verifiers and changes nothing (a utility pass).
//
// Why: lets pl-opt and the pass tests check a property at any point of a pass list, e.g.
// `--passes=dce,verify{properties=SSAForm}`.
// Properties: passes/passes.def (it only reports).
// Options: properties=<Name,Name,...> — properties to check (default: the structural ones
//   that have a verifier). A property without a verifier is an error, never skipped silently.
// Diagnostics: those of the verifiers (V001-V008, V101-V112, V201-V206, V301-V306,
//   V401-V402, V701-V703); the pass fails when any is reported.
// Example: `x = 1; x = 2` → V001 "variable 'x' is bound more than once".
// Test: tests/passes/verify.pir
#pragma once

#include "passes/pass.h"

namespace pl::passes {

Pass createVerifyPass(PassOptions &opts);
inline Pass createVerifyPass() {
  PassOptions none;
  return createVerifyPass(none);
}

} // namespace pl::passes
