// WindowTaskArguments: kernel tasks get the windows of their tensor arguments (see
// window_task_arguments.h).
#include "passes/window_task_arguments.h"

#include "ir/internal_error.h"
#include "ir/op_registry.h"
#include "ir/printer.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"
#include "passes/utils/fresh_names.h"
#include "passes/utils/loop_analysis.h"
#include "passes/utils/scalar_bounds.h"

#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <variant>

namespace pl::passes {

namespace {
using namespace ir;
using arith::ConstIntBound;

constexpr const char *kPass = "WindowTaskArguments";
constexpr const char *kFallbackAttr = "whole_tensor_args";

/// One dim of a parameter's window: origin `base + lo` (no base: the constant lo), `extent`.
struct DimWindow {
  ExprPtr base;
  int64_t lo = 0;
  int64_t extent = 0;
};

/// The windowed parameters of one kernel, the parameters that keep their whole tensor (with
/// the reason), and per return value the windowed parameter it returns.
struct KernelWindows {
  std::map<size_t, std::vector<DimWindow>> params;
  /// Per call (by node), the (parameter, dim) pairs whose window is not proven inside the
  /// argument: there the window is clipped to the argument at run time.
  std::map<const Expr *, std::set<std::pair<size_t, size_t>>> clipped;
  /// Per windowed parameter, the shape of the tensors its callers pass (one for all callers:
  /// the window keeps their strides).
  std::map<size_t, std::vector<int64_t>> parentShape;
  std::vector<std::string> fallbacks;
  std::vector<std::optional<size_t>> returned;
};
using ProgramWindows = std::map<std::string, KernelWindows, std::less<>>;

/// `e` as `base + c` with a constant c (base null when e is a constant).
std::pair<ExprPtr, int64_t> splitConstant(const ExprPtr &e) {
  if (auto c = constIntValue(e))
    return {nullptr, *c};
  if (auto *b = dynCast<Binary>(e)) {
    if (b->op() == BinaryOp::Add) {
      if (auto c = constIntValue(b->rhs()))
        return {b->lhs(), *c};
      if (auto c = constIntValue(b->lhs()))
        return {b->rhs(), *c};
    }
    if (b->op() == BinaryOp::Sub)
      if (auto c = constIntValue(b->rhs()); c && *c != std::numeric_limits<int64_t>::min())
        return {b->lhs(), -*c};
  }
  return {e, 0};
}

/// An access of a global tensor in a kernel: the tensor operand, its offsets and extents.
struct Access {
  size_t tensorArg = 0;
  const ExprList *offsets = nullptr;
  ExprList extents;
  bool conditional = false; ///< in an if branch or a loop body that may not run
};

/// tile.load(t, offsets, shapes), tile.store(tile, offsets, t) (the tile's dims right-aligned),
/// tensor.read(t, indices), tensor.write(t, indices, v); nullopt for other calls.
std::optional<Access> accessOf(const Call &c) {
  if (!c.target().isOp())
    return std::nullopt;
  const std::string &op = c.target().name();
  const ExprList &a = c.args();
  Access acc;
  if (op == "tile.load" && a.size() == 3) {
    acc.offsets = MakeTuple::elementsOf(a[1]);
    const ExprList *sizes = MakeTuple::elementsOf(a[2]);
    if (!acc.offsets || !sizes)
      return std::nullopt;
    acc.extents = *sizes;
    return acc;
  }
  if (op == "tile.store" && a.size() == 3) {
    auto *tile = dynCast<TileType>(a[0]->type());
    auto *t = dynCast<TensorType>(a[2]->type());
    acc.tensorArg = 2;
    acc.offsets = MakeTuple::elementsOf(a[1]);
    if (!tile || !t || !acc.offsets || tile->rank() > t->rank())
      return std::nullopt;
    acc.extents.assign(t->rank() - tile->rank(), ConstInt::make(1, DataType::Index));
    for (const ExprPtr &d : tile->shape())
      acc.extents.push_back(d);
    return acc;
  }
  if ((op == "tensor.read" && a.size() == 2) || (op == "tensor.write" && a.size() == 3)) {
    acc.offsets = MakeTuple::elementsOf(a[1]);
    if (!acc.offsets)
      return std::nullopt;
    acc.extents.assign(acc.offsets->size(), ConstInt::make(1, DataType::Index));
    return acc;
  }
  return std::nullopt;
}

/// Ops whose result is the updated tensor operand (an alias of the parameter).
bool returnsTensor(const Call &c) {
  const std::string &op = c.target().name();
  return op == "tile.store" || op == "tensor.write";
}

// ---- kernel analysis ----------------------------------------------------------------------

/// The accesses of one tensor parameter and its aliases, and whether anything else uses them.
class ParamUses : public ConditionalPathVisitor {
public:
  explicit ParamUses(const Var *param) { aliases_.insert(param); }

  std::vector<Access> accesses;
  std::string misuse; ///< the first use that is not an access or a return ("" when none)

  void visitAssign(const Assign &s) override {
    if (auto *c = dynCast<Call>(s.value()); c && isAccess(*c)) {
      visitAccess(*c);
      if (returnsTensor(*c))
        aliases_.insert(s.var().get());
      return;
    }
    IRVisitor::visitAssign(s);
  }
  void visitEval(const Eval &s) override {
    if (auto *c = dynCast<Call>(s.expr()); c && isAccess(*c))
      return visitAccess(*c);
    IRVisitor::visitEval(s);
  }
  void visitReturn(const Return &s) override {
    for (const ExprPtr &v : s.values())
      if (!isAlias(v))
        visitExpr(v);
  }
  void visitVarUse(const VarPtr &v) override {
    if (aliases_.count(v.get()) && misuse.empty())
      misuse = "'" + v->name() + "' is used other than by a load, store, read, write or return";
    IRVisitor::visitVarUse(v);
  }

  bool isAlias(const ExprPtr &e) const {
    auto *v = dynCast<Var>(e);
    return v && aliases_.count(v);
  }

private:
  bool isAccess(const Call &c) {
    auto acc = accessOf(c);
    return acc && isAlias(c.args()[acc->tensorArg]);
  }
  void visitAccess(const Call &c) {
    Access acc = *accessOf(c);
    acc.conditional = onConditionalPath();
    for (size_t i = 0; i < c.args().size(); ++i)
      if (i != acc.tensorArg)
        visitExpr(c.args()[i]);
    accesses.push_back(std::move(acc));
  }

  std::set<const Var *> aliases_;
};

/// Whether every variable of `e` is one of the kernel's scalar parameters.
bool ofScalarParams(const ExprPtr &e, const Function &f) {
  struct Vars : IRVisitor {
    std::vector<const Var *> seen;
    void visitVarUse(const VarPtr &v) override { seen.push_back(v.get()); }
  } vars;
  vars.visitExpr(e);
  for (const Var *v : vars.seen) {
    bool param = false;
    for (const Param &p : f.params())
      param |= p.var.get() == v && scalarDType(v->type()).has_value();
    if (!param)
      return false;
  }
  return true;
}

/// The window of parameter `p` of `f`, or the reason there is none.
std::variant<std::vector<DimWindow>, std::string> paramWindow(const Function &f, const Var &p) {
  auto *tt = dynCast<TensorType>(p.type());
  if (tt->view())
    return std::string("its type has an explicit view");
  ParamUses uses(&p);
  uses.visitStmt(f.body());
  if (!uses.misuse.empty())
    return uses.misuse;
  if (uses.accesses.empty())
    return std::string("no load or store touches it");
  std::vector<DimWindow> dims(tt->rank());
  for (size_t d = 0; d < tt->rank(); ++d) {
    int64_t lo = std::numeric_limits<int64_t>::max(), hi = std::numeric_limits<int64_t>::min();
    ExprPtr base;
    for (size_t k = 0; k < uses.accesses.size(); ++k) {
      const Access &a = uses.accesses[k];
      if (a.offsets->size() != tt->rank() || a.extents.size() != tt->rank())
        return std::string("an access does not give one offset per dim");
      auto [b, c] = splitConstant((*a.offsets)[d]);
      auto ext = constIntValue(a.extents[d]);
      if (!ext || *ext < 0)
        return "the extent of dim " + std::to_string(d) + " of an access is not a constant";
      if (b && scalarDType(b->type()) != DataType::Index)
        return "the offset '" + printExpr((*a.offsets)[d]) + "' of dim " + std::to_string(d) +
               " is not an index expression";
      if (b && !ofScalarParams(b, f))
        return "the offset '" + printExpr((*a.offsets)[d]) + "' of dim " + std::to_string(d) +
               " is not a scalar parameter expression plus a constant";
      // The window is made at the call whether or not the access runs: one that may not run must
      // not make a window that could be invalid (a negative start) — the access reports it, when
      // it runs, as the eager run does.
      if (a.conditional && (b || c < 0))
        return "an access on a conditional path has the offset '" + printExpr((*a.offsets)[d]) +
               "' in dim " + std::to_string(d) + ", which may be negative when it does not run";
      if (k == 0)
        base = b;
      else if ((base == nullptr) != (b == nullptr) || (b && !structuralEqual(base, b)))
        return "the offsets of dim " + std::to_string(d) + " do not share one base ('" +
               printExpr((*a.offsets)[d]) + "')";
      lo = std::min(lo, c);
      hi = std::max(hi, arith::saturatingAdd(c, *ext));
    }
    dims[d] = {base, lo, hi - lo};
  }
  bool whole = true;
  for (size_t d = 0; d < tt->rank(); ++d) {
    auto dim = constIntValue(tt->shape()[d]);
    whole &= !dims[d].base && dims[d].lo == 0 && dim && *dim == dims[d].extent;
  }
  if (whole)
    return std::string(); // the window is the tensor: nothing to do, nothing to report
  return dims;
}

KernelWindows analyzeKernel(const Function &f) {
  KernelWindows kw;
  for (size_t i = 0; i < f.params().size(); ++i) {
    const Var &p = *f.params()[i].var;
    if (!isa<TensorType>(p.type().get()))
      continue;
    auto w = paramWindow(f, p);
    if (auto *dims = std::get_if<std::vector<DimWindow>>(&w))
      kw.params[i] = std::move(*dims);
    else if (!std::get<std::string>(w).empty())
      kw.fallbacks.push_back(p.name() + ": " + std::get<std::string>(w));
  }
  return kw;
}

/// The callee's parameters replaced by a call's arguments (one per call site: the origins of
/// all its windowed dims share it).
class ArgSubstitution {
public:
  ArgSubstitution(const Function &callee, const ExprList &args) : callee_(callee), args_(args) {}

  /// The origin of dim `w` at the call: the base with the call's arguments for the parameters.
  ExprPtr originOf(const DimWindow &w) {
    ExprPtr lo = ConstInt::make(w.lo, DataType::Index);
    if (!w.base)
      return lo;
    if (!subst_) {
      subst_.emplace();
      for (size_t i = 0; i < callee_.params().size() && i < args_.size(); ++i)
        subst_->remap(callee_.params()[i].var, args_[i]);
    }
    ExprPtr base = subst_->mutateExpr(w.base);
    return w.lo == 0 ? base : Binary::make(BinaryOp::Add, base, lo, base->span());
  }

private:
  const Function &callee_;
  const ExprList &args_;
  std::optional<IRMutator> subst_; ///< built on the first dim with a base
};

// ---- call sites ---------------------------------------------------------------------------

/// Drops the windows some call site cannot use: calls outside Orchestration functions,
/// submits, and windows not proven inside the argument.
class CallSiteCheck : public ScalarBoundTracker {
public:
  CallSiteCheck(const Program &p, ProgramWindows &w, bool orchestration)
      : program_(p), windows_(w), orchestration_(orchestration) {}

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    ExprPtr out = IRMutator::mutateCall(c);
    if (!c->target().isOp())
      check(*c, c->target().function, c->args());
    return out;
  }
  ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &s) override {
    ExprPtr out = IRMutator::mutateSubmit(s);
    check(*s, s->target().function, s->args());
    return out;
  }

private:
  /// A call or submit `site` of `name`: drops the windows it cannot pass, notes the dims it
  /// must clip.
  void check(const Expr &site, const std::string &name, const ExprList &args) {
    auto it = windows_.find(name);
    FunctionPtr callee = program_.lookup(name);
    if (it == windows_.end() || !callee)
      return;
    if (!orchestration_)
      return dropAll(it->second, *callee, "called from a function that is not an Orchestration");
    ArgSubstitution origins(*callee, args);
    for (auto w = it->second.params.begin(); w != it->second.params.end();) {
      std::string why = unusable(w->second, args, w->first);
      if (why.empty()) {
        std::vector<int64_t> shape;
        for (const ExprPtr &d : dynCast<TensorType>(args[w->first]->type())->shape())
          shape.push_back(*constIntValue(d));
        auto [parent, fresh] = it->second.parentShape.emplace(w->first, shape);
        if (!fresh && parent->second != shape)
          why = "its callers pass tensors of different shapes";
      }
      if (why.empty()) {
        for (size_t d : unproven(w->second, origins, args, w->first))
          it->second.clipped[&site].insert({w->first, d});
        ++w;
        continue;
      }
      it->second.fallbacks.push_back(callee->params()[w->first].var->name() + ": " + why);
      w = it->second.params.erase(w);
    }
  }

  static void dropAll(KernelWindows &kw, const Function &callee, const std::string &why) {
    for (const auto &[i, dims] : kw.params)
      kw.fallbacks.push_back(callee.params()[i].var->name() + ": " + why);
    kw.params.clear();
  }

  /// "" when argument `i` can be sliced: a plain tensor of the parameter's rank with constant
  /// dims; else why not.
  static std::string unusable(const std::vector<DimWindow> &dims, const ExprList &args, size_t i) {
    auto *t = i < args.size() ? dynCast<TensorType>(args[i]->type()) : nullptr;
    if (!t || t->rank() != dims.size() || t->view())
      return "an argument is not a plain tensor of the parameter's rank";
    for (const ExprPtr &d : t->shape())
      if (!constIntValue(d))
        return "an argument '" + printExpr(args[i]) + "' has a dim that is not a constant";
    return "";
  }

  /// The dims of parameter `i`'s window not proven inside its argument at this call.
  std::vector<size_t> unproven(const std::vector<DimWindow> &dims, ArgSubstitution &origins,
                               const ExprList &args, size_t i) {
    auto *t = dynCast<TensorType>(args[i]->type());
    std::vector<size_t> out;
    for (size_t d = 0; d < dims.size(); ++d) {
      ConstIntBound o = bound(origins.originOf(dims[d]));
      if (o.min == ConstIntBound::kNegInf || o.min < 0 || o.max == ConstIntBound::kPosInf ||
          arith::saturatingAdd(o.max, dims[d].extent) > *constIntValue(t->shape()[d]))
        out.push_back(d);
    }
    return out;
  }

  const Program &program_;
  ProgramWindows &windows_;
  bool orchestration_;
};

// ---- rewriting ------------------------------------------------------------------------------

/// A windowed kernel: parameters of the window types, offsets rebased, returns retyped; fills
/// `kw.returned`.
class KernelRebase : public IRMutator {
public:
  explicit KernelRebase(KernelWindows &kw) : kw_(kw) {}

  FunctionPtr run(const FunctionPtr &f) {
    std::vector<Param> params = f->params();
    std::map<const Var *, size_t> paramIndex;
    for (const auto &[i, dims] : kw_.params) {
      const VarPtr &p = params[i].var;
      auto *tt = dynCast<TensorType>(p->type());
      VarPtr np = Var::make(p->name(), windowType(*tt, dims, kw_.parentShape.at(i)), p->span());
      window_[np.get()] = {i, &dims};
      remap(p, np);
      params[i].var = np;
    }
    StmtPtr body = mutateStmt(f->body());
    std::vector<TypePtr> rets = f->returnTypes();
    kw_.returned.assign(rets.size(), std::nullopt);
    if (auto *ret = finalReturn(body))
      for (size_t r = 0; r < ret->values().size() && r < rets.size(); ++r)
        if (auto *v = dynCast<Var>(ret->values()[r]))
          if (auto w = window_.find(v); w != window_.end()) {
            kw_.returned[r] = w->second.first;
            rets[r] = v->type();
          }
    return Function::make(f->name(), f->type(), std::move(params), std::move(rets), body,
                          f->level(), f->role(), withFallbacks(f->attrs(), kw_), f->span());
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    ExprPtr value = mutateExpr(s->value());
    auto *c = dynCast<Call>(value);
    auto acc = c ? accessOf(*c) : std::nullopt;
    auto *t = acc && returnsTensor(*c) ? dynCast<Var>(c->args()[acc->tensorArg]) : nullptr;
    if (auto w = t ? window_.find(t) : window_.end(); w != window_.end()) {
      VarPtr nv = Var::make(s->var()->name(), value->type(), s->var()->span());
      remap(s->var(), nv);
      window_[nv.get()] = w->second; // the store's result is the window, updated
      return Assign::make(nv, value, s->span());
    }
    if (value == s->value())
      return s;
    return Assign::make(mutateVarDef(s->var()), value, s->span());
  }

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    ExprPtr out = IRMutator::mutateCall(c);
    auto *call = dynCast<Call>(out);
    auto acc = accessOf(*call);
    auto *t = acc ? dynCast<Var>(call->args()[acc->tensorArg]) : nullptr;
    auto w = t ? window_.find(t) : window_.end();
    if (w == window_.end())
      return out;
    const std::vector<DimWindow> &dims = *w->second.second;
    ExprList offsets;
    for (size_t d = 0; d < dims.size(); ++d)
      offsets.push_back(
          ConstInt::make(splitConstant((*acc->offsets)[d]).second - dims[d].lo, DataType::Index));
    ExprList args = call->args();
    args[1] = MakeTuple::make(std::move(offsets), args[1]->span());
    TypePtr type = returnsTensor(*call) ? t->type() : call->type();
    return Call::make(call->target(), std::move(args), call->kwargs(), call->attrs(), type,
                      call->span());
  }

  /// The window's tensor type: its extents, and the strides of the callers' tensors where they
  /// differ from the window's own row-major strides (a window narrower than an inner dim).
  static TypePtr windowType(const TensorType &t, const std::vector<DimWindow> &dims,
                            const std::vector<int64_t> &parent) {
    ExprList shape, stride(dims.size());
    bool own = true;
    int64_t windowStride = 1, parentStride = 1;
    for (size_t d = dims.size(); d-- > 0;) {
      own &= windowStride == parentStride;
      stride[d] = ConstInt::make(parentStride, DataType::Index);
      windowStride *= dims[d].extent;
      parentStride *= parent[d];
    }
    for (const DimWindow &w : dims)
      shape.push_back(ConstInt::make(w.extent, DataType::Index));
    if (own)
      return TensorType::make(t.dtype(), std::move(shape));
    TensorView view;
    view.stride = std::move(stride);
    return TensorType::make(t.dtype(), std::move(shape), std::move(view));
  }

  /// The function's attrs with `whole_tensor_args` listing kw's fallbacks.
  static AttrList withFallbacks(const AttrList &attrs, const KernelWindows &kw) {
    AttrList out;
    for (const auto &a : attrs)
      if (a.first != kFallbackAttr)
        out.push_back(a);
    if (!kw.fallbacks.empty())
      out.emplace_back(kFallbackAttr, kw.fallbacks);
    return out;
  }

private:
  static const Return *finalReturn(const StmtPtr &body) {
    if (auto *r = dynCast<Return>(body))
      return r;
    auto *seq = dynCast<Seq>(body);
    return seq && !seq->stmts().empty() ? dynCast<Return>(seq->stmts().back()) : nullptr;
  }

  KernelWindows &kw_;
  /// The window variables (the new parameters and the results of stores into them): the
  /// parameter index and the window.
  std::map<const Var *, std::pair<size_t, const std::vector<DimWindow> *>> window_;
};

/// The calls of windowed kernels in an Orchestration function: each windowed argument a
/// `tensor.slice` assigned before the call, and the results that returned a window replaced by
/// the argument's tensor in every later use.
class CallRewrite : public IRMutator {
public:
  CallRewrite(const Function &f, const ProgramWindows &w,
              const std::map<std::string, FunctionPtr, std::less<>> &kernels)
      : names_(f), windows_(w), kernels_(kernels) {}

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    if (auto out = rewrite(s->value(), s->var(), s->span()))
      return *out;
    return IRMutator::mutateAssign(s);
  }
  StmtPtr mutateEval(const std::shared_ptr<const Eval> &s) override {
    if (auto out = rewrite(s->expr(), nullptr, s->span()))
      return *out;
    return IRMutator::mutateEval(s);
  }

  ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem> &e) override {
    if (auto *v = dynCast<Var>(e->tuple()))
      if (auto it = tupleRoots_.find(v); it != tupleRoots_.end())
        if (auto r = it->second.find(e->index()); r != it->second.end())
          return r->second;
    return IRMutator::mutateTupleGetItem(e);
  }

private:
  /// The statements replacing `result = value` when value calls a windowed kernel.
  std::optional<StmtPtr> rewrite(const ExprPtr &value, const VarPtr &result, const Span &span) {
    auto *c = dynCast<Call>(value);
    auto *sb = dynCast<Submit>(value);
    if ((!c || c->target().isOp()) && !sb)
      return std::nullopt;
    const std::string &name = c ? c->target().function : sb->target().function;
    auto w = windows_.find(name);
    auto k = kernels_.find(name);
    if (w == windows_.end() || w->second.params.empty() || k == kernels_.end())
      return std::nullopt;
    const Function &callee = *k->second;
    bool changed = false;
    ExprList whole = mutateExprs(c ? c->args() : sb->args(), changed), args = whole;
    std::vector<StmtPtr> stmts;
    auto clipped = w->second.clipped.find(value.get());
    ArgSubstitution subst(callee, whole);
    for (const auto &[i, dims] : w->second.params) {
      ExprList extents, origins;
      auto *t = dynCast<TensorType>(whole[i]->type());
      for (size_t d = 0; d < dims.size(); ++d) {
        ExprPtr extent = ConstInt::make(dims[d].extent, DataType::Index);
        ExprPtr origin = subst.originOf(dims[d]);
        if (clipped != w->second.clipped.end() && clipped->second.count({i, d})) {
          // origin min(o, dim), extent max(0, min(e, dim - o)): the part inside
          const ExprPtr &dim = t->shape()[d];
          extent = Binary::make(BinaryOp::Max, ConstInt::make(0, DataType::Index),
                                Binary::make(BinaryOp::Min, extent,
                                             Binary::make(BinaryOp::Sub, dim, origin, span), span),
                                span);
          origin = Binary::make(BinaryOp::Min, origin, dim, span);
        }
        extents.push_back(extent);
        origins.push_back(origin);
      }
      DiagnosticEngine local;
      ExprPtr slice = makeOpCall("tensor.slice",
                                 {whole[i], MakeTuple::make(std::move(extents), span),
                                  MakeTuple::make(std::move(origins), span)},
                                 {}, span, local);
      PL_CHECK_AT(slice, kPass, span, "'tensor.slice' rejects the window of a call argument");
      auto *v = dynCast<Var>(whole[i]);
      VarPtr sv = Var::make(names_.fresh((v ? v->name() : "arg") + "_w"), slice->type(), span);
      stmts.push_back(Assign::make(sv, slice, span));
      args[i] = sv;
    }
    const std::vector<TypePtr> &rets = callee.returnTypes();
    TypePtr type;
    ExprPtr call;
    if (c) {
      type = rets.empty()       ? TupleType::make({})
             : rets.size() == 1 ? rets[0]
                                : TupleType::make(rets);
      call = Call::make(c->target(), std::move(args), c->kwargs(), c->attrs(), type, c->span());
    } else { // a submit's type: (the callee's results..., task_id)
      std::vector<TypePtr> elems = rets;
      auto *old = dynCast<TupleType>(sb->type());
      PL_CHECK_AT(old && !old->elements().empty(), kPass, span, "a submit without a task id");
      elems.push_back(old->elements().back());
      type = TupleType::make(std::move(elems));
      call = sb->with(sb->target(), std::move(args), sb->attrs(), type);
    }
    if (!result) {
      stmts.push_back(Eval::make(call, span));
      return Seq::flatten(std::move(stmts), span);
    }
    // The result, where it returned a window, is the argument's whole tensor from now on.
    VarPtr nr = Var::make(result->name(), type, result->span());
    const auto &returned = w->second.returned;
    if (c && rets.size() == 1 && !returned.empty() && returned[0])
      remap(result, whole[*returned[0]]);
    else {
      remap(result, nr);
      for (size_t r = 0; r < returned.size(); ++r)
        if (returned[r])
          tupleRoots_[result.get()][static_cast<int64_t>(r)] = whole[*returned[r]];
    }
    stmts.push_back(Assign::make(nr, call, span));
    return Seq::flatten(std::move(stmts), span);
  }

  FreshNames names_;
  const ProgramWindows &windows_;
  const std::map<std::string, FunctionPtr, std::less<>> &kernels_;
  std::map<const Var *, std::map<int64_t, ExprPtr>> tupleRoots_;
};

} // namespace

ProgramPtr windowTaskArguments(const ProgramPtr &p) {
  ProgramWindows windows;
  for (const FunctionPtr &f : p->functions())
    if (isKernel(f->type()))
      windows[f->name()] = analyzeKernel(*f);
  for (const FunctionPtr &f : p->functions())
    if (!isKernel(f->type())) {
      CallSiteCheck check(*p, windows, f->type() == FunctionType::Orchestration);
      check.mutateFunction(f);
    }
  for (auto &[name, kw] : windows) // a kernel nothing calls keeps its parameters
    for (auto w = kw.params.begin(); w != kw.params.end();)
      w = kw.parentShape.count(w->first) ? std::next(w) : kw.params.erase(w);
  std::map<std::string, FunctionPtr, std::less<>> kernels;
  bool any = false;
  std::vector<FunctionPtr> out;
  for (const FunctionPtr &f : p->functions()) {
    auto w = windows.find(f->name());
    if (w == windows.end() || (w->second.params.empty() && w->second.fallbacks.empty())) {
      out.push_back(f);
      continue;
    }
    FunctionPtr g = KernelRebase(w->second).run(f);
    any |= !w->second.params.empty();
    kernels[f->name()] = g;
    out.push_back(g);
  }
  if (kernels.empty())
    return p;
  if (any)
    for (FunctionPtr &f : out)
      if (f->type() == FunctionType::Orchestration)
        f = CallRewrite(*f, windows, kernels).mutateFunction(f);
  return p->withFunctions(std::move(out));
}

PL_DEFINE_PROGRAM_PASS(WindowTaskArguments, windowTaskArguments)

} // namespace pl::passes
