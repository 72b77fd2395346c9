// InitMemRef: buffers for kernel tiles (see init_mem_ref.h).
#include "passes/init_mem_ref.h"

#include "passes/utils/liveness.h"
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

/// What is still to be read around each loop and if: for a loop, the variables its body or a
/// later iteration or the code after it reads (an init among them must keep its own buffer);
/// for an if, the variables live after it.
class CarryLiveness {
public:
  explicit CarryLiveness(const Function &f) { block(bodyStmts(f.body()), {}); }
  const VarSet &at(const Stmt *s) const {
    static const VarSet kNone;
    auto it = live_.find(s);
    return it == live_.end() ? kNone : it->second;
  }

private:
  void block(const std::vector<StmtPtr> &stmts, const VarSet &after) {
    std::vector<VarSet> liveAfter = liveAfterEach(stmts, after);
    for (size_t i = 0; i < stmts.size(); ++i)
      stmt(stmts[i], liveAfter[i]);
  }
  void stmt(const StmtPtr &s, const VarSet &after) {
    if (auto *i = dynCast<If>(s)) {
      live_[s.get()] = after;
      block(bodyStmts(i->thenBody()), after);
      return block(bodyStmts(i->elseBody()), after);
    }
    const StmtPtr *body = nullptr;
    if (auto *f = dynCast<For>(s))
      body = &f->body();
    else if (auto *w = dynCast<While>(s))
      body = &w->body();
    if (body) {
      VarSet end = liveAtBodyEnd(*s, after);
      live_[s.get()] = liveIn(*body, end);
      return block(bodyStmts(*body), end);
    }
    if (auto *sc = dynCast<Scope>(s))
      block(bodyStmts(sc->body()), after);
  }
  std::unordered_map<const Stmt *, VarSet> live_;
};

/// Decides the MemRef of every tile variable (program order) and the allocations.
class MemRefPlanner : public IRVisitor {
public:
  MemRefPlanner(DiagnosticEngine &diags, int64_t align, const CarryLiveness &live)
      : diags_(diags), align_(align), live_(live) {
    visitTypes_ = false;
  }

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    if (isa<TileType>(s.var()->type()))
      assign(s.var().get(), sharedWith(s), s.span());
  }

  void visitFor(const For &s) override {
    carries(s.iterArgs(), live_.at(&s));
    visitStmt(s.body());
    loopResults(s.returnVars(), s.iterArgs(), s.span());
  }
  void visitWhile(const While &s) override {
    carries(s.iterArgs(), live_.at(&s));
    visitStmt(s.body());
    loopResults(s.returnVars(), s.iterArgs(), s.span());
  }
  void visitIf(const If &s) override {
    visitStmt(s.thenBody());
    visitStmt(s.elseBody());
    const Yield *e = s.elseBody() ? trailingYield(s.elseBody()) : nullptr;
    results(s.returnVars(), {trailingYield(s.thenBody()), e}, live_.at(&s), s.span());
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
    if (op.viewOfArg && size_t(*op.viewOfArg) < c->args().size())
      return tileVar(c->args()[size_t(*op.viewOfArg)]);
    return nullptr;
  }

  /// Gives v the MemRef of `from` when compatible (same space and size), else a new buffer.
  void assign(const Var *v, const Var *from, const Span &span) {
    auto &t = *dynCast<TileType>(v->type());
    auto it = from ? memref.find(from) : memref.end();
    if (it != memref.end() && dynCast<TileType>(from->type())->memorySpace() == t.memorySpace() &&
        tileBufferBytes(t, align_) == std::optional<int64_t>(it->second->size())) {
      memref[v] = it->second;
      members_[it->second.get()].push_back(v);
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
    members_[memref[v].get()].push_back(v);
  }

  /// `from` when a carry destination may take its buffer: no value in that buffer is still to
  /// be read (`live`) and no other slot of the statement took it (`taken`); else nullptr.
  const Var *shareable(const Var *from, const VarSet &live, std::vector<const MemRef *> &taken) {
    auto it = from ? memref.find(from) : memref.end();
    if (it == memref.end())
      return nullptr;
    const MemRef *m = it->second.get();
    for (const MemRef *t : taken)
      if (t == m)
        return nullptr;
    for (const Var *v : members_[m])
      if (live.count(v))
        return nullptr;
    taken.push_back(m);
    return from;
  }

  /// An iter_arg shares its init's buffer unless the init is read in the loop or after it (the
  /// yields would overwrite it) or another slot of the loop took that buffer.
  void carries(const std::vector<IterArg> &iters, const VarSet &live) {
    std::vector<const MemRef *> taken;
    for (auto &ia : iters)
      if (isa<TileType>(ia.var->type()))
        assign(ia.var.get(), shareable(tileVar(ia.init), live, taken), ia.var->span());
  }

  /// A loop's return var holds its iter_arg's final value: the same buffer (no exit copy).
  void loopResults(const std::vector<VarPtr> &rets, const std::vector<IterArg> &iters,
                   const Span &span) {
    for (size_t k = 0; k < rets.size(); ++k)
      if (isa<TileType>(rets[k]->type()))
        assign(rets[k].get(), k < iters.size() ? iters[k].var.get() : nullptr, span);
  }

  /// An if return var shares the then-yield's buffer, else the else-yield's, when no value in it
  /// is read after the if (the other branch writes it) and no other return var took it.
  void results(const std::vector<VarPtr> &rets, const std::vector<const Yield *> &yields,
               const VarSet &live, const Span &span) {
    std::vector<const MemRef *> taken;
    for (size_t k = 0; k < rets.size(); ++k) {
      if (!isa<TileType>(rets[k]->type()))
        continue;
      const Var *from = nullptr;
      for (const Yield *y : yields)
        if (!from && y && k < y->values().size())
          from = shareable(tileVar(y->values()[k]), live, taken);
      assign(rets[k].get(), from, span);
    }
  }

  DiagnosticEngine &diags_;
  int64_t align_;
  const CarryLiveness &live_;
  std::map<MemorySpace, int> counter_;
  std::unordered_map<const MemRef *, std::vector<const Var *>> members_;
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
  CarryLiveness live(*f);
  MemRefPlanner plan(diags, a2a3Soc().alignment, live);
  unsigned before = diags.errorCount();
  plan.visitFunction(*f);
  if (diags.errorCount() != before)
    return nullptr;
  MemRefWriter writer(plan);
  return writer.mutateFunction(f);
}

PL_DEFINE_FUNCTION_PASS(InitMemRef, initMemRef)

} // namespace pl::passes
