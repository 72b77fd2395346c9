// Source rewriting of the main file: entry bodies → calls into the appended generated code.
#include "translator/rewrite.h"

#include "translator/source_location.h"

#include "passes/wrap_entry_points.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <map>
#include <set>

namespace pl::translator {

namespace {

std::string quoted(llvm::StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

/// `::ns::f<A, B>` for an instantiation or plain function (what the backend's host glue compares).
std::string qualifiedInstanceName(const clang::FunctionDecl *fd) {
  std::string s;
  llvm::raw_string_ostream os(s);
  clang::PrintingPolicy pp(fd->getASTContext().getLangOpts());
  pp.FullyQualifiedName = true;
  pp.SuppressScope = false;
  fd->getNameForDiagnostic(os, pp, /*Qualified=*/true);
  os.flush();
  return "::" + s;
}

/// The name a template's own body uses for the current instantiation: `::ns::f<P1, Ps...>`.
std::string selfReference(const clang::FunctionDecl *pattern) {
  std::string name = "::" + pattern->getQualifiedNameAsString();
  auto *tmpl = pattern->getDescribedFunctionTemplate();
  if (!tmpl)
    return name;
  name += "<";
  bool first = true;
  for (const clang::NamedDecl *p : *tmpl->getTemplateParameters()) {
    name += first ? "" : ", ";
    first = false;
    name += p->getNameAsString();
    if (p->isParameterPack())
      name += "...";
  }
  return name + ">";
}

/// The replacement body; keeps the original number of lines so later lines do not move.
std::string replacementBody(const clang::FunctionDecl *pattern, const RewriteOptions &opts,
                            const emit::Backend &backend, unsigned lines) {
  emit::HostEntryBody entry;
  entry.self = selfReference(pattern);
  for (const clang::ParmVarDecl *p : pattern->parameters())
    entry.params.push_back(p->getNameAsString());
  std::string s = "{ " + backend.hostEntryBody(opts.generatedNamespace, entry);
  s += std::string(lines > 0 ? lines - 1 : 0, '\n');
  return s + " }";
}

} // namespace

std::vector<EntryPoint> entryPoints(const std::vector<MarkedFunction> &marked,
                                    const ir::Program &final) {
  std::map<std::string, std::string, std::less<>> orchestrationOf;
  for (const ir::FunctionPtr &f : final.functions())
    if (f->type() == ir::FunctionType::Orchestration)
      if (auto *v = ir::findAttr(f->attrs(), passes::kHostEntryAttr))
        if (auto *name = std::get_if<std::string>(v))
          orchestrationOf.emplace(*name, f->name());
  std::vector<EntryPoint> entries;
  for (const MarkedFunction &m : marked)
    if (auto it = orchestrationOf.find(m.name); it != orchestrationOf.end())
      entries.push_back({m.decl, it->second});
  return entries;
}

std::optional<std::string> rewriteMainFile(clang::ASTContext &ctx,
                                           const std::vector<EntryPoint> &entries,
                                           const RewriteOptions &opts,
                                           const emit::Backend &backend,
                                           ir::DiagnosticEngine &diags) {
  clang::SourceManager &sm = ctx.getSourceManager();
  clang::Rewriter rw(sm, ctx.getLangOpts());
  std::set<const clang::FunctionDecl *> done;
  std::vector<emit::HostEntry> hostEntries;
  for (const EntryPoint &e : entries) {
    const clang::FunctionDecl *pattern = e.decl->getTemplateInstantiationPattern();
    if (!pattern)
      pattern = e.decl;
    hostEntries.push_back({qualifiedInstanceName(e.decl), e.orchestration});
    if (!done.insert(pattern).second)
      continue;
    for (const clang::ParmVarDecl *p : pattern->parameters())
      if (p->getName().empty()) {
        diags.error("R001", toSpan(sm, p->getLocation()),
                    "parameters of a translated function must be named");
        return std::nullopt;
      }
    clang::SourceRange body = pattern->getBody()->getSourceRange();
    if (!body.getBegin().isFileID() || !body.getEnd().isFileID()) {
      diags.error("R002", toSpan(sm, pattern->getLocation()),
                  "the body of '" + pattern->getNameAsString() +
                      "' comes from a macro expansion and cannot be rewritten");
      return std::nullopt;
    }
    unsigned lines = sm.getSpellingLineNumber(body.getEnd()) -
                     sm.getSpellingLineNumber(body.getBegin()) + 1;
    rw.ReplaceText(body, replacementBody(pattern, opts, backend, lines));
  }
  clang::FileID main = sm.getMainFileID();
  std::string file = sm.getFileEntryRefForID(main)->getName().str();
  std::string head = backend.hostPrologue(opts.generatedNamespace) + "#line 1 " + quoted(file) + "\n";
  rw.InsertTextBefore(sm.getLocForStartOfFile(main), head);
  std::string out;
  if (const clang::RewriteBuffer *buf = rw.getRewriteBufferFor(main))
    out.assign(buf->begin(), buf->end());
  else
    out = sm.getBufferData(main).str();
  if (!out.empty() && out.back() != '\n')
    out += '\n';
  size_t lineNo = static_cast<size_t>(std::count(out.begin(), out.end(), '\n')) + 3;
  out += "\n#line " + std::to_string(lineNo) + " " + quoted(opts.outputName) + "\n";
  out += "// ---- generated by pl-translate: do not edit ----\n";
  out += opts.generatedCode;
  out += backend.hostEpilogue(opts.generatedNamespace, hostEntries);
  return out;
}

std::vector<std::string> inputDependencies(clang::ASTContext &ctx,
                                           const std::vector<std::string> &pchInputs) {
  clang::SourceManager &sm = ctx.getSourceManager();
  std::string main = sm.getFileEntryRefForID(sm.getMainFileID())->getName().str();
  // The SourceManager's file table is a hash map keyed by pointers: its order changes from run
  // to run. Sorting makes the depfile reproducible.
  std::set<std::string> headers(pchInputs.begin(), pchInputs.end());
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
    headers.insert(it->first.getName().str());
  headers.erase(main);
  std::vector<std::string> deps{main};
  deps.insert(deps.end(), headers.begin(), headers.end());
  return deps;
}

} // namespace pl::translator
