// Text form parser with located syntax and type errors.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"

#include <string_view>

namespace pl::ir {

/// Parses a whole program. On any error, reports located diagnostics to `diags` and returns
/// nullptr (never a partial program).
ProgramPtr parseProgram(std::string_view text, const std::string &fileName,
                        DiagnosticEngine &diags);

} // namespace pl::ir
