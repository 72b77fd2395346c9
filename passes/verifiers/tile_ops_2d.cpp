// TileOps2D verifier: every kernel tile is 2-D (FlattenTileNdTo2D).
//
// Holds when every variable a kernel function (InCore, AIC, AIV) binds, as a parameter, an
// assignment, a loop carry or a loop result, that has a tile type has rank 2.
//
// Codes: V512 a tile of rank != 2 in a kernel.
#include "passes/verifiers/verifier_visitor.h"

#include "ir/printer.h"

namespace pl::passes {

namespace {
using namespace ir;

class Tile2DChecker : public KernelVerifierVisitor {
public:
  using KernelVerifierVisitor::KernelVerifierVisitor;

  void visitFunction(const Function &f) override {
    func_ = &f;
    if (isKernel(f.type()))
      for (const auto &p : f.params())
        check(p.var);
    KernelVerifierVisitor::visitFunction(f);
  }
  void visitAssign(const Assign &s) override {
    check(s.var());
    IRVisitor::visitAssign(s);
  }
  void visitFor(const For &s) override {
    for (const auto &a : s.iterArgs())
      check(a.var);
    for (const auto &r : s.returnVars())
      check(r);
    IRVisitor::visitFor(s);
  }

private:
  void check(const VarPtr &v) {
    auto *t = v ? dynCast<TileType>(v->type()) : nullptr;
    if (!t || t->rank() == 2)
      return;
    diags_.error("V512", v->span(),
                 "tile '" + v->name() + "' of type '" + printType(v->type()) + "' in kernel '" +
                     func_->name() + "' is not 2-D (run flatten-tile-nd-to-2d)");
  }
};
} // namespace

void verifyTileOps2D(const Program &p, DiagnosticEngine &diags) {
  runVerifier<Tile2DChecker>(p, diags);
}

} // namespace pl::passes
