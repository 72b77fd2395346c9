// NormalizeReturnOrder: kernels return their parameters in order (see normalize_return_order.h).
#include "passes/normalize_return_order.h"

#include "ir/mutator.h"
#include "ir/printer.h"
#include "passes/utils/buffer_aliases.h"
#include "passes/utils/liveness.h"

#include <algorithm>
#include <map>

namespace pl::passes {

namespace {
using namespace ir;

/// Per reordered kernel: new position of each old result index.
using Reorders = std::map<std::string, std::vector<int64_t>, std::less<>>;

/// The kernel with its return rewritten; `newPos` set when the order changed.
FunctionPtr normalizeKernel(const FunctionPtr &f, const Program &p, DiagnosticEngine &diags,
                            bool &failed, std::vector<int64_t> &newPos) {
  std::vector<StmtPtr> stmts = bodyStmts(f->body());
  auto *ret = stmts.empty() ? nullptr : dynCast<Return>(stmts.back());
  if (!ret || ret->values().empty())
    return f;
  for (const ExprPtr &v : ret->values()) // scalar results are values, not buffers: left alone
    if (!isa<TensorType>(v->type()))
      return f;
  std::vector<VarPtr> roots;
  std::map<const Var *, size_t> index;
  for (size_t i = 0; i < f->params().size(); ++i) {
    roots.push_back(f->params()[i].var);
    index[f->params()[i].var.get()] = i;
  }
  AliasRoots aliases = computeAliasRoots(f->body(), roots, &p);
  std::vector<std::pair<size_t, size_t>> order; // (parameter index, old position)
  for (size_t k = 0; k < ret->values().size(); ++k) {
    const ExprPtr &v = ret->values()[k];
    const Var *var = dynCast<Var>(v);
    const Var *root = nullptr;
    if (var && index.count(var))
      root = var;
    else if (auto it = var ? aliases.find(var) : aliases.end(); it != aliases.end())
      root = it->second;
    if (!root || !index.count(root) || !isa<TensorType>(f->params()[index[root]].var->type())) {
      diags.error("RO001", ret->span(), // (a Var's span is its definition)
                  "kernel '" + f->name() + "' returns '" + printExpr(v) +
                      "', which names none of its tensor parameters; a kernel's results are "
                      "the Out / InOut tensors it writes");
      failed = true;
      return f;
    }
    order.emplace_back(index[root], k);
  }
  std::sort(order.begin(), order.end()); // by parameter, then slot: the stable order (no
                                         // std::stable_sort: clang-19 + libstdc++ 12 warn)
  ExprList values;
  std::vector<TypePtr> types;
  bool moved = false, same = true;
  newPos.assign(order.size(), 0);
  for (size_t n = 0; n < order.size(); ++n) {
    const VarPtr &param = f->params()[order[n].first].var;
    values.push_back(param);
    types.push_back(f->returnTypes()[order[n].second]);
    newPos[order[n].second] = static_cast<int64_t>(n);
    moved |= order[n].second != n;
    same &= ret->values()[order[n].second].get() == param.get();
  }
  if (!moved)
    newPos.clear();
  if (same && !moved)
    return f;
  stmts.back() = Return::make(std::move(values), ret->span());
  return f->withSignature(f->params(), std::move(types),
                          Seq::flatten(std::move(stmts), f->body()->span()));
}

/// Re-indexes the uses of reordered kernels' result tuples (calls and submits).
class CallerReindexer final : public IRMutator {
public:
  explicit CallerReindexer(const Reorders &r) : reorders_(r) {}

  /// Every call of a reordered kernel takes the reordered tuple type (also as a statement).
  ExprPtr mutateCall(const std::shared_ptr<const Call> &e) override {
    ExprPtr out = IRMutator::mutateCall(e);
    auto *c = dynCast<Call>(out);
    const auto *perm = c->target().isOp() ? nullptr : find(c->target().function);
    if (!perm || !isa<TupleType>(c->type()))
      return out;
    return Call::make(c->target(), c->args(), c->kwargs(), c->attrs(), permuted(c->type(), *perm),
                      c->span());
  }

  ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &e) override {
    ExprPtr out = IRMutator::mutateSubmit(e);
    auto *sb = dynCast<Submit>(out);
    const auto *perm = sb->target().isOp() ? nullptr : find(sb->target().function);
    if (!perm)
      return out;
    return sb->with(sb->target(), sb->args(), sb->attrs(), permuted(sb->type(), *perm));
  }

  /// A variable bound to such a call gets the new type; its `t[i]` uses follow the order.
  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    StmtPtr out = IRMutator::mutateAssign(s);
    auto *a = dynCast<Assign>(out);
    const std::vector<int64_t> *perm = nullptr;
    if (auto *c = dynCast<Call>(a->value()); c && !c->target().isOp())
      perm = find(c->target().function);
    else if (auto *sb = dynCast<Submit>(a->value()); sb && !sb->target().isOp())
      perm = find(sb->target().function);
    if (!perm || !isa<TupleType>(a->var()->type()))
      return out;
    VarPtr nv = Var::make(a->var()->name(), a->value()->type(), a->var()->span());
    renamed_[s->var().get()] = {nv, perm};
    return Assign::make(nv, a->value(), a->span());
  }

  ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem> &e) override {
    if (auto *v = dynCast<Var>(e->tuple()))
      if (auto it = renamed_.find(v); it != renamed_.end()) {
        auto &[nv, perm] = it->second;
        int64_t i = e->index();
        if (i >= 0 && static_cast<size_t>(i) < perm->size())
          i = (*perm)[static_cast<size_t>(i)];
        return TupleGetItem::make(nv, i, e->span());
      }
    return IRMutator::mutateTupleGetItem(e);
  }

  ExprPtr mutateVarUse(const VarPtr &v) override {
    if (auto it = renamed_.find(v.get()); it != renamed_.end())
      return it->second.first;
    return IRMutator::mutateVarUse(v);
  }

private:
  /// (results..., [task id]) with result k moved to position perm[k].
  static TypePtr permuted(const TypePtr &t, const std::vector<int64_t> &perm) {
    auto *tt = dynCast<TupleType>(t);
    if (!tt)
      return t;
    std::vector<TypePtr> elems = tt->elements();
    for (size_t k = 0; k < perm.size() && k < elems.size(); ++k)
      elems[static_cast<size_t>(perm[k])] = tt->elements()[k];
    return TupleType::make(std::move(elems));
  }
  const std::vector<int64_t> *find(const std::string &name) const {
    auto it = reorders_.find(name);
    return it == reorders_.end() ? nullptr : &it->second;
  }
  const Reorders &reorders_;
  std::map<const Var *, std::pair<VarPtr, const std::vector<int64_t> *>> renamed_;
};
} // namespace

ProgramPtr normalizeReturnOrder(const ProgramPtr &p, DiagnosticEngine &diags) {
  std::vector<FunctionPtr> fns;
  Reorders reorders;
  bool changed = false, failed = false;
  for (auto &f : p->functions()) {
    if (!isKernel(f->type())) {
      fns.push_back(f);
      continue;
    }
    std::vector<int64_t> newPos;
    FunctionPtr g = normalizeKernel(f, *p, diags, failed, newPos);
    if (!newPos.empty())
      reorders[f->name()] = std::move(newPos);
    changed |= g != f;
    fns.push_back(g);
  }
  if (failed)
    return nullptr;
  if (!changed)
    return p;
  if (!reorders.empty()) {
    for (auto &f : fns) {
      CallerReindexer r(reorders);
      f = r.mutateFunction(f);
    }
  }
  return p->withFunctions(std::move(fns));
}

PL_DEFINE_PROGRAM_PASS(NormalizeReturnOrder, normalizeReturnOrder)

} // namespace pl::passes
