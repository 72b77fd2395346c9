// The one place where property verifiers are registered.
#include "passes/verifiers/registry.h"

namespace pl::passes {

const std::vector<PropertyVerifier> &propertyVerifiers() {
  using P = IRProperty;
  static const std::vector<PropertyVerifier> table = {
      {P::SSAForm, verifySSAForm, "V001-V008"},
      {P::TypeChecked, verifyTypeChecked, "V101-V112"},
      {P::NoNestedCalls, verifyNoNestedCalls, "V201-V206"},
      {P::NormalizedStmtStructure, verifyNormalizedStmtStructure, "V701-V704"},
      {P::NoRedundantBlocks, verifyNoRedundantBlocks, "V701-V703"},
      {P::BreakContinueValid, verifyBreakContinueValid, "V301-V306"},
      {P::UseAfterDef, verifyUseAfterDef, "V401-V402"},
      {P::SplitIncoreOrch, verifySplitIncoreOrch, "V501-V502"},
      {P::InlineFunctionsEliminated, verifyInlineFunctionsEliminated, "V801-V802"},
      {P::UnrollResolved, verifyUnrollResolved, "V811"},
      {P::IncoreTileOps, verifyIncoreTileOps, "V511"},
      {P::TileOps2D, verifyTileOps2D, "V512"},
      {P::TileMemoryInferred, verifyTileMemoryInferred, "V901-V903"},
      {P::HasMemRefs, verifyHasMemRefs, "V911-V913"},
      {P::AllocatedMemoryAddr, verifyAllocatedMemoryAddr, "V921-V925"},
      {P::MixedKernelExpanded, verifyMixedKernelExpanded, "V521-V522"},
      {P::CallDirectionsResolved, verifyCallDirectionsResolved, "V601-V606"},
      {P::RuntimeScopesMaterialized, verifyRuntimeScopesMaterialized, "V611-V613"},
      {P::IterArgCarryClassified, verifyIterArgCarryClassified, "V971-V972"},
      {P::CarryCopiesSequential, verifyCarryCopiesSequential, "V931-V932"},
      {P::SpmdLaunchesLowered, verifySpmdLaunchesLowered, "V941"},
      {P::ReturnParamsExplicit, verifyReturnParamsExplicit, "V951-V952"},
      {P::TileMovesExplicit, verifyTileMovesExplicit, "V961-V962"},
  };
  return table;
}

const PropertyVerifier *findVerifier(IRProperty p) {
  for (auto &v : propertyVerifiers())
    if (v.property == p)
      return &v;
  return nullptr;
}

IRPropertySet verifiableProperties() {
  IRPropertySet s;
  for (auto &v : propertyVerifiers())
    s.insert(v.property);
  return s;
}

IRPropertySet verifyProperties(const ir::Program &p, IRPropertySet props,
                               ir::DiagnosticEngine &diags) {
  IRPropertySet failed;
  for (auto &v : propertyVerifiers()) {
    if (!props.contains(v.property))
      continue;
    unsigned before = diags.errorCount();
    v.verify(p, diags);
    if (diags.errorCount() != before)
      failed.insert(v.property);
  }
  return failed;
}

} // namespace pl::passes
