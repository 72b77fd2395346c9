// The parallel copies of structured control flow — a loop's entry (iter_args ← inits), each
// loop yield (iter_args ← yielded values), each if yield (return vars ← yielded values) and a
// loop's exit (return vars ← iter_args) — as one visitor and one mutator, so the passes and
// verifiers that work on them (SequentializeParallelCopies, MaterializeTileMoves and their
// properties) share the walk.
#pragma once

#include "ir/mutator.h"
#include "ir/visitor.h"

#include <vector>

namespace pl::passes {

/// Splits a body into the statements before its trailing yield (appended to `stmts`) and that
/// yield, returned (nullptr, and every statement in `stmts`, when the body does not end in one).
const ir::Yield *splitTrailingYield(const ir::StmtPtr &body, std::vector<ir::StmtPtr> &stmts);

/// Visits every parallel copy of a function, innermost statements first.
class CarryCopyVisitor : public ir::IRVisitor {
public:
  void visitFor(const ir::For &s) override;
  void visitWhile(const ir::While &s) override;
  void visitIf(const ir::If &s) override;

protected:
  /// One parallel copy `dsts[k] ← srcs[k]`; `what` is "loop entry", "yield" or "loop exit".
  virtual void parallelCopy(const std::vector<ir::VarPtr> &dsts, const ir::ExprList &srcs,
                            const ir::Span &span, const char *what) = 0;

private:
  void loop(const std::vector<ir::IterArg> &iters, const ir::StmtPtr &body,
            const std::vector<ir::VarPtr> &rets, const ir::Span &span);
  void yield(const ir::StmtPtr &body, const std::vector<ir::VarPtr> &dsts);
};

/// Rewrites, bottom up, the trailing yield of every loop body and if branch and the inits of
/// every loop through two hooks; statements a hook puts before a loop precede it.
class CarryCopyRewriter : public ir::IRMutator {
public:
  ir::StmtPtr mutateFor(const std::shared_ptr<const ir::For> &s) override;
  ir::StmtPtr mutateWhile(const std::shared_ptr<const ir::While> &s) override;
  ir::StmtPtr mutateIf(const std::shared_ptr<const ir::If> &s) override;

protected:
  /// `body` with its trailing yield into `dsts` rewritten (`body` itself when unchanged).
  virtual ir::StmtPtr rewriteYield(const ir::StmtPtr &body,
                                   const std::vector<ir::VarPtr> &dsts) = 0;
  /// The iter_args with rewritten inits; statements to run first are appended to `before`.
  virtual std::vector<ir::IterArg> rewriteInits(const std::vector<ir::IterArg> &iters,
                                                std::vector<ir::StmtPtr> &before,
                                                const ir::Span &span) = 0;

private:
  /// `out` (the For or While after the default rewrite) with its yield and inits rewritten;
  /// `make(loop, iters, body)` rebuilds the loop.
  template <class Loop, class Make> ir::StmtPtr rewriteLoop(const ir::StmtPtr &out, Make make);
};

} // namespace pl::passes
