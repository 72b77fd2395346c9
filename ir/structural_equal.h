// Structural equality and hashing: names ignored, variables compared by binding position.
#pragma once

#include "ir/function.h"

#include <optional>
#include <string>

namespace pl::ir {

/// Two IR trees are equal when they have the same shape, kinds, constants, types, ops and
/// attrs, and variables correspond one-to-one by their binding sites (params, assigns,
/// loop vars, iter_args, return vars). Free variables (used but not bound inside the compared
/// nodes) must be the same object unless `mapFreeVars` is true. A MemRef (and an otherwise
/// unbound MemRef base) is bound on first sight, after its fields compare equal. Names, spans,
/// the compared function's own name and the program name are ignored; Scope name hints are not.
bool structuralEqual(const Program &a, const Program &b);
bool structuralEqual(const Function &a, const Function &b);
bool structuralEqual(const StmtPtr &a, const StmtPtr &b, bool mapFreeVars = false);
bool structuralEqual(const ExprPtr &a, const ExprPtr &b, bool mapFreeVars = false);
bool structuralEqual(const TypePtr &a, const TypePtr &b, bool mapFreeVars = false);

/// Consistent with structuralEqual (identity mode): equal trees hash equally. Binding sites
/// are numbered in traversal order and uses hash by that number; free variables hash by
/// `Var::id()`, so trees equal only under `mapFreeVars` may hash differently.
size_t structuralHash(const Program &p);
size_t structuralHash(const Function &f);
size_t structuralHash(const StmtPtr &s);
size_t structuralHash(const ExprPtr &e);
size_t structuralHash(const TypePtr &t);

/// A human-readable description of the first difference (path + both sides), or nullopt.
/// Path example: `function 'k' > body > stmt[2] (For) > iter_args[0].init: lhs 'x' (var #3)
/// vs rhs 'y' (var #4): different free variables`.
std::optional<std::string> describeMismatch(const Program &a, const Program &b);
std::optional<std::string> describeMismatch(const Function &a, const Function &b);
std::optional<std::string> describeMismatch(const StmtPtr &a, const StmtPtr &b,
                                            bool mapFreeVars = false);
std::optional<std::string> describeMismatch(const ExprPtr &a, const ExprPtr &b,
                                            bool mapFreeVars = false);

} // namespace pl::ir
