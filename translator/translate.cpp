// One file through the whole translator: entry points, the default pipeline, emission and
// source rewriting.
#include "translator/translate.h"
#include "translator/rewrite.h"

#include "emit/sim/emit_sim.h"
#include "ir/printer.h"
#include "passes/instruments.h"
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

void configure(passes::PassContext &pc, const TranslateOptions &o, ir::DiagnosticEngine &diags) {
  pc.setDiagnostics(&diags);
  pc.setPlatform(o.platform);
  if (!o.verifyLevel.empty())
    if (auto lvl = passes::parseVerificationLevel(o.verifyLevel))
      pc.setVerificationLevel(*lvl);
  if (!o.printAfter.empty() || o.printAfterAll)
    pc.addInstrument(std::make_shared<passes::PrintAfterInstrument>(
        std::set<std::string>(o.printAfter.begin(), o.printAfter.end()), o.printAfterAll,
        o.concise, llvm::errs()));
  if (!o.dumpDir.empty())
    pc.addInstrument(std::make_shared<passes::DumpInstrument>(o.dumpDir, o.concise));
  if (o.timePasses)
    pc.addInstrument(std::make_shared<passes::TimingInstrument>(llvm::errs()));
}

} // namespace

std::optional<std::string> translateFile(const LoweredFile &lf, clang::ASTContext &ctx,
                                         const TranslateOptions &opts,
                                         ir::DiagnosticEngine &diags) {
  if (!lf.program)
    return std::nullopt;
  if (opts.emit == EmitKind::IR)
    return ir::printProgram(*lf.program, {.concise = opts.concise});
  std::vector<EntryPoint> entries;
  ir::ProgramPtr program = addEntryPoints(lf.program, lf.marked, entries, diags);
  if (diags.hasErrors())
    return std::nullopt;
  passes::PassContext pc;
  configure(pc, opts, diags);
  passes::PassContextGuard guard(pc);
  ir::ProgramPtr final = passes::buildDefaultPipeline(pc).run(program);
  if (!final || diags.hasErrors())
    return std::nullopt;
  if (opts.emit == EmitKind::FinalIR)
    return ir::printProgram(*final, {.concise = opts.concise});
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
