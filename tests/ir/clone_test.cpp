// Unit tests of deepClone: fresh variables everywhere, structurally equal, substitution.
#include "ir/clone.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"
#include "tests/ir/ir_build_util.h"

#include <gtest/gtest.h>

#include <set>

using namespace pl::ir;
using namespace pl::ir::testing;

namespace {

/// Every Var (and MemRef) object mentioned anywhere, defs and uses, including inside types.
class VarCollector final : public IRVisitor {
public:
  void visitVarDef(const VarPtr &v) override {
    vars.insert(v.get());
    IRVisitor::visitVarDef(v);
  }
  void visitVarUse(const VarPtr &v) override {
    vars.insert(v.get());
    IRVisitor::visitVarUse(v);
  }
  std::set<const Var *> vars;
};

std::set<const Var *> varsOf(const Function &f) {
  VarCollector c;
  c.visitFunction(f);
  return c.vars;
}

TEST(DeepClone, FunctionIsEqualAndSharesNoVar) {
  for (int v : {0, 19, 38}) {
    auto f = buildAllKinds(v);
    auto g = deepClone(f);
    ASSERT_TRUE(g);
    EXPECT_TRUE(structuralEqual(*f, *g)) << v << ": " << describeMismatch(*f, *g).value_or("");
    EXPECT_EQ(structuralHash(*f), structuralHash(*g));
    EXPECT_EQ(g->name(), f->name());
    auto a = varsOf(*f), b = varsOf(*g);
    EXPECT_GT(a.size(), 20u);
    EXPECT_EQ(a.size(), b.size());
    for (auto *x : b)
      EXPECT_EQ(a.count(x), 0u) << "shared var '" << x->name() << "'";
  }
}

TEST(DeepClone, KeepsNamesAndRewritesTypes) {
  auto n = var("n");
  auto t = var("t", TensorType::make(DataType::FP32, {n}));
  auto y = var("y", TensorType::make(DataType::FP32, {n}));
  auto f = simpleFunction("f", {{n}, {t}}, Seq::make({Assign::make(y, t), Return::make({y})}));
  auto g = deepClone(f);
  auto n2 = g->params()[0].var;
  auto t2 = g->params()[1].var;
  EXPECT_NE(n2, n);
  EXPECT_EQ(n2->name(), "n");
  EXPECT_EQ(t2->name(), "t");
  auto *tt = dynCast<TensorType>(t2->type());
  ASSERT_TRUE(tt);
  EXPECT_EQ(tt->shape()[0], n2); // the type refers to the new param
  auto *seq = dynCast<Seq>(g->body());
  ASSERT_TRUE(seq);
  auto *assign = dynCast<Assign>(seq->stmts()[0]);
  ASSERT_TRUE(assign);
  EXPECT_EQ(assign->value(), t2);
  EXPECT_EQ(dynCast<TensorType>(assign->var()->type())->shape()[0], n2);
}

TEST(DeepClone, StatementWithPreSeededSubstitution) {
  auto x = var("x"), z = var("z"), y = var("y"), w = var("w");
  auto s = Seq::make({Assign::make(y, add(x, ci(1))), Assign::make(w, add(y, x))});
  VarMap map{{x.get(), z}};
  auto c = deepClone(s, map);
  // Expected: y' = z + 1; w' = y' + z.
  auto y2 = var("y"), w2 = var("w");
  auto expected = Seq::make({Assign::make(y2, add(z, ci(1))), Assign::make(w2, add(y2, z))});
  EXPECT_TRUE(structuralEqual(c, expected)) << describeMismatch(c, expected).value_or("");
  ASSERT_TRUE(map.count(y.get()));
  ASSERT_TRUE(map.count(w.get()));
  EXPECT_NE(map.at(y.get()), y);
  EXPECT_EQ(map.at(x.get()), z);
  auto *first = dynCast<Assign>(dynCast<Seq>(c)->stmts()[0]);
  EXPECT_EQ(first->var(), map.at(y.get()));
  // Without a seed, free vars are kept as they are.
  VarMap empty;
  auto c2 = deepClone(s, empty);
  EXPECT_TRUE(structuralEqual(s, c2));
  EXPECT_FALSE(empty.count(x.get()));
}

TEST(DeepClone, ReassignedVarStaysOneVar) {
  auto x = var("x");
  auto s = Seq::make({Assign::make(x, ci(1)), Assign::make(x, add(x, ci(1)))});
  VarMap map;
  auto c = deepClone(s, map);
  EXPECT_TRUE(structuralEqual(s, c));
  auto *seq = dynCast<Seq>(c);
  auto a0 = dynCast<Assign>(seq->stmts()[0]), a1 = dynCast<Assign>(seq->stmts()[1]);
  EXPECT_EQ(a0->var(), a1->var());
  EXPECT_NE(a0->var(), x);
}

TEST(DeepClone, ScopeTaskIdIsAFreshVar) {
  auto taskT = ScalarType::get(DataType::TaskId);
  auto t0 = var("t0", taskT), t1 = var("t1", taskT);
  AttrList a1 = {{"deps", ExprList{t0}}};
  auto s = Seq::make({Scope::make(ScopeKind::InCore, "a", Seq::make({}), {}, t0),
                      Scope::make(ScopeKind::InCore, "b", Seq::make({}), a1, t1)});
  VarMap map;
  auto c = deepClone(s, map);
  EXPECT_TRUE(structuralEqual(s, c)) << describeMismatch(s, c).value_or("");
  ASSERT_TRUE(map.count(t0.get()));
  ASSERT_TRUE(map.count(t1.get()));
  auto &stmts = dynCast<Seq>(c)->stmts();
  auto *first = dynCast<Scope>(stmts[0]), *second = dynCast<Scope>(stmts[1]);
  EXPECT_EQ(first->taskId(), map.at(t0.get()));
  EXPECT_NE(first->taskId(), t0);
  EXPECT_EQ(second->taskId(), map.at(t1.get()));
  EXPECT_EQ(std::get<ExprList>(second->attrs()[0].second)[0], ExprPtr(map.at(t0.get())));
}

TEST(DeepClone, LoopsAndMemRefs) {
  auto p = var("p", PtrType::make(MemorySpace::Vec));
  auto m = MemRef::make("m", p, ci(0), 64);
  auto tileT = TileType::make(DataType::FP32, {ci(4)}, MemorySpace::Vec, std::nullopt, m);
  auto i = var("i"), acc = var("acc", tileT), r = var("r", tileT), t0 = var("t0", tileT);
  auto s = Seq::make({Assign::make(p, Call::make(fnTarget("alloc"), {}, {}, {}, p->type())),
                      Assign::make(t0, ci(0)),
                      For::make(i, ci(0), ci(4), ci(1), {{acc, t0}}, Yield::make({acc}), {r})});
  VarMap map;
  auto c = deepClone(s, map);
  EXPECT_TRUE(structuralEqual(s, c));
  ASSERT_TRUE(map.count(m.get()));
  auto m2 = as<MemRef>(map.at(m.get()));
  ASSERT_TRUE(m2);
  EXPECT_NE(m2, m);
  EXPECT_EQ(m2->base(), map.at(p.get()));
  auto *loop = dynCast<For>(dynCast<Seq>(c)->stmts()[2]);
  ASSERT_TRUE(loop);
  EXPECT_EQ(dynCast<TileType>(loop->iterArgs()[0].var->type())->memref(), m2);
  EXPECT_EQ(dynCast<TileType>(loop->returnVars()[0]->type())->memref(), m2);
}

TEST(DeepClone, KeepsExplicitResultTypes) {
  auto x = var("x");
  ExprPtr typed = std::make_shared<const Binary>(BinaryOp::Add, x, ci(1), fp32T());
  auto s = Assign::make(var("y", fp32T()), typed);
  VarMap map;
  auto c = deepClone(s, map);
  EXPECT_TRUE(structuralEqual(s, c));
}

} // namespace
