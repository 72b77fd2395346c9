// The Clang frontend: runs Clang on user files and lowers every marked function to IR.
#pragma once

#include "translator/marked_functions.h"

#include "ir/diagnostics.h"
#include "ir/function.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace pl::translator {

struct FrontendOptions {
  /// Clang resource directory (builtin headers); fixed at configure time, overridable.
  std::string resourceDir;
  /// Directory holding pl/dsl.hpp, appended as a fallback include path.
  std::string dslIncludeDir;
  /// Where the cached PCH of the first pl header lives (translator/pch_cache.h); empty: every
  /// file is parsed without one (pl-translate --no-pch).
  std::string pchDir;
  /// Codes whose warnings lowering drops (--no-warn; the pipeline gets them through the pass
  /// manager settings).
  std::vector<std::string> noWarn;
};

/// Everything lowered from one input file.
struct LoweredFile {
  std::string file;
  ir::ProgramPtr program; ///< null when the file had errors
  std::vector<MarkedFunction> marked; ///< the marked functions the program was lowered from
  /// The headers the parse read from a cached PCH instead of their text (for the depfile:
  /// `inputDependencies(ctx, pchInputs)` is the same list as without the PCH); empty without one.
  std::vector<std::string> pchInputs;
};

/// Called once per input file while its AST is alive (so rewriting can use it). Diagnostics
/// reported to the engine are printed through Clang afterwards.
using LoweredFileHandler =
    std::function<void(const LoweredFile &, clang::ASTContext &, ir::DiagnosticEngine &)>;

/// Parses each file with the flags from `db`, lowers its marked functions and calls `handler`.
/// Diagnostics (Clang's and ours) are printed clang-style. Returns 0 on success, 1 when any file
/// had errors.
int runFrontend(const clang::tooling::CompilationDatabase &db,
                const std::vector<std::string> &files, const FrontendOptions &opts,
                const LoweredFileHandler &handler);

/// What one translation reads, for the translation cache: the compile command Clang runs (after
/// pl-translate's own adjustments) and every file it opens — the input first, then each header
/// it includes, sorted — found by preprocessing only.
struct TranslationInputs {
  std::vector<std::string> command;
  std::vector<std::string> files;
};

/// Preprocesses `file` with the flags from `db`; nullopt when that fails (the full run reports
/// why). Prints nothing.
std::optional<TranslationInputs> translationInputs(const clang::tooling::CompilationDatabase &db,
                                                   const std::string &file,
                                                   const FrontendOptions &opts);

} // namespace pl::translator
