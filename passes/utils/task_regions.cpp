// Task regions: buffers and windows of orchestration tensor values (see task_regions.h).
#include "passes/utils/task_regions.h"

#include "ir/find.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"
#include "passes/utils/buffer_aliases.h"

#include <map>
#include <unordered_set>

namespace pl::passes {

using namespace ir;

namespace {

bool sameWindow(const Region &a, const Region &b) {
  if (a.root != b.root || a.offsets.size() != b.offsets.size())
    return false;
  for (size_t i = 0; i < a.offsets.size(); ++i)
    if (a.offsets[i] != b.offsets[i] || a.extents[i] != b.extents[i])
      return false;
  return true;
}

/// Regions of every tensor value of one function, in program order. A carry keeps its init's
/// region only when its yields keep it; `pinned` carries (found otherwise on an earlier walk)
/// are unknown.
class RegionWalker : public IRVisitor {
public:
  RegionWalker(const Program &p, const std::unordered_set<const Var *> &pinned)
      : program_(p), pinned_(pinned) {
    visitTypes_ = false;
  }
  std::unordered_map<const Var *, Region> regions;
  std::unordered_map<const Var *, std::vector<Region>> tuples;
  std::unordered_set<const Var *> broken; ///< carries whose yields change the region

  void visitFunction(const Function &f) override {
    for (const Param &prm : f.params())
      if (auto *t = dynCast<TensorType>(prm.var->type()))
        regions[prm.var.get()] = whole(prm.var.get(), *t);
    IRVisitor::visitFunction(f);
  }

  Region of(const ExprPtr &e) const {
    auto *v = dynCast<Var>(e);
    auto it = v ? regions.find(v) : regions.end();
    return it == regions.end() ? Region{} : it->second;
  }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    const Var *v = s.var().get();
    const ExprPtr &e = s.value();
    if (isa<Var>(e)) {
      set(v, of(e));
    } else if (auto *g = dynCast<TupleGetItem>(e)) {
      auto it = tuples.find(dynCast<Var>(g->tuple()));
      if (it != tuples.end() && g->index() < static_cast<int64_t>(it->second.size()))
        set(v, it->second[static_cast<size_t>(g->index())]);
    } else if (auto *c = dynCast<Call>(e); c && c->target().isOp()) {
      opResult(s, *c);
    } else if (auto *c = dynCast<Call>(e)) {
      callResult(v, c->target().function, c->args());
    } else if (auto *sub = dynCast<Submit>(e)) {
      callResult(v, sub->target().function, sub->args());
    }
  }

  void visitFor(const For &s) override { loop(s.iterArgs(), s.body(), s.returnVars()); }
  void visitWhile(const While &s) override {
    visitExpr(s.cond());
    loop(s.iterArgs(), s.body(), s.returnVars());
  }
  void visitIf(const If &s) override {
    IRVisitor::visitIf(s);
    auto *ty = trailingYield(s.thenBody());
    auto *ey = trailingYield(s.elseBody());
    for (size_t i = 0; ty && ey && i < s.returnVars().size(); ++i) {
      Region a = of(ty->values()[i]), b = of(ey->values()[i]);
      if (a.root && a.root == b.root)
        set(s.returnVars()[i].get(), sameWindow(a, b) ? a : Region{a.root, {}, {}});
    }
  }

private:
  static Region whole(const Var *root, const ShapedType &t) {
    Region r{root, {}, {}};
    for (const ExprPtr &d : t.shape()) {
      r.offsets.push_back(ConstInt::make(0));
      r.extents.push_back(d);
    }
    return r;
  }

  void set(const Var *v, const Region &r) {
    if (r.root || !r.offsets.empty())
      regions[v] = r;
  }

  void opResult(const Assign &s, const Call &c) {
    const std::string &op = c.target().name();
    if (op == "tensor.create") {
      if (auto *t = dynCast<TensorType>(s.var()->type()))
        regions[s.var().get()] = whole(s.var().get(), *t);
      return;
    }
    if (op == "tensor.slice" && c.args().size() == 3) {
      Region base = of(c.args()[0]);
      auto *shape = dynCast<MakeTuple>(c.args()[1]);
      auto *offs = dynCast<MakeTuple>(c.args()[2]);
      Region r{base.root, {}, {}};
      if (shape && offs && !base.offsets.empty() &&
          shape->elements().size() == base.offsets.size() &&
          offs->elements().size() == base.offsets.size())
        for (size_t i = 0; i < base.offsets.size(); ++i) {
          r.offsets.push_back(Binary::make(BinaryOp::Add, base.offsets[i], offs->elements()[i]));
          r.extents.push_back(shape->elements()[i]);
        }
      set(s.var().get(), r);
      return;
    }
    if (isTensorViewOp(*c.target().op) && !c.args().empty()) {  // reshape, transpose, view, ...:
      set(s.var().get(), Region{of(c.args()[0]).root, {}, {}}); // its buffer, another window
      return;
    }
    if (auto &alias = c.target().op->outputAliasesArg;
        alias && static_cast<size_t>(*alias) < c.args().size())
      set(s.var().get(), Region{of(c.args()[static_cast<size_t>(*alias)]).root, {}, {}});
  }

  /// A function result names the argument the callee returns (a tuple: one per element).
  void callResult(const Var *v, const std::string &callee, const ExprList &args) {
    FunctionPtr f = program_.lookup(callee);
    std::vector<Region> elems;
    for (int r : f ? returnedParams(*f) : std::vector<int>{})
      elems.push_back(r >= 0 && static_cast<size_t>(r) < args.size()
                          ? of(args[static_cast<size_t>(r)])
                          : Region{});
    if (isa<TupleType>(v->type().get()))
      tuples[v] = std::move(elems);
    else if (elems.size() == 1)
      set(v, elems[0]);
  }

  void loop(const std::vector<IterArg> &iters, const StmtPtr &body,
            const std::vector<VarPtr> &rets) {
    for (const IterArg &a : iters) {
      visitExpr(a.init);
      if (!pinned_.count(a.var.get()))
        set(a.var.get(), of(a.init));
    }
    visitStmt(body);
    auto *y = trailingYield(body);
    for (size_t i = 0; i < iters.size(); ++i) {
      const Var *c = iters[i].var.get();
      auto it = regions.find(c);
      if (it == regions.end())
        continue;
      if (!y || i >= y->values().size() || !sameWindow(of(y->values()[i]), it->second)) {
        broken.insert(c);
        continue;
      }
      if (i < rets.size())
        regions[rets[i].get()] = it->second;
    }
  }

  const Program &program_;
  const std::unordered_set<const Var *> &pinned_;
};

/// Walks until no carry's region is contradicted by its yields.
RegionWalker computeRegions(const Program &p, const Function &f,
                            std::unordered_set<const Var *> &pinned) {
  for (;;) {
    RegionWalker w(p, pinned);
    w.visitFunction(f);
    if (w.broken.empty())
      return w;
    pinned.insert(w.broken.begin(), w.broken.end());
  }
}

/// `e` as a sum of constant multiples of non-linear terms plus a constant (terms keyed by the
/// node, so the same variable or subexpression on both sides cancels); false if it overflows.
bool addLinear(const ExprPtr &e, int64_t scale, std::map<const Expr *, int64_t> &terms,
               int64_t &constant) {
  if (auto c = constIntValue(e)) {
    int64_t v = 0;
    return !__builtin_mul_overflow(*c, scale, &v) &&
           !__builtin_add_overflow(constant, v, &constant);
  }
  if (auto *b = dynCast<Binary>(e)) {
    if (b->op() == BinaryOp::Add || b->op() == BinaryOp::Sub)
      return addLinear(b->lhs(), scale, terms, constant) &&
             addLinear(b->rhs(), b->op() == BinaryOp::Add ? scale : -scale, terms, constant);
    std::optional<int64_t> k = constIntValue(b->rhs());
    const ExprPtr *other = &b->lhs();
    if (!k) {
      k = constIntValue(b->lhs());
      other = &b->rhs();
    }
    int64_t s2 = 0;
    if (b->op() == BinaryOp::Mul && k && !__builtin_mul_overflow(scale, *k, &s2))
      return addLinear(*other, s2, terms, constant);
  }
  terms[e.get()] += scale;
  return true;
}

/// l - r when it is a constant in the linear form of both sides.
std::optional<int64_t> linearDifference(const ExprPtr &l, const ExprPtr &r) {
  std::map<const Expr *, int64_t> terms;
  int64_t constant = 0;
  if (!addLinear(l, 1, terms, constant) || !addLinear(r, -1, terms, constant))
    return std::nullopt;
  for (const auto &[t, k] : terms)
    if (k != 0)
      return std::nullopt;
  return constant;
}
} // namespace

Region TaskRegions::of(const ExprPtr &e) const {
  auto *v = dynCast<Var>(e);
  auto it = v ? regions.find(v) : regions.end();
  return it == regions.end() ? Region{} : it->second;
}

TaskRegions computeTaskRegions(const Program &p, const Function &f) {
  std::unordered_set<const Var *> pinned;
  RegionWalker w = computeRegions(p, f, pinned);
  return TaskRegions{std::move(w.regions)};
}

bool isTaskCallee(const Program &p, const std::string &name) {
  FunctionPtr f = p.lookup(name);
  return f && (isKernel(f->type()) || f->type() == FunctionType::Group ||
               f->type() == FunctionType::Spmd);
}

std::optional<FunctionCallSite> functionCallSite(const ExprPtr &e) {
  if (auto *c = dynCast<Call>(e); c && !c->target().isOp())
    return FunctionCallSite{&c->target(), &c->args(), &c->attrs(), nullptr};
  if (auto *sub = dynCast<Submit>(e))
    return FunctionCallSite{&sub->target(), &sub->args(), &sub->attrs(), &sub->deps()};
  return std::nullopt;
}

bool WindowArith::prove(BinaryOp op, const ExprPtr &l, const ExprPtr &r) const {
  if (std::optional<int64_t> d = linearDifference(l, r)) // exact, and cheap: try it first
    return op == BinaryOp::Lt ? *d < 0 : op == BinaryOp::Le ? *d <= 0 : *d > 0;
  return analyzer_.canProve(Binary::make(op, l, r));
}

bool WindowArith::mayOverlap(const Region &a, const Region &b) const {
  if (!a.root || !b.root)
    return true;
  if (a.root != b.root)
    return false;
  if (a.offsets.empty() || a.offsets.size() != b.offsets.size())
    return true;
  for (size_t i = 0; i < a.offsets.size(); ++i) {
    const ExprPtr &oa = a.offsets[i], &ea = a.extents[i];
    const ExprPtr &ob = b.offsets[i], &eb = b.extents[i];
    if (prove(BinaryOp::Le, Binary::make(BinaryOp::Add, oa, ea), ob) ||
        prove(BinaryOp::Le, Binary::make(BinaryOp::Add, ob, eb), oa))
      return false;
  }
  return true;
}

bool WindowArith::mustOverlap(const Region &a, const Region &b) const {
  if (!a.root || a.root != b.root || a.offsets.empty() || a.offsets.size() != b.offsets.size())
    return false;
  for (size_t i = 0; i < a.offsets.size(); ++i) {
    const ExprPtr &oa = a.offsets[i], &ea = a.extents[i];
    const ExprPtr &ob = b.offsets[i], &eb = b.extents[i];
    ExprPtr zero = ConstInt::make(0);
    if (!prove(BinaryOp::Gt, ea, zero) || !prove(BinaryOp::Gt, eb, zero) ||
        !prove(BinaryOp::Lt, oa, Binary::make(BinaryOp::Add, ob, eb)) ||
        !prove(BinaryOp::Lt, ob, Binary::make(BinaryOp::Add, oa, ea)))
      return false;
  }
  return true;
}

} // namespace pl::passes
