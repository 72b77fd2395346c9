// The translation of one file: lowering → entry points → pipeline → emit → rewrite.
#pragma once

#include "translator/frontend.h"

#include "ir/diagnostics.h"
#include "passes/platform.h"

#include <optional>
#include <string>

namespace pl::translator {

enum class EmitKind { File, IR, FinalIR, Kernels, Orchestration };

struct TranslateOptions {
  EmitKind emit = EmitKind::File;
  bool concise = false;
  passes::Platform platform = passes::kDefaultPlatform;
  std::string outputName = "-"; ///< for #line in the generated part
  /// Pass-manager settings forwarded to the PassContext.
  std::string verifyLevel;
  std::vector<std::string> printAfter;
  bool printAfterAll = false;
  std::string dumpDir;
  bool timePasses = false;
};

/// Translates one lowered file while its AST is alive. Returns the text to write (the rewritten
/// file, or the requested part), or nullopt after reporting errors to `diags`.
std::optional<std::string> translateFile(const LoweredFile &lf, clang::ASTContext &ctx,
                                         const TranslateOptions &opts,
                                         ir::DiagnosticEngine &diags);

} // namespace pl::translator
