// IR property names and the structural / verified subsets.
#include "passes/ir_property.h"

#include "ir/enum_names.h"

#include <array>

namespace pl::passes {

namespace {
constexpr std::array<std::string_view, kNumIRProperties> kNames = {PL_IR_PROPERTIES(PL_ENUM_NAME)};
} // namespace

std::string_view propertyName(IRProperty p) { return ir::nameIn(kNames, p); }

std::optional<IRProperty> parseProperty(std::string_view name) {
  return ir::parseEnum<IRProperty>(kNames, name);
}

std::vector<IRProperty> IRPropertySet::list() const {
  std::vector<IRProperty> out;
  for (unsigned i = 0; i < kNumIRProperties; ++i)
    if (bits_ & (uint64_t(1) << i))
      out.push_back(static_cast<IRProperty>(i));
  return out;
}

std::string IRPropertySet::str() const {
  std::string out = "{";
  for (auto p : list()) {
    if (out.size() > 1)
      out += ", ";
    out += propertyName(p);
  }
  return out + "}";
}

IRPropertySet structuralProperties() {
  using P = IRProperty;
  return {P::TypeChecked,     P::BreakContinueValid,     P::NoRedundantBlocks,
          P::UseAfterDef,     P::OutParamNotShadowed,    P::NoNestedInCore,
          P::InOutUseValid,   P::PipelineLoopValid,      P::ArrayNotEscaped,
          P::ManualDepsOnSubmitOnly, P::AtomicAddDtypeValid};
}

IRPropertySet verifiedProperties() {
  using P = IRProperty;
  return {P::SSAForm,
          P::TypeChecked,
          P::BreakContinueValid,
          P::NoRedundantBlocks,
          P::InOutUseValid,
          P::CallDirectionsResolved,
          P::TileMemoryInferred,
          P::MixedKernelExpanded,
          P::AllocatedMemoryAddr,
          P::ManualDepsOnSubmitOnly,
          P::ReturnParamsExplicit,
          P::AivSplitValid,
          P::HardSyncallOccupancyValid,
          P::IterArgCarryClassified,
          P::RuntimeScopesMaterialized,
          P::DistTensorCtxMaterialized,
          P::AccToGmStoreValid,
          P::AtomicAddDtypeValid,
          P::UseAfterDef,
          P::NoNestedCalls,
          P::NormalizedStmtStructure,
          P::CarryCopiesSequential,
          P::SpmdLaunchesLowered,
          P::TileMovesExplicit};
}

} // namespace pl::passes
