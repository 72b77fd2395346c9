// DeduplicateOutlinedKernels: merge identical outlined functions (see the header).
#include "passes/deduplicate_outlined_kernels.h"

#include "ir/mutator.h"
#include "ir/structural_equal.h"

#include <map>
#include <unordered_map>

namespace pl::passes {

namespace {
using namespace ir;

bool isOutlinedKind(FunctionType t) {
  return isKernel(t) || t == FunctionType::Group || t == FunctionType::Spmd ||
         t == FunctionType::Graph;
}

/// Retargets calls and submits by a name → name map.
class Retargeter : public IRMutator {
public:
  explicit Retargeter(const std::map<std::string, std::string> &to) : to_(to) {}
  ExprPtr mutateCall(const std::shared_ptr<const Call> &c) override {
    return retarget<Call>(IRMutator::mutateCall(c));
  }
  ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &s) override {
    return retarget<Submit>(IRMutator::mutateSubmit(s));
  }

private:
  /// `e` (a Call or Submit) calling the mapped name, or `e` when its callee is not mapped.
  template <typename CallLike> ExprPtr retarget(const ExprPtr &e) const {
    auto *n = dynCast<CallLike>(e);
    auto it = n && !n->target().isOp() ? to_.find(n->target().function) : to_.end();
    if (it == to_.end())
      return e;
    return n->with(CallTarget{nullptr, it->second}, n->args(), n->attrs(), n->type());
  }

  const std::map<std::string, std::string> &to_;
};

/// Duplicate name → the name of the first equal function.
std::map<std::string, std::string> findDuplicates(const Program &p) {
  std::unordered_map<size_t, std::vector<FunctionPtr>> buckets;
  std::map<std::string, std::string> dup;
  for (auto &f : p.functions()) {
    if (!isOutlinedKind(f->type()))
      continue;
    auto &bucket = buckets[structuralHash(*f)];
    bool merged = false;
    for (auto &g : bucket)
      if (!merged && structuralEqual(*g, *f)) {
        dup[f->name()] = g->name();
        merged = true;
      }
    if (!merged)
      bucket.push_back(f);
  }
  return dup;
}

ProgramPtr mergeOnce(const ProgramPtr &p, bool &changed) {
  auto dup = findDuplicates(*p);
  if (dup.empty())
    return p;
  changed = true;
  std::vector<FunctionPtr> fs;
  for (auto &f : p->functions()) {
    if (dup.count(f->name()))
      continue;
    Retargeter r(dup);
    fs.push_back(r.mutateFunction(f));
  }
  return p->withFunctions(std::move(fs));
}
} // namespace

ProgramPtr deduplicateOutlinedKernels(const ProgramPtr &p) {
  ProgramPtr cur = p;
  for (bool changed = true; changed;) {
    changed = false;
    cur = mergeOnce(cur, changed);
  }
  return cur;
}

PL_DEFINE_PROGRAM_PASS(DeduplicateOutlinedKernels, deduplicateOutlinedKernels)

} // namespace pl::passes
