// The diagnostic catalogue as a sorted table (see diagnostic_catalog.h).
#include "ir/diagnostic_catalog.h"

#include <algorithm>
#include <array>

namespace pl::ir {

namespace {

#define PL_DIAG(code, severity, layers, doc, meaning)                                              \
  DiagnosticInfo{#code, DiagnosticKind::severity, layers, doc, meaning, false},
#define PL_DIAG_RESERVED(code, severity, layers, doc, meaning)                                     \
  DiagnosticInfo{#code, DiagnosticKind::severity, layers, doc, meaning, true},
constexpr DiagnosticInfo kCatalog[] = {
#include "ir/diagnostics.def"
};
#undef PL_DIAG_RESERVED

constexpr size_t kCount = std::size(kCatalog);

/// The entries ordered by code, for lookup (the .def orders them by group).
const std::array<const DiagnosticInfo *, kCount> &byCode() {
  static const std::array<const DiagnosticInfo *, kCount> sorted = [] {
    std::array<const DiagnosticInfo *, kCount> a{};
    for (size_t i = 0; i < kCount; ++i)
      a[i] = &kCatalog[i];
    std::sort(a.begin(), a.end(), [](auto *x, auto *y) { return x->code < y->code; });
    return a;
  }();
  return sorted;
}

} // namespace

std::span<const DiagnosticInfo> diagnosticCatalog() { return kCatalog; }

const DiagnosticInfo *findDiagnostic(std::string_view code) {
  const auto &a = byCode();
  auto it =
      std::lower_bound(a.begin(), a.end(), code,
                       [](const DiagnosticInfo *d, std::string_view c) { return d->code < c; });
  return it != a.end() && (*it)->code == code ? *it : nullptr;
}

std::string_view diagnosticKindName(DiagnosticKind k) {
  switch (k) {
  case DiagnosticKind::Error:
    return "error";
  case DiagnosticKind::Warning:
    return "warning";
  case DiagnosticKind::ErrorOrWarning:
    return "error or warning";
  case DiagnosticKind::PerfHint:
    return "perf hint";
  case DiagnosticKind::Note:
    return "note";
  }
  return "error";
}

bool canSilence(const DiagnosticInfo &d) {
  return d.kind == DiagnosticKind::Warning || d.kind == DiagnosticKind::ErrorOrWarning ||
         d.kind == DiagnosticKind::PerfHint;
}

std::string explainDiagnostic(const DiagnosticInfo &d) {
  std::string out(d.code);
  out += " (";
  out += d.reserved ? "reserved" : diagnosticKindName(d.kind);
  out += "; ";
  out += d.layers;
  out += "): ";
  out += d.meaning;
  out += "\n  see docs/";
  out += d.doc;
  out += "\n";
  return out;
}

} // namespace pl::ir
