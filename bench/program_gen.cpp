// Synthetic IR programs for bench_pipeline (see program_gen.h).
#include "bench/program_gen.h"

#include "ir/op_registry.h"
#include "ir/visitor.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace pl::bench {

using namespace pl::ir;

namespace {

constexpr int64_t kRows = 128, kCols = 128, kTileRows = 16, kTileCols = 64;
constexpr int kStraightAdds = 20; ///< straight-line tile ops per kernel
constexpr int kLoopDepth = 2;     ///< loop nest depth inside each kernel

TypePtr indexT() { return ScalarType::get(DataType::Index); }
ExprPtr ci(int64_t v) { return ConstInt::make(v, DataType::Index); }
TypePtr tensorT() { return TensorType::make(DataType::FP32, {ci(kRows), ci(kCols)}); }

ExprPtr op(std::string_view name, ExprList args, AttrList kwargs = {}) {
  DiagnosticEngine diags;
  ExprPtr e = makeOpCall(name, std::move(args), std::move(kwargs), {}, diags);
  if (!e) {
    std::fprintf(stderr, "program_gen: cannot build %.*s\n", int(name.size()), name.data());
    std::abort();
  }
  return e;
}

ExprPtr callFn(const std::string &fn, ExprList args) {
  CallTarget t;
  t.function = fn;
  return Call::make(t, std::move(args), {}, {}, tensorT());
}

/// Builds one function body; fresh variable names per function.
struct Body {
  std::vector<StmtPtr> stmts;
  int next = 0;
  VarPtr def(ExprPtr value, const char *stem = "t") {
    VarPtr v = Var::make(stem + std::to_string(next++), value->type());
    stmts.push_back(Assign::make(v, std::move(value)));
    return v;
  }
};

/// Loads two tiles, `kStraightAdds` elementwise ops (one distinct scalar per kernel so no two
/// kernels are equal), a loop nest carrying a tile, stores the result.
FunctionPtr makeKernel(const std::string &name, int salt) {
  VarPtr a = Var::make("a", tensorT()), b = Var::make("b", tensorT());
  VarPtr out = Var::make("out", tensorT()), row = Var::make("row", indexT());
  Body body;
  ExprPtr offs = MakeTuple::make({row, ci(0)});
  ExprPtr shape = MakeTuple::make({ci(kTileRows), ci(kTileCols)});
  VarPtr ta = body.def(op("tile.load", {a, offs, shape}));
  VarPtr tb = body.def(op("tile.load", {b, offs, shape}));
  VarPtr cur = ta;
  for (int i = 0; i < kStraightAdds; ++i) {
    if (i % 4 == 3)
      cur = body.def(op("tile.adds", {cur, ConstFloat::make(double(salt + i), DataType::FP32)}));
    else
      cur = body.def(op(i % 2 ? "tile.mul" : "tile.add", {cur, tb}));
  }
  // for j0 { for j1 { acc = acc + tb } } with the tile carried through every level.
  std::function<StmtPtr(int, VarPtr, VarPtr &)> nest = [&](int depth, VarPtr init,
                                                           VarPtr &result) -> StmtPtr {
    VarPtr j = Var::make("j" + std::to_string(depth), indexT());
    VarPtr acc = Var::make("acc" + std::to_string(depth), init->type());
    result = Var::make("res" + std::to_string(depth), init->type());
    std::vector<StmtPtr> inner;
    VarPtr yielded;
    if (depth + 1 < kLoopDepth) {
      VarPtr r;
      inner.push_back(nest(depth + 1, acc, r));
      yielded = r;
    } else {
      yielded = Var::make("step" + std::to_string(depth), init->type());
      inner.push_back(Assign::make(yielded, op("tile.add", {acc, tb})));
    }
    inner.push_back(Yield::make({yielded}));
    return For::make(j, ci(0), ci(2), ci(1), {{acc, init}}, Seq::make(std::move(inner)),
                     {result});
  };
  VarPtr res;
  body.stmts.push_back(nest(0, cur, res));
  VarPtr written = body.def(op("tile.store", {res, offs, out}), "written");
  body.stmts.push_back(Return::make({written}));
  return Function::make(name, FunctionType::InCore,
                        {{a, ParamDirection::In}, {b, ParamDirection::In},
                         {out, ParamDirection::Out}, {row, ParamDirection::In}},
                        {tensorT()}, Seq::make(std::move(body.stmts)));
}

/// main(a, b, out): for i in 0..rows/tile { acc = k0(a, b, acc, i*16); acc = k1(...); ... }.
FunctionPtr makeLoopOrchestration(const std::vector<std::string> &kernels) {
  VarPtr a = Var::make("a", tensorT()), b = Var::make("b", tensorT());
  VarPtr out = Var::make("out", tensorT());
  VarPtr i = Var::make("i", indexT());
  VarPtr acc = Var::make("acc", tensorT()), result = Var::make("result", tensorT());
  Body loop;
  VarPtr row = loop.def(Binary::make(BinaryOp::Mul, i, ci(kTileRows)), "row");
  VarPtr cur = acc;
  for (const auto &k : kernels)
    cur = loop.def(callFn(k, {a, b, cur, row}), "next");
  loop.stmts.push_back(Yield::make({cur}));
  std::vector<StmtPtr> stmts;
  stmts.push_back(For::make(i, ci(0), ci(kRows / kTileRows), ci(1), {{acc, out}},
                            Seq::make(std::move(loop.stmts)), {result}));
  stmts.push_back(Return::make({result}));
  return Function::make("main", FunctionType::Orchestration,
                        {{a, ParamDirection::In}, {b, ParamDirection::In},
                         {out, ParamDirection::Out}},
                        {tensorT()}, Seq::make(std::move(stmts)));
}

/// main(a, b, out): n straight-line calls, each on the previous result, rows cycling.
FunctionPtr makeStraightOrchestration(const std::string &kernel, int64_t calls) {
  VarPtr a = Var::make("a", tensorT()), b = Var::make("b", tensorT());
  VarPtr out = Var::make("out", tensorT());
  Body body;
  VarPtr cur = out;
  for (int64_t c = 0; c < calls; ++c)
    cur = body.def(callFn(kernel, {a, b, cur, ci((c % (kRows / kTileRows)) * kTileRows)}), "next");
  body.stmts.push_back(Return::make({cur}));
  return Function::make("main", FunctionType::Orchestration,
                        {{a, ParamDirection::In}, {b, ParamDirection::In},
                         {out, ParamDirection::Out}},
                        {tensorT()}, Seq::make(std::move(body.stmts)));
}

class StmtCounter : public IRVisitor {
public:
  int64_t count = 0;
  StmtCounter() { visitTypes_ = false; }
  void visitAssign(const Assign &s) override { ++count, IRVisitor::visitAssign(s); }
  void visitEval(const Eval &s) override { ++count, IRVisitor::visitEval(s); }
  void visitIf(const If &s) override { ++count, IRVisitor::visitIf(s); }
  void visitFor(const For &s) override { ++count, IRVisitor::visitFor(s); }
  void visitWhile(const While &s) override { ++count, IRVisitor::visitWhile(s); }
  void visitYield(const Yield &s) override { ++count, IRVisitor::visitYield(s); }
  void visitReturn(const Return &s) override { ++count, IRVisitor::visitReturn(s); }
  void visitScope(const Scope &s) override { ++count, IRVisitor::visitScope(s); }
  void visitBreak(const Break &) override { ++count; }
  void visitContinue(const Continue &) override { ++count; }
};

} // namespace

std::string_view programShapeName(ProgramShape s) {
  return s == ProgramShape::ManyKernels ? "many_kernels" : "long_straight";
}

ProgramPtr generateProgram(ProgramShape shape, int64_t targetStmts) {
  registerAllOps();
  std::vector<FunctionPtr> fns;
  if (shape == ProgramShape::ManyKernels) {
    // One kernel is kStraightAdds + 2 loads + 2 per loop level + assign + store + return
    // statements, plus its call in the orchestration.
    const int64_t perKernel = kStraightAdds + 2 + 2 * kLoopDepth + 1 + 2 + 1;
    const int64_t n = std::max<int64_t>(1, targetStmts / perKernel);
    std::vector<std::string> names;
    for (int64_t k = 0; k < n; ++k) {
      names.push_back("kernel" + std::to_string(k));
      fns.push_back(makeKernel(names.back(), static_cast<int>(k)));
    }
    fns.push_back(makeLoopOrchestration(names));
  } else {
    fns.push_back(makeKernel("kernel", 0));
    fns.push_back(makeStraightOrchestration("kernel", std::max<int64_t>(1, targetStmts - 30)));
  }
  return Program::make("bench", std::move(fns));
}

ProgramPtr generateNestedLoops(int depth) {
  registerAllOps();
  VarPtr n = Var::make("n", indexT()), acc = Var::make("acc", indexT());
  std::vector<VarPtr> iv;
  for (int d = 0; d < depth; ++d)
    iv.push_back(Var::make("i" + std::to_string(d), indexT()));
  StmtPtr body = Assign::make(acc, Binary::make(BinaryOp::Add, acc, iv.back()));
  for (int d = depth - 1; d >= 0; --d)
    body = For::make(iv[d], ci(0), ci(2), ci(1), {}, body, {});
  std::vector<StmtPtr> stmts{Assign::make(acc, n), body, Return::make({acc})};
  return Program::make("p", {Function::make("f", FunctionType::Opaque, {{n, ParamDirection::In}},
                                            {indexT()}, Seq::make(std::move(stmts)))});
}

ProgramPtr generateVersions(int64_t n, bool distinctNames) {
  registerAllOps();
  VarPtr param = Var::make("n", indexT());
  Body body;
  VarPtr x = Var::make(distinctNames ? "v0" : "x", indexT());
  body.stmts.push_back(Assign::make(x, param));
  for (int64_t k = 0; k < n; ++k) {
    ExprPtr value = Binary::make(BinaryOp::Add, x, ci(k % 7 + 1));
    if (distinctNames)
      x = Var::make("v" + std::to_string(k + 1), indexT());
    body.stmts.push_back(Assign::make(x, value));
  }
  body.stmts.push_back(Return::make({x}));
  return Program::make("p",
                       {Function::make("f", FunctionType::Opaque, {{param, ParamDirection::In}},
                                       {indexT()}, Seq::make(std::move(body.stmts)))});
}

ProgramPtr generateIncoreScopes(int64_t n) {
  registerAllOps();
  TypePtr t = TensorType::make(DataType::FP32, {ci(16), ci(16)});
  VarPtr a = Var::make("a", t), b = Var::make("b", t);
  Body body;
  VarPtr cur = Var::make("t0", t);
  body.stmts.push_back(Assign::make(cur, a));
  for (int64_t k = 0; k < n; ++k) {
    VarPtr next = Var::make("t" + std::to_string(k + 1), t);
    body.stmts.push_back(
        Scope::make(ScopeKind::InCore, "", Assign::make(next, op("tensor.add", {cur, b}))));
    cur = next;
  }
  body.stmts.push_back(Return::make({cur}));
  return Program::make("p", {Function::make("main", FunctionType::Opaque,
                                            {{a, ParamDirection::In}, {b, ParamDirection::In}}, {t},
                                            Seq::make(std::move(body.stmts)))});
}

ProgramPtr generateFusibleBlocks(int64_t n) {
  registerAllOps();
  TypePtr blockT = TensorType::make(DataType::FP32, {ci(16), ci(64)});
  VarPtr a = Var::make("a", blockT);
  VarPtr out = Var::make("out", TensorType::make(DataType::FP32, {ci(16 * n), ci(64)}));
  Body body;
  for (int64_t k = 0; k < n; ++k) {
    VarPtr t = Var::make("t" + std::to_string(k), blockT);
    body.stmts.push_back(Assign::make(
        t, op("tensor.create", {MakeTuple::make({ci(16), ci(64)})}, {{"dtype", DataType::FP32}})));
    ExprPtr tile =
        op("tile.load", {a, MakeTuple::make({ci(0), ci(0)}), MakeTuple::make({ci(16), ci(64)})});
    body.stmts.push_back(
        Scope::make(ScopeKind::InCore, "",
                    Assign::make(t, op("tile.store", {tile, MakeTuple::make({ci(0), ci(0)}), t}))));
    body.stmts.push_back(
        Assign::make(out, op("tensor.assemble", {out, t, MakeTuple::make({ci(16 * k), ci(0)})})));
  }
  return Program::make("p", {Function::make("main", FunctionType::Orchestration,
                                            {{a, ParamDirection::In}, {out, ParamDirection::Out}},
                                            {}, Seq::make(std::move(body.stmts)))});
}

ProgramPtr generateTrigKernel(int64_t n) {
  registerAllOps();
  VarPtr a = Var::make("a", tensorT());
  Body body;
  VarPtr cur = body.def(op("tile.load", {a, MakeTuple::make({ci(0), ci(0)}),
                                         MakeTuple::make({ci(kTileRows), ci(kTileCols)})}));
  for (int64_t k = 0; k < n; ++k)
    cur = body.def(op(k % 2 ? "tile.cos" : "tile.sin", {cur}));
  body.stmts.push_back(Return::make(ExprList{}));
  return Program::make("p", {Function::make("k", FunctionType::AIV, {{a, ParamDirection::In}}, {},
                                            Seq::make(std::move(body.stmts)))});
}

int64_t countStatements(const Program &p) {
  StmtCounter c;
  c.visitProgram(p);
  return c.count;
}

} // namespace pl::bench
