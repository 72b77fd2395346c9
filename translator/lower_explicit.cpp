// Lowering of the explicit SSA forms: `auto [..] = pl::range(n, pl::init_values(..), lambda)`,
// pl::while_ + pl::cond, pl::if_ with yields, and pl::at scopes.
#include "translator/function_lowerer.h"
#include "translator/source_location.h"

#include "ir/printer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/SaveAndRestore.h"

namespace pl::translator {

namespace {

/// The statement `pl::cond(...);` of a pl::while_ body when it is not the first one, or null.
const clang::Stmt *laterCond(const clang::CompoundStmt *body) {
  for (const clang::Stmt *s : llvm::drop_begin(body->body()))
    if (auto *e = llvm::dyn_cast<clang::Expr>(s))
      if (auto *c = plCall(e); c && calleeName(c) == "cond")
        return s;
  return nullptr;
}

/// A variable the condition `cond` reads that is declared in `body` before it (moving the
/// condition first would read it before its declaration), or null.
const clang::NamedDecl *bodyLocalRead(const clang::Stmt *cond, const clang::CompoundStmt *body,
                                      const clang::SourceManager &sm) {
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(cond)) {
    clang::SourceLocation at = dr->getDecl()->getLocation();
    if (sm.isBeforeInTranslationUnit(body->getLBracLoc(), at) &&
        sm.isBeforeInTranslationUnit(at, dr->getLocation()))
      return dr->getDecl();
  }
  for (const clang::Stmt *c : cond->children())
    if (c)
      if (auto *d = bodyLocalRead(c, body, sm))
        return d;
  return nullptr;
}

/// The fix-its moving statement `cond` (with its ';', and its line when it is alone there) to
/// just before `first`, at `first`'s indentation; empty inside macros.
std::vector<ir::FixIt> moveFirstFixIts(const clang::Stmt *cond, const clang::Stmt *first,
                                       const clang::SourceManager &sm,
                                       const clang::LangOptions &lo) {
  clang::SourceLocation b = cond->getBeginLoc(), f = first->getBeginLoc();
  if (b.isMacroID() || cond->getEndLoc().isMacroID() || f.isMacroID())
    return {};
  clang::SourceLocation afterSemi =
      clang::Lexer::findLocationAfterToken(cond->getEndLoc(), clang::tok::semi, sm, lo, false);
  auto [fid, begin] = sm.getDecomposedLoc(b);
  if (afterSemi.isInvalid() || sm.getFileID(f) != fid)
    return {};
  llvm::StringRef buf = sm.getBufferData(fid);
  unsigned end = sm.getFileOffset(afterSemi);
  std::string text = buf.substr(begin, end - begin).str();
  auto isBlank = [](char c) { return c == ' ' || c == '\t'; };
  unsigned lineStart = begin, lineEnd = end;
  while (lineStart > 0 && isBlank(buf[lineStart - 1]))
    --lineStart;
  while (lineEnd < buf.size() && isBlank(buf[lineEnd]))
    ++lineEnd;
  if ((lineStart == 0 || buf[lineStart - 1] == '\n') && lineEnd < buf.size() &&
      buf[lineEnd] == '\n')
    std::tie(begin, end) = std::pair{lineStart, lineEnd + 1}; // alone on its line: drop the line
  unsigned firstOff = sm.getFileOffset(f), indentStart = firstOff;
  while (indentStart > 0 && isBlank(buf[indentStart - 1]))
    --indentStart;
  bool ownLine = indentStart == 0 || buf[indentStart - 1] == '\n';
  std::string indent = buf.substr(indentStart, firstOff - indentStart).str();
  auto insert = insertionFixIt(sm, f, text + (ownLine ? "\n" + indent : " "));
  auto remove = makeFixIt(sm,
                          clang::CharSourceRange::getCharRange(sm.getComposedLoc(fid, begin),
                                                               sm.getComposedLoc(fid, end)),
                          "");
  if (!insert || !remove)
    return {};
  return {*insert, *remove};
}

} // namespace

/// F352: the body of a pl::while_ does not start with pl::cond. When the body has a later
/// pl::cond whose condition reads only carried and outer values, the fix-it moves it first.
void FunctionLowerer::reportMisplacedCond(const clang::LambdaExpr *lambda,
                                          const clang::CompoundStmt *body) {
  const std::string what = "pl::cond(...) must be the first statement of a pl::while_ body";
  if (body->body_empty()) {
    error(lambda->getBeginLoc(), "F352", what + "; this body is empty");
    return;
  }
  const clang::Stmt *first = body->body_front();
  if (auto *e = llvm::dyn_cast<clang::Expr>(first);
      e && plCall(e) && calleeName(plCall(e)) == "cond") {
    error(first->getBeginLoc(), "F352", "pl::cond takes exactly one condition");
    return;
  }
  const clang::Stmt *later = laterCond(body);
  if (!later) {
    error(first->getBeginLoc(), "F352", what + "; this body has no pl::cond");
    return;
  }
  const clang::SourceManager &sm = ctx_.getSourceManager();
  ir::Diagnostic d{ir::Severity::Error, "F352", what, span(first->getBeginLoc()), {}};
  if (const clang::NamedDecl *local = bodyLocalRead(later, body, sm)) {
    d.message += "; its condition reads '" + local->getNameAsString() +
                 "', declared in the body before it: compute the condition from the carried "
                 "values";
  } else {
    d.fixits = moveFirstFixIts(later, first, sm, ctx_.getLangOpts());
    if (!d.fixits.empty())
      d.message += "; move it first";
  }
  d.notes.emplace_back(span(later->getBeginLoc()), "pl::cond is here");
  diags_.report(std::move(d));
}

namespace {
/// The operands of `a = b` (built-in or a class's operator=); {null, null} for anything else.
std::pair<const clang::Expr *, const clang::Expr *> assignmentOperands(const clang::Expr *e) {
  e = e->IgnoreImplicit();
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e);
      bo && bo->getOpcode() == clang::BO_Assign)
    return {bo->getLHS(), bo->getRHS()};
  if (auto *oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e);
      oc && oc->getOperator() == clang::OO_Equal && oc->getNumArgs() == 2)
    return {oc->getArg(0), oc->getArg(1)};
  return {nullptr, nullptr};
}
} // namespace

bool FunctionLowerer::lowerExplicitForm(const clang::Stmt *s) {
  const clang::Expr *init = nullptr;
  std::vector<const clang::ValueDecl *> bindings;
  if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
    if (!ds->isSingleDecl())
      return false;
    if (auto *dd = llvm::dyn_cast<clang::DecompositionDecl>(ds->getSingleDecl())) {
      init = dd->getInit();
      for (auto *b : dd->bindings())
        bindings.push_back(b);
    } else if (auto *vd = llvm::dyn_cast<clang::VarDecl>(ds->getSingleDecl())) {
      init = vd->getInit();
      bindings.push_back(vd);
    }
  } else if (auto *e = llvm::dyn_cast<clang::Expr>(s)) {
    init = e;
  }
  // `t = pl::at(...)` / `t = pl::spmd(...)`: the launch rebinds an existing task id variable.
  const clang::DeclRefExpr *reassigned = nullptr;
  if (init)
    if (auto [lhs, rhs] = assignmentOperands(init); lhs) {
      auto *rc = plCall(rhs);
      std::string rn = rc ? calleeName(rc) : "";
      if (rn != "at" && rn != "spmd" && rn != "submit")
        return false;
      if (auto elem = arrayElement(lhs)) { // `ids[k] = pl::submit(...)`: a fresh id stored
        ir::VarPtr tid = ir::Var::make("tid", ir::ScalarType::get(ir::DataType::TaskId), span(lhs));
        llvm::SaveAndRestore<ir::VarPtr> into(elementTaskId_, tid);
        if (!lowerExplicitForm(rhs))
          return false;
        assignTo(lhs, tid, lhs->getBeginLoc());
        return true;
      }
      reassigned = llvm::dyn_cast<clang::DeclRefExpr>(lhs->IgnoreParenImpCasts());
      if (!reassigned || !lookupVar(reassigned->getDecl()) ||
          ir::scalarDType(lookupVar(reassigned->getDecl())->type()) != ir::DataType::TaskId) {
        error(lhs->getBeginLoc(), "F361",
              "the task id of pl::" + rn +
                  " can only be assigned to a pl::TaskId variable of the marked function");
        return true;
      }
      init = rhs;
      bindings.push_back(reassigned->getDecl());
    }
  const clang::CallExpr *call = init ? plCall(init) : nullptr;
  if (!call)
    return false;
  std::string name = calleeName(call);
  llvm::SaveAndRestore<bool> rebind(rebindTaskId_, reassigned != nullptr);
  if (name == "range" || name == "parallel" || name == "unroll" || name == "pipeline")
    lowerExplicitLoop(call, name, bindings);
  else if (name == "while_")
    lowerExplicitWhile(call, bindings);
  else if (name == "if_")
    lowerExplicitIf(call, bindings);
  else if (name == "at")
    lowerAt(call, bindings);
  else if (name == "spmd")
    lowerSpmd(call, bindings);
  else if (name == "submit")
    lowerSubmit(call, bindings);
  else if (name == "scope" || name == "manual_scope")
    lowerRuntimeScope(call, name == "manual_scope");
  else if (name == "cluster")
    lowerCluster(call);
  else
    return false;
  // After an error the results are unbound: declare them so later uses do not cascade.
  for (const clang::ValueDecl *b : bindings)
    if (!lookupVar(b))
      declarePoisoned(b);
  return true;
}

std::vector<ir::IterArg>
FunctionLowerer::declareIterArgs(const clang::CallExpr *initValues,
                                 llvm::ArrayRef<const clang::ParmVarDecl *> params,
                                 clang::SourceLocation loc) {
  std::vector<ir::IterArg> iters;
  size_t n = initValues ? initValues->getNumArgs() : 0;
  if (params.size() != n) {
    error(loc, "F348",
          "the body lambda takes " + std::to_string(params.size()) +
              " carried value(s) but "
              "pl::init_values gives " +
              std::to_string(n) + "; they must match one to one");
    return iters;
  }
  for (size_t i = 0; i < n; ++i) {
    const clang::Expr *a = initValues->getArg(i);
    ir::ExprPtr v = conformToDeclared(params[i]->getType(), lowerExpr(a), a->getExprLoc(),
                                      "carried value '" + params[i]->getNameAsString() + "'");
    if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(a->IgnoreParenImpCasts()))
      staleInits_.push_back(dr->getDecl());
    ir::TypePtr t = v->type();
    if (ir::isa<ir::ScalarType>(t) || ir::isa<ir::UnknownType>(t))
      t = lowerType(params[i]->getType(), params[i]->getLocation());
    iters.push_back({declareVar(params[i], t), v});
    noteInputBufferCopy(*iters.back().var, v, false); // the body may write the carried buffer
  }
  return iters;
}

std::vector<FunctionLowerer::Conversions>
FunctionLowerer::carryConversions(const clang::CallExpr *initValues,
                                  llvm::ArrayRef<const clang::ParmVarDecl *> params) {
  std::vector<Conversions> out;
  size_t n = initValues ? initValues->getNumArgs() : 0;
  if (params.size() != n)
    return out;
  for (size_t i = 0; i < n; ++i)
    out.push_back({initValues->getArg(i)->getType(), params[i]->getType()});
  return out;
}

std::vector<ir::VarPtr>
FunctionLowerer::declareResults(llvm::ArrayRef<const clang::ValueDecl *> bindings,
                                const std::vector<ir::TypePtr> &types, clang::SourceLocation loc) {
  std::vector<ir::VarPtr> rets;
  if (!bindings.empty() && bindings.size() != types.size()) {
    error(loc, "F349",
          "the construct yields " + std::to_string(types.size()) + " value(s) but " +
              std::to_string(bindings.size()) + " name(s) are bound to its result");
    return rets;
  }
  for (size_t i = 0; i < types.size(); ++i) {
    if (bindings.empty())
      rets.push_back(ir::Var::make("unused", types[i], span(loc)));
    else
      rets.push_back(declareVar(bindings[i], types[i]));
  }
  // Reads of an init value after the loop probably meant the loop's result.
  for (auto *d : staleInits_)
    staleInitResult_[d] = bindings.empty() ? std::string() : bindings.front()->getNameAsString();
  staleInits_.clear();
  return rets;
}

ir::StmtPtr FunctionLowerer::lowerLambdaBody(const clang::CXXMethodDecl *md, size_t skip,
                                             LambdaRole role, std::vector<Conversions> yieldTypes) {
  ScopedPush<LambdaRole> inLambda(lambdaRoles_, role);
  ScopedPush<std::vector<Conversions>> yields(yieldTypes_, std::move(yieldTypes));
  BlockGuard block(*this);
  auto *body = llvm::cast<clang::CompoundStmt>(md->getBody());
  size_t i = 0;
  for (auto *c : body->body())
    if (i++ >= skip)
      lowerStmt(c);
  return block.finish(span(body));
}

size_t FunctionLowerer::checkYields(const ir::StmtPtr &body, size_t expected,
                                    clang::SourceLocation loc, const char *construct) {
  const ir::Yield *y = ir::trailingYield(body);
  size_t got = y ? y->values().size() : 0;
  if (got != expected)
    error(loc, "F350",
          std::string("the body of ") + construct +
              " must end with 'return pl::yield_(...)' "
              "yielding " +
              std::to_string(expected) + " value(s); it yields " + std::to_string(got));
  return got;
}

void FunctionLowerer::lowerExplicitLoop(const clang::CallExpr *call, llvm::StringRef name,
                                        llvm::ArrayRef<const clang::ValueDecl *> bindings) {
  LoopHeader h;
  if (!lowerLoopBounds(call, name, h))
    return;
  if (!h.lambda) {
    error(call->getBeginLoc(), "F347",
          "pl::" + name.str() + " with a result needs a body lambda: pl::" + name.str() +
              "(n, pl::init_values(...), [&](pl::Index i, auto... carried) { ... })");
    return;
  }
  const clang::CXXMethodDecl *md = lambdaMethod(h.lambda);
  if (!md || md->getNumParams() < 1) {
    error(h.lambda->getBeginLoc(), "F347",
          "the loop body lambda must take the loop index first: [&](pl::Index i, ...)");
    return;
  }
  ir::VarPtr loopVar = declareVar(md->getParamDecl(0), ir::ScalarType::get(ir::DataType::Index));
  auto iters =
      declareIterArgs(h.initValues, md->parameters().drop_front(), h.lambda->getBeginLoc());
  ir::StmtPtr body;
  {
    ScopedPush<ir::ForKind> loop(loopKinds_, h.kind);
    body = lowerLambdaBody(md, 0, LambdaRole::Yield,
                           carryConversions(h.initValues, md->parameters().drop_front()));
  }
  checkYields(body, iters.size(), h.lambda->getBeginLoc(), ("pl::" + name.str()).c_str());
  std::vector<ir::TypePtr> types;
  for (auto &ia : iters)
    types.push_back(ia.var->type());
  auto rets = declareResults(bindings, types, call->getBeginLoc());
  emit(ir::For::make(loopVar, h.start, h.stop, h.step, std::move(iters), body, std::move(rets),
                     h.kind, std::move(h.attrs), span(call)));
}

void FunctionLowerer::lowerExplicitWhile(const clang::CallExpr *call,
                                         llvm::ArrayRef<const clang::ValueDecl *> bindings) {
  const clang::CallExpr *initValues = nullptr;
  const clang::LambdaExpr *lambda = nullptr;
  for (auto *a : call->arguments()) {
    if (auto *c = plCall(a); c && calleeName(c) == "init_values")
      initValues = c;
    else if (auto *l = bodyLambda(a))
      lambda = l;
  }
  const clang::CXXMethodDecl *md = lambda ? lambdaMethod(lambda) : nullptr;
  if (!md || !initValues) { // without init_values nothing could end the loop (eagerly too)
    error(call->getBeginLoc(), "F355",
          "pl::while_ takes pl::init_values(...) and a body lambda [&](auto... carried) { "
          "pl::cond(...); ...; return pl::yield_(...); }");
    return;
  }
  auto iters = declareIterArgs(initValues, md->parameters(), lambda->getBeginLoc());
  auto *body = llvm::cast<clang::CompoundStmt>(md->getBody());
  const clang::CallExpr *condCall = nullptr;
  if (!body->body_empty())
    if (auto *e = llvm::dyn_cast<clang::Expr>(body->body_front()))
      if (auto *c = plCall(e); c && calleeName(c) == "cond")
        condCall = c;
  if (!condCall || condCall->getNumArgs() != 1) {
    reportMisplacedCond(lambda, body);
    return;
  }
  ir::ExprPtr cond = lowerExpr(condCall->getArg(0));
  ir::StmtPtr lowered;
  {
    ScopedPush<ir::ForKind> loop(loopKinds_, ir::ForKind::Sequential);
    lowered =
        lowerLambdaBody(md, 1, LambdaRole::Yield, carryConversions(initValues, md->parameters()));
  }
  checkYields(lowered, iters.size(), lambda->getBeginLoc(), "pl::while_");
  std::vector<ir::TypePtr> types;
  for (auto &ia : iters)
    types.push_back(ia.var->type());
  auto rets = declareResults(bindings, types, call->getBeginLoc());
  emit(ir::While::make(cond, std::move(iters), lowered, std::move(rets), span(call)));
}

void FunctionLowerer::lowerExplicitIf(const clang::CallExpr *call,
                                      llvm::ArrayRef<const clang::ValueDecl *> bindings) {
  std::vector<const clang::LambdaExpr *> lambdas;
  for (unsigned i = 1; i < call->getNumArgs(); ++i)
    if (auto *l = bodyLambda(call->getArg(i)))
      lambdas.push_back(l);
  if (call->getNumArgs() < 2 || lambdas.size() + 1 != call->getNumArgs() || lambdas.size() > 2) {
    error(call->getBeginLoc(), "F356",
          "pl::if_ takes a condition and one or two lambdas: pl::if_(c, [&]{ ... }, [&]{ ... })");
    return;
  }
  ir::ExprPtr cond = lowerExpr(call->getArg(0));
  std::vector<ir::StmtPtr> branches;
  std::vector<size_t> counts;
  for (auto *l : lambdas) {
    ir::StmtPtr b = lowerLambdaBody(lambdaMethod(l), 0, LambdaRole::Yield);
    const ir::Yield *y = ir::trailingYield(b);
    counts.push_back(y ? y->values().size() : 0);
    branches.push_back(b);
  }
  if (counts.size() == 2 && counts[0] != counts[1]) {
    error(lambdas[1]->getBeginLoc(), "F353",
          "the branches of pl::if_ yield different numbers of values (then: " +
              std::to_string(counts[0]) + ", else: " + std::to_string(counts[1]) +
              "); both must yield the same values");
    return;
  }
  if (counts[0] != 0 && counts.size() == 1) {
    error(call->getBeginLoc(), "F357", "pl::if_ that yields values needs an else branch");
    return;
  }
  std::vector<ir::TypePtr> types;
  if (counts[0] != 0) {
    const ir::Yield *ty = ir::trailingYield(branches[0]);
    const ir::Yield *ey = ir::trailingYield(branches[1]);
    for (size_t i = 0; i < counts[0]; ++i) {
      auto a = ty->values()[i]->type(), b = ey->values()[i]->type();
      auto *sa = ir::dynCast<ir::ShapedType>(a), *sb = ir::dynCast<ir::ShapedType>(b);
      if (a->kind() != b->kind() || ir::scalarDType(a) != ir::scalarDType(b) ||
          (sa && sb && sa->dtype() != sb->dtype()))
        error(lambdas[1]->getBeginLoc(), "F354",
              "value " + std::to_string(i) +
                  " yielded by the branches of pl::if_ has different "
                  "types in the then and else branches");
      types.push_back(a);
    }
  }
  auto rets = declareResults(bindings, types, call->getBeginLoc());
  emit(ir::If::make(cond, branches[0], branches.size() > 1 ? branches[1] : nullptr, std::move(rets),
                    span(call)));
}

void FunctionLowerer::lowerAt(const clang::CallExpr *call,
                              llvm::ArrayRef<const clang::ValueDecl *> bindings) {
  TaskIdTarget target = takeTaskIdTarget(); // not for scopes nested in the body
  ir::AttrList opts;
  const clang::LambdaExpr *lambda = nullptr;
  std::optional<ir::Level> level;
  for (auto *a : call->arguments()) {
    if (auto *l = bodyLambda(a)) {
      lambda = l;
      continue;
    }
    if (a->getType()->isEnumeralType()) {
      if (auto v = evaluateInt(a))
        for (auto *ec : a->getType()->getAs<clang::EnumType>()->getDecl()->enumerators())
          if (ec->getInitVal() == *v)
            level = ir::parseLevel(ec->getName());
      continue;
    }
    ir::ExprList ignored;
    lowerDslArg(a, ignored, opts);
  }
  if (!lambda || !lambdaMethod(lambda)) {
    error(call->getBeginLoc(), "F358",
          "pl::at takes a level or options and a body lambda [&] { ... }");
    return;
  }
  if (auto *lv = ir::findAttr(opts, "level"))
    if (auto *s = std::get_if<std::string>(lv))
      level = ir::parseLevel(*s);
  std::string nameHint;
  if (auto *nh = ir::findAttr(opts, "name_hint"))
    if (auto *s = std::get_if<std::string>(nh))
      nameHint = *s;
  ir::Level lvl = level.value_or(ir::Level::CORE_GROUP);
  ir::AttrList attrs;
  ir::ScopeKind kind = ir::ScopeKind::InCore;
  if (lvl != ir::Level::CORE_GROUP) {
    kind = ir::ScopeKind::Hierarchy;
    attrs.emplace_back("level", std::string(ir::levelName(lvl)));
    if (auto *r = ir::findAttr(opts, "role"))
      attrs.emplace_back("role", *r);
  }
  // `.optimizations`: how the compiler may split the kernel between the cube and vector cores
  // (OutlineIncoreScopes moves the attrs to the InCore function).
  for (const char *key : {"split", "slot_num"})
    if (auto *v = ir::findAttr(opts, key)) {
      if (kind != ir::ScopeKind::InCore)
        return error(call->getBeginLoc(), "F368",
                     "'.optimizations' apply to a kernel scope (pl::Level::CORE_GROUP), not to "
                     "a pl::at at level " +
                         std::string(ir::levelName(lvl)));
      attrs.emplace_back(key, *v);
    }
  // Manual dependencies on earlier scopes' task ids (uses; the scope's own task id is a binding).
  if (auto *deps = ir::findAttr(opts, "deps"))
    attrs.emplace_back("deps", *deps);
  ir::StmtPtr body = lowerLambdaBody(lambdaMethod(lambda), 0, LambdaRole::Scope);
  emit(ir::Scope::make(kind, nameHint, body, std::move(attrs), declareTaskId(bindings, target),
                       span(call)));
}

ir::VarPtr FunctionLowerer::declareTaskId(llvm::ArrayRef<const clang::ValueDecl *> bindings,
                                          const TaskIdTarget &target) {
  if (target.element)
    return target.element; // the launch of `ids[k] = ...`
  if (bindings.size() != 1)
    return nullptr;
  if (target.rebind)
    return lookupVar(bindings[0]); // a new definition of the variable (versioned by ConvertToSSA)
  return declareVar(bindings[0], ir::ScalarType::get(ir::DataType::TaskId));
}

bool FunctionLowerer::inOrchestrationCode() const {
  return !ir::isKernel(current->type) && std::find(lambdaRoles_.begin(), lambdaRoles_.end(),
                                                   LambdaRole::Scope) == lambdaRoles_.end();
}

/// `pl::scope([&] { ... })`: a runtime scope (the tasks' intermediate buffers live until its end);
/// `pl::manual_scope([&] { ... })`: one whose tasks the runtime orders only by the dependencies
/// the program names (`scope runtime [[manual = true]]`). Orchestration code only; an automatic
/// scope cannot be inside a manual one (the runtime has no such nesting).
void FunctionLowerer::lowerRuntimeScope(const clang::CallExpr *call, bool manual) {
  std::string form = manual ? "pl::manual_scope" : "pl::scope";
  const clang::LambdaExpr *lambda = call->getNumArgs() == 1 ? bodyLambda(call->getArg(0)) : nullptr;
  if (!lambda || !lambdaMethod(lambda))
    return error(call->getBeginLoc(), "F363",
                 form + " takes a body lambda: " + form + "([&] { ... })");
  if (!inOrchestrationCode())
    return error(call->getBeginLoc(), "F363",
                 form + " groups the tasks of an orchestration; it cannot be inside a kernel or "
                        "a pl::at / pl::spmd body");
  if (!manual &&
      std::find(runtimeScopes_.begin(), runtimeScopes_.end(), true) != runtimeScopes_.end())
    return error(call->getBeginLoc(), "F363",
                 "pl::scope inside pl::manual_scope: the runtime has no automatic scope inside a "
                 "manual one");
  ir::StmtPtr body;
  {
    ScopedPush<bool> inScope(runtimeScopes_, manual);
    body = lowerLambdaBody(lambdaMethod(lambda), 0, LambdaRole::RuntimeScope);
  }
  ir::AttrList attrs;
  if (manual)
    attrs.emplace_back("manual", true);
  emit(ir::Scope::make(ir::ScopeKind::Runtime, "", body, std::move(attrs), nullptr, span(call)));
}

/// The eager run calls the body once per block with pl::get_block_idx() = 0 .. n - 1; the IR's
/// Spmd scope is that launch (outlined to an Spmd function called with `core_num`).
void FunctionLowerer::lowerSpmd(const clang::CallExpr *call,
                                llvm::ArrayRef<const clang::ValueDecl *> bindings) {
  TaskIdTarget target = takeTaskIdTarget();
  unsigned n = call->getNumArgs();
  const clang::LambdaExpr *lambda = n == 2 || n == 3 ? bodyLambda(call->getArg(n - 1)) : nullptr;
  if (!lambda || !lambdaMethod(lambda)) {
    error(call->getBeginLoc(), "F359",
          "pl::spmd takes a core count, optional options and a body lambda: pl::spmd(n, [&] { "
          "... }) or pl::spmd(n, {.deps = {t}}, [&] { ... })");
    return;
  }
  ir::AttrList opts;
  if (n == 3) {
    ir::ExprList ignored;
    lowerDslArg(call->getArg(1), ignored, opts);
  }
  ir::ExprPtr coreNum = lowerExpr(call->getArg(0));
  if (auto c = ir::constIntValue(coreNum); c && *c < 1) {
    error(call->getArg(0)->getBeginLoc(), "F359",
          "pl::spmd core count must be >= 1, got " + std::to_string(*c));
    return;
  }
  ir::StmtPtr body = lowerLambdaBody(lambdaMethod(lambda), 0, LambdaRole::Scope);
  ir::AttrList attrs{{"core_num", coreNum}};
  if (auto *deps = ir::findAttr(opts, "deps"))
    attrs.emplace_back("deps", *deps);
  emit(ir::Scope::make(ir::ScopeKind::Spmd, "", body, std::move(attrs),
                       declareTaskId(bindings, target), span(call)));
}

void FunctionLowerer::lowerSubmit(const clang::CallExpr *call,
                                  llvm::ArrayRef<const clang::ValueDecl *> bindings) {
  TaskIdTarget target = takeTaskIdTarget();
  clang::SourceLocation loc = call->getBeginLoc();
  llvm::ArrayRef<const clang::Expr *> args(call->getArgs(), call->getNumArgs());
  ir::AttrList opts;
  if (!args.empty() && args.front()->getType()->getAsCXXRecordDecl() &&
      args.front()->getType()->getAsCXXRecordDecl()->getName() == "SubmitOptions") {
    ir::ExprList ignored;
    lowerDslArg(args.front(), ignored, opts);
    args = args.drop_front();
  }
  const clang::FunctionDecl *fd = nullptr;
  if (!args.empty())
    if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(args.front()->IgnoreParenImpCasts()))
      fd = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
  auto it = fd ? callees().find(fd->getCanonicalDecl()) : callees().end();
  if (it == callees().end() ||
      !(ir::isKernel(it->second.type) || it->second.type == ir::FunctionType::Graph))
    return error(args.empty() ? loc : args.front()->getBeginLoc(), "F365",
                 "pl::submit launches a kernel or a Graph function: its first argument (after the "
                 "options) must name a PL_FUNCTION of type InCore, AIC, AIV or Graph");
  if (!inOrchestrationCode())
    return error(loc, "F365",
                 "pl::submit is a task launch of an orchestration; it cannot be inside a kernel "
                 "or a pl::at / pl::spmd body");
  if (!fd->getReturnType()->isVoidType())
    return error(args.front()->getBeginLoc(), "F365",
                 "pl::submit launches kernel '" + fd->getNameAsString() +
                     "', which returns a value; a task returns nothing: write its results "
                     "through pl::Out / pl::InOut parameters");
  KernelCallParts parts = lowerMarkedCallArgs(fd, it->second, args.drop_front());
  if (!parts.type)
    return; // the callee's return type is already explained
  ir::ExprList deps;
  if (auto *d = ir::findAttr(opts, "deps"))
    if (auto *list = std::get_if<ir::ExprList>(d))
      deps = *list;
  ir::TypePtr t = ir::submitResultType(parts.type);
  auto launch = std::make_shared<const ir::Submit>(
      ir::CallTarget{nullptr, it->second.name}, std::move(parts.args), std::move(deps), nullptr,
      false, false, nullptr, std::move(parts.attrs), t, span(loc));
  ir::VarPtr task = ir::Var::make(it->second.name + "_task", t, span(loc));
  emit(ir::Assign::make(task, launch, span(loc)));
  if (ir::VarPtr tid = declareTaskId(bindings, target)) {
    auto n = static_cast<int64_t>(ir::dynCast<ir::TupleType>(t)->elements().size()) - 1;
    emit(ir::Assign::make(tid, ir::TupleGetItem::make(task, n, span(loc)), span(loc)));
  }
}

} // namespace pl::translator
