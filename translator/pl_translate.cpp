// pl-translate: lowers marked C++ functions to IR, runs the pipeline and rewrites the file.
#include "translator/frontend.h"

#include "ir/printer.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

cl::OptionCategory category("pl-translate options");

enum class EmitKind { IR };
cl::opt<EmitKind> emit("emit", cl::desc("What to print instead of rewriting the file"),
                       cl::values(clEnumValN(EmitKind::IR, "ir",
                                             "the program lowered from the marked functions, "
                                             "before the pass pipeline")),
                       cl::init(EmitKind::IR), cl::cat(category));
cl::opt<bool> concise("concise", cl::desc("With --emit=ir: omit per-assignment types"),
                      cl::cat(category));
cl::opt<std::string> resourceDir("resource-dir",
                                 cl::desc("Clang resource directory (builtin headers); default "
                                          "fixed at configure time"),
                                 cl::init(PL_CLANG_RESOURCE_DIR), cl::cat(category));

const char *kOverview = R"(pl-translate: translate C++ tile kernels written with <pl/dsl.hpp>.

Lowers every marked function (PL_FUNCTION, PL_JIT, PL_INLINE, PL_PROGRAM members) of each
input file into the pl IR. Compiler flags come from a compilation database (-p <build dir>)
or follow `--`.

Exit codes: 0 success, 1 errors in the input (diagnostics printed), 2 usage or internal error.
)";

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &os) { os << "pl-translate " PL_VERSION "\n"; });
  auto parser = clang::tooling::CommonOptionsParser::create(argc, argv, category,
                                                            cl::ZeroOrMore, kOverview);
  if (!parser) {
    errs() << "pl-translate: " << toString(parser.takeError()) << "\n";
    return 2;
  }
  if (parser->getSourcePathList().empty()) {
    errs() << "pl-translate: no input files (usage: pl-translate [options] <file.cpp>... "
              "[-- <compiler flags>])\n";
    return 2;
  }
  pl::translator::FrontendOptions opts;
  opts.resourceDir = resourceDir;
  opts.dslIncludeDir = PL_DSL_INCLUDE_DIR;
  pl::ir::PrintOptions popts;
  popts.concise = concise;
  std::string out;
  int rc = pl::translator::runFrontend(
      parser->getCompilations(), parser->getSourcePathList(), opts,
      [&](const pl::translator::LoweredFile &lf, clang::ASTContext &) {
        if (lf.program && emit == EmitKind::IR)
          out += pl::ir::printProgram(*lf.program, popts);
      });
  if (rc == 0)
    outs() << out;
  return rc;
}
