// Ordered pass pipelines and the default pipeline (one straight list in pipeline.cpp).
#pragma once

#include "passes/pass.h"

namespace pl::passes {

/// Passes run exactly in the order added; there is no dependency solver.
class Pipeline {
public:
  void add(Pass p) { passes_.push_back(std::move(p)); }
  const std::vector<Pass> &passes() const { return passes_; }
  bool empty() const { return passes_.empty(); }

  /// Runs every pass under `PassContext::current()`. Verification (PyPTO's PassPipeline, at
  /// VerificationLevel::Basic and above): the structural ∩ verified properties on the input,
  /// then after each pass its invalidated properties are forgotten and its produced ∩ verified
  /// ones not yet known to hold are checked. Roundtrip adds print → parse → equal after each
  /// pass. Returns nullptr after reporting a failure (input errors are user errors; a property
  /// broken by a pass is an internal compiler error in that pass).
  ir::ProgramPtr run(const ir::ProgramPtr &input) const;

private:
  std::vector<Pass> passes_;
};

/// The default pipeline for the context's platform and memory planner. Only implemented passes
/// are in it; docs/passes.md lists the missing ones.
Pipeline buildDefaultPipeline(const PassContext &ctx);

/// What holds on every pipeline input: the structural properties (the parser and the
/// translator's frontend produce them; Pipeline::run verifies them on the input).
IRPropertySet pipelineInputProperties();

/// A pass placed where some of its required properties may not hold.
struct UnmetRequirement {
  size_t index;       ///< position in the pass list
  std::string passId; ///< its id
  IRPropertySet missing;
};

/// Walks `passes` by their declared properties (passes/passes.def), starting from `input`:
/// before each pass its required properties must hold; after it, its invalidated ones are
/// forgotten and its produced ones hold. Returns every pass whose requirements are not met, in
/// order (empty when the list is well-ordered).
std::vector<UnmetRequirement> findUnmetRequirements(const std::vector<Pass> &passes,
                                                    IRPropertySet input);

} // namespace pl::passes
