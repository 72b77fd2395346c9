// MaterializeScratchTiles: explicit scratch tiles for PTO-ISA's reductions (see
// materialize_scratch_tiles.h).
#include "passes/materialize_scratch_tiles.h"

#include "ir/internal_error.h"
#include "ir/op_registry.h"
#include "passes/utils/kernel_rewrite.h"
#include "passes/utils/soc.h"

#include <algorithm>
#include <array>

namespace pl::passes {

namespace {
using namespace ir;

/// The tile ops whose PTO-ISA instruction has no form without a scratch tile, and whose IR
/// form makes it optional.
constexpr std::array<std::string_view, 6> kNeedScratch = {"tile.row_sum",    "tile.row_max",
                                                          "tile.row_min",    "tile.row_prod",
                                                          "tile.col_argmax", "tile.col_argmin"};

bool needsScratch(const Call &c) {
  if (!c.target().isOp())
    return false;
  const Op &op = *c.target().op;
  return std::find(kNeedScratch.begin(), kNeedScratch.end(), op.name()) != kNeedScratch.end() &&
         c.args().size() < op.maxArgs();
}

/// A 2-D tile.transpose without its scratch tile (PTO-ISA's TTRANS has no form without one).
bool isTranspose(const Call &c) {
  if (!c.target().isOp() || c.target().op->name() != "tile.transpose" || c.args().size() != 3)
    return false;
  auto *x = dynCast<TileType>(c.args()[0]->type());
  return x && x->rank() == 2;
}

/// TTRANS's scratch tile for an [H, W] input: [W, H rounded up to the transpose's row stride]
/// (32 elements of 1 byte, 16 of wider types), PTO-ISA's `W * ceil(H / stride) * stride`
/// elements. A non-constant H stays as it is.
ExprList transposeScratchShape(const TileType &x, const Span &span) {
  const int64_t stride = dtypeBits(x.dtype()) <= 8 ? 32 : 16;
  ExprPtr h = x.shape()[0];
  if (auto n = constIntValue(h))
    h = ConstInt::make((*n + stride - 1) / stride * stride, DataType::Index, span);
  return {x.shape()[1], h};
}

class ScratchMaterializer : public KernelRewriter {
public:
  explicit ScratchMaterializer(const Function &f) : KernelRewriter(f, "MaterializeScratchTiles") {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    const bool transpose = isTranspose(c);
    if ((!needsScratch(c) && !transpose) || c.args().empty())
      return out;
    auto *x = dynCast<TileType>(c.args()[0]->type());
    PL_CHECK_AT(x, "MaterializeScratchTiles", c.span(), "a reduction of a non-tile");
    TileView layout; // the operand's layout, not its valid region or padding
    if (x->view() && !transpose) {
      layout.blayout = x->view()->blayout;
      layout.slayout = x->view()->slayout;
      layout.fractal = x->view()->fractal;
    }
    ExprList shape = transpose ? transposeScratchShape(*x, c.span()) : x->shape();
    std::vector<StmtPtr> stmts;
    ExprList args = c.args();
    args.push_back(
        bind(stemOf(c.args()[0], transpose ? "trans" : "red") + "_tmp",
             opCall("tile.create", {MakeTuple::make(shape, c.span())},
                    {{"dtype", x->dtype()}, {"target_memory", MemorySpace::Vec}}, c.span()),
             stmts, a.span(),
             TileType::make(x->dtype(), shape, MemorySpace::Vec, explicitView(layout), nullptr)));
    stmts.push_back(Assign::make(
        a.var(), Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), c.type(), c.span()),
        a.span()));
    return Seq::flatten(std::move(stmts), a.span());
  }
};

} // namespace

FunctionPtr materializeScratchTiles(const FunctionPtr &f) {
  return rewriteKernel<ScratchMaterializer>(f);
}

PL_DEFINE_FUNCTION_PASS(MaterializeScratchTiles, materializeScratchTiles)

} // namespace pl::passes
