// Buffer aliasing and parameter-direction inference (see buffer_aliases.h).
#include "passes/utils/buffer_aliases.h"

#include "ir/op_registry.h"
#include "ir/visitor.h"

#include <unordered_set>

namespace pl::passes {

using namespace ir;

bool isTensorViewOp(const Op &op) {
  if (op.family() != "tensor")
    return false;
  const std::string &n = op.name();
  return n == "tensor.slice" || n == "tensor.reshape" || n == "tensor.transpose" ||
         n == "tensor.fillpad" || n == "tensor.view";
}

std::vector<int> returnedParams(const Function &f) {
  std::vector<int> out;
  const Stmt *last = f.body().get();
  if (auto *seq = dynCast<Seq>(f.body()))
    last = seq->stmts().empty() ? nullptr : seq->stmts().back().get();
  auto *ret = last ? dynCast<Return>(last) : nullptr;
  if (!ret)
    return out;
  for (auto &v : ret->values()) {
    int idx = -1;
    for (size_t i = 0; i < f.params().size(); ++i)
      if (f.params()[i].var == v)
        idx = static_cast<int>(i);
    out.push_back(idx);
  }
  return out;
}

namespace {

class AliasWalker : public IRVisitor {
public:
  AliasWalker(AliasRoots &roots, const Program *program, LoopResults loopResults)
      : roots_(roots), program_(program), loopResults_(loopResults) {
    visitTypes_ = false;
  }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    if (const Var *r = rootOfValue(s.value()))
      roots_[s.var().get()] = r;
    else if (auto *c = dynCast<Call>(s.value()); c && !c->target().isOp())
      recordTupleResult(*s.var(), c->target(), c->args(), 2);
    else if (auto *sb = dynCast<Submit>(s.value())) // (the callee's results..., task id)
      recordTupleResult(*s.var(), sb->target(), sb->args(), 1);
  }

  void visitFor(const For &s) override {
    carry(s.iterArgs());
    IRVisitor::visitFor(s);
    forward(s.iterArgs(), s.body(), s.returnVars());
  }

  void visitWhile(const While &s) override {
    carry(s.iterArgs());
    IRVisitor::visitWhile(s);
    forward(s.iterArgs(), s.body(), s.returnVars());
  }

  void visitIf(const If &s) override {
    IRVisitor::visitIf(s);
    auto thenY = trailingYield(s.thenBody()), elseY = trailingYield(s.elseBody());
    for (size_t i = 0; i < s.returnVars().size(); ++i) {
      const Var *a = thenY && i < thenY->values().size() ? rootOf(thenY->values()[i]) : nullptr;
      const Var *b = elseY && i < elseY->values().size() ? rootOf(elseY->values()[i]) : nullptr;
      if (a && a == b)
        roots_[s.returnVars()[i].get()] = a;
    }
  }

private:
  const Var *rootOf(const ExprPtr &e) const { return recordedRoot(roots_, e); }

  /// Root named by an assigned value: a copy, an aliasing op result, a returned parameter.
  const Var *rootOfValue(const ExprPtr &e) {
    if (isa<Var>(e))
      return rootOf(e);
    if (auto *g = dynCast<TupleGetItem>(e)) {
      auto it = tuples_.find(dynCast<Var>(g->tuple()));
      if (it != tuples_.end() && g->index() < static_cast<int64_t>(it->second.size()))
        return it->second[static_cast<size_t>(g->index())];
      return nullptr;
    }
    auto *c = dynCast<Call>(e);
    if (!c)
      return nullptr;
    if (c->target().isOp()) {
      auto &alias = c->target().op->outputAliasesArg;
      if (alias && static_cast<size_t>(*alias) < c->args().size())
        return rootOf(c->args()[static_cast<size_t>(*alias)]);
      return nullptr;
    }
    auto rets = calleeReturns(c->target());
    if (rets.size() == 1 && rets[0] >= 0 && static_cast<size_t>(rets[0]) < c->args().size())
      return rootOf(c->args()[static_cast<size_t>(rets[0])]);
    return nullptr;
  }

  std::vector<int> calleeReturns(const CallTarget &t) const {
    FunctionPtr callee = program_ ? program_->lookup(t.function) : nullptr;
    return callee ? returnedParams(*callee) : std::vector<int>{};
  }

  /// A tuple `v` of the callee's results (when it returns at least `minResults`): element k
  /// names the buffer of the argument at the parameter the callee returns k-th.
  void recordTupleResult(const Var &v, const CallTarget &t, const ExprList &args,
                         size_t minResults) {
    auto rets = calleeReturns(t);
    if (rets.size() < minResults)
      return;
    std::vector<const Var *> elems;
    elems.reserve(rets.size());
    for (int r : rets)
      elems.push_back(r >= 0 && static_cast<size_t>(r) < args.size()
                          ? rootOf(args[static_cast<size_t>(r)])
                          : nullptr);
    tuples_[&v] = std::move(elems);
  }

  void carry(const std::vector<IterArg> &args) {
    for (auto &a : args)
      if (const Var *r = rootOf(a.init))
        roots_[a.var.get()] = r;
  }

  void forward(const std::vector<IterArg> &args, const StmtPtr &body,
               const std::vector<VarPtr> &rets) {
    const Yield *y = trailingYield(body);
    for (size_t i = 0; i < args.size() && i < rets.size(); ++i) {
      const Var *r = rootOf(args[i].var);
      if (!r)
        continue;
      if (loopResults_ == LoopResults::ThroughYield &&
          !(y && i < y->values().size() && rootOf(y->values()[i]) == r))
        continue;
      roots_[rets[i].get()] = r;
    }
  }

  AliasRoots &roots_;
  const Program *program_;
  LoopResults loopResults_;
  std::unordered_map<const Var *, std::vector<const Var *>> tuples_;
};

/// Records read / write evidence per root.
class AccessScanner : public IRVisitor {
public:
  AccessScanner(const AliasRoots &roots, const Program *program)
      : roots_(roots), program_(program) {
    visitTypes_ = false;
  }
  std::unordered_set<const Var *> reads, writes;

  void visitVarUse(const VarPtr &v) override { note(v.get(), true, false); }

  void visitAssign(const Assign &s) override {
    if (isa<Var>(s.value()))
      return; // a copy passes the buffer along
    IRVisitor::visitAssign(s);
  }
  void visitYield(const Yield &s) override { passAlong(s.values()); }
  void visitReturn(const Return &s) override { passAlong(s.values()); }

  void visitFor(const For &s) override {
    visitExpr(s.start());
    visitExpr(s.stop());
    visitExpr(s.step());
    initsAlong(s.iterArgs());
    visitStmt(s.body());
  }
  void visitWhile(const While &s) override {
    initsAlong(s.iterArgs());
    visitExpr(s.cond());
    visitStmt(s.body());
  }

  void visitCall(const Call &c) override {
    std::vector<ParamDirection> dirs = calleeDirections(c.target(), c.args().size());
    for (size_t i = 0; i < c.args().size(); ++i) {
      auto *v = dynCast<Var>(c.args()[i]);
      if (!v) {
        visitExpr(c.args()[i]);
        continue;
      }
      bool rd = true, wr = false;
      if (c.target().isOp()) {
        ArgEffect e = argEffect(*c.target().op, i, c.kwargs());
        rd = e != ArgEffect::Write;
        wr = e != ArgEffect::Read;
      } else {
        rd = dirs[i] != ParamDirection::Out;
        wr = dirs[i] != ParamDirection::In;
      }
      note(v, rd, wr);
    }
  }

  void visitSubmit(const Submit &s) override {
    std::vector<ParamDirection> dirs = calleeDirections(s.target(), s.args().size());
    for (size_t i = 0; i < s.args().size(); ++i) {
      if (auto *v = dynCast<Var>(s.args()[i]))
        note(v, dirs[i] != ParamDirection::Out, dirs[i] != ParamDirection::In);
      else
        visitExpr(s.args()[i]);
    }
    for (auto &d : s.deps())
      visitExpr(d);
  }

private:
  std::vector<ParamDirection> calleeDirections(const CallTarget &t, size_t n) const {
    std::vector<ParamDirection> dirs(n, ParamDirection::In);
    FunctionPtr callee = !t.isOp() && program_ ? program_->lookup(t.function) : nullptr;
    if (callee)
      for (size_t i = 0; i < n && i < callee->params().size(); ++i)
        dirs[i] = callee->params()[i].direction;
    return dirs;
  }

  void passAlong(const ExprList &values) {
    for (auto &e : values)
      if (!isa<Var>(e))
        visitExpr(e);
  }
  void initsAlong(const std::vector<IterArg> &args) {
    for (auto &a : args)
      if (!isa<Var>(a.init))
        visitExpr(a.init);
  }

  void note(const Var *v, bool rd, bool wr) {
    auto it = roots_.find(v);
    if (it == roots_.end())
      return;
    if (rd)
      reads.insert(it->second);
    if (wr)
      writes.insert(it->second);
  }

  const AliasRoots &roots_;
  const Program *program_;
};
} // namespace

const Var *recordedRoot(const AliasRoots &roots, const ExprPtr &e) {
  auto *v = dynCast<Var>(e);
  auto it = v ? roots.find(v) : roots.end();
  return it == roots.end() ? nullptr : it->second;
}

AliasRoots computeAliasRoots(const StmtPtr &body, const std::vector<VarPtr> &roots,
                             const Program *program, LoopResults loopResults) {
  AliasRoots out;
  for (auto &r : roots)
    out[r.get()] = r.get();
  AliasWalker walker(out, program, loopResults);
  walker.visitStmt(body);
  return out;
}

std::vector<CarryPlan> classifyLoopCarries(const For &loop, const Program *program) {
  std::vector<VarPtr> carried;
  for (const IterArg &ia : loop.iterArgs())
    carried.push_back(ia.var);
  AliasRoots roots = computeAliasRoots(loop.body(), carried, program, LoopResults::ThroughYield);
  const Yield *y = trailingYield(loop.body());
  std::vector<CarryPlan> plans;
  for (size_t i = 0; i < carried.size(); ++i) {
    const Var *ia = carried[i].get();
    auto *st = dynCast<ScalarType>(ia->type());
    bool trivial = y && i < y->values().size() && !(st && st->dtype() == DataType::TaskId) &&
                   (y->values()[i].get() == ia ||
                    (isa<TensorType>(ia->type()) && recordedRoot(roots, y->values()[i]) == ia));
    plans.push_back(trivial ? CarryPlan::Trivial : CarryPlan::Rebind);
  }
  return plans;
}

ParamDirection mergeDirection(ParamDirection a, ParamDirection b) {
  return static_cast<uint8_t>(a) >= static_cast<uint8_t>(b) ? a : b;
}

std::vector<ParamDirection> inferParamDirections(const StmtPtr &body,
                                                 const std::vector<VarPtr> &roots,
                                                 const Program *program) {
  AliasRoots aliases = computeAliasRoots(body, roots, program);
  AccessScanner scan(aliases, program);
  scan.visitStmt(body);
  std::vector<ParamDirection> out;
  for (auto &r : roots) {
    bool wr = scan.writes.count(r.get()) && isa<TensorType>(r->type());
    bool rd = scan.reads.count(r.get());
    out.push_back(!wr ? ParamDirection::In : rd ? ParamDirection::InOut : ParamDirection::Out);
  }
  return out;
}

} // namespace pl::passes
