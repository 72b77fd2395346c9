// MaterializeSemanticAliases: carried tiles computed in their carry's buffer (see
// materialize_semantic_aliases.h).
#include "passes/materialize_semantic_aliases.h"

#include "passes/utils/liveness.h"
#include "passes/utils/tile_buffers.h"

#include "ir/find.h"
#include "ir/visitor.h"

#include <algorithm>

namespace pl::passes {
using namespace ir;

namespace {

/// Union of buffer groups, top down over the carries and phis of a kernel.
class AliasMerger : public IRVisitor {
public:
  AliasMerger(const TileBuffers &bufs, std::vector<std::set<size_t>> conflicts)
      : bufs_(bufs), conflicts_(std::move(conflicts)), rep_(bufs.buffers.size()),
        members_(bufs.buffers.size()) {
    visitTypes_ = false;
    for (size_t i = 0; i < rep_.size(); ++i) {
      rep_[i] = i;
      members_[i] = {i};
    }
  }

  void visitFor(const For &s) override {
    carries(s.iterArgs(), s.body());
    IRVisitor::visitFor(s);
  }
  void visitWhile(const While &s) override {
    carries(s.iterArgs(), s.body());
    IRVisitor::visitWhile(s);
  }
  void visitIf(const If &s) override {
    for (size_t k = 0; k < s.returnVars().size(); ++k)
      for (const StmtPtr *b : {&s.thenBody(), &s.elseBody()})
        merge(s.returnVars()[k].get(), yielded(*b, k));
    IRVisitor::visitIf(s);
  }

  /// Every buffer's representative (the root of its group).
  std::vector<size_t> representatives() {
    std::vector<size_t> out(rep_.size());
    for (size_t i = 0; i < rep_.size(); ++i)
      out[i] = find(i);
    return out;
  }

private:
  static const Var *yielded(const StmtPtr &body, size_t k) {
    const Yield *y = body ? trailingYield(body) : nullptr;
    return y && k < y->values().size() ? dynCast<Var>(y->values()[k]) : nullptr;
  }

  void carries(const std::vector<IterArg> &iters, const StmtPtr &body) {
    for (size_t k = 0; k < iters.size(); ++k)
      merge(iters[k].var.get(), yielded(body, k));
  }

  size_t find(size_t i) {
    while (rep_[i] != i)
      i = rep_[i] = rep_[rep_[i]];
    return i;
  }

  /// Merges the group of `from`'s buffer into the group of `into`'s buffer when that is safe.
  void merge(const Var *into, const Var *from) {
    long ia = bufs_.indexOf(into), ib = bufs_.indexOf(from);
    if (ia < 0 || ib < 0)
      return;
    size_t a = find(size_t(ia)), b = find(size_t(ib));
    const TileBuffer &ta = bufs_.buffers[a], &tb = bufs_.buffers[b];
    if (a == b || ta.pinned || tb.pinned || ta.space != tb.space || ta.size < tb.size)
      return;
    for (size_t m : members_[b])
      if (conflicts_[a].count(m))
        return;
    rep_[b] = a;
    members_[a].insert(members_[a].end(), members_[b].begin(), members_[b].end());
    conflicts_[a].insert(conflicts_[b].begin(), conflicts_[b].end());
  }

  const TileBuffers &bufs_;
  std::vector<std::set<size_t>> conflicts_; ///< per group root: the buffers it conflicts with
  std::vector<size_t> rep_;
  std::vector<std::vector<size_t>> members_; ///< per group root: its buffers
};
} // namespace

FunctionPtr materializeSemanticAliases(const FunctionPtr &f) {
  if (!isKernel(f->type()))
    return f;
  // A break or continue exits its loop mid-body: a carry's buffer must keep the iter_arg's
  // value until the yield, which the lifetimes do not model.
  if (hasLoopJump(f->body()))
    return f;
  TileBuffers bufs = collectTileBuffers(*f);
  if (bufs.buffers.size() < 2)
    return f;
  AliasMerger merger(bufs, tileBufferConflicts(*f, bufs));
  merger.visitFunction(*f);
  return mergeTileBuffers(f, bufs, merger.representatives());
}

PL_DEFINE_FUNCTION_PASS(MaterializeSemanticAliases, materializeSemanticAliases)

} // namespace pl::passes
