// F375: a write into a plain (input) tensor parameter. The parameter is a handle onto the
// caller's tensor, so eagerly pl::store / pl::assemble / pl::write into it, or passing it (or a
// view of it) to a callee's pl::Out / pl::InOut parameter, changes the caller's tensor; the
// translated program writes back only through Out / InOut parameters and would lose the write.
// Each such write is an error at its line, with a fix-it declaring the parameter pl::InOut and a
// note at the parameter. The buffers are followed by identity (IR variables), not by name.
#include "translator/function_lowerer.h"
#include "translator/source_location.h"

#include "ir/op_registry.h"
#include "passes/utils/buffer_aliases.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

namespace pl::translator {

namespace {

/// The source text of `p`'s declared value type (without references and qualifiers) and the
/// fix-it replacing its whole declared type with `pl::InOut<that type>`; no fix-it when the
/// type is spelled inside a macro.
std::pair<std::string, std::vector<ir::FixIt>> inOutFixIt(const clang::ParmVarDecl *p,
                                                          const clang::ASTContext &ctx) {
  std::string fallback =
      p->getType().getNonReferenceType().getUnqualifiedType().getAsString(ctx.getPrintingPolicy());
  const clang::TypeSourceInfo *tsi = p->getTypeSourceInfo();
  if (!tsi)
    return {fallback, {}};
  clang::TypeLoc whole = tsi->getTypeLoc(), inner = whole;
  if (auto ref = inner.getAs<clang::ReferenceTypeLoc>())
    inner = ref.getPointeeLoc();
  inner = inner.getUnqualifiedLoc();
  const clang::SourceManager &sm = ctx.getSourceManager();
  const clang::LangOptions &lo = ctx.getLangOpts();
  clang::SourceRange innerRange = inner.getSourceRange();
  if (innerRange.isInvalid() || innerRange.getBegin().isMacroID() ||
      innerRange.getEnd().isMacroID())
    return {fallback, {}};
  std::string text =
      clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(innerRange), sm, lo).str();
  if (text.empty())
    return {fallback, {}};
  clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(whole.getEndLoc(), 0, sm, lo);
  std::vector<ir::FixIt> fixits;
  if (auto f = makeFixIt(sm, clang::CharSourceRange::getCharRange(p->getBeginLoc(), end),
                         "pl::InOut<" + text + ">"))
    fixits.push_back(std::move(*f));
  return {text, std::move(fixits)};
}

} // namespace

void FunctionLowerer::trackInputParam(const clang::ParmVarDecl *p, const ir::Var *v,
                                      ir::ParamDirection dir) {
  if (dir == ir::ParamDirection::In && ir::isa<ir::TensorType>(v->type()))
    inputBuffers_[v] = p;
}

const clang::ParmVarDecl *FunctionLowerer::inputBuffer(const ir::ExprPtr &e) const {
  if (inputBuffers_.empty())
    return nullptr;
  if (auto *v = ir::dynCast<ir::Var>(e)) {
    auto it = inputBuffers_.find(v);
    return it == inputBuffers_.end() ? nullptr : it->second;
  }
  auto *c = ir::dynCast<ir::Call>(e);
  if (!c || !c->target().isOp())
    return nullptr;
  std::optional<int> from = c->target().op->outputAliasesArg;
  if (!from && passes::isTensorViewOp(*c->target().op))
    from = 0;
  if (!from || static_cast<size_t>(*from) >= c->args().size())
    return nullptr;
  return inputBuffer(c->args()[static_cast<size_t>(*from)]);
}

void FunctionLowerer::noteInputBufferCopy(const ir::Var &var, const ir::ExprPtr &value,
                                          bool replaces) {
  if (const clang::ParmVarDecl *p = inputBuffer(value))
    inputBuffers_[&var] = p;
  else if (replaces)
    inputBuffers_.erase(&var);
}

void FunctionLowerer::noteInputBufferFlow(const ir::Stmt &s) {
  if (inputBuffers_.empty())
    return;
  auto carries = [&](const std::vector<ir::IterArg> &iters, const std::vector<ir::VarPtr> &rets) {
    for (size_t i = 0; i < iters.size(); ++i) {
      noteInputBufferCopy(*iters[i].var, iters[i].init, false);
      if (i < rets.size())
        noteInputBufferCopy(*rets[i], iters[i].init, false);
    }
  };
  // Straight-line code of the body (no enclosing branch, loop or scope body) runs every
  // assignment once, in order: it replaces what the variable named. Elsewhere it may not run.
  if (auto *a = ir::dynCast<ir::Assign>(&s))
    noteInputBufferCopy(*a->var(), a->value(), blocks_.size() == 1);
  else if (auto *f = ir::dynCast<ir::For>(&s))
    carries(f->iterArgs(), f->returnVars());
  else if (auto *w = ir::dynCast<ir::While>(&s))
    carries(w->iterArgs(), w->returnVars());
}

void FunctionLowerer::checkOpInputWrites(const ir::ExprPtr &call, const std::string &name,
                                         clang::SourceLocation loc) {
  auto *c = ir::dynCast<ir::Call>(call);
  if (!c || !c->target().isOp() || inputBuffers_.empty())
    return;
  for (size_t i = 0; i < c->args().size(); ++i)
    if (ir::writesArg(*c->target().op, i, c->kwargs()))
      if (const clang::ParmVarDecl *p = inputBuffer(c->args()[i]))
        return reportInputWrite(c->args()[i], p, "pl::" + name, loc); // one error per call
}

void FunctionLowerer::checkCalleeInputWrite(const ir::ExprPtr &arg, const clang::ParmVarDecl *param,
                                            const clang::FunctionDecl *callee,
                                            clang::SourceLocation loc) {
  ir::ParamDirection dir = declaredDirection(param->getType());
  if (dir == ir::ParamDirection::In || isPoisoned(arg))
    return;
  if (const clang::ParmVarDecl *p = inputBuffer(arg))
    reportInputWrite(arg, p,
                     "'" + callee->getNameAsString() + "' (through its " +
                         (dir == ir::ParamDirection::Out ? "pl::Out" : "pl::InOut") +
                         " parameter '" + param->getNameAsString() + "')",
                     loc);
}

void FunctionLowerer::reportInputWrite(const ir::ExprPtr &target, const clang::ParmVarDecl *p,
                                       const std::string &writer, clang::SourceLocation loc) {
  std::string name = p->getNameAsString();
  std::string fn = current->decl->getNameAsString();
  std::string subject;
  if (auto *v = ir::dynCast<ir::Var>(target); v && v == lookupVar(p).get())
    subject = "'" + name + "' is an input parameter of '" + fn + "'";
  else if (v)
    subject = "'" + v->name() + "' names input parameter '" + name + "' of '" + fn +
              "' (or a view of it)";
  else
    subject = "this is a view of input parameter '" + name + "' of '" + fn + "'";
  auto [type, fixits] = inOutFixIt(p, ctx_);
  ir::Diagnostic d{ir::Severity::Error,
                   "F375",
                   subject + ": " + writer +
                       " writes into the caller's tensor; only pl::Out / pl::InOut parameters "
                       "may be written (the translated program would lose the write): declare it "
                       "pl::InOut<" +
                       type + ">",
                   span(loc),
                   {},
                   std::move(fixits)};
  d.notes.emplace_back(span(p->getLocation()), "input parameter '" + name + "' is declared here");
  diags_.report(std::move(d));
}

} // namespace pl::translator
