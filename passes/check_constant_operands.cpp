// CheckConstantOperands: operands the eager run rejects, proven from constants (see
// check_constant_operands.h).
#include "passes/check_constant_operands.h"

#include "ir/op_registry.h"
#include "ir/printer.h"
#include "passes/utils/arith/const_fold.h"
#include "passes/utils/loop_analysis.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

bool isOpCall(const Call &c, std::string_view name) {
  return c.target().isOp() && c.target().op->name() == name;
}

std::string offsetLabel(size_t k) { return "offset " + std::to_string(k); }

/// The largest tensor, in bytes: 2^40 (1 TiB) is more than the device memory of every SoC pl
/// targets, so a larger one cannot be allocated (the eager run's limit is the same:
/// `pl::detail::kMaxTensorBytes`, dsl/include/pl/types.hpp).
constexpr int64_t kMaxTensorBytes = int64_t{1} << 40;

/// The least extent, per dim, the valid region of a tile can have (0 where unknown), from the
/// tile's type and, for a tile bound once, the op that made it.
using Extents = std::vector<int64_t>;

/// The bytes of a tensor with constant dims; nullopt when a dim is not constant, INT64_MAX when
/// the count overflows.
std::optional<int64_t> tensorBytes(const TensorType &t) {
  std::optional<int64_t> n = 1;
  for (size_t k = 0; k < t.rank(); ++k) {
    auto d = t.constDim(k);
    if (!d)
      return std::nullopt;
    n = n ? arith::checkedMul(*n, *d) : std::nullopt;
  }
  const int64_t width = t.dtype() == DataType::Bool ? 8 : dtypeBits(t.dtype()); // as eager
  auto bits = n ? arith::checkedMul(*n, width) : std::nullopt;
  return bits ? (*bits + 7) / 8 : INT64_MAX;
}

class OperandChecker : public ConditionalPathVisitor {
public:
  explicit OperandChecker(DiagnosticEngine &diags) : diags_(diags) { visitTypes_ = false; }
  bool failed = false;

  void visitFunction(const Function &f) override {
    for (const Param &p : f.params())
      checkTensorSize(p.var->type(), "parameter '" + p.var->name() + "'", p.var->span());
    IRVisitor::visitFunction(f);
  }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    const Var *v = s.var().get();
    if (!bound_.insert(v).second) { // bound twice (pre-SSA input): no fact about it
      least_.erase(v);
      return;
    }
    if (auto *c = dynCast<Call>(s.value()))
      if (auto m = leastExtents(*c))
        least_[v] = std::move(*m);
  }

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    if (isOpCall(c, "tensor.create") || isOpCall(c, "tensor.full"))
      checkTensorSize(c.type(), "the result of '" + c.target().name() + "'", c.span());
    if (isOpCall(c, "tile.load") || isOpCall(c, "tile.store"))
      checkNegativeOffsets(c);
    if (isOpCall(c, "tile.load"))
      checkValidShape(c);
    if (isOpCall(c, "tile.store"))
      checkStoreEnd(c);
  }

  void visitBinary(const Binary &e) override {
    IRVisitor::visitBinary(e);
    BinaryOp op = e.op();
    if (op != BinaryOp::FloorDiv && op != BinaryOp::FloorMod && op != BinaryOp::TruncDiv &&
        op != BinaryOp::TruncMod)
      return;
    auto *zero = dynCast<ConstInt>(e.rhs());
    if (!zero || zero->value() != 0)
      return;
    bool mod = op == BinaryOp::FloorMod || op == BinaryOp::TruncMod;
    report("CO003", e.span(),
           std::string("integer ") + (mod ? "remainder" : "division") +
               " by zero (the divisor is the constant 0); the eager run traps (SIGFPE) and "
               "the device's result is undefined");
  }

private:
  /// An error where the operation runs whenever the function does; a warning where it runs
  /// only on some paths (an if branch, a loop body that may not run): the eager run, too,
  /// throws only when it gets there, and the constant may come from that path's condition.
  void report(const char *code, const Span &span, const std::string &msg) {
    if (!reported_.insert({span.file.get(), span.line, span.col}).second)
      return;
    if (onConditionalPath()) {
      diags_.warning(code, span,
                     msg + " — whenever it runs (it is on a conditional path: an if branch or a "
                           "loop body that may not run)");
      return;
    }
    failed = true;
    diags_.error(code, span, msg);
  }

  void checkTensorSize(const TypePtr &type, const std::string &what, const Span &span) {
    auto *t = dynCast<TensorType>(type);
    auto bytes = t ? tensorBytes(*t) : std::nullopt;
    if (!bytes || *bytes <= kMaxTensorBytes)
      return;
    report("CO004", span,
           what + " of type '" + printType(type) + "' has " +
               (*bytes == INT64_MAX ? "more than 2^63" : std::to_string(*bytes)) +
               " bytes; a tensor has at most 2^40 (1 TiB, more than the device memory of any "
               "platform)");
  }

  void checkNegativeOffsets(const Call &c) {
    const ExprList *offs = c.args().size() == 3 ? MakeTuple::elementsOf(c.args()[1]) : nullptr;
    if (!offs)
      return;
    for (size_t k = 0; k < offs->size(); ++k)
      if (auto o = constIntValue((*offs)[k]); o && *o < 0)
        return report("CO001", c.span(),
                      offsetLabel(k) + " of '" + c.target().name() + "' is " + std::to_string(*o) +
                          "; a window offset must be >= 0 (the eager run throws, the "
                          "simulator aborts)");
  }

  /// A constant `valid_shape` dim of a load outside 0..the window's constant size.
  void checkValidShape(const Call &c) {
    const AttrValue *v = findAttr(c.kwargs(), "valid_shape");
    const ExprList *valid = v ? std::get_if<ExprList>(v) : nullptr;
    const ExprList *sizes = c.args().size() == 3 ? MakeTuple::elementsOf(c.args()[2]) : nullptr;
    if (!valid || !sizes || valid->size() != sizes->size())
      return;
    for (size_t k = 0; k < valid->size(); ++k) {
      auto vk = constIntValue((*valid)[k]), sk = constIntValue((*sizes)[k]);
      if (!vk || (*vk >= 0 && (!sk || *vk <= *sk)))
        continue;
      return report("CO005", c.span(),
                    "dim " + std::to_string(k) + " of the valid shape of 'tile.load' is " +
                        std::to_string(*vk) + "; expected 0.." +
                        (sk ? std::to_string(*sk) : std::string("the window's size")) +
                        " (the eager run throws, the simulator aborts)");
    }
  }

  /// The in-bounds part of a load window in each dim, limited by a constant `valid_shape`.
  static std::optional<Extents> loadExtents(const Call &c) {
    const ExprList &a = c.args();
    auto *t = a.size() == 3 ? dynCast<TensorType>(a[0]->type()) : nullptr;
    const ExprList *offs = t ? MakeTuple::elementsOf(a[1]) : nullptr;
    const ExprList *sizes = offs ? MakeTuple::elementsOf(a[2]) : nullptr;
    if (!sizes || offs->size() != sizes->size() || sizes->size() != t->rank())
      return std::nullopt;
    const ExprList *valid = nullptr;
    if (const AttrValue *v = findAttr(c.kwargs(), "valid_shape"))
      valid = std::get_if<ExprList>(v);
    Extents m(sizes->size(), 0);
    for (size_t k = 0; k < m.size(); ++k) {
      auto o = constIntValue((*offs)[k]), s = constIntValue((*sizes)[k]), d = t->constDim(k);
      if (!o || !s || !d)
        continue;
      m[k] = std::max<int64_t>(0, std::min(*s, *d - *o));
      if (valid && valid->size() == m.size()) {
        auto vk = constIntValue((*valid)[k]);
        m[k] = vk ? std::min(m[k], *vk) : 0;
      }
    }
    // A transposing load's tile is the window's transpose.
    const AttrValue *tr = findAttr(c.kwargs(), "transpose");
    if (tr && std::holds_alternative<bool>(*tr) && std::get<bool>(*tr) && m.size() == 2)
      std::swap(m[0], m[1]);
    if (m.size() == 2)
      return m;
    // A window of rank != 2 is a 2-D tile (ir/ops/tile_window.h): a row [D] is [1, D]; the rows
    // of [d0, .., dn-2, C] are the product of its leading extents.
    int64_t rows = 1;
    for (size_t k = 0; k + 1 < m.size(); ++k)
      rows *= m[k];
    return Extents{rows, m.back()};
  }

  /// An elementwise or unary tile op's valid region is its operands' (the eager run requires
  /// equal ones): the largest known least extents of a tile operand of the result's shape.
  std::optional<Extents> operandExtents(const Call &c, const TileType &result) const {
    std::optional<Extents> m;
    for (const ExprPtr &a : c.args()) {
      auto *v = dynCast<Var>(a);
      auto *t = v ? dynCast<TileType>(v->type()) : nullptr;
      auto it = t && t->rank() == result.rank() ? least_.find(v) : least_.end();
      if (it == least_.end())
        continue;
      if (!m)
        m = Extents(result.rank(), 0);
      for (size_t k = 0; k < m->size() && k < it->second.size(); ++k)
        (*m)[k] = std::max((*m)[k], it->second[k]);
    }
    return m;
  }

  std::optional<Extents> leastExtents(const Call &c) const {
    auto *tile = dynCast<TileType>(c.type());
    if (!tile || !c.target().isOp())
      return std::nullopt;
    if (isOpCall(c, "tile.load"))
      return loadExtents(c);
    const std::string &category = c.target().op->category;
    if (category == "elementwise" || category == "unary" || isOpCall(c, "tile.move"))
      return operandExtents(c, *tile);
    if (!isOpCall(c, "tile.full") && !isOpCall(c, "tile.create"))
      return std::nullopt;
    Extents m(tile->rank(), 0);
    for (size_t k = 0; k < m.size(); ++k)
      m[k] = tile->constDim(k).value_or(0);
    return m;
  }

  /// The least valid extent of the stored tile in each dim of the tensor (rank `rank`): 1 in
  /// the leading dims, the tile's in the last two (right-aligned).
  Extents storedExtents(const ExprPtr &tileExpr, const TileType &tile, size_t rank) const {
    Extents m(rank, 1);
    std::optional<Extents> known;
    if (tile.view() && tile.view()->validShape.size() == tile.rank()) {
      known = Extents(tile.rank(), 0);
      for (size_t k = 0; k < tile.rank(); ++k)
        (*known)[k] = constIntValue(tile.view()->validShape[k]).value_or(0);
    } else if (auto *v = dynCast<Var>(tileExpr)) {
      if (auto it = least_.find(v); it != least_.end())
        known = it->second;
    }
    for (size_t j = 0; j < 2 && j < rank; ++j) {
      size_t k = rank - 1 - j; // tensor dim
      m[k] = known && j < known->size() ? (*known)[known->size() - 1 - j] : 0;
    }
    return m;
  }

  void checkStoreEnd(const Call &c) {
    const ExprList &a = c.args();
    auto *tile = a.size() == 3 ? dynCast<TileType>(a[0]->type()) : nullptr;
    auto *t = tile ? dynCast<TensorType>(a[2]->type()) : nullptr;
    const ExprList *offs = t ? MakeTuple::elementsOf(a[1]) : nullptr;
    if (!offs || offs->size() != t->rank())
      return;
    Extents m = storedExtents(a[0], *tile, t->rank());
    for (size_t k = 0; k < t->rank(); ++k) {
      auto o = constIntValue((*offs)[k]);
      auto d = t->constDim(k);
      if (!o || !d || *o < 0 || *o + m[k] <= *d)
        continue;
      std::string at = "'tile.store' at offset " + std::to_string(*o) + " in dim " +
                       std::to_string(k) + " of a tensor whose dim is " + std::to_string(*d);
      return report("CO002", c.span(),
                    at +
                        (m[k] > 0 ? " writes at least " + std::to_string(m[k]) +
                                        " element(s) of the tile's valid region there, past "
                                        "the end"
                                  : " starts past the end") +
                        "; the window must fit the tensor (the eager run throws, the "
                        "simulator aborts)");
    }
  }

  DiagnosticEngine &diags_;
  std::set<const Var *> bound_;
  std::unordered_map<const Var *, Extents> least_;
  std::set<std::tuple<const std::string *, int, int>> reported_;
};

} // namespace

bool checkConstantOperands(const Function &f, DiagnosticEngine &diags) {
  OperandChecker c(diags);
  c.visitFunction(f);
  return !c.failed;
}

Pass createCheckConstantOperandsPass(PassOptions &) {
  return createProgramPass(PassClass::CheckConstantOperands,
                           [](const ProgramPtr &p, PassContext &ctx) {
                             bool ok = true;
                             for (const FunctionPtr &f : p->functions())
                               ok &= checkConstantOperands(*f, ctx.diags());
                             return ok ? p : ProgramPtr();
                           });
}

} // namespace pl::passes
