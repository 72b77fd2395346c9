// pl-emit: reads a final-form program (.pir) and prints it as PTO-ISA / PTO2 C++ (emit/pto).
//
// Usage: pl-emit [--part=all|kernels|orchestration|pto-as] [--arch=a2a3|a5] [--namespace=NS]
//        [--no-include] [-o out]
//        <input.pir | ->
// Exit codes: 0 success · 1 user error (unreadable or malformed input, emitter error) · 2 usage.
#include "emit/pto/emit_pto.h"
#include "ir/op_registry.h"
#include "ir/parser.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <list>

using namespace pl;
namespace cl = llvm::cl;

namespace {
cl::OptionCategory category("pl-emit options");

struct Options {
  cl::opt<std::string> inputFile{cl::Positional, cl::desc("<input.pir | ->"), cl::init("-"),
                                 cl::cat(category)};
  cl::opt<std::string> part{"part",
                            cl::desc("What to print: all, kernels, orchestration or pto-as (the "
                                     "kernels as PTO-AS text)"),
                            cl::init("all"), cl::cat(category)};
  cl::opt<std::string> arch{"arch", cl::desc("pto.target_arch of the PTO-AS module: a2a3 or a5"),
                            cl::init("a2a3"), cl::cat(category)};
  cl::opt<std::string> ns{"namespace", cl::desc("Namespace of the generated code"),
                          cl::init("pl_gen"), cl::cat(category)};
  cl::opt<bool> noInclude{"no-include", cl::desc("Do not print the #include lines"),
                          cl::cat(category)};
  cl::opt<std::string> outputFile{"o", cl::desc("Output file"), cl::value_desc("file"),
                                  cl::init("-"), cl::cat(category)};
};

/// libLLVM registers some options with our names; move them out of the way.
void renameClashingLLVMOptions() {
  auto &registered = cl::getRegisteredOptions();
  for (const char *name : {"part", "arch", "namespace", "no-include", "o"}) {
    auto it = registered.find(name);
    if (it == registered.end())
      continue;
    static std::list<std::string> newNames;
    it->second->setHiddenFlag(cl::ReallyHidden);
    it->second->setArgStr(newNames.emplace_back(std::string("llvm-") + name));
  }
}
} // namespace

int main(int argc, char **argv) {
  renameClashingLLVMOptions();
  Options o;
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(argc, argv, "pl-emit: final IR -> simulator C++\n",
                                   &llvm::errs()))
    return 2;
  if (o.part != "all" && o.part != "kernels" && o.part != "orchestration" && o.part != "pto-as") {
    llvm::errs() << "pl-emit: error: unknown --part '" << o.part
                 << "' (expected all, kernels, orchestration or pto-as)\n";
    return 2;
  }
  if (o.arch != "a2a3" && o.arch != "a5") {
    llvm::errs() << "pl-emit: error: unknown --arch '" << o.arch << "' (expected a2a3 or a5)\n";
    return 2;
  }
  ir::registerAllOps();
  auto buf = llvm::MemoryBuffer::getFileOrSTDIN(o.inputFile);
  if (!buf) {
    llvm::errs() << "pl-emit: error: cannot read '" << o.inputFile
                 << "': " << buf.getError().message() << "\n";
    return 1;
  }
  ir::DiagnosticEngine diags;
  diags.setStream(&llvm::errs());
  std::string text = (*buf)->getBuffer().str();
  diags.addSourceBuffer(o.inputFile, text);
  ir::ProgramPtr p = ir::parseProgram(text, o.inputFile, diags);
  if (!p)
    return 1;
  emit::EmitPtoOptions opts;
  opts.namespaceName = o.ns;
  opts.includeHeader = !o.noInclude;
  std::string out = o.part == "kernels"         ? emit::emitPtoKernels(*p, opts, diags)
                    : o.part == "orchestration" ? emit::emitPtoOrchestration(*p, opts, diags)
                    : o.part == "pto-as"        ? emit::emitPtoAssembly(*p, o.arch, diags)
                                                : emit::emitPtoProgram(*p, opts, diags);
  if (diags.hasErrors())
    return 1;
  std::error_code ec;
  llvm::raw_fd_ostream os(o.outputFile, ec);
  if (ec) {
    llvm::errs() << "pl-emit: error: cannot write '" << o.outputFile << "': " << ec.message()
                 << "\n";
    return 1;
  }
  os << out;
  return 0;
}
