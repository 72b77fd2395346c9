// IR properties (PyPTO's 41 and pl's own) as a 64-bit set, with names and the structural / verified subsets.
#pragma once

#include "ir/enum_names.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pl::passes {

/// Every property of reference/ir_and_framework.md §3, in PyPTO's order, then pl's own.
#define PL_IR_PROPERTIES(X)                                                                        \
  X(SSAForm)                                                                                       \
  X(TypeChecked)                                                                                   \
  X(NoNestedCalls)                                                                                 \
  X(NormalizedStmtStructure)                                                                       \
  X(NoRedundantBlocks)                                                                             \
  X(SplitIncoreOrch)                                                                               \
  X(HasMemRefs)                                                                                    \
  X(IncoreTileOps)                                                                                 \
  X(AllocatedMemoryAddr)                                                                           \
  X(MixedKernelExpanded)                                                                           \
  X(ClusterOutlined)                                                                               \
  X(TileOps2D)                                                                                     \
  X(TileMemoryInferred)                                                                            \
  X(BreakContinueValid)                                                                            \
  X(UseAfterDef)                                                                                   \
  X(HierarchyOutlined)                                                                             \
  X(StructuredCtrlFlow)                                                                            \
  X(VectorKernelSplit)                                                                             \
  X(OutParamNotShadowed)                                                                           \
  X(NoNestedInCore)                                                                                \
  X(InOutUseValid)                                                                                 \
  X(PipelineLoopValid)                                                                             \
  X(PipelineResolved)                                                                              \
  X(CallDirectionsResolved)                                                                        \
  X(TileTypeCoherence)                                                                             \
  X(InlineFunctionsEliminated)                                                                     \
  X(OrchestrationReferencesResolved)                                                               \
  X(TensorViewCanonical)                                                                           \
  X(ArrayNotEscaped)                                                                               \
  X(CommDomainScopesMaterialized)                                                                  \
  X(DistTensorCtxMaterialized)                                                                     \
  X(RuntimeScopesMaterialized)                                                                     \
  X(AssignTypeSymmetry)                                                                            \
  X(ManualDepsOnSubmitOnly)                                                                        \
  X(ReturnParamsExplicit)                                                                          \
  X(UnrollResolved)                                                                                \
  X(AivSplitValid)                                                                                 \
  X(HardSyncallOccupancyValid)                                                                     \
  X(IterArgCarryClassified)                                                                        \
  X(AccToGmStoreValid)                                                                             \
  X(AtomicAddDtypeValid)                                                                           \
  X(CarryCopiesSequential)                                                                         \
  X(SpmdLaunchesLowered)                                                                           \
  X(TileMovesExplicit)

enum class IRProperty : uint8_t { PL_IR_PROPERTIES(PL_ENUMERATOR) };

/// Number of declared properties (44: PyPTO's 41, then CarryCopiesSequential,
/// SpmdLaunchesLowered and TileMovesExplicit).
constexpr unsigned kNumIRProperties = 0
#define X(name) +1 // NOLINT(bugprone-macro-parentheses): "0 +1 +1 ..." counts them
    PL_IR_PROPERTIES(X)
#undef X
    ;
static_assert(kNumIRProperties <= 64, "IRPropertySet is a 64-bit set");

/// "SSAForm", ...
std::string_view propertyName(IRProperty p);
/// Inverse of propertyName (exact spelling).
std::optional<IRProperty> parseProperty(std::string_view name);

/// A set of properties; value type, cheap to copy.
class IRPropertySet {
public:
  constexpr IRPropertySet() = default;
  IRPropertySet(std::initializer_list<IRProperty> ps) {
    for (auto p : ps)
      insert(p);
  }
  static constexpr IRPropertySet fromBits(uint64_t b) {
    IRPropertySet s;
    s.bits_ = b;
    return s;
  }
  void insert(IRProperty p) { bits_ |= bit(p); }
  void erase(IRProperty p) { bits_ &= ~bit(p); }
  bool contains(IRProperty p) const { return bits_ & bit(p); }
  bool empty() const { return bits_ == 0; }
  uint64_t bits() const { return bits_; }
  std::vector<IRProperty> list() const; ///< in declaration order
  /// "{SSAForm, TypeChecked}"
  std::string str() const;

  IRPropertySet operator|(IRPropertySet o) const { return fromBits(bits_ | o.bits_); }
  IRPropertySet operator&(IRPropertySet o) const { return fromBits(bits_ & o.bits_); }
  IRPropertySet operator-(IRPropertySet o) const { return fromBits(bits_ & ~o.bits_); }
  IRPropertySet &operator|=(IRPropertySet o) {
    bits_ |= o.bits_;
    return *this;
  }
  IRPropertySet &operator-=(IRPropertySet o) {
    bits_ &= ~o.bits_;
    return *this;
  }
  bool operator==(const IRPropertySet &) const = default;

private:
  static constexpr uint64_t bit(IRProperty p) { return uint64_t(1) << static_cast<unsigned>(p); }
  uint64_t bits_ = 0;
};

/// Properties that always hold and are never declared by a pass (reference §3).
IRPropertySet structuralProperties();
/// The cheap set the pipeline verifies automatically at VerificationLevel::Basic: PyPTO's 18
/// plus UseAfterDef, NoNestedCalls and NormalizedStmtStructure (linear walks in pl).
IRPropertySet verifiedProperties();

} // namespace pl::passes
