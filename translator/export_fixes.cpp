// The translator's diagnostics as clang::tooling::Diagnostic records, printed as YAML.
#include "translator/export_fixes.h"
#include "translator/diagnostic_checks.h"
#include "translator/source_location.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace pl::translator {

namespace {

clang::tooling::Diagnostic::Level levelOf(ir::Severity s) {
  switch (s) {
  case ir::Severity::Error:
    return clang::tooling::Diagnostic::Error;
  case ir::Severity::Warning:
    return clang::tooling::Diagnostic::Warning;
  default:
    return clang::tooling::Diagnostic::Remark;
  }
}

clang::tooling::DiagnosticMessage message(clang::SourceManager &sm, const ir::Span &span,
                                          const std::string &text) {
  clang::SourceLocation loc = toSourceLocation(sm, span);
  if (loc.isInvalid())
    return clang::tooling::DiagnosticMessage(text);
  return clang::tooling::DiagnosticMessage(text, sm, loc);
}

} // namespace

void FixExporter::add(const ir::DiagnosticEngine &diags, clang::SourceManager &sm,
                      const std::string &file) {
  if (tu_.MainSourceFile.empty())
    tu_.MainSourceFile = file;
  for (const ir::Diagnostic *d : uniqueDiagnostics(diags)) {
    clang::tooling::DiagnosticMessage msg =
        message(sm, d->span, d->message + (d->code.empty() ? "" : " [" + d->code + "]"));
    for (const ir::FixIt &f : d->fixits) {
      clang::CharSourceRange r = toCharRange(sm, f.range);
      if (r.isInvalid())
        continue;
      clang::tooling::Replacement rep(sm, r, f.text);
      if (llvm::Error e = msg.Fix[rep.getFilePath()].add(rep))
        llvm::consumeError(std::move(e)); // overlapping edits: keep the first
    }
    llvm::SmallVector<clang::tooling::DiagnosticMessage, 1> notes;
    for (const auto &[span, note] : d->notes)
      notes.push_back(message(sm, span, note));
    llvm::SmallString<256> cwd;
    (void)llvm::sys::fs::current_path(cwd); // resolves relative FilePaths
    tu_.Diagnostics.emplace_back(checkFor(d->code), msg, notes, levelOf(d->severity), cwd);
  }
}

std::string FixExporter::yaml() {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::yaml::Output y(os);
  y << tu_;
  os.flush();
  return out;
}

} // namespace pl::translator
