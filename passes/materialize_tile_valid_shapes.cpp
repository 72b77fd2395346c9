// MaterializeTileValidShapes: clipped kernel windows as tile valid shapes (see
// materialize_tile_valid_shapes.h).
#include "passes/materialize_tile_valid_shapes.h"

#include "ir/ops/tile_window.h"

#include "passes/utils/kernel_rewrite.h"

namespace pl::passes {

namespace {
using namespace ir;

constexpr const char *kValid = "valid_shape";

bool provenInside(const Call &c) {
  const bool *b = findAttrAs<bool>(c.attrs(), "in_bounds");
  return b && *b;
}

/// `max(0, min(e, d - o))`, the form this pass writes.
bool isClipped(const ExprPtr &e) {
  auto *mx = dynCast<Binary>(e);
  if (!mx || mx->op() != BinaryOp::Max)
    return false;
  auto zero = constIntValue(mx->lhs());
  auto *mn = dynCast<Binary>(mx->rhs());
  return zero && *zero == 0 && mn && mn->op() == BinaryOp::Min;
}

class ValidShapes : public KernelRewriter {
public:
  explicit ValidShapes(const Function &f) : KernelRewriter(f, "MaterializeTileValidShapes") {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (c.args().size() != 3 || provenInside(c))
      return out;
    const std::string &op = c.target().name();
    if (op == "tile.load")
      return load(a, c, out);
    if (op == "tile.store")
      return store(a, c, out);
    return out;
  }

private:
  /// Per dim k: `max(0, min(extents[k], tensor.dim(tensor, k) - offsets[k]))`, the dims bound
  /// into `stmts`; nullopt when the operands are not one offset and one extent per dim.
  std::optional<ExprList> clip(const ExprPtr &tensor, const ExprList *offsets,
                               const ExprList &extents, std::vector<StmtPtr> &stmts,
                               const Span &span) {
    auto *tt = dynCast<TensorType>(tensor->type());
    if (!tt || !offsets || offsets->size() != tt->rank() || extents.size() != tt->rank())
      return std::nullopt;
    ExprList out;
    for (size_t k = 0; k < tt->rank(); ++k) {
      VarPtr d =
          bind(stemOf(tensor, "t") + "_d" + std::to_string(k),
               opCall("tensor.dim", {tensor, ConstInt::make(static_cast<int64_t>(k))}, {}, span),
               stmts, span);
      auto o = constIntValue((*offsets)[k]);
      ExprPtr room =
          o && *o == 0 ? ExprPtr(d) : Binary::make(BinaryOp::Sub, d, (*offsets)[k], span);
      out.push_back(Binary::make(BinaryOp::Max, ConstInt::make(0, DataType::Index, span),
                                 Binary::make(BinaryOp::Min, extents[k], room, span), span));
    }
    return out;
  }

  StmtPtr load(const Assign &a, const Call &c, const StmtPtr &out) {
    auto *tile = dynCast<TileType>(a.var()->type());
    const ExprList *sizes = MakeTuple::elementsOf(c.args()[2]);
    if (!tile || !sizes)
      return out;
    const ExprList *valid = findAttrAs<ExprList>(c.kwargs(), kValid);
    if (valid && std::all_of(valid->begin(), valid->end(), isClipped))
      return out;
    std::vector<StmtPtr> stmts;
    auto clipped = clip(c.args()[0], MakeTuple::elementsOf(c.args()[1]), valid ? *valid : *sizes,
                        stmts, c.span());
    if (!clipped)
      return out;
    AttrList kwargs;
    for (const auto &kv : c.kwargs())
      if (kv.first != kValid)
        kwargs.push_back(kv);
    kwargs.emplace_back(kValid, *clipped);
    TileView view = tile->view().value_or(TileView{});
    // A window of rank != 2 is a 2-D tile (tile.load's rule): its valid rows are the product of
    // the clipped leading dims (0 when a leading offset is past the tensor's end).
    view.validShape = windowTileDims(*clipped, c.span());
    // A transposing load's tile is the window's transpose (valid_shape in the window's terms).
    const AttrValue *tr = findAttr(c.kwargs(), "transpose");
    if (tr && std::holds_alternative<bool>(*tr) && std::get<bool>(*tr) && clipped->size() == 2)
      view.validShape = {(*clipped)[1], (*clipped)[0]};
    TypePtr type = TileType::make(tile->dtype(), tile->shape(), tile->memorySpace(),
                                  std::move(view), tile->memref());
    VarPtr v = Var::make(a.var()->name(), type, a.var()->span());
    remap(a.var(), v);
    stmts.push_back(Assign::make(
        v, Call::make(c.target(), c.args(), std::move(kwargs), c.attrs(), type, c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }

  StmtPtr store(const Assign &a, const Call &c, const StmtPtr &out) {
    auto *tile = dynCast<TileType>(c.args()[0]->type());
    auto *tt = dynCast<TensorType>(c.args()[2]->type());
    if (!tile || !tt || findAttr(c.attrs(), kValid))
      return out;
    auto extents = tileWindowExtents(tt->rank(), tile->shape());
    if (!extents)
      return out;
    std::vector<StmtPtr> stmts;
    auto clipped = clip(c.args()[2], MakeTuple::elementsOf(c.args()[1]), *extents, stmts, c.span());
    if (!clipped)
      return out;
    AttrList attrs = c.attrs();
    attrs.emplace_back(kValid, *clipped);
    stmts.push_back(Assign::make(
        a.var(), Call::make(c.target(), c.args(), c.kwargs(), std::move(attrs), c.type(), c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }
};

} // namespace

FunctionPtr materializeTileValidShapes(const FunctionPtr &f) {
  return rewriteKernel<ValidShapes>(f);
}

PL_DEFINE_FUNCTION_PASS(MaterializeTileValidShapes, materializeTileValidShapes)

} // namespace pl::passes
