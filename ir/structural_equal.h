// Structural equality and hashing: names ignored, variables compared by binding position.
#pragma once

#include "ir/function.h"

#include <optional>
#include <string>

namespace pl::ir {

/// Two IR trees are equal when they have the same shape, kinds, constants, types, ops and
/// attrs, and variables correspond one-to-one by their binding sites (params, assigns,
/// loop vars, iter_args, return vars). Free variables (used but not bound inside the compared
/// nodes) must be the same object unless `mapFreeVars` is true.
bool structuralEqual(const Program &a, const Program &b);
bool structuralEqual(const Function &a, const Function &b);
bool structuralEqual(const StmtPtr &a, const StmtPtr &b, bool mapFreeVars = false);
bool structuralEqual(const ExprPtr &a, const ExprPtr &b, bool mapFreeVars = false);
bool structuralEqual(const TypePtr &a, const TypePtr &b, bool mapFreeVars = false);

/// Consistent with structuralEqual: equal trees hash equally.
size_t structuralHash(const Program &p);
size_t structuralHash(const Function &f);
size_t structuralHash(const StmtPtr &s);
size_t structuralHash(const ExprPtr &e);

/// A human-readable description of the first difference (path + both sides), or nullopt.
std::optional<std::string> describeMismatch(const Program &a, const Program &b);

} // namespace pl::ir
