// The translation of one file: lowering → entry points → pipeline → emit → rewrite.
#pragma once

#include "translator/frontend.h"

#include "emit/backend.h"
#include "ir/diagnostics.h"
#include "passes/tools/pass_manager_flags.h"

#include <optional>
#include <string>
#include <vector>

namespace pl::translator {

enum class EmitKind { File, IR, FinalIR, Kernels, Orchestration, PtoAs };

struct TranslateOptions {
  EmitKind emit = EmitKind::File;
  std::string outputName = "-"; ///< for #line in the generated part
  /// Forwarded to the PassContext; `concise` also applies to --emit=ir / final-ir.
  tools::PassManagerSettings passManager;
  /// Also produce the backend's kernel package (pl-translate --out-dir).
  bool package = false;
};

struct Translation {
  std::string text;                         ///< the rewritten file, or the requested part
  std::vector<emit::GeneratedFile> package; ///< with TranslateOptions::package: the package files
};

/// The default pipeline on a lowered program, configured by `settings` as pl-translate runs it;
/// null after errors (reported to `diags`).
ir::ProgramPtr runDefaultPipeline(const ir::ProgramPtr &program,
                                  const tools::PassManagerSettings &settings,
                                  ir::DiagnosticEngine &diags);

/// Translates one lowered file while its AST is alive. Returns what to write, or nullopt after
/// reporting errors to `diags`.
std::optional<Translation> translateFile(const LoweredFile &lf, clang::ASTContext &ctx,
                                         const TranslateOptions &opts, ir::DiagnosticEngine &diags);

/// The namespace of the code generated for the main file: `pl_gen_<stem>`, with every character
/// of the stem that is not a letter or digit replaced by '_'.
std::string generatedNamespace(clang::ASTContext &ctx);

} // namespace pl::translator
