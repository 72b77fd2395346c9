// The pass-manager flags pl-opt and pl-translate share: one definition of each (name, help
// text, parsing, validation, messages) and the PassContext configuration they map to.
#pragma once

#include "passes/pass_context.h"
#include "passes/platform.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace pl::tools {

/// What the shared flags set, as a tool forwards it to the pass manager.
struct PassManagerSettings {
  /// nullopt: the PassContext's default ($PL_VERIFY_LEVEL, else basic).
  std::optional<passes::VerificationLevel> verify;
  passes::Platform platform = passes::kDefaultPlatform;
  std::vector<std::string> printAfter; ///< pass ids (known: validated)
  bool printAfterAll = false;
  std::string dumpDir; ///< empty: no dumps
  bool timePasses = false;
  bool concise = false; ///< IR printed without per-assignment types (output and instruments)
  bool deriveTaskDeps = false;     ///< the pipeline's AutoDeriveTaskDependencies analyses
  bool fuseCreateAssemble = false; ///< the pipeline runs FuseCreateAssembleToSlice
  /// Codes whose warnings are dropped (--no-warn; validated: catalogued codes that can be
  /// warnings, ir/diagnostics.def). Errors are never dropped.
  std::vector<std::string> noWarn;
};

/// Sets the verification level and platform of `ctx` and adds the instruments the settings ask
/// for (print-after and timing report to stderr, dumps to the directory).
void configurePassContext(passes::PassContext &ctx, const PassManagerSettings &s);

/// The shared flags, registered in `category`: --verify, --platform, --print-after,
/// --print-after-all, --dump-dir, --time-passes, --concise, --derive-task-deps,
/// --fuse-create-assemble, --no-warn and --explain (the diagnostic catalogue's). Construct after
/// renameClashingLLVMOptions (libLLVM registers options with some of these names).
class PassManagerFlags {
public:
  /// `acceptPlatform` selects the platforms this tool takes (nullptr: all); the --platform
  /// help text and its error message list exactly those.
  PassManagerFlags(llvm::cl::OptionCategory &category, passes::PlatformFilter acceptPlatform);

  /// The usage error of the first invalid value (unknown verification level, platform or pass
  /// id), or an empty string.
  std::string validate() const;
  /// The settings; only after validate() returned an empty string.
  PassManagerSettings settings() const;

  bool concise() const { return concise_; }

  /// --explain=CODE: nullopt when not given; else the exit status after printing the code's
  /// catalogue entry to `out` (0) or the usage error of an unknown code to `err` (2), as
  /// `<tool>: error: ...`.
  std::optional<int> explain(llvm::raw_ostream &out, llvm::raw_ostream &err,
                             llvm::StringRef tool) const;

private:
  passes::PlatformFilter acceptPlatform_;
  std::string platformHelp_; // cl::desc keeps a reference: declared before platform_
  llvm::cl::opt<std::string> verify_;
  llvm::cl::opt<std::string> platform_;
  llvm::cl::list<std::string> printAfter_;
  llvm::cl::opt<bool> printAfterAll_;
  llvm::cl::opt<std::string> dumpDir_;
  llvm::cl::opt<bool> timePasses_;
  llvm::cl::opt<bool> concise_;
  llvm::cl::opt<bool> deriveTaskDeps_;
  llvm::cl::opt<bool> fuseCreateAssemble_;
  llvm::cl::list<std::string> noWarn_;
  llvm::cl::opt<std::string> explain_;
};

/// Moves libLLVM's options named like the shared flags or like `toolNames` out of the way (to
/// hidden --llvm-<name>), so that the tools' own options can take those names.
void renameClashingLLVMOptions(llvm::ArrayRef<const char *> toolNames);

} // namespace pl::tools
