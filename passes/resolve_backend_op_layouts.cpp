// ResolveBackendOpLayouts: column-vector elementwise ops on row-major reshapes (see
// resolve_backend_op_layouts.h).
#include "passes/resolve_backend_op_layouts.h"

#include "ir/op_registry.h"
#include "passes/utils/kernel_rewrite.h"
#include "passes/utils/soc.h"

namespace pl::passes {

namespace {
using namespace ir;

/// Ops PTO-ISA runs elementwise on row-major operands only (shape-agnostic semantics).
bool rowMajorElementwise(const Op &op) {
  if (op.family() != "tile")
    return false;
  return op.category == "elementwise" || op.category == "unary" || op.category == "compare" ||
         op.category == "select";
}

/// A Vec column [R, 1] of `rows` rows.
bool vecColumn(const TileType &t, int64_t rows) {
  return t.memorySpace() == MemorySpace::Vec && columnVectorRows(t) == rows;
}

bool colMajor(const TileType &t) { return t.view() && t.view()->blayout == BLayout::ColMajor; }

/// The [1, R] row-major type of column t: same dtype, space and pad, the valid shape swapped.
TypePtr rowType(const TileType &t) {
  TileView v = t.view().value_or(TileView{});
  v.blayout = BLayout::RowMajor;
  if (v.validShape.size() == 2)
    std::swap(v.validShape[0], v.validShape[1]);
  ExprList shape{ConstInt::make(1), t.shape()[0]};
  return TileType::make(t.dtype(), std::move(shape), t.memorySpace(), explicitView(std::move(v)),
                        nullptr);
}

/// The tile operands that PTO-ISA's instruction for op declares with its destination's one tile
/// type (`template <typename TileData> TSEL(TileData &dst, Mask &, TileData &src0, TileData &src1,
/// Tmp &)`, TAND, TOR): their indices in the call, or none for every other op.
std::vector<size_t> sameTypeOperands(const Op &op) {
  const std::string &n = op.name();
  if (n == "tile.sel")
    return {1, 2};
  if (n == "tile.and" || n == "tile.or")
    return {0, 1};
  return {};
}

PadValue padOf(const TileType &t) { return t.view() ? t.view()->pad : PadValue::Null; }

/// t with pad value `pad` (the same bytes: a pad value is a fact of TLOAD / TFILLPAD only).
TypePtr withPad(const TileType &t, PadValue pad) {
  TileView v = t.view().value_or(TileView{});
  v.pad = pad;
  return TileType::make(t.dtype(), t.shape(), t.memorySpace(), explicitView(std::move(v)), nullptr);
}

class LayoutRepairer : public KernelRewriter {
public:
  explicit LayoutRepairer(const Function &f) : KernelRewriter(f, "ResolveBackendOpLayouts") {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (StmtPtr s = unifyPads(a, c))
      return s;
    if (!rowMajorElementwise(*c.target().op))
      return out;
    auto *rt = dynCast<TileType>(a.var()->type());
    std::optional<int64_t> rows = rt ? columnVectorRows(*rt) : std::nullopt;
    if (!rows || !vecColumn(*rt, *rows))
      return out;
    bool anyColMajor = colMajor(*rt);
    for (const ExprPtr &arg : c.args())
      if (auto *t = dynCast<TileType>(arg->type())) {
        if (!vecColumn(*t, *rows))
          return out; // a broadcast or another shape: not an elementwise column op
        anyColMajor |= colMajor(*t);
      }
    if (!anyColMajor)
      return out;

    std::vector<StmtPtr> stmts;
    ExprList args;
    for (const ExprPtr &arg : c.args()) {
      auto *t = dynCast<TileType>(arg->type());
      args.push_back(!t ? arg
                        : bind(stemOf(arg, "arg") + "_row",
                               reshape(arg, {ConstInt::make(1), t->shape()[0]}, c.span()), stmts,
                               a.span(), rowType(*t)));
    }
    ExprPtr typed = opCall(c.target().op->name(), args, c.kwargs(), c.span());
    ExprPtr rowCall =
        Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), typed->type(), c.span());
    ExprPtr row = bind(a.var()->name() + "_row", rowCall, stmts, a.span(), rowType(*rt));
    stmts.push_back(Assign::make(a.var(), reshape(row, rt->shape(), c.span()), a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

private:
  /// A single-type instruction whose tile operands differ from its result in pad value reads
  /// them through same-shape reshapes with the result's pad (no data moves), then is repaired
  /// like any other op; null when nothing differs.
  StmtPtr unifyPads(const Assign &a, const Call &c) {
    auto *rt = dynCast<TileType>(a.var()->type());
    if (!rt)
      return nullptr;
    std::vector<StmtPtr> stmts;
    ExprList args = c.args();
    for (size_t i : sameTypeOperands(*c.target().op)) {
      auto *t = i < args.size() ? dynCast<TileType>(args[i]->type()) : nullptr;
      if (t && padOf(*t) != padOf(*rt))
        args[i] = bind(stemOf(args[i], "arg") + "_pad", reshape(args[i], t->shape(), c.span()),
                       stmts, a.span(), withPad(*t, padOf(*rt)));
    }
    if (stmts.empty())
      return nullptr;
    auto call = Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), c.type(), c.span());
    StmtPtr assign = Assign::make(a.var(), call, a.span());
    stmts.push_back(rewriteOpCall(*dynCast<Assign>(assign), *dynCast<Call>(call), assign));
    return Seq::flatten(std::move(stmts), a.span());
  }

  ExprPtr reshape(const ExprPtr &x, ExprList shape, const Span &span) const {
    return opCall("tile.reshape", {x, MakeTuple::make(std::move(shape), span)}, {}, span);
  }
};

} // namespace

FunctionPtr resolveBackendOpLayouts(const FunctionPtr &f) {
  return rewriteKernel<LayoutRepairer>(f);
}

PL_DEFINE_FUNCTION_PASS(ResolveBackendOpLayouts, resolveBackendOpLayouts)

} // namespace pl::passes
