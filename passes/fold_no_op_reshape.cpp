// FoldNoOpReshape: same-bytes, same-type tile reshapes become copies (see fold_no_op_reshape.h).
#include "passes/fold_no_op_reshape.h"

#include "ir/op_registry.h"
#include "ir/structural_equal.h"
#include "passes/utils/kernel_rewrite.h"
#include "passes/utils/parallel_copies.h"

namespace pl::passes {

namespace {
using namespace ir;

class ReshapeFolder final : public KernelRewriter {
public:
  explicit ReshapeFolder(const Function &f) : KernelRewriter(f, "FoldNoOpReshape") {}

  StmtPtr rewriteOpCall(const Assign &a, const Call &c, const StmtPtr &out) override {
    if (c.target().op->name() != "tile.reshape" || c.args().empty())
      return out;
    auto src = as<Var>(c.args()[0]);
    auto *lt = dynCast<TileType>(a.var()->type());
    auto *rt = src ? dynCast<TileType>(src->type()) : nullptr;
    // the same bytes (one base, offset, size and slot) and the same tile type otherwise
    if (!lt || !rt || !sameTileBytes(*lt, *rt) ||
        lt->memref()->slotCount() != rt->memref()->slotCount() ||
        lt->memref()->slotIndex() != rt->memref()->slotIndex() ||
        !structuralEqual(a.var()->type(), src->type()))
      return out;
    return Assign::make(a.var(), src, a.span());
  }
};

} // namespace

FunctionPtr foldNoOpReshape(const FunctionPtr &f) { return rewriteKernel<ReshapeFolder>(f); }

PL_DEFINE_FUNCTION_PASS(FoldNoOpReshape, foldNoOpReshape)

} // namespace pl::passes
