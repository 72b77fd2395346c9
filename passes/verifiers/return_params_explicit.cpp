// ReturnParamsExplicit verifier: every kernel's trailing return lists tensor parameters of the
// kernel itself (by identity), in parameter order (NormalizeReturnOrder establishes it).
//
// Codes: V951 a kernel returns something other than one of its tensor parameters ·
//   V952 the returned parameters are out of parameter order.
#include "passes/verifiers/registry.h"

#include "ir/printer.h"
#include "passes/utils/liveness.h"

#include <algorithm>
#include <map>

namespace pl::passes {

using namespace ir;

void verifyReturnParamsExplicit(const Program &p, DiagnosticEngine &diags) {
  for (auto &f : p.functions()) {
    if (!isKernel(f->type()))
      continue;
    std::vector<StmtPtr> stmts = bodyStmts(f->body());
    auto *ret = stmts.empty() ? nullptr : dynCast<Return>(stmts.back());
    if (!ret || std::any_of(ret->values().begin(), ret->values().end(),
                            [](const ExprPtr &v) { return !isa<TensorType>(v->type()); }))
      continue; // scalar results are values (and tiles a TypeChecked error)
    std::map<const Var *, size_t> index;
    for (size_t i = 0; i < f->params().size(); ++i)
      if (isa<TensorType>(f->params()[i].var->type()))
        index[f->params()[i].var.get()] = i;
    size_t last = 0;
    for (const ExprPtr &v : ret->values()) {
      auto it = index.find(dynCast<Var>(v));
      if (it == index.end()) {
        diags.error("V951", ret->span(),
                    "kernel '" + f->name() + "' returns '" + printExpr(v) +
                        "', not one of its tensor parameters (run normalize-return-order)");
        break;
      }
      if (it->second < last) {
        diags.error("V952", ret->span(),
                    "kernel '" + f->name() +
                        "' returns its parameters out of parameter order "
                        "(run normalize-return-order)");
        break;
      }
      last = it->second;
    }
  }
}

} // namespace pl::passes
