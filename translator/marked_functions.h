// Finds the functions a user marked with PL_* macros (clang::annotate "pl.*") in a translation unit.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class AnnotateAttr;
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
  bool hostNamed = false; ///< named by code outside the marked functions (host code calls it)
};

/// Which declarations the search for marked functions walks.
enum class MarkedFunctionScope {
  All,          ///< every declaration, also those of a PCH the user's flags load
  SkipCachedPch ///< not those loaded from pl-translate's cached PCH of a pl header
                ///< (translator/pch_cache.h): the pl headers mark no function, and walking
                ///< them would deserialize the whole header
};

/// Every marked function with a body, in source order; each template instantiation is its own
/// entry. Primary templates (dependent) are skipped. Reports duplicate IR names as errors.
std::vector<MarkedFunction>
collectMarkedFunctions(clang::ASTContext &ctx, ir::DiagnosticEngine &diags,
                       MarkedFunctionScope scope = MarkedFunctionScope::All);

/// The annotation PL_DSL_OP (pl/annotate.hpp) puts on each DSL operation: argument 0 is the IR
/// op ("tile.load"), or a bare name ("add") whose family the operands choose.
inline constexpr const char *kDslOpAnnotation = "pl.op";

/// The IR op a DSL function is annotated with; nullopt when it has none.
std::optional<std::string> dslOp(const clang::FunctionDecl *fd);

/// Argument `i` of an annotation as a string: a string literal, or an enumerator's name.
std::optional<std::string> annotationString(const clang::AnnotateAttr *a, unsigned i);

/// The IR name of a function declaration (qualified by nothing; template args appended).
std::string irFunctionName(const clang::FunctionDecl *fd);

} // namespace pl::translator
