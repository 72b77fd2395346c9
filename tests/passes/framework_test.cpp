// Pass framework: property sets, context stack, catalogue and pass lists, pipeline verification.
#include "passes/catalog.h"
#include "passes/dce.h"
#include "passes/instruments.h"
#include "passes/pipeline.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

namespace pl::passes {
namespace {
using namespace ir;

TEST(IRProperty, AllFortyTwoHaveRoundTrippingNames) {
  EXPECT_EQ(kNumIRProperties, 42u); // PyPTO's 41, then CarryCopiesSequential
  for (unsigned i = 0; i < kNumIRProperties; ++i) {
    auto p = static_cast<IRProperty>(i);
    EXPECT_EQ(parseProperty(propertyName(p)), p);
  }
  EXPECT_FALSE(parseProperty("NoSuchProperty"));
}

TEST(IRProperty, SetAlgebra) {
  IRPropertySet a{IRProperty::SSAForm, IRProperty::TypeChecked};
  IRPropertySet b{IRProperty::TypeChecked};
  EXPECT_EQ((a - b), IRPropertySet{IRProperty::SSAForm});
  EXPECT_EQ((a & b), b);
  EXPECT_EQ(a.str(), "{SSAForm, TypeChecked}");
  EXPECT_EQ(structuralProperties().list().size(), 11u);
  EXPECT_TRUE(verifiedProperties().contains(IRProperty::SSAForm));
  EXPECT_FALSE(structuralProperties().contains(IRProperty::SSAForm));
}

TEST(PassContext, GuardsNestAndRestore) {
  PassContext outer, inner;
  outer.setPlatform("a5sim");
  {
    PassContextGuard g1(outer);
    EXPECT_EQ(PassContext::current().platform(), "a5sim");
    {
      PassContextGuard g2(inner);
      EXPECT_EQ(PassContext::current().platform(), "a2a3sim");
    }
    EXPECT_EQ(&PassContext::current(), &outer);
  }
  EXPECT_NE(&PassContext::current(), &outer);
}

TEST(PassContext, EnvironmentSetsTheDefaultLevel) {
  ::setenv("PL_VERIFY_LEVEL", "roundtrip", 1);
  PassContext a;
  EXPECT_EQ(a.verificationLevel(), VerificationLevel::Roundtrip);
  ::setenv("PL_VERIFY_LEVEL", "none", 1);
  PassContext b;
  EXPECT_EQ(b.verificationLevel(), VerificationLevel::None);
  ::unsetenv("PL_VERIFY_LEVEL");
  PassContext c;
  EXPECT_EQ(c.verificationLevel(), VerificationLevel::Basic);
}

TEST(Catalog, LookupAndPassLists) {
  ASSERT_NE(findPass("dce"), nullptr);
  EXPECT_EQ(findPass("dce")->className, "DCE");
  DiagnosticEngine diags;
  Pipeline p;
  EXPECT_TRUE(parsePassList("dce, verify{properties=SSAForm,UseAfterDef}", p, diags))
      << diags.formatAll();
  ASSERT_EQ(p.passes().size(), 2u);
  EXPECT_EQ(p.passes()[1].id(), "verify");

  Pipeline q;
  EXPECT_FALSE(parsePassList("dce,nope", q, diags));
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  EXPECT_EQ(diags.diagnostics()[0].code, "PM002");
  EXPECT_NE(diags.diagnostics()[0].message.find("valid passes: "), std::string::npos);
  EXPECT_NE(diags.diagnostics()[0].message.find("verify"), std::string::npos);

  DiagnosticEngine d2;
  EXPECT_FALSE(parsePassList("verify{properties=TileOps2D}", q, d2));
  EXPECT_FALSE(parsePassList("dce{bogus=1}", q, d2));
  EXPECT_EQ(d2.errorCount(), 2u);
}

/// A program `f(n) { x = n + 1; x = n + 2; return n; }` (not in SSA form).
ProgramPtr twoAssignments() {
  auto n = Var::make("n", ScalarType::get(DataType::Index));
  auto x = Var::make("x", ScalarType::get(DataType::Index));
  auto body = Seq::make({Assign::make(x, Binary::make(BinaryOp::Add, n, ConstInt::make(1))),
                         Assign::make(x, Binary::make(BinaryOp::Add, n, ConstInt::make(2))),
                         Return::make({n})});
  return Program::make("p", {Function::make("f", FunctionType::Opaque, {{n}},
                                            {ScalarType::get(DataType::Index)}, body)});
}

TEST(Pipeline, APassThatLiesAboutProducedIsAnInternalError) {
  PassContext ctx;
  DiagnosticEngine diags;
  ctx.setDiagnostics(&diags);
  ctx.setVerificationLevel(VerificationLevel::Basic);
  PassContextGuard guard(ctx);
  Pipeline p;
  p.add(createProgramPass({"liar", "Liar", {}, {IRProperty::SSAForm}, {}},
                          [](const ProgramPtr &prog, PassContext &) { return prog; }));
  EXPECT_EQ(p.run(twoAssignments()), nullptr);
  EXPECT_TRUE(ctx.hadInternalError());
  EXPECT_NE(diags.formatAll().find("internal compiler error in 'liar'"), std::string::npos);
}

TEST(Pipeline, VerificationNoneSkipsChecks) {
  PassContext ctx;
  DiagnosticEngine diags;
  ctx.setDiagnostics(&diags);
  ctx.setVerificationLevel(VerificationLevel::None);
  PassContextGuard guard(ctx);
  Pipeline p;
  p.add(createProgramPass({"liar", "Liar", {}, {IRProperty::SSAForm}, {}},
                          [](const ProgramPtr &prog, PassContext &) { return prog; }));
  EXPECT_NE(p.run(twoAssignments()), nullptr);
}

TEST(Pipeline, TimingAndDceRun) {
  PassContext ctx;
  std::string report;
  llvm::raw_string_ostream os(report);
  auto timing = std::make_shared<TimingInstrument>(os);
  ctx.addInstrument(timing);
  PassContextGuard guard(ctx);
  Pipeline p;
  p.add(createDCEPass());
  ProgramPtr out = p.run(twoAssignments());
  ASSERT_NE(out, nullptr);
  auto *seq = dynCast<Seq>(out->functions()[0]->body());
  EXPECT_EQ(seq, nullptr) << "both dead assignments go; the lone return remains";
  EXPECT_NE(report.find("dce"), std::string::npos);
  EXPECT_EQ(timing->entries().size(), 1u);
}

TEST(Pipeline, ParallelCopiesAreSequentializedAfterPlanningBeforeAddresses) {
  for (MemoryPlanner planner : {MemoryPlanner::PyPTO, MemoryPlanner::DsaRP, MemoryPlanner::PtoAS}) {
    PassContext ctx;
    ctx.setMemoryPlanner(planner);
    Pipeline def = buildDefaultPipeline(ctx);
    std::map<std::string, size_t> at;
    for (size_t i = 0; i < def.passes().size(); ++i)
      at[std::string(def.passes()[i].id())] = i;
    ASSERT_TRUE(at.count("sequentialize-parallel-copies"));
    size_t seq = at["sequentialize-parallel-copies"];
    EXPECT_LT(at.at("convert-to-ssa"), seq);
    EXPECT_LT(at.at("init-mem-ref"), seq); // the storage model reads the planned buffers
    if (at.count("memory-reuse")) {
      EXPECT_LT(at["memory-reuse"], seq);
    }
    if (at.count("allocate-memory-addr")) { // the temporaries' buffers get addresses
      EXPECT_GT(at["allocate-memory-addr"], seq);
    }
  }
}

TEST(Pipeline, DefaultPipelineHoldsOnlyImplementedPasses) {
  PassContext ctx;
  Pipeline def = buildDefaultPipeline(ctx);
  for (auto &pass : def.passes())
    EXPECT_NE(findPass(pass.id()), nullptr) << pass.id();
}

} // namespace
} // namespace pl::passes
