// Overflow-checked constant folding (see const_fold.h).
#include "passes/utils/arith/const_fold.h"

#include <cmath>
#include <limits>

namespace pl::passes::arith {

using namespace ir;

std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

std::optional<int64_t> checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

std::optional<int64_t> checkedFloorDiv(int64_t a, int64_t b) {
  if (b == 0 || (a == std::numeric_limits<int64_t>::min() && b == -1))
    return std::nullopt;
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

std::optional<int64_t> checkedFloorMod(int64_t a, int64_t b) {
  if (b == 0)
    return std::nullopt;
  if (b == -1)
    return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

std::optional<int64_t> checkedTruncDiv(int64_t a, int64_t b) {
  if (b == 0 || (a == std::numeric_limits<int64_t>::min() && b == -1))
    return std::nullopt;
  return a / b;
}

std::optional<int64_t> checkedTruncMod(int64_t a, int64_t b) {
  if (b == 0 || (a == std::numeric_limits<int64_t>::min() && b == -1))
    return std::nullopt;
  return a % b;
}

bool fitsDType(int64_t v, DataType d) {
  if (d == DataType::Bool)
    return v == 0 || v == 1;
  if (d == DataType::Index || d == DataType::Int64 || d == DataType::TaskId)
    return true;
  unsigned bits = dtypeBits(d);
  if (isUnsignedInt(d))
    return v >= 0 && (bits >= 63 || v < (int64_t(1) << bits));
  if (isSignedInt(d))
    return bits >= 64 || (v >= -(int64_t(1) << (bits - 1)) && v < (int64_t(1) << (bits - 1)));
  return false;
}

namespace {

std::optional<int64_t> intPow(int64_t b, int64_t e) {
  if (e < 0)
    return std::nullopt;
  int64_t r = 1;
  for (int64_t k = 0; k < e; ++k) {
    auto n = checkedMul(r, b);
    if (!n)
      return std::nullopt;
    r = *n;
    if (r == 0 || r == 1)
      break;
  }
  return r;
}

/// A numeric constant operand: int (with its dtype), float or bool.
struct Num {
  bool isFloat = false, isBool = false;
  int64_t i = 0;
  double f = 0;
  double asDouble() const { return isFloat ? f : double(i); }
};

std::optional<Num> numOf(const ExprPtr &e) {
  if (auto *c = dynCast<ConstInt>(e)) {
    // A 64-bit unsigned constant past INT64_MAX is stored as its bit pattern: int64 arithmetic
    // and comparisons would read it as negative, so it is not folded.
    if (isUnsignedInt(c->dtype()) && c->value() < 0)
      return std::nullopt;
    return Num{false, false, c->value(), 0};
  }
  if (auto *c = dynCast<ConstFloat>(e))
    return Num{true, false, 0, c->value()};
  if (auto *c = dynCast<ConstBool>(e))
    return Num{false, true, c->value() ? 1 : 0, 0};
  return std::nullopt;
}

ExprPtr makeInt(std::optional<int64_t> v, DataType d, const Span &s) {
  if (!v || !isIntLike(d) || !fitsDType(*v, d))
    return nullptr;
  return ConstInt::make(*v, d, s);
}

/// Only fp32 is folded (rounded like the target would); narrower floats are left alone.
ExprPtr makeFloat(double v, DataType d, const Span &s) {
  if (d != DataType::FP32)
    return nullptr;
  float f = static_cast<float>(v);
  return std::isfinite(f) ? ConstFloat::make(double(f), d, s) : nullptr;
}

std::optional<double> floatBinary(BinaryOp op, double a, double b) {
  switch (op) {
  case BinaryOp::Add: return a + b;
  case BinaryOp::Sub: return a - b;
  case BinaryOp::Mul: return a * b;
  case BinaryOp::FloatDiv: return b == 0 ? std::nullopt : std::optional<double>(a / b);
  case BinaryOp::Min: return std::min(a, b);
  case BinaryOp::Max: return std::max(a, b);
  default: return std::nullopt;
  }
}

template <typename T> std::optional<bool> compare(BinaryOp op, T a, T b) {
  switch (op) {
  case BinaryOp::Eq: return a == b;
  case BinaryOp::Ne: return a != b;
  case BinaryOp::Lt: return a < b;
  case BinaryOp::Le: return a <= b;
  case BinaryOp::Gt: return a > b;
  case BinaryOp::Ge: return a >= b;
  default: return std::nullopt;
  }
}

ExprPtr foldBinary(const Binary &b, DataType rd) {
  auto l = numOf(b.lhs()), r = numOf(b.rhs());
  if (!l || !r)
    return nullptr;
  const Span &s = b.span();
  if (isComparison(b.op())) {
    bool anyFloat = l->isFloat || r->isFloat;
    auto v = anyFloat ? compare(b.op(), l->asDouble(), r->asDouble()) : compare(b.op(), l->i, r->i);
    return v ? ConstBool::make(*v, s) : nullptr;
  }
  if (l->isBool && r->isBool) {
    switch (b.op()) {
    case BinaryOp::And: return ConstBool::make(l->i && r->i, s);
    case BinaryOp::Or: return ConstBool::make(l->i || r->i, s);
    case BinaryOp::Xor: return ConstBool::make(l->i != r->i, s);
    default: return nullptr;
    }
  }
  if (l->isBool || r->isBool)
    return nullptr;
  if (isFloat(rd)) {
    auto v = floatBinary(b.op(), l->asDouble(), r->asDouble());
    return v ? makeFloat(*v, rd, s) : nullptr;
  }
  if (l->isFloat || r->isFloat)
    return nullptr;
  return makeInt(foldIntBinary(b.op(), l->i, r->i), rd, s);
}

ExprPtr foldCast(const Num &n, DataType to, const Span &s) {
  if (to == DataType::Bool)
    return n.isFloat ? nullptr : ConstBool::make(n.i != 0, s);
  if (isFloat(to))
    return n.isBool ? nullptr : makeFloat(n.asDouble(), to, s);
  if (n.isFloat || !isIntLike(to))
    return nullptr;
  return makeInt(n.i, to, s);
}

ExprPtr foldUnary(const Unary &u, DataType rd) {
  auto n = numOf(u.operand());
  if (!n)
    return nullptr;
  const Span &s = u.span();
  switch (u.op()) {
  case UnaryOp::Not: return n->isBool ? ConstBool::make(!n->i, s) : nullptr;
  case UnaryOp::Neg:
    if (n->isFloat)
      return makeFloat(-n->f, rd, s);
    return n->isBool ? nullptr : makeInt(checkedSub(0, n->i), rd, s);
  case UnaryOp::Abs:
    if (n->isFloat)
      return makeFloat(std::fabs(n->f), rd, s);
    return n->isBool ? nullptr : makeInt(n->i < 0 ? checkedSub(0, n->i) : n->i, rd, s);
  case UnaryOp::BitNot: return n->isBool || n->isFloat ? nullptr : makeInt(~n->i, rd, s);
  case UnaryOp::Cast: return foldCast(*n, rd, s);
  }
  return nullptr;
}

} // namespace

std::optional<int64_t> foldIntBinary(BinaryOp op, int64_t a, int64_t b) {
  switch (op) {
  case BinaryOp::Add:
    return checkedAdd(a, b);
  case BinaryOp::Sub:
    return checkedSub(a, b);
  case BinaryOp::Mul:
    return checkedMul(a, b);
  case BinaryOp::FloorDiv:
    return checkedFloorDiv(a, b);
  case BinaryOp::FloorMod:
    return checkedFloorMod(a, b);
  case BinaryOp::TruncDiv:
    return checkedTruncDiv(a, b);
  case BinaryOp::TruncMod:
    return checkedTruncMod(a, b);
  case BinaryOp::Min:
    return std::min(a, b);
  case BinaryOp::Max:
    return std::max(a, b);
  case BinaryOp::Pow:
    return intPow(a, b);
  case BinaryOp::BitAnd:
    return a & b;
  case BinaryOp::BitOr:
    return a | b;
  case BinaryOp::BitXor:
    return a ^ b;
  case BinaryOp::Shl:
    if (b < 0 || b > 62 || a < 0)
      return std::nullopt;
    return (a >> (63 - b)) == 0 ? std::optional<int64_t>(a << b) : std::nullopt;
  case BinaryOp::Shr:
    if (b < 0 || b > 63)
      return std::nullopt;
    return a >> b;
  default:
    return std::nullopt;
  }
}

ExprPtr foldConstant(const ExprPtr &e) {
  auto rd = scalarDType(e ? e->type() : nullptr);
  if (!rd)
    return nullptr;
  if (auto *b = dynCast<Binary>(e))
    return foldBinary(*b, *rd);
  if (auto *u = dynCast<Unary>(e))
    return foldUnary(*u, *rd);
  return nullptr;
}

} // namespace pl::passes::arith
