// The families of translator diagnostics as named checks (libplTidy's `pl-` checks, the
// DiagnosticName of pl-translate --export-fixes), and the lint the translator runs on final IR.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"

#include <string_view>
#include <vector>

namespace pl::translator {

struct DiagnosticCheck {
  const char *name;    ///< "pl-type-mismatch"
  const char *summary; ///< one line: what it reports, which codes
  /// The check needs the default pipeline run on the lowered program (not only the lowering).
  bool needsPipeline;
};

/// Every check, in the order docs/editor.md lists them. Each diagnostic code belongs to exactly
/// one (checkFor).
const std::vector<DiagnosticCheck> &diagnosticChecks();

/// The check a diagnostic code belongs to: F-codes by family, T1xx (op type inference during
/// lowering) to pl-type-mismatch, every other code (passes, verifiers, printers) to pl-pipeline.
const char *checkFor(std::string_view code);

/// The diagnostics of `diags` in order, each (location, message) once: a template instantiated
/// several times reports the same problem once per instantiation.
std::vector<const ir::Diagnostic *> uniqueDiagnostics(const ir::DiagnosticEngine &diags);

/// F371 (warning): each signed integer division or remainder that is still truncating in the
/// final IR, i.e. the pipeline could not prove its operands non-negative (Simplify turns the
/// provable ones into floor division). Reported once per source location.
void reportSignedDivisions(const ir::Program &final, ir::DiagnosticEngine &diags);

} // namespace pl::translator
