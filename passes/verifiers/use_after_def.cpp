// UseAfterDef verifier: every variable used in an expression is bound earlier in an enclosing
// scope, and every called function exists in the program.
//
// Scoping: parameters are visible in the whole body; a Seq binds in order; an if branch, a loop
// body (with its loop var and iter_args) and a while condition (with the iter_args) open a
// scope; return_vars are visible after the statement. Scope statements are transparent; a
// scope's task id var is bound by the scope (visible after it, not in its body or attrs).
// A variable that an assignment binds, or that is bound at two or more sites (pre-SSA IR),
// also stays visible after the branch or loop that bound it: the value of its last assignment
// (PyPTO's escaping variables; ConvertToSSA promotes it or reports S404). SSA form also
// requires every use to be inside the scope that binds it: verifyDefiningScopes, part of the
// SSAForm verifier, reports those leaks (V008). Uses inside types (symbolic dims) are free
// symbols and are not checked.
//
// Codes: V401 use of a variable that is not defined at this point · V402 call to a function
// that is not in the program · V008 (SSAForm) use outside the scope that binds the variable.
#include "ir/find.h"
#include "passes/utils/liveness.h"
#include "passes/verifiers/verifier_visitor.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

/// Lax (UseAfterDef): assigned and multiply-bound variables leak out of branches and loops.
/// Strict (SSAForm's scoping rule): nothing leaks, and only the uses that the lax walk accepts
/// only through such a leak are reported (V008; the others are UseAfterDef's V401).
class UseChecker : public CallTargetVerifier {
public:
  UseChecker(const Program &p, DiagnosticEngine &diags, bool strict = false)
      : CallTargetVerifier(p, diags), strict_(strict) {}

  void visitFunction(const Function &f) override {
    leaky_ = collectAssigned(f.body());
    everBound_.clear();
    for (auto &[v, n] : countBindings(f))
      if (n > 1)
        leaky_.insert(v);
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
    if (strict_ && !(leaky_.count(v.get()) && everBound_.count(v.get())))
      return; // not a leak: UseAfterDef reports it
    if (!reported_.insert(v.get()).second)
      return;
    if (strict_)
      diags_.error("V008", useSpan_.valid() ? useSpan_ : v->span(),
                   "'" + v->name() +
                       "' is used outside the branch or loop that binds it; in SSA form a "
                       "value leaves a branch or loop only through its return vars");
    else
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
    if (!strict_ && !t.isOp() && !program_.lookup(t.function))
      diags_.error("V402", span,
                   std::string(isSubmit ? "submit of '" : "call to '") + t.function +
                       "', which is not a function of this program");
  }

  void define(const VarPtr &v) {
    if (!v)
      return;
    scopes_.back().insert(v.get());
    everBound_.insert(v.get());
  }

  /// Runs `f` in a nested scope; assigned and multiply-bound (pre-SSA) variables leak out of it
  /// unless the walk is strict.
  template <typename F> void inScope(F f) {
    scopes_.emplace_back();
    f();
    std::unordered_set<const Var *> inner = std::move(scopes_.back());
    scopes_.pop_back();
    for (auto *v : inner)
      if (!strict_ && leaky_.count(v))
        scopes_.back().insert(v);
  }

  bool strict_;
  std::vector<std::unordered_set<const Var *>> scopes_;
  VarSet leaky_;
  std::unordered_set<const Var *> everBound_; ///< bound earlier in the walk (any scope)
  std::unordered_set<const Var *> reported_;
  Span useSpan_;
};
} // namespace

void verifyUseAfterDef(const Program &p, DiagnosticEngine &diags) {
  runVerifier<UseChecker>(p, diags);
}

void verifyDefiningScopes(const Program &p, DiagnosticEngine &diags) {
  UseChecker checker(p, diags, /*strict=*/true);
  checker.visitProgram(p);
}

} // namespace pl::passes
