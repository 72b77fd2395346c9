// InferTileLayouts: each kernel tile's layout from its space (see infer_tile_layouts.h).
#include "passes/infer_tile_layouts.h"

#include "ir/mutator.h"
#include "passes/platform.h"

namespace pl::passes {

namespace {
using namespace ir;

bool implicitLayout(const TileView &v) {
  return v.blayout == BLayout::RowMajor && v.slayout == SLayout::NoneBox && v.fractal == 512;
}

/// A row vector [1, C] (or 1-D).
bool rowVector(const TileType &t) {
  auto r = t.rank() == 2 ? t.constDim(0) : std::optional<int64_t>(1);
  return r && *r == 1;
}

class LayoutRewriter : public IRMutator {
public:
  explicit LayoutRewriter(const SocDesc &soc) : soc_(soc) {}

  TypePtr mutateType(const TypePtr &t) override {
    TypePtr base = IRMutator::mutateType(t);
    auto *tt = dynCast<TileType>(base);
    if (!tt || !tt->memorySpace())
      return base;
    TileView view = tt->view().value_or(TileView{});
    if (!implicitLayout(view))
      return base;
    const MemorySpaceDesc *d = soc_.space(*tt->memorySpace());
    if (!d)
      return base;
    TileView want = view;
    want.blayout = d->blayout;
    want.slayout = d->slayout;
    want.fractal = d->fractal;
    if (*tt->memorySpace() == MemorySpace::Vec && columnVectorRows(*tt))
      want.blayout = BLayout::ColMajor;
    if (*tt->memorySpace() == MemorySpace::Mat && rowVector(*tt)) { // a bias row stays ND
      want.blayout = BLayout::RowMajor;
      want.slayout = SLayout::NoneBox;
    }
    if (implicitLayout(want))
      return base;
    return TileType::make(tt->dtype(), tt->shape(), tt->memorySpace(), std::move(want),
                          tt->memref());
  }

  /// A call's own type stays what its op deduces (the printer does not print it; the parser
  /// deduces it again): only the variables' types carry the layout.
  ExprPtr mutateCall(const std::shared_ptr<const Call> &e) override {
    ExprPtr out = IRMutator::mutateCall(e);
    auto *c = dynCast<Call>(out);
    if (!c || c->type() == e->type())
      return out;
    if (c->args() == e->args() && c->kwargs() == e->kwargs() && c->attrs() == e->attrs())
      return e;
    return Call::make(c->target(), c->args(), c->kwargs(), c->attrs(), e->type(), c->span());
  }

private:
  const SocDesc &soc_;
};

} // namespace

FunctionPtr inferTileLayouts(const FunctionPtr &f, const SocDesc &soc) {
  if (!isKernel(f->type()))
    return f;
  LayoutRewriter r(soc);
  return r.mutateFunction(f);
}

Pass createInferTileLayoutsPass(PassOptions &opts) {
  return createSocFunctionPass(PassClass::InferTileLayouts, opts,
                               [](const FunctionPtr &f, const SocDesc &soc, DiagnosticEngine &) {
                                 return inferTileLayouts(f, soc);
                               });
}

} // namespace pl::passes
