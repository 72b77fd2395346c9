// NormalizeStmtStructure: flat blocks, no single-statement blocks, no empty else (see the header).
#include "passes/normalize_stmt_structure.h"

#include "ir/mutator.h"

namespace pl::passes {

namespace {
using namespace ir;

bool isEmptySeq(const StmtPtr &s) {
  auto *seq = dynCast<Seq>(s);
  return seq && seq->stmts().empty();
}

/// True when `stmts` (children of a Seq) are not in normal form.
bool needsFlatten(const std::vector<StmtPtr> &stmts) {
  if (stmts.size() == 1)
    return true;
  for (auto &c : stmts)
    if (isa<Seq>(c))
      return true;
  return false;
}

class Normalizer : public IRMutator {
public:
  StmtPtr mutateSeq(const std::shared_ptr<const Seq> &s) override {
    StmtPtr out = IRMutator::mutateSeq(s);
    auto *seq = dynCast<Seq>(out);
    if (!seq || !needsFlatten(seq->stmts()))
      return out;
    return Seq::flatten(seq->stmts(), seq->span());
  }

  StmtPtr mutateIf(const std::shared_ptr<const If> &s) override {
    StmtPtr out = IRMutator::mutateIf(s);
    auto *i = dynCast<If>(out);
    if (!i || !i->elseBody() || !isEmptySeq(i->elseBody()) || !i->returnVars().empty())
      return out;
    return If::make(i->cond(), i->thenBody(), nullptr, i->returnVars(), i->span());
  }
};
} // namespace

FunctionPtr normalizeStmtStructure(const FunctionPtr &f) {
  Normalizer n;
  return n.mutateFunction(f);
}

StmtPtr normalizeStmtStructure(const StmtPtr &s) {
  Normalizer n;
  return n.mutateStmt(s);
}

PL_DEFINE_FUNCTION_PASS(NormalizeStmtStructure, normalizeStmtStructure)

} // namespace pl::passes
