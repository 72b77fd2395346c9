// Finds the functions a user marked with PL_* macros (clang::annotate "pl.*") in a translation unit.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class CXXRecordDecl;
} // namespace clang

namespace pl::translator {

struct MarkedFunction {
  const clang::FunctionDecl *decl = nullptr;
  ir::FunctionType type = ir::FunctionType::Opaque;
  bool jit = false;                         ///< PL_JIT entry point
  const clang::CXXRecordDecl *program = nullptr; ///< enclosing PL_PROGRAM struct, if any
  std::string name;                         ///< IR name; template instantiations get their args
};

/// Every marked function with a body, in source order; each template instantiation is its own
/// entry. Primary templates (dependent) are skipped. Reports duplicate IR names as errors.
std::vector<MarkedFunction> collectMarkedFunctions(clang::ASTContext &ctx,
                                                   ir::DiagnosticEngine &diags);

/// The IR name of a function declaration (qualified by nothing; template args appended).
std::string irFunctionName(const clang::FunctionDecl *fd);

} // namespace pl::translator
