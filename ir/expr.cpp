// Expression constructors, result-type deduction for scalar arithmetic, and op spellings.
#include "ir/expr.h"
#include "ir/op_registry.h"

namespace pl::ir {

namespace {
std::atomic<uint64_t> gNextVarId{1};

struct BinaryInfo {
  std::string_view name, spelling;
};
constexpr BinaryInfo kBinary[] = {
#define X(n, s) {#n, s},
    PL_BINARY_OPS(X)
#undef X
};

/// Rank used to pick the wider dtype: floats above ints, wider above narrower; Index ranks
/// like a 64-bit signed integer but wins ties so that index arithmetic stays INDEX.
int promotionRank(DataType d) {
  if (d == DataType::Bool)
    return 0;
  int base = isFloat(d) ? 1000 : 0;
  int r = base + static_cast<int>(dtypeBits(d)) * 4;
  if (d == DataType::Index)
    r += 3;
  else if (isSignedInt(d))
    r += 2;
  return r;
}
} // namespace

Var::Var(ExprKind k, std::string name, TypePtr t, Span s)
    : Expr(k, t ? std::move(t) : UnknownType::get(), std::move(s)), name_(std::move(name)),
      id_(gNextVarId.fetch_add(1, std::memory_order_relaxed)) {}

MemRef::MemRef(std::string name, VarPtr base, ExprPtr byteOffset, int64_t size, bool pinned,
               int64_t slotCount, int64_t slotIndex, Span s)
    : Var(ExprKind::MemRef, std::move(name), MemRefType::get(), std::move(s)),
      base_(std::move(base)), byteOffset_(std::move(byteOffset)), size_(size), pinned_(pinned),
      slotCount_(slotCount), slotIndex_(slotIndex) {}

ConstInt::ConstInt(int64_t v, DataType d, Span s)
    : Expr(ExprKind::ConstInt, ScalarType::get(d), std::move(s)), value_(v) {}
DataType ConstInt::dtype() const { return *scalarDType(type()); }

ConstFloat::ConstFloat(double v, DataType d, Span s)
    : Expr(ExprKind::ConstFloat, ScalarType::get(d), std::move(s)), value_(v) {}
DataType ConstFloat::dtype() const { return *scalarDType(type()); }

ConstBool::ConstBool(bool v, Span s)
    : Expr(ExprKind::ConstBool, ScalarType::get(DataType::Bool), std::move(s)), value_(v) {}

std::string_view binaryOpSpelling(BinaryOp op) { return kBinary[static_cast<size_t>(op)].spelling; }
std::string_view exprKindName(ExprKind k) { return nameIn(kExprKindNames, k); }

std::string_view binaryOpName(BinaryOp op) { return kBinary[static_cast<size_t>(op)].name; }

bool isComparison(BinaryOp op) {
  return op == BinaryOp::Eq || op == BinaryOp::Ne || op == BinaryOp::Lt || op == BinaryOp::Le ||
         op == BinaryOp::Gt || op == BinaryOp::Ge;
}
bool isLogical(BinaryOp op) {
  return op == BinaryOp::And || op == BinaryOp::Or || op == BinaryOp::Xor;
}

ExprPtr Binary::make(BinaryOp op, ExprPtr l, ExprPtr r, Span s) {
  TypePtr t;
  if (isComparison(op) || isLogical(op)) {
    t = ScalarType::get(DataType::Bool);
  } else {
    auto ld = scalarDType(l->type()), rd = scalarDType(r->type());
    if (ld && rd)
      t = ScalarType::get(promotionRank(*ld) >= promotionRank(*rd) ? *ld : *rd);
    else if (ld || rd)
      t = ScalarType::get(ld ? *ld : *rd);
    else
      t = UnknownType::get();
    if (op == BinaryOp::FloatDiv && ld && rd && !isFloat(*ld) && !isFloat(*rd))
      t = ScalarType::get(DataType::FP32);
    if ((op == BinaryOp::Shl || op == BinaryOp::Shr) && ld)
      t = ScalarType::get(*ld); // as in C++: the shift count does not widen the result
  }
  return std::make_shared<const Binary>(op, std::move(l), std::move(r), std::move(t), std::move(s));
}

std::string_view unaryOpName(UnaryOp op) {
  static constexpr std::string_view names[] = {"abs", "neg", "not", "bitnot", "cast"};
  return names[static_cast<size_t>(op)];
}

ExprPtr Unary::make(UnaryOp op, ExprPtr operand, Span s) {
  TypePtr t = op == UnaryOp::Not ? ScalarType::get(DataType::Bool) : operand->type();
  return std::make_shared<const Unary>(op, std::move(operand), std::move(t), std::move(s));
}

ExprPtr Unary::makeCast(ExprPtr operand, DataType to, Span s) {
  return std::make_shared<const Unary>(UnaryOp::Cast, std::move(operand), ScalarType::get(to),
                                       std::move(s));
}

ExprPtr MakeTuple::make(ExprList elems, Span s) {
  std::vector<TypePtr> types;
  types.reserve(elems.size());
  for (auto &e : elems)
    types.push_back(e->type());
  return std::make_shared<const MakeTuple>(std::move(elems), TupleType::make(std::move(types)),
                                           std::move(s));
}

ExprPtr TupleGetItem::make(ExprPtr tuple, int64_t index, Span s) {
  TypePtr t = UnknownType::get();
  if (auto *tt = dynCast<TupleType>(tuple->type()))
    if (index >= 0 && static_cast<size_t>(index) < tt->elements().size())
      t = tt->elements()[index];
  return std::make_shared<const TupleGetItem>(std::move(tuple), index, std::move(t), std::move(s));
}

const std::string &CallTarget::name() const { return op ? op->name() : function; }

AttrList withAttr(AttrList attrs, std::string_view key, AttrValue value) {
  for (auto &[k, old] : attrs)
    if (k == key) {
      old = std::move(value);
      return attrs;
    }
  attrs.emplace_back(std::string(key), std::move(value));
  return attrs;
}

const AttrValue *findAttr(const AttrList &attrs, std::string_view key) {
  for (auto &[k, v] : attrs)
    if (k == key)
      return &v;
  return nullptr;
}

std::optional<int64_t> constIntValue(const ExprPtr &e) {
  if (auto *c = dynCast<ConstInt>(e))
    return c->value();
  return std::nullopt;
}

} // namespace pl::ir
