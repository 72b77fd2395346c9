// TypeChecked verifier: every op call still type-checks (deduction re-run on its arguments and
// compared with the call's type), assignments, yields, loop carries and returns agree with the
// types of the variables they bind, and conditions / loop bounds are scalars.
//
// Compatibility is deliberately lenient where passes legitimately refine types: Unknown matches
// anything, symbolic dims are not compared, a missing memory space matches any, and views and
// MemRefs are ignored.
//
// Codes: V101 type kind mismatch · V102 dtype mismatch · V103 rank mismatch · V104 constant dim
// mismatch · V105 arity mismatch (yield / return / call arguments) · V106 if condition not a
// scalar · V107 for bound not an integer scalar · V108 while condition not a scalar · V109 op
// call no longer type-checks · V110 memory space mismatch · V111 function call or return does
// not match the signature · V112 an op call whose size is a constant ≤ 0 (a tile or tensor
// dim; the user's value, often a variable that Simplify, UnrollLoops or InlineFunctions
// folded: verifyFoldedSizes runs this check after every pass that changes a function).
#include "passes/verifiers/verifier_visitor.h"

#include "ir/op_registry.h"
#include "ir/printer.h"

#include <set>
#include <tuple>

namespace pl::passes {

namespace {
using namespace ir;

struct Mismatch {
  const char *code;
  std::string detail;
};

std::optional<Mismatch> compareShaped(const ShapedType &a, const ShapedType &b) {
  if (a.dtype() != b.dtype())
    return Mismatch{"V102", "dtype " + std::string(dtypeName(a.dtype())) + " vs " +
                                std::string(dtypeName(b.dtype()))};
  if (a.rank() != b.rank())
    return Mismatch{"V103", "rank " + std::to_string(a.rank()) + " vs " + std::to_string(b.rank())};
  for (size_t i = 0; i < a.rank(); ++i) {
    auto x = a.constDim(i), y = b.constDim(i);
    if (x && y && *x != *y)
      return Mismatch{"V104", "dim " + std::to_string(i) + " is " + std::to_string(*x) + " vs " +
                                  std::to_string(*y)};
  }
  auto *ta = dynCast<TileType>(&a);
  auto *tb = dynCast<TileType>(&b);
  if (ta && tb && ta->memorySpace() && tb->memorySpace() &&
      *ta->memorySpace() != *tb->memorySpace())
    return Mismatch{"V110", "memory space " + std::string(memorySpaceName(*ta->memorySpace())) +
                                " vs " + std::string(memorySpaceName(*tb->memorySpace()))};
  return std::nullopt;
}

/// nullopt when `a` (actual) and `b` (expected) are compatible.
std::optional<Mismatch> compareTypes(const TypePtr &a, const TypePtr &b) {
  if (!a || !b || isa<UnknownType>(a) || isa<UnknownType>(b))
    return std::nullopt;
  if (a->kind() != b->kind())
    return Mismatch{"V101", "different kinds of type"};
  if (auto *sa = dynCast<ScalarType>(a)) {
    auto *sb = dynCast<ScalarType>(b);
    if (sa->dtype() != sb->dtype())
      return Mismatch{"V102", "dtype " + std::string(dtypeName(sa->dtype())) + " vs " +
                                  std::string(dtypeName(sb->dtype()))};
    return std::nullopt;
  }
  if (auto *sa = dynCast<ShapedType>(a))
    return compareShaped(*sa, *static_cast<const ShapedType *>(b.get()));
  if (auto *ta = dynCast<TupleType>(a)) {
    auto *tb = dynCast<TupleType>(b);
    if (ta->elements().size() != tb->elements().size())
      return Mismatch{"V105", "tuple of " + std::to_string(ta->elements().size()) + " vs " +
                                  std::to_string(tb->elements().size()) + " elements"};
    for (size_t i = 0; i < ta->elements().size(); ++i)
      if (auto m = compareTypes(ta->elements()[i], tb->elements()[i]))
        return Mismatch{m->code, "element " + std::to_string(i) + ": " + m->detail};
  }
  return std::nullopt;
}

/// Whether a tile or tensor type has a constant dim ≤ 0.
bool hasNonPositiveDim(const TypePtr &t) {
  auto *s = t ? dynCast<ShapedType>(t) : nullptr;
  if (!s)
    return false;
  for (size_t i = 0; i < s->rank(); ++i)
    if (auto d = s->constDim(i); d && *d <= 0)
      return true;
  return false;
}

/// The op's own reason why `e` does not type-check ("" when it does).
std::string deductionFailure(const Call &e) {
  DiagnosticEngine scratch;
  if (makeOpCall(*e.target().op, e.args(), e.kwargs(), e.span(), scratch))
    return "";
  return scratch.diagnostics().empty() ? "the op rejects its arguments"
                                       : scratch.diagnostics().front().message;
}

void reportNonPositiveSize(const Call &e, const std::string &why, DiagnosticEngine &diags) {
  diags.error("V112", e.span(),
              "a size of '" + e.target().name() +
                  "' is not positive once constants are "
                  "folded: " +
                  why);
}

/// V112 alone: op calls whose result has a constant dim ≤ 0 that the op rejects; one error per
/// source location (the copies of an unrolled loop share the user's line).
class FoldedSizeChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;
  void visitCall(const Call &e) override {
    IRVisitor::visitCall(e);
    if (!e.target().isOp() || !hasNonPositiveDim(e.type()))
      return;
    if (!reported_.insert({e.span().file.get(), e.span().line, e.span().col}).second)
      return;
    if (std::string why = deductionFailure(e); !why.empty())
      reportNonPositiveSize(e, why, diags_);
  }

private:
  std::set<std::tuple<const std::string *, int, int>> reported_;
};

class TypeChecker : public VerifierVisitor {
public:
  using VerifierVisitor::VerifierVisitor;

  void visitAssign(const Assign &s) override {
    IRVisitor::visitAssign(s);
    expect(s.value()->type(), s.var()->type(), s.span(),
           "value assigned to '" + s.var()->name() + "'");
  }

  void visitCall(const Call &e) override {
    IRVisitor::visitCall(e);
    if (e.target().isOp())
      return checkOpCall(e);
    checkFunctionCall(e);
  }

  void visitIf(const If &s) override {
    requireScalar(s.cond(), s.span(), "V106", "if condition");
    IRVisitor::visitIf(s);
    checkYields(s.thenBody(), s.returnVars(), "then branch");
    checkYields(s.elseBody(), s.returnVars(), "else branch");
  }

  void visitFor(const For &s) override {
    for (auto &b : {s.start(), s.stop(), s.step()})
      requireIntScalar(b, s.span());
    checkCarries(s.iterArgs(), s.body(), s.returnVars());
    IRVisitor::visitFor(s);
  }

  void visitWhile(const While &s) override {
    requireScalar(s.cond(), s.span(), "V108", "while condition");
    checkCarries(s.iterArgs(), s.body(), s.returnVars());
    IRVisitor::visitWhile(s);
  }

  void visitReturn(const Return &s) override {
    IRVisitor::visitReturn(s);
    auto &want = func_->returnTypes();
    if (s.values().size() != want.size()) {
      diags_.error("V111", s.span(),
                   "return of " + std::to_string(s.values().size()) + " value(s) in '" +
                       func_->name() + "', which returns " + std::to_string(want.size()));
      return;
    }
    for (size_t i = 0; i < want.size(); ++i)
      expect(s.values()[i]->type(), want[i], s.span(),
             "return value " + std::to_string(i) + " of '" + func_->name() + "'", "V111");
  }

private:
  void expect(const TypePtr &actual, const TypePtr &expected, const Span &span,
              const std::string &what, const char *code = nullptr) {
    auto m = compareTypes(actual, expected);
    if (!m)
      return;
    diags_.error(code ? code : m->code, span,
                 what + " has type '" + printType(actual) + "' but '" + printType(expected) +
                     "' is expected (" + m->detail + ")");
  }

  void checkOpCall(const Call &e);
  void checkFunctionCall(const Call &e);
  void checkYields(const StmtPtr &body, const std::vector<VarPtr> &vars, const char *what);
  void checkCarries(const std::vector<IterArg> &iterArgs, const StmtPtr &body,
                    const std::vector<VarPtr> &returnVars);
  void requireScalar(const ExprPtr &e, const Span &at, const char *code, const char *what);
  void requireIntScalar(const ExprPtr &e, const Span &at);
};

void TypeChecker::checkOpCall(const Call &e) {
  DiagnosticEngine scratch;
  ExprPtr redo = makeOpCall(*e.target().op, e.args(), e.kwargs(), e.span(), scratch);
  if (!redo) {
    std::string why = scratch.diagnostics().empty() ? "" : scratch.diagnostics().front().message;
    if (hasNonPositiveDim(e.type()))
      return reportNonPositiveSize(e, why, diags_);
    diags_.error("V109", e.span(),
                 "call to '" + e.target().name() + "' no longer type-checks: " + why);
    return;
  }
  expect(e.type(), redo->type(), e.span(), "call to '" + e.target().name() + "'");
}

void TypeChecker::checkFunctionCall(const Call &e) {
  FunctionPtr callee = program_.lookup(e.target().function);
  if (!callee)
    return; // reported by UseAfterDef (V402)
  if (e.args().size() != callee->params().size()) {
    diags_.error("V111", e.span(),
                 "call to '" + callee->name() + "' passes " + std::to_string(e.args().size()) +
                     " argument(s); it takes " + std::to_string(callee->params().size()));
    return;
  }
  for (size_t i = 0; i < e.args().size(); ++i)
    expect(e.args()[i]->type(), callee->params()[i].var->type(), e.span(),
           "argument " + std::to_string(i) + " of the call to '" + callee->name() + "'", "V111");
  auto &rets = callee->returnTypes();
  if (rets.size() == 1)
    expect(e.type(), rets[0], e.span(), "call to '" + callee->name() + "'", "V111");
  else if (rets.size() > 1)
    expect(e.type(), TupleType::make(rets), e.span(), "call to '" + callee->name() + "'", "V111");
}

void TypeChecker::checkYields(const StmtPtr &body, const std::vector<VarPtr> &vars,
                              const char *what) {
  const Stmt *last = body.get();
  if (auto *seq = dynCast<Seq>(body))
    last = seq->stmts().empty() ? nullptr : seq->stmts().back().get();
  auto *y = last ? dynCast<Yield>(last) : nullptr;
  if (!y || y->values().size() != vars.size())
    return; // arity is SSAForm's business (V003 / V005)
  for (size_t i = 0; i < vars.size(); ++i)
    expect(y->values()[i]->type(), vars[i]->type(), y->span(),
           std::string("value ") + std::to_string(i) + " yielded by the " + what);
}

void TypeChecker::checkCarries(const std::vector<IterArg> &iterArgs, const StmtPtr &body,
                               const std::vector<VarPtr> &returnVars) {
  for (auto &a : iterArgs)
    expect(a.init->type(), a.var->type(), a.init->span(),
           "init value of iter_arg '" + a.var->name() + "'");
  if (returnVars.size() == iterArgs.size())
    for (size_t i = 0; i < returnVars.size(); ++i)
      expect(iterArgs[i].var->type(), returnVars[i]->type(), returnVars[i]->span(),
             "return var '" + returnVars[i]->name() + "' of the loop");
  std::vector<VarPtr> carried;
  carried.reserve(iterArgs.size());
  for (auto &a : iterArgs)
    carried.push_back(a.var);
  checkYields(body, carried, "loop body");
}

void TypeChecker::requireScalar(const ExprPtr &e, const Span &at, const char *code,
                                const char *what) {
  if (!e || isa<UnknownType>(e->type()) || isa<ScalarType>(e->type()))
    return;
  diags_.error(code, at,
               std::string(what) + " has type '" + printType(e->type()) + "'; a scalar is "
                                                                          "expected");
}

void TypeChecker::requireIntScalar(const ExprPtr &e, const Span &at) {
  if (!e || isa<UnknownType>(e->type()))
    return;
  auto d = scalarDType(e->type());
  if (d && isIntLike(*d))
    return;
  diags_.error("V107", at,
               "loop bound has type '" + printType(e->type()) + "'; an integer scalar is "
                                                                 "expected");
}
} // namespace

void verifyTypeChecked(const Program &p, DiagnosticEngine &diags) {
  runVerifier<TypeChecker>(p, diags);
}

void verifyFoldedSizes(const Program &p, const Function &f, DiagnosticEngine &diags) {
  FoldedSizeChecker checker(p, diags);
  checker.visitFunction(f);
}

} // namespace pl::passes
