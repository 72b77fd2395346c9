// Expression nesting depth: the limit every frontend enforces before the recursive walks run.
#pragma once

#include "ir/expr.h"

namespace pl::ir {

/// The deepest expression tree accepted (parser: P015, pipeline input: PM002). The printer,
/// the verifiers and the passes walk expressions recursively; this bound keeps them within
/// the stack (a sum of 4,000 terms is 4,000 deep).
constexpr unsigned kMaxExprDepth = 4096;

/// The first node, in post-order, whose tree is deeper than `limit` levels (a leaf is one
/// level), or nullptr. Iterative: safe on trees of any depth; shared subtrees count once.
const Expr *findExprDeeperThan(const Expr &e, unsigned limit = kMaxExprDepth);
inline const Expr *findExprDeeperThan(const ExprPtr &e, unsigned limit = kMaxExprDepth) {
  return e ? findExprDeeperThan(*e, limit) : nullptr;
}

} // namespace pl::ir
