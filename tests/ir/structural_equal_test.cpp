// Unit tests of structural equality, hashing and mismatch descriptions.
#include "ir/structural_equal.h"
#include "tests/ir/ir_build_util.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace pl::ir;
using namespace pl::ir::testing;
using ::testing::AllOf;
using ::testing::HasSubstr;

namespace {

/// What describeMismatch reports for `a` vs `b`; a failure (and "") when it finds no difference.
template <class A, class B> std::string mismatch(const A &a, const B &b) {
  std::optional<std::string> why = describeMismatch(a, b);
  EXPECT_TRUE(why.has_value()) << "describeMismatch found no difference";
  return why.value_or("");
}

/// f(a, b) { y = <value(a, b)>; return y }
FunctionPtr binaryFn(const std::string &name, const std::function<ExprPtr(VarPtr, VarPtr)> &value) {
  auto a = var("a"), b = var("b"), y = var("y");
  return simpleFunction(name, {{a}, {b}},
                        Seq::make({Assign::make(y, value(a, b)), Return::make({y})}));
}

TEST(StructuralEqual, EqualModuloNames) {
  auto f = buildAllKinds(0);
  auto g = buildAllKinds(0, "_renamed");
  EXPECT_TRUE(structuralEqual(*f, *g));
  EXPECT_TRUE(structuralEqual(*f, *f));
  EXPECT_EQ(structuralHash(*f), structuralHash(*g));
  EXPECT_EQ(describeMismatch(*f, *g), std::nullopt);
}

TEST(StructuralEqual, EveryVariantDiffers) {
  auto base = buildAllKinds(0);
  for (int v = 1; v < kAllKindsVariants; ++v) {
    auto f = buildAllKinds(v, "_v");
    auto why = describeMismatch(*base, *f);
    EXPECT_FALSE(structuralEqual(*base, *f)) << "variant " << v;
    EXPECT_FALSE(structuralEqual(*f, *base)) << "variant " << v;
    ASSERT_TRUE(why.has_value()) << "variant " << v;
    EXPECT_THAT(*why, HasSubstr("function 'k'")) << *why;
    EXPECT_NE(structuralHash(*base), structuralHash(*f)) << "variant " << v << ": " << *why;
  }
}

TEST(StructuralEqual, BindingStructure) {
  auto xx = binaryFn("f", [](VarPtr a, VarPtr) { return add(a, a); });
  auto xz = binaryFn("f", [](VarPtr a, VarPtr b) { return add(a, b); });
  auto zx = binaryFn("f", [](VarPtr a, VarPtr b) { return add(b, a); });
  EXPECT_FALSE(structuralEqual(*xx, *xz));
  EXPECT_FALSE(structuralEqual(*xz, *xx));
  EXPECT_FALSE(structuralEqual(*xz, *zx)); // swapped uses
  EXPECT_TRUE(structuralEqual(*xz, *binaryFn("g", [](VarPtr a, VarPtr b) { return add(a, b); })));
  EXPECT_NE(structuralHash(*xz), structuralHash(*zx));
  EXPECT_THAT(mismatch(*xz, *zx), AllOf(HasSubstr("body > stmt[0] (Assign) > value > lhs: lhs 'a'"),
                                        HasSubstr("lhs is bound to rhs 'a'")));
}

TEST(StructuralEqual, UseBoundToDifferentDef) {
  auto make = [](bool returnFirst) {
    auto a = var("a"), y1 = var("y1"), y2 = var("y2");
    return simpleFunction("f", {{a}},
                          Seq::make({Assign::make(y1, a), Assign::make(y2, a),
                                     Return::make({returnFirst ? y1 : y2})}));
  };
  EXPECT_TRUE(structuralEqual(*make(true), *make(true)));
  EXPECT_FALSE(structuralEqual(*make(true), *make(false)));
  EXPECT_NE(structuralHash(*make(true)), structuralHash(*make(false)));
}

TEST(StructuralEqual, DefinitionsAreBijective) {
  auto a = var("a"), b = var("b"), c = var("c");
  auto two = simpleFunction("f", {{a}, {b}}, Return::make({}));
  auto same = simpleFunction("f", {{c}, {c}}, Return::make({}));
  EXPECT_FALSE(structuralEqual(*two, *same));
  EXPECT_FALSE(structuralEqual(*same, *two));
  EXPECT_TRUE(structuralEqual(*same, *same));
  EXPECT_THAT(mismatch(*two, *same), AllOf(HasSubstr("params[1]"), HasSubstr("already bound")));
}

TEST(StructuralEqual, ReassignmentOfOneVarIsConsistent) {
  // Non-SSA: the same Var assigned twice must map to the same Var on the other side.
  auto make = [](bool sameVar) {
    auto x = var("x"), x2 = sameVar ? x : var("x");
    return Seq::make({Assign::make(x, ci(1)), Assign::make(x2, add(x, ci(1)))});
  };
  EXPECT_TRUE(structuralEqual(make(true), make(true)));
  EXPECT_FALSE(structuralEqual(make(true), make(false)));
  EXPECT_FALSE(structuralEqual(make(false), make(true)));
  EXPECT_EQ(structuralHash(make(true)), structuralHash(make(true)));
}

TEST(StructuralEqual, FreeVarsByIdentityOrMapped) {
  auto x = var("x"), w = var("w"), y = var("y"), z = var("z");
  EXPECT_TRUE(structuralEqual(add(x, ci(1)), add(x, ci(1))));
  EXPECT_FALSE(structuralEqual(add(x, ci(1)), add(w, ci(1))));
  EXPECT_TRUE(structuralEqual(add(x, ci(1)), add(w, ci(1)), /*mapFreeVars=*/true));
  EXPECT_EQ(structuralHash(add(x, ci(1))), structuralHash(add(x, ci(1))));
  EXPECT_NE(structuralHash(add(x, ci(1))), structuralHash(add(w, ci(1))));
  // Mapped free vars stay bijective.
  EXPECT_FALSE(structuralEqual(add(x, y), add(z, z), true));
  EXPECT_FALSE(structuralEqual(add(z, z), add(x, y), true));
  EXPECT_TRUE(structuralEqual(add(x, y), add(y, x), true));
  // Mapped free vars must agree in type.
  EXPECT_FALSE(structuralEqual(ExprPtr(x), ExprPtr(var("f", fp32T())), true));
  EXPECT_THAT(mismatch(add(x, ci(1)), add(w, ci(1))), HasSubstr("different free variables"));
  // Statements: a free var used in both must be the same object.
  auto s1 = Assign::make(var("y"), add(x, ci(1)));
  auto s2 = Assign::make(var("y"), add(w, ci(1)));
  EXPECT_FALSE(structuralEqual(s1, s2));
  EXPECT_TRUE(structuralEqual(s1, s2, true));
}

TEST(StructuralEqual, Constants) {
  EXPECT_TRUE(structuralEqual(ci(1), ci(1)));
  EXPECT_FALSE(structuralEqual(ci(1), ci(2)));
  EXPECT_FALSE(structuralEqual(ci(1), ci(1, DataType::Int32)));
  EXPECT_NE(structuralHash(ci(1)), structuralHash(ci(1, DataType::Int32)));
  EXPECT_FALSE(structuralEqual(ConstFloat::make(1.0), ConstFloat::make(1.0, DataType::FP16)));
  EXPECT_FALSE(structuralEqual(ConstFloat::make(1.0), ci(1)));
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(structuralEqual(ConstFloat::make(nan), ConstFloat::make(nan)));
  EXPECT_EQ(structuralHash(ConstFloat::make(nan)), structuralHash(ConstFloat::make(nan)));
  EXPECT_FALSE(structuralEqual(ConstFloat::make(0.0), ConstFloat::make(-0.0)));
  EXPECT_TRUE(structuralEqual(ConstBool::make(true), ConstBool::make(true)));
  EXPECT_FALSE(structuralEqual(ConstBool::make(true), ConstBool::make(false)));
  EXPECT_THAT(mismatch(ci(1), ci(1, DataType::Int32)), HasSubstr("dtype: lhs index vs rhs int32"));
}

TEST(StructuralEqual, AttrValuesEveryAlternative) {
  // One value of every alternative, and another value of the same alternative.
  std::vector<std::pair<AttrValue, AttrValue>> cases = {
      {true, false},
      {int64_t(1), int64_t(2)},
      {1.5, 2.5},
      {std::string("s"), std::string("t")},
      {DataType::FP16, DataType::FP32},
      {MemorySpace::Vec, MemorySpace::Mat},
      {std::vector<int64_t>{1, 2}, std::vector<int64_t>{2, 1}},
      {std::vector<std::string>{"a"}, std::vector<std::string>{"b"}},
      {ExprPtr(ci(1)), ExprPtr(ci(2))},
      {ExprList{ci(1), ci(2)}, ExprList{ci(1)}}};
  auto call = [](AttrValue v) {
    return Call::make(fnTarget("f"), {}, {{"k", std::move(v)}}, {}, UnknownType::get());
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto &[value, other] = cases[i];
    EXPECT_TRUE(structuralEqual(ExprPtr(call(value)), ExprPtr(call(value)))) << i;
    EXPECT_EQ(structuralHash(ExprPtr(call(value))), structuralHash(ExprPtr(call(value))));
    EXPECT_FALSE(structuralEqual(ExprPtr(call(value)), ExprPtr(call(other)))) << i;
    EXPECT_NE(structuralHash(ExprPtr(call(value))), structuralHash(ExprPtr(call(other)))) << i;
    // A different alternative never compares equal (e.g. bool true vs int 1).
    const AttrValue &next = cases[(i + 1) % cases.size()].first;
    EXPECT_FALSE(structuralEqual(ExprPtr(call(value)), ExprPtr(call(next)))) << i;
  }
  // Call attrs (not kwargs) are compared too.
  auto withAttr = [](int64_t v) {
    return ExprPtr(Call::make(fnTarget("f"), {}, {}, {{"k", v}}, UnknownType::get()));
  };
  EXPECT_FALSE(structuralEqual(withAttr(1), withAttr(2)));
}

TEST(StructuralEqual, Types) {
  auto n = var("n");
  std::vector<TypePtr> types = {
      UnknownType::get(),
      ScalarType::get(DataType::FP32),
      TensorType::make(DataType::FP32, {n, ci(4)}),
      TensorType::make(DataType::FP32, {n, ci(4)}, TensorView{}),
      TileType::make(DataType::FP32, {ci(4), ci(4)}),
      TileType::make(DataType::FP32, {ci(4), ci(4)}, MemorySpace::Vec),
      TileType::make(DataType::FP32, {ci(4), ci(4)}, MemorySpace::Vec, TileView{}),
      TupleType::make({ScalarType::get(DataType::FP32)}),
      TupleType::make({}),
      MemRefType::get(),
      PtrType::make(MemorySpace::Vec),
      PtrType::make(MemorySpace::Mat),
      ArrayType::make(DataType::Int32, 4),
      ArrayType::make(DataType::Int32, 8),
  };
  for (size_t i = 0; i < types.size(); ++i)
    for (size_t j = 0; j < types.size(); ++j)
      EXPECT_EQ(structuralEqual(types[i], types[j]), i == j) << i << " vs " << j;
  auto m = var("m");
  auto tn = TensorType::make(DataType::FP32, {n});
  auto tm = TensorType::make(DataType::FP32, {m});
  EXPECT_FALSE(structuralEqual(TypePtr(tn), TypePtr(tm)));
  EXPECT_TRUE(structuralEqual(TypePtr(tn), TypePtr(tm), true));
  EXPECT_EQ(structuralHash(TypePtr(tn)),
            structuralHash(TypePtr(TensorType::make(DataType::FP32, {n}))));
  EXPECT_FALSE(structuralEqual(TypePtr(tn), TypePtr(TensorType::make(DataType::FP16, {n}))));
  EXPECT_FALSE(structuralEqual(TypePtr(TensorType::make(DataType::FP32, {ci(4)})),
                               TypePtr(TileType::make(DataType::FP32, {ci(4)}))));
}

TEST(StructuralEqual, MemRefsBoundOnFirstSight) {
  auto tileOf = [](MemRefPtr m) {
    return TypePtr(TileType::make(DataType::FP32, {ci(4)}, MemorySpace::Vec, std::nullopt, m));
  };
  auto p1 = var("p", PtrType::make(MemorySpace::Vec));
  auto p2 = var("p", PtrType::make(MemorySpace::Vec));
  auto m1 = MemRef::make("m", p1, ci(0), 64);
  auto m2 = MemRef::make("m", p2, ci(0), 64);
  auto m3 = MemRef::make("m", p2, ci(0), 64);
  // Two vars typed by the same MemRef on the left must map to one MemRef on the right.
  auto body = [&](MemRefPtr a, MemRefPtr b) {
    return Seq::make(
        {Assign::make(var("x", tileOf(a)), ci(0)), Assign::make(var("y", tileOf(b)), ci(0))});
  };
  EXPECT_TRUE(structuralEqual(body(m1, m1), body(m2, m2)));
  EXPECT_EQ(structuralHash(body(m1, m1)), structuralHash(body(m2, m2)));
  EXPECT_FALSE(structuralEqual(body(m1, m1), body(m2, m3)));
  EXPECT_FALSE(structuralEqual(body(m2, m3), body(m1, m1)));
  EXPECT_FALSE(structuralEqual(tileOf(m1), tileOf(MemRef::make("m", p2, ci(0), 128))));
  EXPECT_FALSE(structuralEqual(tileOf(m1), tileOf(MemRef::make("m", p2, ci(8), 64))));
  EXPECT_FALSE(structuralEqual(tileOf(m1), tileOf(MemRef::make("m", p2, ci(0), 64, true))));
  EXPECT_FALSE(structuralEqual(tileOf(m1), tileOf(MemRef::make("m", p2, ci(0), 64, false, 2))));
  EXPECT_FALSE(structuralEqual(tileOf(m1), tileOf(nullptr)));
  auto pm = var("p", PtrType::make(MemorySpace::Mat));
  EXPECT_FALSE(structuralEqual(tileOf(m1), tileOf(MemRef::make("m", pm, ci(0), 64))));
}

TEST(StructuralEqual, ExpressionKinds) {
  auto x = var("x");
  auto tup = MakeTuple::make({x, ci(1)});
  std::vector<ExprPtr> exprs = {
      x,
      ci(1),
      ConstFloat::make(1.0),
      ConstBool::make(true),
      add(x, ci(1)),
      bin(BinaryOp::Sub, x, ci(1)),
      Unary::make(UnaryOp::Neg, x),
      Unary::makeCast(x, DataType::Int32),
      Call::make(fnTarget("f"), {x}, {}, {}, UnknownType::get()),
      Call::make(opTarget(testOp(0)), {x}, {}, {}, UnknownType::get()),
      std::make_shared<const Submit>(fnTarget("f"), ExprList{x}, ExprList{}, nullptr, false, false,
                                     nullptr, AttrList{}, UnknownType::get()),
      tup,
      TupleGetItem::make(tup, 0),
      TupleGetItem::make(tup, 1),
      MemRef::make("m", var("p", PtrType::make(MemorySpace::Vec)), ci(0), 16),
  };
  for (size_t i = 0; i < exprs.size(); ++i)
    for (size_t j = 0; j < exprs.size(); ++j)
      EXPECT_EQ(structuralEqual(exprs[i], exprs[j]), i == j) << i << " vs " << j;
  EXPECT_TRUE(structuralEqual(ExprPtr(nullptr), ExprPtr(nullptr)));
  EXPECT_FALSE(structuralEqual(ExprPtr(x), ExprPtr(nullptr)));
  // An explicitly typed node differs from the deduced one.
  auto typed = std::make_shared<const Binary>(BinaryOp::Add, x, ci(1), fp32T());
  EXPECT_FALSE(structuralEqual(ExprPtr(typed), add(x, ci(1))));
}

TEST(StructuralEqual, StatementKinds) {
  auto x = var("x");
  std::vector<StmtPtr> stmts = {
      Assign::make(var("y"), x),
      Eval::make(x),
      Seq::make({Eval::make(x)}),
      Seq::make({}),
      If::make(x, Yield::make({}), nullptr),
      If::make(x, Yield::make({}), Yield::make({})),
      For::make(var("i"), ci(0), x, ci(1), {}, Seq::make({}), {}),
      While::make(x, {}, Seq::make({}), {}),
      Yield::make({x}),
      Return::make({x}),
      Break::make(),
      Continue::make(),
      Scope::make(ScopeKind::InCore, "", Seq::make({})),
      Scope::make(ScopeKind::Spmd, "", Seq::make({})),
  };
  for (size_t i = 0; i < stmts.size(); ++i)
    for (size_t j = 0; j < stmts.size(); ++j)
      EXPECT_EQ(structuralEqual(stmts[i], stmts[j]), i == j) << i << " vs " << j;
  // Seq is not flattened by equality: nesting is structure.
  EXPECT_FALSE(
      structuralEqual(Seq::make({Seq::make({Eval::make(x)})}), Seq::make({Eval::make(x)})));
}

TEST(StructuralEqual, ScopeTaskIdIsABindingSite) {
  // scope a -> t0 { } ; scope b [[deps = {t0 or t1}]] -> t1 { } ; return t0 or t1
  auto make = [](bool depOnSecond, bool returnSecond) {
    auto t0 = var("t0", ScalarType::get(DataType::TaskId));
    auto t1 = var("t1", ScalarType::get(DataType::TaskId));
    AttrList second = {{"deps", ExprList{depOnSecond ? t1 : t0}}};
    return Seq::make({Scope::make(ScopeKind::InCore, "a", Seq::make({}), {}, t0),
                      Scope::make(ScopeKind::InCore, "b", Seq::make({}), second, t1),
                      Return::make({returnSecond ? t1 : t0})});
  };
  // Distinct task-id Vars on each side are bound, not compared as free variables.
  EXPECT_TRUE(structuralEqual(make(false, true), make(false, true)));
  EXPECT_EQ(structuralHash(make(false, true)), structuralHash(make(false, true)));
  // Which binding a later use refers to is structure.
  EXPECT_FALSE(structuralEqual(make(false, true), make(false, false)));
  EXPECT_NE(structuralHash(make(false, true)), structuralHash(make(false, false)));
  // "deps" is a use; the scope's own task id is bound after its body, so {t1} there is free.
  EXPECT_FALSE(structuralEqual(make(false, true), make(true, true)));
  EXPECT_THAT(mismatch(make(false, true), make(false, false)),
              HasSubstr("lhs is bound to rhs 't1'"));
  // A scope with a task id differs from one without.
  auto bare = Scope::make(ScopeKind::InCore, "", Seq::make({}));
  auto bound = Scope::make(ScopeKind::InCore, "", Seq::make({}), {},
                           var("t", ScalarType::get(DataType::TaskId)));
  EXPECT_FALSE(structuralEqual(bare, bound));
  EXPECT_FALSE(structuralEqual(bound, bare));
  EXPECT_NE(structuralHash(bare), structuralHash(bound));
}

TEST(StructuralEqual, DescribeMismatchPath) {
  auto make = [](bool swapped) {
    auto x = var("x"), y = var("y");
    auto i = var("i"), acc = var("acc");
    auto loop =
        For::make(i, ci(0), ci(4), ci(1), {{acc, swapped ? y : x}}, Yield::make({acc}), {var("r")});
    return Program::make("p", {simpleFunction("k", {{x}, {y}}, Seq::make({Eval::make(x), loop}))});
  };
  EXPECT_THAT(mismatch(*make(false), *make(true)),
              AllOf(HasSubstr("function 'k' > body > stmt[1] (For) > iter_args[0].init: lhs 'x' "
                              "(var #"),
                    HasSubstr("vs rhs 'y' (var #")));
  EXPECT_EQ(describeMismatch(*make(false), *make(false)), std::nullopt);
}

TEST(StructuralEqual, Programs) {
  auto fn = [](const std::string &name, int64_t v) {
    return simpleFunction(name, {}, Return::make({ci(v)}));
  };
  auto p = Program::make("p", {fn("a", 1), fn("b", 2)});
  EXPECT_TRUE(structuralEqual(*p, *Program::make("other_name", {fn("a", 1), fn("b", 2)})));
  EXPECT_EQ(structuralHash(*p), structuralHash(*Program::make("q", {fn("a", 1), fn("b", 2)})));
  EXPECT_FALSE(structuralEqual(*p, *Program::make("p", {fn("b", 2), fn("a", 1)})));
  EXPECT_FALSE(structuralEqual(*p, *Program::make("p", {fn("a", 1), fn("c", 2)})));
  EXPECT_FALSE(structuralEqual(*p, *Program::make("p", {fn("a", 1)})));
  EXPECT_FALSE(structuralEqual(*p, *Program::make("p", {fn("a", 1), fn("b", 3)})));
  EXPECT_NE(structuralHash(*p), structuralHash(*Program::make("p", {fn("a", 1), fn("c", 2)})));
  // Function-level comparison ignores the function's own name.
  EXPECT_TRUE(structuralEqual(*fn("a", 1), *fn("z", 1)));
  EXPECT_EQ(structuralHash(*fn("a", 1)), structuralHash(*fn("z", 1)));
  EXPECT_THAT(mismatch(*p, *Program::make("p", {fn("a", 1)})),
              HasSubstr("function count: lhs 2 (next: 'b') vs rhs 1"));
  EXPECT_THAT(mismatch(*p, *Program::make("p", {fn("a", 1), fn("c", 2)})),
              HasSubstr("function name: lhs 'b' vs rhs 'c'"));
}

} // namespace
