// Pass lookup by id and parsing of pass lists such as "dce,verify{properties=SSAForm}".
#pragma once

#include "passes/pipeline.h"

#include <string_view>

namespace pl::passes {

struct PassCatalogEntry {
  const PassInfo &info; ///< passInfo(): id, class name, summary, properties
  Pass (*create)(PassOptions &opts);
};

/// Every pass of passes/passes.def, in catalogue order.
const std::vector<PassCatalogEntry> &passCatalog();
/// nullptr when unknown.
const PassCatalogEntry *findPass(std::string_view id);
/// "dce, verify" — for error messages.
std::string validPassIds();

/// Creates one pass from `id{key=value key=value}` (braces optional). Unknown ids, unknown
/// options and invalid values are reported (code PM002 / PM003); nullopt then.
std::optional<Pass> createPassFromSpec(std::string_view spec, ir::DiagnosticEngine &diags);
/// Parses a comma-separated list of specs (commas inside braces belong to the options) and
/// appends the passes; false after reporting the first bad spec.
bool parsePassList(std::string_view list, Pipeline &out, ir::DiagnosticEngine &diags);

} // namespace pl::passes
