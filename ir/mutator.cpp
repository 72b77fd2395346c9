// Default copy-on-write rewriting of IRMutator, with transitive variable remapping.
#include "ir/mutator.h"

namespace pl::ir {

namespace {
/// `mutate` applied to each element, in order; sets `changed` when any result differs.
template <typename T, typename F>
std::vector<T> mutateEach(const std::vector<T> &xs, bool &changed, F mutate) {
  std::vector<T> out;
  out.reserve(xs.size());
  for (auto &x : xs) {
    auto nx = mutate(x);
    changed |= nx != x;
    out.push_back(std::move(nx));
  }
  return out;
}
} // namespace

ProgramPtr IRMutator::mutateProgram(const ProgramPtr &p) {
  bool changed = false;
  std::vector<FunctionPtr> fs;
  fs.reserve(p->functions().size());
  for (auto &f : p->functions()) {
    auto nf = mutateFunction(f);
    changed |= nf != f;
    if (nf)
      fs.push_back(std::move(nf));
  }
  return changed ? p->withFunctions(std::move(fs)) : p;
}

FunctionPtr IRMutator::mutateFunction(const FunctionPtr &f) {
  bool changed = false;
  std::vector<Param> params;
  params.reserve(f->params().size());
  for (auto &p : f->params()) {
    auto v = mutateVarDef(p.var);
    changed |= v != p.var;
    params.push_back({v, p.direction});
  }
  auto rets = mutateTypes(f->returnTypes(), changed);
  auto attrs = mutateAttrs(f->attrs(), changed);
  auto body = mutateBody(f->body(), changed);
  if (!changed)
    return f;
  return Function::make(f->name(), f->type(), std::move(params), std::move(rets), std::move(body),
                        f->level(), f->role(), std::move(attrs), f->span());
}

StmtPtr IRMutator::mutateStmt(const StmtPtr &s) {
  if (!s)
    return s;
  switch (s->kind()) {
#define PL_DISPATCH(n)                                                                             \
  case StmtKind::n:                                                                                \
    return mutate##n(std::static_pointer_cast<const n>(s));
    PL_STMT_KINDS(PL_DISPATCH)
#undef PL_DISPATCH
  }
  return s;
}

ExprPtr IRMutator::mutateExpr(const ExprPtr &e) {
  if (!e)
    return e;
  switch (e->kind()) {
  case ExprKind::Var:
  case ExprKind::MemRef:
    return mutateVarUse(std::static_pointer_cast<const Var>(e));
#define PL_DISPATCH(n)                                                                             \
  case ExprKind::n:                                                                                \
    return mutate##n(std::static_pointer_cast<const n>(e));
    PL_NON_VAR_EXPR_KINDS(PL_DISPATCH)
#undef PL_DISPATCH
  }
  return e;
}

TypePtr IRMutator::mutateType(const TypePtr &t) {
  if (!t)
    return t;
  bool changed = false;
  if (auto *tt = dynCast<TensorType>(t)) {
    auto shape = mutateExprs(tt->shape(), changed);
    auto view = tt->view();
    if (view) {
      view->stride = mutateExprs(view->stride, changed);
      view->validShape = mutateExprs(view->validShape, changed);
    }
    return changed ? TensorType::make(tt->dtype(), std::move(shape), std::move(view)) : t;
  }
  if (auto *tt = dynCast<TileType>(t)) {
    auto shape = mutateExprs(tt->shape(), changed);
    auto view = tt->view();
    if (view) {
      view->validShape = mutateExprs(view->validShape, changed);
      view->stride = mutateExprs(view->stride, changed);
      if (view->startOffset) {
        auto o = mutateExpr(view->startOffset);
        changed |= o != view->startOffset;
        view->startOffset = o;
      }
    }
    MemRefPtr memref = tt->memref();
    if (memref) {
      auto m = as<MemRef>(mutateVarUse(memref));
      if (m && m != memref) {
        memref = m;
        changed = true;
      }
    }
    return changed ? TileType::make(tt->dtype(), std::move(shape), tt->memorySpace(),
                                    std::move(view), std::move(memref))
                   : t;
  }
  if (auto *tu = dynCast<TupleType>(t)) {
    auto elems = mutateTypes(tu->elements(), changed);
    return changed ? TupleType::make(std::move(elems)) : t;
  }
  return t;
}

VarPtr IRMutator::mutateVarDef(const VarPtr &v) {
  if (isa<MemRef>(v))
    return v;
  auto nt = mutateType(v->type());
  if (nt == v->type())
    return v;
  auto nv = Var::make(v->name(), nt, v->span());
  remap(v, nv);
  return nv;
}

ExprPtr IRMutator::mutateVarUse(const VarPtr &v) {
  ExprPtr cur = v;
  // Follow the chain transitively (a → b → c); bounded to guard against cycles.
  for (int guard = 0; guard < 64; ++guard) {
    auto *var = dynCast<Var>(cur);
    if (!var)
      break;
    auto it = varRemap_.find(var);
    if (it == varRemap_.end() || it->second.second == cur)
      break;
    cur = it->second.second;
  }
  // A MemRef embeds uses (its base and byte offset): rewrite them, and remap the MemRef so that
  // every later mention resolves to the same new MemRef.
  auto m = as<MemRef>(cur);
  if (!m)
    return cur;
  VarPtr base = m->base();
  if (base)
    if (auto nb = as<Var>(mutateVarUse(base)))
      base = nb;
  auto off = mutateExpr(m->byteOffset());
  if (base == m->base() && off == m->byteOffset())
    return cur;
  auto nm = MemRef::make(m->name(), base, off, m->size(), m->pinned(), m->slotCount(),
                         m->slotIndex(), m->span());
  remap(m, nm);
  return nm;
}

ExprList IRMutator::mutateExprs(const ExprList &es, bool &changed) {
  return mutateEach(es, changed, [&](const ExprPtr &e) { return mutateExpr(e); });
}

AttrList IRMutator::mutateAttrs(const AttrList &attrs, bool &changed) {
  AttrList out = attrs;
  for (auto &[k, v] : out)
    mutateAttrValue(v, changed);
  return out;
}

void IRMutator::mutateAttrValue(AttrValue &v, bool &changed) {
  if (auto *e = std::get_if<ExprPtr>(&v)) {
    auto ne = mutateExpr(*e);
    changed |= ne != *e;
    *e = ne;
  } else if (auto *es = std::get_if<ExprList>(&v)) {
    *es = mutateExprs(*es, changed);
  }
}

std::vector<IterArg> IRMutator::mutateIterArgs(const std::vector<IterArg> &args, bool &changed) {
  std::vector<IterArg> out;
  out.reserve(args.size());
  for (auto &a : args) {
    auto init = mutateExpr(a.init);
    changed |= init != a.init;
    out.push_back({nullptr, init});
  }
  for (size_t i = 0; i < args.size(); ++i) {
    out[i].var = mutateVarDef(args[i].var);
    changed |= out[i].var != args[i].var;
  }
  return out;
}

std::vector<TypePtr> IRMutator::mutateTypes(const std::vector<TypePtr> &ts, bool &changed) {
  return mutateEach(ts, changed, [&](const TypePtr &t) { return mutateType(t); });
}

std::vector<VarPtr> IRMutator::mutateVarDefs(const std::vector<VarPtr> &vs, bool &changed) {
  return mutateEach(vs, changed, [&](const VarPtr &v) { return mutateVarDef(v); });
}

StmtPtr IRMutator::mutateBody(const StmtPtr &s, bool &changed) {
  if (!s)
    return s;
  auto ns = mutateStmt(s);
  changed |= ns != s;
  return ns ? ns : Seq::make({}, s->span());
}

StmtPtr IRMutator::mutateAssign(const std::shared_ptr<const Assign> &s) {
  auto value = mutateExpr(s->value());
  auto var = mutateVarDef(s->var());
  if (value == s->value() && var == s->var())
    return s;
  return Assign::make(var, value, s->span());
}

StmtPtr IRMutator::mutateEval(const std::shared_ptr<const Eval> &s) {
  auto e = mutateExpr(s->expr());
  return e == s->expr() ? s : Eval::make(e, s->span());
}

StmtPtr IRMutator::mutateSeq(const std::shared_ptr<const Seq> &s) {
  bool changed = false;
  std::vector<StmtPtr> out;
  out.reserve(s->stmts().size());
  for (auto &c : s->stmts()) {
    auto nc = mutateStmt(c);
    changed |= nc != c;
    if (nc)
      out.push_back(std::move(nc));
  }
  if (!changed)
    return s;
  auto flat = Seq::flatten(std::move(out), s->span());
  return flat;
}

StmtPtr IRMutator::mutateIf(const std::shared_ptr<const If> &s) {
  bool changed = false;
  auto cond = mutateExpr(s->cond());
  changed |= cond != s->cond();
  auto thenB = mutateBody(s->thenBody(), changed);
  StmtPtr elseB = s->elseBody();
  if (elseB) {
    elseB = mutateStmt(elseB);
    changed |= elseB != s->elseBody();
  }
  auto rets = mutateVarDefs(s->returnVars(), changed);
  if (!changed)
    return s;
  return If::make(cond, thenB, elseB, std::move(rets), s->span());
}

StmtPtr IRMutator::mutateFor(const std::shared_ptr<const For> &s) {
  bool changed = false;
  auto start = mutateExpr(s->start());
  auto stop = mutateExpr(s->stop());
  auto step = mutateExpr(s->step());
  changed |= start != s->start() || stop != s->stop() || step != s->step();
  auto attrs = mutateAttrs(s->attrs(), changed);
  auto lv = mutateVarDef(s->loopVar());
  changed |= lv != s->loopVar();
  auto iters = mutateIterArgs(s->iterArgs(), changed);
  auto body = mutateBody(s->body(), changed);
  auto rets = mutateVarDefs(s->returnVars(), changed);
  if (!changed)
    return s;
  return For::make(lv, start, stop, step, std::move(iters), body, std::move(rets), s->forKind(),
                   std::move(attrs), s->span());
}

StmtPtr IRMutator::mutateWhile(const std::shared_ptr<const While> &s) {
  bool changed = false;
  auto iters = mutateIterArgs(s->iterArgs(), changed);
  auto cond = mutateExpr(s->cond());
  changed |= cond != s->cond();
  auto body = mutateBody(s->body(), changed);
  auto rets = mutateVarDefs(s->returnVars(), changed);
  if (!changed)
    return s;
  return While::make(cond, std::move(iters), body, std::move(rets), s->span());
}

StmtPtr IRMutator::mutateYield(const std::shared_ptr<const Yield> &s) {
  bool changed = false;
  auto vs = mutateExprs(s->values(), changed);
  return changed ? Yield::make(std::move(vs), s->span()) : s;
}

StmtPtr IRMutator::mutateReturn(const std::shared_ptr<const Return> &s) {
  bool changed = false;
  auto vs = mutateExprs(s->values(), changed);
  return changed ? Return::make(std::move(vs), s->span()) : s;
}

StmtPtr IRMutator::mutateBreak(const std::shared_ptr<const Break> &s) { return s; }
StmtPtr IRMutator::mutateContinue(const std::shared_ptr<const Continue> &s) { return s; }

/// Attr uses before the body; the task id binding after it, through mutateVarDef.
StmtPtr IRMutator::mutateScope(const std::shared_ptr<const Scope> &s) {
  bool changed = false;
  AttrList attrs = s->attrs();
  for (auto &a : attrs)
    mutateAttrValue(a.second, changed);
  auto body = mutateBody(s->body(), changed);
  VarPtr tid = s->taskId() ? mutateVarDef(s->taskId()) : nullptr;
  changed |= tid != s->taskId();
  if (!changed)
    return s;
  return Scope::make(s->scopeKind(), s->nameHint(), body, std::move(attrs), std::move(tid),
                     s->span());
}

ExprPtr IRMutator::mutateConstInt(const std::shared_ptr<const ConstInt> &e) { return e; }
ExprPtr IRMutator::mutateConstFloat(const std::shared_ptr<const ConstFloat> &e) { return e; }
ExprPtr IRMutator::mutateConstBool(const std::shared_ptr<const ConstBool> &e) { return e; }

ExprPtr IRMutator::mutateBinary(const std::shared_ptr<const Binary> &e) {
  auto l = mutateExpr(e->lhs());
  auto r = mutateExpr(e->rhs());
  if (l == e->lhs() && r == e->rhs())
    return e;
  return Binary::make(e->op(), l, r, e->span());
}

ExprPtr IRMutator::mutateUnary(const std::shared_ptr<const Unary> &e) {
  auto o = mutateExpr(e->operand());
  if (o == e->operand())
    return e;
  if (e->op() == UnaryOp::Cast)
    return std::make_shared<const Unary>(UnaryOp::Cast, o, e->type(), e->span());
  return Unary::make(e->op(), o, e->span());
}

ExprPtr IRMutator::mutateCall(const std::shared_ptr<const Call> &e) {
  bool changed = false;
  auto args = mutateExprs(e->args(), changed);
  auto kwargs = mutateAttrs(e->kwargs(), changed);
  auto attrs = mutateAttrs(e->attrs(), changed);
  auto type = mutateType(e->type());
  changed |= type != e->type();
  if (!changed)
    return e;
  return Call::make(e->target(), std::move(args), std::move(kwargs), std::move(attrs), type,
                    e->span());
}

ExprPtr IRMutator::mutateSubmit(const std::shared_ptr<const Submit> &e) {
  bool changed = false;
  auto args = mutateExprs(e->args(), changed);
  auto deps = mutateExprs(e->deps(), changed);
  auto core = mutateExpr(e->coreNum());
  auto pred = mutateExpr(e->predicate());
  auto attrs = mutateAttrs(e->attrs(), changed);
  auto type = mutateType(e->type());
  changed |= core != e->coreNum() || pred != e->predicate() || type != e->type();
  if (!changed)
    return e;
  return std::make_shared<const Submit>(e->target(), std::move(args), std::move(deps), core,
                                        e->syncStart(), e->allowEarlyResolve(), pred,
                                        std::move(attrs), type, e->span());
}

ExprPtr IRMutator::mutateMakeTuple(const std::shared_ptr<const MakeTuple> &e) {
  bool changed = false;
  auto elems = mutateExprs(e->elements(), changed);
  return changed ? MakeTuple::make(std::move(elems), e->span()) : e;
}

ExprPtr IRMutator::mutateTupleGetItem(const std::shared_ptr<const TupleGetItem> &e) {
  auto t = mutateExpr(e->tuple());
  return t == e->tuple() ? e : TupleGetItem::make(t, e->index(), e->span());
}

} // namespace pl::ir
