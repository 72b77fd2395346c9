// Loop analysis through calls: inlining pure scalar functions (see pure_calls.h).
#include "passes/utils/pure_calls.h"
#include "passes/utils/loop_analysis.h"

#include "ir/mutator.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

constexpr int kMaxInlineDepth = 8;

using Env = std::unordered_map<const Var *, ExprPtr>;

bool isIntOrBoolScalar(const TypePtr &t) {
  auto d = scalarDType(t);
  return d && (isIntLike(*d) || *d == DataType::Bool);
}

/// Replaces uses of the callee's parameters and earlier assignments by their values.
class Substituter final : public IRMutator {
public:
  explicit Substituter(const Env &env) : env_(env) {}
  ExprPtr mutateVarUse(const VarPtr &v) override {
    auto it = env_.find(v.get());
    return it == env_.end() ? v : it->second;
  }

private:
  const Env &env_;
};

ExprPtr pureValue(const Function &f, const ExprList &args, const Program &p, int depth);

/// Replaces calls to pure scalar functions by their values, and element reads of such values
/// (directly or through a variable assigned once) by the element.
class CallInliner final : public IRMutator {
public:
  CallInliner(const Program &p, int depth) : p_(p), depth_(depth) {}
  bool changed = false;

  ExprPtr mutateCall(const std::shared_ptr<const Call> &e) override {
    ExprPtr base = IRMutator::mutateCall(e);
    auto *c = dynCast<Call>(base);
    if (!c || c->target().isOp())
      return base;
    FunctionPtr f = p_.lookup(c->target().function);
    ExprPtr v = f ? pureValue(*f, c->args(), p_, depth_ + 1) : nullptr;
    if (!v)
      return base;
    changed = true;
    return v;
  }

  ExprPtr mutateTupleGetItem(const std::shared_ptr<const TupleGetItem> &e) override {
    ExprPtr base = IRMutator::mutateTupleGetItem(e);
    auto *g = dynCast<TupleGetItem>(base);
    if (!g)
      return base;
    ExprPtr t = g->tuple();
    if (auto it = tuples_.find(t.get()); it != tuples_.end() && it->second)
      t = it->second;
    auto *mt = dynCast<MakeTuple>(t);
    if (!mt || g->index() < 0 || static_cast<size_t>(g->index()) >= mt->elements().size())
      return base;
    changed = true;
    return mt->elements()[static_cast<size_t>(g->index())];
  }

  StmtPtr mutateAssign(const std::shared_ptr<const Assign> &s) override {
    StmtPtr out = IRMutator::mutateAssign(s);
    auto *a = dynCast<Assign>(out);
    if (!a || !isa<MakeTuple>(a->value()))
      return out;
    // A tuple variable assigned twice (pre-SSA) has no single value: forget it.
    auto [it, fresh] = tuples_.emplace(a->var().get(), a->value());
    if (!fresh)
      it->second = nullptr;
    return out;
  }

private:
  const Program &p_;
  int depth_;
  std::unordered_map<const Expr *, ExprPtr> tuples_;
};

/// `e` with `env` substituted and the pure calls in it inlined; nullptr when not pure (the
/// elements of a MakeTuple are checked one by one).
ExprPtr pureOf(const ExprPtr &e, const Env &env, const Program &p, int depth) {
  Substituter sub(env);
  CallInliner in(p, depth);
  ExprPtr v = in.mutateExpr(sub.mutateExpr(e));
  if (auto *mt = dynCast<MakeTuple>(v)) {
    for (auto &x : mt->elements())
      if (!isPureScalarExpr(x))
        return nullptr;
    return v;
  }
  return isPureScalarExpr(v) ? v : nullptr;
}

ExprPtr pureValue(const Function &f, const ExprList &args, const Program &p, int depth) {
  if (depth > kMaxInlineDepth || !f.body() || f.params().size() != args.size())
    return nullptr;
  Env env;
  for (size_t i = 0; i < args.size(); ++i) {
    auto &param = f.params()[i];
    if (param.direction != ParamDirection::In || !isIntOrBoolScalar(param.var->type()) ||
        !isPureScalarExpr(args[i]))
      return nullptr;
    env[param.var.get()] = args[i];
  }
  std::vector<StmtPtr> stmts;
  if (auto *seq = dynCast<Seq>(f.body()))
    stmts = seq->stmts();
  else
    stmts.push_back(f.body());
  auto *ret = stmts.empty() ? nullptr : dynCast<Return>(stmts.back());
  if (!ret || ret->values().empty())
    return nullptr;
  for (size_t i = 0; i + 1 < stmts.size(); ++i) {
    auto *a = dynCast<Assign>(stmts[i]);
    if (!a || !isIntOrBoolScalar(a->var()->type()) || env.count(a->var().get()))
      return nullptr;
    ExprPtr v = pureOf(a->value(), env, p, depth);
    if (!v || isa<MakeTuple>(v))
      return nullptr;
    env[a->var().get()] = v;
  }
  ExprList values;
  for (auto &r : ret->values()) {
    ExprPtr v = pureOf(r, env, p, depth);
    if (!v || isa<MakeTuple>(v))
      return nullptr;
    values.push_back(v);
  }
  return values.size() == 1 ? values[0] : MakeTuple::make(std::move(values), ret->span());
}
} // namespace

ExprPtr pureScalarCallValue(const Function &f, const ExprList &args, const Program &p) {
  return pureValue(f, args, p, 1);
}

StmtPtr inlinePureScalarCalls(const StmtPtr &s, const Program &p) {
  CallInliner in(p, 0);
  StmtPtr out = in.mutateStmt(s);
  return in.changed ? out : nullptr;
}

} // namespace pl::passes
