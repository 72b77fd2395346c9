// MaterializeRuntimeScopes: AUTO runtime scopes around orchestration blocks (see
// materialize_runtime_scopes.h).
#include "passes/materialize_runtime_scopes.h"

#include "ir/mutator.h"
#include "passes/utils/runtime_scopes.h"

namespace pl::passes {

namespace {
using namespace ir;

/// `block` as `scope runtime { stmts } trailer`, or block itself when already in that form.
StmtPtr wrapBlock(const StmtPtr &block) { return wrapInRuntimeScope(block, {}); }

class ScopeInserter : public IRMutator {
public:
  StmtPtr mutateScope(const std::shared_ptr<const Scope> &s) override {
    bool manual = isManualRuntimeScope(*s);
    manualDepth_ += manual;
    StmtPtr out = IRMutator::mutateScope(s);
    manualDepth_ -= manual;
    return out;
  }

  StmtPtr mutateFor(const std::shared_ptr<const For> &s) override {
    return wrapBlocks(IRMutator::mutateFor(s));
  }
  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    return wrapBlocks(IRMutator::mutateIf(s));
  }

private:
  /// `s` (already mutated) with each of its blocks (a loop body, an if's branches) wrapped,
  /// unless it is inside a manual runtime scope.
  StmtPtr wrapBlocks(const StmtPtr &s) const {
    if (manualDepth_)
      return s;
    if (auto *f = dynCast<For>(s)) {
      StmtPtr body = wrapBlock(f->body());
      if (body == f->body())
        return s;
      return For::make(f->loopVar(), f->start(), f->stop(), f->step(), f->iterArgs(), body,
                       f->returnVars(), f->forKind(), f->attrs(), f->span());
    }
    if (auto *i = dynCast<If>(s)) {
      StmtPtr thenBody = wrapBlock(i->thenBody());
      StmtPtr elseBody = i->elseBody() ? wrapBlock(i->elseBody()) : nullptr;
      if (thenBody == i->thenBody() && elseBody == i->elseBody())
        return s;
      return If::make(i->cond(), thenBody, elseBody, i->returnVars(), i->span());
    }
    return s;
  }

  int manualDepth_ = 0;
};
} // namespace

FunctionPtr materializeRuntimeScopes(const FunctionPtr &f) {
  if (!wantsAutoScopes(*f))
    return f;
  ScopeInserter inserter;
  FunctionPtr g = inserter.mutateFunction(f);
  StmtPtr body = wrapBlock(g->body());
  return body == g->body() ? g : g->withBody(body);
}

PL_DEFINE_FUNCTION_PASS(MaterializeRuntimeScopes, materializeRuntimeScopes)

} // namespace pl::passes
