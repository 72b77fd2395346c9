// CarryCopiesSequential verifier: the copies of every yield, loop entry and loop exit are
// correct when performed one after another in slot order (the emitters' order).
//
// Holds when, in every function, for the parallel copies `dst[k] ← src[k]` of each loop yield
// (dst: iter_args), if yield (dst: return vars), loop entry (dst: iter_args, src: inits) and loop
// exit (dst: return vars, src: iter_args), in the storage model of passes/utils/parallel_copies.h:
// no source reads storage that the copy of an earlier slot writes, and no two destinations share
// storage. Established by SequentializeParallelCopies (temporaries) on top of memory planning
// (which keeps the destinations of one statement in separate buffers).
//
// Codes: V931 a source read after an earlier slot overwrote it · V932 two destinations of one
// statement share storage.
#include "passes/verifiers/registry.h"

#include "passes/utils/carry_copies.h"
#include "passes/utils/parallel_copies.h"

#include "ir/printer.h"

namespace pl::passes {

namespace {
using namespace ir;

class CopyOrderChecker : public CarryCopyVisitor {
public:
  CopyOrderChecker(const Function &f, DiagnosticEngine &diags) : model_(f), diags_(diags) {
    visitTypes_ = false;
  }

private:
  void parallelCopy(const std::vector<VarPtr> &dsts, const ExprList &srcs, const Span &span,
                    const char *what) override {
    for (size_t k : model_.unsafeSlots(dsts, srcs))
      diags_.error("V931", span,
                   std::string(what) + " copies in slot order, but slot " + std::to_string(k) +
                       " reads '" + printExpr(srcs[k]) + "' after an earlier slot's copy " +
                       "overwrote its storage; expected a temporary (run "
                       "sequentialize-parallel-copies)");
    if (auto pair = model_.overlappingDestinations(dsts, srcs))
      diags_.error("V932", span,
                   std::string(what) + " destinations '" + dsts[pair->first]->name() + "' and '" +
                       dsts[pair->second]->name() +
                       "' share storage; expected separate buffers (memory planning)");
  }

  CopyStorageModel model_;
  DiagnosticEngine &diags_;
};
} // namespace

void verifyCarryCopiesSequential(const Program &p, DiagnosticEngine &diags) {
  for (auto &f : p.functions()) {
    CopyOrderChecker checker(*f, diags);
    checker.visitStmt(f->body());
  }
}

} // namespace pl::passes
