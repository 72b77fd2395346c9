// Thread-local pass context: verification level, instruments, platform, memory planner and
// diagnostics configuration, pushed and popped by an RAII guard.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"
#include "passes/platform.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace pl::passes {

class Pass;
class PassContext;

enum class VerificationLevel : uint8_t { None, Basic, Roundtrip };
std::string_view verificationLevelName(VerificationLevel l); ///< "none", "basic", "roundtrip"
/// Accepts the names above (any case) and "0", "1", "2".
std::optional<VerificationLevel> parseVerificationLevel(std::string_view s);

/// Who places on-chip buffers (reference pass_pipeline.md §4).
enum class MemoryPlanner : uint8_t { PyPTO, DsaRP, PtoAS };
std::string_view memoryPlannerName(MemoryPlanner m); ///< "pypto", "dsa_rp", "ptoas"
std::optional<MemoryPlanner> parseMemoryPlanner(std::string_view s);

/// Hooks around each pass and the whole pipeline. A hook returning false stops the run; it
/// must have reported why to the context's diagnostics first.
class PassInstrument {
public:
  virtual ~PassInstrument() = default;
  virtual std::string_view name() const = 0;
  virtual bool beforePipeline(const ir::Program &, PassContext &) { return true; }
  virtual bool beforePass(const Pass &, const ir::Program &, PassContext &) { return true; }
  virtual bool afterPass(const Pass &, const ir::Program &, PassContext &) { return true; }
  virtual void afterPipeline(const ir::Program &, PassContext &) {}
};

/// Configuration and instruments for running passes. Construct one, configure it, and make it
/// current with a PassContextGuard; `PassContext::current()` is the innermost one on this thread
/// (a default context when none is pushed).
class PassContext {
public:
  /// Verification level defaults to Basic, or to $PL_VERIFY_LEVEL when set and valid.
  PassContext();
  PassContext(const PassContext &) = delete;
  PassContext &operator=(const PassContext &) = delete;

  static PassContext &current();

  VerificationLevel verificationLevel() const { return level_; }
  void setVerificationLevel(VerificationLevel l) { level_ = l; }

  const std::vector<std::shared_ptr<PassInstrument>> &instruments() const { return instruments_; }
  void addInstrument(std::shared_ptr<PassInstrument> i) { instruments_.push_back(std::move(i)); }

  /// The target platform (passes/platform.h; kDefaultPlatform unless set).
  Platform platform() const { return platform_; }
  void setPlatform(Platform p) { platform_ = p; }

  MemoryPlanner memoryPlanner() const { return planner_; }
  void setMemoryPlanner(MemoryPlanner m) { planner_ = m; }

  /// Whether the default pipeline derives task dependencies (AutoDeriveTaskDependencies).
  bool deriveTaskDeps() const { return deriveTaskDeps_; }
  void setDeriveTaskDeps(bool on) { deriveTaskDeps_ = on; }

  /// Whether the default pipeline runs FuseCreateAssembleToSlice (opt-in: unwritten elements of
  /// the fused tensor keep the target's values, where the eager run zero-fills it).
  bool fuseCreateAssemble() const { return fuseCreateAssemble_; }
  void setFuseCreateAssemble(bool on) { fuseCreateAssemble_ = on; }

  /// Warning / perf-hint codes to drop (errors are never dropped).
  const std::set<std::string> &disabledDiagnostics() const { return disabled_; }
  void disableDiagnostic(std::string code);

  /// Where passes, verifiers and instruments report. Defaults to an engine owned by the
  /// context that prints to stderr.
  ir::DiagnosticEngine &diags() { return *diags_; }
  void setDiagnostics(ir::DiagnosticEngine *d);

  /// Reports "internal compiler error in '<where>': <msg>" (code ICE) at `s`, or without one at
  /// the innermost ir::InternalErrorScope's span (the pass's program or function), and
  /// remembers it, so that tools exit with status 2 and tests fail.
  void reportInternalError(std::string_view where, const std::string &msg, const ir::Span &s = {});
  bool hadInternalError() const { return internalErrors_ != 0; }

  /// The last program that passed the round-trip check (held, so its address is not reused):
  /// a pass that returns this very program is not checked again.
  const ir::ProgramPtr &roundtripChecked() const { return roundtripChecked_; }
  void setRoundtripChecked(ir::ProgramPtr p) { roundtripChecked_ = std::move(p); }

private:
  VerificationLevel level_ = VerificationLevel::Basic;
  std::vector<std::shared_ptr<PassInstrument>> instruments_;
  Platform platform_ = kDefaultPlatform;
  MemoryPlanner planner_ = MemoryPlanner::PyPTO;
  bool deriveTaskDeps_ = false;
  bool fuseCreateAssemble_ = false;
  std::set<std::string> disabled_;
  std::unique_ptr<ir::DiagnosticEngine> ownDiags_;
  ir::DiagnosticEngine *diags_;
  unsigned internalErrors_ = 0;
  ir::ProgramPtr roundtripChecked_;
};

/// Makes `ctx` the current context for its lifetime (contexts nest).
class PassContextGuard {
public:
  explicit PassContextGuard(PassContext &ctx);
  ~PassContextGuard();
  PassContextGuard(const PassContextGuard &) = delete;
  PassContextGuard &operator=(const PassContextGuard &) = delete;
};

} // namespace pl::passes
