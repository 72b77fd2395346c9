// SequentializeParallelCopies: temporaries where a yield's in-order copies would clobber a
// source (see sequentialize_parallel_copies.h).
#include "passes/sequentialize_parallel_copies.h"

#include "passes/utils/carry_copies.h"
#include "passes/utils/fresh_names.h"
#include "passes/utils/liveness.h"
#include "passes/utils/parallel_copies.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"

#include "llvm/ADT/StringExtras.h"

#include <set>

namespace pl::passes {

namespace {
using namespace ir;

bool isAlloc(const StmtPtr &s) {
  auto *a = dynCast<Assign>(s);
  auto *c = a ? dynCast<Call>(a->value()) : nullptr;
  return c && c->target().isOp() && c->target().op->name() == "tile.alloc";
}

/// Rewrites yields and tile loop entries; collects the buffers of tile temporaries.
class CopySequencer : public CarryCopyRewriter {
public:
  explicit CopySequencer(const Function &f) : model_(f), names_(f) {}

  /// The allocations of the tile temporaries (to open the function).
  std::vector<StmtPtr> allocs;

private:
  /// `body` with `t = src` before its trailing yield for every unsafe slot, which yields t.
  StmtPtr rewriteYield(const StmtPtr &body, const std::vector<VarPtr> &dsts) override {
    const Yield *y = trailingYield(body);
    if (!y)
      return body;
    std::vector<size_t> unsafe = model_.unsafeSlots(dsts, y->values());
    if (unsafe.empty())
      return body;
    std::vector<StmtPtr> stmts;
    splitTrailingYield(body, stmts);
    ExprList values = y->values();
    for (size_t k : unsafe)
      values[k] = save(values[k], *dsts[k], stmts, y->span());
    stmts.push_back(Yield::make(std::move(values), y->span()));
    return Seq::flatten(std::move(stmts), body->span());
  }

  /// The iter_args with saved inits where the loop's entry copies are unsafe (tiles only: other
  /// iter_args are fresh variables initialised at their declaration).
  std::vector<IterArg> rewriteInits(const std::vector<IterArg> &iters, std::vector<StmtPtr> &before,
                                    const Span &span) override {
    std::vector<IterArg> out = iters;
    std::vector<VarPtr> dsts;
    ExprList srcs;
    for (auto &ia : iters) {
      dsts.push_back(ia.var);
      srcs.push_back(ia.init);
    }
    for (size_t k : model_.unsafeSlots(dsts, srcs))
      if (isa<TileType>(iters[k].var->type()))
        out[k].init = save(iters[k].init, *iters[k].var, before, span);
    return out;
  }

  /// Appends `t = src` to `stmts` and returns t (a tile t gets a buffer of its own).
  ExprPtr save(const ExprPtr &src, const Var &dst, std::vector<StmtPtr> &stmts, const Span &span) {
    TypePtr type = src->type();
    if (auto *tt = dynCast<TileType>(type); tt && tt->memref())
      type = ownBuffer(*tt, span);
    VarPtr t = Var::make(names_.fresh(dst.name() + "_saved"), type, span);
    model_.addOwnStorage(t.get());
    stmts.push_back(Assign::make(t, src, span));
    return t;
  }

  /// `t`'s type on a new allocation of the same size in the same space.
  TypePtr ownBuffer(const TileType &t, const Span &span) {
    MemorySpace space = t.memorySpace().value_or(MemorySpace::Vec);
    std::string prefix = llvm::StringRef(std::string(memorySpaceName(space))).lower() + "_";
    std::string tag;
    for (int n = 0;; ++n) {
      tag = prefix + std::to_string(n);
      if (!names_.taken(tag) && !names_.taken("mem_" + tag))
        break;
    }
    names_.take(tag);
    names_.take("mem_" + tag);
    int64_t size = t.memref()->size();
    auto base = Var::make("mem_" + tag, PtrType::make(space), span);
    DiagnosticEngine diags;
    AttrList kw = {{"target_memory", space}, {"size", size}};
    allocs.push_back(Assign::make(base, makeOpCall("tile.alloc", {}, std::move(kw), span, diags),
                                  span));
    auto m = MemRef::make(tag, base, ConstInt::make(0), size);
    return TileType::make(t.dtype(), t.shape(), t.memorySpace(), t.view(), m);
  }

  CopyStorageModel model_;
  FreshNames names_;
};
} // namespace

FunctionPtr sequentializeParallelCopies(const FunctionPtr &f) {
  CopySequencer seq(*f);
  FunctionPtr g = seq.mutateFunction(f);
  if (seq.allocs.empty())
    return g;
  std::vector<StmtPtr> stmts = bodyStmts(g->body());
  size_t at = 0;
  while (at < stmts.size() && isAlloc(stmts[at]))
    ++at;
  stmts.insert(stmts.begin() + static_cast<std::ptrdiff_t>(at), seq.allocs.begin(),
               seq.allocs.end());
  return g->withBody(Seq::flatten(std::move(stmts), g->body()->span()));
}

PL_DEFINE_FUNCTION_PASS(SequentializeParallelCopies, sequentializeParallelCopies)

} // namespace pl::passes
