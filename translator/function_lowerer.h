// FunctionLowerer: the state shared by the statement, expression, type and DSL lowerings.
#pragma once

#include "translator/marked_functions.h"

#include "ir/diagnostics.h"
#include "ir/function.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <set>

namespace pl::translator {

/// What the translation unit knows about other marked functions (for calls between them).
struct CalleeInfo {
  std::string name;
  ir::FunctionType type;
  std::vector<ir::TypePtr> returnTypes;
};
using CalleeTable = llvm::DenseMap<const clang::FunctionDecl *, CalleeInfo>;

/// What a C++ DSL type states about a value; an unset field states nothing (`pl::any_dtype`,
/// `pl::dyn`, `pl::Mem::Auto`, a tensor without dims).
struct DeclaredType {
  enum class Kind { None, Tensor, Tile, Scalar } kind = Kind::None;
  std::optional<ir::DataType> dtype;
  std::optional<std::vector<std::optional<int64_t>>> dims;
  std::optional<ir::MemorySpace> space;
};

class FunctionLowerer {
public:
  FunctionLowerer(clang::ASTContext &ctx, ir::DiagnosticEngine &diags, const CalleeTable &callees)
      : ctx_(ctx), diags_(diags), callees_(callees) {}

  /// Lowers one marked function; nullptr only if its signature could not be lowered.
  ir::FunctionPtr lowerFunction(const MarkedFunction &m);
  /// Lowers a parameter or return type (used for the callee table too).
  ir::TypePtr lowerType(clang::QualType t, clang::SourceLocation loc,
                        ir::ParamDirection *dir = nullptr);
  /// lowerType's scalars, task ids and task-id arrays (F100 for anything else).
  ir::TypePtr lowerValueType(clang::QualType qt, clang::SourceLocation loc);
  /// What the C++ type `t` (through references and pl::Out/InOut) states about a value.
  DeclaredType declaredType(clang::QualType t);
  /// Checks `value` against the C++ type it initialises (a declaration, an assignment, a
  /// parameter, a carry, a return value), as the eager run's conversions do: scalars are
  /// converted (an explicit IR cast, C++ arithmetic conversions); tensors and tiles must agree in
  /// dtype, static dims and memory space where the type states them (F110-F112, reported at
  /// `loc` naming `what`; the result is then a poison placeholder).
  /// `source`, when given, is the C++ expression of the value: a dtype-only mismatch then
  /// carries the fix-it of dtypeFixIts.
  ir::ExprPtr conformToDeclared(clang::QualType t, ir::ExprPtr value, clang::SourceLocation loc,
                                const std::string &what, const clang::Expr *source = nullptr);
  /// The DSL's spelling of dtype `d` (the `pl::DTypeTag` constant pl/dtype.hpp declares for it,
  /// e.g. "pl::fp16"); nullopt when the header declares none.
  std::optional<std::string> dtypeTagSpelling(ir::DataType d);
  /// The fix-it that gives the C++ expression `source` (lowered: `value`) dtype `to`: for an op
  /// with an `out_dtype` option called without options (pl::matmul), `{.out_dtype = <tag>}`.
  /// Empty when the op's rules reject it, it lies in a macro or the dtype has no DSL spelling.
  std::vector<ir::FixIt> dtypeFixIts(const clang::Expr *source, const ir::ExprPtr &value,
                                     ir::DataType to);

  // --- shared helpers (used across lower_*.cpp) ---
  ir::Span span(clang::SourceLocation loc) const;
  ir::Span span(const clang::Stmt *s) const { return span(s->getBeginLoc()); }
  /// Reports an error and returns a placeholder expression so lowering can continue.
  ir::ExprPtr errorExpr(clang::SourceLocation loc, const std::string &code, const std::string &msg,
                        std::vector<ir::FixIt> fixits = {});
  void error(clang::SourceLocation loc, const std::string &code, const std::string &msg,
             std::vector<ir::FixIt> fixits = {});
  void warning(clang::SourceLocation loc, const std::string &code, const std::string &msg);

  // statements (lower_stmt.cpp; lowerStmt dispatches with a clang::ConstStmtVisitor)
  void lowerStmt(const clang::Stmt *s);
  ir::StmtPtr lowerBlock(const clang::Stmt *s);
  void emit(ir::StmtPtr s) {
    noteInputBufferFlow(*s);
    blocks_.back().push_back(std::move(s));
  }
  void lowerDeclStmt(const clang::DeclStmt *ds);
  void lowerVarDecl(const clang::VarDecl *vd);
  void lowerIf(const clang::IfStmt *is);
  void lowerWhile(const clang::WhileStmt *ws);
  /// `break` / `continue` (`what`), valid only directly in a sequential loop.
  void lowerJump(const clang::Stmt *s, const char *what);
  void lowerExprStmt(const clang::Expr *e);
  void lowerReturn(const clang::ReturnStmt *rs);
  /// F207 naming the construct (`what`: e.g. "'switch'").
  void unsupportedStmt(const clang::Stmt *s, const std::string &what);
  /// `x = e`, `x += e`, `++x` as statements (built-in or pl:: operators). True when handled.
  bool lowerAssignment(const clang::Expr *e);

  // expressions (lower_expr.cpp; lowerExpr folds constants, then dispatches with a
  // clang::ConstStmtVisitor)
  ir::ExprPtr lowerExpr(const clang::Expr *e);
  /// F399 naming the expression's class.
  ir::ExprPtr unsupportedExpr(const clang::Expr *e);
  ir::ExprPtr lowerMemberCall(const clang::CXXMemberCallExpr *mc);
  ir::ExprPtr lowerBinaryOperator(const clang::BinaryOperator *bo);
  ir::ExprPtr lowerConstruct(const clang::CXXConstructExpr *ce);
  /// The arguments of a call of the marked function `fd` (checked against its parameters;
  /// `pl::no_dep(x)` → attr `arg_direction_overrides`) and its result type (null when the
  /// callee's return type is already explained).
  struct KernelCallParts {
    ir::ExprList args;
    ir::AttrList attrs;
    ir::TypePtr type;
  };
  /// `ids[k]` on a pl::array of task ids: the array and the index, lowered.
  std::optional<std::pair<ir::ExprPtr, ir::ExprPtr>> arrayElement(const clang::Expr *e);
  KernelCallParts lowerMarkedCallArgs(const clang::FunctionDecl *fd, const CalleeInfo &ci,
                                      llvm::ArrayRef<const clang::Expr *> callArgs);
  ir::VarPtr declareVar(const clang::ValueDecl *d, ir::TypePtr t);
  ir::VarPtr lookupVar(const clang::ValueDecl *d) const;
  /// Assignment `lhs = value` to a variable (Out/InOut parameters write the whole buffer).
  /// `source`: the C++ expression of `value`, for the fix-it of a dtype mismatch.
  void assignTo(const clang::Expr *lhs, ir::ExprPtr value, clang::SourceLocation loc,
                const clang::Expr *source = nullptr);
  std::optional<int64_t> evaluateInt(const clang::Expr *e) const;
  std::optional<double> evaluateStdMath(const clang::CallExpr *call) const;
  /// Converts a scalar to the scalar type `to` (constants retyped, others cast).
  ir::ExprPtr coerceScalar(ir::ExprPtr v, clang::QualType to, clang::SourceLocation loc);
  // C++ integer semantics (lower_expr.cpp). Signed C++ integers are INDEX values; conversions
  // and `<<` that C++ defines modulo 2^N wrap through a cast to the exact dtype.
  /// The dtype with exactly the values of C++ integer type `t` (64-bit signed: INDEX).
  std::optional<ir::DataType> exactIntDType(clang::QualType t) const;
  /// `v` as dtype `to`: a constant is converted (wrapped), anything else cast.
  ir::ExprPtr castScalar(ir::ExprPtr v, ir::DataType to, clang::SourceLocation loc);
  /// `v` converted to the lowered type of `to` (a pl::Scalar conversion: a cast when it differs).
  ir::ExprPtr coerceToType(ir::ExprPtr v, clang::QualType to, clang::SourceLocation loc);
  /// The C++ integral conversion of `v` (of C++ type `from`) to `to`.
  ir::ExprPtr convertInteger(ir::ExprPtr v, clang::QualType from, clang::QualType to,
                             clang::SourceLocation loc);
  /// Any C++ arithmetic conversion (integral ones by convertInteger, others a cast).
  ir::ExprPtr convertArithmetic(ir::ExprPtr v, clang::QualType from, clang::QualType to,
                                clang::SourceLocation loc);
  /// `v`, a value of C++ integer type `t` computed in a wider dtype, wrapped to `t`'s width.
  ir::ExprPtr rewrapInteger(ir::ExprPtr v, clang::QualType t, clang::SourceLocation loc);
  ir::ExprPtr lowerBinary(clang::BinaryOperatorKind k, ir::ExprPtr l, ir::ExprPtr r,
                          clang::SourceLocation loc);
  ir::ExprPtr lowerDeclRef(const clang::DeclRefExpr *dr);
  ir::ExprPtr lowerCast(const clang::Expr *sub, clang::QualType to, clang::CastKind kind,
                        clang::SourceLocation loc);
  ir::ExprPtr lowerUnary(const clang::UnaryOperator *uo);
  ir::ExprPtr lowerOperatorCall(const clang::CXXOperatorCallExpr *oc);
  ir::ExprPtr lowerCall(const clang::CallExpr *call);
  /// Builds a registered op call. `name` is "tensor.x"/"tile.x", or a bare DSL name whose family
  /// (tensor or tile) and scalar-operand form ("adds") are chosen from the argument types.
  ir::ExprPtr makeDslOp(const std::string &name, ir::ExprList args, ir::AttrList kwargs,
                        clang::SourceLocation loc);

  // DSL constructs (lower_dsl.cpp)
  /// A call into namespace pl (op, control-flow form, scope); nullptr if not a DSL call.
  std::optional<ir::ExprPtr> lowerDslCall(const clang::CallExpr *call);
  /// `for (auto i : pl::range(...))`.
  void lowerRangeFor(const clang::CXXForRangeStmt *s);
  /// Declarations whose initializer is an explicit control-flow form
  /// (`auto [a, b] = pl::range(n, pl::init_values(...), lambda)`). True when handled.
  bool lowerExplicitForm(const clang::Stmt *declOrExpr);

  // Explicit forms (lower_explicit.cpp) and their helpers in lower_dsl.cpp.
  enum class LambdaRole { Yield, Scope, RuntimeScope, Inline };
  void lowerDefaultInit(const clang::VarDecl *vd);
  void bindDecomposition(const clang::DecompositionDecl *dd, ir::ExprPtr value);
  /// A call of a local helper lambda, inlined; nullopt when `call` is not one.
  std::optional<ir::ExprPtr> lowerLocalLambdaCall(const clang::CXXOperatorCallExpr *call);
  struct LoopHeader {
    ir::ForKind kind = ir::ForKind::Sequential;
    ir::ExprPtr start, stop, step;
    ir::AttrList attrs;
    const clang::CallExpr *initValues = nullptr;
    const clang::LambdaExpr *lambda = nullptr;
  };
  bool lowerLoopBounds(const clang::CallExpr *call, llvm::StringRef name, LoopHeader &h);
  void lowerExplicitLoop(const clang::CallExpr *call, llvm::StringRef name,
                         llvm::ArrayRef<const clang::ValueDecl *> bindings);
  void lowerExplicitWhile(const clang::CallExpr *call,
                          llvm::ArrayRef<const clang::ValueDecl *> bindings);
  /// F352 for a pl::while_ body that does not start with pl::cond (with the fix-it moving a
  /// later pl::cond first, where its condition allows).
  void reportMisplacedCond(const clang::LambdaExpr *lambda, const clang::CompoundStmt *body);
  void lowerExplicitIf(const clang::CallExpr *call,
                       llvm::ArrayRef<const clang::ValueDecl *> bindings);
  void lowerAt(const clang::CallExpr *call, llvm::ArrayRef<const clang::ValueDecl *> bindings);
  // Mixed kernels (lower_crosscore.cpp).
  /// Is `f` the `.optimizations` field of pl::AtOptions?
  static bool isScopeOptimizations(const clang::CXXRecordDecl *options, const clang::FieldDecl *f);
  /// `.optimizations = {pl::split(m), pl::cross_core_slot(n)}` → kwargs `split`, `slot_num` (F368).
  void lowerScopeOptimizations(const clang::Expr *init, ir::AttrList &kwargs);
  /// F369 when the cross-core op `op` is called outside a kernel of its side; true when fine.
  bool checkCrossCoreSide(const std::string &op, const clang::CallExpr *call);
  /// `pl::tpop_from_aic<TileT>()`: TileT's shape operand, `dtype` and a stated `target_memory`.
  bool addPopOperands(const clang::CallExpr *call, ir::ExprList &args, ir::AttrList &kwargs);
  /// F372 when a Group function calls `kernel` with anything but its own parameters in order.
  void checkGroupKernelCall(const clang::CallExpr *call, const clang::FunctionDecl *kernel);
  /// `pl::cluster([&] { ... })`: a Cluster scope (F373 when misplaced).
  void lowerCluster(const clang::CallExpr *call);
  /// Not in a kernel nor in a pl::at / pl::spmd body (where tasks and their scopes are made).
  bool inOrchestrationCode() const;
  /// `pl::scope([&] { ... })` / `pl::manual_scope(...)`: a Runtime scope of an orchestration.
  void lowerRuntimeScope(const clang::CallExpr *call, bool manual);
  /// `pl::spmd(n, [opts,] [&] { ... })`: an Spmd scope launching its body on n cores.
  void lowerSpmd(const clang::CallExpr *call, llvm::ArrayRef<const clang::ValueDecl *> bindings);
  /// `pl::submit([options,] k, args...)`: a Submit of the marked kernel `k`, its task id bound.
  void lowerSubmit(const clang::CallExpr *call, llvm::ArrayRef<const clang::ValueDecl *> bindings);
  /// The scope's task id: `auto t = pl::at(...)` / `pl::spmd(...)` binds one task_id Var (declared
  /// after the body is lowered), no binding none; `t = pl::at(...)` (`rebind`) redefines `t`.
  /// Where a launch's task id goes: a rebound variable (`t = pl::at(...)`) or the fresh variable
  /// stored into an array element (`ids[k] = pl::submit(...)`); taken once per launch, so
  /// launches nested in its body declare their own.
  struct TaskIdTarget {
    bool rebind = false;
    ir::VarPtr element;
  };
  TaskIdTarget takeTaskIdTarget() {
    return {std::exchange(rebindTaskId_, false), std::exchange(elementTaskId_, nullptr)};
  }
  ir::VarPtr declareTaskId(llvm::ArrayRef<const clang::ValueDecl *> bindings,
                           const TaskIdTarget &target);
  ir::VarPtr elementTaskId_;
  std::vector<ir::IterArg> declareIterArgs(const clang::CallExpr *initValues,
                                           llvm::ArrayRef<const clang::ParmVarDecl *> params,
                                           clang::SourceLocation loc);
  std::vector<ir::VarPtr> declareResults(llvm::ArrayRef<const clang::ValueDecl *> bindings,
                                         const std::vector<ir::TypePtr> &types,
                                         clang::SourceLocation loc);
  /// The C++ types one yielded value converts to, in order (its carry's type, then the body
  /// parameter's type on the next iteration).
  using Conversions = std::vector<clang::QualType>;
  /// `yieldTypes`: per yielded value, the conversions it undergoes, if known.
  ir::StmtPtr lowerLambdaBody(const clang::CXXMethodDecl *md, size_t skip, LambdaRole role,
                              std::vector<Conversions> yieldTypes = {});
  /// The conversions of each carry: init value type (the carry), then the body parameter's type.
  std::vector<Conversions> carryConversions(const clang::CallExpr *initValues,
                                            llvm::ArrayRef<const clang::ParmVarDecl *> params);
  size_t checkYields(const ir::StmtPtr &body, size_t expected, clang::SourceLocation loc,
                     const char *construct);
  void lowerDslArg(const clang::Expr *arg, ir::ExprList &args, ir::AttrList &kwargs);
  void lowerOptions(const clang::CXXRecordDecl *rd, const clang::Expr *e, ir::AttrList &kwargs);
  std::optional<ir::AttrValue> lowerOptionValue(const clang::FieldDecl *f, const clang::Expr *init);
  std::optional<ir::DataType> dtypeTag(clang::QualType t);
  std::optional<ir::AttrValue> enumAttr(const clang::EnumType *et, const clang::Expr *e);
  /// The body lambda of a DSL construct: a lambda expression, or a local helper lambda named.
  const clang::LambdaExpr *bodyLambda(const clang::Expr *e) const;

  clang::ASTContext &ctx() { return ctx_; }
  const CalleeTable &callees() const { return callees_; }

  /// The marked function being lowered.
  const MarkedFunction *current = nullptr;

private:
  /// Loop nesting (for break/continue validity): the kinds of the enclosing loops, innermost
  /// last. Changed only through ScopedPush.
  std::vector<ir::ForKind> loopKinds_;
  /// The enclosing pl::scope / pl::manual_scope bodies (true: manual), innermost last.
  std::vector<bool> runtimeScopes_;
  /// Set while lowering `t = pl::at(...)`: the scope's task id is the existing variable `t`.
  bool rebindTaskId_ = false;
  /// Set while lowering a pl::cluster body (no cluster nests in another).
  bool inCluster_ = false;
  /// The body calls a cross-core pipe op: the function is one kernel of a Group and takes the
  /// Group's whole parameter list, so F370 does not report outputs another kernel writes.
  bool usesPipes_ = false;
  clang::ASTContext &ctx_;
  ir::DiagnosticEngine &diags_;
  const CalleeTable &callees_;
  std::vector<std::vector<ir::StmtPtr>> blocks_;
  llvm::DenseMap<const clang::ValueDecl *, ir::VarPtr> vars_;
  llvm::DenseMap<const clang::ValueDecl *, ir::ParamDirection> paramDirections_;
  /// The enclosing lambda bodies, innermost last, and per body the conversions of its yielded
  /// values (parallel stacks). Changed only through ScopedPush, in pairs.
  std::vector<LambdaRole> lambdaRoles_;
  std::vector<std::vector<Conversions>> yieldTypes_;
  /// Placeholders standing for expressions that already failed: ops on them stay quiet, so one
  /// mistake gives one diagnostic.
  std::set<const ir::Expr *> poison_;
  /// Keeps every placeholder alive, so that a later expression never reuses a dropped
  /// placeholder's address and is taken for poison.
  std::vector<ir::ExprPtr> poisonAlive_;
  ir::ExprPtr poison(clang::SourceLocation loc);
  /// Declares `d` as a variable whose value already failed: its uses stay quiet.
  void declarePoisoned(const clang::ValueDecl *d);
  /// Whether `e` is, or is built from, a poison placeholder.
  bool isPoisoned(const ir::ExprPtr &e) const;
  llvm::DenseMap<const clang::ValueDecl *, const clang::LambdaExpr *> localLambdas_;
  /// Every variable the body names (read or assigned), for F370.
  llvm::DenseSet<const clang::ValueDecl *> referenced_;
  /// F370: output parameters the body never names.
  void reportUnwrittenOutputs(const clang::FunctionDecl *fd);

  // Writes into input parameters (lower_input_writes.cpp, F375).
  /// Per variable, the plain (input) tensor parameter whose caller buffer it may name: the
  /// parameter itself, a copy, a view (pl::slice, pl::reshape, ...) or an aliasing op's result
  /// of one, a carry initialised with one. "May": an assignment inside a branch, loop or scope
  /// body adds; only one in the body's straight-line code replaces (`x = pl::create_tensor(..)`
  /// makes the parameter variable a local buffer, as it does eagerly).
  llvm::DenseMap<const ir::Var *, const clang::ParmVarDecl *> inputBuffers_;
  /// Starts tracking parameter `p` (lowered to `v`) when it is a plain tensor parameter.
  void trackInputParam(const clang::ParmVarDecl *p, const ir::Var *v, ir::ParamDirection dir);
  /// The input parameter whose buffer `e` may name (a tracked variable, or a view / aliasing
  /// op applied to one); nullptr for anything else.
  const clang::ParmVarDecl *inputBuffer(const ir::ExprPtr &e) const;
  /// Propagates inputBuffers_ through an emitted statement (assignments, loop carries).
  void noteInputBufferFlow(const ir::Stmt &s);
  /// `var` now holds `value`: it names what `value` names; when `replaces`, only that.
  void noteInputBufferCopy(const ir::Var &var, const ir::ExprPtr &value, bool replaces);
  /// F375 when the op call `call` (the lowering of the user's `pl::<name>(...)` at `loc`)
  /// writes an argument that names an input parameter's buffer.
  void checkOpInputWrites(const ir::ExprPtr &call, const std::string &name,
                          clang::SourceLocation loc);
  /// F375 when `arg`, passed at `loc` to the Out / InOut parameter `param` of the marked
  /// function `callee`, names an input parameter's buffer.
  void checkCalleeInputWrite(const ir::ExprPtr &arg, const clang::ParmVarDecl *param,
                             const clang::FunctionDecl *callee, clang::SourceLocation loc);
  /// Reports F375 for a write by `writer` into `target`, which names input parameter `p`'s
  /// buffer, with the fix-it declaring `p` pl::InOut and a note at `p`.
  void reportInputWrite(const ir::ExprPtr &target, const clang::ParmVarDecl *p,
                        const std::string &writer, clang::SourceLocation loc);
  ir::ExprPtr inlineReturn_;
  /// The function's return type could not be lowered (already explained): returns stay quiet.
  bool returnTypeFailed_ = false;
  const clang::Stmt *inlineLastStmt_ = nullptr;
  int inlineDepth_ = 0;
  /// Variables passed to pl::init_values of the construct being lowered, and after it, the
  /// name of the construct's result (reading the init variable then is suspicious).
  std::vector<const clang::ValueDecl *> staleInits_;
  llvm::DenseMap<const clang::ValueDecl *, std::string> staleInitResult_;
  friend class BlockGuard;
};

/// Opens a statement block; `finish()` returns the block's statements as one Stmt.
class BlockGuard {
public:
  explicit BlockGuard(FunctionLowerer &l) : l_(l) { l_.blocks_.emplace_back(); }
  ~BlockGuard() {
    if (!done_)
      l_.blocks_.pop_back();
  }
  ir::StmtPtr finish(const ir::Span &s);

private:
  FunctionLowerer &l_;
  bool done_ = false;
};

/// Scoped state: `value` is on top of `stack` for the guard's lifetime (every exit path).
template <class T> class ScopedPush {
public:
  ScopedPush(std::vector<T> &stack, T value) : stack_(stack) { stack_.push_back(std::move(value)); }
  ~ScopedPush() { stack_.pop_back(); }
  ScopedPush(const ScopedPush &) = delete;
  ScopedPush &operator=(const ScopedPush &) = delete;

private:
  std::vector<T> &stack_;
};

/// `e` without parentheses, implicit casts, temporaries, cleanups, std::initializer_list
/// wrappers, functional casts, constant-expression wrappers and copy/move constructions.
const clang::Expr *stripTemporaries(const clang::Expr *e);
/// The call into namespace pl that `e` is (after temporaries), or null.
const clang::CallExpr *plCall(const clang::Expr *e);
/// The argument of a converting construction (`pl::Tile<..> t = value;`, `pl::Scalar<..>(v)`),
/// so the check against the declared type can name the variable; otherwise `e`.
const clang::Expr *peelConversion(const clang::Expr *e);
/// The call operator whose body is lowered (the instantiation, for generic lambdas).
const clang::CXXMethodDecl *lambdaMethod(const clang::LambdaExpr *l);
/// The direction a parameter of C++ type `t` declares: Out / InOut for pl::Out<T> /
/// pl::InOut<T> (through references), In otherwise.
ir::ParamDirection declaredDirection(clang::QualType t);
/// Is `d` declared directly or indirectly inside namespace `pl`?
bool isInPlNamespace(const clang::Decl *d);
/// The unqualified name of the called function, or "" when not a direct call.
std::string calleeName(const clang::CallExpr *call);

} // namespace pl::translator
