// The property verifier registry: one verifier per property, all registered in registry.cpp.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"
#include "passes/ir_property.h"

namespace pl::passes {

/// Reports every violation of one property in `p` as an error diagnostic.
using VerifierFn = void (*)(const ir::Program &p, ir::DiagnosticEngine &diags);

struct PropertyVerifier {
  IRProperty property;
  VerifierFn verify;
  std::string_view codes; ///< e.g. "V001-V007"
};

/// All registered verifiers, in property order.
const std::vector<PropertyVerifier> &propertyVerifiers();
/// nullptr when the property has no verifier yet.
const PropertyVerifier *findVerifier(IRProperty p);
/// The properties that have a verifier.
IRPropertySet verifiableProperties();
/// Runs the verifiers for `props` (properties without one are skipped) and returns the
/// properties that do not hold; their violations are reported to `diags`.
IRPropertySet verifyProperties(const ir::Program &p, IRPropertySet props,
                               ir::DiagnosticEngine &diags);

// One function per property, each in its own file in passes/verifiers/.
void verifySSAForm(const ir::Program &p, ir::DiagnosticEngine &diags);
/// SSAForm's scoping rule (V008, in use_after_def.cpp): every use lies inside the scope that
/// binds the variable (pre-SSA IR may read an assigned variable after its branch or loop).
void verifyDefiningScopes(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyTypeChecked(const ir::Program &p, ir::DiagnosticEngine &diags);
/// TypeChecked's V112 alone, on one function of `p`: an op call whose size (a tile or tensor
/// dim of its result) is a constant ≤ 0 the op rejects. A pass that folds a user's variable
/// into a size (Simplify, UnrollLoops, InlineFunctions) exposes the user's error; the pass
/// framework runs this after every pass on the functions it changed (passes/pass.cpp).
void verifyFoldedSizes(const ir::Program &p, const ir::Function &f, ir::DiagnosticEngine &diags);
void verifyNoNestedCalls(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyNormalizedStmtStructure(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyNoRedundantBlocks(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyBreakContinueValid(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyUseAfterDef(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifySplitIncoreOrch(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyInlineFunctionsEliminated(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyUnrollResolved(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyIncoreTileOps(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyTileOps2D(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyTileMemoryInferred(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyHasMemRefs(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyAllocatedMemoryAddr(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyMixedKernelExpanded(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyCallDirectionsResolved(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyRuntimeScopesMaterialized(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyIterArgCarryClassified(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyCarryCopiesSequential(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifySpmdLaunchesLowered(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyReturnParamsExplicit(const ir::Program &p, ir::DiagnosticEngine &diags);
void verifyTileMovesExplicit(const ir::Program &p, ir::DiagnosticEngine &diags);

} // namespace pl::passes
