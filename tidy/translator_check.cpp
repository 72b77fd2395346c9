// TranslatorCheck and the per-translation-unit report it shares with the other pl- checks.
#include "tidy/translator_check.h"

#include "translator/diagnostic_checks.h"
#include "translator/lower.h"
#include "translator/source_location.h"
#include "translator/translate.h"

#include "ir/op_registry.h"
#include "passes/platform.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

namespace pl::tidy {

class TranslationUnitReport {
public:
  /// A check that needs the pipeline on `platform` is enabled.
  void requirePipeline(passes::Platform platform) {
    pipeline_ = true;
    platform_ = platform;
  }

  /// What the translator reports on `ctx`: lowering, then (when asked for and the lowering had
  /// no errors) the default pipeline and the signed-division lint. Computed once per TU.
  const std::vector<const ir::Diagnostic *> &diagnostics(clang::ASTContext &ctx) {
    if (done_)
      return unique_;
    done_ = true;
    // Clang already explained an error, and the AST may be incomplete (as in pl-translate).
    if (ctx.getDiagnostics().hasErrorOccurred())
      return unique_;
    ir::registerAllOps();
    std::vector<translator::MarkedFunction> marked;
    ir::ProgramPtr program = translator::lowerTranslationUnit(ctx, diags_, marked);
    if (program && !diags_.hasErrors() && pipeline_) {
      tools::PassManagerSettings settings;
      settings.platform = platform_;
      if (ir::ProgramPtr final = translator::runDefaultPipeline(program, settings, diags_))
        translator::reportSignedDivisions(*final, diags_);
    }
    unique_ = translator::uniqueDiagnostics(diags_);
    return unique_;
  }

  void reset() {
    done_ = false;
    diags_.clear();
    unique_.clear();
  }

private:
  bool pipeline_ = false;
  passes::Platform platform_ = passes::kDefaultPlatform;
  bool done_ = false;
  ir::DiagnosticEngine diags_;
  std::vector<const ir::Diagnostic *> unique_;
};

std::shared_ptr<TranslationUnitReport> makeTranslationUnitReport() {
  return std::make_shared<TranslationUnitReport>();
}

TranslatorCheck::TranslatorCheck(llvm::StringRef name, clang::tidy::ClangTidyContext *context,
                                 std::shared_ptr<TranslationUnitReport> report, bool needsPipeline)
    : ClangTidyCheck(name, context), report_(std::move(report)),
      platform_(
          Options.getLocalOrGlobal("Platform", passes::platformName(passes::kDefaultPlatform))) {
  if (!needsPipeline)
    return;
  std::optional<passes::Platform> p = passes::parsePlatform(platform_);
  if (!p) {
    configurationDiag("invalid Platform '%0' for %1; expected a2a3sim, a5sim, a2a3 or a5")
        << platform_ << name;
    p = passes::kDefaultPlatform;
  }
  report_->requirePipeline(*p);
}

void TranslatorCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &opts) {
  Options.store(opts, "Platform", platform_);
}

void TranslatorCheck::registerMatchers(clang::ast_matchers::MatchFinder *finder) {
  finder->addMatcher(clang::ast_matchers::translationUnitDecl().bind("tu"), this);
}

void TranslatorCheck::check(const clang::ast_matchers::MatchFinder::MatchResult &result) {
  clang::ASTContext &ctx = *result.Context;
  clang::SourceManager &sm = ctx.getSourceManager();
  for (const ir::Diagnostic *d : report_->diagnostics(ctx)) {
    if (getID() != translator::checkFor(d->code))
      continue;
    clang::DiagnosticIDs::Level level = clang::DiagnosticIDs::Warning;
    if (d->severity == ir::Severity::Error)
      level = clang::DiagnosticIDs::Error;
    else if (d->severity == ir::Severity::Note)
      level = clang::DiagnosticIDs::Note;
    {
      clang::DiagnosticBuilder b = diag(translator::toSourceLocation(sm, d->span), "%0", level)
                                   << (d->message + (d->code.empty() ? "" : " [" + d->code + "]"));
      for (const ir::FixIt &f : d->fixits)
        if (clang::CharSourceRange r = translator::toCharRange(sm, f.range); r.isValid())
          b << clang::FixItHint::CreateReplacement(r, f.text);
    }
    for (const auto &[span, note] : d->notes)
      diag(translator::toSourceLocation(sm, span), "%0", clang::DiagnosticIDs::Note) << note;
  }
}

void TranslatorCheck::onEndOfTranslationUnit() { report_->reset(); }

} // namespace pl::tidy
