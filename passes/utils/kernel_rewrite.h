// Kernel rewrites that insert statements before the one they change (ExpandTileBroadcasts,
// ResolveBackendOpLayouts, MaterializeScratchTiles): fresh names, calls the pass builds and
// knows to be valid, and the function-level wrapper that leaves non-kernels alone.
#pragma once

#include "passes/utils/fresh_names.h"

#include "ir/mutator.h"

#include <string>
#include <string_view>
#include <vector>

namespace pl::passes {

class KernelRewriter : public ir::IRMutator {
protected:
  KernelRewriter(const ir::Function &f, std::string pass) : names_(f), pass_(std::move(pass)) {}

  /// Rewrites the operands, then hands every `v = op(...)` to rewriteOpCall.
  ir::StmtPtr mutateAssign(const std::shared_ptr<const ir::Assign> &s) final;
  /// The statements replacing `a`, whose value is the op call `c`; `out` (`a` itself) keeps it.
  virtual ir::StmtPtr rewriteOpCall(const ir::Assign &a, const ir::Call &c,
                                    const ir::StmtPtr &out) = 0;

  /// makeOpCall of a call the pass built; the registry rejecting it is an internal compiler
  /// error naming the pass and the span.
  ir::ExprPtr opCall(std::string_view op, ir::ExprList args, ir::AttrList kwargs,
                     const ir::Span &span) const;
  /// Appends `v = value` to stmts, v a fresh `hint` of `type` (default: value's type); returns v.
  ir::VarPtr bind(const std::string &hint, ir::ExprPtr value, std::vector<ir::StmtPtr> &stmts,
                  const ir::Span &span, const ir::TypePtr &type = nullptr);
  /// The name of e when it is a variable, else `fallback`: the stem of the names derived from e.
  static std::string stemOf(const ir::ExprPtr &e, const std::string &fallback);

  FreshNames names_;

private:
  std::string pass_;
};

/// f rewritten by `R(*f)` when it is a kernel (AIV / AIC / InCore); other functions unchanged.
template <class R> ir::FunctionPtr rewriteKernel(const ir::FunctionPtr &f) {
  if (!ir::isKernel(f->type()))
    return f;
  R r(*f);
  return r.mutateFunction(f);
}

} // namespace pl::passes
