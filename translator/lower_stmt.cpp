// Statement lowering: natural C++ control flow, declarations and assignments.
#include "translator/function_lowerer.h"

#include "ir/op_registry.h"

#include "clang/AST/ASTContext.h"

namespace pl::translator {

namespace {

bool isLoopKindBreakable(ir::ForKind k) { return k == ir::ForKind::Sequential; }

} // namespace

ir::StmtPtr FunctionLowerer::lowerBlock(const clang::Stmt *s) {
  BlockGuard block(*this);
  if (s)
    lowerStmt(s);
  return block.finish(s ? span(s) : ir::Span());
}

void FunctionLowerer::lowerStmt(const clang::Stmt *s) {
  if (!s)
    return;
  if (auto *cs = llvm::dyn_cast<clang::CompoundStmt>(s)) {
    for (auto *c : cs->body())
      lowerStmt(c);
    return;
  }
  if (llvm::isa<clang::NullStmt>(s))
    return;
  if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
    if (lowerExplicitForm(ds))
      return;
    for (auto *d : ds->decls()) {
      auto *vd = llvm::dyn_cast<clang::VarDecl>(d);
      if (!vd) {
        if (!llvm::isa<clang::TypedefNameDecl, clang::StaticAssertDecl, clang::UsingDecl>(d))
          error(d->getLocation(), "F200", "unsupported declaration in a marked function");
        continue;
      }
      if (vd->isStaticLocal()) {
        error(vd->getLocation(), "F201",
              "static local variable '" + vd->getNameAsString() +
                  "' in a marked function; kernels have no persistent state");
        continue;
      }
      if (vd->getType()->isPointerType() || vd->getType()->isReferenceType()) {
        if (vd->getType()->isPointerType() || !vd->getType().getNonReferenceType().isConstQualified()) {
          error(vd->getLocation(), "F202",
                "pointer or reference variable '" + vd->getNameAsString() +
                    "' in a marked function; declare a value (tensors are already handles)");
          continue;
        }
      }
      const clang::Expr *init = vd->getInit();
      if (!init) {
        declareVar(vd, lowerType(vd->getType(), vd->getLocation()));
        continue;
      }
      ir::ExprPtr value = lowerExpr(init);
      ir::TypePtr t = value->type();
      if (ir::isa<ir::UnknownType>(t) || ir::isa<ir::ScalarType>(t))
        t = lowerType(vd->getType(), vd->getLocation());
      ir::VarPtr v = declareVar(vd, t);
      emit(ir::Assign::make(v, value, span(vd->getLocation())));
    }
    return;
  }
  if (auto *is = llvm::dyn_cast<clang::IfStmt>(s)) {
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
    return;
  }
  if (auto *ws = llvm::dyn_cast<clang::WhileStmt>(s)) {
    if (ws->getConditionVariable()) {
      error(ws->getBeginLoc(), "F203", "'while' with a condition variable is not supported");
      return;
    }
    ir::ExprPtr cond = lowerExpr(ws->getCond());
    loopKinds.push_back(ir::ForKind::Sequential);
    ir::StmtPtr body = lowerBlock(ws->getBody());
    loopKinds.pop_back();
    emit(ir::While::make(cond, {}, body, {}, span(ws)));
    return;
  }
  if (auto *fs = llvm::dyn_cast<clang::CXXForRangeStmt>(s))
    return lowerRangeFor(fs);
  if (llvm::isa<clang::BreakStmt, clang::ContinueStmt>(s)) {
    bool isBreak = llvm::isa<clang::BreakStmt>(s);
    const char *what = isBreak ? "break" : "continue";
    if (loopKinds.empty()) {
      error(s->getBeginLoc(), "F205", std::string("'") + what + "' outside a loop");
      return;
    }
    if (!isLoopKindBreakable(loopKinds.back())) {
      error(s->getBeginLoc(), "F206",
            std::string("'") + what + "' inside a pl::" +
                std::string(ir::forKindName(loopKinds.back())) +
                " loop; only sequential pl::range and while loops can be left early");
      return;
    }
    emit(isBreak ? ir::Break::make(span(s)) : ir::Continue::make(span(s)));
    return;
  }
  if (auto *rs = llvm::dyn_cast<clang::ReturnStmt>(s))
    return lowerReturn(rs);
  if (auto *e = llvm::dyn_cast<clang::Expr>(s))
    return lowerExprStmt(e);
  unsupportedStmt(s);
}

void FunctionLowerer::lowerReturn(const clang::ReturnStmt *rs) {
  if (!lambdaRoles_.empty()) {
    if (lambdaRoles_.back() == LambdaRole::Scope) {
      error(rs->getBeginLoc(), "F209", "'return' inside a pl::at body is not supported");
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
    if (call)
      for (const clang::Expr *a : call->arguments())
        values.push_back(lowerExpr(a));
    emit(ir::Yield::make(std::move(values), span(rs)));
    return;
  }
  {
    ir::ExprList values;
    if (auto *rv = rs->getRetValue())
      values.push_back(lowerExpr(rv));
    emit(ir::Return::make(std::move(values), span(rs)));
  }
}

void FunctionLowerer::unsupportedStmt(const clang::Stmt *s) {
  std::string what = s->getStmtClassName();
  if (llvm::isa<clang::GotoStmt, clang::IndirectGotoStmt, clang::LabelStmt>(s))
    what = "'goto' and labels";
  else if (llvm::isa<clang::CXXTryStmt>(s))
    what = "exceptions ('try')";
  else if (llvm::isa<clang::SwitchStmt>(s))
    what = "'switch'";
  else if (llvm::isa<clang::DoStmt>(s))
    what = "'do'/'while' loops";
  else if (llvm::isa<clang::ForStmt>(s))
    what = "C-style 'for' loops (use 'for (auto i : pl::range(...))')";
  else if (llvm::isa<clang::AsmStmt>(s))
    what = "inline assembly";
  error(s->getBeginLoc(), "F207",
        "unsupported statement in a marked function: " + what);
}

void FunctionLowerer::lowerExprStmt(const clang::Expr *e) {
  e = e->IgnoreImplicit();
  if (auto *ewc = llvm::dyn_cast<clang::ExprWithCleanups>(e))
    e = ewc->getSubExpr()->IgnoreImplicit();
  if (lowerExplicitForm(e))
    return;
  if (lowerAssignment(e))
    return;
  ir::ExprPtr v = lowerExpr(e);
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
