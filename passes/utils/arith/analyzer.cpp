// Analyzer façade: ranges, canProve, branch facts (see analyzer.h). The rewrite rules are in
// rewrite_simplify.cpp.
#include "passes/utils/arith/analyzer.h"

#include "ir/visitor.h"

namespace pl::passes::arith {

using namespace ir;
using B = ConstIntBound;

void Analyzer::bind(const VarPtr &v, const ConstIntBound &b) {
  boundCache_.clear();
  auto it = bounds_.find(v.get());
  if (it == bounds_.end())
    bounds_.emplace(v.get(), b);
  else
    it->second = it->second.intersect(b);
}

void Analyzer::bindValue(const VarPtr &v, const ExprPtr &value) {
  B b = bound(value);
  if (!b.isEverything())
    bind(v, b);
}

bool Analyzer::canProve(const ExprPtr &cond) const {
  if (!cond)
    return false;
  if (bound(cond).min >= 1)
    return true;
  ExprPtr s = simplify(cond); // the result owns the node a raw pointer would point into
  auto *c = dynCast<ConstBool>(s);
  return c && c->value();
}

namespace {
class CallFinder : public IRVisitor {
public:
  CallFinder() { visitTypes_ = false; }
  void visitCall(const Call &) override { found = true; }
  void visitSubmit(const Submit &) override { found = true; }
  bool found = false;
};

bool intOperands(const Binary &b) {
  auto l = scalarDType(b.lhs()->type()), r = scalarDType(b.rhs()->type());
  return l && r && (isIntLike(*l) || *l == DataType::Bool) && (isIntLike(*r) || *r == DataType::Bool);
}

std::optional<BinaryOp> flipComparison(BinaryOp op) {
  switch (op) {
  case BinaryOp::Eq: return BinaryOp::Ne;
  case BinaryOp::Ne: return BinaryOp::Eq;
  case BinaryOp::Lt: return BinaryOp::Ge;
  case BinaryOp::Le: return BinaryOp::Gt;
  case BinaryOp::Gt: return BinaryOp::Le;
  case BinaryOp::Ge: return BinaryOp::Lt;
  default: return std::nullopt;
  }
}
} // namespace

bool hasCall(const ExprPtr &e) {
  CallFinder f;
  f.visitExpr(e);
  return f.found;
}

ExprPtr negateCondition(const ExprPtr &cond) {
  if (auto *c = dynCast<ConstBool>(cond))
    return ConstBool::make(!c->value(), cond->span());
  if (auto *u = dynCast<Unary>(cond); u && u->op() == UnaryOp::Not)
    return u->operand();
  if (auto *b = dynCast<Binary>(cond)) {
    auto flipped = flipComparison(b->op());
    if (flipped && intOperands(*b))
      return std::make_shared<const Binary>(*flipped, b->lhs(), b->rhs(), cond->type(),
                                            cond->span());
    if (b->op() == BinaryOp::And || b->op() == BinaryOp::Or)
      return std::make_shared<const Binary>(
          b->op() == BinaryOp::And ? BinaryOp::Or : BinaryOp::And, negateCondition(b->lhs()),
          negateCondition(b->rhs()), cond->type(), cond->span());
  }
  return Unary::make(UnaryOp::Not, cond, cond->span());
}

// ---- ConstraintContext ------------------------------------------------------------------------

ConstraintContext::ConstraintContext(Analyzer &a, const ExprPtr &cond)
    : a_(a), factsBefore_(a.facts_.size()) {
  if (cond)
    add(cond);
}

ConstraintContext::~ConstraintContext() {
  a_.boundCache_.clear();
  for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
    if (it->second)
      a_.bounds_[it->first] = *it->second;
    else
      a_.bounds_.erase(it->first);
  }
  a_.facts_.resize(factsBefore_);
}

void ConstraintContext::narrow(const Var *v, const ConstIntBound &b) {
  a_.boundCache_.clear();
  auto it = a_.bounds_.find(v);
  saved_.emplace_back(v, it == a_.bounds_.end() ? std::nullopt : std::optional<B>(it->second));
  B narrowed = it == a_.bounds_.end() ? b : it->second.intersect(b);
  a_.bounds_[v] = narrowed;
}

/// Range of x implied by `x op other` where other ∈ o.
static std::optional<B> impliedRange(BinaryOp op, const B &o) {
  switch (op) {
  case BinaryOp::Lt: return B{B::kNegInf, saturatingAdd(o.max, -1)};
  case BinaryOp::Le: return B{B::kNegInf, o.max};
  case BinaryOp::Gt: return B{saturatingAdd(o.min, 1), B::kPosInf};
  case BinaryOp::Ge: return B{o.min, B::kPosInf};
  case BinaryOp::Eq: return o;
  default: return std::nullopt;
  }
}

BinaryOp swapComparison(BinaryOp op) {
  switch (op) {
  case BinaryOp::Lt: return BinaryOp::Gt;
  case BinaryOp::Le: return BinaryOp::Ge;
  case BinaryOp::Gt: return BinaryOp::Lt;
  case BinaryOp::Ge: return BinaryOp::Le;
  default: return op;
  }
}

void ConstraintContext::add(const ExprPtr &fact) {
  auto *b = dynCast<Binary>(fact);
  if (b && b->op() == BinaryOp::And) {
    add(b->lhs());
    add(b->rhs());
    return;
  }
  a_.facts_.push_back(fact);
  if (!b || !isComparison(b->op()) || !intOperands(*b))
    return;
  if (auto *v = dynCast<Var>(b->lhs()))
    if (auto r = impliedRange(b->op(), a_.bound(b->rhs())))
      narrow(v, *r);
  if (auto *v = dynCast<Var>(b->rhs()))
    if (auto r = impliedRange(swapComparison(b->op()), a_.bound(b->lhs())))
      narrow(v, *r);
}

} // namespace pl::passes::arith
