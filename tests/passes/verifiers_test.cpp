// Property verifiers on hand-built IR: each with a valid program and each error code.
#include "ir/op_registry.h"
#include "passes/verifiers/registry.h"

#include <gtest/gtest.h>

namespace pl::passes {
namespace {
using namespace ir;

Span at(int line) { return Span(internFileName("verifiers_test.pir"), line, 1); }
TypePtr idx() { return ScalarType::get(DataType::Index); }
TypePtr tileT() {
  return TileType::make(DataType::FP32, {ConstInt::make(16), ConstInt::make(16)},
                        MemorySpace::Vec);
}
VarPtr var(const char *n, TypePtr t = idx(), int line = 0) {
  return Var::make(n, std::move(t), line ? at(line) : Span());
}
ExprPtr c(int64_t v) { return ConstInt::make(v); }
ExprPtr plus(ExprPtr a, ExprPtr b) { return Binary::make(BinaryOp::Add, a, b); }
CallTarget fn(std::string name) {
  CallTarget t;
  t.function = std::move(name);
  return t;
}
ProgramPtr prog(StmtPtr body, std::vector<Param> params = {}, std::vector<TypePtr> rets = {}) {
  return Program::make("p", {Function::make("f", FunctionType::Opaque, std::move(params),
                                            std::move(rets), std::move(body))});
}
ProgramPtr prog(std::vector<StmtPtr> stmts, std::vector<Param> params = {},
                std::vector<TypePtr> rets = {}) {
  return prog(Seq::make(std::move(stmts)), std::move(params), std::move(rets));
}

/// The codes reported when checking `prop` on `p`, in order.
std::vector<std::string> codes(IRProperty prop, const ProgramPtr &p) {
  DiagnosticEngine diags;
  verifyProperties(*p, IRPropertySet{prop}, diags);
  std::vector<std::string> out;
  for (auto &d : diags.diagnostics())
    out.push_back(d.code);
  return out;
}
using Codes = std::vector<std::string>;

TEST(Registry, VerifiersExistForTheSevenCoreProperties) {
  using P = IRProperty;
  for (auto p : {P::SSAForm, P::TypeChecked, P::UseAfterDef, P::NoNestedCalls,
                 P::BreakContinueValid, P::NoRedundantBlocks, P::NormalizedStmtStructure})
    EXPECT_NE(findVerifier(p), nullptr) << propertyName(p);
  EXPECT_EQ(findVerifier(P::TileTypeCoherence), nullptr);
}

TEST(SSAForm, LoopInSSAFormIsValid) {
  auto n = var("n"), i = var("i"), acc = var("acc"), acc2 = var("acc2"), r = var("r");
  auto loop = For::make(i, c(0), n, c(1), {{acc, c(0)}},
                        Seq::make({Assign::make(acc2, plus(acc, i)), Yield::make({acc2})}), {r});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog({loop, Return::make({r})}, {{n}}, {idx()})), Codes{});
}

TEST(SSAForm, ReportsEachViolation) {
  auto x = var("x"), i = var("i"), a = var("a"), r = var("r");
  EXPECT_EQ(codes(IRProperty::SSAForm, prog({Assign::make(x, c(1)), Assign::make(x, c(2))})),
            Codes{"V001"});
  auto noYield = For::make(i, c(0), c(4), c(1), {{a, c(0)}}, Eval::make(a), {r});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog(noYield)), Codes{"V003"});
  auto arity = For::make(i, c(0), c(4), c(1), {{a, c(0)}}, Yield::make({a}), {});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog(arity)), Codes{"V004"});
  auto i2 = var("i"), a2 = var("a"), r2 = var("r");
  auto count = For::make(i2, c(0), c(4), c(1), {{a2, c(0)}}, Yield::make({a2, a2}), {r2});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog(count)), Codes{"V005"});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog(Yield::make({}))), Codes{"V006"});
  auto i3 = var("i"), a3 = var("a"), r3 = var("r");
  auto early = For::make(i3, c(0), c(4), c(1), {{a3, c(0)}},
                         Seq::make({Yield::make({a3}), Eval::make(a3)}), {r3});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog(early)), (Codes{"V007", "V003"}));
}

TEST(SSAForm, IfWithReturnVarsNeedsBothBranches) {
  auto r = var("r");
  auto noElse = If::make(ConstBool::make(true), Yield::make({c(1)}), nullptr, {r});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog(noElse)), Codes{"V003"});
}

TEST(UseAfterDef, ScopesOfLoopsAndBranches) {
  auto i = var("i"), t = var("t"), after = var("after");
  auto loop = For::make(i, c(0), c(4), c(1), {}, Assign::make(t, plus(i, c(1))), {});
  // The loop variable stays inside the loop; an assigned variable is read after it (pre-SSA:
  // its last value, PyPTO's escaping variable), which only SSA form rejects (V008).
  auto j = var("j");
  auto useJ = For::make(j, c(0), c(4), c(1), {}, Assign::make(t, c(1)), {});
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({useJ, Assign::make(after, j)})), Codes{"V401"});
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({loop, Assign::make(after, t)})), Codes{});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog({loop, Assign::make(after, t)})), Codes{"V008"});
  auto y1 = var("y1"), z = var("z");
  auto oneBranch = If::make(ConstBool::make(true), Assign::make(y1, c(1)), nullptr);
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({oneBranch, Assign::make(z, y1)})), Codes{});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog({oneBranch, Assign::make(z, y1)})), Codes{"V008"});
  // A use before any binding is UseAfterDef's alone (SSAForm does not report it twice).
  auto w = var("w");
  EXPECT_EQ(codes(IRProperty::SSAForm, prog({Assign::make(z, w), oneBranch})), Codes{});
  auto x = var("x"), y = var("y");
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({Assign::make(y, x), Assign::make(x, c(1))})),
            Codes{"V401"});
  auto ok = var("ok");
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({Assign::make(ok, c(1)), Return::make({ok})},
                                                {}, {idx()})),
            Codes{});
}

TEST(UseAfterDef, PreSSAVariableAssignedInBothBranchesIsVisibleAfter) {
  auto x = var("x"), y = var("y");
  auto branch = If::make(ConstBool::make(true), Assign::make(x, c(1)), Assign::make(x, c(2)));
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({branch, Assign::make(y, x)})), Codes{});
}

TEST(UseAfterDef, ScopeTaskIdIsVisibleAfterTheScope) {
  auto taskT = ScalarType::get(DataType::TaskId);
  auto t0 = var("t0", taskT), t1 = var("t1", taskT), y = var("y", taskT);
  auto scope = [](ExprList deps, VarPtr tid, StmtPtr body = Seq::make({})) {
    AttrList attrs;
    if (!deps.empty())
      attrs.push_back({"deps", deps});
    return Scope::make(ScopeKind::InCore, "", std::move(body), std::move(attrs), std::move(tid));
  };
  // t0 bound by the first scope, used by the second's deps and after it.
  EXPECT_EQ(
      codes(IRProperty::UseAfterDef, prog({scope({}, t0), scope({t0}, t1), Assign::make(y, t1)})),
      Codes{});
  // Not visible in its own deps or body, nor before the scope.
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({scope({t0}, t0)})), Codes{"V401"});
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({scope({}, t0, Assign::make(y, t0))})),
            Codes{"V401"});
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog({scope({t1}, t0), scope({}, t1)})), Codes{"V401"});
  // SSAForm counts the binding: a task id bound by two scopes is bound twice.
  EXPECT_EQ(codes(IRProperty::SSAForm, prog({scope({}, t0), scope({t0}, t1)})), Codes{});
  EXPECT_EQ(codes(IRProperty::SSAForm, prog({scope({}, t0), Assign::make(t0, t1)})), Codes{"V001"});
}

TEST(UseAfterDef, UnknownFunction) {
  auto call = Call::make(fn("missing"), {}, {}, {}, UnknownType::get());
  EXPECT_EQ(codes(IRProperty::UseAfterDef, prog(Eval::make(call))), Codes{"V402"});
}

TEST(NoNestedCalls, EachPosition) {
  auto inner = [] { return Call::make(fn("f"), {}, {}, {}, idx()); };
  auto x = var("x"), i = var("i");
  auto outer = Call::make(fn("f"), {inner()}, {}, {}, idx());
  EXPECT_EQ(codes(IRProperty::NoNestedCalls, prog(Assign::make(x, outer))), Codes{"V201"});
  auto ifS = If::make(inner(), Seq::make({}), nullptr);
  EXPECT_EQ(codes(IRProperty::NoNestedCalls, prog(ifS)), Codes{"V202"});
  auto loop = For::make(i, c(0), inner(), c(1), {}, Seq::make({}), {});
  EXPECT_EQ(codes(IRProperty::NoNestedCalls, prog(loop)), Codes{"V203"});
  auto y = var("y");
  EXPECT_EQ(codes(IRProperty::NoNestedCalls, prog(Assign::make(y, plus(inner(), c(1))))),
            Codes{"V204"});
  auto z = var("z");
  EXPECT_EQ(codes(IRProperty::NoNestedCalls, prog(Assign::make(z, Unary::make(UnaryOp::Neg,
                                                                               inner())))),
            Codes{"V205"});
  EXPECT_EQ(codes(IRProperty::NoNestedCalls, prog(Return::make({inner()}), {}, {idx()})),
            Codes{"V206"});
  auto w = var("w");
  EXPECT_EQ(codes(IRProperty::NoNestedCalls, prog(Assign::make(w, inner()))), Codes{});
}

TEST(BreakContinueValid, Placement) {
  EXPECT_EQ(codes(IRProperty::BreakContinueValid, prog(Break::make())), Codes{"V301"});
  EXPECT_EQ(codes(IRProperty::BreakContinueValid, prog(Continue::make())), Codes{"V302"});
  auto i = var("i");
  auto par = For::make(i, c(0), c(4), c(1), {}, Break::make(), {}, ForKind::Parallel);
  EXPECT_EQ(codes(IRProperty::BreakContinueValid, prog(par)), Codes{"V303"});
  auto j = var("j");
  auto unr = For::make(j, c(0), c(4), c(1), {}, Continue::make(), {}, ForKind::Unroll);
  EXPECT_EQ(codes(IRProperty::BreakContinueValid, prog(unr)), Codes{"V304"});
  auto k = var("k");
  auto scoped = For::make(k, c(0), c(4), c(1), {},
                          Scope::make(ScopeKind::InCore, "", Break::make()), {});
  EXPECT_EQ(codes(IRProperty::BreakContinueValid, prog(scoped)), Codes{"V305"});
  auto m = var("m");
  auto seq = For::make(m, c(0), c(4), c(1), {}, Break::make(), {});
  EXPECT_EQ(codes(IRProperty::BreakContinueValid, prog(seq)), Codes{});
  auto wh = While::make(ConstBool::make(true), {}, Continue::make(), {});
  EXPECT_EQ(codes(IRProperty::BreakContinueValid, prog(wh)), Codes{});
}

TEST(Blocks, RedundantAndNormalized) {
  auto x = var("x"), y = var("y");
  auto nested = Seq::make({Assign::make(x, c(1)), Seq::make({Assign::make(y, c(2))})});
  EXPECT_EQ(codes(IRProperty::NoRedundantBlocks, prog(nested)), Codes{"V701"});
  auto x2 = var("x");
  EXPECT_EQ(codes(IRProperty::NoRedundantBlocks, prog(Seq::make({Assign::make(x2, c(1))}))),
            Codes{"V702"});
  EXPECT_EQ(codes(IRProperty::NoRedundantBlocks, prog(Seq::make({}))), Codes{});
  auto x3 = var("x");
  auto emptyElse = If::make(ConstBool::make(true), Assign::make(x3, c(1)), Seq::make({}));
  EXPECT_EQ(codes(IRProperty::NoRedundantBlocks, prog(emptyElse)), Codes{});
  EXPECT_EQ(codes(IRProperty::NormalizedStmtStructure, prog(emptyElse)), Codes{"V703"});
}

TEST(TypeChecked, AssignLoopAndConditionTypes) {
  auto t = var("t", tileT()), x = var("x", idx());
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(Assign::make(t, c(1)))), Codes{"V101"});
  auto f = var("f", ScalarType::get(DataType::FP32));
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(Assign::make(f, c(1)))), Codes{"V102"});
  auto ifS = If::make(t, Seq::make({}), nullptr);
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(ifS, {{t}})), Codes{"V106"});
  auto i = var("i");
  auto loop = For::make(i, c(0), ConstFloat::make(1.5), c(1), {}, Seq::make({}), {});
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(loop)), Codes{"V107"});
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(Return::make({x}), {{x}}, {tileT()})),
            Codes{"V111"});
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(Return::make({x}), {{x}}, {idx()})), Codes{});
}

TEST(TypeChecked, OpCallsAreRededuced) {
  registerAllOps();
  DiagnosticEngine diags;
  auto a = var("a", tileT()), b = var("b", tileT()), s = var("s", tileT());
  ExprPtr good = makeOpCall("tile.add", {a, b}, {}, at(3), diags);
  ASSERT_TRUE(good) << diags.formatAll();
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(Assign::make(s, good), {{a}, {b}})), Codes{});
  auto *call = dynCast<Call>(good);
  auto wrongT = TileType::make(DataType::FP16, {c(16), c(16)}, MemorySpace::Vec);
  auto lying = Call::make(call->target(), call->args(), {}, {}, wrongT, at(3));
  auto s2 = var("s", wrongT);
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(Assign::make(s2, lying), {{a}, {b}})),
            Codes{"V102"});
  auto s3 = var("s", tileT());
  auto bad = Call::make(call->target(), {a}, {}, {}, tileT(), at(3));
  EXPECT_EQ(codes(IRProperty::TypeChecked, prog(Assign::make(s3, bad), {{a}})), Codes{"V109"});
}

} // namespace
} // namespace pl::passes
