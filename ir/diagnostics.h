// Diagnostics engine: Error / Warning / PerfHint with stable codes, spans, source line and caret.
#pragma once

#include "ir/span.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace pl::ir {

enum class Severity { Error, Warning, PerfHint, Note };

/// A suggested edit that resolves a diagnostic: the text from `range`'s line:col up to its
/// endLine:endCol (exclusive; equal to the start for an insertion) becomes `text`. The frontend
/// attaches them; pl-translate prints them, exports them (--export-fixes) and libplTidy applies
/// them (--fix).
struct FixIt {
  Span range;
  std::string text;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string code; ///< Stable code, e.g. "P001" (parser), "T101" (type), "V401" (verifier).
  std::string message;
  Span span;
  std::vector<std::pair<Span, std::string>> notes;
  std::vector<FixIt> fixits = {};
};

/// Collects diagnostics and prints them clang-style:
///   file:line:col: error: message [CODE]
///     source line
///         ^
class DiagnosticEngine {
public:
  DiagnosticEngine() = default;
  DiagnosticEngine(const DiagnosticEngine &) = delete;
  DiagnosticEngine &operator=(const DiagnosticEngine &) = delete;

  void report(Diagnostic d);
  void error(std::string code, const Span &span, std::string message) {
    report({Severity::Error, std::move(code), std::move(message), span, {}});
  }
  void warning(std::string code, const Span &span, std::string message) {
    report({Severity::Warning, std::move(code), std::move(message), span, {}});
  }
  void perfHint(std::string code, const Span &span, std::string message) {
    report({Severity::PerfHint, std::move(code), std::move(message), span, {}});
  }

  /// Registers the text of a file so that source lines can be shown without disk access
  /// (also used for in-memory inputs such as IR text given as a string).
  void addSourceBuffer(const std::string &file, std::string contents);
  /// Codes listed here are dropped (warnings and perf hints only; errors are never dropped).
  void disable(const std::string &code) { disabled_.insert(code); }
  /// Where diagnostics are printed as they arrive; nullptr (the default) only collects.
  void setStream(llvm::raw_ostream *os) { os_ = os; }

  const std::vector<Diagnostic> &diagnostics() const { return diags_; }
  unsigned errorCount() const { return errors_; }
  bool hasErrors() const { return errors_ != 0; }
  void clear() {
    diags_.clear();
    errors_ = 0;
  }

  /// Formats one diagnostic with its source line and caret.
  std::string format(const Diagnostic &d) const;
  /// All collected diagnostics, formatted, in order.
  std::string formatAll() const;

private:
  std::string sourceLine(const Span &span) const;

  std::vector<Diagnostic> diags_;
  unsigned errors_ = 0;
  std::set<std::string> disabled_;
  mutable std::map<std::string, std::string> buffers_;
  llvm::raw_ostream *os_ = nullptr;
};

const char *severityName(Severity s);

} // namespace pl::ir

/// Internal invariant check: aborts with "internal compiler error in <where>: <msg>".
#define PL_CHECK(cond, where, msg)                                                                 \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      ::pl::ir::internalError((where), (msg), __FILE__, __LINE__);                                 \
  } while (0)

namespace pl::ir {
[[noreturn]] void internalError(const std::string &where, const std::string &msg, const char *file,
                                int line);
}
