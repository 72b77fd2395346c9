// ExpandMixedKernel: InCore kernels retyped AIC / AIV by op affinity, mixed ones split into an
// AIC kernel, an AIV kernel and a Group (see expand_mixed_kernel.h).
#include "passes/expand_mixed_kernel.h"

#include "ir/clone.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "ir/visitor.h"
#include "passes/dce.h"
#include "passes/utils/core_affinity.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

/// The combined affinity of a kernel.
class AffinityCollector : public IRVisitor {
public:
  AffinityCollector() { visitTypes_ = false; }
  CoreAffinity combined = CoreAffinity::Shared;

  void visitCall(const Call &c) override {
    IRVisitor::visitCall(c);
    combined = combineAffinity(combined, classifyCallAffinity(c));
  }
};

FunctionPtr retype(const Function &f, FunctionType t) {
  AttrList attrs;
  for (auto &kv : f.attrs())
    if (kv.first != "split" && kv.first != "slot_num")
      attrs.push_back(kv);
  std::optional<Level> level = f.level();
  if (level)
    level = t == FunctionType::AIC ? Level::AIC : Level::AIV;
  return Function::make(f.name(), t, f.params(), f.returnTypes(), f.body(), level, f.role(),
                        std::move(attrs), f.span());
}

/// The variables an expression uses (its type's symbols included).
class UseCollector : public IRVisitor {
public:
  std::vector<VarPtr> uses;
  void visitVarUse(const VarPtr &v) override { uses.push_back(v); }
};

/// The side a variable's value lives on: its tile's memory side, else shared.
CoreAffinity sideOfType(const TypePtr &t) {
  auto *tt = dynCast<TileType>(t);
  if (!tt || !tt->memorySpace())
    return CoreAffinity::Shared;
  return memorySpaceSide(*tt->memorySpace()).value_or(CoreAffinity::Shared);
}

const char *sideName(CoreAffinity s) { return s == CoreAffinity::Cube ? "cube" : "vector"; }

int64_t tileBytes(const TileType &t) {
  int64_t n = dtypeBytes(t.dtype());
  for (const ExprPtr &d : t.shape())
    n *= constIntValue(d).value_or(1);
  return n;
}

/// Replaces uses of variables by expressions (tensor versions the other side defines become the
/// buffer they name).
class Substituter : public IRMutator {
public:
  explicit Substituter(const std::unordered_map<const Var *, ExprPtr> &m) : map_(&m) {}
  ExprPtr mutateVarUse(const VarPtr &v) override {
    auto it = map_->find(v.get());
    return it == map_->end() ? v : it->second;
  }

private:
  const std::unordered_map<const Var *, ExprPtr> *map_;
};

/// One side's copy of a mixed kernel body: its own ops and the shared ones it can compute,
/// boundaries replaced by pipe ops, loops and ifs cloned with the carries of its side.
class Projector {
public:
  Projector(CoreAffinity side, const Function &f, int64_t split, DiagnosticEngine &diags)
      : side_(side), f_(f), split_(split), diags_(diags) {
    for (const Param &p : f.params())
      avail_.insert(p.var.get());
  }

  StmtPtr run() { return project(f_.body()); }
  bool failed() const { return failed_; }
  bool c2v = false, v2c = false;
  int64_t slotBytes = 0;

private:
  /// A yield's kept positions and the positions found not computable on this side.
  struct Frame {
    std::vector<bool> keep;
    std::vector<bool> drop;
  };

  CoreAffinity side_;
  const Function &f_;
  int64_t split_;
  DiagnosticEngine &diags_;
  std::unordered_set<const Var *> avail_;
  std::unordered_map<const Var *, ExprPtr> otherTensor_; ///< tensor versions of the other side
  std::vector<Frame> frames_;
  bool failed_ = false;

  bool mine(CoreAffinity a) const { return a == CoreAffinity::Shared || a == side_; }

  void error(const char *code, const Span &span, std::string msg) {
    diags_.error(code, span, std::move(msg));
    failed_ = true;
  }

  /// The first variable `e` uses that this side has not computed, or null.
  const VarPtr *missing(const ExprPtr &e, std::vector<VarPtr> &store) {
    UseCollector uc;
    uc.visitExpr(e);
    store = std::move(uc.uses);
    for (const VarPtr &v : store)
      if (!avail_.count(v.get()) && !otherTensor_.count(v.get()))
        return &v;
    return nullptr;
  }
  bool usesOtherTensor(const ExprPtr &e) {
    UseCollector uc;
    uc.visitExpr(e);
    for (const VarPtr &v : uc.uses)
      if (otherTensor_.count(v.get()))
        return true;
    return false;
  }
  ExprPtr subst(const ExprPtr &e) {
    if (otherTensor_.empty())
      return e;
    Substituter s(otherTensor_);
    return s.mutateExpr(e);
  }

  void needsUnavailable(const Span &span, const VarPtr &v) {
    error("MK002", span,
          "the " + std::string(sideName(side_)) + " side of mixed kernel '" + f_.name() +
              "' needs '" + v->name() +
              "', which only the other core computes; values cross between the cube and the "
              "vector cores only as tiles (a tile.move between their memory spaces)");
  }

  ExprPtr op(std::string_view name, ExprList args, AttrList kwargs, const Span &span) {
    ExprPtr c = makeOpCall(name, std::move(args), std::move(kwargs), span, diags_);
    if (!c)
      failed_ = true;
    return c;
  }
  AttrList splitKw() const { return {{"split", split_}}; }

  StmtPtr project(const StmtPtr &s) {
    if (!s)
      return nullptr;
    switch (s->kind()) {
    case StmtKind::Seq: {
      std::vector<StmtPtr> out;
      for (const StmtPtr &c : static_cast<const Seq *>(s.get())->stmts())
        if (StmtPtr p = project(c))
          out.push_back(p);
      return Seq::flatten(std::move(out), s->span());
    }
    case StmtKind::Assign:
      return assign(*static_cast<const Assign *>(s.get()), s);
    case StmtKind::Eval:
      return eval(*static_cast<const Eval *>(s.get()), s);
    case StmtKind::For:
    case StmtKind::While:
      return loop(s);
    case StmtKind::If:
      return ifStmt(*static_cast<const If *>(s.get()));
    case StmtKind::Yield:
      return yield(*static_cast<const Yield *>(s.get()));
    case StmtKind::Return:
      return ret(*static_cast<const Return *>(s.get()));
    default:
      error("MK002", s->span(),
            "mixed kernel '" + f_.name() + "' contains a statement that cannot be split");
      return nullptr;
    }
  }

  /// The affinity of a bound value: its op's, else the side of the variable's type.
  static CoreAffinity affinityOf(const ExprPtr &value, const TypePtr &varType) {
    if (auto *c = dynCast<Call>(value); c && c->target().isOp())
      return classifyCallAffinity(*c);
    return sideOfType(varType);
  }

  /// The buffer a tensor version names: a store's (or other aliasing op's) destination.
  ExprPtr tensorRoot(const Call &c) {
    const Op *o = c.target().op;
    if (!o || !o->outputAliasesArg || size_t(*o->outputAliasesArg) >= c.args().size())
      return nullptr;
    return subst(c.args()[size_t(*o->outputAliasesArg)]);
  }

  StmtPtr assign(const Assign &a, const StmtPtr &s) {
    auto *call = dynCast<Call>(a.value());
    CoreAffinity aff = affinityOf(a.value(), a.var()->type());
    if (aff == CoreAffinity::Mixed && call)
      return boundary(a, *call);
    if (!mine(aff)) {
      if (isa<TensorType>(a.var()->type().get()) && call)
        if (ExprPtr root = tensorRoot(*call))
          otherTensor_[a.var().get()] = root;
      return nullptr;
    }
    std::vector<VarPtr> uses;
    if (const VarPtr *m = missing(a.value(), uses)) {
      if (aff == CoreAffinity::Shared)
        return nullptr; // a value only the other side can compute; DCE-like skip
      needsUnavailable(a.span(), *m);
      avail_.insert(a.var().get()); // reported once, not again at each use
      return nullptr;
    }
    if (usesOtherTensor(a.value())) {
      crossTensor(a.span());
      avail_.insert(a.var().get());
      return nullptr;
    }
    avail_.insert(a.var().get());
    return s;
  }

  StmtPtr eval(const Eval &e, const StmtPtr &s) {
    auto *call = dynCast<Call>(e.expr());
    CoreAffinity aff =
        call && call->target().isOp() ? classifyCallAffinity(*call) : CoreAffinity::Shared;
    if (!mine(aff))
      return nullptr;
    std::vector<VarPtr> uses;
    if (const VarPtr *m = missing(e.expr(), uses)) {
      if (aff == CoreAffinity::Shared)
        return nullptr;
      needsUnavailable(e.span(), *m);
      return nullptr;
    }
    if (usesOtherTensor(e.expr())) {
      crossTensor(e.span());
      return nullptr;
    }
    return s;
  }

  void crossTensor(const Span &span) {
    error("MK003", span,
          "the " + std::string(sideName(side_)) + " side of mixed kernel '" + f_.name() +
              "' accesses a tensor the other core has written in the same kernel; the cores "
              "are not ordered through global memory: pass the tile across instead, or split "
              "the scope in two");
  }

  /// A tile.move across the divide: a push on the source side, a pop (and its free) on the
  /// destination side.
  StmtPtr boundary(const Assign &a, const Call &c) {
    const ExprPtr &src = c.args()[0];
    CoreAffinity from = sideOfType(src->type());
    auto *dst = dynCast<TileType>(a.var()->type());
    const Span &span = a.span();
    bool toVector = from == CoreAffinity::Cube;
    (toVector ? c2v : v2c) = true;
    if (dst)
      slotBytes = std::max(slotBytes, tileBytes(*dst));
    if (side_ == from) {
      ExprPtr push =
          op(toVector ? "tile.tpush_to_aiv" : "tile.tpush_to_aic", {src}, splitKw(), span);
      return push ? Eval::make(push, span) : nullptr;
    }
    if (!dst || !dst->memorySpace())
      return nullptr;
    MemorySpace target = *dst->memorySpace();
    MemorySpace landing = toVector ? MemorySpace::Vec : MemorySpace::Mat;
    ExprPtr shape = MakeTuple::make(dst->shape(), span);
    AttrList kw{{"dtype", dst->dtype()}, {"split", split_}, {"target_memory", landing}};
    ExprPtr pop = op(toVector ? "tile.tpop_from_aic" : "tile.tpop_from_aiv", {shape}, kw, span);
    if (!pop)
      return nullptr;
    const char *freeOp = toVector ? "tile.tfree_to_aic" : "tile.tfree_to_aiv";
    std::vector<StmtPtr> out;
    VarPtr landed = a.var();
    if (target != landing)
      landed = Var::make(a.var()->name() + "_popped", pop->type(), span);
    else if (auto *pc = dynCast<Call>(pop))
      pop = pc->with(pc->target(), pc->args(), pc->attrs(), a.var()->type());
    out.push_back(Assign::make(landed, pop, span));
    if (ExprPtr fr = op(freeOp, {landed}, splitKw(), span))
      out.push_back(Eval::make(fr, span));
    if (landed != a.var())
      if (ExprPtr mv = op("tile.move", {landed}, {{"target_memory", target}}, span))
        out.push_back(Assign::make(a.var(), mv, span));
    avail_.insert(a.var().get());
    return Seq::make(std::move(out), span);
  }

  /// For / While: the carries of this side; a carry whose next value only the other side
  /// computes is dropped (and the loop projected again).
  StmtPtr loop(const StmtPtr &s) {
    auto parts = loopParts(*s);
    std::vector<bool> keep(parts->iterArgs.size());
    for (size_t i = 0; i < keep.size(); ++i)
      keep[i] = mine(sideOfType(parts->iterArgs[i].var->type()));
    auto *f = dynCast<For>(s.get());
    auto *w = dynCast<While>(s.get());
    std::vector<VarPtr> uses;
    for (;;) {
      auto savedAvail = avail_;
      bool savedFailed = failed_;
      size_t savedErrors = diags_.errorCount();
      for (size_t i = 0; i < keep.size(); ++i)
        if (keep[i] && missing(parts->iterArgs[i].init, uses))
          keep[i] = false;
      bool boundsOk = true;
      if (f)
        for (const ExprPtr &e : {f->start(), f->stop(), f->step()})
          boundsOk = boundsOk && !missing(e, uses);
      if (f)
        avail_.insert(f->loopVar().get());
      for (size_t i = 0; i < keep.size(); ++i)
        if (keep[i])
          avail_.insert(parts->iterArgs[i].var.get());
      if (w)
        boundsOk = !missing(w->cond(), uses);
      frames_.push_back({keep, std::vector<bool>(keep.size(), false)});
      StmtPtr body = project(parts->body);
      Frame fr = frames_.back();
      frames_.pop_back();
      bool retry = false;
      for (size_t i = 0; i < keep.size(); ++i)
        if (fr.drop[i])
          keep[i] = false, retry = true;
      if (retry && diags_.errorCount() == savedErrors) {
        avail_ = std::move(savedAvail);
        failed_ = savedFailed;
        continue;
      }
      bool empty = !hasWork(body);
      if (!boundsOk) {
        avail_ = std::move(savedAvail);
        if (empty && std::none_of(keep.begin(), keep.end(), [](bool k) { return k; }))
          return nullptr;
        const VarPtr *m = nullptr;
        if (f)
          for (const ExprPtr &e : {f->start(), f->stop(), f->step()})
            if (!m)
              m = missing(e, uses);
        if (w)
          m = missing(w->cond(), uses);
        if (m)
          needsUnavailable(s->span(), *m);
        return nullptr;
      }
      std::vector<IterArg> iters;
      std::vector<VarPtr> rets;
      for (size_t i = 0; i < keep.size(); ++i)
        if (keep[i]) {
          iters.push_back(parts->iterArgs[i]);
          rets.push_back(parts->returnVars[i]);
          avail_.insert(parts->returnVars[i].get());
        }
      if (empty && iters.empty())
        return nullptr;
      if (f)
        return For::make(f->loopVar(), f->start(), f->stop(), f->step(), std::move(iters), body,
                         std::move(rets), f->forKind(), f->attrs(), f->span());
      return While::make(w->cond(), std::move(iters), body, std::move(rets), w->span());
    }
  }

  /// Whether a projected body does anything but yield.
  static bool hasWork(const StmtPtr &body) {
    if (!body)
      return false;
    if (auto *seq = dynCast<Seq>(body.get())) {
      for (const StmtPtr &c : seq->stmts())
        if (!isa<Yield>(c.get()))
          return true;
      return false;
    }
    return !isa<Yield>(body.get());
  }

  StmtPtr ifStmt(const If &s) {
    std::vector<bool> keep(s.returnVars().size());
    for (size_t i = 0; i < keep.size(); ++i)
      keep[i] = mine(sideOfType(s.returnVars()[i]->type()));
    std::vector<VarPtr> uses;
    for (;;) {
      auto savedAvail = avail_;
      bool savedFailed = failed_;
      size_t savedErrors = diags_.errorCount();
      std::vector<bool> drop(keep.size(), false);
      auto branch = [&](const StmtPtr &b) -> StmtPtr {
        if (!b)
          return nullptr;
        auto before = avail_;
        frames_.push_back({keep, std::vector<bool>(keep.size(), false)});
        StmtPtr out = project(b);
        for (size_t i = 0; i < keep.size(); ++i)
          drop[i] = drop[i] || frames_.back().drop[i];
        frames_.pop_back();
        avail_ = std::move(before); // a branch's definitions are its own
        return out;
      };
      StmtPtr thenB = branch(s.thenBody()), elseB = branch(s.elseBody());
      bool retry = false;
      for (size_t i = 0; i < keep.size(); ++i)
        if (drop[i])
          keep[i] = false, retry = true;
      if (retry && diags_.errorCount() == savedErrors) {
        avail_ = std::move(savedAvail);
        failed_ = savedFailed;
        continue;
      }
      std::vector<VarPtr> rets;
      for (size_t i = 0; i < keep.size(); ++i)
        if (keep[i])
          rets.push_back(s.returnVars()[i]);
      bool empty = !hasWork(thenB) && !hasWork(elseB);
      if (empty && rets.empty())
        return nullptr;
      if (const VarPtr *m = missing(s.cond(), uses)) {
        needsUnavailable(s.span(), *m);
        return nullptr;
      }
      for (const VarPtr &r : rets)
        avail_.insert(r.get());
      if (!thenB)
        thenB = Seq::make({}, s.span());
      if (rets.empty() && !hasWork(elseB))
        elseB = nullptr;
      return If::make(s.cond(), thenB, elseB, std::move(rets), s.span());
    }
  }

  StmtPtr yield(const Yield &y) {
    if (frames_.empty())
      return nullptr;
    Frame &fr = frames_.back();
    ExprList vals;
    std::vector<VarPtr> uses;
    for (size_t i = 0; i < y.values().size() && i < fr.keep.size(); ++i) {
      if (!fr.keep[i])
        continue;
      if (missing(y.values()[i], uses) || usesOtherTensor(y.values()[i])) {
        fr.drop[i] = true;
        continue;
      }
      vals.push_back(y.values()[i]);
    }
    if (vals.empty())
      return nullptr; // a construct without results (on this side) yields nothing
    return Yield::make(std::move(vals), y.span());
  }

  StmtPtr ret(const Return &r) {
    ExprList vals;
    std::vector<VarPtr> uses;
    for (const ExprPtr &v : r.values()) {
      ExprPtr sv = subst(v);
      if (const VarPtr *m = missing(sv, uses)) {
        needsUnavailable(r.span(), *m);
        continue;
      }
      vals.push_back(sv);
    }
    return Return::make(std::move(vals), r.span());
  }
};

/// Whether a function body calls any op.
bool hasOps(const Function &f) {
  struct Finder : IRVisitor {
    bool found = false;
    void visitCall(const Call &c) override {
      found = found || c.target().isOp();
      IRVisitor::visitCall(c);
    }
  } finder;
  finder.visitStmt(f.body());
  return finder.found;
}

/// The GM slots per cross-core pipe of a scope without pl::cross_core_slot.
constexpr int64_t kDefaultSlotNum = 4;

/// `system.<side>_initialize_pipe` first in a projected body.
StmtPtr withPipeSetup(const StmtPtr &body, const char *op, const Projector &p, int64_t split,
                      int64_t slotNum, DiagnosticEngine &diags) {
  if (!p.c2v && !p.v2c)
    return body;
  int64_t mask = (p.c2v ? 1 : 0) | (p.v2c ? 2 : 0);
  ExprPtr init = makeOpCall(op, {},
                            {{"dir_mask", mask},
                             {"slot_size", std::max<int64_t>(p.slotBytes, 32)},
                             {"slot_num", slotNum},
                             {"split", split}},
                            body->span(), diags);
  if (!init)
    return body;
  return Seq::flatten({Eval::make(init, body->span()), body}, body->span());
}

/// Splits one mixed InCore function; appends AIC, AIV and the Group to `out`.
bool splitMixed(const Function &f, std::vector<FunctionPtr> &out, DiagnosticEngine &diags) {
  const int64_t *splitAttr = findAttrAs<int64_t>(f.attrs(), "split");
  const int64_t *slotAttr = findAttrAs<int64_t>(f.attrs(), "slot_num");
  // 4 GM slots unless the scope says otherwise: ptoas's pipes take 4 or 8 (the consumer buffers
  // AllocateMemoryAddr plans hold local_slot_num = 2 of them whatever the count; pl pops by copy).
  int64_t split = splitAttr ? *splitAttr : 0, slotNum = slotAttr ? *slotAttr : kDefaultSlotNum;
  if (split < 0 || split > 2) {
    diags.error(
        "MK004", f.span(),
        "mixed kernel '" + f.name() + "' has split mode " + std::to_string(split) +
            "; expected 0 (none), 1 (up-down) or 2 (left-right) (3, automatic, is resolved by "
            "LowerAutoVectorSplit)");
    return false;
  }
  Projector cube(CoreAffinity::Cube, f, split, diags), vec(CoreAffinity::Vector, f, split, diags);
  StmtPtr cubeBody = cube.run(), vecBody = vec.run();
  if (cube.failed() || vec.failed())
    return false;
  // Cube ops whose results nothing uses and no crossing: the kernel is a vector kernel (and the
  // other way round) once the dead side is gone.
  if (!cube.c2v && !cube.v2c) {
    FunctionPtr c =
        eliminateDeadCode(Function::make(f.name(), f.type(), f.params(), f.returnTypes(), cubeBody,
                                         f.level(), f.role(), f.attrs(), f.span()));
    FunctionPtr v =
        eliminateDeadCode(Function::make(f.name(), f.type(), f.params(), f.returnTypes(), vecBody,
                                         f.level(), f.role(), f.attrs(), f.span()));
    bool cubeIdle = !hasOps(*c), vecIdle = !hasOps(*v);
    if (cubeIdle || vecIdle) {
      out.push_back(retype(cubeIdle ? *v : *c, cubeIdle ? FunctionType::AIV : FunctionType::AIC));
      return true;
    }
  }
  cubeBody = withPipeSetup(cubeBody, "system.aic_initialize_pipe", cube, split, slotNum, diags);
  vecBody = withPipeSetup(vecBody, "system.aiv_initialize_pipe", vec, split, slotNum, diags);
  AttrList kernelAttrs, groupAttrs;
  for (auto &kv : f.attrs())
    if (kv.first != "split" && kv.first != "slot_num")
      kernelAttrs.push_back(kv);
  groupAttrs = kernelAttrs;
  std::string aicName = f.name() + "_aic", aivName = f.name() + "_aiv";
  groupAttrs.push_back({"aic_kernel", aicName});
  groupAttrs.push_back({"aiv_kernel", aivName});
  groupAttrs.push_back({"split", split});
  AttrList aivAttrs = kernelAttrs;
  aivAttrs.push_back({"split", split});
  auto level = [&](Level l) { return f.level() ? std::optional<Level>(l) : std::nullopt; };
  FunctionPtr aic = eliminateDeadCode(
      deepClone(Function::make(aicName, FunctionType::AIC, f.params(), f.returnTypes(), cubeBody,
                               level(Level::AIC), f.role(), kernelAttrs, f.span())));
  FunctionPtr aiv = eliminateDeadCode(
      deepClone(Function::make(aivName, FunctionType::AIV, f.params(), f.returnTypes(), vecBody,
                               level(Level::AIV), f.role(), aivAttrs, f.span())));
  // The Group runs both on one argument list and returns what the kernel returned (tensor
  // parameters: the vector side's return names the same ones).
  ExprList args;
  for (const Param &p : f.params())
    args.push_back(p.var);
  TypePtr callType = functionCallType(f.returnTypes());
  const Span &span = f.span();
  std::vector<StmtPtr> body{
      Eval::make(Call::make(CallTarget{nullptr, aicName}, args, {}, {}, callType, span), span),
      Eval::make(Call::make(CallTarget{nullptr, aivName}, args, {}, {}, callType, span), span)};
  const Return *last = nullptr;
  if (auto *seq = dynCast<Seq>(aiv->body().get()); seq && !seq->stmts().empty())
    last = dynCast<Return>(seq->stmts().back().get());
  ExprList rets;
  if (last)
    for (const ExprPtr &v : last->values())
      for (size_t i = 0; i < aiv->params().size(); ++i)
        if (auto *pv = dynCast<Var>(v); pv && pv == aiv->params()[i].var.get())
          rets.push_back(f.params()[i].var);
  body.push_back(Return::make(rets.size() == f.returnTypes().size() ? rets : ExprList{}, span));
  out.push_back(aic);
  out.push_back(aiv);
  out.push_back(Function::make(f.name(), FunctionType::Group, f.params(), f.returnTypes(),
                               Seq::flatten(std::move(body), span), f.level(), f.role(), groupAttrs,
                               span));
  return true;
}
} // namespace

ProgramPtr expandMixedKernels(const ProgramPtr &p, DiagnosticEngine &diags) {
  std::vector<FunctionPtr> fns;
  bool changed = false, failed = false;
  for (auto &f : p->functions()) {
    if (f->type() != FunctionType::InCore) {
      fns.push_back(f);
      continue;
    }
    AffinityCollector ac;
    ac.visitFunction(*f);
    changed = true;
    if (ac.combined == CoreAffinity::Mixed) {
      failed = !splitMixed(*f, fns, diags) || failed;
      continue;
    }
    fns.push_back(
        retype(*f, ac.combined == CoreAffinity::Cube ? FunctionType::AIC : FunctionType::AIV));
  }
  if (failed)
    return nullptr;
  return changed ? p->withFunctions(std::move(fns)) : p;
}

PL_DEFINE_PROGRAM_PASS(ExpandMixedKernel, expandMixedKernels)

} // namespace pl::passes
