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
    ExprPtr e = IRMutator::mutateCall(c);
    auto *n = dynCast<Call>(e);
    auto it = n && !n->target().isOp() ? to_.find(n->target().function) : to_.end();
    if (it == to_.end())
      return e;
    return Call::make(CallTarget{nullptr, it->second}, n->args(), n->kwargs(), n->attrs(),
                      n->type(), n->span());
  }
  ExprPtr mutateSubmit(const std::shared_ptr<const Submit> &s) override {
    ExprPtr e = IRMutator::mutateSubmit(s);
    auto *n = dynCast<Submit>(e);
    auto it = n && !n->target().isOp() ? to_.find(n->target().function) : to_.end();
    if (it == to_.end())
      return e;
    return n->with(CallTarget{nullptr, it->second}, n->args(), n->attrs(), n->type());
  }

private:
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

Pass createDeduplicateOutlinedKernelsPass(PassOptions &) {
  return createProgramPass(PassClass::DeduplicateOutlinedKernels, deduplicateOutlinedKernels);
}

} // namespace pl::passes
