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

} // namespace pl::passes
