// IR statements: Assign, Eval, Seq, If, For, While, Yield, Return, Break, Continue, Scope.
#pragma once

#include "ir/expr.h"

namespace pl::ir {

/// Every statement kind, once: the enum, kind names and the node-coverage test derive from it.
#define PL_STMT_KINDS(X)                                                                           \
  X(Assign) X(Eval) X(Seq) X(If) X(For) X(While) X(Yield) X(Return) X(Break) X(Continue) X(Scope)

enum class StmtKind : uint8_t { PL_STMT_KINDS(PL_ENUMERATOR) };
inline constexpr std::string_view kStmtKindNames[] = {PL_STMT_KINDS(PL_ENUM_NAME)};
inline constexpr size_t kNumStmtKinds = std::size(kStmtKindNames);
std::string_view stmtKindName(StmtKind k); ///< "Assign", "Scope", ...

class Stmt {
public:
  virtual ~Stmt() = default;
  StmtKind kind() const { return kind_; }
  const Span &span() const { return span_; }

protected:
  Stmt(StmtKind k, Span s) : kind_(k), span_(std::move(s)) {}

private:
  StmtKind kind_;
  Span span_;
};

/// `var = value` — defines var (a binding site).
class Assign final : public Stmt {
public:
  Assign(VarPtr var, ExprPtr value, Span s = {})
      : Stmt(StmtKind::Assign, std::move(s)), var_(std::move(var)), value_(std::move(value)) {}
  static StmtPtr make(VarPtr var, ExprPtr value, Span s = {}) {
    return std::make_shared<const Assign>(std::move(var), std::move(value), std::move(s));
  }
  const VarPtr &var() const { return var_; }
  const ExprPtr &value() const { return value_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Assign; }

private:
  VarPtr var_;
  ExprPtr value_;
};

/// An expression evaluated for its effect (e.g. a store whose result is unused).
class Eval final : public Stmt {
public:
  Eval(ExprPtr e, Span s = {}) : Stmt(StmtKind::Eval, std::move(s)), expr_(std::move(e)) {}
  static StmtPtr make(ExprPtr e, Span s = {}) {
    return std::make_shared<const Eval>(std::move(e), std::move(s));
  }
  const ExprPtr &expr() const { return expr_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Eval; }

private:
  ExprPtr expr_;
};

class Seq final : public Stmt {
public:
  Seq(std::vector<StmtPtr> stmts, Span s = {})
      : Stmt(StmtKind::Seq, std::move(s)), stmts_(std::move(stmts)) {}
  /// Raw constructor (no flattening); prefer flatten().
  static StmtPtr make(std::vector<StmtPtr> stmts, Span s = {}) {
    return std::make_shared<const Seq>(std::move(stmts), std::move(s));
  }
  /// Merges nested Seqs and unwraps a single child; an empty list gives an empty Seq.
  static StmtPtr flatten(std::vector<StmtPtr> stmts, Span s = {});
  const std::vector<StmtPtr> &stmts() const { return stmts_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Seq; }

private:
  std::vector<StmtPtr> stmts_;
};

/// if/else; returnVars are phis bound to the values yielded by both branches.
class If final : public Stmt {
public:
  If(ExprPtr cond, StmtPtr thenBody, StmtPtr elseBody, std::vector<VarPtr> returnVars, Span s = {})
      : Stmt(StmtKind::If, std::move(s)), cond_(std::move(cond)), then_(std::move(thenBody)),
        else_(std::move(elseBody)), returnVars_(std::move(returnVars)) {}
  static StmtPtr make(ExprPtr cond, StmtPtr thenBody, StmtPtr elseBody,
                      std::vector<VarPtr> returnVars = {}, Span s = {}) {
    return std::make_shared<const If>(std::move(cond), std::move(thenBody), std::move(elseBody),
                                      std::move(returnVars), std::move(s));
  }
  const ExprPtr &cond() const { return cond_; }
  const StmtPtr &thenBody() const { return then_; }
  const StmtPtr &elseBody() const { return else_; } ///< may be null
  const std::vector<VarPtr> &returnVars() const { return returnVars_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::If; }

private:
  ExprPtr cond_;
  StmtPtr then_, else_;
  std::vector<VarPtr> returnVars_;
};

/// A loop-carried value: `var` is visible in the body and starts as `init`.
struct IterArg {
  VarPtr var;
  ExprPtr init;
};

enum class ForKind : uint8_t { Sequential, Parallel, Unroll, Pipeline };
std::string_view forKindName(ForKind k); ///< "range", "parallel", "unroll", "pipeline"
std::optional<ForKind> parseForKind(std::string_view s);

class For final : public Stmt {
public:
  For(VarPtr loopVar, ExprPtr start, ExprPtr stop, ExprPtr step, std::vector<IterArg> iterArgs,
      StmtPtr body, std::vector<VarPtr> returnVars, ForKind kind, AttrList attrs, Span s = {})
      : Stmt(StmtKind::For, std::move(s)), loopVar_(std::move(loopVar)), start_(std::move(start)),
        stop_(std::move(stop)), step_(std::move(step)), iterArgs_(std::move(iterArgs)),
        body_(std::move(body)), returnVars_(std::move(returnVars)), forKind_(kind),
        attrs_(std::move(attrs)) {}
  static StmtPtr make(VarPtr loopVar, ExprPtr start, ExprPtr stop, ExprPtr step,
                      std::vector<IterArg> iterArgs, StmtPtr body, std::vector<VarPtr> returnVars,
                      ForKind kind = ForKind::Sequential, AttrList attrs = {}, Span s = {}) {
    return std::make_shared<const For>(std::move(loopVar), std::move(start), std::move(stop),
                                       std::move(step), std::move(iterArgs), std::move(body),
                                       std::move(returnVars), kind, std::move(attrs),
                                       std::move(s));
  }
  const VarPtr &loopVar() const { return loopVar_; }
  const ExprPtr &start() const { return start_; }
  const ExprPtr &stop() const { return stop_; }
  const ExprPtr &step() const { return step_; }
  const std::vector<IterArg> &iterArgs() const { return iterArgs_; }
  const StmtPtr &body() const { return body_; }
  const std::vector<VarPtr> &returnVars() const { return returnVars_; }
  ForKind forKind() const { return forKind_; }
  const AttrList &attrs() const { return attrs_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::For; }

private:
  VarPtr loopVar_;
  ExprPtr start_, stop_, step_;
  std::vector<IterArg> iterArgs_;
  StmtPtr body_;
  std::vector<VarPtr> returnVars_;
  ForKind forKind_;
  AttrList attrs_;
};

class While final : public Stmt {
public:
  While(ExprPtr cond, std::vector<IterArg> iterArgs, StmtPtr body, std::vector<VarPtr> returnVars,
        Span s = {})
      : Stmt(StmtKind::While, std::move(s)), cond_(std::move(cond)),
        iterArgs_(std::move(iterArgs)), body_(std::move(body)),
        returnVars_(std::move(returnVars)) {}
  static StmtPtr make(ExprPtr cond, std::vector<IterArg> iterArgs, StmtPtr body,
                      std::vector<VarPtr> returnVars, Span s = {}) {
    return std::make_shared<const While>(std::move(cond), std::move(iterArgs), std::move(body),
                                         std::move(returnVars), std::move(s));
  }
  /// Evaluated before each iteration; may read the iter_args.
  const ExprPtr &cond() const { return cond_; }
  const std::vector<IterArg> &iterArgs() const { return iterArgs_; }
  const StmtPtr &body() const { return body_; }
  const std::vector<VarPtr> &returnVars() const { return returnVars_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::While; }

private:
  ExprPtr cond_;
  std::vector<IterArg> iterArgs_;
  StmtPtr body_;
  std::vector<VarPtr> returnVars_;
};

/// Ends an If branch or loop body, passing values to return_vars / the next iteration.
class Yield final : public Stmt {
public:
  Yield(ExprList values, Span s = {}) : Stmt(StmtKind::Yield, std::move(s)), values_(std::move(values)) {}
  static StmtPtr make(ExprList values, Span s = {}) {
    return std::make_shared<const Yield>(std::move(values), std::move(s));
  }
  const ExprList &values() const { return values_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Yield; }

private:
  ExprList values_;
};

class Return final : public Stmt {
public:
  Return(ExprList values, Span s = {}) : Stmt(StmtKind::Return, std::move(s)), values_(std::move(values)) {}
  static StmtPtr make(ExprList values, Span s = {}) {
    return std::make_shared<const Return>(std::move(values), std::move(s));
  }
  const ExprList &values() const { return values_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Return; }

private:
  ExprList values_;
};

class Break final : public Stmt {
public:
  explicit Break(Span s = {}) : Stmt(StmtKind::Break, std::move(s)) {}
  static StmtPtr make(Span s = {}) { return std::make_shared<const Break>(std::move(s)); }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Break; }
};

class Continue final : public Stmt {
public:
  explicit Continue(Span s = {}) : Stmt(StmtKind::Continue, std::move(s)) {}
  static StmtPtr make(Span s = {}) { return std::make_shared<const Continue>(std::move(s)); }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Continue; }
};

/// Region kinds that outline passes turn into functions. Kind-specific fields live in attrs:
/// InCore "split"; Hierarchy "level", "role"; Spmd "core_num", "sync_start"; Runtime "manual";
/// any kind: "deps" (task ids, uses). The region's task id is the `taskId` field, not an attr.
enum class ScopeKind : uint8_t { InCore, Cluster, Hierarchy, Spmd, SplitAiv, Runtime, CommDomain, Graph };
std::string_view scopeKindName(ScopeKind k); ///< "incore", "cluster", ...
std::optional<ScopeKind> parseScopeKind(std::string_view s);

/// An SSA-transparent region (PyPTO's ScopeStmt family).
class Scope final : public Stmt {
public:
  Scope(ScopeKind k, std::string nameHint, StmtPtr body, AttrList attrs, VarPtr taskId,
        Span s = {})
      : Stmt(StmtKind::Scope, std::move(s)), scopeKind_(k), nameHint_(std::move(nameHint)),
        body_(std::move(body)), attrs_(std::move(attrs)), taskId_(std::move(taskId)) {}
  static StmtPtr make(ScopeKind k, std::string nameHint, StmtPtr body, AttrList attrs = {},
                      VarPtr taskId = nullptr, Span s = {}) {
    return std::make_shared<const Scope>(k, std::move(nameHint), std::move(body),
                                         std::move(attrs), std::move(taskId), std::move(s));
  }
  ScopeKind scopeKind() const { return scopeKind_; }
  const std::string &nameHint() const { return nameHint_; }
  const StmtPtr &body() const { return body_; }
  /// Uses only (every attr expression, "deps" included, reads values defined before the scope).
  const AttrList &attrs() const { return attrs_; }
  /// The Var bound to the region's task id, or null: a binding site, defined after the body and
  /// visible after the scope (not in its attrs or body).
  const VarPtr &taskId() const { return taskId_; }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Scope; }

private:
  ScopeKind scopeKind_;
  std::string nameHint_;
  StmtPtr body_;
  AttrList attrs_;
  VarPtr taskId_;
};

/// The last statement of a block (the statement itself when it is not a Seq); nullptr for an
/// empty Seq or a null body.
const Stmt *lastStmt(const StmtPtr &body);
/// The Yield closing a loop body or if branch, or nullptr.
const Yield *trailingYield(const StmtPtr &body);

/// The carried values, body and results of a For or While (what passes that treat both loop
/// kinds alike read); nullopt for any other statement.
struct LoopParts {
  const std::vector<IterArg> &iterArgs;
  const StmtPtr &body;
  const std::vector<VarPtr> &returnVars;
};
std::optional<LoopParts> loopParts(const Stmt &s);

} // namespace pl::ir
