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

class ScratchMaterializer : public KernelRewriter {
public:
  explicit ScratchMaterializer(const Function &f) : KernelRewriter(f, "MaterializeScratchTiles") {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (!needsScratch(c) || c.args().empty())
      return out;
    auto *x = dynCast<TileType>(c.args()[0]->type());
    PL_CHECK_AT(x, "MaterializeScratchTiles", c.span(), "a reduction of a non-tile");
    TileView layout; // the operand's layout, not its valid region or padding
    if (x->view()) {
      layout.blayout = x->view()->blayout;
      layout.slayout = x->view()->slayout;
      layout.fractal = x->view()->fractal;
    }
    std::vector<StmtPtr> stmts;
    ExprList args = c.args();
    args.push_back(bind(
        stemOf(c.args()[0], "red") + "_tmp",
        opCall("tile.create", {MakeTuple::make(x->shape(), c.span())},
               {{"dtype", x->dtype()}, {"target_memory", MemorySpace::Vec}}, c.span()),
        stmts, a.span(),
        TileType::make(x->dtype(), x->shape(), MemorySpace::Vec, explicitView(layout), nullptr)));
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
