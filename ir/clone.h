// Deep clone: a copy of a function/statement with a fresh Var for every binding site.
#pragma once

#include "ir/function.h"

#include <unordered_map>

namespace pl::ir {

/// Old binding Var → its replacement.
using VarMap = std::unordered_map<const Var *, VarPtr>;

/// Clones f with fresh variables (same names). Structurally equal to f, shares no Var.
FunctionPtr deepClone(const FunctionPtr &f);
/// Clones a statement: binding sites inside s get fresh Vars (recorded in `map`); uses of
/// variables found in `map` on entry are replaced too, which lets callers substitute free vars.
StmtPtr deepClone(const StmtPtr &s, VarMap &map);

} // namespace pl::ir
