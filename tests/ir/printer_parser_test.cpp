// Printer/parser round trip of every IR construct, names, concise mode, and bad input.
#include "ir/op_registry.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/structural_equal.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace pl::ir {
namespace {
using ::testing::HasSubstr;

TypePtr sc(DataType d) { return ScalarType::get(d); }
TypePtr idxT() { return sc(DataType::Index); }
ExprPtr ci(int64_t v, DataType d = DataType::Index) { return ConstInt::make(v, d); }
ExprList cis(std::initializer_list<int64_t> vs) {
  ExprList out;
  for (auto v : vs)
    out.push_back(ci(v));
  return out;
}
VarPtr var(const std::string &n, TypePtr t = idxT()) { return Var::make(n, std::move(t)); }
TypePtr tensorT(ExprList dims, DataType d = DataType::FP32) {
  return TensorType::make(d, std::move(dims));
}
ExprPtr op(std::string_view name, ExprList args, AttrList kwargs = {}) {
  registerAllOps();
  DiagnosticEngine d;
  ExprPtr e = makeOpCall(name, std::move(args), std::move(kwargs), Span(), d);
  EXPECT_TRUE(e) << d.formatAll();
  return e;
}
StmtPtr seq(std::vector<StmtPtr> s) { return Seq::make(std::move(s)); }
FunctionPtr fn(std::string name, std::vector<Param> params, std::vector<TypePtr> rets,
               StmtPtr body, FunctionType t = FunctionType::Opaque) {
  return Function::make(std::move(name), t, std::move(params), std::move(rets), std::move(body));
}
ProgramPtr prog(std::vector<FunctionPtr> fs) { return Program::make("demo", std::move(fs)); }

ProgramPtr parse(const std::string &text, DiagnosticEngine &d) {
  return parseProgram(text, "test.pir", d);
}

/// print → parse → print is a fixed point and the parsed program is structurally equal.
void expectRoundTrip(const Program &p) {
  std::string text = printProgram(p);
  DiagnosticEngine d;
  ProgramPtr q = parse(text, d);
  ASSERT_TRUE(q) << d.formatAll() << "\n" << text;
  EXPECT_EQ(printProgram(*q), text);
  auto diff = describeMismatch(p, *q);
  EXPECT_FALSE(diff) << *diff << "\n" << text;
  EXPECT_TRUE(structuralEqual(p, *q)) << text;
}

/// Parses `text`, which must fail with a first error `code` at line:col.
void expectError(const std::string &text, const std::string &code, int line, int col) {
  DiagnosticEngine d;
  ProgramPtr q = parse(text, d);
  EXPECT_FALSE(q) << text;
  ASSERT_FALSE(d.diagnostics().empty()) << text;
  const Diagnostic &first = d.diagnostics().front();
  EXPECT_EQ(first.code, code) << d.formatAll();
  EXPECT_EQ(first.span.line, line) << d.formatAll();
  EXPECT_EQ(first.span.col, col) << d.formatAll();
  EXPECT_THAT(d.formatAll(),
              HasSubstr("test.pir:" + std::to_string(line) + ":" + std::to_string(col)));
}

// ---- types ------------------------------------------------------------------------------------

TEST(PrinterParser, EveryType) {
  auto n = var("n");
  auto base = var("base", PtrType::make(MemorySpace::Vec));
  TensorView tv{{n, ci(1)}, TensorLayout::DN, {ci(7), n}, PadValue::Zero};
  TileView view{{ci(3), n}, {ci(64), ci(1)}, ci(16), BLayout::ColMajor, SLayout::RowMajor,
                1024,       PadValue::Max,   true};
  auto mem = MemRef::make("mem", base, Binary::make(BinaryOp::Mul, n, ci(4)), 16384, true, 2, 1);
  std::vector<TypePtr> types = {
      UnknownType::get(),
      sc(DataType::FP16),
      sc(DataType::Bool),
      sc(DataType::TaskId),
      tensorT({}),
      tensorT({n, ci(128)}, DataType::BF16),
      TensorType::make(DataType::Int8, {Binary::make(BinaryOp::Shr, n, ci(1)), ci(2)}, tv),
      TensorType::make(DataType::Int8, {ci(2)}, TensorView{}),
      TileType::make(DataType::FP32, cis({64, 64})),
      TileType::make(DataType::FP32, cis({64, 64}), MemorySpace::Acc),
      TileType::make(DataType::FP32, {n, ci(64)}, MemorySpace::Vec, view, mem),
      TileType::make(DataType::FP32, cis({8}), std::nullopt, TileView{}),
      TupleType::make({}),
      TupleType::make({tensorT({ci(4)}), TupleType::make({TileType::make(DataType::FP8E4M3FN, cis({4}))})}),
      MemRefType::get(),
      PtrType::make(MemorySpace::RightScale),
      ArrayType::make(DataType::UInt16, 8),
  };
  std::vector<Param> params = {{n, ParamDirection::In}, {base, ParamDirection::In}};
  for (size_t i = 0; i < types.size(); ++i)
    params.push_back({var("p" + std::to_string(i), types[i]),
                      static_cast<ParamDirection>(i % 3)});
  params.push_back({mem, ParamDirection::InOut});
  expectRoundTrip(*prog({fn("types", params, {types[10], types[13]}, seq({}))}));
  EXPECT_EQ(printType(types[10]),
            "Tile<fp32, n, 64, Vec, view{valid_shape = {3, n}, stride = {64, 1}, start_offset = "
            "16, blayout = col_major, slayout = row_major, fractal = 1024, pad = max, compact = "
            "true}, @mem(base, n * 4, 16384, pinned, slots = 2, slot = 1)>");
  EXPECT_EQ(printType(types[6]),
            "Tensor<int8, (n >> 1), 2, view{stride = {n, 1}, layout = DN, valid_shape = {7, n}, "
            "pad = zero}>");
  EXPECT_EQ(printType(types[13]), "Tuple<Tensor<fp32, 4>, Tuple<Tile<fp8e4m3, 4>>>");
}

// ---- expressions ------------------------------------------------------------------------------

TEST(PrinterParser, EveryBinaryUnaryAndConstant) {
  auto a = var("a"), b = var("b");
  auto f = var("f", sc(DataType::FP32)), c = var("c", sc(DataType::Bool));
  std::vector<StmtPtr> body;
  int k = 0;
  auto bind = [&](ExprPtr e) { body.push_back(Assign::make(var("r" + std::to_string(k++), e->type()), e)); };
  for (int i = 0; i <= static_cast<int>(BinaryOp::Shr); ++i) {
    auto op = static_cast<BinaryOp>(i);
    bool logic = op == BinaryOp::And || op == BinaryOp::Or || op == BinaryOp::Xor;
    bind(Binary::make(op, logic ? ExprPtr(c) : ExprPtr(a), logic ? ExprPtr(c) : ExprPtr(b)));
  }
  for (auto op : {UnaryOp::Abs, UnaryOp::Neg, UnaryOp::Not, UnaryOp::BitNot})
    bind(Unary::make(op, a));
  bind(Unary::makeCast(a, DataType::FP16));
  // Precedence and associativity.
  auto add = [](ExprPtr x, ExprPtr y) { return Binary::make(BinaryOp::Add, x, y); };
  auto sub = [](ExprPtr x, ExprPtr y) { return Binary::make(BinaryOp::Sub, x, y); };
  auto mul = [](ExprPtr x, ExprPtr y) { return Binary::make(BinaryOp::Mul, x, y); };
  bind(sub(a, sub(b, ci(1))));
  bind(sub(sub(a, b), ci(1)));
  bind(mul(add(a, b), sub(a, ci(-3))));
  bind(Unary::make(UnaryOp::Neg, ci(3)));
  bind(Unary::make(UnaryOp::Neg, ci(-3)));
  bind(Unary::make(UnaryOp::Neg, Unary::make(UnaryOp::Neg, a)));
  bind(Binary::make(BinaryOp::Lt, Binary::make(BinaryOp::Shl, a, ci(2)), Binary::make(BinaryOp::Shr, b, ci(1))));
  // Constants of many dtypes, extreme values.
  for (ExprPtr e : {ci(0), ci(-7), ci(std::numeric_limits<int64_t>::min()),
                    ci(std::numeric_limits<int64_t>::max()), ci(5, DataType::Int32),
                    ci(-5, DataType::UInt8), ci(1, DataType::Bool), ci(3, DataType::FP16),
                    ConstFloat::make(0.1), ConstFloat::make(-0.0), ConstFloat::make(1e300),
                    ConstFloat::make(5e-324), ConstFloat::make(2.0, DataType::BF16),
                    ConstFloat::make(-1.5, DataType::Int32), ConstFloat::make(HUGE_VAL),
                    ConstFloat::make(-HUGE_VAL, DataType::FP16), ConstBool::make(true),
                    ConstBool::make(false)})
    bind(e);
  body.push_back(Return::make({}));
  expectRoundTrip(*prog({fn("exprs", {{a}, {b}, {f}, {c}}, {}, seq(body))}));
  EXPECT_EQ(printExpr(sub(a, sub(b, ci(1)))), "a - (b - 1)");
  EXPECT_EQ(printExpr(sub(sub(a, b), ci(1))), "a - b - 1");
  EXPECT_EQ(printExpr(mul(add(a, b), sub(a, ci(-3)))), "(a + b) * (a - -3)");
  EXPECT_EQ(printExpr(Unary::make(UnaryOp::Neg, ci(3))), "-(3)");
  EXPECT_EQ(printExpr(Binary::make(BinaryOp::FloorDiv, a, ci(4))), "floordiv(a, 4)");
  EXPECT_EQ(printExpr(Binary::make(BinaryOp::TruncDiv, a, ci(4))), "truncdiv(a, 4)");
  EXPECT_EQ(printExpr(Binary::make(BinaryOp::TruncMod, sub(a, ci(3)), ci(-2))),
            "truncmod(a - 3, -2)");
  EXPECT_EQ(printExpr(ci(5, DataType::Int32)), "int32(5)");
  EXPECT_EQ(printExpr(ConstFloat::make(0.1)), "0.1");
  EXPECT_EQ(printExpr(ConstFloat::make(2.0, DataType::BF16)), "bf16(2.0)");
}

// C++ division and remainder (round toward zero) are their own ops, next to floor division
// and modulo; the call forms read back as those ops.
TEST(PrinterParser, TruncatingDivisionAndRemainder) {
  const char *text = R"(program p {
  Opaque f(In index a, In index b) -> (index, index, index, index) {
    index q = truncdiv(a - 3, 2);
    index r = truncmod(a, b);
    index fq = floordiv(a, b);
    index fr = a % b;
    return q, r, fq, fr;
  }
}
)";
  DiagnosticEngine d;
  auto p = parse(text, d);
  ASSERT_TRUE(p) << d.formatAll();
  auto &body = static_cast<const Seq &>(*p->functions()[0]->body());
  auto opOf = [&](size_t k) {
    return static_cast<const Binary &>(*static_cast<const Assign &>(*body.stmts()[k]).value()).op();
  };
  EXPECT_EQ(opOf(0), BinaryOp::TruncDiv);
  EXPECT_EQ(opOf(1), BinaryOp::TruncMod);
  EXPECT_EQ(opOf(2), BinaryOp::FloorDiv);
  EXPECT_EQ(opOf(3), BinaryOp::FloorMod);
  EXPECT_EQ(printProgram(*p), text);
}

TEST(PrinterParser, NanRoundTripsAsText) {
  auto body = Return::make({ConstFloat::make(std::nan(""))});
  auto p = prog({fn("f", {}, {sc(DataType::FP32)}, body)});
  std::string text = printProgram(*p);
  EXPECT_THAT(text, HasSubstr("return nan;"));
  DiagnosticEngine d;
  auto q = parse(text, d);
  ASSERT_TRUE(q) << d.formatAll();
  EXPECT_EQ(printProgram(*q), text);
}

AttrList everyAttrValue(ExprPtr e) {
  return {{"b", true},
          {"i", int64_t(-42)},
          {"f", 2.5},
          {"f_int", 3.0},
          {"s", std::string("a \"quoted\"\n\tstring\x01")},
          {"d", DataType::HF8},
          {"m", MemorySpace::LeftScale},
          {"ints", std::vector<int64_t>{1, -2, 3}},
          {"no_ints", std::vector<int64_t>{}},
          {"strs", std::vector<std::string>{"x", ""}},
          {"no_strs", std::vector<std::string>{}},
          {"e", e},
          {"const_e", ci(7)},
          {"null_e", ExprPtr()},
          {"es", ExprList{e, ci(1)}},
          {"no_es", ExprList{}},
          {"weird key", int64_t(1)}};
}

TEST(PrinterParser, CallsTuplesAndSubmit) {
  auto t = var("t", tensorT(cis({128, 128})));
  auto o = var("o", tensorT(cis({128, 128})));
  auto n = var("n");
  auto tile = var("tile", TileType::make(DataType::FP32, cis({64, 64}), MemorySpace::Vec));
  auto load = op("tile.load", {t, MakeTuple::make(cis({0, 0})), MakeTuple::make({n, ci(64)})},
                 {{"target_memory", MemorySpace::Vec}, {"valid_shape", ExprList{n, ci(64)}}});
  auto loaded = var("x", load->type());
  auto sum = op("tile.add", {loaded, loaded});
  auto &sc_ = static_cast<const Call &>(*sum);
  auto withAttrs = Call::make(sc_.target(), sc_.args(), sc_.kwargs(), everyAttrValue(n), sum->type());
  auto s = var("s", sum->type());
  auto stored = op("tile.store", {s, MakeTuple::make(cis({0, 0})), o});
  CallTarget g;
  g.function = "helper";
  auto call = Call::make(g, {n, t}, {}, {}, TupleType::make({idxT(), idxT()}));
  auto pair = var("pair", call->type());
  auto first = TupleGetItem::make(pair, 1);
  auto tid = var("tid", sc(DataType::TaskId));
  auto sub = std::make_shared<const Submit>(
      g, ExprList{n, t}, ExprList{tid}, ci(4), true, true, Binary::make(BinaryOp::Gt, n, ci(0)),
      AttrList{{"arg_directions", std::vector<std::string>{"Scalar", "Input"}}},
      submitResultType(call->type()));
  auto sub2 = std::make_shared<const Submit>(g, ExprList{n, t}, ExprList{}, nullptr, false, false,
                                             nullptr, AttrList{}, submitResultType(call->type()));
  auto subv = var("sub", sub->type());
  auto body = seq({Assign::make(loaded, load), Assign::make(s, withAttrs),
                   Eval::make(stored), Assign::make(pair, call),
                   Assign::make(var("first", first->type()), first),
                   Assign::make(tid, TupleGetItem::make(sub2, 2)),
                   Assign::make(subv, sub),
                   Assign::make(var("tup", nullptr), MakeTuple::make({n, MakeTuple::make({})})),
                   Eval::make(MakeTuple::make({n})), Return::make({o})});
  auto helper = fn("helper", {{var("k")}, {var("q", tensorT(cis({128, 128})))}}, {idxT(), idxT()},
                   Return::make({ci(1), ci(2)}));
  auto main = fn("main", {{t}, {o, ParamDirection::Out}, {n}}, {o->type()}, body,
                 FunctionType::InCore);
  expectRoundTrip(*prog({main, helper}));
  std::string text = printProgram(*prog({main, helper}));
  EXPECT_THAT(text, HasSubstr("tile.load(t, {0, 0}, {n, 64}, {.target_memory = Vec, "
                              ".valid_shape = {n, 64}})"));
  EXPECT_THAT(text, HasSubstr("submit helper(n, t) {.deps = {tid}, .core_num = 4, .sync_start = "
                              "true, .allow_early_resolve = true, .predicate = n > 0} "
                              "[[arg_directions = [\"Scalar\", \"Input\"]]]"));
}

TEST(PrinterParser, AscriptionKeepsStoredTypes) {
  auto t = var("t", tensorT(cis({64, 64})));
  auto load = op("tile.load", {t, MakeTuple::make(cis({0, 0})), MakeTuple::make(cis({64, 64}))});
  auto &c = static_cast<const Call &>(*load);
  // A pass refined the call's type (memory space + memref) beyond what deduction gives.
  auto base = var("base", PtrType::make(MemorySpace::Mat));
  auto mem = MemRef::make("mem", base, ci(0), 16384);
  auto refined = TileType::make(DataType::FP32, cis({64, 64}), MemorySpace::Mat, std::nullopt, mem);
  auto call = Call::make(c.target(), c.args(), c.kwargs(), {}, refined);
  auto a = var("a"), b = var("b");
  auto odd = std::make_shared<const Binary>(BinaryOp::Add, a, b, sc(DataType::Int32));
  auto x = var("x", refined);
  auto body = seq({Assign::make(x, call), Assign::make(var("y", sc(DataType::Int32)), odd),
                   Return::make({})});
  auto p = prog({fn("f", {{t}, {base}, {a}, {b}}, {}, body)});
  expectRoundTrip(*p);
  std::string text = printProgram(*p);
  EXPECT_THAT(text, HasSubstr("(tile.load(t, {0, 0}, {64, 64}) : Tile<fp32, 64, 64, Mat, "
                              "@mem(base, 0, 16384)>)"));
  EXPECT_THAT(text, HasSubstr("(a + b : int32)"));
}

// ---- statements -------------------------------------------------------------------------------

TEST(PrinterParser, ControlFlow) {
  auto n = var("n");
  auto c = var("c", sc(DataType::Bool));
  auto acc = var("acc"), accOut = var("acc_out"), i = var("i");
  auto acc2 = var("acc2");
  auto loop = For::make(i, ci(0), n, ci(2), {{acc, ci(0)}},
                        seq({Assign::make(acc2, Binary::make(BinaryOp::Add, acc, i)),
                             If::make(c, Break::make(), Continue::make()),
                             Yield::make({acc2})}),
                        {accOut}, ForKind::Sequential, {{"unroll_hint", int64_t(4)}});
  std::vector<StmtPtr> body = {loop};
  for (auto kind : {ForKind::Parallel, ForKind::Unroll, ForKind::Pipeline})
    body.push_back(For::make(var("j"), ci(1), ci(8), ci(1), {}, seq({}), {}, kind,
                             kind == ForKind::Pipeline ? AttrList{{"stage", int64_t(2)}} : AttrList{}));
  auto r = var("r"), x = var("x"), y = var("y");
  body.push_back(If::make(c, seq({Assign::make(x, ci(1)), Yield::make({x})}),
                          Yield::make({accOut}), {r}));
  body.push_back(If::make(c, Eval::make(op("tile.get_block_idx", {})), nullptr));
  auto r2 = var("r2");
  body.push_back(If::make(c, Yield::make({ci(1)}),
                          If::make(Unary::make(UnaryOp::Not, c), Yield::make({ci(2)}),
                                   Yield::make({ci(3)}), {y}),
                          {r2}));
  auto w = var("w"), wOut = var("w_out");
  body.push_back(While::make(Binary::make(BinaryOp::Lt, w, n), {{w, r}},
                             Yield::make({Binary::make(BinaryOp::Add, w, ci(1))}), {wOut}));
  body.push_back(While::make(c, {}, seq({Break::make()}), {}));
  body.push_back(seq({Assign::make(var("z"), wOut)}));
  body.push_back(seq({}));
  body.push_back(Return::make({wOut, r2}));
  auto p = prog({fn("flow", {{n}, {c}}, {idxT(), idxT()}, seq(body))});
  expectRoundTrip(*p);
  std::string text = printProgram(*p);
  EXPECT_THAT(text, HasSubstr("for (index i : range(0, n, 2)) [[unroll_hint = 4]] carry (index "
                              "acc = 0) -> (index acc_out) {"));
  EXPECT_THAT(text, HasSubstr("while (w < n) carry (index w = r) -> (index w_out) {"));
  EXPECT_THAT(text, HasSubstr("} else if (!c) -> (index y) {"));
}

TEST(PrinterParser, SingleStatementBodiesAndSeqs) {
  auto n = var("n");
  // A body that is a lone statement vs. a one-statement Seq vs. nested Seqs.
  auto lone = For::make(var("i"), ci(0), n, ci(1), {}, Eval::make(op("tile.get_block_idx", {})), {});
  auto wrapped = For::make(var("i"), ci(0), n, ci(1), {},
                           seq({Eval::make(op("tile.get_block_idx", {}))}), {});
  auto nested = seq({seq({Eval::make(op("tile.get_block_idx", {}))}), seq({seq({})})});
  expectRoundTrip(*prog({fn("a", {{n}}, {}, lone)}));
  expectRoundTrip(*prog({fn("b", {{n}}, {}, seq({wrapped, nested}))}));
  expectRoundTrip(*prog({fn("c", {{n}}, {}, seq({lone}))}));
}

TEST(PrinterParser, EveryScopeKind) {
  std::vector<StmtPtr> body;
  auto tid = var("tid", sc(DataType::TaskId));
  for (int k = 0; k <= static_cast<int>(ScopeKind::Graph); ++k) {
    AttrList attrs;
    if (k % 2)
      attrs = {{"deps", ExprList{tid}}, {"level", std::string("CORE_GROUP")}};
    body.push_back(Scope::make(static_cast<ScopeKind>(k), k % 3 ? "region" + std::to_string(k) : "",
                               seq({Assign::make(var("v" + std::to_string(k)), ci(k))}), attrs));
  }
  body.push_back(Return::make({var("v0")}));
  // v0 is defined inside the first scope and used after it: scopes are transparent.
  auto v0 = static_cast<const Assign &>(
                *static_cast<const Seq &>(*static_cast<const Scope &>(*body[0]).body()).stmts()[0])
                .var();
  body.back() = Return::make({v0});
  expectRoundTrip(*prog({fn("scopes", {{tid}}, {idxT()}, seq(body), FunctionType::Orchestration)}));
}

TEST(PrinterParser, ScopeTaskIdIsABinding) {
  auto taskT = sc(DataType::TaskId);
  auto n = var("n"), t0 = var("t0", taskT), t1 = var("t1", taskT), t2 = var("t2", taskT);
  auto v = var("v"), i = var("i");
  AttrList a0 = {{"level", std::string("CORE_GROUP")}};
  AttrList a1 = {{"deps", ExprList{t0}}};
  // t2 is bound in a loop and read after it (pre-SSA): the printer hoists a declaration.
  auto loop = For::make(i, ci(0), n, ci(1), {},
                        Scope::make(ScopeKind::InCore, "c", seq({}), {{"deps", ExprList{t1}}}, t2),
                        {});
  auto body = seq({Scope::make(ScopeKind::InCore, "a", seq({Assign::make(v, n)}), a0, t0),
                   Scope::make(ScopeKind::InCore, "b", seq({}), a1, t1), loop,
                   Scope::make(ScopeKind::Spmd, "", seq({}), {{"deps", ExprList{t0, t1, t2}}}),
                   Return::make({v})});
  auto p = prog({fn("tasks", {{n}}, {idxT()}, body, FunctionType::Orchestration)});
  std::string text = printProgram(*p);
  EXPECT_THAT(text, HasSubstr("scope incore \"a\" [[level = \"CORE_GROUP\"]] -> task_id t0 {"));
  EXPECT_THAT(text, HasSubstr("scope incore \"b\" [[deps = {t0}]] -> task_id t1 {"));
  EXPECT_THAT(text, HasSubstr("    task_id t2;\n"));
  EXPECT_THAT(text, HasSubstr("scope incore \"c\" [[deps = {t1}]] -> t2 {"));
  EXPECT_THAT(text, HasSubstr("scope spmd [[deps = {t0, t1, t2}]] {"));
  expectRoundTrip(*p);
  // The parsed binding is the scope's taskId field, the Var the later deps use; no attr.
  DiagnosticEngine d;
  auto q = parse(text, d);
  ASSERT_TRUE(q) << d.formatAll();
  auto &stmts = static_cast<const Seq &>(*q->functions()[0]->body()).stmts();
  auto &first = static_cast<const Scope &>(*stmts[0]);
  auto &second = static_cast<const Scope &>(*stmts[1]);
  ASSERT_TRUE(first.taskId());
  EXPECT_EQ(first.taskId()->type(), taskT);
  EXPECT_EQ(first.attrs().size(), 1u);
  EXPECT_EQ(std::get<ExprList>(second.attrs()[0].second)[0], ExprPtr(first.taskId()));
  // Concise text: the untyped binder defines a task_id var.
  PrintOptions concise;
  concise.concise = true;
  std::string short_ = printProgram(*p, concise);
  EXPECT_THAT(short_, HasSubstr("[[deps = {t0}]] -> t1 {"));
  auto r = parse(short_, d);
  ASSERT_TRUE(r) << d.formatAll() << short_;
  EXPECT_TRUE(structuralEqual(*p, *r)) << printProgram(*r);
}

TEST(PrinterParser, ScopeTaskIdErrors) {
  auto text = [](const std::string &line3, const std::string &line4 = "") {
    return "program p {\n  Orchestration f(In index n) {\n" + line3 + "\n" + line4 + "\n  }\n}\n";
  };
  // Bound twice in one scope; a scope's own task id is visible neither in its deps nor its body.
  expectError(text("    scope incore -> task_id t { }", "    scope incore -> task_id t { }"),
              "P004", 4, 29);
  expectError(text("    scope incore [[deps = {t}]] -> task_id t { }"), "P003", 3, 28);
  expectError(text("    scope incore -> task_id t { task_id u = t; }"), "P003", 3, 45);
  expectError(text("    scope incore [[task_id = (n)]] -> task_id t { }"), "P004", 3, 47);
}

// ---- functions --------------------------------------------------------------------------------

TEST(PrinterParser, FunctionHeaders) {
  std::vector<FunctionPtr> fs;
  for (int t = 0; t <= static_cast<int>(FunctionType::Graph); ++t) {
    auto a = var("a", tensorT(cis({16})));
    std::optional<Level> level;
    std::optional<Role> role;
    if (t % 2)
      level = static_cast<Level>(t % 7);
    if (t % 3 == 0)
      role = static_cast<Role>(t % 2);
    AttrList attrs;
    if (t == 2)
      attrs = everyAttrValue(ci(3));
    fs.push_back(Function::make("f" + std::to_string(t), static_cast<FunctionType>(t),
                                {{a, static_cast<ParamDirection>(t % 3)}},
                                t == 4 ? std::vector<TypePtr>{} : std::vector<TypePtr>{a->type()},
                                t == 5 ? nullptr : Return::make({a}), level, role, attrs));
  }
  fs.push_back(fn("min", {}, {}, seq({}))); // a reserved word as a function name
  fs.push_back(fn("caller", {}, {}, Eval::make(Call::make(CallTarget{nullptr, "min"}, {}, {}, {},
                                                          TupleType::make({})))));
  expectRoundTrip(*Program::make("", fs));
  expectRoundTrip(*Program::make("needs quoting", {}));
}

TEST(PrinterParser, ParamsMayReferToLaterParams) {
  auto n = var("n");
  auto a = var("a", tensorT({n, ci(4)}));
  auto p = prog({fn("f", {{a}, {n}}, {a->type()}, Return::make({a}))});
  std::string text = printProgram(*p);
  DiagnosticEngine d;
  auto q = parse(text, d);
  ASSERT_TRUE(q) << d.formatAll();
  EXPECT_EQ(printProgram(*q), text);
  auto &params = q->functions()[0]->params();
  auto &aType = static_cast<const TensorType &>(*params[0].var->type());
  EXPECT_EQ(aType.shape()[0].get(), params[1].var.get());
  // (structuralEqual binds parameters in order, so it sees `n` in a's type as free.)
}

// ---- names ------------------------------------------------------------------------------------

TEST(PrinterParser, DistinctVarsWithOneNameAreDisambiguated) {
  auto x0 = var("x"), x1 = var("x"), x2 = var("x"), real = var("x_1"), kw = var("for"),
       weird = var("a.b"), empty = var("");
  auto body = seq({Assign::make(x1, x0), Assign::make(x2, x1), Assign::make(real, x2),
                   Assign::make(kw, real), Assign::make(weird, kw), Assign::make(empty, weird),
                   Return::make({empty})});
  auto p = prog({fn("f", {{x0}}, {idxT()}, body)});
  std::string text = printProgram(*p);
  EXPECT_THAT(text, HasSubstr("    index x_2 = x;\n"
                              "    index x_3 = x_2;\n"
                              "    index x_1 = x_3;\n"
                              "    index for_ = x_1;\n"
                              "    index a_b = for_;\n"
                              "    index v = a_b;\n"));
  expectRoundTrip(*p);
  EXPECT_EQ(printProgram(*p), text); // deterministic
}

TEST(PrinterParser, NonSSAReassignmentKeepsIdentity) {
  auto c = var("c", sc(DataType::Bool));
  auto x = var("x"), y = var("y");
  // x assigned twice; y first assigned inside both branches and used after the if.
  auto body = seq({Assign::make(x, ci(1)), Assign::make(x, Binary::make(BinaryOp::Add, x, ci(1))),
                   If::make(c, Assign::make(y, x), Assign::make(y, ci(0))),
                   For::make(var("i"), ci(0), ci(4), ci(1), {}, Assign::make(y, Binary::make(BinaryOp::Add, y, ci(1))), {}),
                   Return::make({y})});
  auto p = prog({fn("f", {{c}}, {idxT()}, body)});
  std::string text = printProgram(*p);
  EXPECT_THAT(text, HasSubstr("    index y;\n"));
  EXPECT_THAT(text, HasSubstr("x = x + 1;"));
  expectRoundTrip(*p);
}

TEST(PrinterParser, FreeVariablesBecomeProgramDeclarations) {
  auto m = var("M");
  auto a = var("a", tensorT({m, ci(8)}));
  auto b = var("b", tensorT({m, ci(8)}));
  auto p = prog({fn("f", {{a}}, {}, seq({})), fn("g", {{b}}, {}, Return::make({m}))});
  std::string text = printProgram(*p);
  EXPECT_EQ(text.rfind("program demo {\n  index M;\n", 0), 0u) << text;
  DiagnosticEngine d;
  auto q = parse(text, d);
  ASSERT_TRUE(q) << d.formatAll();
  EXPECT_EQ(printProgram(*q), text);
  // One declaration, one Var object shared by both functions (as in the input).
  auto &a2 = static_cast<const TensorType &>(*q->functions()[0]->params()[0].var->type());
  auto &ret = static_cast<const Return &>(*q->functions()[1]->body());
  EXPECT_EQ(a2.shape()[0].get(), ret.values()[0].get());
  // (structuralEqual compares free variables by identity, so it cannot equate the two programs.)
}

TEST(PrinterParser, ConciseModeDropsLocalTypes) {
  auto a = var("a", tensorT(cis({64, 64})));
  auto load = op("tile.load", {a, MakeTuple::make(cis({0, 0})), MakeTuple::make(cis({64, 64}))});
  auto t = var("t", load->type());
  auto i = var("i"), acc = var("acc", t->type()), out = var("out", t->type());
  auto sum = op("tile.add", {acc, acc});
  auto s = var("s", sum->type());
  auto loop = For::make(i, ci(0), ci(4), ci(1), {{acc, t}},
                        seq({Assign::make(s, sum), Yield::make({s})}), {out});
  auto p = prog({fn("k", {{a}}, {t->type()}, seq({Assign::make(t, load), loop, Return::make({out})}),
                    FunctionType::InCore)});
  PrintOptions concise;
  concise.concise = true;
  std::string text = printProgram(*p, concise);
  EXPECT_THAT(text, HasSubstr("InCore k(In Tensor<fp32, 64, 64> a) -> Tile<fp32, 64, 64, Vec> {"));
  EXPECT_THAT(text, HasSubstr("  t = tile.load(a, {0, 0}, {64, 64});"));
  EXPECT_THAT(text, HasSubstr("for (i : range(0, 4, 1)) carry (acc = t) -> (out) {"));
  // Concise text parses back (types deduced) to the same program here.
  DiagnosticEngine d;
  auto q = parse(text, d);
  ASSERT_TRUE(q) << d.formatAll() << text;
  EXPECT_TRUE(structuralEqual(*p, *q)) << printProgram(*q);
}

// ---- parsing hand-written text ----------------------------------------------------------------

TEST(PrinterParser, ParsesHandWrittenText) {
  const char *text = R"(// RUN: pl-opt --passes=simplify
// -----
program demo {
  InCore kernel(In Tensor<fp32, 128, 128> a, Out Tensor<fp32, 128, 128> out) -> Tensor<fp32, 128, 128> {
    Tile<fp32, 64, 64, Vec> t = tile.load(a, {0, 0}, {64, 64});
    for (index i : range(4)) carry (Tensor<fp32, 128, 128> acc = out) -> (acc_out) {
      Tensor<fp32, 128, 128> acc2 = tile.store(t, {i * 32, 0}, acc); /* inline comment */
      yield(acc2);
    }
    if (true) { index k = 1; } else { index k = 2; }
    return acc_out;
  }
}
)";
  DiagnosticEngine d;
  auto p = parse(text, d);
  ASSERT_TRUE(p) << d.formatAll();
  auto &f = *p->functions()[0];
  auto &body = static_cast<const Seq &>(*f.body());
  auto &loop = static_cast<const For &>(*body.stmts()[1]);
  // Uses resolve to the binding Var objects.
  EXPECT_EQ(loop.iterArgs()[0].init.get(), f.params()[1].var.get());
  auto &ret = static_cast<const Return &>(*body.stmts().back());
  EXPECT_EQ(ret.values()[0].get(), loop.returnVars()[0].get());
  EXPECT_EQ(loop.returnVars()[0]->type(), loop.iterArgs()[0].var->type());
  EXPECT_EQ(printExpr(loop.start()), "0");
}

TEST(PrinterParser, NonSSATextKeepsOneVar) {
  const char *text = R"(program p {
  Opaque f(In bool c) -> index {
    index y;
    index x = 1;
    x = x + 1;
    if (c) { y = x; } else { y = 0; }
    return y;
  }
})";
  DiagnosticEngine d;
  auto p = parse(text, d);
  ASSERT_TRUE(p) << d.formatAll();
  auto &body = static_cast<const Seq &>(*p->functions()[0]->body());
  ASSERT_EQ(body.stmts().size(), 4u); // the declaration is not a statement
  auto &a0 = static_cast<const Assign &>(*body.stmts()[0]);
  auto &a1 = static_cast<const Assign &>(*body.stmts()[1]);
  EXPECT_EQ(a0.var(), a1.var());
  auto &iff = static_cast<const If &>(*body.stmts()[2]);
  auto &ret = static_cast<const Return &>(*body.stmts()[3]);
  EXPECT_EQ(static_cast<const Assign &>(*iff.thenBody()).var().get(), ret.values()[0].get());
  EXPECT_EQ(static_cast<const Assign &>(*iff.elseBody()).var().get(), ret.values()[0].get());
}

TEST(PrinterParser, PrintPieces) {
  auto m = var("M");
  auto a = var("a", tensorT({m, ci(8)}));
  auto f = fn("f", {{a}}, {}, Return::make({}), FunctionType::AIV);
  EXPECT_EQ(printFunction(*f), "index M;\nAIV f(In Tensor<fp32, M, 8> a) {\n  return;\n}\n");
  auto x = var("x"), i = var("i");
  auto loop = For::make(i, ci(0), x, ci(1), {}, Assign::make(var("y"), Binary::make(BinaryOp::Mul, i, x)), {});
  EXPECT_EQ(printStmt(loop), "for (index i : range(0, x, 1)) {\n  index y = i * x;\n}\n");
  PrintOptions concise;
  concise.concise = true;
  EXPECT_EQ(printStmt(loop, concise), "for (i : range(0, x, 1)) {\n  y = i * x;\n}\n");
  EXPECT_EQ(printType(nullptr), "Unknown");
  EXPECT_EQ(printExpr(nullptr), "null");
}

// ---- bad input --------------------------------------------------------------------------------

TEST(PrinterParser, LocatedErrors) {
  expectError("program p {\n  Opaque f() { index x = 1 $ 2; }\n}\n", "P001", 2, 28);
  expectError("program p {\n  Opaque f() { index x = \"abc\n; }\n}\n", "P001", 2, 26);
  expectError("program p {\n  Opaque f() { index x = 1 }\n}\n", "P002", 2, 28);
  expectError("program p {\n  Opaque f() {\n    return y;\n  }\n}\n", "P003", 3, 12);
  expectError("program p {\n  Opaque f(In index a) {\n    index b = a;\n    index b = a;\n  }\n}\n",
              "P004", 4, 11);
  expectError("program p {\n  Opaque f(In Tensor<fp33, 4> a) {}\n}\n", "P005", 2, 22);
  expectError("program p {\n  Opaque f(In Ptr<Vecc> a) {}\n}\n", "P006", 2, 19);
  expectError("program p {\n  Opaque f() {\n    tile.nope();\n  }\n}\n", "P007", 3, 5);
  expectError("program p {\n  Kernel f() {}\n}\n", "P008", 2, 3);
  expectError("program p {\n  Opaque f() { for (index i : loop(4)) {} }\n}\n", "P008", 2, 31);
  expectError("program p {\n  Opaque f() {}\n  Opaque f() {}\n}\n", "P009", 3, 10);
  expectError("program p {\n  Opaque f(In Ptr<Vec> b, In Tile<fp32, 4, @m(b, 0, 64)> x, "
              "In Tile<fp32, 4, @m(b, 0, 128)> y) {}\n}\n",
              "P010", 2, 78);
  expectError("program p {\n  Opaque f() { submit f() {.bogus = 1}; }\n}\n", "P011", 2, 29);
  expectError("program p {\n  Opaque f() { index x = 99999999999999999999; }\n}\n", "P012", 2,
              26);
  expectError("program p {\n  Opaque f(In index a) { index x = (a : int32); }\n}\n", "P013", 2,
              39);
  std::string deep = "program p {\n  Opaque f() { index x = " + std::string(500, '(') + "1" +
                     std::string(500, ')') + "; }\n}\n";
  expectError(deep, "P014", 2, 125);
  // Op kwargs are checked by the registry, located at the call.
  expectError("program p {\n  Opaque f(In Tensor<fp32, 8> a) {\n    Tile<fp32, 8, Vec> t = "
              "tile.load(a, {0}, {8}, {.bogus = 1});\n  }\n}\n",
              "T103", 3, 28);
  expectError("", "P002", 1, 1);
  expectError("program p {\n  Opaque f() {\n", "P002", 2, 14);
}

// A missing declaration is one error, not one per use: later uses of the same unknown name (in
// the same function), later calls of the same unknown callee and the op calls whose operand was
// the error are not reported again.
TEST(PrinterParser, MissingDeclarationDoesNotCascade) {
  const std::string tile = "Tile<fp32, 16, 16, Vec>";
  std::string text = "program p {\n  InCore k(In " + tile + " a) -> " + tile + " {\n";
  text += "    " + tile + " s1 = tile.add(a, c);\n";
  text += "    s2 = tile.add(s1, c);\n";
  text += "    " + tile + " s3 = tile.mul(s2, tile.add(c, c));\n";
  text += "    " + tile + " s4 = tile.nope(s3);\n";
  text += "    " + tile + " s5 = tile.nope(s4);\n";
  text += "    return s5;\n  }\n  InCore j(In " + tile + " a, In Tensor<fp32, 16, 16> x) -> " +
          tile + " {\n";
  text += "    " + tile + " s = tile.add(a, c);\n";
  text += "    " + tile + " t = tile.load(x, {r + 1, 0}, {16, 16});\n    return s;\n  }\n}\n";
  DiagnosticEngine d;
  EXPECT_FALSE(parse(text, d));
  std::vector<std::string> got;
  for (const Diagnostic &x : d.diagnostics())
    got.push_back(x.code + "@" + std::to_string(x.span.line) + ":" + std::to_string(x.span.col));
  // 'c' once in k (line 3) and once in j (line 11: another function); 'tile.nope' once; 'r'
  // once, and not again as a bad offset of tile.load (line 12).
  EXPECT_THAT(got, testing::ElementsAre("P003@3:46", "P007@6:34", "P003@11:45", "P003@12:47"))
      << d.formatAll();
}

TEST(PrinterParser, GarbageNeverCrashes) {
  auto n = var("n");
  auto body = seq({For::make(var("i"), ci(0), n, ci(1), {{var("a"), ci(0)}},
                             Yield::make({ci(1)}), {var("b")}),
                   If::make(ConstBool::make(true), Yield::make({}), nullptr),
                   Return::make({Binary::make(BinaryOp::Add, n, ci(1))})});
  std::string text = printProgram(*prog({fn("f", {{n}}, {idxT()}, body, FunctionType::InCore)}));
  // Every truncation.
  for (size_t len = 0; len < text.size(); ++len) {
    DiagnosticEngine d;
    auto p = parse(text.substr(0, len), d);
    if (!p) {
      EXPECT_TRUE(d.hasErrors()) << text.substr(0, len);
    }
  }
  // Random token soup and random byte flips.
  const char *pieces[] = {"program", "{", "}", "(", ")", "<", ">", "[[", "]]", "Tile", "Tensor",
                          "fp32", "index", "x", "=", ";", ",", "for", "if", "else", "while",
                          "carry", "->", "@m", "1", "-", "2.5", "\"s\"", "yield", "return",
                          "tile.add", "submit", ":", ".", "view", "{.", "InCore", "f", "Vec"};
  uint64_t seed = 12345;
  auto rnd = [&] { return (seed = seed * 6364136223846793005ULL + 1442695040888963407ULL) >> 33; };
  for (int iter = 0; iter < 2000; ++iter) {
    std::string s;
    if (iter % 2) {
      s = text;
      for (int k = 0; k < 3; ++k)
        s[rnd() % s.size()] = static_cast<char>(rnd() % 128);
    } else {
      s = "program p { InCore f(In index n) { ";
      for (int k = 0, len = rnd() % 40; k < len; ++k)
        s += std::string(pieces[rnd() % std::size(pieces)]) + " ";
    }
    DiagnosticEngine d;
    auto p = parse(s, d);
    if (!p) {
      EXPECT_TRUE(d.hasErrors()) << s;
    }
  }
}

} // namespace
} // namespace pl::ir
