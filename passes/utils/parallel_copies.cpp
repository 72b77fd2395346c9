// Parallel copies in the emitters' storage model (see parallel_copies.h).
#include "passes/utils/parallel_copies.h"

#include "passes/utils/liveness.h"

#include "ir/op_registry.h"
#include "ir/visitor.h"

#include <algorithm>

namespace pl::passes {

using namespace ir;

std::optional<CopyStorage> tileStorage(const Var &v) {
  auto *t = dynCast<TileType>(v.type());
  if (!t || !t->memref() || !t->memref()->base())
    return std::nullopt;
  const MemRef &m = *t->memref();
  CopyStorage s{m.base().get()};
  if (auto off = constIntValue(m.byteOffset())) { // else: anywhere in the buffer
    s.lo = *off;
    s.hi = *off + m.size();
  }
  return s;
}

bool sameTileBytes(const TileType &a, const TileType &b) {
  const MemRefPtr &x = a.memref(), &y = b.memref();
  if (!x || !y || x->base() != y->base() || x->size() != y->size() ||
      a.memorySpace() != b.memorySpace() || a.dtype() != b.dtype() ||
      a.shape().size() != b.shape().size())
    return false;
  auto ox = constIntValue(x->byteOffset()), oy = constIntValue(y->byteOffset());
  if (!ox || !oy || *ox != *oy)
    return false;
  for (size_t i = 0; i < a.shape().size(); ++i) {
    auto da = constIntValue(a.shape()[i]), db = constIntValue(b.shape()[i]);
    if (!da || !db || *da != *db)
      return false;
  }
  return true;
}

std::vector<const Var *> CopyStorageModel::handleRoots(const Var *v) const {
  auto it = roots_.find(v);
  return it == roots_.end() ? std::vector<const Var *>{v} : it->second;
}

std::vector<const Var *> CopyStorageModel::rootsOfExpr(const ExprPtr &e) const {
  VarSet uses;
  collectUses(e, uses);
  std::vector<const Var *> out;
  for (const Var *u : uses)
    for (const Var *r : handleRoots(u))
      out.push_back(r);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// Bindings in program order: which variable each value is printed as. Seq and Scope keep the
/// default (their statements in order); expressions bind nothing.
class CopyStorageModel::Binder final : public IRVisitor {
public:
  explicit Binder(CopyStorageModel &m) : m_(m) {}

  void visitAssign(const Assign &a) override {
    const Var *v = a.var().get();
    const ExprPtr &val = a.value();
    if (isa<TupleType>(v->type()) || isa<TupleGetItem>(val) || isa<Submit>(val))
      return m_.bind(v, m_.rootsOfExpr(val)); // parts of what it was built from
    if (auto *c = dynCast<Call>(val)) {
      if (!c->target().isOp())
        return m_.bind(v, m_.rootsOfExpr(val)); // results name Out / InOut arguments
      auto alias = c->target().op->outputAliasesArg;
      if (alias && size_t(*alias) < c->args().size() && !isa<TileType>(v->type()) &&
          !isa<ScalarType>(v->type()))
        return m_.bind(v, m_.rootsOfExpr(c->args()[size_t(*alias)]));
    }
    m_.bind(v, {v});
  }
  void visitFor(const For &f) override { loop(f.iterArgs(), f.body(), f.returnVars()); }
  void visitWhile(const While &w) override { loop(w.iterArgs(), w.body(), w.returnVars()); }
  void visitIf(const If &i) override {
    visitStmt(i.thenBody());
    visitStmt(i.elseBody());
    for (auto &rv : i.returnVars())
      m_.bind(rv.get(), {rv.get()});
  }

private:
  /// A loop: each iter_arg is its own value in the body; each result is what its carry holds.
  void loop(const std::vector<IterArg> &iters, const StmtPtr &body,
            const std::vector<VarPtr> &rets) {
    for (auto &ia : iters)
      m_.bind(ia.var.get(), {ia.var.get()});
    visitStmt(body);
    for (size_t k = 0; k < rets.size() && k < iters.size(); ++k)
      m_.bind(rets[k].get(), m_.handleRoots(iters[k].var.get()));
  }

  CopyStorageModel &m_;
};

CopyStorageModel::CopyStorageModel(const Function &f) {
  for (auto &p : f.params())
    bind(p.var.get(), {p.var.get()});
  Binder(*this).visitStmt(f.body());
}

std::optional<CopyStorage> CopyStorageModel::written(const Var &dst, const ExprPtr &src) const {
  if (auto d = tileStorage(dst)) {
    auto *sv = dynCast<Var>(src);
    auto s = sv ? tileStorage(*sv) : std::nullopt;
    if (s && s->root == d->root && s->lo == d->lo && s->hi == d->hi)
      return std::nullopt; // same bytes: only the valid shape is copied
    return d;
  }
  auto *sv = dynCast<Var>(src);
  if (sv && (sv == &dst || handleRoots(sv) == handleRoots(&dst)))
    return std::nullopt; // printed as the same variable
  return CopyStorage{handleRoots(&dst).front()};
}

std::vector<CopyStorage> CopyStorageModel::occupied(const Var &dst) const {
  if (auto d = tileStorage(dst))
    return {*d};
  std::vector<CopyStorage> out;
  for (const Var *r : handleRoots(&dst))
    out.push_back({r});
  return out;
}

std::vector<CopyStorage> CopyStorageModel::read(const ExprPtr &src) const {
  std::vector<CopyStorage> out;
  VarSet uses;
  collectUses(src, uses);
  for (const Var *u : uses) {
    if (auto t = tileStorage(*u)) {
      out.push_back(*t);
      continue;
    }
    for (const Var *r : handleRoots(u))
      out.push_back({r});
  }
  return out;
}

std::vector<size_t> CopyStorageModel::unsafeSlots(const std::vector<VarPtr> &dsts,
                                                  const ExprList &srcs) const {
  std::vector<size_t> out;
  std::vector<CopyStorage> writtenSoFar;
  for (size_t k = 0; k < dsts.size() && k < srcs.size(); ++k) {
    std::vector<CopyStorage> reads = read(srcs[k]);
    bool unsafe = std::any_of(reads.begin(), reads.end(), [&](const CopyStorage &r) {
      return std::any_of(writtenSoFar.begin(), writtenSoFar.end(),
                         [&](const CopyStorage &w) { return w.overlaps(r); });
    });
    if (unsafe)
      out.push_back(k);
    if (auto w = written(*dsts[k], srcs[k]))
      writtenSoFar.push_back(*w);
  }
  return out;
}

std::optional<std::pair<size_t, size_t>>
CopyStorageModel::overlappingDestinations(const std::vector<VarPtr> &dsts,
                                          const ExprList &srcs) const {
  size_t n = std::min(dsts.size(), srcs.size());
  for (size_t j = 0; j < n; ++j) {
    auto w = written(*dsts[j], srcs[j]);
    if (!w)
      continue; // moves nothing; its own storage is checked against the writers below
    for (size_t k = 0; k < n; ++k)
      for (const CopyStorage &o : occupied(*dsts[k]))
        if (k != j && w->overlaps(o) && dsts[k] != dsts[j])
          return std::pair{std::min(j, k), std::max(j, k)};
  }
  return std::nullopt;
}

} // namespace pl::passes
