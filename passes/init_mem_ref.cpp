// InitMemRef: buffers for kernel tiles (see init_mem_ref.h).
#include "passes/init_mem_ref.h"

#include "passes/utils/soc.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/visitor.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

const Var *tileVar(const ExprPtr &e) {
  auto *v = dynCast<Var>(e);
  return v && isa<TileType>(v->type()) ? v : nullptr;
}

/// True when some tile in f already has a MemRef (InitMemRef already ran).
class HasAnyMemRef : public IRVisitor {
public:
  void visitType(const TypePtr &t) override {
    if (auto *tt = dynCast<TileType>(t); tt && tt->memref())
      found = true;
    IRVisitor::visitType(t);
  }
  bool found = false;
};

/// Decides the MemRef of every tile variable (program order) and the allocations.
class MemRefPlanner : public IRVisitor {
public:
  MemRefPlanner(DiagnosticEngine &diags, int64_t align) : diags_(diags), align_(align) {
    visitTypes_ = false;
  }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    if (isa<TileType>(s.var()->type()))
      assign(s.var().get(), sharedWith(s), s.span());
  }

  void visitFor(const For &s) override {
    carries(s.iterArgs());
    visitStmt(s.body());
    results(s.returnVars(), {trailingYield(s.body())}, s.span());
  }
  void visitWhile(const While &s) override {
    carries(s.iterArgs());
    visitStmt(s.body());
    results(s.returnVars(), {trailingYield(s.body())}, s.span());
  }
  void visitIf(const If &s) override {
    visitStmt(s.thenBody());
    visitStmt(s.elseBody());
    const Yield *e = s.elseBody() ? trailingYield(s.elseBody()) : nullptr;
    results(s.returnVars(), {trailingYield(s.thenBody()), e}, s.span());
  }

  struct Alloc {
    VarPtr base;
    MemorySpace space;
    int64_t size;
  };
  std::unordered_map<const Var *, MemRefPtr> memref;
  std::vector<Alloc> allocs;

private:
  /// The variable whose buffer the assignment's value lives in, or nullptr.
  const Var *sharedWith(const Assign &s) {
    if (const Var *src = tileVar(s.value()))
      return src;
    auto *c = dynCast<Call>(s.value());
    if (!c || !c->target().isOp())
      return nullptr;
    const Op &op = *c->target().op;
    if (op.outputAliasesArg && size_t(*op.outputAliasesArg) < c->args().size())
      return tileVar(c->args()[size_t(*op.outputAliasesArg)]);
    if (op.name() == "tile.reshape" && !c->args().empty())
      return tileVar(c->args()[0]);
    return nullptr;
  }

  /// Gives v the MemRef of `from` when compatible (same space and size), else a new buffer.
  void assign(const Var *v, const Var *from, const Span &span) {
    auto &t = *dynCast<TileType>(v->type());
    auto it = from ? memref.find(from) : memref.end();
    if (it != memref.end() && dynCast<TileType>(from->type())->memorySpace() == t.memorySpace() &&
        tileBufferBytes(t, align_) == std::optional<int64_t>(it->second->size())) {
      memref[v] = it->second;
      return;
    }
    auto bytes = tileBufferBytes(t, align_);
    if (!bytes) {
      diags_.error("MR001", span,
                   "tile '" + v->name() +
                       "' has a non-constant shape; expected constant dims to size its buffer");
      return;
    }
    MemorySpace space = t.memorySpace().value_or(MemorySpace::Vec);
    std::string tag = llvm::StringRef(std::string(memorySpaceName(space))).lower() + "_" +
                      std::to_string(counter_[space]++);
    auto base = Var::make("mem_" + tag, PtrType::make(space));
    allocs.push_back({base, space, *bytes});
    memref[v] = MemRef::make(tag, base, ConstInt::make(0), *bytes);
  }

  void carries(const std::vector<IterArg> &iters) {
    for (auto &ia : iters)
      if (isa<TileType>(ia.var->type()))
        assign(ia.var.get(), tileVar(ia.init), ia.var->span());
  }

  void results(const std::vector<VarPtr> &rets, std::vector<const Yield *> yields,
               const Span &span) {
    for (size_t k = 0; k < rets.size(); ++k) {
      if (!isa<TileType>(rets[k]->type()))
        continue;
      const Var *from = nullptr;
      for (const Yield *y : yields)
        if (!from && y && k < y->values().size())
          from = tileVar(y->values()[k]);
      assign(rets[k].get(), from, span);
    }
  }

  DiagnosticEngine &diags_;
  int64_t align_;
  std::map<MemorySpace, int> counter_;
};

/// Puts the planned MemRefs into the variables' types and prepends the allocations.
class MemRefWriter : public IRMutator {
public:
  explicit MemRefWriter(const MemRefPlanner &plan) : plan_(plan) {}

  VarPtr mutateVarDef(const VarPtr &v) override {
    auto it = plan_.memref.find(v.get());
    auto *t = dynCast<TileType>(v->type());
    if (!t || it == plan_.memref.end())
      return IRMutator::mutateVarDef(v);
    auto nt = TileType::make(t->dtype(), t->shape(), t->memorySpace(), t->view(), it->second);
    auto nv = Var::make(v->name(), nt, v->span());
    remap(v, nv);
    return nv;
  }

  FunctionPtr mutateFunction(const FunctionPtr &f) override {
    FunctionPtr g = IRMutator::mutateFunction(f);
    if (plan_.allocs.empty())
      return g;
    std::vector<StmtPtr> stmts;
    DiagnosticEngine diags;
    for (auto &a : plan_.allocs) {
      AttrList kw = {{"target_memory", a.space}, {"size", a.size}};
      ExprPtr call = makeOpCall("tile.alloc", {}, std::move(kw), f->span(), diags);
      stmts.push_back(Assign::make(a.base, call, f->span()));
    }
    stmts.push_back(g->body());
    return g->withBody(Seq::flatten(std::move(stmts), g->body()->span()));
  }

private:
  const MemRefPlanner &plan_;
};
} // namespace

FunctionPtr initMemRef(const FunctionPtr &f, DiagnosticEngine &diags) {
  if (!isKernel(f->type()))
    return f;
  HasAnyMemRef probe;
  probe.visitFunction(*f);
  if (probe.found)
    return f;
  MemRefPlanner plan(diags, a2a3Soc().alignment);
  unsigned before = diags.errorCount();
  plan.visitFunction(*f);
  if (diags.errorCount() != before)
    return nullptr;
  MemRefWriter writer(plan);
  return writer.mutateFunction(f);
}

Pass createInitMemRefPass(PassOptions &) {
  using P = IRProperty;
  PassInfo info{"init-mem-ref",
                "InitMemRef",
                {P::SSAForm, P::SplitIncoreOrch, P::IncoreTileOps, P::TileMemoryInferred},
                {P::HasMemRefs},
                {}};
  return createFunctionPass(std::move(info),
                            [](const FunctionPtr &f, const Program &, PassContext &ctx) {
                              return initMemRef(f, ctx.diags());
                            });
}

} // namespace pl::passes
