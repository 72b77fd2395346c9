// Source rewriting: the user's file with each entry point's body replaced by a call into the
// generated code, which is appended; untouched text is preserved byte for byte.
#pragma once

#include "translator/marked_functions.h"

#include "emit/backend.h"
#include "ir/diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace pl::translator {

/// A marked function host code calls, and the Orchestration function that runs it (the
/// function WrapEntryPoints tagged with its name).
struct EntryPoint {
  const clang::FunctionDecl *decl = nullptr; ///< the instantiation (or plain function)
  std::string orchestration;                 ///< IR name of the Orchestration that runs it
};

/// The marked functions host code calls, each with the Orchestration of `final` that
/// WrapEntryPoints tagged with its name (attr host_entry), in source order.
std::vector<EntryPoint> entryPoints(const std::vector<MarkedFunction> &marked,
                                    const ir::Program &final);

struct RewriteOptions {
  std::string outputName;         ///< the file being written (for #line of the generated part)
  std::string generatedNamespace; ///< e.g. pl_gen_<stem>
  std::string generatedCode;      ///< the backend's text (kernels, tables, orchestrations)
};

/// Returns the rewritten main file, or nullopt after reporting errors (e.g. a body that comes
/// from a macro expansion and cannot be rewritten). The text around the user's code (the
/// prologue, each entry's new body, the epilogue after the generated code) is the backend's.
std::optional<std::string> rewriteMainFile(clang::ASTContext &ctx,
                                           const std::vector<EntryPoint> &entries,
                                           const RewriteOptions &opts,
                                           const emit::Backend &backend,
                                           ir::DiagnosticEngine &diags);

/// The files the main file depends on, for --depfile: itself, then everything it includes
/// (sorted by name, so that the depfile is the same on every run). `pchInputs`: the headers read
/// from a PCH (`LoweredFile::pchInputs`), which the SourceManager does not list.
std::vector<std::string> inputDependencies(clang::ASTContext &ctx,
                                           const std::vector<std::string> &pchInputs = {});

} // namespace pl::translator
