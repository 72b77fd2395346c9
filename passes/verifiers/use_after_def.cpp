// UseAfterDef verifier: every variable used in an expression is bound earlier in an enclosing
// scope, and every called function exists in the program.
//
// Scoping: parameters are visible in the whole body; a Seq binds in order; an if branch, a loop
// body (with its loop var and iter_args) and a while condition (with the iter_args) open a
// scope; return_vars are visible after the statement. Scope statements are transparent; a
// scope's task id var is bound by the scope (visible after it, not in its body or attrs).
// A variable bound at two or more sites (pre-SSA IR) also stays visible after the branch or
// loop that bound it. Uses inside types (symbolic dims) are free symbols and are not checked.
//
// Codes: V401 use of a variable that is not defined at this point · V402 call to a function
// that is not in the program.
#include "ir/find.h"
#include "passes/verifiers/verifier_visitor.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

class UseChecker : public CallTargetVerifier {
public:
  using CallTargetVerifier::CallTargetVerifier;

  void visitFunction(const Function &f) override {
    multiBound_.clear();
    for (auto &[v, n] : countBindings(f))
      if (n > 1)
        multiBound_.insert(v);
    scopes_.assign(1, {});
    for (auto &p : f.params())
      define(p.var);
    visitStmt(f.body());
  }

  void visitVarDef(const VarPtr &v) override { define(v); }

  void visitVarUse(const VarPtr &v) override {
    if (isa<MemRef>(v))
      return; // MemRefs are placement facts, bound by the memory planner.
    for (auto &s : scopes_)
      if (s.count(v.get()))
        return;
    if (reported_.insert(v.get()).second)
      diags_.error("V401", useSpan_.valid() ? useSpan_ : v->span(),
                   "use of '" + v->name() + "' before its definition (or outside its scope)");
  }

  void visitScope(const Scope &s) override {
    useSpan_ = s.span(); // for its "deps"
    IRVisitor::visitScope(s);
  }

  void visitAssign(const Assign &s) override {
    useSpan_ = s.span();
    visitExpr(s.value());
    define(s.var());
  }
  void visitEval(const Eval &s) override {
    useSpan_ = s.span();
    visitExpr(s.expr());
  }
  void visitYield(const Yield &s) override {
    useSpan_ = s.span();
    IRVisitor::visitYield(s);
  }
  void visitReturn(const Return &s) override {
    useSpan_ = s.span();
    IRVisitor::visitReturn(s);
  }

  void visitIf(const If &s) override {
    useSpan_ = s.span();
    visitExpr(s.cond());
    inScope([&] { visitStmt(s.thenBody()); });
    inScope([&] { visitStmt(s.elseBody()); });
    for (auto &v : s.returnVars())
      define(v);
  }

  void visitFor(const For &s) override {
    useSpan_ = s.span();
    visitExpr(s.start());
    visitExpr(s.stop());
    visitExpr(s.step());
    for (auto &a : s.iterArgs())
      visitExpr(a.init);
    visitAttrs(s.attrs());
    inScope([&] {
      define(s.loopVar());
      for (auto &a : s.iterArgs())
        define(a.var);
      visitStmt(s.body());
    });
    for (auto &v : s.returnVars())
      define(v);
  }

  void visitWhile(const While &s) override {
    useSpan_ = s.span();
    for (auto &a : s.iterArgs())
      visitExpr(a.init);
    inScope([&] {
      for (auto &a : s.iterArgs())
        define(a.var);
      useSpan_ = s.span();
      visitExpr(s.cond());
      visitStmt(s.body());
    });
    for (auto &v : s.returnVars())
      define(v);
  }

private:
  void checkTarget(const CallTarget &t, const Span &span, bool isSubmit) override {
    if (!t.isOp() && !program_.lookup(t.function))
      diags_.error("V402", span,
                   std::string(isSubmit ? "submit of '" : "call to '") + t.function +
                       "', which is not a function of this program");
  }

  void define(const VarPtr &v) {
    if (v)
      scopes_.back().insert(v.get());
  }

  /// Runs `f` in a nested scope; multiply-bound (pre-SSA) variables leak out of it.
  template <typename F> void inScope(F f) {
    scopes_.emplace_back();
    f();
    std::unordered_set<const Var *> inner = std::move(scopes_.back());
    scopes_.pop_back();
    for (auto *v : inner)
      if (multiBound_.count(v))
        scopes_.back().insert(v);
  }

  std::vector<std::unordered_set<const Var *>> scopes_;
  std::unordered_set<const Var *> multiBound_;
  std::unordered_set<const Var *> reported_;
  Span useSpan_;
};
} // namespace

void verifyUseAfterDef(const Program &p, DiagnosticEngine &diags) {
  runVerifier<UseChecker>(p, diags);
}

} // namespace pl::passes
