// pl-translate --export-fixes: the translator's diagnostics and their fix-its in the YAML form
// clang-tidy --export-fixes writes and clang-apply-replacements reads.
#pragma once

#include "ir/diagnostics.h"

#include "clang/Tooling/Core/Diagnostic.h"

#include <string>

namespace clang {
class SourceManager;
}

namespace pl::translator {

class FixExporter {
public:
  /// Adds every diagnostic of `diags` for one input (while its SourceManager is alive: offsets
  /// come from it), named by its check (checkFor) with the fix-its as replacements.
  void add(const ir::DiagnosticEngine &diags, clang::SourceManager &sm, const std::string &file);
  /// The YAML document: MainSourceFile (the first input) and Diagnostics.
  std::string yaml();

private:
  clang::tooling::TranslationUnitDiagnostics tu_;
};

} // namespace pl::translator
