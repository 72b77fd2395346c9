// ConstIntBound: an int64 interval [min, max] that contains every value of an integer (or
// bool: 0 / 1) scalar expression, computed from the known ranges of its variables.
#pragma once

#include "ir/expr.h"

#include <cstdint>
#include <limits>
#include <unordered_map>

namespace pl::passes::arith {

struct ConstIntBound {
  /// The ends are infinite when they equal these (arithmetic saturates at them).
  static constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();
  static constexpr int64_t kPosInf = std::numeric_limits<int64_t>::max();
  int64_t min = kNegInf;
  int64_t max = kPosInf;

  static ConstIntBound everything() { return {}; }
  static ConstIntBound single(int64_t v) { return {v, v}; }
  bool isSingle() const { return min == max; }
  bool isEverything() const { return min == kNegInf && max == kPosInf; }
  /// Both ends finite and min <= v <= max for all v in [lo, hi].
  bool within(int64_t lo, int64_t hi) const { return min >= lo && max <= hi; }
  ConstIntBound intersect(const ConstIntBound &o) const {
    return {std::max(min, o.min), std::min(max, o.max)};
  }
  ConstIntBound unite(const ConstIntBound &o) const {
    return {std::min(min, o.min), std::max(max, o.max)};
  }
  bool operator==(const ConstIntBound &) const = default;
};

/// Known ranges of variables, by identity.
using VarBoundMap = std::unordered_map<const ir::Var *, ConstIntBound>;

/// The range an integer dtype can hold (bool: [0, 1]); everything for other dtypes.
ConstIntBound dtypeBound(ir::DataType d);

/// Saturating interval arithmetic (infinite ends stay infinite).
int64_t saturatingAdd(int64_t a, int64_t b);
int64_t saturatingMul(int64_t a, int64_t b);

/// A bound of `e`: from constants, the variables' ranges in `vars` (and their dtypes), and
/// interval rules for + - * floordiv % truncdiv truncmod min max abs neg, casts and comparisons (a comparison that the
/// bounds decide is [1, 1] or [0, 0], otherwise [0, 1]). Everything for unknown shapes.
ConstIntBound computeConstIntBound(const ir::ExprPtr &e, const VarBoundMap &vars);

/// Bounds already computed under one VarBoundMap, by node (the pointer keeps the node alive,
/// so an address is never reused while cached). Clear it whenever the map changes.
using BoundCache = std::unordered_map<const ir::Expr *, std::pair<ir::ExprPtr, ConstIntBound>>;
/// The same, reading and filling `cache` for every Binary / Unary node: the bounds of all the
/// subtrees of an expression cost one walk, not one walk each.
ConstIntBound computeConstIntBound(const ir::ExprPtr &e, const VarBoundMap &vars,
                                   BoundCache &cache);

} // namespace pl::passes::arith
