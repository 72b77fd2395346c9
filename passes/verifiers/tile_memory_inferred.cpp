// TileMemoryInferred verifier: every tile of a kernel has a memory space its producer gives and
// its consumers accept.
//
// Holds when, in every InCore / AIC / AIV function, each tile variable (assignment, loop
// carry, result variable) has a memory space, every tile argument of an op call is in a space
// the op allows, and a tile assigned from an op call is in the space of the op's rule (when the
// rule decides one).
//
// Codes: V901 tile without a memory space · V902 op argument in a disallowed space · V903 a
// tile's space differs from its producing op's rule.
#include "passes/verifiers/verifier_visitor.h"

#include "ir/op_registry.h"

namespace pl::passes {

namespace {
using namespace ir;

std::string spaceOf(const TileType &t) {
  return t.memorySpace() ? std::string(memorySpaceName(*t.memorySpace())) : "none";
}

class SpaceChecker : public KernelVerifierVisitor {
public:
  using KernelVerifierVisitor::KernelVerifierVisitor;

  void visitVarDef(const VarPtr &v) override {
    if (auto *t = dynCast<TileType>(v->type()); t && !t->memorySpace())
      diags_.error("V901", v->span(),
                   "tile '" + v->name() + "' has no memory space; expected one "
                                          "(run infer-tile-memory-space)");
  }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    auto *t = dynCast<TileType>(s.var()->type());
    auto *c = dynCast<Call>(s.value());
    if (!t || !t->memorySpace() || !c || !c->target().isOp())
      return;
    auto rule = resultMemorySpace(*c->target().op, c->args(), c->kwargs());
    if (rule && *rule != *t->memorySpace())
      diags_.error("V903", s.span(),
                   "tile '" + s.var()->name() + "' is in " + spaceOf(*t) + " but '" +
                       c->target().op->name() + "' produces " +
                       std::string(memorySpaceName(*rule)));
  }

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    if (!c.target().isOp())
      return;
    const Op &op = *c.target().op;
    for (size_t i = 0; i < c.args().size(); ++i) {
      auto *t = c.args()[i] ? dynCast<TileType>(c.args()[i]->type()) : nullptr;
      if (!t || !t->memorySpace() || argSpaceAllowed(op, i, *t->memorySpace()))
        continue;
      std::string arg = i < op.argNames.size() ? op.argNames[i] : std::to_string(i);
      diags_.error("V902", c.span(),
                   "argument '" + arg + "' of '" + op.name() + "' is in " + spaceOf(*t) +
                       ", which the op does not accept");
    }
  }
};
} // namespace

void verifyTileMemoryInferred(const Program &p, DiagnosticEngine &diags) {
  runVerifier<SpaceChecker>(p, diags);
}

} // namespace pl::passes
