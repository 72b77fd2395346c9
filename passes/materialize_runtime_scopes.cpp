// MaterializeRuntimeScopes: AUTO runtime scopes around orchestration blocks (see
// materialize_runtime_scopes.h).
#include "passes/materialize_runtime_scopes.h"

#include "ir/mutator.h"
#include "passes/utils/runtime_scopes.h"

namespace pl::passes {

namespace {
using namespace ir;

/// `block` as `scope runtime { stmts } trailer`, or block itself when already in that form.
StmtPtr wrapBlock(const StmtPtr &block) {
  BlockParts parts = splitBlock(block);
  if (parts.stmts.empty() || isWrapped(parts))
    return block;
  Span span = block->span();
  StmtPtr scope =
      Scope::make(ScopeKind::Runtime, "", Seq::flatten(std::move(parts.stmts), span), {}, nullptr,
                  span);
  std::vector<StmtPtr> out{scope};
  if (parts.trailer)
    out.push_back(parts.trailer);
  return Seq::flatten(std::move(out), span);
}

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
    StmtPtr out = IRMutator::mutateFor(s);
    auto *f = dynCast<For>(out);
    if (!f || manualDepth_)
      return out;
    StmtPtr body = wrapBlock(f->body());
    if (body == f->body())
      return out;
    return For::make(f->loopVar(), f->start(), f->stop(), f->step(), f->iterArgs(), body,
                     f->returnVars(), f->forKind(), f->attrs(), f->span());
  }

  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    StmtPtr out = IRMutator::mutateIf(s);
    auto *i = dynCast<If>(out);
    if (!i || manualDepth_)
      return out;
    StmtPtr thenBody = wrapBlock(i->thenBody());
    StmtPtr elseBody = i->elseBody() ? wrapBlock(i->elseBody()) : nullptr;
    if (thenBody == i->thenBody() && elseBody == i->elseBody())
      return out;
    return If::make(i->cond(), thenBody, elseBody, i->returnVars(), i->span());
  }

private:
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
