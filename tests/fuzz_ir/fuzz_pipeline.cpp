// libFuzzer target: IR text → parser → default pipeline → printer. Any crash, sanitizer report,
// internal compiler error or unlocated error diagnostic is a finding (the process aborts).
// Built only with -DPL_FUZZ_IR=ON (clang); `make fuzz-ir` builds and runs it (docs/testing.md).
#include "ir/op_registry.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "passes/pipeline.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace pl;

namespace {
[[noreturn]] void finding(const ir::DiagnosticEngine &diags, const char *what) {
  llvm::errs() << "fuzz_pipeline: " << what << "\n" << diags.formatAll();
  llvm::errs().flush();
  std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const bool registered = (ir::registerAllOps(), true);
  (void)registered;
  std::string_view text(reinterpret_cast<const char *>(data), size);
  ir::DiagnosticEngine diags; // collects only
  ir::ProgramPtr program = ir::parseProgram(text, "fuzz.pir", diags);
  if (program) {
    passes::PassContext ctx;
    ctx.setDiagnostics(&diags);
    passes::PassContextGuard guard(ctx);
    ir::ProgramPtr out = passes::buildDefaultPipeline(ctx).run(program);
    if (ctx.hadInternalError())
      finding(diags, "internal compiler error");
    if (out)
      (void)ir::printProgram(*out);
    else if (!diags.hasErrors())
      finding(diags, "the pipeline failed without an error");
  } else if (!diags.hasErrors()) {
    finding(diags, "the parser failed without an error");
  }
  for (auto &d : diags.diagnostics())
    if (d.severity == ir::Severity::Error && !d.span.valid())
      finding(diags, "an unlocated error");
  return 0;
}
