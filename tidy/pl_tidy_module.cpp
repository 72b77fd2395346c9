// libplTidy: the clang-tidy plugin module with the pl- checks (clang-tidy --load=libplTidy.so).
#include "tidy/translator_check.h"

#include "translator/diagnostic_checks.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace pl::tidy {

namespace {

class PlTidyModule : public clang::tidy::ClangTidyModule {
public:
  /// One factory per entry of the translator's check table; the checks of one run share one
  /// report, so the translation unit is lowered once however many pl- checks are enabled.
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &factories) override {
    std::shared_ptr<TranslationUnitReport> report = makeTranslationUnitReport();
    for (const translator::DiagnosticCheck &c : translator::diagnosticChecks()) {
      bool pipeline = c.needsPipeline;
      factories.registerCheckFactory(
          c.name, [report, pipeline](llvm::StringRef name, clang::tidy::ClangTidyContext *ctx) {
            return std::make_unique<TranslatorCheck>(name, ctx, report, pipeline);
          });
    }
  }
};

} // namespace

} // namespace pl::tidy

// clang-tidy finds plugin modules only through its registry, which is filled by static
// initializers when the library is loaded: the one static registration in pl, because the
// plugin interface has no other entry point.
static clang::tidy::ClangTidyModuleRegistry::Add<pl::tidy::PlTidyModule>
    plTidyModule("pl-module", "checks of the pl translator's frontend on marked functions");
