// Reads the pl.* annotations: marked functions (PL_FUNCTION / PL_JIT / PL_INLINE, PL_PROGRAM
// members) and the IR op of each DSL operation (PL_DSL_OP).
#include "translator/marked_functions.h"
#include "translator/source_location.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/SaveAndRestore.h"

#include <map>

namespace pl::translator {

std::optional<std::string> annotationString(const clang::AnnotateAttr *a, unsigned i) {
  if (i >= a->args_size())
    return std::nullopt;
  const clang::Expr *e = a->args_begin()[i]->IgnoreParenImpCasts();
  if (auto *ce = llvm::dyn_cast<clang::ConstantExpr>(e))
    e = ce->getSubExpr()->IgnoreParenImpCasts();
  if (auto *sl = llvm::dyn_cast<clang::StringLiteral>(e))
    return sl->getString().str();
  // PL_FUNCTION(pl::FunctionType::X) passes an enumerator: its name is the type.
  if (auto *et = e->getType()->getAs<clang::EnumType>()) {
    clang::Expr::EvalResult r;
    if (e->EvaluateAsInt(r, et->getDecl()->getASTContext()))
      for (auto *ec : et->getDecl()->enumerators())
        if (ec->getInitVal() == r.Val.getInt())
          return ec->getName().str();
  }
  return std::nullopt;
}

std::optional<std::string> dslOp(const clang::FunctionDecl *fd) {
  // An instantiation carries its template's attributes; look at the pattern too.
  const clang::FunctionDecl *pattern = fd->getTemplateInstantiationPattern();
  for (const clang::FunctionDecl *d : {fd, pattern})
    if (d)
      for (auto *a : d->specific_attrs<clang::AnnotateAttr>())
        if (a->getAnnotation() == kDslOpAnnotation)
          return annotationString(a, 0);
  return std::nullopt;
}

namespace {

bool isProgramStruct(const clang::CXXRecordDecl *rd) {
  if (!rd)
    return false;
  for (auto *a : rd->specific_attrs<clang::AnnotateAttr>())
    if (a->getAnnotation() == "pl.program")
      return true;
  return false;
}

class Collector : public clang::RecursiveASTVisitor<Collector> {
public:
  Collector(clang::ASTContext &ctx, ir::DiagnosticEngine &diags) : ctx_(ctx), diags_(diags) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// With SkipCachedPch, a declaration loaded from the PCH comes from a pl header, which marks
  /// no function (translator.PchCache.PlHeadersMarkNoFunction checks). Instantiations the user's
  /// code makes of its own templates are not loaded; they are reached from those templates.
  bool TraverseDecl(clang::Decl *d) {
    if (skipPch_ && d && d->isFromASTFile())
      return true;
    auto *fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    llvm::SaveAndRestore<bool> inMarked(inMarked_, inMarked_ || (fd && isMarked(fd)));
    return RecursiveASTVisitor::TraverseDecl(d);
  }

  /// A function named outside the marked functions' bodies: host code may call it.
  bool VisitDeclRefExpr(clang::DeclRefExpr *dr) {
    if (!inMarked_)
      if (auto *fd = llvm::dyn_cast<clang::FunctionDecl>(dr->getDecl()))
        hostNamed.insert(fd->getCanonicalDecl());
    return true;
  }

  /// The translation unit's declarations that are in memory (parsed from text), as
  /// TraverseDecl(TU) visits them: `decls()` would first load every top-level declaration of
  /// the PCH. Lambda classes are reached from their LambdaExpr.
  void traverseInMemory(clang::TranslationUnitDecl *tu) {
    skipPch_ = true;
    for (clang::Decl *d : tu->noload_decls())
      if (auto *rd = llvm::dyn_cast<clang::CXXRecordDecl>(d); !rd || !rd->isLambda())
        TraverseDecl(d);
  }

  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() || fd->isDependentContext())
      return true;
    std::optional<MarkedFunction> m;
    for (auto *a : fd->specific_attrs<clang::AnnotateAttr>())
      m = fromAttr(fd, a, m);
    if (!m)
      return true;
    m->decl = fd;
    if (auto *md = llvm::dyn_cast<clang::CXXMethodDecl>(fd); md && isProgramStruct(md->getParent()))
      m->program = md->getParent();
    m->name = irFunctionName(fd);
    if (!seen_.insert(fd->getCanonicalDecl()).second)
      return true;
    out.push_back(std::move(*m));
    return true;
  }

  std::vector<MarkedFunction> out;
  llvm::SmallPtrSet<const clang::Decl *, 16> hostNamed;

private:
  static bool isMarked(const clang::FunctionDecl *fd) {
    for (auto *a : fd->specific_attrs<clang::AnnotateAttr>())
      if (a->getAnnotation().starts_with("pl.") && a->getAnnotation() != kDslOpAnnotation)
        return true;
    return false;
  }

  std::optional<MarkedFunction> fromAttr(clang::FunctionDecl *fd, const clang::AnnotateAttr *a,
                                         std::optional<MarkedFunction> m) {
    llvm::StringRef ann = a->getAnnotation();
    if (!ann.starts_with("pl.") || ann == kDslOpAnnotation) // an op of the DSL itself
      return m;
    if (!m)
      m.emplace();
    if (ann == "pl.jit") {
      m->jit = true;
      m->type = ir::FunctionType::Opaque;
    } else if (ann == "pl.inline") {
      m->type = ir::FunctionType::Inline;
    } else if (ann == "pl.function") {
      auto kind = annotationString(a, 0);
      auto t = kind ? ir::parseFunctionType(*kind) : std::nullopt;
      if (!t)
        diags_.error("F001", toSpan(ctx_.getSourceManager(), a->getLocation()),
                     "unknown function type in PL_FUNCTION on '" + fd->getNameAsString() +
                         "'; expected one of Opaque, Orchestration, InCore, AIC, AIV, Group, "
                         "Spmd, Inline, Graph");
      else
        m->type = *t;
    } else if (ann != "pl.program") {
      diags_.error("F002", toSpan(ctx_.getSourceManager(), a->getLocation()),
                   "unknown pl annotation '" + ann.str() + "'");
    }
    return m;
  }

  clang::ASTContext &ctx_;
  ir::DiagnosticEngine &diags_;
  llvm::SmallPtrSet<const clang::Decl *, 16> seen_;
  bool skipPch_ = false;
  bool inMarked_ = false; ///< inside a marked function (its body is not host code)
};

void appendSanitized(std::string &out, llvm::StringRef s) {
  for (char c : s) {
    bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    if (ok)
      out += c;
    else if (!out.empty() && out.back() != '_')
      out += '_';
  }
  while (!out.empty() && out.back() == '_')
    out.pop_back();
}

} // namespace

std::string irFunctionName(const clang::FunctionDecl *fd) {
  std::string name = fd->getNameAsString();
  if (auto *args = fd->getTemplateSpecializationArgs()) {
    std::string printed;
    llvm::raw_string_ostream os(printed);
    clang::PrintingPolicy pp(fd->getASTContext().getLangOpts());
    pp.SuppressScope = true;
    for (const auto &arg : args->asArray()) {
      os << "_";
      arg.print(pp, os, /*IncludeType=*/false);
    }
    os.flush();
    appendSanitized(name, printed);
  }
  return name;
}

std::vector<MarkedFunction> collectMarkedFunctions(clang::ASTContext &ctx,
                                                   ir::DiagnosticEngine &diags,
                                                   MarkedFunctionScope scope) {
  Collector c(ctx, diags);
  if (scope == MarkedFunctionScope::SkipCachedPch)
    c.traverseInMemory(ctx.getTranslationUnitDecl());
  else
    c.TraverseDecl(ctx.getTranslationUnitDecl());
  std::map<std::string, const MarkedFunction *> byName;
  for (auto &m : c.out)
    m.hostNamed = c.hostNamed.contains(m.decl->getCanonicalDecl());
  for (auto &m : c.out) {
    auto [it, inserted] = byName.emplace(m.name, &m);
    if (inserted)
      continue;
    auto &sm = ctx.getSourceManager();
    ir::Diagnostic d{ir::Severity::Error, "F003",
                     "marked function name '" + m.name + "' is defined twice; names of marked "
                     "functions must be unique in a translation unit",
                     toSpan(sm, m.decl->getLocation()), {}};
    d.notes.push_back({toSpan(sm, it->second->decl->getLocation()), "previous definition is here"});
    diags.report(std::move(d));
  }
  return std::move(c.out);
}

} // namespace pl::translator
