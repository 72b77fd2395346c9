// TileMovesExplicit verifier: in every kernel, a tile copy moves data only through `tile.move`.
//
// Holds when every planned tile that takes another's value is in the same bytes as that value
// (passes/utils/parallel_copies.h sameTileBytes): the target of a copy `t2 = t1`, a loop's
// iter_arg and its init and yielded values, an if's return var and its branch yields, a loop's
// return var and its iter_arg, and the result of an op that reuses an argument
// (`outputAliasesArg`) and that argument. The emitters then print nothing for these but the
// valid shape. Established by MaterializeTileMoves.
//
// Codes: V961 a value taken in other bytes without a tile.move · V962 a loop result in other
// bytes than its iter_arg.
#include "passes/verifiers/registry.h"

#include "passes/utils/carry_copies.h"
#include "passes/utils/parallel_copies.h"

#include "ir/op_registry.h"
#include "ir/printer.h"

namespace pl::passes {

namespace {
using namespace ir;

const TileType *plannedTile(const ExprPtr &e) {
  auto *t = dynCast<TileType>(e->type());
  return t && t->memref() ? t : nullptr;
}

class MoveChecker : public CarryCopyVisitor {
public:
  explicit MoveChecker(DiagnosticEngine &diags) : diags_(diags) { visitTypes_ = false; }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    if (isa<Var>(s.value().get()))
      return check(s.var(), s.value(), s.span(), "copy", "V961");
    auto *c = dynCast<Call>(s.value());
    if (c && c->target().isOp() && c->target().op->outputAliasesArg &&
        size_t(*c->target().op->outputAliasesArg) < c->args().size())
      check(s.var(), c->args()[size_t(*c->target().op->outputAliasesArg)], s.span(),
            "in-place argument", "V961");
  }

private:
  void parallelCopy(const std::vector<VarPtr> &dsts, const ExprList &srcs, const Span &span,
                    const char *what) override {
    bool exit = std::string_view(what) == "loop exit";
    for (size_t k = 0; k < dsts.size() && k < srcs.size(); ++k)
      check(dsts[k], srcs[k], span, what, exit ? "V962" : "V961");
  }

  void check(const VarPtr &dst, const ExprPtr &src, const Span &span, const char *what,
             const char *code) {
    const TileType *dt = plannedTile(dst), *st = plannedTile(src);
    if (!dt || !st || sameTileBytes(*dt, *st))
      return;
    diags_.error(code, span,
                 std::string(what) + ": tile '" + dst->name() + "' takes '" + printExpr(src) +
                     "' from other bytes; expected a tile.move into its buffer (run "
                     "materialize-tile-moves)");
  }

  DiagnosticEngine &diags_;
};
} // namespace

void verifyTileMovesExplicit(const Program &p, DiagnosticEngine &diags) {
  for (auto &f : p.functions())
    if (isKernel(f->type()))
      MoveChecker(diags).visitStmt(f->body());
}

} // namespace pl::passes
