// Statement lowering: natural C++ control flow, declarations and assignments.
#include "translator/function_lowerer.h"

#include "ir/op_registry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtVisitor.h"

namespace pl::translator {

namespace {

/// `T x;`, `T x{}` / `T x = T{}` (including an aggregate's `{}` whose fields take their default
/// member initializers, as `pl::TaskId{}` does). `int x{}` is a value (zero), not this.
bool isDefaultInit(const clang::Expr *init) {
  if (!init)
    return true;
  const clang::Expr *e = init->IgnoreImplicit();
  if (auto *fc = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(e))
    e = fc->getSubExpr()->IgnoreImplicit();
  if (auto *ce = llvm::dyn_cast<clang::CXXConstructExpr>(e))
    return ce->getNumArgs() == 0;
  if (auto *il = llvm::dyn_cast<clang::InitListExpr>(e); il && il->getType()->isRecordType())
    return llvm::all_of(il->inits(), [](const clang::Expr *x) {
      return llvm::isa<clang::CXXDefaultInitExpr>(x->IgnoreImplicit());
    });
  return false;
}

bool isLoopKindBreakable(ir::ForKind k) { return k == ir::ForKind::Sequential; }

/// One method per statement kind the DSL supports; any other statement is F207, named.
class StmtDispatcher final : public clang::ConstStmtVisitor<StmtDispatcher> {
public:
  explicit StmtDispatcher(FunctionLowerer &l) : l_(l) {}

  void VisitCompoundStmt(const clang::CompoundStmt *s) {
    for (auto *c : s->body())
      l_.lowerStmt(c);
  }
  void VisitNullStmt(const clang::NullStmt *) {}
  void VisitDeclStmt(const clang::DeclStmt *s) { l_.lowerDeclStmt(s); }
  void VisitIfStmt(const clang::IfStmt *s) { l_.lowerIf(s); }
  void VisitWhileStmt(const clang::WhileStmt *s) { l_.lowerWhile(s); }
  void VisitCXXForRangeStmt(const clang::CXXForRangeStmt *s) { l_.lowerRangeFor(s); }
  void VisitBreakStmt(const clang::BreakStmt *s) { l_.lowerJump(s, "break"); }
  void VisitContinueStmt(const clang::ContinueStmt *s) { l_.lowerJump(s, "continue"); }
  void VisitReturnStmt(const clang::ReturnStmt *s) { l_.lowerReturn(s); }
  void VisitExpr(const clang::Expr *e) { l_.lowerExprStmt(e); }

  // Unsupported, with a name the user recognises.
  void VisitGotoStmt(const clang::GotoStmt *s) { l_.unsupportedStmt(s, "'goto' and labels"); }
  void VisitIndirectGotoStmt(const clang::IndirectGotoStmt *s) {
    l_.unsupportedStmt(s, "'goto' and labels");
  }
  void VisitLabelStmt(const clang::LabelStmt *s) { l_.unsupportedStmt(s, "'goto' and labels"); }
  void VisitCXXTryStmt(const clang::CXXTryStmt *s) { l_.unsupportedStmt(s, "exceptions ('try')"); }
  void VisitSwitchStmt(const clang::SwitchStmt *s) { l_.unsupportedStmt(s, "'switch'"); }
  void VisitDoStmt(const clang::DoStmt *s) { l_.unsupportedStmt(s, "'do'/'while' loops"); }
  void VisitForStmt(const clang::ForStmt *s) {
    l_.unsupportedStmt(s, "C-style 'for' loops (use 'for (auto i : pl::range(...))')");
  }
  void VisitAsmStmt(const clang::AsmStmt *s) { l_.unsupportedStmt(s, "inline assembly"); }
  void VisitStmt(const clang::Stmt *s) { l_.unsupportedStmt(s, s->getStmtClassName()); }

private:
  FunctionLowerer &l_;
};

} // namespace

ir::StmtPtr FunctionLowerer::lowerBlock(const clang::Stmt *s) {
  BlockGuard block(*this);
  if (s)
    lowerStmt(s);
  return block.finish(s ? span(s) : ir::Span());
}

void FunctionLowerer::lowerStmt(const clang::Stmt *s) {
  if (s)
    StmtDispatcher(*this).Visit(s);
}

void FunctionLowerer::lowerDeclStmt(const clang::DeclStmt *ds) {
  if (lowerExplicitForm(ds))
    return;
  for (auto *d : ds->decls()) {
    auto *vd = llvm::dyn_cast<clang::VarDecl>(d);
    if (!vd) {
      if (!llvm::isa<clang::TypedefNameDecl, clang::StaticAssertDecl, clang::UsingDecl>(d))
        error(d->getLocation(), "F200", "unsupported declaration in a marked function");
      continue;
    }
    lowerVarDecl(vd);
  }
}

void FunctionLowerer::lowerVarDecl(const clang::VarDecl *vd) {
  if (vd->isStaticLocal()) {
    error(vd->getLocation(), "F201",
          "static local variable '" + vd->getNameAsString() +
              "' in a marked function; kernels have no persistent state");
    declareVar(vd, ir::UnknownType::get());
    return;
  }
  if (vd->getType()->isPointerType() || vd->getType()->isReferenceType()) {
    if (vd->getType()->isPointerType() || !vd->getType().getNonReferenceType().isConstQualified()) {
      error(vd->getLocation(), "F202",
            "pointer or reference variable '" + vd->getNameAsString() +
                "' in a marked function; declare a value (tensors are already handles)");
      declareVar(vd, ir::UnknownType::get()); // keeps later uses from cascading
      return;
    }
  }
  if (vd->getType()->isArrayType()) {
    error(vd->getLocation(), "F214",
          "C array variable '" + vd->getNameAsString() +
              "' in a marked function; the IR has no arrays of values: use separate variables, "
              "a pl::Tensor / pl::Tile for data, or pl::array<pl::TaskId, N> for task ids");
    declarePoisoned(vd); // its subscripts stay quiet
    return;
  }
  const clang::Expr *init = vd->getInit();
  if (init)
    if (auto *lambda = bodyLambda(init)) {
      localLambdas_[vd] = lambda; // a local helper (or a copy of one): inlined at each call
      return;
    }
  if (isDefaultInit(init)) {
    lowerDefaultInit(vd);
    return;
  }
  if (auto *dd = llvm::dyn_cast<clang::DecompositionDecl>(vd)) {
    bindDecomposition(dd, lowerExpr(init));
    return;
  }
  const clang::Expr *source = peelConversion(init);
  ir::ExprPtr value = conformToDeclared(vd->getType(), lowerExpr(source), vd->getLocation(),
                                        "'" + vd->getNameAsString() + "'", source);
  if (isPoisoned(value)) { // already explained: later uses of the variable stay quiet
    declarePoisoned(vd);
    return;
  }
  ir::TypePtr t = value->type();
  if (ir::isa<ir::UnknownType>(t) || ir::isa<ir::ScalarType>(t))
    t = lowerType(vd->getType(), vd->getLocation());
  ir::VarPtr v = declareVar(vd, t);
  emit(ir::Assign::make(v, value, span(vd->getLocation())));
}

void FunctionLowerer::lowerIf(const clang::IfStmt *is) {
  if (is->getInit() || is->getConditionVariable()) {
    error(is->getBeginLoc(), "F203",
          "'if' with an initializer or a condition variable is not supported; declare the "
          "variable before the 'if'");
    return;
  }
  if (is->isConstexpr()) {
    if (auto v = evaluateInt(is->getCond()))
      lowerStmt(*v ? is->getThen() : is->getElse());
    else
      error(is->getCond()->getBeginLoc(), "F204", "'if constexpr' condition is not constant");
    return;
  }
  ir::ExprPtr cond = lowerExpr(is->getCond());
  ir::StmtPtr thenB = lowerBlock(is->getThen());
  ir::StmtPtr elseB = is->getElse() ? lowerBlock(is->getElse()) : nullptr;
  emit(ir::If::make(cond, thenB, elseB, {}, span(is)));
}

void FunctionLowerer::lowerWhile(const clang::WhileStmt *ws) {
  if (ws->getConditionVariable()) {
    error(ws->getBeginLoc(), "F203", "'while' with a condition variable is not supported");
    return;
  }
  ir::ExprPtr cond = lowerExpr(ws->getCond());
  ir::StmtPtr body;
  {
    ScopedPush<ir::ForKind> loop(loopKinds_, ir::ForKind::Sequential);
    body = lowerBlock(ws->getBody());
  }
  emit(ir::While::make(cond, {}, body, {}, span(ws)));
}

void FunctionLowerer::lowerJump(const clang::Stmt *s, const char *what) {
  if (loopKinds_.empty()) {
    error(s->getBeginLoc(), "F205", std::string("'") + what + "' outside a loop");
    return;
  }
  if (!isLoopKindBreakable(loopKinds_.back())) {
    error(s->getBeginLoc(), "F206",
          std::string("'") + what + "' inside a pl::" +
              std::string(ir::forKindName(loopKinds_.back())) +
              " loop; only sequential pl::range and while loops can be left early");
    return;
  }
  emit(llvm::isa<clang::BreakStmt>(s) ? ir::Break::make(span(s)) : ir::Continue::make(span(s)));
}

void FunctionLowerer::lowerReturn(const clang::ReturnStmt *rs) {
  if (!lambdaRoles_.empty()) {
    if (lambdaRoles_.back() == LambdaRole::Inline) {
      if (inlineReturn_ || rs != inlineLastStmt_) {
        error(rs->getBeginLoc(), "F211",
              "a helper lambda may only return as its last statement");
        return;
      }
      inlineReturn_ = rs->getRetValue() ? lowerExpr(rs->getRetValue())
                                        : ir::MakeTuple::make({}, span(rs));
      return;
    }
    if (lambdaRoles_.back() == LambdaRole::Scope ||
        lambdaRoles_.back() == LambdaRole::RuntimeScope) {
      error(rs->getBeginLoc(), "F209",
            "'return' inside a pl::at, pl::spmd, pl::scope, pl::manual_scope or pl::cluster "
            "body is not supported");
      return;
    }
    const clang::Expr *rv = rs->getRetValue();
    auto *call = rv ? llvm::dyn_cast<clang::CallExpr>(rv->IgnoreImplicit()) : nullptr;
    if (auto *ewc = rv ? llvm::dyn_cast<clang::ExprWithCleanups>(rv) : nullptr)
      call = llvm::dyn_cast<clang::CallExpr>(ewc->getSubExpr()->IgnoreImplicit());
    while (call && !call->getDirectCallee())
      call = nullptr;
    if (rv && (!call || calleeName(call) != "yield_" || !isInPlNamespace(call->getDirectCallee()))) {
      error(rs->getBeginLoc(), "F210",
            "the body of an explicit loop or pl::if_ must return pl::yield_(...)");
      return;
    }
    ir::ExprList values;
    const std::vector<Conversions> &targets = yieldTypes_.back();
    if (call)
      for (const clang::Expr *a : call->arguments()) {
        ir::ExprPtr v = lowerExpr(a);
        // The value converts to its carry's type when the body returns (pl::yield_ decays),
        // then to the body parameter's type on the next iteration.
        if (targets.size() == call->getNumArgs())
          for (clang::QualType t : targets[values.size()])
            v = conformToDeclared(t, v, a->getExprLoc(),
                                  "carried value " + std::to_string(values.size()));
        values.push_back(v);
      }
    emit(ir::Yield::make(std::move(values), span(rs)));
    return;
  }
  {
    ir::ExprList values;
    if (returnTypeFailed_)
      return; // the return type is already explained
    if (auto *rv = rs->getRetValue())
      values.push_back(conformToDeclared(
          current->decl->getReturnType(), lowerExpr(peelConversion(rv)), rv->getExprLoc(),
          "the return value of '" + current->decl->getNameAsString() + "'", peelConversion(rv)));
    emit(ir::Return::make(std::move(values), span(rs)));
  }
}

/// `T x;` — DSL values default-construct to zeros (static shape) in the eager reference, so the
/// IR gets an explicit zero fill; other types are declared without a value.
void FunctionLowerer::lowerDefaultInit(const clang::VarDecl *vd) {
  ir::TypePtr t = lowerType(vd->getType(), vd->getLocation());
  if (auto *at = ir::dynCast<ir::ArrayType>(t)) { // `pl::array<pl::TaskId, N> ids{};`
    if (!inOrchestrationCode())
      return error(vd->getLocation(), "F367",
                   "a pl::array of task ids belongs to an orchestration; it cannot be inside a "
                   "kernel or a pl::at / pl::spmd body");
    ir::VarPtr v = declareVar(vd, t);
    emit(ir::Assign::make(v,
                          makeDslOp("array.create", {},
                                    {{"dtype", at->dtype()}, {"size", at->size()}},
                                    vd->getLocation()),
                          span(vd->getLocation())));
    return;
  }
  if (ir::scalarDType(t) == ir::DataType::TaskId) { // `pl::TaskId t{};`: no task yet
    ir::VarPtr v = declareVar(vd, t);
    emit(
        ir::Assign::make(v, ir::ConstInt::make(-1, ir::DataType::TaskId), span(vd->getLocation())));
    return;
  }
  auto *st = ir::dynCast<ir::ShapedType>(t);
  bool staticShape = st != nullptr;
  for (size_t i = 0; st && i < st->rank(); ++i)
    staticShape &= st->constDim(i).has_value();
  if (!staticShape) {
    declareVar(vd, t); // no value yet (dynamic shapes default to empty in the eager run)
    return;
  }
  bool tile = ir::isa<ir::TileType>(t);
  ir::AttrList kwargs{{"dtype", st->dtype()}};
  if (auto *tt = ir::dynCast<ir::TileType>(t); tt && tt->memorySpace())
    kwargs.emplace_back("target_memory", *tt->memorySpace());
  ir::ExprPtr zero = ir::isFloat(st->dtype()) ? ir::ConstFloat::make(0.0, ir::DataType::FP32)
                                             : ir::ConstInt::make(0);
  ir::ExprPtr fill = makeDslOp(tile ? "tile.full" : "tensor.full",
                               {ir::MakeTuple::make(st->shape()), zero}, std::move(kwargs),
                               vd->getLocation());
  ir::VarPtr v = declareVar(vd, ir::isa<ir::ShapedType>(fill->type()) ? fill->type() : t);
  emit(ir::Assign::make(v, fill, span(vd->getLocation())));
}

/// `auto [a, b] = value;` with a tuple value: one variable per binding.
void FunctionLowerer::bindDecomposition(const clang::DecompositionDecl *dd, ir::ExprPtr value) {
  auto *tt = ir::dynCast<ir::TupleType>(value->type());
  auto *mt = ir::dynCast<ir::MakeTuple>(value);
  auto bindings = dd->bindings();
  if (!tt || tt->elements().size() != bindings.size()) {
    error(dd->getLocation(), "F212",
          "structured binding of a value that is not a tuple of " +
              std::to_string(bindings.size()) + " DSL values");
    return;
  }
  for (size_t i = 0; i < bindings.size(); ++i) {
    ir::ExprPtr elem = mt ? mt->elements()[i]
                          : ir::TupleGetItem::make(value, static_cast<int64_t>(i));
    elem = conformToDeclared(bindings[i]->getType().getCanonicalType(), elem, bindings[i]->getLocation(),
                             "'" + bindings[i]->getNameAsString() + "'");
    if (isPoisoned(elem)) {
      declarePoisoned(bindings[i]);
      continue;
    }
    ir::VarPtr v = declareVar(bindings[i], ir::isa<ir::ScalarType>(elem->type())
                                               ? elem->type()
                                               : tt->elements()[i]);
    emit(ir::Assign::make(v, elem, span(bindings[i]->getLocation())));
  }
}

void FunctionLowerer::unsupportedStmt(const clang::Stmt *s, const std::string &what) {
  error(s->getBeginLoc(), "F207", "unsupported statement in a marked function: " + what);
}

void FunctionLowerer::lowerExprStmt(const clang::Expr *e) {
  e = e->IgnoreImplicit();
  if (auto *cast = llvm::dyn_cast<clang::CStyleCastExpr>(e);
      cast && cast->getType()->isVoidType()) {
    const clang::Expr *sub = cast->getSubExpr()->IgnoreParenImpCasts();
    if (llvm::isa<clang::DeclRefExpr>(sub))
      return;                  // `(void)x;` only silences an unused-variable warning
    return lowerExprStmt(sub); // `(void)k(...);` still launches k
  }
  if (auto *ewc = llvm::dyn_cast<clang::ExprWithCleanups>(e))
    e = ewc->getSubExpr()->IgnoreImplicit();
  if (lowerExplicitForm(e))
    return;
  if (lowerAssignment(e))
    return;
  unsigned errorsBefore = diags_.errorCount();
  ir::ExprPtr v = lowerExpr(e);
  if (diags_.errorCount() != errorsBefore || isPoisoned(v))
    return; // already explained
  if (auto *call = ir::dynCast<ir::Call>(v)) {
    // An op whose result is an argument's buffer (store, assemble) rebinds that variable, so
    // the update stays visible to SSA construction.
    if (call->target().isOp() && call->target().op->outputAliasesArg) {
      size_t i = static_cast<size_t>(*call->target().op->outputAliasesArg);
      if (i < call->args().size())
        if (auto var = ir::as<ir::Var>(call->args()[i])) {
          emit(ir::Assign::make(var, v, span(e)));
          return;
        }
    }
    emit(ir::Eval::make(v, span(e)));
    return;
  }
  if (ir::isa<ir::Submit>(v)) {
    emit(ir::Eval::make(v, span(e)));
    return;
  }
  warning(e->getBeginLoc(), "F208", "expression result unused; the statement has no effect");
}

} // namespace pl::translator
