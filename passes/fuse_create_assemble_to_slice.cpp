// FuseCreateAssembleToSlice: single-use create + assemble → tensor.slice of the target (see
// fuse_create_assemble_to_slice.h).
#include "passes/fuse_create_assemble_to_slice.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"
#include "passes/utils/runtime_scopes.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

bool holdsTensor(const TypePtr &t) {
  return t && (t->kind() == TypeKind::Tensor || t->kind() == TypeKind::Tuple);
}

bool isOpCall(const Expr *e, std::string_view name) {
  auto *c = dynCast<Call>(e);
  return c && c->target().isOp() && c->target().name() == name;
}

/// The tensor (or tuple) variables whose storage the value of `e` may name: a variable itself,
/// the operands of a tensor-valued call (the result may be a view of, or the same buffer as, any
/// of them), except an assemble's source (copied, not aliased). A call with a tile or scalar
/// result only reads its operands.
void storageOf(const ExprPtr &e, std::vector<const Var *> &out) {
  if (!e)
    return;
  if (auto *v = dynCast<Var>(e)) {
    if (holdsTensor(v->type()))
      out.push_back(v);
    return;
  }
  if (auto *c = dynCast<Call>(e)) {
    if (!holdsTensor(c->type()))
      return;
    if (isOpCall(c, "tensor.assemble") && !c->args().empty()) {
      storageOf(c->args()[0], out);
      return;
    }
    for (auto &a : c->args())
      storageOf(a, out);
    return;
  }
  if (auto *s = dynCast<Submit>(e)) {
    for (auto &a : s->args())
      storageOf(a, out);
    return;
  }
  if (auto *t = dynCast<MakeTuple>(e)) {
    for (auto &x : t->elements())
      storageOf(x, out);
    return;
  }
  if (auto *g = dynCast<TupleGetItem>(e))
    storageOf(g->tuple(), out);
}

/// Whether `e` contains a call (offsets must be plain arithmetic to move).
class CallFinder final : public IRVisitor {
public:
  CallFinder() { visitTypes_ = false; }
  bool found = false;
  void visitCall(const Call &) override { found = true; }
  void visitSubmit(const Submit &) override { found = true; }
};

/// The variables an expression reads.
class VarUses final : public IRVisitor {
public:
  VarUses() { visitTypes_ = false; }
  std::vector<const Var *> vars;
  void visitVarUse(const VarPtr &v) override { vars.push_back(v.get()); }
};

/// Everything the fusion needs to know about one function, from one walk: per statement its
/// pre-order interval, per variable the positions that mention it, whether it is bound only by
/// one create and in-place writes, whether its storage escapes into another variable; a
/// union-find of the variables that may name the same storage; the orchestration-level blocks.
class Analysis final : public IRVisitor {
public:
  struct VarInfo {
    std::vector<uint32_t>
        mentions; ///< tensor variables: statement positions, ascending (uses, bindings)
    std::vector<uint32_t> binds; ///< positions binding it, ascending
    int creates = 0;             ///< bindings by tensor.create
    bool other = false; ///< bound otherwise than by a create or an in-place write, or escapes
    const Var *parent = nullptr; ///< union-find (nullptr: a root)
  };
  struct Block {
    std::vector<const Stmt *> stmts;
    std::vector<std::pair<uint32_t, uint32_t>> span; ///< per statement: [first, end) positions
  };

  explicit Analysis(const Function &f) {
    visitTypes_ = false;
    for (auto &p : f.params())
      info(p.var.get());
    walkBlock(f.body(), true);
  }

  VarInfo &info(const Var *v) { return vars_[v]; }
  const VarInfo *find(const Var *v) const {
    auto it = vars_.find(v);
    return it == vars_.end() ? nullptr : &it->second;
  }
  const Var *root(const Var *v) {
    while (const Var *p = info(v).parent) {
      if (const Var *pp = info(p).parent)
        info(v).parent = pp;
      v = p;
    }
    return v;
  }
  std::vector<Block> blocks;
  /// Positions of break, continue and return statements, ascending.
  std::vector<uint32_t> exits;

  /// Positions mentioning a variable of each storage class, ascending (after finish()).
  const std::vector<uint32_t> &classMentions(const Var *v) { return classes_[root(v)]; }
  void finish() {
    for (auto &[v, vi] : vars_) {
      auto &cm = classes_[root(v)];
      cm.insert(cm.end(), vi.mentions.begin(), vi.mentions.end());
    }
    for (auto &[r, cm] : classes_)
      std::sort(cm.begin(), cm.end());
  }

  void visitVarUse(const VarPtr &v) override { mention(v.get()); }

private:
  /// Only tensor (and tuple) variables' mentions matter: scalars are checked by their bindings.
  void mention(const Var *v) {
    if (!holdsTensor(v->type()))
      return;
    auto &m = info(v).mentions;
    if (m.empty() || m.back() != pos_)
      m.push_back(pos_);
  }
  void bindAt(const Var *v) {
    mention(v);
    info(v).binds.push_back(pos_);
  }
  void unite(const Var *a, const Var *b) {
    a = root(a);
    b = root(b);
    if (a != b)
      info(a).parent = b;
  }
  /// `v`'s storage may be any of `from`'s: one class; the sources escape.
  void flowInto(const Var *v, const std::vector<const Var *> &from) {
    for (const Var *s : from) {
      info(s).other = true;
      unite(v, s);
    }
  }
  /// A tensor value carried through control flow (an iter_arg, a loop or if result, a yielded
  /// or returned value, a task id): all such values form one class, and they escape.
  void joinCarried(const Var *v) {
    if (!holdsTensor(v->type()))
      return;
    info(v).other = true;
    carried_ = carried_ ? carried_ : v;
    unite(v, carried_);
  }
  /// A binding that is not an assignment (loop variable, iter_arg, return var, task id).
  void bindCarried(const Var *v) {
    bindAt(v);
    joinCarried(v);
  }
  void carryValues(const ExprList &values) {
    for (auto &e : values) {
      std::vector<const Var *> from;
      storageOf(e, from);
      for (const Var *s : from)
        joinCarried(s);
    }
  }
  void carryIterArgs(const std::vector<IterArg> &args) {
    for (auto &a : args) {
      visitExpr(a.init);
      carryValues({a.init});
      bindCarried(a.var.get());
    }
  }

  /// The statements of `s` as one block (a Seq's children, else `s` alone).
  void walkBlock(const StmtPtr &s, bool orchestration) {
    if (!s)
      return;
    Block b;
    auto *seq = dynCast<Seq>(s);
    std::vector<StmtPtr> one{s};
    const std::vector<StmtPtr> &stmts = seq ? seq->stmts() : one;
    for (auto &c : stmts) {
      uint32_t first = pos_ + 1; // walk numbers c first, then what it contains
      walk(c, orchestration);
      b.stmts.push_back(c.get());
      b.span.emplace_back(first, pos_ + 1);
    }
    if (orchestration)
      blocks.push_back(std::move(b));
  }

  void walk(const StmtPtr &s, bool orch) {
    ++pos_;
    if (auto *a = dynCast<Assign>(s)) {
      visitExpr(a->value());
      const Var *x = a->var().get();
      bindAt(x);
      if (!holdsTensor(x->type()))
        return;
      if (isOpCall(a->value().get(), "tensor.create")) {
        ++info(x).creates;
        return;
      }
      std::vector<const Var *> from;
      storageOf(a->value(), from);
      if (inPlace(*x, *a->value(), from))
        return;
      info(x).other = true;
      flowInto(x, from);
      return;
    }
    if (auto *e = dynCast<Eval>(s)) { // a call whose result is dropped: reads and writes in place
      visitExpr(e->expr());
      return;
    }
    if (auto *seq = dynCast<Seq>(s)) { // a nested sequence: its statements join no block
      for (auto &c : seq->stmts())
        walk(c, false);
      return;
    }
    if (auto *f = dynCast<For>(s)) {
      visitExpr(f->start());
      visitExpr(f->stop());
      visitExpr(f->step());
      visitAttrs(f->attrs());
      bindAt(f->loopVar().get());
      carryIterArgs(f->iterArgs());
      for (auto &r : f->returnVars())
        bindCarried(r.get());
      walkBlock(f->body(), orch);
      return;
    }
    if (auto *w = dynCast<While>(s)) {
      carryIterArgs(w->iterArgs());
      visitExpr(w->cond());
      for (auto &r : w->returnVars())
        bindCarried(r.get());
      walkBlock(w->body(), orch);
      return;
    }
    if (auto *i = dynCast<If>(s)) {
      visitExpr(i->cond());
      for (auto &r : i->returnVars())
        bindCarried(r.get());
      walkBlock(i->thenBody(), orch);
      walkBlock(i->elseBody(), orch);
      return;
    }
    if (auto *y = dynCast<Yield>(s)) {
      for (auto &v : y->values())
        visitExpr(v);
      carryValues(y->values());
      return;
    }
    if (auto *r = dynCast<Return>(s)) {
      exits.push_back(pos_);
      for (auto &v : r->values())
        visitExpr(v);
      carryValues(r->values());
      return;
    }
    if (auto *sc = dynCast<Scope>(s)) {
      visitAttrs(sc->attrs());
      bool inner = orch && sc->scopeKind() == ScopeKind::Runtime && !isManualRuntimeScope(*sc);
      walkBlock(sc->body(), inner);
      if (sc->taskId())
        bindCarried(sc->taskId().get());
      return;
    }
    if (isa<Break>(s) || isa<Continue>(s))
      exits.push_back(pos_);
  }

  /// `x = op(.., x, ..)` where the op's result is the buffer of that argument, and no other
  /// tensor's storage flows into the result.
  static bool inPlace(const Var &x, const Expr &value, const std::vector<const Var *> &from) {
    auto *c = dynCast<Call>(&value);
    if (!c || !c->target().isOp())
      return false;
    auto k = c->target().op->outputAliasesArg;
    if (!k || static_cast<size_t>(*k) >= c->args().size() || c->args()[*k].get() != &x)
      return false;
    return std::all_of(from.begin(), from.end(), [&](const Var *v) { return v == &x; });
  }

  std::unordered_map<const Var *, VarInfo> vars_;
  std::unordered_map<const Var *, std::vector<uint32_t>> classes_;
  const Var *carried_ = nullptr;
  uint32_t pos_ = 0;
};

/// Whether some position of the ascending `ps` lies in [lo, hi).
bool anyIn(const std::vector<uint32_t> &ps, uint32_t lo, uint32_t hi) {
  auto it = std::lower_bound(ps.begin(), ps.end(), lo);
  return it != ps.end() && *it < hi;
}

class Rewriter final : public IRMutator {
public:
  std::unordered_map<const Stmt *, StmtPtr> replace; ///< nullptr: removed

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &a) override {
    auto it = replace.find(a.get());
    return it == replace.end() ? a : it->second;
  }
  StmtPtr mutateSeq(const std::shared_ptr<const Seq> &s) override {
    std::vector<StmtPtr> out;
    bool changed = false;
    for (auto &c : s->stmts()) {
      auto it = replace.find(c.get());
      if (it != replace.end() && !it->second) {
        changed = true;
        continue;
      }
      StmtPtr n = mutateStmt(c);
      changed |= n != c;
      out.push_back(n);
    }
    return changed ? Seq::make(std::move(out), s->span()) : s;
  }
};

/// The fused slice for the create `cr` (binding t) and the assemble `as` into o, or nullptr.
ExprPtr sliceFor(const Assign &cr, const Call &as) {
  auto *tt = dynCast<TensorType>(cr.var()->type());
  if (!tt)
    return nullptr;
  DiagnosticEngine scratch;
  ExprPtr s = makeOpCall("tensor.slice", {as.args()[0], MakeTuple::make(tt->shape()), as.args()[2]},
                         {}, cr.span(), scratch);
  if (!s || !structuralEqual(s->type(), cr.var()->type()))
    return nullptr;
  return s;
}

} // namespace

FunctionPtr fuseCreateAssembleToSlice(const FunctionPtr &f) {
  if (f->type() != FunctionType::Orchestration && f->type() != FunctionType::Opaque)
    return f;
  Analysis an(*f);
  an.finish();
  Rewriter rw;
  for (auto &b : an.blocks) {
    std::unordered_map<const Var *, size_t> created; // t -> index of its create in b
    for (size_t j = 0; j < b.stmts.size(); ++j) {
      auto *a = dynCast<Assign>(b.stmts[j]);
      if (!a)
        continue;
      if (isOpCall(a->value().get(), "tensor.create")) {
        created[a->var().get()] = j;
        continue;
      }
      auto *c = dynCast<Call>(a->value());
      if (!isOpCall(c, "tensor.assemble") || c->args().size() != 3)
        continue;
      auto *t = dynCast<Var>(c->args()[1]);
      auto *o = dynCast<Var>(c->args()[0]);
      auto *off = dynCast<MakeTuple>(c->args()[2]);
      auto it = t ? created.find(t) : created.end();
      if (it == created.end() || !o || o == t || !off)
        continue;
      const size_t i = it->second;
      created.erase(it);
      const auto *ti = an.find(t);
      if (!ti || ti->other || ti->creates != 1)
        continue;
      auto [lo, loEnd] = b.span[i];
      auto [at, end] = b.span[j];
      // every mention of t in S[i..j]; the assemble names it once (its source)
      if (ti->mentions.front() < lo || ti->mentions.back() >= end ||
          std::count_if(c->args().begin(), c->args().end(),
                        [&](const ExprPtr &e) { return e.get() == t; }) != 1)
        continue;
      // nothing naming o's storage between the two, and no way to leave before the assemble
      // (a break, continue or return there would skip it: o must not see t's writes then)
      if (an.root(o) == an.root(t) || anyIn(an.classMentions(o), loEnd, at) ||
          anyIn(an.exits, loEnd, at))
        continue;
      CallFinder calls;
      calls.visitExpr(c->args()[2]);
      bool moved = !calls.found;
      for (auto &e : off->elements()) {
        VarUses used;
        used.visitExpr(e);
        for (const Var *v : used.vars)
          if (const auto *vi = an.find(v); vi && anyIn(vi->binds, lo, at))
            moved = false;
      }
      if (!moved)
        continue;
      auto *cr = dynCast<Assign>(b.stmts[i]);
      ExprPtr slice = sliceFor(*cr, *c);
      if (!slice)
        continue;
      rw.replace[cr] = Assign::make(cr->var(), slice, cr->span());
      rw.replace[a] =
          a->var().get() == o ? nullptr : Assign::make(a->var(), c->args()[0], a->span());
    }
  }
  if (rw.replace.empty())
    return f;
  return rw.mutateFunction(f);
}

PL_DEFINE_FUNCTION_PASS(FuseCreateAssembleToSlice, fuseCreateAssembleToSlice)

} // namespace pl::passes
