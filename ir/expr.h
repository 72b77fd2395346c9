// IR expressions: Var, MemRef, constants, scalar binary/unary ops, Call (op or function),
// Submit (async task launch), MakeTuple and TupleGetItem.
#pragma once

#include "ir/enum_names.h"
#include "ir/span.h"
#include "ir/type.h"

#include <atomic>
#include <string>
#include <utility>
#include <variant>

namespace pl::ir {

/// Every expression kind, once: the enum, kind names and the node-coverage test derive from it.
/// The variable kinds (Var, MemRef) come first; traversals give them def / use hooks and every
/// other kind a hook of its own.
#define PL_EXPR_KINDS(X) X(Var) X(MemRef) PL_NON_VAR_EXPR_KINDS(X)
#define PL_NON_VAR_EXPR_KINDS(X)                                                                   \
  X(ConstInt)                                                                                      \
  X(ConstFloat) X(ConstBool) X(Binary) X(Unary) X(Call) X(Submit) X(MakeTuple) X(TupleGetItem)

enum class ExprKind : uint8_t { PL_EXPR_KINDS(PL_ENUMERATOR) };
inline constexpr std::string_view kExprKindNames[] = {PL_EXPR_KINDS(PL_ENUM_NAME)};
inline constexpr size_t kNumExprKinds = std::size(kExprKindNames);
std::string_view exprKindName(ExprKind k); ///< "Var", "TupleGetItem", ...

class Expr {
public:
  virtual ~Expr() = default;
  ExprKind kind() const { return kind_; }
  const TypePtr &type() const { return type_; }
  const Span &span() const { return span_; }

protected:
  Expr(ExprKind k, TypePtr t, Span s) : kind_(k), type_(std::move(t)), span_(std::move(s)) {}

private:
  ExprKind kind_;
  TypePtr type_;
  Span span_;
};

/// A variable. Identity is the object (pointer); the name is only a hint for printing.
/// Loop-carried values (PyPTO's IterArg) are ordinary Vars bound by a loop's iter_args.
class Var : public Expr {
public:
  Var(std::string name, TypePtr t, Span s = {})
      : Var(ExprKind::Var, std::move(name), std::move(t), std::move(s)) {}
  static VarPtr make(std::string name, TypePtr t, Span s = {}) {
    return std::make_shared<const Var>(std::move(name), std::move(t), std::move(s));
  }
  const std::string &name() const { return name_; }
  /// Monotonic creation id: deterministic order for hashing and printing.
  uint64_t id() const { return id_; }
  static bool classof(const Expr *e) {
    return e->kind() == ExprKind::Var || e->kind() == ExprKind::MemRef;
  }

protected:
  Var(ExprKind k, std::string name, TypePtr t, Span s);

private:
  std::string name_;
  uint64_t id_;
};

/// A placed buffer: base pointer + byte offset + size (+ slot info for multi-buffering).
class MemRef final : public Var {
public:
  MemRef(std::string name, VarPtr base, ExprPtr byteOffset, int64_t size, bool pinned = false,
         int64_t slotCount = 1, int64_t slotIndex = 0, Span s = {});
  static MemRefPtr make(std::string name, VarPtr base, ExprPtr byteOffset, int64_t size,
                        bool pinned = false, int64_t slotCount = 1, int64_t slotIndex = 0,
                        Span s = {}) {
    return std::make_shared<const MemRef>(std::move(name), std::move(base), std::move(byteOffset),
                                          size, pinned, slotCount, slotIndex, std::move(s));
  }
  const VarPtr &base() const { return base_; }
  const ExprPtr &byteOffset() const { return byteOffset_; }
  int64_t size() const { return size_; }
  bool pinned() const { return pinned_; }
  int64_t slotCount() const { return slotCount_; }
  int64_t slotIndex() const { return slotIndex_; }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::MemRef; }

private:
  VarPtr base_;
  ExprPtr byteOffset_;
  int64_t size_;
  bool pinned_;
  int64_t slotCount_;
  int64_t slotIndex_;
};

class ConstInt final : public Expr {
public:
  ConstInt(int64_t v, DataType d, Span s = {});
  /// Bare integer literals are INDEX.
  static ExprPtr make(int64_t v, DataType d = DataType::Index, Span s = {}) {
    return std::make_shared<const ConstInt>(v, d, std::move(s));
  }
  int64_t value() const { return value_; }
  DataType dtype() const;
  static bool classof(const Expr *e) { return e->kind() == ExprKind::ConstInt; }

private:
  int64_t value_;
};

class ConstFloat final : public Expr {
public:
  ConstFloat(double v, DataType d, Span s = {});
  static ExprPtr make(double v, DataType d = DataType::FP32, Span s = {}) {
    return std::make_shared<const ConstFloat>(v, d, std::move(s));
  }
  double value() const { return value_; }
  DataType dtype() const;
  static bool classof(const Expr *e) { return e->kind() == ExprKind::ConstFloat; }

private:
  double value_;
};

class ConstBool final : public Expr {
public:
  ConstBool(bool v, Span s = {});
  static ExprPtr make(bool v, Span s = {}) {
    return std::make_shared<const ConstBool>(v, std::move(s));
  }
  bool value() const { return value_; }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::ConstBool; }

private:
  bool value_;
};

#define PL_BINARY_OPS(X)                                                                           \
  X(Add, "+")                                                                                      \
  X(Sub, "-")                                                                                      \
  X(Mul, "*")                                                                                      \
  X(FloorDiv, "//")                                                                                \
  X(FloorMod, "%")                                                                                 \
  X(TruncDiv, "truncdiv")                                                                          \
  X(TruncMod, "truncmod")                                                                          \
  X(FloatDiv, "/")                                                                                 \
  X(Min, "min")                                                                                    \
  X(Max, "max")                                                                                    \
  X(Pow, "pow")                                                                                    \
  X(Eq, "==")                                                                                      \
  X(Ne, "!=")                                                                                      \
  X(Lt, "<")                                                                                       \
  X(Le, "<=")                                                                                      \
  X(Gt, ">")                                                                                       \
  X(Ge, ">=")                                                                                      \
  X(And, "&&")                                                                                     \
  X(Or, "||")                                                                                      \
  X(Xor, "xor")                                                                                    \
  X(BitAnd, "&")                                                                                   \
  X(BitOr, "|")                                                                                    \
  X(BitXor, "^")                                                                                   \
  X(Shl, "<<")                                                                                     \
  X(Shr, ">>")

enum class BinaryOp : uint8_t {
#define X(n, s) n,
  PL_BINARY_OPS(X)
#undef X
};
std::string_view binaryOpSpelling(BinaryOp op);
std::string_view binaryOpName(BinaryOp op); ///< enum name, e.g. "FloorDiv"
bool isComparison(BinaryOp op);
bool isLogical(BinaryOp op);

/// Scalar (index / scalar-typed) binary arithmetic. Tile/tensor math is always a Call.
class Binary final : public Expr {
public:
  Binary(BinaryOp op, ExprPtr l, ExprPtr r, TypePtr t, Span s = {})
      : Expr(ExprKind::Binary, std::move(t), std::move(s)), op_(op), lhs_(std::move(l)),
        rhs_(std::move(r)) {}
  /// Builds with the result type deduced: comparisons and logic give bool, shifts the left
  /// operand's dtype, otherwise the wider dtype of the same category (float beats int; Index
  /// beats narrower ints).
  static ExprPtr make(BinaryOp op, ExprPtr l, ExprPtr r, Span s = {});
  BinaryOp op() const { return op_; }
  const ExprPtr &lhs() const { return lhs_; }
  const ExprPtr &rhs() const { return rhs_; }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Binary; }

private:
  BinaryOp op_;
  ExprPtr lhs_, rhs_;
};

enum class UnaryOp : uint8_t { Abs, Neg, Not, BitNot, Cast };
std::string_view unaryOpName(UnaryOp op); ///< "abs", "neg", "not", "bitnot", "cast"

class Unary final : public Expr {
public:
  Unary(UnaryOp op, ExprPtr operand, TypePtr t, Span s = {})
      : Expr(ExprKind::Unary, std::move(t), std::move(s)), op_(op), operand_(std::move(operand)) {}
  /// Type deduced from the operand (bool for Not); use makeCast for casts.
  static ExprPtr make(UnaryOp op, ExprPtr operand, Span s = {});
  static ExprPtr makeCast(ExprPtr operand, DataType to, Span s = {});
  UnaryOp op() const { return op_; }
  const ExprPtr &operand() const { return operand_; }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Unary; }

private:
  UnaryOp op_;
  ExprPtr operand_;
};

/// Value of a kwarg or attribute. Expressions may appear (e.g. task-id dependencies).
using AttrValue = std::variant<bool, int64_t, double, std::string, DataType, MemorySpace,
                               std::vector<int64_t>, std::vector<std::string>, ExprPtr, ExprList>;
/// Ordered key/value list (order is significant for printing and equality).
using AttrList = std::vector<std::pair<std::string, AttrValue>>;
const AttrValue *findAttr(const AttrList &attrs, std::string_view key);
/// The value of `key` when it is present and holds a T, else null.
template <class T> const T *findAttrAs(const AttrList &attrs, std::string_view key) {
  const AttrValue *v = findAttr(attrs, key);
  return v ? std::get_if<T>(v) : nullptr;
}
/// `attrs` with `key` set to `value` (replaced in place when present, else appended).
AttrList withAttr(AttrList attrs, std::string_view key, AttrValue value);

/// What a call invokes: a registered op or a function of the same program (by name).
struct CallTarget {
  const Op *op = nullptr; ///< set for op calls
  std::string function;   ///< set for function calls (PyPTO's GlobalVar)
  bool isOp() const { return op != nullptr; }
  /// "tile.add" or the function name.
  const std::string &name() const;
};

class Call final : public Expr {
public:
  Call(CallTarget target, ExprList args, AttrList kwargs, AttrList attrs, TypePtr t, Span s = {})
      : Expr(ExprKind::Call, std::move(t), std::move(s)), target_(std::move(target)),
        args_(std::move(args)), kwargs_(std::move(kwargs)), attrs_(std::move(attrs)) {}
  static std::shared_ptr<const Call> make(CallTarget target, ExprList args, AttrList kwargs,
                                          AttrList attrs, TypePtr t, Span s = {}) {
    return std::make_shared<const Call>(std::move(target), std::move(args), std::move(kwargs),
                                        std::move(attrs), std::move(t), std::move(s));
  }
  /// This call with another target, arguments, attrs or type (the kwargs kept), as Submit::with.
  std::shared_ptr<const Call> with(CallTarget target, ExprList args, AttrList attrs,
                                   TypePtr t) const {
    return make(std::move(target), std::move(args), kwargs_, std::move(attrs), std::move(t),
                span());
  }
  const CallTarget &target() const { return target_; }
  const ExprList &args() const { return args_; }
  /// User-level keyword arguments, validated against the op's schema.
  const AttrList &kwargs() const { return kwargs_; }
  /// Compiler-internal annotations (e.g. "arg_directions").
  const AttrList &attrs() const { return attrs_; }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Call; }

private:
  CallTarget target_;
  ExprList args_;
  AttrList kwargs_;
  AttrList attrs_;
};

/// Asynchronous task launch. Type = tuple(callee results..., task_id).
class Submit final : public Expr {
public:
  Submit(CallTarget target, ExprList args, ExprList deps, ExprPtr coreNum, bool syncStart,
         bool allowEarlyResolve, ExprPtr predicate, AttrList attrs, TypePtr t, Span s = {})
      : Expr(ExprKind::Submit, std::move(t), std::move(s)), target_(std::move(target)),
        args_(std::move(args)), deps_(std::move(deps)), coreNum_(std::move(coreNum)),
        syncStart_(syncStart), allowEarlyResolve_(allowEarlyResolve),
        predicate_(std::move(predicate)), attrs_(std::move(attrs)) {}
  /// This submit with another target, arguments, attrs or type (the options kept).
  std::shared_ptr<const Submit> with(CallTarget target, ExprList args, AttrList attrs,
                                     TypePtr t) const {
    return std::make_shared<const Submit>(std::move(target), std::move(args), deps_, coreNum_,
                                          syncStart_, allowEarlyResolve_, predicate_,
                                          std::move(attrs), std::move(t), span());
  }
  const CallTarget &target() const { return target_; }
  const ExprList &args() const { return args_; }
  const ExprList &deps() const { return deps_; }
  const ExprPtr &coreNum() const { return coreNum_; } ///< may be null
  bool syncStart() const { return syncStart_; }
  bool allowEarlyResolve() const { return allowEarlyResolve_; }
  const ExprPtr &predicate() const { return predicate_; } ///< may be null
  /// Calls `f` on each operand: the args, the deps, then core_num and the predicate if present.
  template <class F> void forEachOperand(F &&f) const {
    for (const ExprPtr &a : args_)
      f(a);
    for (const ExprPtr &d : deps_)
      f(d);
    if (coreNum_)
      f(coreNum_);
    if (predicate_)
      f(predicate_);
  }
  /// Compiler-internal annotations, as on Call (e.g. "arg_directions").
  const AttrList &attrs() const { return attrs_; }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Submit; }

private:
  CallTarget target_;
  ExprList args_;
  ExprList deps_;
  ExprPtr coreNum_;
  bool syncStart_;
  bool allowEarlyResolve_;
  ExprPtr predicate_;
  AttrList attrs_;
};

class MakeTuple final : public Expr {
public:
  MakeTuple(ExprList elems, TypePtr t, Span s = {})
      : Expr(ExprKind::MakeTuple, std::move(t), std::move(s)), elems_(std::move(elems)) {}
  static ExprPtr make(ExprList elems, Span s = {});
  const ExprList &elements() const { return elems_; }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::MakeTuple; }
  /// The elements of `e` when it is a MakeTuple (an op's offsets or shapes), else nullptr.
  static const ExprList *elementsOf(const ExprPtr &e) {
    auto *t = dynCast<MakeTuple>(e);
    return t ? &t->elements() : nullptr;
  }

private:
  ExprList elems_;
};

class TupleGetItem final : public Expr {
public:
  TupleGetItem(ExprPtr tuple, int64_t index, TypePtr t, Span s = {})
      : Expr(ExprKind::TupleGetItem, std::move(t), std::move(s)), tuple_(std::move(tuple)),
        index_(index) {}
  /// Type taken from the tuple's element type (Unknown if not a tuple type).
  static ExprPtr make(ExprPtr tuple, int64_t index, Span s = {});
  const ExprPtr &tuple() const { return tuple_; }
  int64_t index() const { return index_; }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::TupleGetItem; }

private:
  ExprPtr tuple_;
  int64_t index_;
};

/// Constant integer value of e (ConstInt), if any.
std::optional<int64_t> constIntValue(const ExprPtr &e);

} // namespace pl::ir
