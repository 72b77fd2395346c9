// Text form printer: a C++-like syntax close to the DSL (full and concise modes).
#pragma once

#include "ir/function.h"

#include <string>

namespace pl::ir {

struct PrintOptions {
  /// Concise: drop per-assignment types (signatures keep theirs). Not re-parseable.
  bool concise = false;
};

std::string printProgram(const Program &p, const PrintOptions &opts = {});
std::string printFunction(const Function &f, const PrintOptions &opts = {});
/// Statements and expressions print with names disambiguated within the printed node only.
std::string printStmt(const StmtPtr &s, const PrintOptions &opts = {});
std::string printExpr(const ExprPtr &e, const PrintOptions &opts = {});
std::string printType(const TypePtr &t, const PrintOptions &opts = {});

} // namespace pl::ir
