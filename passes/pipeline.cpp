// The default pipeline as one straight list, and the pipeline runner with verify-once.
#include "passes/pipeline.h"

#include "passes/instruments.h"
#include "passes/passes.h"
#include "passes/verifiers/registry.h"

namespace pl::passes {

Pipeline buildDefaultPipeline(const PassContext &ctx) {
  Pipeline p;
  // DESIGN.md §5 order. A pass joins this list when it is implemented; until then it is listed
  // as missing in docs/passes.md. Running it always verifies the input (and round-trips it at
  // --verify=roundtrip).
  PassOptions none;
  p.add(createInlineFunctionsPass(none));        // 01
  p.add(createUnrollLoopsPass(none));            // 02
  p.add(createCtrlFlowTransformPass(none));      // 03
  p.add(createConvertToSSAPass(none));           // 04
  p.add(createSimplifyPass(none));               // 05
  p.add(createNormalizeStmtStructurePass(none)); // --
  p.add(createFlattenCallExprPass(none));        // 06
  p.add(createOutlineHierarchyScopesPass(none)); // 07
  p.add(createOutlineGraphScopesPass(none));     // 08
  p.add(createOutlineIncoreScopesPass(none));   // 09
  p.add(createOutlineClusterScopesPass(none));   // 10
  p.add(createDeduplicateOutlinedKernelsPass(none)); // 11
  p.add(createConvertTensorToTileOpsPass(none)); // 12
  p.add(createOptimizeOrchTensorsPass(none));    // 13
  p.add(createInferTileMemorySpacePass(none));  // 21
  p.add(createExpandMixedKernelPass(none));     // 25
  p.add(createInitMemRefPass(none));            // 35
  if (ctx.memoryPlanner() == MemoryPlanner::PyPTO) // DSA_RP / PTOAS plan reuse themselves
    p.add(createMemoryReusePass(none));         // 37
  p.add(createSequentializeParallelCopiesPass(none)); // -- (after planning: reads the buffers)
  if (ctx.memoryPlanner() != MemoryPlanner::PtoAS) // PTOAS places buffers itself
    p.add(createAllocateMemoryAddrPass(none));  // 38
  p.add(createDeriveCallDirectionsPass(none));  // 43
  p.add(createMaterializeRuntimeScopesPass(none)); // 51 (last for now)
  return p;
}

namespace {
IRPropertySet autoChecked() { return verifiableProperties() & verifiedProperties(); }

bool verifyInput(const ir::Program &p, PassContext &ctx, IRPropertySet &holds) {
  IRPropertySet want = structuralProperties() & autoChecked();
  if (!verifyProperties(p, want, ctx.diags()).empty())
    return false;
  holds = want;
  if (ctx.verificationLevel() == VerificationLevel::Roundtrip)
    return checkRoundtrip("input", p, ctx);
  return true;
}

bool verifyAfter(const Pass &pass, const ir::Program &p, PassContext &ctx, IRPropertySet &holds) {
  holds -= pass.invalidated();
  IRPropertySet want = (pass.produced() & autoChecked()) - holds;
  IRPropertySet failed = verifyProperties(p, want, ctx.diags());
  if (!failed.empty()) {
    ctx.reportInternalError(pass.id(), failed.str() + " does not hold after the pass, which "
                                                      "declares it produced");
    return false;
  }
  holds |= want;
  return true;
}
} // namespace

ir::ProgramPtr Pipeline::run(const ir::ProgramPtr &input) const {
  PassContext &ctx = PassContext::current();
  for (auto &inst : ctx.instruments())
    if (!inst->beforePipeline(*input, ctx))
      return nullptr;
  bool verify = ctx.verificationLevel() != VerificationLevel::None;
  IRPropertySet holds;
  if (verify && !verifyInput(*input, ctx, holds))
    return nullptr;
  ir::ProgramPtr p = input;
  for (auto &pass : passes_) {
    p = pass(p); // instruments + round trip
    if (!p || (verify && !verifyAfter(pass, *p, ctx, holds)))
      return nullptr;
  }
  for (auto &inst : ctx.instruments())
    inst->afterPipeline(*p, ctx);
  return p;
}

} // namespace pl::passes
