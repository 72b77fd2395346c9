// Source rewriting: the user's file with each entry point's body replaced by a call into the
// generated code, which is appended; untouched text is preserved byte for byte.
#pragma once

#include "translator/entry_points.h"

#include "ir/diagnostics.h"

#include <string>

namespace clang {
class ASTContext;
}

namespace pl::translator {

struct RewriteOptions {
  std::string outputName;       ///< the file being written (for #line of the generated part)
  std::string generatedNamespace; ///< e.g. pl_gen_<stem>
  std::string generatedCode;    ///< the emitter's text (kernels, tables, orchestrations)
  std::string kernelTable;      ///< expression giving the pl::sim::KernelTable
};

/// Returns the rewritten main file, or nullopt after reporting errors (e.g. a body that comes
/// from a macro expansion and cannot be rewritten).
std::optional<std::string> rewriteMainFile(clang::ASTContext &ctx,
                                           const std::vector<EntryPoint> &entries,
                                           const RewriteOptions &opts, ir::DiagnosticEngine &diags);

/// The files the main file depends on, for --depfile: itself, then everything it includes
/// (sorted by name, so that the depfile is the same on every run).
std::vector<std::string> inputDependencies(clang::ASTContext &ctx);

} // namespace pl::translator
