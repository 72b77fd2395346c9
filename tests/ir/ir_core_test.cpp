// Unit tests of the IR core: types, expression constructors, Seq::flatten, visitor, mutator.
#include "ir/mutator.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"
#include "tests/ir/ir_build_util.h"

#include <gtest/gtest.h>

using namespace pl::ir;
using namespace pl::ir::testing;

namespace {

TypePtr scalar(DataType d) { return ScalarType::get(d); }

TEST(IRCore, ScalarTypesAreInterned) {
  EXPECT_EQ(ScalarType::get(DataType::FP32), ScalarType::get(DataType::FP32));
  EXPECT_NE(ScalarType::get(DataType::FP32), ScalarType::get(DataType::FP16));
  EXPECT_EQ(UnknownType::get(), UnknownType::get());
  EXPECT_EQ(scalarDType(scalar(DataType::Int8)), DataType::Int8);
  EXPECT_EQ(scalarDType(UnknownType::get()), std::nullopt);
  EXPECT_EQ(scalarDType(nullptr), std::nullopt);
}

TEST(IRCore, ShapedTypeQueries) {
  auto n = var("n");
  auto t = TensorType::make(DataType::BF16, {n, ci(8)});
  EXPECT_EQ(t->kind(), TypeKind::Tensor);
  EXPECT_TRUE(isa<ShapedType>(TypePtr(t)));
  EXPECT_FALSE(isa<TileType>(TypePtr(t)));
  EXPECT_EQ(t->rank(), 2u);
  EXPECT_EQ(t->dtype(), DataType::BF16);
  EXPECT_EQ(t->constDim(0), std::nullopt);
  EXPECT_EQ(t->constDim(1), 8);
  EXPECT_FALSE(t->view());
  auto tile = TileType::make(DataType::FP16, {ci(16), ci(32)}, MemorySpace::Left);
  EXPECT_EQ(tile->memorySpace(), MemorySpace::Left);
  EXPECT_FALSE(tile->view());
  EXPECT_FALSE(tile->memref());
  TileView v;
  EXPECT_EQ(v.fractal, 512);
  EXPECT_EQ(v.blayout, BLayout::RowMajor);
  EXPECT_EQ(v.slayout, SLayout::NoneBox);
  auto tup = TupleType::make({t, tile});
  EXPECT_EQ(tup->elements().size(), 2u);
  EXPECT_EQ(PtrType::make(MemorySpace::Acc)->memorySpace(), MemorySpace::Acc);
  EXPECT_EQ(ArrayType::make(DataType::Int32, 4)->size(), 4);
  EXPECT_EQ(MemRefType::get()->kind(), TypeKind::MemRef);
}

TEST(IRCore, EnumSpellingsRoundTrip) {
  for (int i = 0; i <= static_cast<int>(DataType::TaskId); ++i) {
    auto d = static_cast<DataType>(i);
    EXPECT_EQ(parseDataType(dtypeName(d)), d) << dtypeName(d);
  }
  for (int i = 0; i <= static_cast<int>(MemorySpace::RightScale); ++i) {
    auto m = static_cast<MemorySpace>(i);
    EXPECT_EQ(parseMemorySpace(memorySpaceName(m)), m);
  }
  for (auto l : {TensorLayout::ND, TensorLayout::DN, TensorLayout::NZ, TensorLayout::MX_A,
                 TensorLayout::MX_B})
    EXPECT_EQ(parseTensorLayout(enumName(l)), l);
  for (auto p : {PadValue::Null, PadValue::Zero, PadValue::Max, PadValue::Min})
    EXPECT_EQ(parsePadValue(enumName(p)), p);
  EXPECT_EQ(parseDataType("fp64"), std::nullopt);
  EXPECT_EQ(dtypeBits(DataType::FP16), 16u);
  EXPECT_EQ(dtypeBits(DataType::Index), 64u);
  EXPECT_TRUE(isFloat(DataType::BF16));
  EXPECT_FALSE(isFloat(DataType::Int32));
  EXPECT_TRUE(isIntLike(DataType::Index));
  EXPECT_FALSE(isIntLike(DataType::Bool));
}

TEST(IRCore, BinaryTypePromotion) {
  auto v = [](DataType d) { return ExprPtr(var("v", scalar(d))); };
  auto resultOf = [](BinaryOp op, ExprPtr a, ExprPtr b) {
    return scalarDType(Binary::make(op, a, b)->type());
  };
  using D = DataType;
  EXPECT_EQ(resultOf(BinaryOp::Add, v(D::Index), v(D::Int32)), D::Index);
  EXPECT_EQ(resultOf(BinaryOp::Add, v(D::Int32), v(D::Index)), D::Index);
  EXPECT_EQ(resultOf(BinaryOp::Add, v(D::Int64), v(D::Index)), D::Index);
  EXPECT_EQ(resultOf(BinaryOp::Mul, v(D::Int8), v(D::Int16)), D::Int16);
  EXPECT_EQ(resultOf(BinaryOp::Sub, v(D::Int32), v(D::FP16)), D::FP16);
  EXPECT_EQ(resultOf(BinaryOp::Max, v(D::FP16), v(D::FP32)), D::FP32);
  EXPECT_EQ(resultOf(BinaryOp::Lt, v(D::FP32), v(D::FP32)), D::Bool);
  EXPECT_EQ(resultOf(BinaryOp::And, v(D::Bool), v(D::Bool)), D::Bool);
  EXPECT_EQ(resultOf(BinaryOp::FloatDiv, v(D::Int32), v(D::Int32)), D::FP32);
  EXPECT_EQ(resultOf(BinaryOp::FloorDiv, v(D::Int32), v(D::Int32)), D::Int32);
  // One side untyped: the typed side wins; both untyped: Unknown.
  auto u = ExprPtr(var("u", UnknownType::get()));
  EXPECT_EQ(resultOf(BinaryOp::Add, u, v(D::Int32)), D::Int32);
  EXPECT_EQ(Binary::make(BinaryOp::Add, u, u)->type(), UnknownType::get());
  EXPECT_EQ(ci(3)->type(), scalar(D::Index)); // bare literals are INDEX
}

TEST(IRCore, OtherExpressionTypes) {
  auto x = var("x", scalar(DataType::Int32));
  EXPECT_EQ(Unary::make(UnaryOp::Neg, x)->type(), x->type());
  EXPECT_EQ(Unary::make(UnaryOp::Not, x)->type(), scalar(DataType::Bool));
  EXPECT_EQ(Unary::makeCast(x, DataType::FP16)->type(), scalar(DataType::FP16));
  auto tup = MakeTuple::make({x, ConstFloat::make(1.0)});
  auto *tt = dynCast<TupleType>(tup->type());
  ASSERT_TRUE(tt);
  EXPECT_EQ(tt->elements()[1], scalar(DataType::FP32));
  EXPECT_EQ(TupleGetItem::make(tup, 0)->type(), x->type());
  EXPECT_EQ(TupleGetItem::make(tup, 5)->type(), UnknownType::get());
  EXPECT_EQ(constIntValue(ci(7)), 7);
  EXPECT_EQ(constIntValue(x), std::nullopt);
  AttrList attrs{{"a", int64_t(1)}, {"b", true}};
  ASSERT_TRUE(findAttr(attrs, "b"));
  EXPECT_TRUE(std::get<bool>(*findAttr(attrs, "b")));
  EXPECT_EQ(findAttr(attrs, "c"), nullptr);
  EXPECT_EQ(fnTarget("callee").name(), "callee");
  EXPECT_EQ(opTarget(testOp(2)).name(), "test.add");
  // Vars: identity and monotonic ids; a null type becomes Unknown.
  auto a = var("same"), b = var("same");
  EXPECT_NE(a, b);
  EXPECT_LT(a->id(), b->id());
  EXPECT_EQ(Var::make("t", nullptr)->type(), UnknownType::get());
  auto m = MemRef::make("m", var("p"), ci(0), 64);
  EXPECT_TRUE(isa<Var>(ExprPtr(m)));
  EXPECT_EQ(m->type(), MemRefType::get());
}

TEST(IRCore, SeqFlatten) {
  auto e = [](int64_t v) { return Eval::make(ci(v)); };
  auto s1 = e(1), s2 = e(2), s3 = e(3);
  auto flat = Seq::flatten({s1, Seq::make({s2, Seq::make({s3})}), nullptr});
  auto *seq = dynCast<Seq>(flat);
  ASSERT_TRUE(seq);
  ASSERT_EQ(seq->stmts().size(), 3u);
  EXPECT_EQ(seq->stmts()[0], s1);
  EXPECT_EQ(seq->stmts()[1], s2);
  EXPECT_EQ(seq->stmts()[2], s3);
  EXPECT_EQ(Seq::flatten({Seq::make({s1})}), s1); // single child unwrapped
  auto empty = Seq::flatten({Seq::make({})});
  ASSERT_TRUE(isa<Seq>(empty));
  EXPECT_TRUE(dynCast<Seq>(empty)->stmts().empty());
}

TEST(IRCore, ProgramLookup) {
  auto f = simpleFunction("f", {}, Return::make({}));
  auto g = simpleFunction("g", {}, Return::make({}));
  auto p = Program::make("p", {g, f});
  EXPECT_EQ(p->lookup("f"), f);
  EXPECT_EQ(p->lookup("h"), nullptr);
  EXPECT_EQ(p->functions()[0], g); // insertion order is kept
  EXPECT_EQ(f->withType(FunctionType::InCore)->type(), FunctionType::InCore);
}

/// Records "def:name" / "use:name" in visiting order.
class Recorder final : public IRVisitor {
public:
  void visitVarDef(const VarPtr &v) override {
    log.push_back("def:" + v->name());
    IRVisitor::visitVarDef(v);
  }
  void visitVarUse(const VarPtr &v) override {
    log.push_back("use:" + v->name());
    IRVisitor::visitVarUse(v);
  }
  std::vector<std::string> log;
};

TEST(IRVisitor, VisitsDefsBeforeBodiesAndVarsInsideTypes) {
  auto n = var("n");
  auto t = var("t", TensorType::make(DataType::FP32, {n}));
  auto y = var("y"), i = var("i"), a = var("a"), r = var("r");
  auto p = var("p", PtrType::make(MemorySpace::Vec));
  auto mr = MemRef::make("m", p, y, 64);
  auto tileT = TileType::make(DataType::FP32, {ci(4)}, MemorySpace::Vec, std::nullopt, mr);
  auto c = var("c", tileT);
  auto call = Call::make(fnTarget("f"), {t}, {}, {}, TensorType::make(DataType::FP32, {y}));
  auto body = Seq::make({Assign::make(y, add(n, ci(1))),
                         For::make(i, ci(0), y, ci(1), {{a, n}}, Yield::make({add(a, i)}), {r}),
                         Assign::make(c, call), Return::make({r})});
  Recorder rec;
  rec.visitFunction(*simpleFunction("f", {{n}, {t}}, body));
  std::vector<std::string> expected = {
      "def:n", "def:t", "use:n",                    // params; t's shape uses n
      "use:n", "def:y",                             // y = n + 1
      "use:y", "def:i", "use:n", "def:a",           // stop, loop var, init, iter arg
      "use:a", "use:i", "def:r",                    // body, return var
      "use:t", "use:y",                             // call arg, call result type
      "def:c", "use:m", "use:p", "use:y", "use:r"}; // c's tile type: MemRef, base, offset
  EXPECT_EQ(rec.log, expected);
}

TEST(IRVisitor, WhileAndIfOrder) {
  auto w = var("w"), w2 = var("w2"), res = var("res"), x = var("x"), rv = var("rv");
  auto loop = While::make(bin(BinaryOp::Lt, w, x), {{w, ci(0)}},
                          Seq::make({Assign::make(w2, add(w, ci(1))), Yield::make({w2})}), {res});
  auto ifS = If::make(x, Yield::make({res}), Yield::make({x}), {rv});
  Recorder rec;
  rec.visitStmt(Seq::make({loop, ifS}));
  std::vector<std::string> expected = {"def:w",   "use:w", "use:x",   "use:w", "def:w2", "use:w2",
                                       "def:res", "use:x", "use:res", "use:x", "def:rv"};
  EXPECT_EQ(rec.log, expected);
}

TEST(IRMutator, UnchangedTreesKeepTheirPointers) {
  IRMutator m;
  auto f = buildAllKinds(0);
  EXPECT_EQ(m.mutateFunction(f), f);
  auto p = Program::make("p", {f});
  EXPECT_EQ(m.mutateProgram(p), p);
  auto t = f->params()[1].var->type();
  EXPECT_EQ(m.mutateType(t), t);
}

/// Rewrites the constant 64 to 32 everywhere (in shapes too).
class Shrink final : public IRMutator {
public:
  ExprPtr mutateConstInt(const std::shared_ptr<const ConstInt> &e) override {
    return e->value() == 64 ? ci(32) : e;
  }
};

TEST(IRMutator, RetypedDefsAreRemappedAtUses) {
  auto n = var("n");
  auto t = var("t", TensorType::make(DataType::FP32, {n, ci(64)}));
  auto k = var("k");
  auto y = var("y", t->type());
  auto f =
      simpleFunction("f", {{n}, {k}, {t}}, Seq::make({Assign::make(y, t), Return::make({y, k})}));
  Shrink m;
  auto g = m.mutateFunction(f);
  ASSERT_NE(g, f);
  EXPECT_EQ(g->params()[0].var, n); // unchanged params are kept
  EXPECT_EQ(g->params()[1].var, k);
  auto t2 = g->params()[2].var;
  EXPECT_NE(t2, t);
  EXPECT_EQ(dynCast<TensorType>(t2->type())->constDim(1), 32);
  auto *seq = dynCast<Seq>(g->body());
  auto *assign = dynCast<Assign>(seq->stmts()[0]);
  EXPECT_EQ(assign->value(), t2);
  EXPECT_NE(assign->var(), y);
  EXPECT_EQ(dynCast<Return>(seq->stmts()[1])->values()[0], assign->var());
  EXPECT_EQ(dynCast<Return>(seq->stmts()[1])->values()[1], k);
}

TEST(IRMutator, RemapReachesTypesAndIsTransitive) {
  auto n = var("n"), n2 = var("n2"), n3 = var("n3");
  auto y = var("y", TensorType::make(DataType::FP32, {n}));
  auto s = Seq::make(
      {Assign::make(y, Call::make(fnTarget("f"), {n}, {}, {}, y->type())), Return::make({y})});
  IRMutator m;
  m.remap(n, n2);
  m.remap(n2, n3);
  auto out = m.mutateStmt(s);
  auto y3 = var("y", TensorType::make(DataType::FP32, {n3}));
  auto expected = Seq::make(
      {Assign::make(y3, Call::make(fnTarget("f"), {n3}, {}, {}, y3->type())), Return::make({y3})});
  EXPECT_TRUE(structuralEqual(out, expected)) << describeMismatch(out, expected).value_or("");
}

TEST(IRMutator, RemapReachesMemRefBasesAndFunctionAttrs) {
  auto p = var("p", PtrType::make(MemorySpace::Vec)), p2 = var("p2", p->type());
  auto mr = MemRef::make("m", p, ci(0), 64);
  auto tileT = TileType::make(DataType::FP32, {ci(4)}, MemorySpace::Vec, std::nullopt, mr);
  auto a = var("a", tileT), b = var("b", tileT);
  auto s = Seq::make({Assign::make(a, ci(0)), Assign::make(b, a)});
  IRMutator m;
  m.remap(p, p2);
  auto mutated = m.mutateStmt(s);
  auto *out = dynCast<Seq>(mutated);
  ASSERT_TRUE(out);
  auto a2 = dynCast<Assign>(out->stmts()[0])->var();
  auto b2 = dynCast<Assign>(out->stmts()[1])->var();
  auto m1 = dynCast<TileType>(a2->type())->memref();
  auto m2 = dynCast<TileType>(b2->type())->memref();
  EXPECT_EQ(m1->base(), p2);
  EXPECT_EQ(m1, m2); // one new MemRef for all mentions
  EXPECT_EQ(dynCast<Assign>(out->stmts()[1])->value(), a2);

  auto x = var("x"), x2 = var("x2");
  auto f = Function::make("f", FunctionType::Opaque, {}, {}, Return::make({}), std::nullopt,
                          std::nullopt, {{"dep", ExprPtr(x)}});
  IRMutator fm;
  fm.remap(x, x2);
  auto g = fm.mutateFunction(f);
  EXPECT_EQ(std::get<ExprPtr>(*findAttr(g->attrs(), "dep")), x2);
}

TEST(IRMutator, DeletedStatementsAndFlattening) {
  class DropEvals final : public IRMutator {
  public:
    StmtPtr mutateEval(const std::shared_ptr<const Eval> &) override { return nullptr; }
  };
  auto x = var("x");
  auto keep = Assign::make(x, ci(1));
  DropEvals m;
  EXPECT_EQ(m.mutateStmt(Seq::make({Eval::make(ci(0)), keep})), keep);
  auto loop = For::make(var("i"), ci(0), ci(4), ci(1), {}, Eval::make(ci(0)), {});
  auto mutated = m.mutateStmt(loop);
  auto *out = dynCast<For>(mutated);
  ASSERT_TRUE(out);
  EXPECT_TRUE(isa<Seq>(out->body())); // a deleted body becomes an empty Seq
}

} // namespace
