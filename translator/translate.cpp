// One file through the whole translator: the default pipeline (WrapEntryPoints first), emission
// through the platform's backend and source rewriting.
#include "translator/translate.h"
#include "translator/rewrite.h"
#include "translator/source_location.h"

#include "emit/backend.h"
#include "ir/printer.h"
#include "passes/pipeline.h"
#include "passes/utils/soc.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace pl::translator {

namespace {

emit::EmitPart partOf(EmitKind k) {
  switch (k) {
  case EmitKind::Kernels:
    return emit::EmitPart::Kernels;
  case EmitKind::Orchestration:
    return emit::EmitPart::Orchestration;
  case EmitKind::PtoAs:
    return emit::EmitPart::Assembly;
  default:
    return emit::EmitPart::All;
  }
}

} // namespace

std::string generatedNamespace(clang::ASTContext &ctx) {
  auto &sm = ctx.getSourceManager();
  std::string stem =
      llvm::sys::path::stem(sm.getFileEntryRefForID(sm.getMainFileID())->getName()).str();
  std::string ns = "pl_gen_";
  for (char c : stem)
    ns += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return ns;
}

ir::ProgramPtr runDefaultPipeline(const ir::ProgramPtr &program,
                                  const tools::PassManagerSettings &settings,
                                  ir::DiagnosticEngine &diags) {
  passes::PassContext pc;
  pc.setDiagnostics(&diags);
  tools::configurePassContext(pc, settings);
  passes::PassContextGuard guard(pc);
  ir::ProgramPtr final = passes::buildDefaultPipeline(pc).run(program);
  if (!final || diags.hasErrors())
    return nullptr;
  return final;
}

std::optional<Translation> translateFile(const LoweredFile &lf, clang::ASTContext &ctx,
                                         const TranslateOptions &opts,
                                         ir::DiagnosticEngine &diags) {
  if (!lf.program)
    return std::nullopt;
  if (lf.marked.empty()) { // nothing to translate: the file stays as it is (docs/translator.md)
    const clang::SourceManager &sm = ctx.getSourceManager();
    clang::FileID main = sm.getMainFileID();
    diags.warning("F006", toSpan(sm, sm.getLocForStartOfFile(main)),
                  "no marked function (PL_FUNCTION, PL_JIT, PL_INLINE, PL_PROGRAM) in this "
                  "file; it is written unchanged");
    if (opts.emit == EmitKind::File)
      return Translation{sm.getBufferData(main).str(), {}};
  }
  if (opts.emit == EmitKind::IR)
    return Translation{ir::printProgram(*lf.program, {.concise = opts.passManager.concise}), {}};
  ir::ProgramPtr final = runDefaultPipeline(lf.program, opts.passManager, diags);
  if (!final)
    return std::nullopt;
  if (opts.emit == EmitKind::FinalIR)
    return Translation{ir::printProgram(*final, {.concise = opts.passManager.concise}), {}};
  std::string_view platform = passes::platformName(opts.passManager.platform);
  const emit::Backend &backend = emit::backendFor(platform);
  Translation t;
  if (opts.package) {
    t.package = backend.emitPackage(*final, {std::string(platform), lf.file}, diags);
    if (diags.hasErrors())
      return std::nullopt;
  }
  emit::EmitOptions eo;
  eo.namespaceName = generatedNamespace(ctx);
  eo.arch = passes::platformSoc(opts.passManager.platform).name;
  std::string code = backend.emitProgram(*final, partOf(opts.emit), eo, diags);
  if (opts.emit != EmitKind::File) {
    t.text = std::move(code);
    return t;
  }
  if (diags.hasErrors())
    return std::nullopt;
  RewriteOptions ro;
  ro.outputName = opts.outputName;
  ro.generatedNamespace = eo.namespaceName;
  ro.generatedCode = std::move(code);
  auto text = rewriteMainFile(ctx, entryPoints(lf.marked, *final), ro, backend, diags);
  if (!text)
    return std::nullopt;
  t.text = std::move(*text);
  return t;
}

} // namespace pl::translator
