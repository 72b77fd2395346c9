// Rewrite simplifier: constant folding, bound-decided values, and integer / boolean rewrite
// rules, applied bottom-up (Analyzer::simplify). An operand that contains a call is never
// dropped or duplicated: rules that would lose it do not apply.
#include "passes/utils/arith/analyzer.h"
#include "passes/utils/arith/const_fold.h"

#include "ir/structural_equal.h"

#include <algorithm>

namespace pl::passes::arith {

using namespace ir;

namespace {

std::optional<int64_t> cst(const ExprPtr &e) { return constIntValue(e); }

bool isIntType(const ExprPtr &e) {
  auto d = scalarDType(e->type());
  return d && isIntLike(*d);
}

bool isBoolConst(const ExprPtr &e, bool v) {
  auto *c = dynCast<ConstBool>(e);
  return c && c->value() == v;
}

/// Same value, and safe to drop one of them.
bool same(const ExprPtr &a, const ExprPtr &b) { return !hasCall(a) && structuralEqual(a, b); }

bool isCommutative(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
  case BinaryOp::Mul:
  case BinaryOp::Min:
  case BinaryOp::Max:
  case BinaryOp::Eq:
  case BinaryOp::Ne:
  case BinaryOp::And:
  case BinaryOp::Or:
  case BinaryOp::BitAnd:
  case BinaryOp::BitOr:
  case BinaryOp::BitXor: return true;
  default: return false;
  }
}

class Rewriter {
public:
  explicit Rewriter(const Analyzer &a) : a_(a) {}
  ExprPtr visit(const ExprPtr &e);

private:
  ExprPtr binary(const ExprPtr &e);
  ExprPtr unary(const ExprPtr &e);
  ExprPtr additive(const Binary &b, const ExprPtr &e);
  ExprPtr multiplicative(const Binary &b, const ExprPtr &e);
  ExprPtr truncating(const Binary &b, const ExprPtr &e);
  bool productFits(const Binary &mul) const;
  bool sumFits(const Binary &addSub) const;
  ExprPtr minMax(const Binary &b, const ExprPtr &e);
  ExprPtr comparison(const Binary &b, const ExprPtr &e);
  ExprPtr logical(const Binary &b, const ExprPtr &e);
  ExprPtr byBoundsAndFacts(const ExprPtr &e);
  ExprPtr mk(BinaryOp op, ExprPtr l, ExprPtr r, const ExprPtr &like) const {
    return std::make_shared<const Binary>(op, std::move(l), std::move(r), like->type(),
                                          like->span());
  }
  /// x + k as `x + k`, `x - |k|` or `x`.
  ExprPtr addConst(const ExprPtr &x, int64_t k, const ExprPtr &like) const;
  ExprPtr intConst(int64_t v, const ExprPtr &like) const {
    return ConstInt::make(v, *scalarDType(like->type()), like->span());
  }

  const Analyzer &a_;
};

ExprPtr Rewriter::visit(const ExprPtr &e) {
  if (!e)
    return e;
  switch (e->kind()) {
  case ExprKind::Binary: return binary(e);
  case ExprKind::Unary: return unary(e);
  case ExprKind::Var: return byBoundsAndFacts(e);
  default: return e;
  }
}

ExprPtr Rewriter::binary(const ExprPtr &e) {
  auto &b0 = static_cast<const Binary &>(*e);
  ExprPtr l = visit(b0.lhs()), r = visit(b0.rhs());
  ExprPtr cur = l == b0.lhs() && r == b0.rhs() ? e : mk(b0.op(), l, r, e);
  if (ExprPtr folded = foldConstant(cur))
    return folded;
  auto &b = static_cast<const Binary &>(*cur);
  if (isCommutative(b.op()) && (cst(l) || isa<ConstBool>(l)) && !(cst(r) || isa<ConstBool>(r)))
    return binary(mk(b.op(), r, l, cur));
  ExprPtr out = nullptr;
  switch (b.op()) {
  case BinaryOp::Add:
  case BinaryOp::Sub: out = isIntType(cur) ? additive(b, cur) : nullptr; break;
  case BinaryOp::Mul:
  case BinaryOp::FloorDiv:
  case BinaryOp::FloorMod: out = isIntType(cur) ? multiplicative(b, cur) : nullptr; break;
  case BinaryOp::TruncDiv:
  case BinaryOp::TruncMod: out = isIntType(cur) ? truncating(b, cur) : nullptr; break;
  case BinaryOp::Min:
  case BinaryOp::Max: out = isIntType(cur) ? minMax(b, cur) : nullptr; break;
  case BinaryOp::And:
  case BinaryOp::Or: out = logical(b, cur); break;
  default: out = isComparison(b.op()) && isIntType(l) && isIntType(r) ? comparison(b, cur) : nullptr;
  }
  return out ? out : byBoundsAndFacts(cur);
}

ExprPtr Rewriter::addConst(const ExprPtr &x, int64_t k, const ExprPtr &like) const {
  if (k == 0)
    return x;
  if (k > 0)
    return mk(BinaryOp::Add, x, intConst(k, like), like);
  auto m = checkedSub(0, k);
  return m ? mk(BinaryOp::Sub, x, intConst(*m, like), like) : nullptr;
}

ExprPtr Rewriter::additive(const Binary &b, const ExprPtr &e) {
  const ExprPtr &l = b.lhs(), &r = b.rhs();
  bool isAdd = b.op() == BinaryOp::Add;
  auto rc = cst(r);
  if (rc && *rc == 0)
    return l;
  if (!isAdd && same(l, r))
    return intConst(0, e);
  auto *lb = dynCast<Binary>(l);
  bool lAddSub = lb && (lb->op() == BinaryOp::Add || lb->op() == BinaryOp::Sub);
  auto *rb = dynCast<Binary>(r);
  if (!isAdd && rb && (rb->op() == BinaryOp::Add || rb->op() == BinaryOp::Sub) &&
      same(l, rb->lhs())) { // x - (x ± c) → ∓c
    if (auto c = cst(rb->rhs())) {
      auto k = rb->op() == BinaryOp::Add ? checkedSub(0, *c) : c;
      if (k)
        return intConst(*k, e);
    }
  }
  if (rc && lAddSub) { // (x ± c1) ± c2 → x + k
    if (auto c1 = cst(lb->rhs())) {
      auto s1 = lb->op() == BinaryOp::Add ? c1 : checkedSub(0, *c1);
      auto s2 = isAdd ? rc : checkedSub(0, *rc);
      auto k = s1 && s2 ? checkedAdd(*s1, *s2) : std::nullopt;
      if (k)
        if (ExprPtr out = addConst(lb->lhs(), *k, e))
          return out;
    }
  }
  if (!lAddSub)
    return nullptr;
  if (isAdd && lb->op() == BinaryOp::Sub && same(lb->rhs(), r)) // (x - y) + y → x
    return lb->lhs();
  if (!isAdd && lb->op() == BinaryOp::Add && same(lb->rhs(), r)) // (x + y) - y → x
    return lb->lhs();
  if (!isAdd && lb->op() == BinaryOp::Add && same(lb->lhs(), r)) // (x + y) - x → y
    return lb->rhs();
  return nullptr;
}

/// Whether `mul` (a Binary Mul) never wraps: the product of its operands' bounds fits its dtype
/// (always true for index / int64, whose overflow is undefined, as in C++).
bool Rewriter::productFits(const Binary &mul) const {
  ConstIntBound x = a_.bound(mul.lhs()), y = a_.bound(mul.rhs());
  int64_t c[4] = {saturatingMul(x.min, y.min), saturatingMul(x.min, y.max),
                  saturatingMul(x.max, y.min), saturatingMul(x.max, y.max)};
  ConstIntBound t = dtypeBound(*scalarDType(mul.type()));
  return ConstIntBound{*std::min_element(c, c + 4), *std::max_element(c, c + 4)}.within(t.min,
                                                                                       t.max);
}

/// Whether `addSub` (a Binary Add or Sub) never wraps (see productFits).
bool Rewriter::sumFits(const Binary &addSub) const {
  ConstIntBound x = a_.bound(addSub.lhs()), y = a_.bound(addSub.rhs());
  bool isAdd = addSub.op() == BinaryOp::Add;
  int64_t lo = saturatingAdd(x.min, isAdd ? y.min : saturatingMul(y.max, -1));
  int64_t hi = saturatingAdd(x.max, isAdd ? y.max : saturatingMul(y.min, -1));
  ConstIntBound t = dtypeBound(*scalarDType(addSub.type()));
  return ConstIntBound{lo, hi}.within(t.min, t.max);
}

/// C++ division and remainder (round toward zero). With a non-negative dividend and a positive
/// divisor they equal floor division / modulo, and become those (whose rules then apply);
/// otherwise only the rules that hold for both roundings.
ExprPtr Rewriter::truncating(const Binary &b, const ExprPtr &e) {
  const ExprPtr &l = b.lhs(), &r = b.rhs();
  bool isDiv = b.op() == BinaryOp::TruncDiv;
  if (a_.bound(l).min >= 0 && a_.bound(r).min > 0)
    return binary(mk(isDiv ? BinaryOp::FloorDiv : BinaryOp::FloorMod, l, r, e));
  auto rc = cst(r);
  auto *lb = dynCast<Binary>(l);
  bool lMulC = lb && lb->op() == BinaryOp::Mul && rc && cst(lb->rhs()) == rc && *rc != 0 &&
               productFits(*lb);
  if (isDiv) {
    if (rc && *rc == 1)
      return l;
    return lMulC ? lb->lhs() : nullptr; // (x * c) / c → x
  }
  if (rc && (*rc == 1 || *rc == -1) && !hasCall(l))
    return intConst(0, e);
  return lMulC && !hasCall(l) ? intConst(0, e) : nullptr; // (x * c) % c → 0
}

ExprPtr Rewriter::multiplicative(const Binary &b, const ExprPtr &e) {
  const ExprPtr &l = b.lhs(), &r = b.rhs();
  auto rc = cst(r);
  auto *lb = dynCast<Binary>(l);
  bool lMulC = lb && lb->op() == BinaryOp::Mul && rc && cst(lb->rhs()) == rc && *rc != 0 &&
               productFits(*lb);
  switch (b.op()) {
  case BinaryOp::Mul:
    if (rc && *rc == 1)
      return l;
    if (rc && *rc == 0 && !hasCall(l))
      return intConst(0, e);
    if (rc && lb && lb->op() == BinaryOp::Mul) // (x * c1) * c2 → x * (c1 * c2)
      if (auto c1 = cst(lb->rhs()))
        if (auto k = checkedMul(*c1, *rc))
          return mk(BinaryOp::Mul, lb->lhs(), intConst(*k, e), e);
    return nullptr;
  case BinaryOp::FloorDiv:
    if (rc && *rc == 1)
      return l;
    return lMulC ? lb->lhs() : nullptr; // (x * c) // c → x
  default: // FloorMod
    if (rc && (*rc == 1 || *rc == -1) && !hasCall(l))
      return intConst(0, e);
    if (rc && *rc > 0 && a_.bound(l).within(0, *rc - 1)) // x % c → x when 0 <= x < c
      return l;
    return lMulC && !hasCall(l) ? intConst(0, e) : nullptr; // (x * c) % c → 0
  }
}

ExprPtr Rewriter::minMax(const Binary &b, const ExprPtr &) {
  const ExprPtr &l = b.lhs(), &r = b.rhs();
  if (same(l, r))
    return l;
  bool isMin = b.op() == BinaryOp::Min;
  ConstIntBound lb = a_.bound(l), rb = a_.bound(r);
  if (lb.max <= rb.min && !hasCall(isMin ? r : l))
    return isMin ? l : r;
  if (rb.max <= lb.min && !hasCall(isMin ? l : r))
    return isMin ? r : l;
  return nullptr;
}

ExprPtr Rewriter::comparison(const Binary &b, const ExprPtr &e) {
  const ExprPtr &l = b.lhs(), &r = b.rhs();
  if (same(l, r)) {
    bool eq = b.op() == BinaryOp::Eq || b.op() == BinaryOp::Le || b.op() == BinaryOp::Ge;
    return ConstBool::make(eq, e->span());
  }
  if (cst(l) && !cst(r)) // c < x → x > c
    return binary(mk(swapComparison(b.op()), r, l, e));
  auto rc = cst(r);
  auto *lb = dynCast<Binary>(l);
  if (rc && lb && (lb->op() == BinaryOp::Add || lb->op() == BinaryOp::Sub)) {
    if (auto c1 = cst(lb->rhs()); c1 && sumFits(*lb)) { // x ± c1 cmp c2 → x cmp c2 ∓ c1
      auto k = lb->op() == BinaryOp::Add ? checkedSub(*rc, *c1) : checkedAdd(*rc, *c1);
      if (k && fitsDType(*k, *scalarDType(r->type())))
        return binary(mk(b.op(), lb->lhs(), ConstInt::make(*k, *scalarDType(r->type()),
                                                            r->span()), e));
    }
  }
  if (hasCall(e))
    return nullptr;
  // Decide by the bound of the difference (catches x + 1 > x), taken as an index so that an
  // unsigned or narrow difference does not wrap.
  auto diff = std::make_shared<const Binary>(BinaryOp::Sub, l, r,
                                             ScalarType::get(DataType::Index), e->span());
  ConstIntBound d = a_.bound(visit(diff));
  ConstIntBound zero = ConstIntBound::single(0);
  auto verdict = [&](bool t, bool f) -> ExprPtr {
    return t ? ConstBool::make(true, e->span()) : f ? ConstBool::make(false, e->span()) : nullptr;
  };
  switch (b.op()) {
  case BinaryOp::Lt: return verdict(d.max < 0, d.min >= 0);
  case BinaryOp::Le: return verdict(d.max <= 0, d.min > 0);
  case BinaryOp::Gt: return verdict(d.min > 0, d.max <= 0);
  case BinaryOp::Ge: return verdict(d.min >= 0, d.max < 0);
  case BinaryOp::Eq: return verdict(d == zero, d.max < 0 || d.min > 0);
  case BinaryOp::Ne: return verdict(d.max < 0 || d.min > 0, d == zero);
  default: return nullptr;
  }
}

ExprPtr Rewriter::logical(const Binary &b, const ExprPtr &) {
  const ExprPtr &l = b.lhs(), &r = b.rhs();
  bool isAnd = b.op() == BinaryOp::And;
  // The identity element drops out; the absorbing element wins when the other side is pure.
  if (isBoolConst(r, isAnd))
    return l;
  if (isBoolConst(l, isAnd))
    return r;
  if (isBoolConst(r, !isAnd) && !hasCall(l))
    return r;
  if (isBoolConst(l, !isAnd))
    return l; // short-circuit: the right side is never evaluated
  if (same(l, r))
    return l;
  return nullptr;
}

ExprPtr Rewriter::unary(const ExprPtr &e) {
  auto &u0 = static_cast<const Unary &>(*e);
  ExprPtr o = visit(u0.operand());
  ExprPtr cur =
      o == u0.operand() ? e : std::make_shared<const Unary>(u0.op(), o, e->type(), e->span());
  if (ExprPtr folded = foldConstant(cur))
    return folded;
  auto *inner = dynCast<Unary>(o);
  switch (u0.op()) {
  case UnaryOp::Not:
    if (inner && inner->op() == UnaryOp::Not)
      return inner->operand();
    if (auto *b = dynCast<Binary>(o); b && isComparison(b->op()) && isIntType(b->lhs()))
      return negateCondition(o);
    break;
  case UnaryOp::Neg:
    if (inner && inner->op() == UnaryOp::Neg)
      return inner->operand();
    break;
  case UnaryOp::Cast: {
    if (o->type() == cur->type() || scalarDType(o->type()) == scalarDType(cur->type()))
      return o;
    // cast<A>(cast<B>(x)) with x of dtype A → x when B holds every value x can have (an
    // integer conversion that C++ defines modulo 2^N but that cannot wrap here).
    auto b = scalarDType(o->type());
    if (inner && inner->op() == UnaryOp::Cast && b && isIntLike(*b) &&
        scalarDType(inner->operand()->type()) == scalarDType(cur->type()) &&
        isIntType(inner->operand())) {
      ConstIntBound t = dtypeBound(*b);
      if (a_.bound(inner->operand()).within(t.min, t.max))
        return inner->operand();
    }
    break;
  }
  default: break;
  }
  return byBoundsAndFacts(cur);
}

/// An integer expression whose bound is one point becomes that constant; a condition that is
/// a known fact (or the negation of one) becomes true (false).
ExprPtr Rewriter::byBoundsAndFacts(const ExprPtr &e) {
  auto d = scalarDType(e->type());
  if (!d || hasCall(e))
    return e;
  if (isIntLike(*d) && !isa<ConstInt>(e)) {
    ConstIntBound b = a_.bound(e);
    if (b.isSingle() && b.min != ConstIntBound::kNegInf && b.min != ConstIntBound::kPosInf)
      return intConst(b.min, e);
    return e;
  }
  if (*d != DataType::Bool || isa<ConstBool>(e))
    return e;
  ConstIntBound b = a_.bound(e);
  if (b.isSingle())
    return ConstBool::make(b.min != 0, e->span());
  for (auto &f : a_.facts()) {
    if (structuralEqual(e, f))
      return ConstBool::make(true, e->span());
    if (structuralEqual(e, negateCondition(f)))
      return ConstBool::make(false, e->span());
  }
  return e;
}

} // namespace

ExprPtr Analyzer::simplify(const ExprPtr &e) const {
  Rewriter r(*this);
  return r.visit(e);
}

} // namespace pl::passes::arith
