// OptimizeOrchTensors: iter-arg buffer reuse and assemble-loop → store-loop (see the header).
#include "passes/optimize_orch_tensors.h"

#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"
#include "passes/utils/buffer_aliases.h"
#include "passes/utils/liveness.h"

#include "llvm/Support/Casting.h"

#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;
using llvm::dyn_cast;
using llvm::isa;

constexpr const char *kPass = "optimize-orch-tensors";

/// Number of uses of each variable (types and attrs included).
class UseCounter : public IRVisitor {
public:
  void visitVarUse(const VarPtr &v) override {
    ++uses[v.get()];
    IRVisitor::visitVarUse(v);
  }
  unsigned count(const Var *v) const {
    auto it = uses.find(v);
    return it == uses.end() ? 0 : it->second;
  }
  std::unordered_map<const Var *, unsigned> uses;
};

UseCounter countUses(const Function &f) {
  UseCounter c;
  c.visitFunction(f);
  return c;
}

UseCounter countUses(const StmtPtr &s) {
  UseCounter c;
  c.visitStmt(s);
  return c;
}

/// The op call `name(...)` that e is, or null.
const Call *asOpCall(const ExprPtr &e, std::string_view name) {
  auto *c = e && e->kind() == ExprKind::Call ? static_cast<const Call *>(e.get()) : nullptr;
  return c && c->target().isOp() && c->target().name() == name ? c : nullptr;
}

const Var *asVar(const ExprPtr &e) {
  return e && e->kind() == ExprKind::Var ? static_cast<const Var *>(e.get()) : nullptr;
}

/// The value of an Assign or Eval statement (null for other statements).
const ExprPtr *stmtValue(const StmtPtr &s) {
  if (auto *a = dyn_cast<Assign>(s.get()))
    return &a->value();
  if (auto *e = dyn_cast<Eval>(s.get()))
    return &e->expr();
  return nullptr;
}

const Var *assignedVar(const StmtPtr &s) {
  auto *a = dyn_cast<Assign>(s.get());
  return a ? a->var().get() : nullptr;
}

bool allZeroOffsets(const ExprPtr &offsets) {
  auto *t = dyn_cast<MakeTuple>(offsets.get());
  if (!t)
    return false;
  for (auto &e : t->elements())
    if (constIntValue(e) != 0)
      return false;
  return true;
}

bool sameShape(const TypePtr &a, const TypePtr &b) {
  auto *sa = dyn_cast<ShapedType>(a.get());
  auto *sb = dyn_cast<ShapedType>(b.get());
  if (!sa || !sb || sa->dtype() != sb->dtype() || sa->shape().size() != sb->shape().size())
    return false;
  for (size_t i = 0; i < sa->shape().size(); ++i)
    if (!structuralEqual(sa->shape()[i], sb->shape()[i]))
      return false;
  return true;
}

/// The parameter index of v in f, if v is a parameter.
std::optional<size_t> paramIndex(const Function &f, const Var *v) {
  for (size_t i = 0; i < f.params().size(); ++i)
    if (f.params()[i].var.get() == v)
      return i;
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Pattern 2 (kernel side): tile.create accumulator assembled in a loop, then stored whole.
// ---------------------------------------------------------------------------------------------

/// A matched assemble loop: indices into the kernel's top-level statements and the loop body.
struct AssembleLoop {
  size_t createIdx, loopIdx, storeIdx, assembleIdx, carry;
  VarPtr out; ///< the Out parameter stored into
};

/// The top-level `tile.create` statement binding v, if any (before `limit`).
std::optional<size_t> findCreate(const std::vector<StmtPtr> &stmts, const Var *v, size_t limit) {
  for (size_t i = 0; i < limit; ++i)
    if (assignedVar(stmts[i]) == v &&
        asOpCall(static_cast<const Assign &>(*stmts[i]).value(), "tile.create"))
      return i;
  return std::nullopt;
}

/// The loop-body statement `a = tile.assemble(c, src, off)` feeding yield slot k, if the body
/// has that shape and the source can be stored as it is.
std::optional<size_t> findAssemble(const For &loop, size_t k, const UseCounter &uses) {
  std::vector<StmtPtr> body = bodyStmts(loop.body());
  auto *y = body.empty() ? nullptr : dyn_cast<Yield>(body.back().get());
  const Var *carried = loop.iterArgs()[k].var.get();
  if (!y || y->values().size() <= k || uses.count(carried) != 1)
    return std::nullopt;
  const Var *a = asVar(y->values()[k]);
  if (!a || uses.count(a) != 1)
    return std::nullopt;
  for (size_t i = 0; i + 1 < body.size(); ++i) {
    if (assignedVar(body[i]) != a)
      continue;
    const Call *c = asOpCall(static_cast<const Assign &>(*body[i]).value(), "tile.assemble");
    if (!c || !c->kwargs().empty() || asVar(c->args()[0]) != carried)
      return std::nullopt;
    auto *src = dyn_cast<TileType>(c->args()[1]->type().get());
    auto *dst = dyn_cast<TileType>(c->args()[0]->type().get());
    if (!src || !dst || src->dtype() != dst->dtype() || src->view() || dst->view())
      return std::nullopt;
    return i;
  }
  return std::nullopt;
}

/// The top-level whole-tensor store of loop result r into an Out parameter used only there.
std::optional<size_t> findFinalStore(const std::vector<StmtPtr> &stmts, size_t from, const Var *r,
                                     const Function &f, const UseCounter &uses, VarPtr &out) {
  for (size_t i = from; i < stmts.size(); ++i) {
    const ExprPtr *v = stmtValue(stmts[i]);
    const Call *st = v ? asOpCall(*v, "tile.store") : nullptr;
    if (!st || asVar(st->args()[0]) != r)
      continue;
    const Var *target = asVar(st->args()[2]);
    std::optional<size_t> pi = target ? paramIndex(f, target) : std::nullopt;
    if (!pi || f.params()[*pi].direction != ParamDirection::Out || uses.count(target) != 1 ||
        !allZeroOffsets(st->args()[1]) || !sameShape(r->type(), target->type()))
      return std::nullopt;
    out = f.params()[*pi].var;
    return i;
  }
  return std::nullopt;
}

std::optional<AssembleLoop> matchAssembleLoop(const Function &f, const std::vector<StmtPtr> &stmts,
                                              size_t li, const UseCounter &uses) {
  auto *loop = dyn_cast<For>(stmts[li].get());
  if (!loop || loop->forKind() != ForKind::Sequential)
    return std::nullopt;
  for (size_t k = 0; k < loop->iterArgs().size(); ++k) {
    const Var *init = asVar(loop->iterArgs()[k].init);
    const Var *ret = loop->returnVars()[k].get();
    if (!init || !isa<TileType>(init->type().get()) || uses.count(init) != 1 ||
        uses.count(ret) != 1)
      continue;
    std::optional<size_t> ci = findCreate(stmts, init, li);
    std::optional<size_t> ai = findAssemble(*loop, k, uses);
    VarPtr out;
    std::optional<size_t> si = findFinalStore(stmts, li + 1, ret, f, uses, out);
    if (ci && ai && si && sameShape(init->type(), out->type()))
      return AssembleLoop{*ci, li, *si, *ai, k, out};
  }
  return std::nullopt;
}

/// The loop of m carrying the Out tensor and storing each assembled source into it.
StmtPtr rewriteAssembleLoop(const For &loop, const AssembleLoop &m, VarPtr &newRet) {
  const TypePtr &tt = m.out->type();
  std::vector<IterArg> iterArgs = loop.iterArgs();
  VarPtr carried = Var::make(iterArgs[m.carry].var->name(), tt, iterArgs[m.carry].var->span());
  iterArgs[m.carry] = {carried, m.out};
  std::vector<VarPtr> rets = loop.returnVars();
  newRet = Var::make(rets[m.carry]->name(), tt, rets[m.carry]->span());
  rets[m.carry] = newRet;

  std::vector<StmtPtr> body = bodyStmts(loop.body());
  auto &asg = static_cast<const Assign &>(*body[m.assembleIdx]);
  auto &asm_ = static_cast<const Call &>(*asg.value());
  DiagnosticEngine scratch;
  ExprPtr store = makeOpCall("tile.store", {asm_.args()[1], asm_.args()[2], carried}, {},
                             asm_.span(), scratch);
  PL_CHECK(store, kPass, "tile.store rejected for an assemble source");
  VarPtr stored = Var::make(asg.var()->name(), tt, asg.var()->span());
  body[m.assembleIdx] = Assign::make(stored, store, asg.span());
  auto &y = static_cast<const Yield &>(*body.back());
  ExprList vals = y.values();
  vals[m.carry] = stored;
  body.back() = Yield::make(std::move(vals), y.span());
  return For::make(loop.loopVar(), loop.start(), loop.stop(), loop.step(), std::move(iterArgs),
                   Seq::make(std::move(body), loop.body()->span()), std::move(rets),
                   loop.forKind(), loop.attrs(), loop.span());
}

/// f with one assemble loop rewritten, or null when none matches.
FunctionPtr rewriteOneAssembleLoop(const FunctionPtr &f) {
  std::vector<StmtPtr> stmts = bodyStmts(f->body());
  UseCounter uses = countUses(*f);
  for (size_t li = 0; li < stmts.size(); ++li) {
    std::optional<AssembleLoop> m = matchAssembleLoop(*f, stmts, li, uses);
    if (!m)
      continue;
    VarPtr newRet;
    StmtPtr loop = rewriteAssembleLoop(static_cast<const For &>(*stmts[li]), *m, newRet);
    const Var *storeVar = assignedVar(stmts[m->storeIdx]);
    std::vector<StmtPtr> out;
    for (size_t i = 0; i < stmts.size(); ++i)
      if (i == li)
        out.push_back(loop);
      else if (i != m->createIdx && i != m->storeIdx)
        out.push_back(stmts[i]);
    IRMutator remapper;
    if (storeVar) // uses of the store's result now name the loop's result
      remapper.remap(std::static_pointer_cast<const Var>(
                         static_cast<const Assign &>(*stmts[m->storeIdx]).var()),
                     newRet);
    StmtPtr body = remapper.mutateStmt(Seq::flatten(std::move(out), f->body()->span()));
    return f->withBody(body);
  }
  return nullptr;
}

FunctionPtr rewriteAssembleLoops(FunctionPtr f) {
  if (!isKernel(f->type()) || !f->body())
    return f;
  while (FunctionPtr g = rewriteOneAssembleLoop(f))
    f = g;
  return f;
}

// ---------------------------------------------------------------------------------------------
// Pattern 1 (orchestration side): a per-iteration Out buffer fed back into the In iter_arg.
// ---------------------------------------------------------------------------------------------

/// A kernel parameter pair to merge: `in` becomes InOut, `out` disappears.
struct MergePair {
  size_t in, out;
  bool operator<(const MergePair &o) const { return std::tie(in, out) < std::tie(o.in, o.out); }
};

/// One call site that allows merging `pairs`, each mapped to its call's Out buffer (a create)
/// and In argument (the iter_arg that replaces it).
struct Site {
  std::map<MergePair, std::pair<const Var *, ExprPtr>> pairs;
};

/// What one non-kernel function body shows about the kernels it calls.
struct Candidates {
  std::map<std::string, std::vector<Site>> sites; ///< kernel name → matching call sites
};

/// The return positions of kernel k whose value is (an alias of) parameter j.
std::set<size_t> returnedParam(const Function &k, size_t j, const Program &p) {
  std::vector<StmtPtr> stmts = bodyStmts(k.body());
  auto *ret = stmts.empty() ? nullptr : dyn_cast<Return>(stmts.back().get());
  std::set<size_t> out;
  if (!ret)
    return out;
  const Var *pj = k.params()[j].var.get();
  AliasRoots roots = computeAliasRoots(k.body(), {k.params()[j].var}, &p);
  for (size_t i = 0; i < ret->values().size(); ++i) {
    const Var *v = asVar(ret->values()[i]);
    auto it = v ? roots.find(v) : roots.end();
    if (v == pj || (it != roots.end() && it->second == pj))
      out.insert(i);
  }
  return out;
}

/// Whether every top-level statement reading parameter `in` comes before every one using `out`.
bool readsPrecedeWrites(const Function &k, size_t in, size_t out) {
  std::vector<StmtPtr> stmts = bodyStmts(k.body());
  const Var *vi = k.params()[in].var.get(), *vo = k.params()[out].var.get();
  size_t firstOut = stmts.size();
  for (size_t i = 0; i < stmts.size(); ++i) {
    UseCounter u = countUses(stmts[i]);
    if (u.count(vo) && firstOut == stmts.size())
      firstOut = i;
    if (u.count(vi) && i >= firstOut)
      return false;
  }
  return true;
}

/// The state shared while scanning one loop body.
struct LoopView {
  const std::vector<IterArg> &iterArgs;
  std::vector<StmtPtr> body;
  const Yield *yield;
  const UseCounter &uses;
  const std::unordered_set<const Var *> &creates; ///< vars bound by tensor.create in the function
  const Program &program;
  /// The body statements assigning each variable, in order (looked up per call site: a scan of
  /// the body per call made the pass quadratic in the calls of one loop).
  std::unordered_map<const Var *, std::vector<size_t>> assigns;
};

/// `assigns` of a loop body.
std::unordered_map<const Var *, std::vector<size_t>> assignIndex(const std::vector<StmtPtr> &body) {
  std::unordered_map<const Var *, std::vector<size_t>> out;
  for (size_t i = 0; i < body.size(); ++i)
    if (const Var *v = assignedVar(body[i]))
      out[v].push_back(i);
  return out;
}

/// Whether `y` names the Out buffer o of the call in statement `s` of the loop body after it.
bool yieldsOut(const LoopView &lv, size_t s, const Var *y, const Var *o, const Function &k,
               size_t j) {
  if (y == o)
    return lv.uses.count(o) == 2;
  if (lv.uses.count(o) != 1 || lv.uses.count(y) != 1)
    return false;
  std::set<size_t> rets = returnedParam(k, j, lv.program);
  const Var *r = assignedVar(lv.body[s]);
  if (!r)
    return false;
  if (y == r)
    return k.returnTypes().size() == 1 && rets.count(0);
  auto at = lv.assigns.find(y);
  if (at == lv.assigns.end())
    return false;
  for (size_t i : at->second) {
    if (i <= s)
      continue;
    auto *g = dyn_cast<TupleGetItem>(static_cast<const Assign &>(*lv.body[i]).value().get());
    if (g && asVar(g->tuple()) == r)
      return rets.count(static_cast<size_t>(g->index())) > 0;
  }
  return false;
}

/// The body index of the top-level `o = tensor.create(..)` before `limit`, if any.
bool createdInBody(const LoopView &lv, const Var *o, size_t limit) {
  auto at = lv.assigns.find(o);
  return at != lv.assigns.end() && at->second.front() < limit && lv.creates.count(o) > 0;
}

/// The merge pair (in = m) for the Out argument j of call statement s, if any.
std::optional<MergePair> matchPair(const LoopView &lv, size_t s, const Call &c, const Function &k,
                                   size_t j) {
  const Var *o = asVar(c.args()[j]);
  if (!o || !createdInBody(lv, o, s))
    return std::nullopt;
  for (size_t m = 0; m < c.args().size(); ++m) {
    const Var *cv = asVar(c.args()[m]);
    if (!cv || k.params()[m].direction != ParamDirection::In || lv.uses.count(cv) != 1 ||
        !structuralEqual(k.params()[m].var->type(), k.params()[j].var->type()) ||
        !structuralEqual(cv->type(), o->type()))
      continue;
    for (size_t p = 0; p < lv.iterArgs.size(); ++p) {
      if (lv.iterArgs[p].var.get() != cv || p >= lv.yield->values().size())
        continue;
      const Var *init = asVar(lv.iterArgs[p].init);
      const Var *y = asVar(lv.yield->values()[p]);
      if (init && lv.creates.count(init) && lv.uses.count(init) == 1 && y &&
          yieldsOut(lv, s, y, o, k, j) && readsPrecedeWrites(k, m, j))
        return MergePair{m, j};
    }
  }
  return std::nullopt;
}

/// Records the mergeable pairs of every kernel call at the top level of one loop body.
void scanLoop(const LoopView &lv, Candidates &out) {
  for (size_t s = 0; s < lv.body.size(); ++s) {
    const ExprPtr *v = stmtValue(lv.body[s]);
    auto *c = v && *v && (*v)->kind() == ExprKind::Call ? static_cast<const Call *>(v->get())
                                                         : nullptr;
    if (!c || c->target().isOp() || !c->attrs().empty())
      continue;
    FunctionPtr k = lv.program.lookup(c->target().function);
    if (!k || !isKernel(k->type()) || !k->body() || k->params().size() != c->args().size())
      continue;
    Site site;
    std::set<size_t> used;
    for (size_t j = 0; j < c->args().size(); ++j) {
      if (k->params()[j].direction != ParamDirection::Out)
        continue;
      std::optional<MergePair> mp = matchPair(lv, s, *c, *k, j);
      if (mp && used.insert(mp->in).second)
        site.pairs[*mp] = {asVar(c->args()[j]), c->args()[mp->in]};
    }
    if (!site.pairs.empty())
      out.sites[k->name()].push_back(std::move(site));
  }
}

/// Walks every statement of a non-kernel function, scanning each sequential loop body.
class LoopScanner : public IRVisitor {
public:
  LoopScanner(const Function &f, const Program &p, Candidates &out)
      : function_(f), program_(p), out_(out) {
    visitTypes_ = false;
  }
  void visitAssign(const Assign &s) override {
    if (asOpCall(s.value(), "tensor.create"))
      creates_.insert(s.var().get());
    // Expressions hold no loops: the walk stops at the statement.
  }
  void visitEval(const Eval &) override {}
  void visitFor(const For &s) override {
    IRVisitor::visitFor(s); // inner creates first: the body's own creates must be known
    if (s.forKind() == ForKind::Sequential)
      scan(s.iterArgs(), s.body());
  }
  void visitWhile(const While &s) override {
    IRVisitor::visitWhile(s);
    scan(s.iterArgs(), s.body());
  }

private:
  void scan(const std::vector<IterArg> &iterArgs, const StmtPtr &body) {
    std::vector<StmtPtr> stmts = bodyStmts(body);
    auto *y = stmts.empty() ? nullptr : dyn_cast<Yield>(stmts.back().get());
    if (!y || iterArgs.empty())
      return;
    // The function's use counts, taken at the first loop that can match: a function without
    // one (a long straight-line orchestration) does not pay for a map of all its variables.
    if (!uses_)
      uses_ = countUses(function_);
    scanLoop(LoopView{iterArgs, stmts, y, *uses_, creates_, program_, assignIndex(stmts)}, out_);
  }
  const Function &function_;
  std::optional<UseCounter> uses_;
  std::unordered_set<const Var *> creates_;
  const Program &program_;
  Candidates &out_;
};

/// Number of calls and submits of each function in the program.
class CallCounter : public IRVisitor {
public:
  CallCounter() { visitTypes_ = false; }
  void visitCall(const Call &e) override {
    if (!e.target().isOp())
      ++calls[e.target().function];
    IRVisitor::visitCall(e);
  }
  void visitSubmit(const Submit &e) override {
    ++calls[e.target().function];
    IRVisitor::visitSubmit(e);
  }
  std::map<std::string, size_t> calls;
};

/// Kernel name → the pairs every one of its call sites allows; the Out buffers they drop, each
/// with the In argument whose buffer now stands for it.
struct MergePlan {
  std::map<std::string, std::set<MergePair>> kernels;
  std::unordered_map<const Var *, ExprPtr> droppedCreates;
};

MergePlan planMerges(const Program &p) {
  Candidates cands;
  for (auto &f : p.functions())
    if (!isKernel(f->type()) && f->body())
      LoopScanner(*f, p, cands).visitFunction(*f);
  MergePlan plan;
  if (cands.sites.empty())
    return plan;
  CallCounter counter;
  counter.visitProgram(p);
  for (auto &[name, sites] : cands.sites) {
    if (sites.size() != counter.calls[name])
      continue; // some call of the kernel is not a matching site
    std::set<MergePair> agreed;
    for (auto &[pair, o] : sites.front().pairs)
      agreed.insert(pair);
    for (auto &site : sites)
      for (auto it = agreed.begin(); it != agreed.end();)
        it = site.pairs.count(*it) ? std::next(it) : agreed.erase(it);
    if (agreed.empty())
      continue;
    for (auto &site : sites)
      for (auto &pair : agreed)
        plan.droppedCreates.insert(site.pairs.at(pair));
    plan.kernels[name] = std::move(agreed);
  }
  return plan;
}

/// The kernel with each Out parameter of `pairs` merged into its In partner (now InOut).
FunctionPtr mergeKernelParams(const FunctionPtr &k, const std::set<MergePair> &pairs) {
  std::vector<Param> params = k->params();
  IRMutator remapper;
  std::vector<bool> dropped(params.size(), false);
  for (auto &pr : pairs) {
    params[pr.in].direction = ParamDirection::InOut;
    remapper.remap(params[pr.out].var, params[pr.in].var);
    dropped[pr.out] = true;
  }
  std::vector<Param> kept;
  for (size_t i = 0; i < params.size(); ++i)
    if (!dropped[i])
      kept.push_back(params[i]);
  return k->withSignature(std::move(kept), k->returnTypes(), remapper.mutateStmt(k->body()));
}

/// Call sites lose the merged Out arguments; their per-iteration creates disappear.
class CallSiteRewriter : public IRMutator {
public:
  explicit CallSiteRewriter(const MergePlan &plan) : plan_(plan) {}
  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    auto it = plan_.droppedCreates.find(s->var().get());
    if (it != plan_.droppedCreates.end()) {
      remap(s->var(), it->second); // a yield of the Out buffer now yields the In buffer
      return nullptr;
    }
    return IRMutator::mutateAssign(s);
  }
  ExprPtr mutateCall(const std::shared_ptr<const Call> &e) override {
    ExprPtr m = IRMutator::mutateCall(e);
    auto it = e->target().isOp() ? plan_.kernels.end() : plan_.kernels.find(e->target().function);
    if (it == plan_.kernels.end())
      return m;
    auto &c = static_cast<const Call &>(*m);
    std::set<size_t> outs;
    for (auto &pr : it->second)
      outs.insert(pr.out);
    ExprList args;
    for (size_t i = 0; i < c.args().size(); ++i)
      if (!outs.count(i))
        args.push_back(c.args()[i]);
    return Call::make(c.target(), std::move(args), c.kwargs(), c.attrs(), c.type(), c.span());
  }

private:
  const MergePlan &plan_;
};

ProgramPtr mergeIterArgBuffers(const ProgramPtr &p) {
  MergePlan plan = planMerges(*p);
  if (plan.kernels.empty())
    return p;
  std::vector<FunctionPtr> fs;
  for (auto &f : p->functions()) {
    auto it = plan.kernels.find(f->name());
    if (it != plan.kernels.end())
      fs.push_back(mergeKernelParams(f, it->second));
    else if (!isKernel(f->type()) && f->body())
      fs.push_back(CallSiteRewriter(plan).mutateFunction(f));
    else
      fs.push_back(f);
  }
  return p->withFunctions(std::move(fs));
}

} // namespace

ProgramPtr optimizeOrchTensors(const ProgramPtr &p) {
  ProgramPtr q = mergeIterArgBuffers(p);
  std::vector<FunctionPtr> fs;
  bool changed = false;
  for (auto &f : q->functions()) {
    fs.push_back(rewriteAssembleLoops(f));
    changed |= fs.back() != f;
  }
  return changed ? q->withFunctions(std::move(fs)) : q;
}

PL_DEFINE_PROGRAM_PASS(OptimizeOrchTensors, optimizeOrchTensors)

} // namespace pl::passes
