// The arith analyzer façade: variable ranges, expression bounds, rewrite simplification,
// `canProve`, and branch facts (ConstraintContext). Used by Simplify and shape proofs.
#pragma once

#include "passes/utils/arith/const_int_bound.h"

#include <vector>

namespace pl::passes::arith {

class Analyzer {
public:
  /// v ∈ b from now on (intersected with what is already known about v).
  void bind(const ir::VarPtr &v, const ConstIntBound &b);
  /// v = value: v gets value's bound (a constant value gives a single point).
  void bindValue(const ir::VarPtr &v, const ir::ExprPtr &value);
  /// Forgets what is known about v.
  void unbind(const ir::VarPtr &v) {
    bounds_.erase(v.get());
    boundCache_.clear();
  }

  /// Cached per node until the ranges change (simplify asks for the bound of every subtree).
  ConstIntBound bound(const ir::ExprPtr &e) const {
    return computeConstIntBound(e, bounds_, boundCache_);
  }
  /// Constant folding (overflow-checked) and the rewrite rules, bottom-up, using the known
  /// ranges and facts. Returns `e` itself when nothing applies.
  ir::ExprPtr simplify(const ir::ExprPtr &e) const;
  /// True when `cond` holds for every value the ranges and facts allow: bounds first, then
  /// the rewrite simplifier. False means "unknown", not "false".
  bool canProve(const ir::ExprPtr &cond) const;

  const VarBoundMap &bounds() const { return bounds_; }
  const std::vector<ir::ExprPtr> &facts() const { return facts_; }

private:
  friend class ConstraintContext;
  VarBoundMap bounds_;
  mutable BoundCache boundCache_; ///< valid for bounds_ as it is; cleared on every change
  std::vector<ir::ExprPtr> facts_; ///< conjuncts known to hold (innermost last)
};

/// RAII: `cond` holds inside the scope (the then branch; pass `negateCondition(c)` for the
/// else branch). Comparisons of a variable with a constant narrow the variable's range;
/// every conjunct is also recorded as a fact that simplify() folds to true (and its negation
/// to false). Everything is restored on destruction.
class ConstraintContext {
public:
  ConstraintContext(Analyzer &a, const ir::ExprPtr &cond);
  ~ConstraintContext();
  ConstraintContext(const ConstraintContext &) = delete;
  ConstraintContext &operator=(const ConstraintContext &) = delete;

private:
  void add(const ir::ExprPtr &fact);
  void narrow(const ir::Var *v, const ConstIntBound &b);

  Analyzer &a_;
  size_t factsBefore_;
  std::vector<std::pair<const ir::Var *, std::optional<ConstIntBound>>> saved_;
};

/// `!cond` in simplified form: comparisons of integers flip, `!!x` → x, De Morgan for && / ||.
ir::ExprPtr negateCondition(const ir::ExprPtr &cond);
/// Whether `e` contains a call or submit (such expressions are never duplicated or dropped).
bool hasCall(const ir::ExprPtr &e);
/// The comparison with its operands swapped (a < b ⇔ b > a); any other op unchanged.
ir::BinaryOp swapComparison(ir::BinaryOp op);

} // namespace pl::passes::arith
