// Pass framework: property sets, context stack, catalogue and pass lists, pipeline verification.
#include "ir/internal_error.h"
#include "ir/parser.h"
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

TEST(IRProperty, AllFortyFourHaveRoundTrippingNames) {
  EXPECT_EQ(kNumIRProperties, 44u); // PyPTO's 41, then CarryCopiesSequential, SpmdLaunchesLowered,
                                    // TileMovesExplicit
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
  outer.setPlatform(Platform::A5Sim);
  {
    PassContextGuard g1(outer);
    EXPECT_EQ(PassContext::current().platform(), Platform::A5Sim);
    {
      PassContextGuard g2(inner);
      EXPECT_EQ(PassContext::current().platform(), kDefaultPlatform);
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
  EXPECT_EQ(findPass("dce")->info.name, "DCE");
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
  EXPECT_FALSE(parsePassList("verify{properties=TileTypeCoherence}", q, d2));
  EXPECT_FALSE(parsePassList("dce{bogus=1}", q, d2));
  EXPECT_EQ(d2.errorCount(), 2u);
}

// The anchors' metadata cases (PyPTO test_simplify_pass / test_ctrl_flow_transform
// pass_name, required, produced; test_flatten_call_expr requires SSA and produces NoNestedCall).
TEST(Catalog, AnchorPassDeclarations) {
  const PassCatalogEntry *simplify = findPass("simplify");
  ASSERT_NE(simplify, nullptr);
  EXPECT_EQ(simplify->info.name, "Simplify");
  EXPECT_TRUE(simplify->info.required.empty());
  EXPECT_TRUE(simplify->info.produced.empty());
  EXPECT_TRUE(simplify->info.invalidated.empty());
  const PassCatalogEntry *cft = findPass("ctrl-flow-transform");
  ASSERT_NE(cft, nullptr);
  EXPECT_EQ(cft->info.name, "CtrlFlowTransform");
  EXPECT_TRUE(cft->info.required.empty());
  EXPECT_EQ(cft->info.produced, IRPropertySet({IRProperty::StructuredCtrlFlow}));
  EXPECT_EQ(cft->info.invalidated, IRPropertySet({IRProperty::SSAForm}));
  const PassCatalogEntry *flatten = findPass("flatten-call-expr");
  ASSERT_NE(flatten, nullptr);
  EXPECT_EQ(flatten->info.name, "FlattenCallExpr");
  EXPECT_EQ(flatten->info.required,
            IRPropertySet({IRProperty::SSAForm, IRProperty::NormalizedStmtStructure}));
  EXPECT_EQ(flatten->info.produced, IRPropertySet({IRProperty::NoNestedCalls}));
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

/// `text` parsed as "mem.pir" (diagnostics to `diags`).
ProgramPtr parse(const char *text, DiagnosticEngine &diags) {
  ProgramPtr p = parseProgram(text, "mem.pir", diags);
  EXPECT_NE(p, nullptr) << diags.formatAll();
  return p;
}

const char *kOneAssignment = R"(program p {
  Opaque f(In index n) -> index {
    index x = n + 1;
    return x;
  }
})";
const char *kTwoAssignments = R"(program p {
  Opaque f(In index n) -> index {
    index x = n + 1;
    x = n + 2;
    return x;
  }
})";

/// Diagnostic codes in the order reported.
std::vector<std::string> codes(const DiagnosticEngine &diags) {
  std::vector<std::string> out;
  for (auto &d : diags.diagnostics())
    out.push_back(d.code);
  return out;
}

/// A pipeline run in a pass context of its own, current for the test, that reports to `diags`.
class PipelineRun : public ::testing::Test {
protected:
  PipelineRun() { ctx.setDiagnostics(&diags); }
  DiagnosticEngine diags;
  PassContext ctx;
  PassContextGuard guard{ctx};
};

TEST_F(PipelineRun, APassThatLiesAboutProducedIsAnInternalErrorAtTheViolation) {
  ctx.setVerificationLevel(VerificationLevel::Basic);
  ProgramPtr broken = parse(kTwoAssignments, diags);
  Pipeline p; // SSA in, a second binding out: the pass broke it
  p.add(createProgramPass({"liar", "Liar", {}, {IRProperty::SSAForm}, {}},
                          [broken](const ProgramPtr &, PassContext &) { return broken; }));
  EXPECT_EQ(p.run(parse(kOneAssignment, diags)), nullptr);
  EXPECT_TRUE(ctx.hadInternalError());
  const Diagnostic &ice = diags.diagnostics().back();
  EXPECT_EQ(ice.code, "ICE");
  EXPECT_EQ(ice.span.str(), "mem.pir:4:5") << "located at the second binding of 'x'";
  EXPECT_NE(ice.message.find("internal compiler error in 'liar'"), std::string::npos);
}

TEST_F(PipelineRun, AViolationKeptFromTheInputIsAUserError) {
  Pipeline p; // the pass keeps the input's second binding as it is
  p.add(createProgramPass({"keeper", "Keeper", {}, {IRProperty::SSAForm}, {}},
                          [](const ProgramPtr &prog, PassContext &) { return prog; }));
  EXPECT_EQ(p.run(parse(kTwoAssignments, diags)), nullptr);
  EXPECT_FALSE(ctx.hadInternalError()) << diags.formatAll();
  ASSERT_EQ(codes(diags), (std::vector<std::string>{"V001", "PM005"})) << diags.formatAll();
  EXPECT_EQ(diags.diagnostics()[1].span.str(), "mem.pir:4:5");
}

TEST_F(PipelineRun, NewViolationsNextToAKeptOneAreNoInternalError) {
  ProgramPtr worse = parse(R"(program p {
  Opaque f(In index n) -> index {
    index x = n + 1;
    x = n + 2;
    x = n + 3;
    return x;
  }
})", diags);
  Pipeline p; // keeps the input's violation at 4:5 and adds one at 5:5 (a consequence)
  p.add(createProgramPass({"keeper", "Keeper", {}, {IRProperty::SSAForm}, {}},
                          [worse](const ProgramPtr &, PassContext &) { return worse; }));
  EXPECT_EQ(p.run(parse(kTwoAssignments, diags)), nullptr);
  EXPECT_FALSE(ctx.hadInternalError()) << diags.formatAll();
  EXPECT_EQ(diags.diagnostics().back().code, "PM005");
}

TEST_F(PipelineRun, APassThatReportsAnErrorStopsThePipeline) {
  bool reached = false;
  Pipeline p; // the first pass reports an error but still returns a program
  p.add(createProgramPass({"complainer", "Complainer", {}, {}, {}},
                          [](const ProgramPtr &prog, PassContext &c) {
                            c.diags().error("X001", prog->span(), "bad input");
                            return prog;
                          }));
  p.add(createProgramPass({"next", "Next", {}, {}, {}},
                          [&reached](const ProgramPtr &prog, PassContext &) {
                            reached = true;
                            return prog;
                          }));
  EXPECT_EQ(p.run(parse(kOneAssignment, diags)), nullptr);
  EXPECT_FALSE(reached);
}

TEST_F(PipelineRun, AnUnlocatedInternalErrorNamesThePassAndItsFunction) {
  Pipeline p;
  p.add(createFunctionPass({"checker", "Checker", {}, {}, {}},
                           [](const FunctionPtr &f, const Program &, PassContext &c) {
                             c.reportInternalError("checker", "lost track");
                             return f;
                           }));
  EXPECT_EQ(p.run(parse(kOneAssignment, diags)), nullptr);
  const Diagnostic &ice = diags.diagnostics().back();
  EXPECT_EQ(ice.code, "ICE");
  EXPECT_EQ(ice.span.str(), "mem.pir:2:10") << "the function the pass was working on";
}

TEST(PipelineDeathTest, PLCheckInAPassNamesThePassAndTheFunction) {
  GTEST_FLAG_SET(death_test_style, "threadsafe"); // the child re-runs from main: stderr intact
  DiagnosticEngine diags;
  ProgramPtr prog = parse(kOneAssignment, diags);
  Pass pass = createFunctionPass({"checker", "Checker", {}, {}, {}},
                                 [](const FunctionPtr &f, const Program &, PassContext &) {
                                   PL_CHECK(false, "checker helper", "invariant broken");
                                   return f;
                                 });
  EXPECT_DEATH(
      {
        PassContext ctx;
        pass.runTransform(prog, ctx);
      },
      "mem.pir:2:10: error: internal compiler error in 'checker helper' \\(while running pass "
      "'checker'\\): invariant broken \\[ICE\\]");
}

TEST(PipelineDeathTest, PLCheckAtNamesTheNode) {
  DiagnosticEngine diags;
  ProgramPtr prog = parse(kOneAssignment, diags);
  Span at(internFileName("mem.pir"), 3, 15);
  EXPECT_DEATH(PL_CHECK_AT(false, "somewhere", at, "bad node"),
               "mem.pir:3:15: error: internal compiler error in 'somewhere': bad node");
}

TEST_F(PipelineRun, ExpressionsTooDeepAreRejectedBeforeAnyPass) {
  // Built in code (the parser has its own limit, P015): 5,000 nested additions.
  auto n = Var::make("n", ScalarType::get(DataType::Index));
  ExprPtr sum = n;
  Span at(internFileName("gen.pir"), 7, 9);
  for (int i = 0; i < 5000; ++i)
    sum = Binary::make(BinaryOp::Add, sum, ConstInt::make(1), at);
  auto prog =
      Program::make("p", {Function::make("f", FunctionType::Opaque, {{n}},
                                         {ScalarType::get(DataType::Index)}, Return::make({sum}))});
  ctx.setVerificationLevel(VerificationLevel::None); // checked at every level
  bool reached = false;
  Pipeline p;
  p.add(createProgramPass({"next", "Next", {}, {}, {}},
                          [&reached](const ProgramPtr &prog, PassContext &) {
                            reached = true;
                            return prog;
                          }));
  EXPECT_EQ(p.run(prog), nullptr);
  EXPECT_FALSE(reached);
  ASSERT_EQ(codes(diags), std::vector<std::string>{"PM004"});
  EXPECT_EQ(diags.diagnostics()[0].span.str(), "gen.pir:7:9");
}

TEST_F(PipelineRun, VerificationNoneSkipsChecks) {
  ctx.setVerificationLevel(VerificationLevel::None);
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
