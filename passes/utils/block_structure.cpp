// Seq-nesting checks shared by the NoRedundantBlocks and NormalizedStmtStructure verifiers.
#include "passes/utils/block_structure.h"

namespace pl::passes {

namespace {
using namespace ir;

class BlockChecker {
public:
  BlockChecker(DiagnosticEngine &diags, bool normalized) : diags_(diags), normalized_(normalized) {}

  void walk(const StmtPtr &s, bool parentIsSeq) {
    if (!s)
      return;
    switch (s->kind()) {
    case StmtKind::Seq: return walkSeq(static_cast<const Seq &>(*s), parentIsSeq);
    case StmtKind::If: {
      auto &i = static_cast<const If &>(*s);
      walk(i.thenBody(), false);
      auto *elseSeq = dynCast<Seq>(i.elseBody());
      if (normalized_ && elseSeq && elseSeq->stmts().empty())
        diags_.error("V703", s->span(), "empty else branch; a normalized if omits it");
      return walk(i.elseBody(), false);
    }
    case StmtKind::For: return walk(static_cast<const For &>(*s).body(), false);
    case StmtKind::While: return walk(static_cast<const While &>(*s).body(), false);
    case StmtKind::Scope: return walk(static_cast<const Scope &>(*s).body(), false);
    default: return;
    }
  }

private:
  void walkSeq(const Seq &seq, bool parentIsSeq) {
    if (parentIsSeq)
      diags_.error("V701", seq.span(), "block nested directly in a block; flatten it");
    else if (seq.stmts().size() == 1)
      diags_.error("V702", seq.span(), "block with a single statement; unwrap it");
    for (auto &c : seq.stmts())
      walk(c, true);
  }

  DiagnosticEngine &diags_;
  bool normalized_;
};
} // namespace

void checkBlockStructure(const Program &p, DiagnosticEngine &diags, bool normalized) {
  BlockChecker checker(diags, normalized);
  for (auto &f : p.functions())
    checker.walk(f->body(), false);
}

} // namespace pl::passes
