// Kernel rewrites that insert statements (see kernel_rewrite.h).
#include "passes/utils/kernel_rewrite.h"

#include "ir/internal_error.h"
#include "ir/op_registry.h"

namespace pl::passes {
using namespace ir;

StmtPtr KernelRewriter::mutateAssign(const std::shared_ptr<const Assign> &s) {
  StmtPtr out = IRMutator::mutateAssign(s);
  auto *a = dynCast<Assign>(out);
  auto *c = a ? dynCast<Call>(a->value()) : nullptr;
  if (!c || !c->target().isOp())
    return out;
  return rewriteOpCall(*a, *c, out);
}

ExprPtr KernelRewriter::opCall(std::string_view op, ExprList args, AttrList kwargs,
                               const Span &span) const {
  DiagnosticEngine local;
  ExprPtr e = makeOpCall(op, std::move(args), std::move(kwargs), span, local);
  PL_CHECK_AT(e, pass_, span, "'" + std::string(op) + "' rejects the operands the pass built");
  return e;
}

VarPtr KernelRewriter::bind(const std::string &hint, ExprPtr value, std::vector<StmtPtr> &stmts,
                            const Span &span, const TypePtr &type) {
  VarPtr v = Var::make(names_.fresh(hint), type ? type : value->type(), span);
  stmts.push_back(Assign::make(v, std::move(value), span));
  return v;
}

std::string KernelRewriter::stemOf(const ExprPtr &e, const std::string &fallback) {
  auto *v = dynCast<Var>(e);
  return v ? v->name() : fallback;
}

} // namespace pl::passes
