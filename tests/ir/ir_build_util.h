// Test helpers: terse IR constructors and one function that uses every node and type kind.
#pragma once

#include "ir/function.h"
#include "ir/op_registry.h"

#include <string>

namespace pl::ir::testing {

inline TypePtr indexT() { return ScalarType::get(DataType::Index); }
inline TypePtr fp32T() { return ScalarType::get(DataType::FP32); }
inline VarPtr var(const std::string &n, TypePtr t = indexT()) { return Var::make(n, std::move(t)); }
inline ExprPtr ci(int64_t v, DataType d = DataType::Index) { return ConstInt::make(v, d); }
inline ExprPtr bin(BinaryOp op, ExprPtr a, ExprPtr b) { return Binary::make(op, a, b); }
inline ExprPtr add(ExprPtr a, ExprPtr b) { return bin(BinaryOp::Add, a, b); }
inline CallTarget fnTarget(std::string name) {
  CallTarget t;
  t.function = std::move(name);
  return t;
}
inline CallTarget opTarget(const Op &op) {
  CallTarget t;
  t.op = &op;
  return t;
}
/// Private ops for tests (not registered; only their identity matters here).
inline const Op &testOp(int i) {
  static const Op ops[] = {Op("test.alloc"), Op("test.load"), Op("test.add"), Op("test.store"),
                           Op("test.other")};
  return ops[i];
}
inline FunctionPtr simpleFunction(std::string name, std::vector<Param> params, StmtPtr body) {
  return Function::make(std::move(name), FunctionType::Opaque, std::move(params), {},
                        std::move(body));
}

/// A function touching every statement, expression and type kind. `variant` 0 is the base;
/// each other value in [1, kAllKindsVariants) changes exactly one compared property;
/// `suffix` renames every variable (names are not compared).
constexpr int kAllKindsVariants = 47;

namespace detail {
struct AllKinds {
  int v;
  std::string sfx;
  VarPtr n, t, out, base, tile, s, res, wres, g;
  TypePtr tileT;
  std::vector<StmtPtr> body;

  bool on(int k) const { return v == k; }
  VarPtr mk(const char *name, TypePtr ty) const { return Var::make(name + sfx, std::move(ty)); }

  std::vector<Param> signature() {
    n = mk("n", ScalarType::get(on(6) ? DataType::Int64 : DataType::Index));
    TensorView tv{{ci(64), ci(1)},
                  on(7) ? TensorLayout::DN : TensorLayout::ND,
                  {n, ci(64)},
                  on(39) ? PadValue::Zero : PadValue::Null};
    auto tensorT = TensorType::make(DataType::FP32, {n, ci(on(8) ? 32 : 64)}, tv);
    t = mk("t", tensorT);
    out = mk("out", tensorT);
    return {{n, ParamDirection::In},
            {t, on(5) ? ParamDirection::InOut : ParamDirection::In},
            {out, ParamDirection::Out}};
  }

  void head() {
    auto space = on(9) ? MemorySpace::Mat : MemorySpace::Vec;
    base = mk("base", PtrType::make(space));
    body.push_back(Assign::make(
        base, Call::make(opTarget(testOp(0)), {}, {{"space", space}}, {}, base->type())));
    auto mr = MemRef::make("mem" + sfx, base, ci(on(11) ? 128 : 0), on(10) ? 8192 : 4096);
    TileView view;
    view.validShape = {ci(16), on(45) ? ci(64) : ExprPtr(n)};
    view.blayout = on(12) ? BLayout::ColMajor : BLayout::RowMajor;
    view.fractal = on(13) ? 1024 : 512;
    tileT = TileType::make(DataType::FP32, {ci(16), ci(64)},
                           on(14) ? MemorySpace::Mat : MemorySpace::Vec, view, mr);
    tile = mk("tile", tileT);
    auto zero = ci(0, on(44) ? DataType::Int64 : DataType::Index);
    body.push_back(
        Assign::make(tile, Call::make(opTarget(testOp(1)), {t, zero, ci(0)},
                                      {{"shape", std::vector<int64_t>{16, 64}}}, {}, tileT)));
    s = mk("s", indexT());
    body.push_back(Assign::make(s, bin(on(15) ? BinaryOp::Add : BinaryOp::Mul, n, ci(2))));
  }

  void loop() {
    auto i = mk("i", indexT());
    auto acc = mk("acc", tileT);
    auto acc2 = mk("acc2", tileT);
    auto r = mk("r", tileT);
    res = mk("res", tileT);
    auto &addOp = testOp(on(35) ? 4 : 2);
    ExprPtr second = on(42) ? ExprPtr(tile) : ExprPtr(acc);
    auto cond = bin(BinaryOp::Lt, i, ci(on(18) ? 5 : 4));
    StmtPtr elseB = on(19) ? nullptr : Yield::make({acc});
    auto ifS = If::make(cond, Seq::make({Yield::make({acc2})}), elseB, {r});
    auto forBody =
        Seq::make({Assign::make(acc2, Call::make(opTarget(addOp), {acc, second}, {}, {}, tileT)),
                   ifS, Yield::make({on(38) ? acc : r})});
    body.push_back(For::make(i, ci(0), s, ci(1), {{acc, tile}}, forBody, {res},
                             on(16) ? ForKind::Unroll : ForKind::Sequential,
                             {{"unroll", int64_t(on(17) ? 3 : 2)}}));
  }

  void whileAndScope() {
    auto w = mk("w", indexT());
    auto w2 = mk("w2", indexT());
    wres = mk("wres", indexT());
    StmtPtr jump = on(21) ? Continue::make() : Break::make();
    StmtPtr other = on(21) ? Break::make() : Continue::make();
    auto wBody = Seq::make({Assign::make(w2, add(w, ci(1))),
                            If::make(bin(BinaryOp::Eq, w2, ci(3)), jump, nullptr),
                            If::make(bin(BinaryOp::Eq, w2, ci(5)), other, nullptr),
                            Yield::make({w2})});
    body.push_back(
        While::make(bin(on(20) ? BinaryOp::Le : BinaryOp::Lt, w, n), {{w, ci(0)}}, wBody, {wres}));
    auto store = Call::make(opTarget(testOp(3)), {res, out}, {}, {}, out->type());
    body.push_back(Scope::make(on(22) ? ScopeKind::Cluster : ScopeKind::InCore,
                               on(23) ? "blk2" : "blk", Eval::make(store),
                               {{"split", int64_t(on(24) ? 1 : 0)}},
                               on(31) ? nullptr : mk("tid", ScalarType::get(DataType::TaskId))));
  }

  void tuples() {
    auto tup = mk("tup", nullptr);
    body.push_back(Assign::make(tup, MakeTuple::make({s, wres})));
    g = mk("g", indexT());
    body.push_back(Assign::make(g, TupleGetItem::make(tup, on(25) ? 0 : 1)));
    body.push_back(
        Assign::make(mk("u", indexT()), Unary::make(on(26) ? UnaryOp::Abs : UnaryOp::Neg, g)));
    body.push_back(Assign::make(mk("c", nullptr),
                                Unary::makeCast(g, on(27) ? DataType::Int64 : DataType::Int32)));
    auto subT = TupleType::make({ScalarType::get(DataType::TaskId)});
    auto sub = std::make_shared<const Submit>(
        fnTarget("callee"), ExprList{g}, ExprList{}, ci(on(29) ? 4 : 2), on(28), true,
        ConstBool::make(!on(43)), AttrList{{"note", int64_t(on(46) ? 2 : 1)}}, subT);
    body.push_back(Assign::make(mk("task", subT), sub));
    body.push_back(Assign::make(mk("fl", fp32T()), ConstFloat::make(on(30) ? 2.5 : 1.5)));
  }

  void calls() {
    std::pair<std::string, AttrValue> b{"b", true}, d{"d", on(33) ? -2.5 : 2.5};
    AttrList kw = on(32) ? AttrList{d, b} : AttrList{b, d};
    kw.push_back({"s", std::string("str")});
    kw.push_back({"dt", DataType::FP16});
    kw.push_back({"il", std::vector<int64_t>{1, 2}});
    kw.push_back({"sl", std::vector<std::string>{"p", "q"}});
    kw.push_back({"e", ExprPtr(n)});
    kw.push_back({"el", ExprList{n, ci(on(41) ? 3 : 2)}});
    AttrList attrs{{"arg_directions", std::vector<std::string>{"In"}}};
    body.push_back(Eval::make(
        Call::make(fnTarget(on(34) ? "other" : "callee"), {g}, kw, attrs, UnknownType::get())));
    auto arrT = ArrayType::make(DataType::Int32, on(36) ? 16 : 8);
    body.push_back(
        Assign::make(mk("arr", arrT), Call::make(opTarget(testOp(4)), {}, {}, {}, arrT)));
    if (on(40))
      body.push_back(Eval::make(ci(0)));
    body.push_back(Return::make({on(37) ? out : res}));
  }
};
} // namespace detail

inline FunctionPtr buildAllKinds(int variant, const std::string &suffix = "") {
  detail::AllKinds b{variant, suffix, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}};
  auto params = b.signature();
  b.head();
  b.loop();
  b.whileAndScope();
  b.tuples();
  b.calls();
  AttrList fattrs{{"a", int64_t(b.on(4) ? 2 : 1)}, {"e", ExprPtr(b.n)}};
  return Function::make("k" + suffix, b.on(1) ? FunctionType::InCore : FunctionType::Opaque,
                        std::move(params), {b.tileT}, Seq::make(std::move(b.body)),
                        b.on(2) ? Level::AIC : Level::AIV,
                        b.on(3) ? Role::Orchestrator : Role::Worker, std::move(fattrs));
}

} // namespace pl::ir::testing
