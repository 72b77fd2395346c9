// One file through the whole translator: entry points, the default pipeline, emission and
// source rewriting.
#include "translator/translate.h"
#include "translator/rewrite.h"

#include "emit/sim/emit_sim.h"
#include "ir/printer.h"
#include "passes/pipeline.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace pl::translator {

namespace {

std::string generatedNamespace(clang::ASTContext &ctx) {
  auto &sm = ctx.getSourceManager();
  std::string stem = llvm::sys::path::stem(sm.getFileEntryRefForID(sm.getMainFileID())->getName()).str();
  std::string ns = "pl_gen_";
  for (char c : stem)
    ns += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return ns;
}

} // namespace

std::optional<std::string> translateFile(const LoweredFile &lf, clang::ASTContext &ctx,
                                         const TranslateOptions &opts,
                                         ir::DiagnosticEngine &diags) {
  if (!lf.program)
    return std::nullopt;
  if (opts.emit == EmitKind::IR)
    return ir::printProgram(*lf.program, {.concise = opts.passManager.concise});
  std::vector<EntryPoint> entries;
  ir::ProgramPtr program = addEntryPoints(lf.program, lf.marked, entries, diags);
  if (diags.hasErrors())
    return std::nullopt;
  passes::PassContext pc;
  pc.setDiagnostics(&diags);
  tools::configurePassContext(pc, opts.passManager);
  passes::PassContextGuard guard(pc);
  ir::ProgramPtr final = passes::buildDefaultPipeline(pc).run(program);
  if (!final || diags.hasErrors())
    return std::nullopt;
  if (opts.emit == EmitKind::FinalIR)
    return ir::printProgram(*final, {.concise = opts.passManager.concise});
  emit::EmitSimOptions eo;
  eo.namespaceName = generatedNamespace(ctx);
  if (opts.emit == EmitKind::Kernels)
    return emit::emitSimKernels(*final, eo, diags);
  if (opts.emit == EmitKind::Orchestration)
    return emit::emitSimOrchestration(*final, eo, diags);
  std::string code = emit::emitSimProgram(*final, eo, diags);
  if (diags.hasErrors())
    return std::nullopt;
  RewriteOptions ro;
  ro.outputName = opts.outputName;
  ro.generatedNamespace = eo.namespaceName;
  ro.generatedCode = std::move(code);
  ro.kernelTable = "kernel_table()";
  return rewriteMainFile(ctx, entries, ro, diags);
}

} // namespace pl::translator
