// Thread-local PassContext stack and the verification-level / planner spellings.
#include "passes/pass_context.h"

#include "ir/enum_names.h"
#include "ir/internal_error.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace pl::passes {

namespace {
thread_local std::vector<PassContext *> contextStack;

constexpr std::string_view kVerificationLevels[] = {"none", "basic", "roundtrip"};
constexpr std::string_view kMemoryPlanners[] = {"pypto", "dsa_rp", "ptoas"};

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

/// $PL_VERIFY_LEVEL, when set; an invalid value is reported once and ignored.
std::optional<VerificationLevel> envVerificationLevel() {
  const char *v = std::getenv("PL_VERIFY_LEVEL");
  if (!v || !*v)
    return std::nullopt;
  auto l = parseVerificationLevel(v);
  static bool warned = false;
  if (!l && !warned) {
    warned = true;
    llvm::errs() << "warning: ignoring PL_VERIFY_LEVEL='" << v
                 << "'; expected none, basic or roundtrip\n";
  }
  return l;
}
} // namespace

std::string_view verificationLevelName(VerificationLevel l) {
  return ir::nameIn(kVerificationLevels, l);
}

/// Case-insensitive; a level is also spelled by its number (0, 1, 2).
std::optional<VerificationLevel> parseVerificationLevel(std::string_view s) {
  static constexpr std::string_view kNumbers[] = {"0", "1", "2"};
  std::string l = lower(s);
  if (auto n = ir::parseEnum<VerificationLevel>(kNumbers, l))
    return n;
  return ir::parseEnum<VerificationLevel>(kVerificationLevels, l);
}

std::string_view memoryPlannerName(MemoryPlanner m) { return ir::nameIn(kMemoryPlanners, m); }

/// Case-insensitive; "dsarp" is an alias of "dsa_rp".
std::optional<MemoryPlanner> parseMemoryPlanner(std::string_view s) {
  std::string l = lower(s);
  if (l == "dsarp")
    return MemoryPlanner::DsaRP;
  return ir::parseEnum<MemoryPlanner>(kMemoryPlanners, l);
}

PassContext::PassContext()
    : ownDiags_(std::make_unique<ir::DiagnosticEngine>()), diags_(ownDiags_.get()) {
  ownDiags_->setStream(&llvm::errs());
  if (auto l = envVerificationLevel())
    level_ = *l;
}

PassContext &PassContext::current() {
  if (!contextStack.empty())
    return *contextStack.back();
  thread_local PassContext fallback;
  return fallback;
}

void PassContext::disableDiagnostic(std::string code) {
  diags_->disable(code);
  disabled_.insert(std::move(code));
}

void PassContext::setDiagnostics(ir::DiagnosticEngine *d) {
  diags_ = d ? d : ownDiags_.get();
  for (auto &c : disabled_)
    diags_->disable(c);
}

void PassContext::reportInternalError(std::string_view where, const std::string &msg,
                                      const ir::Span &s) {
  ++internalErrors_;
  // Never unlocated: without a node of its own the ICE names the unit the pass works on.
  ir::Span at = s.valid() ? s : ir::InternalErrorScope::currentSpan();
  diags_->error(ir::kInternalErrorCode, at,
                "internal compiler error in '" + std::string(where) + "': " + msg);
}

PassContextGuard::PassContextGuard(PassContext &ctx) { contextStack.push_back(&ctx); }
PassContextGuard::~PassContextGuard() { contextStack.pop_back(); }

} // namespace pl::passes
