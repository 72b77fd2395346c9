// Text form printer: a C++-like syntax close to the DSL (full and concise modes).
// The syntax is documented in docs/ir.md; ir/parser.h reads it back.
#pragma once

#include "ir/function.h"

#include <string>

namespace pl::ir {

struct PrintOptions {
  /// Concise: drop the types of assignments and other local binders (signatures keep theirs).
  /// The parser accepts it (types are then deduced), but only full mode round-trips exactly.
  bool concise = false;
};

std::string printProgram(const Program &p, const PrintOptions &opts = {});
/// A function alone; variables it uses but never binds are declared before it.
std::string printFunction(const Function &f, const PrintOptions &opts = {});
/// Statements and expressions print with names disambiguated within the printed node only.
std::string printStmt(const StmtPtr &s, const PrintOptions &opts = {});
std::string printExpr(const ExprPtr &e, const PrintOptions &opts = {});
std::string printType(const TypePtr &t, const PrintOptions &opts = {});

// ---- Conventions shared by the printer and the parser ------------------------------------------
// The parser gives each expression the type these rules (or Binary::make & co, makeOpCall)
// deduce; the printer writes an explicit ascription `(e : T)` whenever a node's type differs.

/// Type of a call to a function with these return types: the single type, else a tuple.
TypePtr functionCallType(const std::vector<TypePtr> &returnTypes);
/// Type of a Submit whose callee yields `calleeResult`: tuple(results..., task_id).
TypePtr submitResultType(const TypePtr &calleeResult);
/// Shortest decimal spelling that reads back to exactly `v` (always has '.', 'e', inf or nan).
std::string formatDouble(double v);

} // namespace pl::ir
