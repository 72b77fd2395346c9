// Checks of Seq nesting shared by the NoRedundantBlocks and NormalizedStmtStructure verifiers.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"

namespace pl::passes {

/// Reports V701 (a Seq directly inside a Seq) and V702 (a Seq with exactly one statement);
/// with `normalized`, also V703 (an else branch that is an empty block instead of absent).
void checkBlockStructure(const ir::Program &p, ir::DiagnosticEngine &diags, bool normalized);

} // namespace pl::passes
