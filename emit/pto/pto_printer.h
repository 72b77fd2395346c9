// emit/pto shared printer: names, scalar expressions and structured control flow with iter_args,
// for kernels and orchestration.
#pragma once

#include "ir/carry_plan.h"
#include "ir/diagnostics.h"
#include "ir/function.h"
#include "ir/visitor.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace pl::emit::pto {

/// A kernel of the program: its func id (order among the kernels of the program), its core
/// kind and its C++ name. Read by both printers.
struct KernelInfo {
  const ir::Function *fn = nullptr;
  int funcId = 0;
  bool aic = false;
  std::string cppName; ///< kernel_<name>: the namespace of its entry (in-file form)
  /// A Group (mixed task): fn is the Group, funcId its AIC kernel's id, aivId its AIV kernel's
  /// (-1 for a plain kernel), dualAiv whether both AIV lanes run it (SplitVectorKernel).
  int aivId = -1;
  bool dualAiv = false;
};

struct ProgramInfo {
  std::vector<KernelInfo> kernels;
  /// Group functions: one mixed task each (`rt_submit_task(MixedKernels{...}, ...)`).
  std::vector<KernelInfo> groups;
  std::vector<const ir::Function *> orchestrations;
  /// Graph functions: each is printed as a body `void graph_<name>(const CoreTaskArgs&)` that
  /// its calls run directly (the targeted runtime has no graph submission: docs/backend.md).
  std::vector<const ir::Function *> graphs;
  /// The kernel package form: each entry is `extern "C"` at file scope, one per file;
  /// otherwise each sits in a namespace of its name.
  bool package = false;
  /// A kernel or a Group by name.
  const KernelInfo *findKernel(std::string_view name) const;
  const ir::Function *findGraph(std::string_view name) const;
};

/// The C++ name of a Graph function's printed body.
std::string graphBodyName(const ir::Function &g);

/// Sanitises an IR name into a C++ identifier that is not a keyword or a pl::sim name.
std::string cppIdentifier(std::string_view hint);

/// State and helpers shared by the kernel and the orchestration printer: one instance prints
/// one function. Control flow is printed here; what a value *is* in C++ (tile, view, tensor,
/// scalar) is decided by the subclass through the three value hooks.
class FunctionPrinter : protected ir::IRVisitor {
public:
  FunctionPrinter(const ir::Function &f, ir::DiagnosticEngine &diags) : fn_(f), diags_(diags) {}
  virtual ~FunctionPrinter() = default;
  bool failed() const { return failed_; }

protected:
  // ---- output ---------------------------------------------------------------------------------
  void line(std::string_view text);
  std::string out_;
  int indent_ = 1;

  // ---- names ----------------------------------------------------------------------------------
  /// A fresh C++ identifier from a hint (sanitised, unique within the function).
  std::string fresh(std::string_view hint);
  /// Gives `v` a fresh name and returns it.
  const std::string &bind(const ir::VarPtr &v);
  /// `v` is printed as `text` (an existing C++ name): no new variable.
  void alias(const ir::Var *v, std::string text) { names_[v] = std::move(text); }
  void aliasTuple(const ir::Var *v, std::vector<std::string> parts) {
    tuples_[v] = std::move(parts);
  }
  /// The C++ name of a Var or of an element of an aliased tuple; reports an error otherwise.
  std::string name(const ir::ExprPtr &e);

  // ---- expressions ----------------------------------------------------------------------------
  /// A scalar expression in C++ (floor division and modulo through pl/kernel_abi.hpp).
  std::string expr(const ir::ExprPtr &e);
  /// An integer expression as std::int64_t (offsets, sizes, indices).
  std::string indexExpr(const ir::ExprPtr &e);
  /// The C++ type of a scalar-typed value; reports ES003 at `span` when there is none.
  std::optional<std::string> scalarType(const ir::TypePtr &t, const ir::Span &span);
  /// C++ `text` (a scalar of dtype `from`, nullopt when unknown) converted to dtype `to` exactly
  /// as the eager `pl::Scalar<to>` constructor converts: narrow floats round to `to`
  /// (`castScalar`), floats to integers truncate saturating, everything else a `static_cast`.
  std::string convertScalar(const std::string &text, std::optional<ir::DataType> from,
                            ir::DataType to, const ir::Span &span);
  /// An op call in expression position (scalar results); nullopt after reporting an error.
  virtual std::optional<std::string> opExpr(const ir::Call &c) = 0;

  // ---- statements -----------------------------------------------------------------------------
  // One IRVisitor hook per statement kind (visitStmt dispatches; Seq is the visitor's own); the
  // subclass prints assignments, evaluations and scopes, control flow is printed here.
  void visitAssign(const ir::Assign &s) override = 0;
  void visitEval(const ir::Eval &s) override = 0;
  void visitScope(const ir::Scope &s) override = 0;
  /// Loop carries and if results: declare `v` (initialised from `init` when not null).
  virtual void declareValue(const ir::VarPtr &v, const ir::ExprPtr &init, const ir::Span &s) = 0;
  /// A yield: `dst` takes the value of `src`.
  virtual void assignValue(const ir::VarPtr &dst, const ir::ExprPtr &src, const ir::Span &s) = 0;
  /// A loop's result variable after the loop: the carried variable's final value.
  virtual void bindResult(const ir::VarPtr &result, const ir::VarPtr &carry, const ir::Span &s) = 0;
  /// The carry plans of a for loop (the attr `iter_arg_carry`): a yield copies only the Rebind
  /// slots. Default: none, every slot copied (ClassifyIterArgCarry plans orchestration loops).
  virtual std::optional<std::vector<ir::CarryPlan>> carryPlansOf(const ir::For &) {
    return std::nullopt;
  }

  void error(const char *code, const ir::Span &span, const std::string &msg);

  const ir::Function &fn_;
  ir::DiagnosticEngine &diags_;

private:
  struct Printed {
    std::string text;
    int prec; ///< C++ precedence: 0 primary, 3 unary, 5 multiplicative, ... 15 logical or
  };
  Printed exprP(const ir::ExprPtr &e);
  Printed binaryP(const ir::Binary &b);
  Printed constP(const ir::Expr &e);
  void visitFor(const ir::For &s) override;
  void visitWhile(const ir::While &s) override;
  void visitIf(const ir::If &s) override;
  void visitYield(const ir::Yield &s) override;
  void visitReturn(const ir::Return &) override {} // kernels and orchestrations return through Out
  void visitBreak(const ir::Break &s) override;
  void visitContinue(const ir::Continue &s) override;
  void structuredOnly(const ir::Span &span);
  /// The values a yield assigns: the carries of a loop (with the loop's carry plans, null when
  /// every slot is copied) or the results of an if.
  struct Frame {
    const std::vector<ir::VarPtr> *vars;
    const std::vector<ir::CarryPlan> *plans = nullptr;
  };
  void body(const ir::StmtPtr &s, Frame frame);
  /// A loop's body over its carries (the iter_arg vars), the closing brace, and the loop's
  /// results bound to the carries; `what` names the loop in ES004.
  void carriedBody(const char *what, const std::vector<ir::IterArg> &iters, const ir::StmtPtr &b,
                   const std::vector<ir::VarPtr> &rets, const ir::Span &span,
                   const std::vector<ir::CarryPlan> *plans = nullptr);

  bool failed_ = false;
  std::vector<Frame> frames_;
  std::map<const ir::Var *, std::string> names_;
  std::map<const ir::Var *, std::vector<std::string>> tuples_;
  std::set<std::string> used_;
};

} // namespace pl::emit::pto
