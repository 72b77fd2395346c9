// The default pipeline as one straight list, and the pipeline runner with verify-once.
#include "passes/pipeline.h"

#include "ir/expr_depth.h"
#include "ir/internal_error.h"
#include "ir/visitor.h"
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
  p.add(createWrapEntryPointsPass(none));        // -- (pl's own: host entries run an orchestration)
  p.add(createInlineFunctionsPass(none));        // 01
  if (ctx.fuseCreateAssemble()) // 40, opt-in (--fuse-create-assemble): before the copies become
    p.add(createFuseCreateAssembleToSlicePass(none)); // kernels; docs/passes.md says why
  p.add(createLowerOrchestrationAssemblesPass(none)); // -- (pl's own: copies are kernel work)
  p.add(createUnrollLoopsPass(none));            // 02
  p.add(createCtrlFlowTransformPass(none));      // 03
  p.add(createConvertToSSAPass(none));           // 04
  p.add(createSimplifyPass(none));               // 05
  p.add(createCheckConstantOperandsPass(none)); // -- (pl's own: what eager rejects, from constants)
  p.add(createNormalizeStmtStructurePass(none)); // --
  p.add(createFlattenCallExprPass(none));        // 06
  p.add(createOutlineHierarchyScopesPass(none)); // 07
  p.add(createOutlineGraphScopesPass(none));     // 08
  p.add(createOutlineIncoreScopesPass(none));   // 09
  p.add(createOutlineClusterScopesPass(none));   // 10
  p.add(createDeduplicateOutlinedKernelsPass(none)); // 11
  p.add(createConvertTensorToTileOpsPass(none)); // 12
  p.add(createOptimizeOrchTensorsPass(none));    // 13
  p.add(createLowerCompositeOpsPass(none));      // 14
  p.add(createFlattenTileNdTo2DPass(none));      // 15
  p.add(createLegalizeTileCastPass(none));       // 18
  p.add(createWidenAccDtypesPass(none));         // -- (pl's own: PTO-ISA's Acc is fp32)
  p.add(createAutoTileMatmulL0Pass(none));       // 19
  p.add(createInferTileMemorySpacePass(none));  // 21
  p.add(createLowerAutoVectorSplitPass(none));  // 24
  p.add(createExpandMixedKernelPass(none));     // 25
  p.add(createInjectGMPipeBufferPass(none));    // 26 (a2a3: GM slot rings)
  p.add(createSplitVectorKernelPass(none));     // 27
  p.add(createStampTfreeSplitPass(none));       // 28
  p.add(createExpandTileBroadcastsPass(none));  // -- (pl's own: the ISA's broadcast forms)
  p.add(createInferTileLayoutsPass(none));      // -- (pl's own: layouts from the SoC)
  p.add(createResolveBackendOpLayoutsPass(none)); // 23 (after the layouts: they are pl's)
  p.add(createPackCompareMasksPass(none));        // -- (pl's own: PTO-ISA's packed masks)
  p.add(createMaterializeScratchTilesPass(none)); // -- (pl's own: ptoas plans these for PyPTO)
  p.add(createCheckTileConstraintsPass(none));    // -- (pl's own: PTO-ISA's tile shape rules)
  p.add(createNormalizeReturnOrderPass(none));  // 29
  p.add(createSkewCrossCorePipelinePass(none)); // 30
  p.add(createInitMemRefPass(none));            // 35
  p.add(createMaterializeSemanticAliasesPass(none)); // 36 (every planner)
  if (ctx.memoryPlanner() == MemoryPlanner::PyPTO) // DSA_RP / PTOAS plan reuse themselves
    p.add(createMemoryReusePass(none));         // 37
  p.add(createSequentializeParallelCopiesPass(none)); // -- (after planning: reads the buffers)
  p.add(createMaterializeTileMovesPass(none));        // -- (the copies as tile.move)
  if (ctx.memoryPlanner() != MemoryPlanner::PtoAS) {  // PTOAS places buffers and syncs itself
    p.add(createAllocateMemoryAddrPass(none));        // 38
    p.add(createInsertPipeSyncsPass(none));           // -- (pl's own: ptoas's --enable-insert-sync)
  }
  p.add(createFoldNoOpReshapePass(none));       // 39
  p.add(createLowerSpmdLaunchesPass(none));     // 42 (LegalizeSpmdLaunches' slot)
  p.add(createDeriveCallDirectionsPass(none));  // 43
  p.add(createWindowTaskArgumentsPass(none));   // -- (pl's own: per-task tensor windows)
  PassOptions deps;                             // 44, opt-in (--derive-task-deps): docs/design.md
  deps.set("analyze_auto_scopes", ctx.deriveTaskDeps() ? "true" : "false");
  p.add(createAutoDeriveTaskDependenciesPass(deps));
  p.add(createExpandManualPhaseFencePass(none));       // 45
  p.add(createCheckTaskHazardsPass(none));             // -- (pl's own: provable unordered WAR)
  p.add(createLegalizeGraphBoundaryPass(none));        // 50
  p.add(createMaterializeRuntimeScopesPass(none));     // 51
  p.add(createClassifyIterArgCarryPass(none));         // 52
  p.add(createMaterializeValidShapeSymbolsPass(none)); // 54
  p.add(createBoundTileWindowsPass(none));             // -- (pl's own: windows proven in bounds)
  p.add(createMaterializeTileValidShapesPass(none));   // -- (pl's own: clipped valid shapes)
  return p;
}

IRPropertySet pipelineInputProperties() { return structuralProperties(); }

std::vector<UnmetRequirement> findUnmetRequirements(const std::vector<Pass> &passes,
                                                    IRPropertySet input) {
  std::vector<UnmetRequirement> unmet;
  IRPropertySet holds = input;
  for (size_t i = 0; i < passes.size(); ++i) {
    const Pass &pass = passes[i];
    if (IRPropertySet missing = pass.required() - holds; !missing.empty())
      unmet.push_back({i, pass.id(), missing});
    holds = (holds - pass.invalidated()) | pass.produced();
  }
  return unmet;
}

namespace {
/// Reports each statement-level expression deeper than ir::kMaxExprDepth (PM004): the
/// verifiers and passes walk expressions recursively, so this runs first and iteratively.
class ExprDepthChecker : public ir::IRVisitor {
public:
  explicit ExprDepthChecker(ir::DiagnosticEngine &diags) : diags_(diags) {}
  void visitBinary(const ir::Binary &e) override { check(e); }
  void visitUnary(const ir::Unary &e) override { check(e); }
  void visitCall(const ir::Call &e) override { check(e); }
  void visitSubmit(const ir::Submit &e) override { check(e); }
  void visitMakeTuple(const ir::MakeTuple &e) override { check(e); }
  void visitTupleGetItem(const ir::TupleGetItem &e) override { check(e); }

private:
  void check(const ir::Expr &e) {
    if (const ir::Expr *deep = ir::findExprDeeperThan(e))
      diags_.error("PM004", deep->span(),
                   "expression is nested too deeply (more than " +
                       std::to_string(ir::kMaxExprDepth) +
                       " levels); split it into several statements");
  }
  ir::DiagnosticEngine &diags_;
};

IRPropertySet autoChecked() { return verifiableProperties() & verifiedProperties(); }

/// The block structure SSAForm checks besides single binding and scoping (V003-V007: a carry
/// loop or an if with results ends in a yield of the right arity, yields only last in such
/// blocks) holds in any form of the IR, and every pass relies on it: checked on the input,
/// like the structural properties (SSAForm itself is not: the input may bind a variable twice
/// (V001) or read an assigned variable after its loop (V008)).
bool verifyBlockStructure(const ir::Program &p, ir::DiagnosticEngine &diags) {
  ir::DiagnosticEngine ssa;
  verifyProperties(p, {IRProperty::SSAForm}, ssa);
  bool ok = true;
  for (auto &d : ssa.diagnostics())
    if (d.code != "V001" && d.code != "V008") {
      diags.report(d);
      ok = false;
    }
  return ok;
}

bool verifyInput(const ir::ProgramPtr &p, PassContext &ctx, IRPropertySet &holds) {
  IRPropertySet want = structuralProperties() & autoChecked();
  if (!verifyProperties(*p, want, ctx.diags()).empty())
    return false;
  if (!verifyBlockStructure(*p, ctx.diags()))
    return false;
  holds = want;
  if (ctx.verificationLevel() == VerificationLevel::Roundtrip) {
    if (!checkRoundtrip("input", *p, ctx))
      return false;
    ctx.setRoundtripChecked(p);
  }
  return true;
}

/// Whether `d` also appears, identically, among `input`'s diagnostics.
bool carriedOver(const ir::Diagnostic &d, const ir::DiagnosticEngine &input) {
  for (auto &i : input.diagnostics())
    if (i.code == d.code && i.message == d.message && i.span.line == d.span.line &&
        i.span.col == d.span.col && i.span.file == d.span.file)
      return true;
  return false;
}

/// After `pass` turned `before` into `after`: its produced properties must hold. A violation
/// that the pass's input already had, identically (a hand-written construct the pass leaves as
/// it is, e.g. a malformed `arg_directions` attr or a vector op in a hand-written AIC kernel),
/// is the input's fault: located user errors (all violations) and PM005. When none is, the
/// failure is an internal compiler error in the pass, located at the first violation.
bool verifyAfter(const Pass &pass, const ir::Program &before, const ir::Program &after,
                 PassContext &ctx, IRPropertySet &holds) {
  holds -= pass.invalidated();
  IRPropertySet want = (pass.produced() & autoChecked()) - holds;
  ir::DiagnosticEngine out;
  IRPropertySet failed = verifyProperties(after, want, out);
  if (failed.empty()) {
    holds |= want;
    return true;
  }
  ir::DiagnosticEngine in;
  verifyProperties(before, failed, in);
  std::optional<ir::Span> firstNew, firstKept;
  for (auto &d : out.diagnostics()) {
    auto &first = carriedOver(d, in) ? firstKept : firstNew;
    if (d.severity == ir::Severity::Error && !first)
      first = d.span;
    ctx.diags().report(d);
  }
  // Once the input is known to be malformed, further violations may be its consequences
  // (a zero-size hand-written allocation that placement then overlaps): no ICE, as clang
  // does after errors.
  if (firstNew && !firstKept)
    ctx.reportInternalError(pass.id(), failed.str() + " does not hold after the pass, which "
                                                      "declares it produced", *firstNew);
  else
    ctx.diags().error("PM005", firstKept ? *firstKept : before.span(),
                      "the input violates " + failed.str() + ", which pass '" + pass.id() +
                          "' establishes; it keeps the constructs above as they are written");
  return false;
}
} // namespace

ir::ProgramPtr Pipeline::run(const ir::ProgramPtr &input) const {
  PassContext &ctx = PassContext::current();
  ir::InternalErrorScope scope("", input->span()); // e.g. the input's round trip
  for (auto &inst : ctx.instruments())
    if (!inst->beforePipeline(*input, ctx))
      return nullptr;
  unsigned errorsBefore = ctx.diags().errorCount();
  ExprDepthChecker depth(ctx.diags()); // at every verification level: passes recurse
  depth.visitProgram(*input);
  if (ctx.diags().errorCount() != errorsBefore)
    return nullptr;
  bool verify = ctx.verificationLevel() != VerificationLevel::None;
  IRPropertySet holds;
  if (verify && !verifyInput(input, ctx, holds))
    return nullptr;
  ir::ProgramPtr p = input;
  for (auto &pass : passes_) {
    ir::ProgramPtr before = p;
    p = pass(p); // instruments + round trip
    if (!p || (verify && !verifyAfter(pass, *before, *p, ctx, holds)))
      return nullptr;
  }
  for (auto &inst : ctx.instruments())
    inst->afterPipeline(*p, ctx);
  return p;
}

} // namespace pl::passes
