// pl-opt: reads a program in the text form, runs passes, prints the result.
//
// Exit codes: 0 success · 1 user error (unreadable or malformed input, input that violates a
// structural property, a pass that reports an error) · 2 usage error (unknown flag, pass or
// option) or internal compiler error.
#include "ir/op_registry.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "passes/catalog.h"
#include "passes/instruments.h"
#include "passes/pipeline.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace pl;
namespace cl = llvm::cl;

namespace {
enum ExitCode { kOk = 0, kUserError = 1, kUsageError = 2 };

cl::OptionCategory category("pl-opt options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.pir | ->"), cl::cat(category));
cl::opt<std::string> passList("passes", cl::desc("Comma-separated passes to run, in order; "
                                                 "options as id{key=value}"),
                              cl::value_desc("a,b"), cl::cat(category));
cl::opt<std::string> pipelineName("pipeline", cl::desc("Run a named pipeline (only: default)"),
                                  cl::value_desc("default"), cl::cat(category));
cl::list<std::string> printAfter("print-after", cl::desc("Print the IR after this pass"),
                                 cl::CommaSeparated, cl::value_desc("id"), cl::cat(category));
cl::opt<bool> printAfterAll("print-after-all", cl::desc("Print the IR after every pass"),
                            cl::cat(category));
cl::opt<std::string> dumpDir("dump-dir", cl::desc("Write NN_after_<id>.pir per pass here"),
                             cl::value_desc("dir"), cl::cat(category));
cl::opt<bool> timePasses("time-passes", cl::desc("Report the time taken by each pass"),
                         cl::cat(category));
cl::opt<std::string> verifyLevel("verify",
                                 cl::desc("Verification level: none, basic or roundtrip "
                                          "(default: $PL_VERIFY_LEVEL or basic)"),
                                 cl::value_desc("level"), cl::cat(category));
cl::opt<bool> concise("concise", cl::desc("Print without per-assignment types"),
                      cl::cat(category));
cl::opt<bool> listPasses("list-passes", cl::desc("List the available passes and exit"),
                         cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file (written atomically)"),
                                cl::value_desc("file"), cl::init("-"), cl::cat(category));
cl::opt<std::string> platform("platform", cl::desc("Target platform: a2a3sim, a5sim, a2a3, a5"),
                              cl::value_desc("name"), cl::init("a2a3sim"), cl::cat(category));

int usageError(const std::string &msg) {
  llvm::errs() << "pl-opt: error: " << msg << "\n";
  return kUsageError;
}

void printPassList() {
  llvm::outs() << "Passes (id: summary):\n";
  for (auto &e : passes::passCatalog())
    llvm::outs() << "  " << e.id << ": " << e.summary << "\n";
  passes::PassContext ctx;
  auto def = passes::buildDefaultPipeline(ctx);
  llvm::outs() << "Default pipeline (" << def.passes().size() << " implemented):";
  for (auto &p : def.passes())
    llvm::outs() << " " << p.id();
  llvm::outs() << "\n";
}

/// Writes to a temporary file next to `path` and renames it into place.
bool writeAtomically(const std::string &path, const std::string &text) {
  if (path == "-") {
    llvm::outs() << text;
    return true;
  }
  llvm::SmallString<256> model(path);
  model += ".tmp-%%%%%%";
  int fd = -1;
  llvm::SmallString<256> tmp;
  std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, tmp);
  if (!ec) {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    os.close();
    ec = os.error();
    os.clear_error();
    if (!ec)
      ec = llvm::sys::fs::rename(tmp, path);
    if (ec)
      llvm::sys::fs::remove(tmp);
  }
  if (ec)
    llvm::errs() << "pl-opt: error: cannot write '" << path << "': " << ec.message() << "\n";
  return !ec;
}
} // namespace

namespace {
/// Checks the flags that llvm::cl cannot; a non-empty string is the error.
std::string validateFlags() {
  if (!passList.empty() && !pipelineName.empty())
    return "--passes and --pipeline are mutually exclusive";
  if (!pipelineName.empty() && pipelineName != "default")
    return "unknown pipeline '" + pipelineName + "'; valid pipelines: default";
  if (!verifyLevel.empty() && !passes::parseVerificationLevel(verifyLevel))
    return "unknown verification level '" + verifyLevel + "'; expected none, basic or roundtrip";
  static const char *platforms[] = {"a2a3sim", "a5sim", "a2a3", "a5"};
  if (std::find(std::begin(platforms), std::end(platforms), platform.getValue()) ==
      std::end(platforms))
    return "unknown platform '" + platform + "'; valid platforms: a2a3sim, a5sim, a2a3, a5";
  for (auto &id : printAfter)
    if (!passes::findPass(id))
      return "unknown pass '" + id + "' in --print-after; valid passes: " +
             passes::validPassIds();
  if (inputFile.empty())
    return "no input file (use '-' for stdin); see --help";
  return {};
}

void configure(passes::PassContext &ctx) {
  if (!verifyLevel.empty())
    ctx.setVerificationLevel(*passes::parseVerificationLevel(verifyLevel));
  ctx.setPlatform(platform);
  if (!printAfter.empty() || printAfterAll)
    ctx.addInstrument(std::make_shared<passes::PrintAfterInstrument>(
        std::set<std::string>(printAfter.begin(), printAfter.end()), printAfterAll, concise,
        llvm::errs()));
  if (!dumpDir.empty())
    ctx.addInstrument(std::make_shared<passes::DumpInstrument>(dumpDir, concise));
  if (timePasses)
    ctx.addInstrument(std::make_shared<passes::TimingInstrument>(llvm::errs()));
}
} // namespace

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(argc, argv, "pl-opt: run passes on a program in text form\n",
                                   &llvm::errs()))
    return kUsageError;
  if (listPasses) {
    printPassList();
    return kOk;
  }
  if (std::string err = validateFlags(); !err.empty())
    return usageError(err);

  ir::DiagnosticEngine diags;
  diags.setStream(&llvm::errs());
  passes::Pipeline pipeline;
  passes::PassContext ctx;
  ctx.setDiagnostics(&diags);
  configure(ctx);
  if (!passList.empty() && !passes::parsePassList(passList, pipeline, diags))
    return kUsageError;
  if (!pipelineName.empty())
    pipeline = passes::buildDefaultPipeline(ctx);

  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/true);
  if (!buffer) {
    llvm::errs() << "pl-opt: error: cannot read '" << inputFile
                 << "': " << buffer.getError().message() << "\n";
    return kUserError;
  }
  std::string name = inputFile == "-" ? "<stdin>" : inputFile.getValue();
  std::string text = (*buffer)->getBuffer().str();
  diags.addSourceBuffer(name, text);
  ir::registerAllOps();
  ir::ProgramPtr program = ir::parseProgram(text, name, diags);
  if (!program)
    return kUserError;

  passes::PassContextGuard guard(ctx);
  ir::ProgramPtr result = pipeline.run(program);
  if (!result)
    return ctx.hadInternalError() ? kUsageError : kUserError;
  return writeAtomically(outputFile, ir::printProgram(*result, {.concise = concise})) ? kOk
                                                                                     : kUserError;
}
