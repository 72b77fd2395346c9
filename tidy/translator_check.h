// TranslatorCheck: one `pl-` clang-tidy check = one family of the translator's own diagnostics.
//
// Every pl- check reports what pl-translate would report on the functions marked as pl kernels
// (PL_FUNCTION, PL_JIT, PL_INLINE, PL_PROGRAM members): the translator's lowering
// (translator/lower*.cpp) runs once per translation unit on Clang's AST, and, when a check that
// needs it is enabled, the default pass pipeline and the signed-division lint
// (translator/diagnostic_checks.h) on the result. Each check re-reports, at the same location
// and with the translator's fix-its, the diagnostics whose code belongs to it (checkFor).
// Nothing is re-implemented here: a diagnostic pl-translate gives is a pl- diagnostic here.
//
// Options: `Platform` (pl-pipeline, pl-signed-index-division): the target the pipeline checks
// for, as pl-translate --platform (default a2a3sim).
// Test: tests/lit/tidy/ (clang-tidy --load on files with mistakes, one applied fix).
#pragma once

#include "clang-tidy/ClangTidyCheck.h"

#include <memory>

namespace pl::tidy {

/// The translator's diagnostics of the current translation unit, computed on first request
/// and shared by every pl- check of the run; reset at the end of each translation unit.
class TranslationUnitReport;

class TranslatorCheck : public clang::tidy::ClangTidyCheck {
public:
  TranslatorCheck(llvm::StringRef name, clang::tidy::ClangTidyContext *context,
                  std::shared_ptr<TranslationUnitReport> report, bool needsPipeline);
  void registerMatchers(clang::ast_matchers::MatchFinder *finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &result) override;
  void onEndOfTranslationUnit() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &opts) override;
  bool isLanguageVersionSupported(const clang::LangOptions &lo) const override {
    return lo.CPlusPlus20;
  }

private:
  std::shared_ptr<TranslationUnitReport> report_;
  std::string platform_;
};

/// A fresh report for one clang-tidy run; `needsPipeline` checks ask it to run the pipeline.
std::shared_ptr<TranslationUnitReport> makeTranslationUnitReport();

} // namespace pl::tidy
