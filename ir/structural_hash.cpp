// Structural hashing of IR trees, consistent with structuralEqual (see structural_equal.cpp):
// binding sites are numbered in traversal order, uses hash by that number, free vars by id.
#include "ir/structural_equal.h"

#include <bit>
#include <unordered_map>

namespace pl::ir {

namespace {

/// Mirrors the traversal order of structural_equal.cpp's Equal.
class Hasher {
public:
  /// With `numberFreeVars`, free variables hash by first-occurrence order (as Program/Function
  /// equality maps them); otherwise by id.
  explicit Hasher(bool numberFreeVars = false) : numberFree_(numberFreeVars) {}
  size_t value() const { return h_; }
  void program(const Program &p);
  void function(const Function &f);
  void stmt(const StmtPtr &s);
  void expr(const ExprPtr &e);
  void type(const TypePtr &t);

private:
  enum Tag : uint64_t { Null = 0x51, Def, Use, Free, Redef, Memref, List };
  void mix(uint64_t v) { h_ ^= v + 0x9e3779b97f4a7c15ULL + (h_ << 6) + (h_ >> 2); }
  void mixStr(std::string_view s) { mix(std::hash<std::string_view>{}(s)); }
  void exprs(const ExprList &es) {
    mix(List);
    mix(es.size());
    for (auto &e : es)
      expr(e);
  }
  void defVar(const VarPtr &v);
  void useVar(const Var &v);
  void memref(const MemRef &m);
  void iterArgs(const std::vector<IterArg> &args);
  void attrs(const AttrList &attrs);
  void target(const CallTarget &t) {
    mix(reinterpret_cast<uintptr_t>(t.op));
    if (!t.op)
      mixStr(t.function);
  }
  void exprFields(const Expr &e);
  void stmtFields(const Stmt &s);
  void loop(const For &s);

  uint64_t h_ = 0;
  std::unordered_map<const Var *, uint64_t> numbers_;
  std::unordered_map<const Var *, uint64_t> freeNumbers_;
  bool numberFree_ = false;
};

void Hasher::defVar(const VarPtr &v) {
  if (!v)
    return mix(Null);
  if (isa<MemRef>(v))
    return useVar(*v);
  type(v->type());
  if (auto it = numbers_.find(v.get()); it != numbers_.end()) {
    mix(Redef);
    return mix(it->second);
  }
  mix(Def);
  numbers_.emplace(v.get(), numbers_.size());
}

void Hasher::useVar(const Var &v) {
  mix(static_cast<uint64_t>(v.kind()));
  if (auto it = numbers_.find(&v); it != numbers_.end()) {
    mix(Use);
    return mix(it->second);
  }
  if (auto *m = dynCast<MemRef>(&v))
    return memref(*m);
  mix(Free);
  if (!numberFree_)
    return mix(v.id());
  auto [it, inserted] = freeNumbers_.emplace(&v, freeNumbers_.size());
  (void)inserted;
  mix(it->second);
}

void Hasher::memref(const MemRef &m) {
  mix(Memref);
  mix(m.size());
  mix(m.pinned());
  mix(m.slotCount());
  mix(m.slotIndex());
  if (!m.base()) {
    mix(Null);
  } else if (numbers_.count(m.base().get()) || isa<MemRef>(m.base())) {
    useVar(*m.base());
  } else { // an unbound base is bound here (see Equal::memrefBase)
    type(m.base()->type());
    mix(Def);
    numbers_.emplace(m.base().get(), numbers_.size());
  }
  expr(m.byteOffset());
  numbers_.emplace(&m, numbers_.size());
}

void Hasher::iterArgs(const std::vector<IterArg> &args) {
  mix(args.size());
  for (auto &a : args)
    expr(a.init);
  for (auto &a : args)
    defVar(a.var);
}

void Hasher::attrs(const AttrList &attrs) {
  mix(attrs.size());
  for (auto &[k, v] : attrs) {
    mixStr(k);
    mix(v.index());
    std::visit(
        [&](const auto &x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, double>)
            mix(std::bit_cast<uint64_t>(x));
          else if constexpr (std::is_same_v<T, ExprPtr>)
            expr(x);
          else if constexpr (std::is_same_v<T, ExprList>)
            exprs(x);
          else if constexpr (std::is_same_v<T, std::string>)
            mixStr(x);
          else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
            mix(x.size());
            for (auto i : x)
              mix(static_cast<uint64_t>(i));
          } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
            mix(x.size());
            for (auto &s : x)
              mixStr(s);
          } else
            mix(static_cast<uint64_t>(x));
        },
        v);
  }
}

void Hasher::expr(const ExprPtr &e) {
  if (!e)
    return mix(Null);
  mix(static_cast<uint64_t>(e->kind()) + 0x100);
  if (auto *v = dynCast<Var>(e))
    return useVar(*v);
  exprFields(*e);
  type(e->type());
}

void Hasher::exprFields(const Expr &e) {
  switch (e.kind()) {
  case ExprKind::ConstInt:
    return mix(static_cast<uint64_t>(static_cast<const ConstInt &>(e).value()));
  case ExprKind::ConstFloat:
    return mix(std::bit_cast<uint64_t>(static_cast<const ConstFloat &>(e).value()));
  case ExprKind::ConstBool:
    return mix(static_cast<const ConstBool &>(e).value());
  case ExprKind::Binary: {
    auto &b = static_cast<const Binary &>(e);
    mix(static_cast<uint64_t>(b.op()));
    expr(b.lhs());
    return expr(b.rhs());
  }
  case ExprKind::Unary: {
    auto &u = static_cast<const Unary &>(e);
    mix(static_cast<uint64_t>(u.op()));
    return expr(u.operand());
  }
  case ExprKind::Call: {
    auto &c = static_cast<const Call &>(e);
    target(c.target());
    exprs(c.args());
    attrs(c.kwargs());
    return attrs(c.attrs());
  }
  case ExprKind::Submit: {
    auto &c = static_cast<const Submit &>(e);
    target(c.target());
    exprs(c.args());
    exprs(c.deps());
    expr(c.coreNum());
    mix(c.syncStart() * 2 + c.allowEarlyResolve());
    return expr(c.predicate());
  }
  case ExprKind::MakeTuple:
    return exprs(static_cast<const MakeTuple &>(e).elements());
  case ExprKind::TupleGetItem: {
    auto &t = static_cast<const TupleGetItem &>(e);
    mix(static_cast<uint64_t>(t.index()));
    return expr(t.tuple());
  }
  case ExprKind::Var:
  case ExprKind::MemRef:
    break;
  }
}

void Hasher::stmt(const StmtPtr &s) {
  if (!s)
    return mix(Null);
  mix(static_cast<uint64_t>(s->kind()) + 0x200);
  stmtFields(*s);
}

void Hasher::stmtFields(const Stmt &s) {
  switch (s.kind()) {
  case StmtKind::Assign:
    expr(static_cast<const Assign &>(s).value());
    return defVar(static_cast<const Assign &>(s).var());
  case StmtKind::Eval:
    return expr(static_cast<const Eval &>(s).expr());
  case StmtKind::Seq:
    mix(static_cast<const Seq &>(s).stmts().size());
    for (auto &c : static_cast<const Seq &>(s).stmts())
      stmt(c);
    return;
  case StmtKind::If: {
    auto &x = static_cast<const If &>(s);
    expr(x.cond());
    stmt(x.thenBody());
    stmt(x.elseBody());
    mix(x.returnVars().size());
    for (auto &v : x.returnVars())
      defVar(v);
    return;
  }
  case StmtKind::For:
    return loop(static_cast<const For &>(s));
  case StmtKind::While: {
    auto &x = static_cast<const While &>(s);
    iterArgs(x.iterArgs());
    expr(x.cond());
    stmt(x.body());
    mix(x.returnVars().size());
    for (auto &v : x.returnVars())
      defVar(v);
    return;
  }
  case StmtKind::Yield:
    return exprs(static_cast<const Yield &>(s).values());
  case StmtKind::Return:
    return exprs(static_cast<const Return &>(s).values());
  case StmtKind::Break:
  case StmtKind::Continue:
    return;
  case StmtKind::Scope: {
    auto &x = static_cast<const Scope &>(s);
    mix(static_cast<uint64_t>(x.scopeKind()));
    mixStr(x.nameHint());
    attrs(x.useAttrs());
    stmt(x.body());
    return defVar(x.taskIdVar()); // the "task_id" binding, after the body
  }
  case StmtKind::Inline:
    return mixStr(static_cast<const InlineCode &>(s).text());
  }
}

void Hasher::loop(const For &s) {
  expr(s.start());
  expr(s.stop());
  expr(s.step());
  mix(static_cast<uint64_t>(s.forKind()));
  attrs(s.attrs());
  defVar(s.loopVar());
  iterArgs(s.iterArgs());
  stmt(s.body());
  mix(s.returnVars().size());
  for (auto &v : s.returnVars())
    defVar(v);
}

void Hasher::type(const TypePtr &t) {
  if (!t)
    return mix(Null);
  mix(static_cast<uint64_t>(t->kind()) + 0x300);
  if (auto *st = dynCast<ScalarType>(t))
    return mix(static_cast<uint64_t>(st->dtype()));
  if (auto *sh = dynCast<ShapedType>(t)) {
    mix(static_cast<uint64_t>(sh->dtype()));
    exprs(sh->shape());
  }
  if (auto *tt = dynCast<TensorType>(t)) {
    mix(tt->view().has_value());
    if (auto &v = tt->view()) {
      exprs(v->stride);
      mix(static_cast<uint64_t>(v->layout));
      exprs(v->validShape);
      mix(static_cast<uint64_t>(v->pad));
    }
  } else if (auto *tt = dynCast<TileType>(t)) {
    mix(tt->memorySpace() ? static_cast<uint64_t>(*tt->memorySpace()) + 1 : 0);
    mix(tt->view().has_value());
    if (auto &v = tt->view()) {
      exprs(v->validShape);
      exprs(v->stride);
      expr(v->startOffset);
      mix(static_cast<uint64_t>(v->blayout) | static_cast<uint64_t>(v->slayout) << 8 |
          static_cast<uint64_t>(v->pad) << 16 | static_cast<uint64_t>(v->compact) << 24);
      mix(static_cast<uint64_t>(v->fractal));
    }
    if (tt->memref())
      useVar(*tt->memref());
    else
      mix(Null);
  } else if (auto *tu = dynCast<TupleType>(t)) {
    mix(tu->elements().size());
    for (auto &e : tu->elements())
      type(e);
  } else if (auto *p = dynCast<PtrType>(t)) {
    mix(static_cast<uint64_t>(p->memorySpace()));
  } else if (auto *a = dynCast<ArrayType>(t)) {
    mix(static_cast<uint64_t>(a->dtype()));
    mix(static_cast<uint64_t>(a->size()));
  }
}

void Hasher::function(const Function &f) {
  numbers_.clear();
  mix(static_cast<uint64_t>(f.type()));
  mix(f.level() ? static_cast<uint64_t>(*f.level()) + 1 : 0);
  mix(f.role() ? static_cast<uint64_t>(*f.role()) + 1 : 0);
  mix(f.params().size());
  for (auto &p : f.params()) {
    mix(static_cast<uint64_t>(p.direction));
    defVar(p.var);
  }
  mix(f.returnTypes().size());
  for (auto &t : f.returnTypes())
    type(t);
  attrs(f.attrs());
  stmt(f.body());
}

void Hasher::program(const Program &p) {
  mix(p.functions().size());
  for (auto &f : p.functions()) {
    mixStr(f->name());
    function(*f);
  }
}

} // namespace

size_t structuralHash(const Program &p) {
  Hasher h(/*numberFreeVars=*/true);
  h.program(p);
  return h.value();
}
size_t structuralHash(const Function &f) {
  Hasher h(/*numberFreeVars=*/true);
  h.function(f);
  return h.value();
}
size_t structuralHash(const StmtPtr &s) {
  Hasher h;
  h.stmt(s);
  return h.value();
}
size_t structuralHash(const ExprPtr &e) {
  Hasher h;
  h.expr(e);
  return h.value();
}
size_t structuralHash(const TypePtr &t) {
  Hasher h;
  h.type(t);
  return h.value();
}

} // namespace pl::ir
