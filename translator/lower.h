// Lowering of a translation unit's marked functions to one IR program.
#pragma once

#include "ir/diagnostics.h"
#include "translator/marked_functions.h"

#include "ir/function.h"

namespace clang {
class ASTContext;
}

namespace pl::translator {

/// Lowers every marked function of the translation unit (returned in `marked`, in source order).
/// Errors are reported to `diags`; the returned program is only meaningful when
/// `diags.hasErrors()` is false. `scope`: where to look for marked functions.
ir::ProgramPtr lowerTranslationUnit(clang::ASTContext &ctx, ir::DiagnosticEngine &diags,
                                    std::vector<MarkedFunction> &marked,
                                    MarkedFunctionScope scope = MarkedFunctionScope::All);

} // namespace pl::translator
