// LegalizeGraphBoundary: Graph functions become recordable (see legalize_graph_boundary.h).
#include "passes/legalize_graph_boundary.h"

#include "ir/arg_direction.h"
#include "ir/internal_error.h"
#include "ir/mutator.h"
#include "ir/printer.h"
#include "ir/visitor.h"
#include "passes/utils/dead_assigns.h"
#include "passes/utils/fresh_names.h"

#include <map>

namespace pl::passes {

namespace {
using namespace ir;

constexpr const char *kPass = "legalize-graph-boundary";
/// PTO2's limits for one task's arguments (CoreTaskArgs), which a graph call's boundary is.
constexpr size_t kMaxTensors = 32, kMaxScalars = 16;

// ---- 1. what a scalar of a Graph body depends on ------------------------------------------------

/// Const: constants only. Static: also loop variables or tensor shapes (fixed per recording).
/// Param: the Graph's scalar parameters and constants (computable at the call site). Opaque:
/// anything else, or a parameter mixed with a loop variable.
enum class Origin : uint8_t { Const, Static, Param, Opaque };

Origin join(Origin a, Origin b) {
  if (a == Origin::Const)
    return b;
  if (b == Origin::Const || a == b)
    return a;
  return Origin::Opaque; // Static with Param, or either Opaque
}

class ScalarOrigins {
public:
  explicit ScalarOrigins(const Function &g) {
    for (const Param &p : g.params())
      if (isa<ScalarType>(p.var->type()))
        origin_[p.var.get()] = Origin::Param;
  }
  void define(const Var *v, const ExprPtr &value) { defs_[v] = value; }
  void loopVar(const Var *v) { origin_[v] = Origin::Static; }
  /// The scalar definition of `v` in the body, or null.
  const ExprPtr *definition(const Var *v) const {
    auto it = defs_.find(v);
    return it == defs_.end() ? nullptr : &it->second;
  }

  Origin of(const ExprPtr &e) {
    switch (e->kind()) {
    case ExprKind::ConstInt:
    case ExprKind::ConstFloat:
    case ExprKind::ConstBool:
      return Origin::Const;
    case ExprKind::Binary: {
      auto *b = dynCast<Binary>(e);
      return join(of(b->lhs()), of(b->rhs()));
    }
    case ExprKind::Unary:
      return of(dynCast<Unary>(e)->operand());
    case ExprKind::Var:
      return ofVar(dynCast<Var>(e));
    case ExprKind::Call: { // a tensor's shape is part of the recording's key
      auto *c = dynCast<Call>(e);
      bool dim = c->target().isOp() && c->target().name() == "tensor.dim";
      return dim && c->args().size() == 2 && of(c->args()[1]) == Origin::Const ? Origin::Static
                                                                               : Origin::Opaque;
    }
    default:
      return Origin::Opaque;
    }
  }

private:
  Origin ofVar(const Var *v) {
    if (auto it = origin_.find(v); it != origin_.end())
      return it->second;
    origin_[v] = Origin::Opaque; // (no cycles in SSA; guards malformed input)
    auto d = defs_.find(v);
    Origin o = d == defs_.end() ? Origin::Opaque : of(d->second);
    return origin_[v] = o;
  }
  std::map<const Var *, ExprPtr> defs_;
  std::map<const Var *, Origin> origin_;
};

// ---- 2. the checks and the hoists of one Graph -------------------------------------------------

/// A scalar kernel argument the call site computes: `value` (in the Graph's variables) passed
/// to a parameter of dtype `dtype`; `param` is the Graph's new parameter for it.
struct Hoist {
  ExprPtr value;
  DataType dtype;
  VarPtr param;
};

class BoundaryChecker final : public IRVisitor {
public:
  BoundaryChecker(const Function &g, const Program &p, DiagnosticEngine &diags)
      : g_(g), program_(p), diags_(diags), origins_(g) {
    visitTypes_ = false;
  }

  bool run() {
    size_t tensors = 0;
    for (const Param &prm : g_.params())
      tensors += isa<TensorType>(prm.var->type());
    collectDefinitions(g_.body());
    visitStmt(g_.body());
    if (tensors == 0)
      error(g_.span(), "has no tensor parameter: a recorded graph has nothing to replay it on",
            "GB009");
    else if (!kernelCalls_ && ok_) // (an error may have stopped the walk before a call)
      error(g_.span(), "calls no kernel: there is no task to record", "GB009");
    return ok_;
  }
  std::vector<Hoist> &hoists() { return hoists_; }
  ScalarOrigins &origins() { return origins_; }

  void visitFor(const For &s) override {
    for (const ExprPtr &b : {s.start(), s.stop(), s.step()})
      if (!fixed(b))
        return error(s.span(),
                     "has a loop whose bound '" + printExpr(b) +
                         "' depends on the call; a recorded graph replays the first call's "
                         "trip count (loop at the call site, or give the loop constant bounds)",
                     "GB002");
    IRVisitor::visitFor(s);
  }
  void visitWhile(const While &s) override {
    error(s.span(),
          "has a while loop; a recorded graph replays the first call's trip count (loop at the "
          "call site)",
          "GB002");
  }
  void visitIf(const If &s) override {
    if (!fixed(s.cond()))
      return error(s.span(),
                   "branches on '" + printExpr(s.cond()) +
                       "', which depends on the call; a recorded graph replays the first call's "
                       "branch (branch at the call site)",
                   "GB002");
    IRVisitor::visitIf(s);
  }
  void visitReturn(const Return &s) override {
    for (const ExprPtr &v : s.values()) {
      auto *var = dynCast<Var>(v);
      if (!var || !isTensorParam(var))
        return error(s.span(),
                     "returns '" + printExpr(v) +
                         "', which is not one of its tensor parameters; a graph's results are "
                         "the Out / InOut tensors it writes (run NormalizeReturnOrder)",
                     "GB005");
    }
  }
  void visitSubmit(const Submit &s) override {
    error(s.span(),
          "submits '" + s.target().name() +
              "' with a task id or dependencies; a recorded graph is ordered by its tensor "
              "arguments only (drop the task id and the .deps inside the graph)",
          "GB008");
  }
  void visitCall(const Call &c) override {
    if (c.target().isOp())
      return checkOp(c);
    FunctionPtr callee = program_.lookup(c.target().function);
    PL_CHECK_AT(callee, kPass, c.span(), "call of a function that is not in the program");
    if (callee->type() == FunctionType::Graph)
      return error(c.span(),
                   "calls graph '" + callee->name() +
                       "'; the runtime cannot record a graph inside a graph being recorded",
                   "GB006");
    if (!isKernel(callee->type()))
      return error(c.span(),
                   "calls '" + callee->name() + "', a " +
                       std::string(functionTypeName(callee->type())) +
                       " function; a graph body submits kernels only",
                   "GB007");
    ++kernelCalls_;
    checkKernelCall(c, *callee);
  }

private:
  /// Scalar definitions and loop variables, before the checks read their origins.
  void collectDefinitions(const StmtPtr &body) {
    struct Collector final : IRVisitor {
      explicit Collector(ScalarOrigins &o) : o(o) { visitTypes_ = false; }
      void visitAssign(const Assign &s) override {
        if (isa<ScalarType>(s.var()->type()))
          o.define(s.var().get(), s.value());
        IRVisitor::visitAssign(s);
      }
      void visitFor(const For &s) override {
        o.loopVar(s.loopVar().get());
        IRVisitor::visitFor(s);
      }
      ScalarOrigins &o;
    } c(origins_);
    c.visitStmt(body);
  }

  bool fixed(const ExprPtr &e) {
    Origin o = origins_.of(e);
    return o == Origin::Const || o == Origin::Static;
  }
  bool isTensorParam(const Var *v) const {
    for (const Param &p : g_.params())
      if (p.var.get() == v)
        return isa<TensorType>(p.var->type());
    return false;
  }
  const Param *scalarParam(const ExprPtr &e) const {
    for (const Param &p : g_.params())
      if (p.var.get() == e.get() && isa<ScalarType>(p.var->type()))
        return &p;
    return nullptr;
  }

  void checkOp(const Call &c) {
    const std::string &op = c.target().name();
    if (op == "tensor.read" || op == "tensor.write")
      return error(c.span(),
                   "accesses tensor data on the host ('" + op +
                       "'); a recorded graph only submits tasks (read or write the value in a "
                       "kernel, or at the call site)",
                   "GB004");
    if (op == "system.task_dummy")
      return error(c.span(),
                   "submits a dummy task; a recorded graph is ordered by its tensor arguments "
                   "only",
                   "GB008");
    for (const ExprPtr &a : c.args())
      if (!fixedOperand(a))
        return error(c.span(),
                     "computes '" + op + "' with a shape or offset '" + printExpr(a) +
                         "' that depends on the call; a recorded graph replays the first call's "
                         "(slice at the call site and pass the window, or use constants)",
                     "GB003");
  }
  /// A scalar operand (or a tuple of them) that is fixed per recording; tensors are.
  bool fixedOperand(const ExprPtr &a) {
    if (auto *t = dynCast<MakeTuple>(a)) {
      for (const ExprPtr &e : t->elements())
        if (!fixedOperand(e))
          return false;
      return true;
    }
    return !isa<ScalarType>(a->type()) || fixed(a);
  }

  void checkKernelCall(const Call &c, const Function &kernel) {
    if (const AttrValue *n = findAttr(c.attrs(), "core_num"))
      if (auto *e = std::get_if<ExprPtr>(n); e && !fixed(*e))
        return error(c.span(),
                     "launches '" + kernel.name() + "' on '" + printExpr(*e) +
                         "' blocks, which depends on the call; a recorded graph replays the "
                         "first call's block count",
                     "GB001");
    for (size_t i = 0; i < c.args().size() && i < kernel.params().size(); ++i) {
      const ExprPtr &a = c.args()[i];
      auto to = scalarDType(kernel.params()[i].var->type());
      if (!isa<ScalarType>(a->type()) || !to)
        continue;
      switch (origins_.of(a)) {
      case Origin::Const:
      case Origin::Static:
        continue; // fixed data of the recording
      case Origin::Param:
        if (const Param *p = scalarParam(a); !p || scalarDType(p->var->type()) != *to)
          hoist(a, *to);
        continue;
      case Origin::Opaque:
        if (!ok_) // an earlier error of this graph (a host read) is the cause: no cascade
          return;
        return error(c.span(),
                     "passes '" + printExpr(a) + "' to '" + kernel.name() +
                         "', a value the call site cannot compute from the graph's scalar "
                         "parameters (it depends on a tensor read, a carried value or a "
                         "parameter mixed with a loop variable); a recorded graph would replay "
                         "the first call's value",
                     "GB001");
      }
    }
  }

  void hoist(const ExprPtr &a, DataType dtype) {
    for (const Hoist &h : hoists_)
      if (h.value.get() == a.get() && h.dtype == dtype)
        return;
    hoists_.push_back({a, dtype, nullptr});
  }

  void error(const Span &span, const std::string &what, const char *code) {
    diags_.error(code, span.valid() ? span : g_.span(), "graph '" + g_.name() + "' " + what);
    ok_ = false;
  }

  const Function &g_;
  const Program &program_;
  DiagnosticEngine &diags_;
  ScalarOrigins origins_;
  std::vector<Hoist> hoists_;
  size_t kernelCalls_ = 0;
  bool ok_ = true;
};

// ---- 3. the Graph with its hoists as parameters -------------------------------------------------

/// Kernel call arguments that are hoisted values become the new parameters.
class HoistedArgs final : public IRMutator {
public:
  explicit HoistedArgs(const std::vector<Hoist> &h) : hoists_(h) {}
  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    if (c->target().isOp())
      return IRMutator::mutateCall(c);
    ExprList args = c->args();
    bool changed = false;
    for (size_t i = 0; i < args.size(); ++i)
      for (const Hoist &h : hoists_)
        if (h.value.get() == args[i].get() && paramDType(*c, i) == h.dtype) {
          args[i] = h.param;
          changed = true;
        }
    return changed ? c->with(c->target(), std::move(args), c->attrs(), c->type()) : c;
  }
  const Program *program = nullptr;

private:
  std::optional<DataType> paramDType(const Call &c, size_t i) const {
    FunctionPtr k = program->lookup(c.target().function);
    return k && i < k->params().size() ? scalarDType(k->params()[i].var->type()) : std::nullopt;
  }
  const std::vector<Hoist> &hoists_;
};

FunctionPtr hoistIntoParams(const FunctionPtr &g, const Program &p, std::vector<Hoist> &hoists) {
  FreshNames names(*g);
  std::vector<Param> params = g->params();
  for (Hoist &h : hoists) {
    auto *v = dynCast<Var>(h.value);
    h.param = Var::make(names.fresh(v ? v->name() : "hoisted"), ScalarType::get(h.dtype),
                        h.value->span());
    params.push_back({h.param, ParamDirection::In});
  }
  HoistedArgs m(hoists);
  m.program = &p;
  StmtPtr body = m.mutateStmt(g->body());
  FunctionPtr out = g->withSignature(std::move(params), g->returnTypes(), body);
  return removeDeadAssigns(out, [](const Assign &a) { return isa<ScalarType>(a.var()->type()); });
}

// ---- 4. the call sites compute the hoisted values
// ------------------------------------------------

/// One rewritten Graph: its hoists and the scalar definitions of its body (the values are
/// expanded through them down to its parameters).
struct Rewritten {
  const Function *original;
  std::vector<Hoist> hoists;
  ScalarOrigins *origins;
};

class CallSiteHoister final : public IRMutator {
public:
  CallSiteHoister(const std::map<std::string, Rewritten, std::less<>> &graphs, const Function &f)
      : graphs_(graphs), names_(f) {}

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    std::vector<StmtPtr> stmts;
    if (ExprPtr call = rewriteSite(s->value(), stmts, s->span())) {
      stmts.push_back(Assign::make(s->var(), call, s->span()));
      return Seq::flatten(std::move(stmts), s->span());
    }
    return IRMutator::mutateAssign(s);
  }
  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    std::vector<StmtPtr> stmts;
    if (ExprPtr call = rewriteSite(s->expr(), stmts, s->span())) {
      stmts.push_back(Eval::make(call, s->span()));
      return Seq::flatten(std::move(stmts), s->span());
    }
    return IRMutator::mutateEval(s);
  }

private:
  const Rewritten *find(const CallTarget &t) const {
    if (t.isOp())
      return nullptr;
    auto it = graphs_.find(t.function);
    return it == graphs_.end() ? nullptr : &it->second;
  }

  /// A call or a submit (`pl::submit({.deps}, graph, ...)`) of a rewritten Graph with its
  /// hoisted arguments; nullptr for anything else.
  ExprPtr rewriteSite(const ExprPtr &e, std::vector<StmtPtr> &stmts, const Span &span) {
    if (auto *c = dynCast<Call>(e))
      if (const Rewritten *g = find(c->target())) {
        auto [args, attrs] = rewrite(c->args(), c->attrs(), *g, stmts, span);
        return c->with(c->target(), std::move(args), std::move(attrs), c->type());
      }
    if (auto *sb = dynCast<Submit>(e))
      if (const Rewritten *g = find(sb->target())) {
        auto [args, attrs] = rewrite(sb->args(), sb->attrs(), *g, stmts, span);
        return sb->with(sb->target(), std::move(args), std::move(attrs), sb->type());
      }
    return nullptr;
  }

  /// A call's arguments and attrs with one more argument per hoist, each computed by a new
  /// assignment into `stmts`.
  std::pair<ExprList, AttrList> rewrite(const ExprList &callArgsIn, const AttrList &callAttrs,
                                        const Rewritten &g, std::vector<StmtPtr> &stmts,
                                        const Span &span) {
    const auto &params = g.original->params();
    PL_CHECK_AT(callArgsIn.size() == params.size(), kPass, span, "graph call arity");
    std::map<const Var *, ExprPtr> args;
    for (size_t i = 0; i < params.size(); ++i)
      args[params[i].var.get()] = converted(mutateExpr(callArgsIn[i]), params[i].var->type());
    ExprList callArgs;
    for (const ExprPtr &a : callArgsIn)
      callArgs.push_back(mutateExpr(a));
    std::vector<std::string> dirs;
    if (const std::vector<std::string> *d = argDirectionNames(callAttrs))
      dirs = *d;
    for (const Hoist &h : g.hoists) {
      ExprPtr value = converted(expand(h.value, g, args, span), h.param->type());
      VarPtr v = Var::make(names_.fresh(h.param->name()), value->type(), span);
      stmts.push_back(Assign::make(v, value, span));
      callArgs.push_back(v);
      dirs.emplace_back(argDirectionName(ArgDirection::Scalar));
    }
    AttrList attrs;
    for (const auto &kv : callAttrs)
      attrs.emplace_back(kv.first, kv.first == kArgDirectionsAttr ? AttrValue(dirs) : kv.second);
    return {std::move(callArgs), std::move(attrs)};
  }

  /// `e` as the parameter's dtype (the conversion the call would have made).
  static ExprPtr converted(ExprPtr e, const TypePtr &paramType) {
    auto to = scalarDType(paramType);
    if (!to || scalarDType(e->type()) == to)
      return e;
    Span span = e->span();
    return Unary::makeCast(std::move(e), *to, std::move(span));
  }

  /// A Param-origin value of the Graph body, in the caller's terms.
  ExprPtr expand(const ExprPtr &e, const Rewritten &g, const std::map<const Var *, ExprPtr> &args,
                 const Span &span) {
    if (auto *v = dynCast<Var>(e)) {
      if (auto it = args.find(v); it != args.end())
        return it->second;
      const ExprPtr *def = g.origins->definition(v);
      PL_CHECK_AT(def, kPass, span, "hoisted value '" + v->name() + "' has no definition");
      return expand(*def, g, args, span);
    }
    if (auto *b = dynCast<Binary>(e))
      return Binary::make(b->op(), expand(b->lhs(), g, args, span), expand(b->rhs(), g, args, span),
                          e->span());
    if (auto *u = dynCast<Unary>(e)) {
      ExprPtr x = expand(u->operand(), g, args, span);
      if (u->op() == UnaryOp::Cast)
        return Unary::makeCast(std::move(x), *scalarDType(e->type()), e->span());
      return Unary::make(u->op(), std::move(x), e->span());
    }
    PL_CHECK_AT(isa<ConstInt>(e) || isa<ConstFloat>(e) || isa<ConstBool>(e), kPass, span,
                "hoisted value '" + printExpr(e) + "' is not scalar arithmetic");
    return e;
  }

  const std::map<std::string, Rewritten, std::less<>> &graphs_;
  FreshNames names_;
};

bool checkLimits(const Function &g, DiagnosticEngine &diags) {
  size_t tensors = 0, scalars = 0;
  for (const Param &p : g.params()) {
    tensors += isa<TensorType>(p.var->type());
    scalars += isa<ScalarType>(p.var->type());
  }
  if (tensors <= kMaxTensors && scalars <= kMaxScalars)
    return true;
  diags.error("GB010", g.span(),
              "graph '" + g.name() + "' has " + std::to_string(tensors) + " tensor and " +
                  std::to_string(scalars) + " scalar parameters (hoisted values included); a " +
                  "graph call's arguments hold at most " + std::to_string(kMaxTensors) +
                  " tensors and " + std::to_string(kMaxScalars) + " scalars");
  return false;
}

} // namespace

ProgramPtr legalizeGraphBoundary(const ProgramPtr &p, DiagnosticEngine &diags) {
  std::vector<FunctionPtr> fns = p->functions();
  std::vector<std::unique_ptr<BoundaryChecker>> checkers;
  std::map<std::string, Rewritten, std::less<>> rewritten;
  bool ok = true;
  for (FunctionPtr &f : fns) {
    if (f->type() != FunctionType::Graph)
      continue;
    checkers.push_back(std::make_unique<BoundaryChecker>(*f, *p, diags));
    BoundaryChecker &c = *checkers.back();
    if (!c.run()) {
      ok = false;
      continue;
    }
    if (!c.hoists().empty()) {
      Rewritten r{f.get(), {}, &c.origins()};
      f = hoistIntoParams(f, *p, c.hoists());
      r.hoists = c.hoists();
      rewritten.emplace(f->name(), std::move(r));
    }
    ok &= checkLimits(*f, diags);
  }
  if (!ok)
    return nullptr;
  if (rewritten.empty())
    return p;
  for (FunctionPtr &f : fns)
    if (f->type() != FunctionType::Graph) {
      CallSiteHoister h(rewritten, *f);
      f = h.mutateFunction(f);
    }
  return p->withFunctions(std::move(fns));
}

PL_DEFINE_PROGRAM_PASS(LegalizeGraphBoundary, legalizeGraphBoundary)

} // namespace pl::passes
