// Constant integer bounds by interval arithmetic (see const_int_bound.h).
#include "passes/utils/arith/const_int_bound.h"

#include "passes/utils/arith/const_fold.h"

#include <algorithm>

namespace pl::passes::arith {

using namespace ir;
using B = ConstIntBound;

ConstIntBound dtypeBound(DataType d) {
  if (d == DataType::Bool)
    return {0, 1};
  if (!isIntLike(d) || d == DataType::Index || d == DataType::Int64)
    return B::everything();
  unsigned bits = dtypeBits(d);
  if (isUnsignedInt(d))
    return {0, bits >= 63 ? B::kPosInf : (int64_t(1) << bits) - 1};
  return {-(int64_t(1) << (bits - 1)), (int64_t(1) << (bits - 1)) - 1};
}

int64_t saturatingAdd(int64_t a, int64_t b) {
  if (a == B::kNegInf || b == B::kNegInf)
    return B::kNegInf;
  if (a == B::kPosInf || b == B::kPosInf)
    return B::kPosInf;
  auto r = checkedAdd(a, b);
  return r ? *r : (a > 0 ? B::kPosInf : B::kNegInf);
}

int64_t saturatingMul(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  bool neg = (a < 0) != (b < 0);
  bool inf = a == B::kNegInf || a == B::kPosInf || b == B::kNegInf || b == B::kPosInf;
  auto r = inf ? std::nullopt : checkedMul(a, b);
  return r ? *r : (neg ? B::kNegInf : B::kPosInf);
}

namespace {

int64_t negate(int64_t v) {
  if (v == B::kNegInf)
    return B::kPosInf;
  if (v == B::kPosInf)
    return B::kNegInf;
  return -v;
}

B add(B a, B b) { return {saturatingAdd(a.min, b.min), saturatingAdd(a.max, b.max)}; }
B neg(B a) { return {negate(a.max), negate(a.min)}; }

/// The bound of `op` over a x b from its four corners: exact when `op` is monotone in each
/// operand (mul; a division on either side of 0).
template <class Op> B corners(B a, B b, Op op) {
  int64_t c[4] = {op(a.min, b.min), op(a.min, b.max), op(a.max, b.min), op(a.max, b.max)};
  return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
}

B mul(B a, B b) { return corners(a, b, saturatingMul); }

/// Division by a divisor range that excludes 0, rounding as `checked` does; `byInfinity(x, y)`
/// is the quotient of a finite x by an infinite y.
template <class ByInfinity>
B divide(B a, B b, std::optional<int64_t> (*checked)(int64_t, int64_t), ByInfinity byInfinity) {
  if (b.min <= 0 && b.max >= 0)
    return B::everything();
  return corners(a, b, [&](int64_t x, int64_t y) -> int64_t {
    if (x == B::kNegInf || x == B::kPosInf)
      return (x < 0) != (y < 0) ? B::kNegInf : B::kPosInf;
    if (y == B::kNegInf || y == B::kPosInf)
      return byInfinity(x, y);
    auto q = checked(x, y);
    return q ? *q : B::kPosInf;
  });
}

/// Floor division by a divisor range that excludes 0.
B floorDiv(B a, B b) {
  return divide(a, b, checkedFloorDiv, [](int64_t x, int64_t y) -> int64_t {
    return x == 0 ? 0 : ((x < 0) != (y < 0) ? -1 : 0);
  });
}

B floorMod(B a, B b) {
  if (b.min > 0 && b.max != B::kPosInf) {
    if (a.min >= 0 && a.max < b.min)
      return a; // x % c == x when 0 <= x < c
    return {0, b.max - 1};
  }
  if (b.max < 0 && b.min != B::kNegInf)
    return {b.min + 1, 0};
  return B::everything();
}

/// Division rounding toward zero (C++ `/`) by a divisor range that excludes 0: the quotient is
/// monotone in each operand on each side of 0, so the corners bound it.
B truncDiv(B a, B b) {
  return divide(a, b, checkedTruncDiv, [](int64_t, int64_t) -> int64_t { return 0; });
}

/// Remainder of C++ `%`: it has the dividend's sign, |r| <= |a| and |r| < |b| (a zero divisor
/// is undefined, so only the non-zero divisors count).
B truncMod(B a, B b) {
  bool spansZero = b.min <= 0 && b.max >= 0;
  int64_t absMax = std::max(negate(b.min), b.max);
  if (absMax == 0)
    return B::everything();
  int64_t m = absMax == B::kPosInf ? B::kPosInf : absMax - 1;
  int64_t absMin = spansZero ? 0 : b.min > 0 ? b.min : negate(b.max);
  if (a.min >= 0 && a.max < absMin)
    return a; // x % c == x when 0 <= x < |c|
  return {a.min < 0 ? std::max(a.min, negate(m)) : 0, a.max > 0 ? std::min(a.max, m) : 0};
}

/// [1,1] when the comparison holds for all values, [0,0] when never, else [0,1].
B compare(BinaryOp op, B a, B b) {
  auto decided = [](bool t, bool f) { return t ? B{1, 1} : f ? B{0, 0} : B{0, 1}; };
  switch (op) {
  case BinaryOp::Lt: return decided(a.max < b.min, a.min >= b.max);
  case BinaryOp::Le: return decided(a.max <= b.min, a.min > b.max);
  case BinaryOp::Gt: return decided(a.min > b.max, a.max <= b.min);
  case BinaryOp::Ge: return decided(a.min >= b.max, a.max < b.min);
  case BinaryOp::Eq:
    return decided(a.isSingle() && a == b && a.min != B::kNegInf && a.min != B::kPosInf,
                   a.max < b.min || b.max < a.min);
  case BinaryOp::Ne:
    return decided(a.max < b.min || b.max < a.min,
                   a.isSingle() && a == b && a.min != B::kNegInf && a.min != B::kPosInf);
  default: return {0, 1};
  }
}

B logical(BinaryOp op, B a, B b) {
  if (op == BinaryOp::And)
    return {std::min(a.min, b.min) > 0 ? 1 : 0, a.max > 0 && b.max > 0 ? 1 : 0};
  if (op == BinaryOp::Or)
    return {a.min > 0 || b.min > 0 ? 1 : 0, a.max > 0 || b.max > 0 ? 1 : 0};
  return {0, 1};
}

/// The bound of a value computed in a dtype with range `t`: a result that may leave the range
/// wraps somewhere inside it.
B wrapTo(B r, B t) { return r.within(t.min, t.max) ? r : t; }

class BoundComputer {
public:
  BoundComputer(const VarBoundMap &vars, BoundCache *cache) : vars_(vars), cache_(cache) {}
  B of(const ExprPtr &e) {
    if (!cache_ || !e || (e->kind() != ExprKind::Binary && e->kind() != ExprKind::Unary))
      return compute(e);
    if (auto it = cache_->find(e.get()); it != cache_->end())
      return it->second.second;
    B b = compute(e);
    cache_->emplace(e.get(), std::make_pair(e, b));
    return b;
  }

private:
  B compute(const ExprPtr &e);
  B binary(const Binary &b);
  B unary(const Unary &u);
  const VarBoundMap &vars_;
  BoundCache *cache_;
};

B BoundComputer::compute(const ExprPtr &e) {
  if (!e)
    return B::everything();
  auto dt = scalarDType(e->type());
  B typeBound = dt ? dtypeBound(*dt) : B::everything();
  switch (e->kind()) {
  case ExprKind::ConstInt: {
    int64_t v = static_cast<const ConstInt &>(*e).value();
    // A 64-bit unsigned constant past INT64_MAX is stored as its bit pattern (negative).
    return dt && isUnsignedInt(*dt) && v < 0 ? typeBound : B::single(v);
  }
  case ExprKind::ConstBool: return B::single(static_cast<const ConstBool &>(*e).value());
  case ExprKind::Var: {
    auto it = vars_.find(static_cast<const Var *>(e.get()));
    return it == vars_.end() ? typeBound : typeBound.intersect(it->second);
  }
  case ExprKind::Binary: return wrapTo(binary(static_cast<const Binary &>(*e)), typeBound);
  case ExprKind::Unary: return wrapTo(unary(static_cast<const Unary &>(*e)), typeBound);
  default: return typeBound;
  }
}

B BoundComputer::binary(const Binary &b) {
  B l = of(b.lhs()), r = of(b.rhs());
  switch (b.op()) {
  case BinaryOp::Add: return add(l, r);
  case BinaryOp::Sub: return add(l, neg(r));
  case BinaryOp::Mul: return mul(l, r);
  case BinaryOp::FloorDiv: return floorDiv(l, r);
  case BinaryOp::FloorMod: return floorMod(l, r);
  case BinaryOp::TruncDiv: return truncDiv(l, r);
  case BinaryOp::TruncMod: return truncMod(l, r);
  case BinaryOp::Min: return {std::min(l.min, r.min), std::min(l.max, r.max)};
  case BinaryOp::Max: return {std::max(l.min, r.min), std::max(l.max, r.max)};
  case BinaryOp::And:
  case BinaryOp::Or: return logical(b.op(), l, r);
  default: return isComparison(b.op()) ? compare(b.op(), l, r) : B::everything();
  }
}

B BoundComputer::unary(const Unary &u) {
  B a = of(u.operand());
  switch (u.op()) {
  case UnaryOp::Neg: return neg(a);
  case UnaryOp::Abs:
    if (a.min >= 0)
      return a;
    if (a.max <= 0)
      return neg(a);
    return {0, std::max(negate(a.min), a.max)};
  case UnaryOp::Not: return {1 - std::min<int64_t>(a.max, 1), 1 - std::max<int64_t>(a.min, 0)};
  case UnaryOp::Cast: {
    auto from = scalarDType(u.operand()->type());
    return from && (isIntLike(*from) || *from == DataType::Bool) ? a : B::everything();
  }
  default: return B::everything();
  }
}

} // namespace

ConstIntBound computeConstIntBound(const ExprPtr &e, const VarBoundMap &vars) {
  BoundComputer c(vars, nullptr);
  return c.of(e);
}

ConstIntBound computeConstIntBound(const ExprPtr &e, const VarBoundMap &vars, BoundCache &cache) {
  BoundComputer c(vars, &cache);
  return c.of(e);
}

} // namespace pl::passes::arith
