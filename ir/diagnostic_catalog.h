// The diagnostic catalogue (ir/diagnostics.def) as data: every code pl reports, its severity,
// the layers that emit it, its one-line meaning and the page explaining it. Read by the tools'
// --explain and --no-warn (passes/tools/pass_manager_flags.h); docs/diagnostics.md is generated
// from the same lines (.ci/diagnostics.py).
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace pl::ir {

/// How a code is reported (the .def's Severity column).
enum class DiagnosticKind { Error, Warning, ErrorOrWarning, PerfHint, Note };

struct DiagnosticInfo {
  std::string_view code;
  DiagnosticKind kind;
  std::string_view layers;  ///< space-separated folders: translator dsl passes ir emit tidy
  std::string_view doc;     ///< docs/<page>.md#<section>
  std::string_view meaning; ///< one line
  bool reserved;            ///< emitted by nothing (retired or kept unused)
};

/// Every catalogue entry, in the .def's order.
std::span<const DiagnosticInfo> diagnosticCatalog();
/// The entry of `code`, or nullptr when the catalogue has none.
const DiagnosticInfo *findDiagnostic(std::string_view code);
/// "error", "warning", "error or warning", "perf hint", "note".
std::string_view diagnosticKindName(DiagnosticKind k);
/// True for the codes --no-warn may silence: those that can be reported as a warning or perf
/// hint (the engine drops only those; an error is never silenced).
bool canSilence(const DiagnosticInfo &d);
/// --explain's text: "F375 (error; translator): <meaning>\n  see docs/<page>.md#<section>\n".
std::string explainDiagnostic(const DiagnosticInfo &d);

} // namespace pl::ir
