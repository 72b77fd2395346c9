// IncoreTileOps verifier: kernels compute on tiles.
//
// Holds when no kernel function (InCore, AIC, AIV) calls a tensor op other than the global
// memory scalar accesses `tensor.read` / `tensor.write` and the shape query `tensor.dim` (which
// stay tensor ops on parameters).
//
// Codes: V511 a tensor op left in a kernel.
#include "passes/verifiers/verifier_visitor.h"

#include "ir/op_registry.h"

namespace pl::passes {

namespace {
using namespace ir;

class TileOpChecker : public KernelVerifierVisitor {
public:
  using KernelVerifierVisitor::KernelVerifierVisitor;

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    if (!c.target().isOp() || c.target().op->family() != "tensor")
      return;
    const std::string &n = c.target().op->name();
    if (n == "tensor.read" || n == "tensor.write" || n == "tensor.dim")
      return;
    diags_.error("V511", c.span(),
                 "tensor op '" + n + "' left in kernel '" + func_->name() +
                     "'; expected tile ops (run convert-tensor-to-tile-ops)");
  }
};
} // namespace

void verifyIncoreTileOps(const Program &p, DiagnosticEngine &diags) {
  runVerifier<TileOpChecker>(p, diags);
}

} // namespace pl::passes
