// BoundTileWindows: attr `in_bounds` on every kernel tile.load / tile.store (see
// bound_tile_windows.h).
#include "passes/bound_tile_windows.h"

#include "ir/ops/tile_window.h"

#include "passes/utils/scalar_bounds.h"

#include <map>

namespace pl::passes {

namespace {
using namespace ir;
using arith::ConstIntBound;

constexpr const char *kAttr = "in_bounds";

/// Per kernel and parameter index: the union of the argument bounds at its call sites.
using ParamBounds = std::map<std::string, std::map<size_t, ConstIntBound>, std::less<>>;
/// Per kernel and tensor parameter index: per dim the smallest constant dim of the arguments at
/// its call sites (nullopt: some call passes a dim that is not a constant, e.g. a window
/// WindowTaskArguments clips at run time).
using ParamDims =
    std::map<std::string, std::map<size_t, std::vector<std::optional<int64_t>>>, std::less<>>;

/// Walks one function in program order with the ranges known so far. In a kernel it sets
/// `in_bounds` on the windows; elsewhere it records the bounds of kernel arguments.
class WindowBounds : public ScalarBoundTracker {
public:
  WindowBounds(const Program &p, ParamBounds &params, ParamDims &dims, bool kernel)
      : program_(p), params_(params), dims_(dims), kernel_(kernel) {}

  /// Tensor variables whose dims are the call sites' (the parameters and the results of stores
  /// and writes into them), in a kernel.
  std::map<const Var *, std::vector<std::optional<int64_t>>> tensorDims;

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    StmtPtr out = ScalarBoundTracker::mutateAssign(s);
    auto *c = kernel_ ? dynCast<Call>(s->value()) : nullptr;
    if (c && c->target().isOp() && c->args().size() == 3) {
      const std::string &op = c->target().name();
      const ExprPtr &t = op == "tile.store" ? c->args()[2] : c->args()[0];
      if (op == "tile.store" || op == "tensor.write")
        if (auto *v = dynCast<Var>(t); v && tensorDims.count(v))
          tensorDims[s->var().get()] = tensorDims[v];
    }
    return out;
  }

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    ExprPtr out = IRMutator::mutateCall(c);
    auto call = std::static_pointer_cast<const Call>(out);
    if (!call->target().isOp()) {
      record(call->target().name(), call->args());
      return out;
    }
    const std::string &op = call->target().name();
    if (!kernel_ || (op != "tile.load" && op != "tile.store"))
      return out;
    bool inside = op == "tile.load" ? loadInside(*call) : storeInside(*call);
    const AttrValue *old = findAttr(call->attrs(), kAttr);
    if (old && std::holds_alternative<bool>(*old) && std::get<bool>(*old) == inside)
      return out;
    AttrList attrs;
    for (const auto &a : call->attrs())
      if (a.first != kAttr)
        attrs.push_back(a);
    attrs.emplace_back(kAttr, inside);
    return Call::make(call->target(), call->args(), call->kwargs(), std::move(attrs), call->type(),
                      call->span());
  }

  ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &s) override {
    ExprPtr out = IRMutator::mutateSubmit(s);
    record(s->target().function, s->args());
    return out;
  }

private:
  void record(const std::string &callee, const ExprList &args) {
    if (kernel_)
      return;
    FunctionPtr f = program_.lookup(callee);
    if (!f || !isKernel(f->type()))
      return;
    auto &slots = params_[callee];
    for (size_t i = 0; i < args.size(); ++i) {
      if (auto *t = dynCast<TensorType>(args[i]->type())) {
        std::vector<std::optional<int64_t>> dims;
        for (const ExprPtr &d : t->shape())
          dims.push_back(constIntValue(d));
        auto [it, fresh] = dims_[callee].emplace(i, dims);
        for (size_t k = 0; !fresh && k < dims.size() && k < it->second.size(); ++k)
          it->second[k] = it->second[k] && dims[k]
                              ? std::optional<int64_t>(std::min(*it->second[k], *dims[k]))
                              : std::nullopt;
        continue;
      }
      if (!scalarDType(args[i]->type()))
        continue;
      ConstIntBound b = bound(args[i]);
      auto [it, fresh] = slots.emplace(i, b);
      if (!fresh)
        it->second = it->second.unite(b);
    }
  }

  /// Every dim k: offsets[k] >= 0 and offsets[k] + extents[k] <= dim k of `tensor` (of type
  /// t; for a parameter, of every argument its call sites pass).
  bool inside(const ExprPtr &tensor, const TensorType &t, const ExprList &offsets,
              const ExprList &extents) {
    if (offsets.size() != t.rank() || extents.size() != t.rank())
      return false;
    auto *v = dynCast<Var>(tensor);
    auto callDims = v ? tensorDims.find(v) : tensorDims.end();
    for (size_t k = 0; k < t.rank(); ++k) {
      ConstIntBound o = bound(offsets[k]), e = bound(extents[k]), d = bound(t.shape()[k]);
      if (callDims != tensorDims.end() && k < callDims->second.size()) {
        if (!callDims->second[k])
          return false;
        d.min = std::min(d.min, *callDims->second[k]);
      }
      if (o.min == ConstIntBound::kNegInf || o.min < 0 || o.max == ConstIntBound::kPosInf ||
          e.max == ConstIntBound::kPosInf || d.min == ConstIntBound::kNegInf)
        return false;
      if (arith::saturatingAdd(o.max, e.max) > d.min)
        return false;
    }
    return true;
  }

  bool loadInside(const Call &c) {
    const ExprList &a = c.args();
    auto *t = a.size() == 3 ? dynCast<TensorType>(a[0]->type()) : nullptr;
    const ExprList *offs = t ? MakeTuple::elementsOf(a[1]) : nullptr;
    const ExprList *sizes = offs ? MakeTuple::elementsOf(a[2]) : nullptr;
    if (!sizes)
      return false;
    const ExprList *extents = sizes;
    if (const AttrValue *v = findAttr(c.kwargs(), "valid_shape"))
      if (auto *valid = std::get_if<ExprList>(v))
        extents = valid;
    return inside(a[0], *t, *offs, *extents);
  }

  bool storeInside(const Call &c) {
    const ExprList &a = c.args();
    auto *tile = a.size() == 3 ? dynCast<TileType>(a[0]->type()) : nullptr;
    auto *t = tile ? dynCast<TensorType>(a[2]->type()) : nullptr;
    const ExprList *offs = t ? MakeTuple::elementsOf(a[1]) : nullptr;
    auto extents = offs ? tileWindowExtents(t->rank(), tile->shape()) : std::nullopt;
    return extents && inside(a[2], *t, *offs, *extents);
  }

  const Program &program_;
  ParamBounds &params_;
  ParamDims &dims_;
  bool kernel_;
};

} // namespace

ProgramPtr boundTileWindows(const ProgramPtr &p) {
  ParamBounds params;
  ParamDims dims;
  for (const FunctionPtr &f : p->functions())
    if (!isKernel(f->type())) {
      WindowBounds w(*p, params, dims, false);
      w.mutateFunction(f);
    }
  std::vector<FunctionPtr> out;
  bool changed = false;
  for (const FunctionPtr &f : p->functions()) {
    if (!isKernel(f->type())) {
      out.push_back(f);
      continue;
    }
    WindowBounds w(*p, params, dims, true);
    auto it = params.find(f->name());
    if (it != params.end())
      for (size_t i = 0; i < f->params().size(); ++i)
        if (auto b = it->second.find(i); b != it->second.end())
          w.vars[f->params()[i].var.get()] = b->second;
    if (auto d = dims.find(f->name()); d != dims.end())
      for (const auto &[i, callDims] : d->second)
        if (i < f->params().size())
          w.tensorDims[f->params()[i].var.get()] = callDims;
    FunctionPtr g = w.mutateFunction(f);
    changed |= g != f;
    out.push_back(g);
  }
  return changed ? p->withFunctions(std::move(out)) : p;
}

PL_DEFINE_PROGRAM_PASS(BoundTileWindows, boundTileWindows)

} // namespace pl::passes
