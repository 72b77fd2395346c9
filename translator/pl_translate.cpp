// pl-translate: lowers marked C++ functions to IR, runs the pipeline and rewrites the file.
#include "translator/frontend.h"
#include "translator/rewrite.h"
#include "translator/translate.h"

#include "passes/catalog.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <list>

using namespace llvm;
using pl::translator::EmitKind;

namespace {

enum ExitCode { kOk = 0, kUserError = 1, kUsageError = 2 };

cl::OptionCategory category("pl-translate options");

const char *kOverview = R"(pl-translate: translate C++ tile kernels written with <pl/dsl.hpp>.

Lowers every marked function (PL_FUNCTION, PL_JIT, PL_INLINE, PL_PROGRAM members) of the input
into the pl IR, runs the default pass pipeline, and writes the input file with each entry
point's body replaced by a call into the generated kernels and orchestration, which are
appended. Compiler flags come from a compilation database (-p <build dir>) or follow `--`.
Nothing is written when there is an error.

Exit codes: 0 success, 1 errors in the input (diagnostics printed), 2 usage or internal error.
)";

/// Flags, built in main after moving libLLVM's same-named options out of the way.
struct Options {
  cl::opt<EmitKind> emit{
      "emit", cl::desc("Print one part instead of the rewritten file"),
      cl::values(clEnumValN(EmitKind::IR, "ir", "the IR lowered from the marked functions"),
                 clEnumValN(EmitKind::FinalIR, "final-ir", "the IR after the pass pipeline"),
                 clEnumValN(EmitKind::Kernels, "kernels", "the generated kernel functions"),
                 clEnumValN(EmitKind::Orchestration, "orchestration",
                            "the generated orchestration functions")),
      cl::init(EmitKind::File), cl::cat(category)};
  cl::opt<std::string> output{"o", cl::desc("Write the result here (atomically); default stdout"),
                              cl::value_desc("file"), cl::cat(category)};
  cl::opt<bool> inPlace{"in-place", cl::desc("Overwrite the input file (never the default)"),
                        cl::cat(category)};
  cl::opt<std::string> depfile{"depfile", cl::desc("Write a Make-style depfile for the output"),
                               cl::value_desc("file"), cl::cat(category)};
  cl::opt<std::string> platform{"platform", cl::desc("Target platform: a2a3sim (default), a5sim"),
                                cl::init("a2a3sim"), cl::cat(category)};
  cl::opt<bool> concise{"concise", cl::desc("With --emit=ir/final-ir: omit per-assignment types"),
                        cl::cat(category)};
  cl::opt<std::string> resourceDir{"resource-dir",
                                   cl::desc("Clang resource directory (builtin headers); default "
                                            "fixed at configure time"),
                                   cl::init(PL_CLANG_RESOURCE_DIR), cl::cat(category)};
  cl::list<std::string> printAfter{"print-after", cl::desc("Print the IR after this pass"),
                                   cl::CommaSeparated, cl::value_desc("id"), cl::cat(category)};
  cl::opt<bool> printAfterAll{"print-after-all", cl::desc("Print the IR after every pass"),
                              cl::cat(category)};
  cl::opt<std::string> dumpDir{"dump-dir", cl::desc("Write NN_after_<id>.pir per pass here"),
                               cl::value_desc("dir"), cl::cat(category)};
  cl::opt<bool> timePasses{"time-passes", cl::desc("Report the time taken by each pass"),
                           cl::cat(category)};
  cl::opt<std::string> verify{"verify", cl::desc("Verification level: none, basic, roundtrip"),
                              cl::value_desc("level"), cl::cat(category)};
};

void renameClashingLLVMOptions() {
  auto &registered = cl::getRegisteredOptions();
  static std::list<std::string> names; // ArgStr is a reference: keep the text alive
  for (const char *name : {"print-after", "print-after-all", "dump-dir", "time-passes", "verify",
                           "concise", "o", "platform", "emit", "depfile", "in-place"}) {
    auto it = registered.find(name);
    if (it == registered.end())
      continue;
    it->second->setHiddenFlag(cl::ReallyHidden);
    it->second->setArgStr(names.emplace_back(std::string("llvm-") + name));
  }
}

int usageError(const std::string &msg) {
  errs() << "pl-translate: error: " << msg << "\n";
  return kUsageError;
}

/// Writes to a temporary file next to `path`, then renames it into place.
bool writeAtomically(const std::string &path, const std::string &text) {
  if (path.empty() || path == "-") {
    outs() << text;
    return true;
  }
  SmallString<256> model(path);
  model += ".tmp-%%%%%%";
  int fd = -1;
  SmallString<256> tmp;
  std::error_code ec = sys::fs::createUniqueFile(model, fd, tmp);
  if (!ec) {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    os.close();
    ec = os.error();
    os.clear_error();
    if (!ec)
      ec = sys::fs::rename(tmp, path);
    if (ec)
      sys::fs::remove(tmp);
  }
  if (ec)
    errs() << "pl-translate: error: cannot write '" << path << "': " << ec.message() << "\n";
  return !ec;
}

std::string depfileText(const std::string &target, const std::vector<std::string> &deps) {
  auto esc = [](const std::string &s) {
    std::string o;
    for (char c : s) {
      if (c == ' ' || c == '#')
        o += '\\';
      if (c == '$')
        o += '$';
      o += c;
    }
    return o;
  };
  std::string out = esc(target) + ":";
  for (auto &d : deps)
    out += " \\\n  " + esc(d);
  return out + "\n";
}

} // namespace

int main(int argc, const char **argv) {
  renameClashingLLVMOptions();
  Options o;
  cl::SetVersionPrinter([](raw_ostream &os) { os << "pl-translate " PL_VERSION "\n"; });
  auto parser = clang::tooling::CommonOptionsParser::create(argc, argv, category,
                                                            cl::ZeroOrMore, kOverview);
  if (!parser)
    return usageError(toString(parser.takeError()));
  const auto &files = parser->getSourcePathList();
  if (files.empty())
    return usageError("no input files (usage: pl-translate [options] <file.cpp> [-- <flags>])");
  if (files.size() > 1 && (!o.output.empty() || !o.depfile.empty()))
    return usageError("-o and --depfile take one input file");
  if (o.inPlace && !o.output.empty())
    return usageError("--in-place and -o are mutually exclusive");
  if (o.inPlace && o.emit != EmitKind::File)
    return usageError("--in-place only applies to the rewritten file, not to --emit");
  if (o.platform != "a2a3sim" && o.platform != "a5sim")
    return usageError("unknown platform '" + o.platform + "'; valid platforms: a2a3sim, a5sim");
  if (!o.verify.empty() && o.verify != "none" && o.verify != "basic" && o.verify != "roundtrip")
    return usageError("unknown verification level '" + o.verify +
                      "'; expected none, basic or roundtrip");
  for (const std::string &id : o.printAfter)
    if (!pl::passes::findPass(id))
      return usageError("unknown pass '" + id + "' in --print-after; valid passes: " +
                        pl::passes::validPassIds());

  pl::translator::FrontendOptions fo;
  fo.resourceDir = o.resourceDir;
  fo.dslIncludeDir = PL_DSL_INCLUDE_DIR;
  pl::translator::TranslateOptions to;
  to.emit = o.emit;
  to.concise = o.concise;
  to.platform = o.platform;
  to.outputName = o.output.empty() ? "<stdout>" : o.output.getValue();
  to.verifyLevel = o.verify;
  to.printAfter.assign(o.printAfter.begin(), o.printAfter.end());
  to.printAfterAll = o.printAfterAll;
  to.dumpDir = o.dumpDir;
  to.timePasses = o.timePasses;

  struct Result {
    std::string file, text;
    std::vector<std::string> deps;
  };
  std::vector<Result> results;
  int rc = pl::translator::runFrontend(
      parser->getCompilations(), files, fo,
      [&](const pl::translator::LoweredFile &lf, clang::ASTContext &ctx,
          pl::ir::DiagnosticEngine &diags) {
        auto text = pl::translator::translateFile(lf, ctx, to, diags);
        if (text)
          results.push_back({lf.file, std::move(*text), pl::translator::inputDependencies(ctx)});
      });
  if (rc != 0 || results.size() != files.size())
    return kUserError; // nothing is written when any input had an error
  for (auto &r : results) {
    std::string target = o.inPlace ? r.file : o.output.getValue();
    if (!writeAtomically(target, r.text))
      return kUserError;
    if (!o.depfile.empty() &&
        !writeAtomically(o.depfile, depfileText(target.empty() ? "-" : target, r.deps)))
      return kUserError;
  }
  return kOk;
}
