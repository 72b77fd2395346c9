// MaterializeTileMoves: explicit tile.move for every tile copy (see materialize_tile_moves.h).
#include "passes/materialize_tile_moves.h"

#include "passes/utils/carry_copies.h"
#include "passes/utils/fresh_names.h"
#include "passes/utils/parallel_copies.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "ir/visitor.h"

#include <set>

namespace pl::passes {
using namespace ir;

namespace {

const TileType *plannedTile(const ExprPtr &e) {
  auto *t = dynCast<TileType>(e->type());
  return t && t->memref() ? t : nullptr;
}

/// The variables a cross-core pop defines: pto-isa's TPOP places its tile in the pipe's
/// consumer buffer (TPipe's C2V / V2C consumer buffer), never in the tile's planned bytes.
std::set<const Var *> poppedVars(const Function &f) {
  struct Finder : IRVisitor {
    std::set<const Var *> vars;
    void visitAssign(const Assign &s) override {
      IRVisitor::visitAssign(s);
      auto *c = dynCast<Call>(s.value());
      if (c && c->target().isOp() && c->target().name().starts_with("tile.tpop_"))
        vars.insert(s.var().get());
    }
  } finder;
  finder.visitStmt(f.body());
  return finder.vars;
}

class MoveMaterializer : public CarryCopyRewriter {
public:
  MoveMaterializer(const Function &f, DiagnosticEngine &diags)
      : names_(f), diags_(diags), popped_(poppedVars(f)) {}

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    StmtPtr out = IRMutator::mutateAssign(s);
    auto *a = dynCast<Assign>(out);
    const TileType *dt = a ? plannedTile(a->var()) : nullptr;
    if (!dt)
      return out;
    if (isa<Var>(a->value().get())) { // a copy t2 = t1
      if (!needsMove(a->value(), a->var()))
        return out;
      return Assign::make(a->var(), moveCall(a->value(), *dt, a->var()->name(), a->span()),
                          a->span());
    }
    auto *c = dynCast<Call>(a->value());
    if (!c || !c->target().isOp() || !c->target().op->outputAliasesArg)
      return out;
    size_t k = size_t(*c->target().op->outputAliasesArg);
    const TileType *at = k < c->args().size() ? plannedTile(c->args()[k]) : nullptr;
    if (!at || (sameTileBytes(*dt, *at) && !isPopped(c->args()[k])))
      return out;
    std::vector<StmtPtr> stmts;
    ExprList args = c->args();
    args[k] = moved(args[k], *dt, a->var()->name(), stmts, a->span());
    DiagnosticEngine local; // the type is re-deduced: the argument now lives in other bytes
    TypePtr type = makeOpCall(*c->target().op, args, c->kwargs(), c->span(), local)->type();
    stmts.push_back(Assign::make(
        a->var(),
        Call::make(c->target(), std::move(args), c->kwargs(), c->attrs(), type, c->span()),
        a->span()));
    return Seq::flatten(std::move(stmts), a->span());
  }

private:
  /// True when `src` must be moved to be `dst`'s value (a planned tile elsewhere, or a popped
  /// one: it lives in the pipe's consumer buffer).
  bool needsMove(const ExprPtr &src, const VarPtr &dst) const {
    const TileType *dt = plannedTile(dst), *st = plannedTile(src);
    return dt && st && (!sameTileBytes(*dt, *st) || isPopped(src));
  }
  bool isPopped(const ExprPtr &e) const {
    auto *v = dynCast<Var>(e);
    return v && popped_.count(v);
  }

  /// `tile.move(src)` producing a value of src's type in dst's bytes (`dst` for the message).
  ExprPtr moveCall(const ExprPtr &src, const TileType &dst, const std::string &what,
                   const Span &span) {
    MemorySpace space = dst.memorySpace().value_or(MemorySpace::Vec);
    if (space == MemorySpace::Acc)
      diags_.error("TM001", span,
                   "Acc tile '" + what + "' would need a copy of '" + printExpr(src) +
                       "' (there is no Acc to Acc move); expected the accumulators of a loop "
                       "or an if to share one buffer: yield each accumulator into its own slot "
                       "and do not read it after it is updated");
    DiagnosticEngine local;
    return makeOpCall("tile.move", {src}, {{"target_memory", space}}, span, local);
  }

  /// Appends `n = tile.move(src)` (src's type on dst's MemRef) to `stmts`; returns n.
  ExprPtr moved(const ExprPtr &src, const TileType &dst, const std::string &what,
                std::vector<StmtPtr> &stmts, const Span &span) {
    const TileType &st = *plannedTile(src);
    auto t = TileType::make(st.dtype(), st.shape(), dst.memorySpace(), st.view(), dst.memref());
    std::string hint = (isa<Var>(src.get()) ? dynCast<Var>(src)->name() : what) + "_mv";
    VarPtr n = Var::make(names_.fresh(hint), t, span);
    stmts.push_back(Assign::make(n, moveCall(src, dst, what, span), span));
    return n;
  }

  /// `body` with a move before its trailing yield for every slot not in its destination.
  StmtPtr rewriteYield(const StmtPtr &body, const std::vector<VarPtr> &dsts) override {
    const Yield *y = trailingYield(body);
    if (!y)
      return body;
    std::vector<StmtPtr> stmts;
    ExprList values = y->values();
    bool changed = false;
    for (size_t k = 0; k < values.size() && k < dsts.size(); ++k)
      if (needsMove(values[k], dsts[k])) {
        if (!changed)
          splitTrailingYield(body, stmts);
        changed = true;
        values[k] = moved(values[k], *plannedTile(dsts[k]), dsts[k]->name(), stmts, y->span());
      }
    if (!changed)
      return body;
    stmts.push_back(Yield::make(std::move(values), y->span()));
    return Seq::flatten(std::move(stmts), body->span());
  }

  /// The iter_args, with a move before the loop for every init not in its iter_arg's bytes.
  std::vector<IterArg> rewriteInits(const std::vector<IterArg> &iters, std::vector<StmtPtr> &before,
                                    const Span &span) override {
    std::vector<IterArg> out = iters;
    for (auto &ia : out)
      if (needsMove(ia.init, ia.var))
        ia.init = moved(ia.init, *plannedTile(ia.var), ia.var->name(), before, span);
    return out;
  }

  FreshNames names_;
  DiagnosticEngine &diags_;
  std::set<const Var *> popped_;
};
} // namespace

FunctionPtr materializeTileMoves(const FunctionPtr &f, DiagnosticEngine &diags) {
  if (!isKernel(f->type()))
    return f;
  unsigned before = diags.errorCount();
  MoveMaterializer m(*f, diags);
  FunctionPtr g = m.mutateFunction(f);
  return diags.errorCount() == before ? g : nullptr;
}

PL_DEFINE_FUNCTION_PASS(MaterializeTileMoves, materializeTileMoves)

} // namespace pl::passes
