// ExpandMixedKernel: InCore kernels retyped AIC / AIV by op affinity (see expand_mixed_kernel.h).
#include "passes/expand_mixed_kernel.h"

#include "ir/visitor.h"
#include "passes/utils/core_affinity.h"

namespace pl::passes {

namespace {
using namespace ir;

/// The combined affinity of a kernel, and where its first cube / vector op is.
class AffinityCollector : public IRVisitor {
public:
  AffinityCollector() { visitTypes_ = false; }
  CoreAffinity combined = CoreAffinity::Shared;
  const Call *firstCube = nullptr, *firstVector = nullptr, *firstBoundary = nullptr;

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    CoreAffinity a = classifyCallAffinity(c);
    if (a == CoreAffinity::Cube && !firstCube)
      firstCube = &c;
    if (a == CoreAffinity::Vector && !firstVector)
      firstVector = &c;
    if (a == CoreAffinity::Mixed && !firstBoundary)
      firstBoundary = &c;
    combined = combineAffinity(combined, a);
  }
};

void reportMixed(const Function &f, const AffinityCollector &ac, DiagnosticEngine &diags) {
  Diagnostic d{Severity::Error,
               "MK001",
               "mixed AIC/AIV kernel '" + f.name() +
                   "' is not supported yet; split it into separate pl::at scopes",
               f.span(),
               {}};
  if (ac.firstBoundary)
    d.notes.emplace_back(ac.firstBoundary->span(), "this move crosses the cube/vector divide");
  if (ac.firstCube)
    d.notes.emplace_back(ac.firstCube->span(),
                         "first cube op '" + ac.firstCube->target().name() + "'");
  if (ac.firstVector)
    d.notes.emplace_back(ac.firstVector->span(),
                         "first vector op '" + ac.firstVector->target().name() + "'");
  diags.report(std::move(d));
}

FunctionPtr retype(const Function &f, FunctionType t) {
  AttrList attrs;
  for (auto &kv : f.attrs())
    if (kv.first != "split")
      attrs.push_back(kv);
  std::optional<Level> level = f.level();
  if (level)
    level = t == FunctionType::AIC ? Level::AIC : Level::AIV;
  return Function::make(f.name(), t, f.params(), f.returnTypes(), f.body(), level, f.role(),
                        std::move(attrs), f.span());
}
} // namespace

ProgramPtr expandMixedKernels(const ProgramPtr &p, DiagnosticEngine &diags) {
  std::vector<FunctionPtr> fns;
  bool changed = false, failed = false;
  for (auto &f : p->functions()) {
    if (f->type() != FunctionType::InCore) {
      fns.push_back(f);
      continue;
    }
    AffinityCollector ac;
    ac.visitFunction(*f);
    if (ac.combined == CoreAffinity::Mixed) {
      reportMixed(*f, ac, diags);
      failed = true;
      continue;
    }
    fns.push_back(
        retype(*f, ac.combined == CoreAffinity::Cube ? FunctionType::AIC : FunctionType::AIV));
    changed = true;
  }
  if (failed)
    return nullptr;
  return changed ? p->withFunctions(std::move(fns)) : p;
}

PL_DEFINE_PROGRAM_PASS(ExpandMixedKernel, expandMixedKernels)

} // namespace pl::passes
