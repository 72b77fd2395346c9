// MaterializeValidShapeSymbols: unbound valid-shape symbols of kernels become leading scalar
// parameters (see materialize_valid_shape_symbols.h).
#include "passes/materialize_valid_shape_symbols.h"

#include "ir/arg_direction.h"
#include "ir/find.h"
#include "ir/mutator.h"
#include "ir/printer.h"
#include "ir/structural_equal.h"
#include "ir/visitor.h"

#include <map>

namespace pl::passes {

namespace {
using namespace ir;

constexpr const char *kOverridesAttr = "arg_direction_overrides";

/// The valid_shape of a tensor or tile type (empty when it has none).
const ExprList &validShapeOf(const TypePtr &t) {
  static const ExprList none;
  if (auto *tt = dynCast<TensorType>(t); tt && tt->view())
    return tt->view()->validShape;
  if (auto *tl = dynCast<TileType>(t); tl && tl->view())
    return tl->view()->validShape;
  return none;
}

/// The variables an expression reads, in order of first use.
class VarUses : public IRVisitor {
public:
  std::vector<VarPtr> vars;
  void visitVarUse(const VarPtr &v) override {
    for (const VarPtr &u : vars)
      if (u == v)
        return;
    vars.push_back(v);
  }
};

std::vector<VarPtr> varUses(const ExprPtr &e) {
  VarUses u;
  u.visitExpr(e);
  return u.vars;
}

/// A parameter dim whose valid extent is exactly the symbol.
struct Slot {
  size_t param, dim;
};

/// One symbol a kernel gets as a parameter: the old (unbound) variable, the new parameter, the
/// first parameter whose valid_shape reads it and the dims that bind it at a call.
struct Symbol {
  VarPtr old, param;
  size_t firstParam;
  std::vector<Slot> slots;
};

/// A rewritten kernel: its symbols, in parameter order.
using KernelSymbols = std::map<std::string, std::vector<Symbol>, std::less<>>;

/// What kernel `f` binds itself: its parameters, the variables its body binds and those of its
/// parameters' shapes (the kernel reads physical dims off its tensors).
std::unordered_set<const Var *> boundInKernel(const Function &f) {
  std::unordered_set<const Var *> bound = collectBindings(f);
  for (const Param &p : f.params())
    if (auto *st = dynCast<ShapedType>(p.var->type()))
      for (const ExprPtr &d : st->shape())
        for (const VarPtr &v : varUses(d))
          bound.insert(v.get());
  return bound;
}

/// The symbols of kernel `f` (step 1); reports VS001 for one no dim names alone.
std::vector<Symbol> findSymbols(const Function &f, DiagnosticEngine &diags, bool &ok) {
  std::unordered_set<const Var *> bound = boundInKernel(f);
  std::vector<Symbol> out;
  std::map<const Var *, size_t> index;
  for (size_t i = 0; i < f.params().size(); ++i) {
    const ExprList &valid = validShapeOf(f.params()[i].var->type());
    for (size_t d = 0; d < valid.size(); ++d)
      for (const VarPtr &v : varUses(valid[d])) {
        if (bound.count(v.get()))
          continue;
        auto [it, fresh] = index.try_emplace(v.get(), out.size());
        if (fresh)
          out.push_back({v, Var::make(v->name(), v->type(), v->span()), i, {}});
        if (valid[d].get() == v.get())
          out[it->second].slots.push_back({i, d});
      }
  }
  for (const Symbol &s : out) {
    if (!s.slots.empty())
      continue;
    ok = false;
    const VarPtr &param = f.params()[s.firstParam].var;
    diags.error("VS001", param->span(),
                "symbol '" + s.old->name() + "' of the valid_shape of parameter '" + param->name() +
                    "' of kernel '" + f.name() +
                    "' appears only inside an expression, which a call cannot invert; name it "
                    "alone in a valid_shape dim or pass it as a scalar parameter");
  }
  return out;
}

/// Step 2: the kernel with its symbols as leading parameters, read by every use.
FunctionPtr addSymbolParams(const FunctionPtr &f, const std::vector<Symbol> &symbols) {
  IRMutator m;
  for (const Symbol &s : symbols)
    m.remap(s.old, s.param);
  FunctionPtr g = m.mutateFunction(f);
  std::vector<Param> params;
  params.reserve(symbols.size() + g->params().size());
  for (const Symbol &s : symbols)
    params.push_back({s.param, ParamDirection::In});
  params.insert(params.end(), g->params().begin(), g->params().end());
  return g->withSignature(std::move(params), g->returnTypes(), g->body());
}

/// Step 3: every call and submit of a rewritten kernel passes the symbols' values first.
class CallSiteRewriter : public IRMutator {
public:
  CallSiteRewriter(const KernelSymbols &kernels, const Function &caller, DiagnosticEngine &diags)
      : kernels_(kernels), caller_(caller), bound_(collectBindings(caller)), diags_(diags) {}
  bool ok = true;

  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    return rewriteSite<Call>(IRMutator::mutateCall(c));
  }
  ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &s) override {
    return rewriteSite<Submit>(IRMutator::mutateSubmit(s));
  }

private:
  const std::vector<Symbol> *symbolsOf(const CallTarget &t) const {
    if (t.isOp())
      return nullptr;
    auto it = kernels_.find(t.function);
    return it == kernels_.end() ? nullptr : &it->second;
  }

  /// A Call or Submit `e` of a rewritten kernel with the symbols' values as its leading
  /// arguments; `e` itself for other sites or after reporting an error.
  template <typename Site> ExprPtr rewriteSite(const ExprPtr &e) {
    auto *site = dynCast<Site>(e);
    const std::vector<Symbol> *symbols = site ? symbolsOf(site->target()) : nullptr;
    if (!symbols)
      return e;
    ExprList args;
    for (const Symbol &s : *symbols) {
      ExprPtr v = valueOf(s, site->target(), site->args(), site->span());
      if (!v) {
        ok = false;
        return e;
      }
      args.push_back(v);
    }
    args.insert(args.end(), site->args().begin(), site->args().end());
    return site->with(site->target(), std::move(args), shiftedAttrs(site->attrs(), symbols->size()),
                      site->type());
  }

  /// The caller's value of `s` at a call: the valid extent of the argument at each slot, which
  /// must agree; nullptr after reporting VS002 / VS003.
  ExprPtr valueOf(const Symbol &s, const CallTarget &t, const ExprList &args, const Span &span) {
    ExprPtr value;
    Slot first{};
    for (const Slot &slot : s.slots) {
      ExprPtr v = slot.param < args.size() ? validExtent(args[slot.param], slot.dim) : nullptr;
      if (!v)
        return missing(s, t,
                       "argument " + std::to_string(slot.param) + " has no dim " +
                           std::to_string(slot.dim),
                       span);
      if (value && !structuralEqual(value, v)) {
        diags_.error("VS002", span,
                     "the call to '" + t.function + "' gives symbol '" + s.old->name() +
                         "' two values: '" + printExpr(value) + "' (argument " +
                         std::to_string(first.param) + ", dim " + std::to_string(first.dim) +
                         ") and '" + printExpr(v) + "' (argument " + std::to_string(slot.param) +
                         ", dim " + std::to_string(slot.dim) + ")");
        return nullptr;
      }
      if (!value)
        value = v, first = slot;
    }
    for (const VarPtr &u : varUses(value))
      if (!bound_.count(u.get()))
        return missing(s, t,
                       "its valid extent '" + printExpr(value) + "' reads '" + u->name() +
                           "', which '" + caller_.name() + "' does not bind",
                       span);
    return value;
  }

  ExprPtr missing(const Symbol &s, const CallTarget &t, const std::string &why, const Span &span) {
    diags_.error("VS003", span,
                 "the call to '" + t.function + "' has no value for symbol '" + s.old->name() +
                     "': " + why);
    return nullptr;
  }

  /// An argument's valid extent in dim `d`: its valid_shape, else its shape (valid everywhere).
  static ExprPtr validExtent(const ExprPtr &arg, size_t d) {
    auto *st = dynCast<ShapedType>(arg->type());
    if (!st || d >= st->rank())
      return nullptr;
    const ExprList &valid = validShapeOf(arg->type());
    return d < valid.size() ? valid[d] : st->shape()[d];
  }

  /// `attrs` for `n` leading scalar arguments: "Scalar" directions first, override indices
  /// shifted.
  static AttrList shiftedAttrs(AttrList attrs, size_t n) {
    for (auto &[key, value] : attrs) {
      if (key == kArgDirectionsAttr) {
        if (auto *names = std::get_if<std::vector<std::string>>(&value))
          names->insert(names->begin(), n, std::string(argDirectionName(ArgDirection::Scalar)));
      } else if (key == kOverridesAttr) {
        if (auto *idx = std::get_if<std::vector<int64_t>>(&value))
          for (int64_t &i : *idx)
            i += static_cast<int64_t>(n);
      }
    }
    return attrs;
  }

  const KernelSymbols &kernels_;
  const Function &caller_;
  std::unordered_set<const Var *> bound_;
  DiagnosticEngine &diags_;
};
} // namespace

ProgramPtr materializeValidShapeSymbols(const ProgramPtr &p, DiagnosticEngine &diags) {
  KernelSymbols kernels;
  std::vector<FunctionPtr> fns;
  bool ok = true;
  for (const FunctionPtr &f : p->functions()) {
    std::vector<Symbol> symbols =
        isKernel(f->type()) ? findSymbols(*f, diags, ok) : std::vector<Symbol>{};
    if (symbols.empty()) {
      fns.push_back(f);
      continue;
    }
    fns.push_back(addSymbolParams(f, symbols));
    kernels.emplace(f->name(), std::move(symbols));
  }
  if (!ok)
    return nullptr;
  if (kernels.empty())
    return p;
  for (FunctionPtr &f : fns) {
    CallSiteRewriter calls(kernels, *f, diags);
    f = calls.mutateFunction(f);
    ok &= calls.ok;
  }
  return ok ? p->withFunctions(std::move(fns)) : nullptr;
}

PL_DEFINE_PROGRAM_PASS(MaterializeValidShapeSymbols, materializeValidShapeSymbols)

} // namespace pl::passes
