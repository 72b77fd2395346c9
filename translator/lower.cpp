// Translation-unit and function-level lowering, and helpers shared by the lowering files.
#include "translator/lower.h"
#include "translator/function_lowerer.h"
#include "translator/source_location.h"

#include "ir/find.h"
#include "passes/wrap_entry_points.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>

namespace pl::translator {

bool isInPlNamespace(const clang::Decl *d) {
  for (const clang::DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc); ns && ns->getName() == "pl" &&
                                                              ns->getParent()->isTranslationUnit())
      return true;
  return false;
}

const clang::Expr *stripTemporaries(const clang::Expr *e) {
  while (true) {
    e = e->IgnoreParenImpCasts();
    if (auto *x = llvm::dyn_cast<clang::ExprWithCleanups>(e))
      e = x->getSubExpr();
    else if (auto *x = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e))
      e = x->getSubExpr();
    else if (auto *x = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e))
      e = x->getSubExpr();
    else if (auto *x = llvm::dyn_cast<clang::CXXStdInitializerListExpr>(e))
      e = x->getSubExpr();
    else if (auto *x = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(e))
      e = x->getSubExpr();
    else if (auto *x = llvm::dyn_cast<clang::ConstantExpr>(e))
      e = x->getSubExpr();
    else if (auto *x = llvm::dyn_cast<clang::CXXConstructExpr>(e);
             x && x->getNumArgs() == 1 && x->getConstructor()->isCopyOrMoveConstructor())
      e = x->getArg(0);
    else
      return e;
  }
}

const clang::CallExpr *plCall(const clang::Expr *e) {
  auto *call = llvm::dyn_cast<clang::CallExpr>(stripTemporaries(e));
  if (!call || llvm::isa<clang::CXXOperatorCallExpr>(call) || !call->getDirectCallee() ||
      !isInPlNamespace(call->getDirectCallee()))
    return nullptr;
  return call;
}

const clang::Expr *peelConversion(const clang::Expr *e) {
  const clang::Expr *s = e->IgnoreParens();
  while (true) {
    if (auto *x = llvm::dyn_cast<clang::ExprWithCleanups>(s))
      s = x->getSubExpr()->IgnoreParens();
    else if (auto *x = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(s))
      s = x->getSubExpr()->IgnoreParens();
    else if (auto *x = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(s))
      s = x->getSubExpr()->IgnoreParens();
    else if (auto *x = llvm::dyn_cast<clang::ImplicitCastExpr>(s);
             x && (x->getCastKind() == clang::CK_ConstructorConversion ||
                   x->getCastKind() == clang::CK_NoOp))
      s = x->getSubExpr()->IgnoreParens();
    else
      break;
  }
  auto *ce = llvm::dyn_cast<clang::CXXConstructExpr>(s);
  if (!ce || ce->getNumArgs() == 0 || llvm::isa<clang::CXXTemporaryObjectExpr>(ce))
    return e;
  for (unsigned i = 1; i < ce->getNumArgs(); ++i)
    if (!llvm::isa<clang::CXXDefaultArgExpr>(ce->getArg(i)))
      return e;
  const clang::CXXConstructorDecl *ctor = ce->getConstructor();
  if (ctor->isCopyOrMoveConstructor() || !ctor->isConvertingConstructor(false) ||
      !isInPlNamespace(ctor))
    return e;
  return ce->getArg(0);
}

const clang::CXXMethodDecl *lambdaMethod(const clang::LambdaExpr *l) {
  const clang::CXXMethodDecl *op = l->getCallOperator();
  if (auto *tmpl = op->getDescribedFunctionTemplate()) {
    for (auto *spec : tmpl->specializations())
      if (spec->hasBody())
        return llvm::cast<clang::CXXMethodDecl>(spec);
    return nullptr;
  }
  return op;
}

std::string calleeName(const clang::CallExpr *call) {
  if (auto *fd = call->getDirectCallee())
    return fd->getNameAsString();
  return {};
}

ir::StmtPtr BlockGuard::finish(const ir::Span &s) {
  done_ = true;
  auto stmts = std::move(l_.blocks_.back());
  l_.blocks_.pop_back();
  return ir::Seq::flatten(std::move(stmts), s);
}

ir::Span FunctionLowerer::span(clang::SourceLocation loc) const {
  return toSpan(ctx_.getSourceManager(), loc);
}

void FunctionLowerer::error(clang::SourceLocation loc, const std::string &code,
                            const std::string &msg, std::vector<ir::FixIt> fixits) {
  diags_.report({ir::Severity::Error, code, msg, span(loc), {}, std::move(fixits)});
}

void FunctionLowerer::warning(clang::SourceLocation loc, const std::string &code,
                              const std::string &msg) {
  diags_.warning(code, span(loc), msg);
}

ir::ExprPtr FunctionLowerer::errorExpr(clang::SourceLocation loc, const std::string &code,
                                       const std::string &msg, std::vector<ir::FixIt> fixits) {
  error(loc, code, msg, std::move(fixits));
  return poison(loc);
}

void FunctionLowerer::declarePoisoned(const clang::ValueDecl *d) {
  ir::VarPtr v = declareVar(d, ir::UnknownType::get());
  poison_.insert(v.get());
  poisonAlive_.push_back(v);
}

bool FunctionLowerer::isPoisoned(const ir::ExprPtr &e) const {
  if (poison_.count(e.get()))
    return true;
  if (auto *t = ir::dynCast<ir::MakeTuple>(e))
    return std::any_of(t->elements().begin(), t->elements().end(),
                       [&](const ir::ExprPtr &x) { return isPoisoned(x); });
  if (auto *b = ir::dynCast<ir::Binary>(e))
    return isPoisoned(b->lhs()) || isPoisoned(b->rhs());
  if (auto *u = ir::dynCast<ir::Unary>(e))
    return isPoisoned(u->operand());
  return false;
}

ir::ExprPtr FunctionLowerer::poison(clang::SourceLocation loc) {
  ir::ExprPtr p = ir::ConstInt::make(0, ir::DataType::Index, span(loc));
  poison_.insert(p.get());
  poisonAlive_.push_back(p);
  return p;
}

ir::FunctionPtr FunctionLowerer::lowerFunction(const MarkedFunction &m) {
  current = &m;
  const clang::FunctionDecl *fd = m.decl;
  if (auto *md = llvm::dyn_cast<clang::CXXMethodDecl>(fd); md && !md->isStatic())
    error(fd->getLocation(), "F004",
          "marked member function '" + fd->getNameAsString() +
              "' must be static; program members are called without an object");
  std::vector<ir::Param> params;
  for (const clang::ParmVarDecl *p : fd->parameters()) {
    ir::ParamDirection dir = ir::ParamDirection::In;
    ir::TypePtr t = lowerType(p->getType(), p->getLocation(), &dir);
    params.push_back({declareVar(p, t), dir});
    paramDirections_[p] = dir;
    trackInputParam(p, params.back().var.get(), dir);
  }
  std::vector<ir::TypePtr> rets;
  if (!fd->getReturnType()->isVoidType()) {
    rets.push_back(lowerType(fd->getReturnType(), fd->getLocation()));
    returnTypeFailed_ = ir::isa<ir::UnknownType>(rets.back());
  }
  unsigned errorsBefore = diags_.errorCount();
  BlockGuard block(*this);
  lowerStmt(fd->getBody());
  ir::StmtPtr body = block.finish(span(fd->getBody()));
  if (diags_.errorCount() == errorsBefore) // a body with errors may not have lowered its writes
    reportUnwrittenOutputs(fd);
  // Host code calls every marked, non-Inline function of the main file (WrapEntryPoints gives
  // each an orchestration; the rewriter replaces its body) — a Group or Spmd function, or a
  // kernel using cross-core pipes (it runs only inside its Group), only when host code names it:
  // those run as one task of an orchestration that calls them (and a host call of one is F501).
  const clang::SourceManager &sm = ctx_.getSourceManager();
  ir::AttrList attrs;
  bool taskOnly =
      m.type == ir::FunctionType::Group || m.type == ir::FunctionType::Spmd || usesPipes_;
  if (m.type != ir::FunctionType::Inline && (!taskOnly || m.hostNamed) &&
      sm.isInMainFile(sm.getExpansionLoc(fd->getLocation())))
    attrs.emplace_back(passes::kHostEntryAttr, m.name);
  return ir::Function::make(m.name, m.type, std::move(params), std::move(rets), std::move(body),
                            std::nullopt, std::nullopt, std::move(attrs), span(fd->getLocation()));
}

void FunctionLowerer::reportUnwrittenOutputs(const clang::FunctionDecl *fd) {
  if (usesPipes_)
    return; // a Group's kernel: another kernel of the Group may write the output
  for (const clang::ParmVarDecl *p : fd->parameters()) {
    auto dir = paramDirections_.find(p);
    if (dir == paramDirections_.end() || dir->second == ir::ParamDirection::In ||
        referenced_.count(p))
      continue;
    bool out = dir->second == ir::ParamDirection::Out;
    warning(p->getLocation(), "F370",
            std::string(out ? "output" : "in-out") + " parameter '" + p->getNameAsString() +
                "' of '" + fd->getNameAsString() + "' is never " +
                (out ? "written: the caller's value is left unchanged; store into it "
                       "(pl::store(tile, offsets, " +
                           p->getNameAsString() + ")) or make it an input"
                     : "read or written; drop it or make it an input"));
  }
}

namespace {

/// F325: a marked function that calls itself, directly or through other marked functions. The
/// IR has no recursion (kernels and orchestrations run as tasks without a call stack, Inline
/// functions are spliced into their callers), and without this check a recursive call reaches
/// the emitter (or InlineFunctions) with a message about the IR, not about the program. One
/// error per cycle, at the call that closes it.
class RecursionFinder {
public:
  RecursionFinder(const std::vector<ir::FunctionPtr> &functions, ir::DiagnosticEngine &diags)
      : diags_(diags) {
    for (auto &f : functions)
      graph_[f->name()];
    for (auto &f : functions)
      ir::forEachCall(*f, [&](const ir::CallTarget &t, const ir::Span &span) {
        if (!t.isOp() && graph_.count(t.function))
          graph_[f->name()].emplace_back(t.function, span);
      });
  }
  void run() {
    for (auto &entry : graph_)
      if (!done_.count(entry.first))
        visit(entry.first);
  }

private:
  void visit(const std::string &u) {
    onStack_.insert(u);
    stack_.push_back(u);
    for (auto &[v, span] : graph_[u]) {
      if (onStack_.count(v))
        report(v, span);
      else if (!done_.count(v))
        visit(v);
    }
    stack_.pop_back();
    onStack_.erase(u);
    done_.insert(u);
  }
  void report(const std::string &v, const ir::Span &span) {
    std::string cycle;
    for (auto it = std::find(stack_.begin(), stack_.end(), v); it != stack_.end(); ++it)
      cycle += "'" + *it + "' -> ";
    cycle += "'" + v + "'";
    std::string who = stack_.back() == v ? "'" + v + "' calls itself" : "recursive calls " + cycle;
    diags_.error("F325", span,
                 who + "; marked functions cannot recurse (kernels and orchestrations run as "
                       "tasks without a call stack, PL_INLINE helpers are spliced into their "
                       "callers): write the repetition as a loop (pl::range or pl::while_)");
  }

  ir::DiagnosticEngine &diags_;
  std::map<std::string, std::vector<std::pair<std::string, ir::Span>>> graph_;
  std::set<std::string> onStack_, done_;
  std::vector<std::string> stack_;
};

} // namespace

ir::ProgramPtr lowerTranslationUnit(clang::ASTContext &ctx, ir::DiagnosticEngine &diags,
                                    std::vector<MarkedFunction> &marked,
                                    MarkedFunctionScope scope) {
  marked = collectMarkedFunctions(ctx, diags, scope);
  CalleeTable callees;
  {
    FunctionLowerer sig(ctx, diags, callees);
    for (auto &m : marked) {
      CalleeInfo info{m.name, m.type, {}};
      if (!m.decl->getReturnType()->isVoidType())
        info.returnTypes.push_back(sig.lowerType(m.decl->getReturnType(), m.decl->getLocation()));
      callees[m.decl->getCanonicalDecl()] = std::move(info);
    }
  }
  std::vector<ir::FunctionPtr> functions;
  for (auto &m : marked) {
    FunctionLowerer fl(ctx, diags, callees);
    if (auto f = fl.lowerFunction(m))
      functions.push_back(std::move(f));
  }
  auto &sm = ctx.getSourceManager();
  std::string name = "program";
  if (auto fe = sm.getFileEntryRefForID(sm.getMainFileID()))
    name = llvm::sys::path::stem(fe->getName()).str();
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  if (!diags.hasErrors())
    RecursionFinder(functions, diags).run();
  if (diags.hasErrors())
    return nullptr;
  return ir::Program::make(name, std::move(functions));
}

} // namespace pl::translator
