// pl-opt: reads a program in the text form, runs passes, prints the result.
//
// Exit codes: 0 success · 1 user error (unreadable or malformed input, input that violates a
// structural property, a pass that reports an error, an output that cannot be written) · 2 usage
// error (unknown flag, pass or option; -o naming the input without --in-place) or internal
// compiler error.
#include "ir/op_registry.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "passes/catalog.h"
#include "passes/pipeline.h"
#include "passes/tools/pass_manager_flags.h"
#include "passes/tools/tool_files.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace pl;
namespace cl = llvm::cl;

namespace {
enum ExitCode { kOk = 0, kUserError = 1, kUsageError = 2 };

cl::OptionCategory category("pl-opt options");

/// pl-opt's own flags; the pass-manager ones are `passManager`. Built in main, after renaming
/// the LLVM library options that share their names (libLLVM registers --print-after,
/// --print-after-all and --time-passes for its own passes).
struct Options {
  cl::opt<std::string> inputFile{cl::Positional, cl::desc("<input.pir | ->"), cl::cat(category)};
  cl::opt<std::string> passList{"passes",
                                cl::desc("Comma-separated passes to run, in order; options as "
                                         "id{key=value}"),
                                cl::value_desc("a,b"), cl::cat(category)};
  cl::opt<std::string> pipelineName{"pipeline", cl::desc("Run a named pipeline (only: default)"),
                                    cl::value_desc("default"), cl::cat(category)};
  cl::opt<bool> listPasses{"list-passes", cl::desc("List the available passes and exit"),
                           cl::cat(category)};
  cl::opt<std::string> outputFile{
      "o",
      cl::desc("Output file (a regular file is replaced atomically, a device "
               "or FIFO written through; never the input unless "
               "--in-place); default stdout"),
      cl::value_desc("file"), cl::init("-"), cl::cat(category)};
  cl::opt<bool> inPlace{"in-place", cl::desc("Overwrite the input file with the result"),
                        cl::cat(category)};
  tools::PassManagerFlags passManager{category, /*acceptPlatform=*/nullptr}; // every platform
};

/// pl-opt's own flag names (renameClashingLLVMOptions adds the shared ones).
constexpr const char *kOwnFlags[] = {"passes", "pipeline", "list-passes", "o", "in-place"};

int usageError(const std::string &msg) {
  llvm::errs() << "pl-opt: error: " << msg << "\n";
  return kUsageError;
}

void printPassList() {
  llvm::outs() << "Passes (id: summary):\n";
  for (auto &e : passes::passCatalog())
    llvm::outs() << "  " << e.info.id << ": " << e.info.summary << "\n";
  passes::PassContext ctx;
  auto def = passes::buildDefaultPipeline(ctx);
  llvm::outs() << "Default pipeline (" << def.passes().size() << " implemented):";
  for (auto &p : def.passes())
    llvm::outs() << " " << p.id();
  llvm::outs() << "\n";
}

} // namespace

namespace {
/// The file rules: -o naming the input (by identity: symlinks, hard links, ./x) only with
/// --in-place, never a directory. A non-empty string is the usage error.
std::string validateOutput(const Options &o) {
  const std::string &in = o.inputFile, &out = o.outputFile;
  if (o.inPlace && in == "-")
    return "--in-place needs an input file, not stdin";
  if (out == "-")
    return {};
  if (std::string why = tools::outputProblem(out); !why.empty())
    return "-o '" + out + "' " + why;
  bool same = in != "-" && tools::sameFile(out, in);
  if (same && !o.inPlace)
    return "-o '" + out + "' is the input file '" + in + "'; pass --in-place to overwrite it";
  if (!same && o.inPlace)
    return "--in-place writes the input file '" + in + "'; -o '" + out + "' names another file";
  return {};
}

/// Checks the flags that llvm::cl cannot; a non-empty string is the error.
std::string validateFlags(const Options &o) {
  if (!o.passList.empty() && !o.pipelineName.empty())
    return "--passes and --pipeline are mutually exclusive";
  if (!o.pipelineName.empty() && o.pipelineName != "default")
    return "unknown pipeline '" + o.pipelineName + "'; valid pipelines: default";
  if (std::string err = o.passManager.validate(); !err.empty())
    return err;
  if (o.inputFile.empty())
    return "no input file (use '-' for stdin); see --help";
  return validateOutput(o);
}

/// Parses the input; nullptr after printing located diagnostics (or the read error).
ir::ProgramPtr readProgram(const std::string &path, ir::DiagnosticEngine &diags) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!buffer) {
    llvm::errs() << "pl-opt: error: cannot read '" << path
                 << "': " << buffer.getError().message() << "\n";
    return nullptr;
  }
  std::string name = path == "-" ? "<stdin>" : path;
  std::string text = (*buffer)->getBuffer().str();
  diags.addSourceBuffer(name, text);
  return ir::parseProgram(text, name, diags);
}

int run(const Options &o) {
  ir::DiagnosticEngine diags;
  diags.setStream(&llvm::errs());
  passes::PassContext ctx;
  ctx.setDiagnostics(&diags);
  tools::configurePassContext(ctx, o.passManager.settings());
  passes::Pipeline pipeline;
  ir::DiagnosticEngine flagDiags; // spanless: printed as "pl-opt: error: ..."
  if (!o.passList.empty() && !passes::parsePassList(o.passList, pipeline, flagDiags)) {
    for (auto &d : flagDiags.diagnostics())
      usageError(d.message + " [" + d.code + "]");
    return kUsageError;
  }
  if (!o.pipelineName.empty())
    pipeline = passes::buildDefaultPipeline(ctx);
  ir::registerAllOps();
  ir::ProgramPtr program = readProgram(o.inputFile, diags);
  if (!program)
    return kUserError;
  passes::PassContextGuard guard(ctx);
  ir::ProgramPtr result = pipeline.run(program);
  if (!result)
    return ctx.hadInternalError() ? kUsageError : kUserError;
  std::string text = ir::printProgram(*result, {.concise = o.passManager.concise()});
  tools::OutputFiles out("pl-opt");
  bool written = out.stage(o.inPlace ? o.inputFile : o.outputFile, text) && out.commit();
  return written ? kOk : kUserError;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv); // a crash prints a stack dump naming the running pass
  tools::renameClashingLLVMOptions(kOwnFlags);
  Options opts;
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(argc, argv, "pl-opt: run passes on a program in text form\n",
                                   &llvm::errs()))
    return kUsageError;
  if (opts.listPasses) {
    printPassList();
    return kOk;
  }
  if (auto rc = opts.passManager.explain(llvm::outs(), llvm::errs(), "pl-opt"))
    return *rc;
  if (std::string err = validateFlags(opts); !err.empty())
    return usageError(err);
  return run(opts);
}
