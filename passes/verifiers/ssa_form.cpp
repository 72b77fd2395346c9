// SSAForm verifier: single binding per variable, iter_args / return_vars / yield arities agree,
// and a yield is the last statement of an if branch or loop body.
//
// Codes: V001 variable bound more than once · V002 reserved (PyPTO's name shadowing; names are
// only hints in pl) · V003 missing yield · V004 iter_args and return_vars differ in number ·
// V005 yield arity differs from the return_vars / iter_args · V006 yield outside an if branch or
// loop body · V007 yield that is not the last statement of its block · V008 use outside the
// branch or loop that binds the variable (verifyDefiningScopes, use_after_def.cpp).
#include "passes/verifiers/registry.h"

#include <unordered_set>

namespace pl::passes {

namespace {
using namespace ir;

enum class Owner : uint8_t { None, If, Loop };

class SSAChecker {
public:
  explicit SSAChecker(DiagnosticEngine &diags) : diags_(diags) {}

  void checkFunction(const Function &f) {
    bound_.clear();
    for (auto &p : f.params())
      bind(p.var, f.span());
    walkStmt(f.body(), Owner::None);
  }

private:
  void bind(const VarPtr &v, const Span &where) {
    if (!v || bound_.insert(v.get()).second)
      return;
    diags_.error("V001", where.valid() ? where : v->span(),
                 "variable '" + v->name() + "' is bound more than once; SSA form binds each "
                                            "variable exactly once");
  }

  static std::vector<StmtPtr> children(const StmtPtr &body) {
    if (!body)
      return {};
    if (auto *seq = dynCast<Seq>(body))
      return seq->stmts();
    return {body};
  }

  /// A branch or loop body; with arity > 0 it must end in a yield of that many values.
  void walkBody(const StmtPtr &body, Owner owner, size_t arity, const Span &ownerSpan,
                const char *what) {
    auto stmts = children(body);
    for (size_t i = 0; i < stmts.size(); ++i) {
      if (isa<Yield>(stmts[i]) && i + 1 != stmts.size())
        diags_.error("V007", stmts[i]->span(),
                     "yield must be the last statement of its block");
      walkStmt(stmts[i], owner, /*direct=*/true);
    }
    const Yield *last = stmts.empty() ? nullptr : dynCast<Yield>(stmts.back());
    if (!last) {
      if (arity != 0)
        diags_.error("V003", ownerSpan,
                     std::string(what) + " must end with a yield of " + std::to_string(arity) +
                         " value(s)");
      return;
    }
    if (last->values().size() != arity)
      diags_.error("V005", last->span(),
                   "yield has " + std::to_string(last->values().size()) + " value(s) but the " +
                       what + " expects " + std::to_string(arity));
  }

  void walkIf(const If &s) {
    size_t n = s.returnVars().size();
    walkBody(s.thenBody(), Owner::If, n, s.span(), "then branch");
    if (s.elseBody())
      walkBody(s.elseBody(), Owner::If, n, s.span(), "else branch");
    else if (n != 0)
      diags_.error("V003", s.span(),
                   "if with " + std::to_string(n) + " return value(s) needs an else branch "
                                                    "that yields them");
    for (auto &v : s.returnVars())
      bind(v, s.span());
  }

  void walkLoop(const Stmt &s, const std::vector<IterArg> &iterArgs, const StmtPtr &body,
                const std::vector<VarPtr> &returnVars) {
    for (auto &a : iterArgs)
      bind(a.var, s.span());
    if (iterArgs.size() != returnVars.size())
      diags_.error("V004", s.span(),
                   "loop has " + std::to_string(iterArgs.size()) + " iter_arg(s) but " +
                       std::to_string(returnVars.size()) + " return var(s)");
    walkBody(body, Owner::Loop, iterArgs.size(), s.span(), "loop body");
    for (auto &v : returnVars)
      bind(v, s.span());
  }

  void walkStmt(const StmtPtr &s, Owner owner, bool direct = false) {
    if (!s)
      return;
    switch (s->kind()) {
    case StmtKind::Assign: return bind(static_cast<const Assign &>(*s).var(), s->span());
    case StmtKind::Seq:
      for (auto &c : static_cast<const Seq &>(*s).stmts())
        walkStmt(c, owner);
      return;
    case StmtKind::If: return walkIf(static_cast<const If &>(*s));
    case StmtKind::For: {
      auto &f = static_cast<const For &>(*s);
      bind(f.loopVar(), s->span());
      return walkLoop(f, f.iterArgs(), f.body(), f.returnVars());
    }
    case StmtKind::While: {
      auto &w = static_cast<const While &>(*s);
      return walkLoop(w, w.iterArgs(), w.body(), w.returnVars());
    }
    case StmtKind::Scope: {
      auto &sc = static_cast<const Scope &>(*s);
      walkStmt(sc.body(), Owner::None);
      return bind(sc.taskId(), s->span()); // the task id is bound after the body
    }
    case StmtKind::Yield:
      if (owner == Owner::None)
        diags_.error("V006", s->span(), "yield outside an if branch or loop body");
      else if (!direct)
        diags_.error("V007", s->span(), "yield must be the last statement of its block");
      return;
    default: return;
    }
  }

  DiagnosticEngine &diags_;
  std::unordered_set<const Var *> bound_;
};
} // namespace

void verifySSAForm(const Program &p, DiagnosticEngine &diags) {
  SSAChecker checker(diags);
  for (auto &f : p.functions())
    checker.checkFunction(*f);
  verifyDefiningScopes(p, diags);
}

} // namespace pl::passes
