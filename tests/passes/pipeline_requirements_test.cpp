// Pipeline requirements: every pipeline the builder makes runs each pass where the properties
// it requires (passes/passes.def) are established by the input or an earlier pass.
#include "passes/catalog.h"
#include "passes/pipeline.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace pl::passes {
namespace {

/// "flatten-call-expr (#6) lacks {SSAForm}; ..." for a failure message.
std::string describe(const std::vector<UnmetRequirement> &unmet) {
  std::string out;
  for (auto &u : unmet)
    out += u.passId + " (#" + std::to_string(u.index) + ") lacks " + u.missing.str() + "; ";
  return out;
}

std::vector<Pass> defaultPasses() {
  PassContext ctx;
  return buildDefaultPipeline(ctx).passes();
}

size_t indexOf(const std::vector<Pass> &passes, const std::string &id) {
  auto it = std::find_if(passes.begin(), passes.end(), [&](auto &p) { return p.id() == id; });
  EXPECT_NE(it, passes.end()) << id;
  return it - passes.begin();
}

TEST(PipelineRequirements, EveryBuiltPipelineMeetsItsPassesRequirements) {
  for (auto &platform : platforms())
    for (MemoryPlanner planner :
         {MemoryPlanner::PyPTO, MemoryPlanner::DsaRP, MemoryPlanner::PtoAS}) {
      PassContext ctx;
      ctx.setPlatform(platform.platform);
      ctx.setMemoryPlanner(planner);
      Pipeline def = buildDefaultPipeline(ctx);
      ASSERT_FALSE(def.empty());
      auto unmet = findUnmetRequirements(def.passes(), pipelineInputProperties());
      EXPECT_TRUE(unmet.empty()) << platform.name << ", planner " << memoryPlannerName(planner)
                                 << ": " << describe(unmet);
    }
}

TEST(PipelineRequirements, AMissingProducerIsReported) {
  std::vector<Pass> passes = defaultPasses();
  passes.erase(passes.begin() + indexOf(passes, "convert-to-ssa"));
  auto unmet = findUnmetRequirements(passes, pipelineInputProperties());
  ASSERT_FALSE(unmet.empty());
  EXPECT_EQ(unmet[0].passId, "flatten-call-expr"); // the first pass that requires SSAForm
  EXPECT_EQ(unmet[0].index, indexOf(passes, "flatten-call-expr"));
  EXPECT_EQ(unmet[0].missing, IRPropertySet{IRProperty::SSAForm});
}

TEST(PipelineRequirements, InvalidationIsTakenIntoAccount) {
  // unroll-loops invalidates NormalizedStmtStructure, which flatten-call-expr requires.
  ir::DiagnosticEngine diags;
  Pipeline p;
  ASSERT_TRUE(parsePassList("convert-to-ssa,normalize-stmt-structure,flatten-call-expr", p, diags));
  EXPECT_TRUE(findUnmetRequirements(p.passes(), pipelineInputProperties()).empty());
  Pipeline q;
  ASSERT_TRUE(parsePassList(
      "convert-to-ssa,normalize-stmt-structure,unroll-loops,flatten-call-expr", q, diags));
  auto unmet = findUnmetRequirements(q.passes(), pipelineInputProperties());
  ASSERT_EQ(unmet.size(), 1u) << describe(unmet);
  EXPECT_EQ(unmet[0].passId, "flatten-call-expr");
  EXPECT_EQ(unmet[0].missing, IRPropertySet{IRProperty::NormalizedStmtStructure});
}

TEST(PipelineRequirements, ClusterOutliningNeedsIncoreOutliningFirst) {
  // outline-cluster-scopes requires SplitIncoreOrch: a Group function holding an InCore scope
  // would be rejected by outline-incore-scopes (OL001).
  std::vector<Pass> passes = defaultPasses();
  std::iter_swap(passes.begin() + indexOf(passes, "outline-incore-scopes"),
                 passes.begin() + indexOf(passes, "outline-cluster-scopes"));
  auto unmet = findUnmetRequirements(passes, pipelineInputProperties());
  ASSERT_FALSE(unmet.empty());
  EXPECT_EQ(unmet[0].passId, "outline-cluster-scopes");
  EXPECT_EQ(unmet[0].missing, IRPropertySet{IRProperty::SplitIncoreOrch});
}

TEST(PipelineRequirements, EveryCataloguePassCarriesItsDeclaration) {
  // A factory that built its own PassInfo (a second copy of passes.def) would fail here.
  for (auto &e : passCatalog()) {
    PassOptions none;
    Pass pass = e.create(none);
    EXPECT_EQ(&pass.info(), &e.info) << e.info.id;
    EXPECT_EQ(pass.id(), e.info.id);
  }
  EXPECT_EQ(passInfo(PassClass::ConvertToSSA).id, "convert-to-ssa");
  EXPECT_EQ(passInfo(PassClass::ConvertToSSA).produced, IRPropertySet{IRProperty::SSAForm});
}

} // namespace
} // namespace pl::passes
