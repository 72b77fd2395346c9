// pl-translate: lowers marked C++ functions to IR, runs the pipeline and rewrites the file.
#include "translator/export_fixes.h"
#include "translator/frontend.h"
#include "translator/pch_cache.h"
#include "translator/rewrite.h"
#include "translator/translate.h"
#include "translator/translation_cache.h"

#include "ir/internal_error.h"
#include "passes/pass_context.h"
#include "passes/platform.h"
#include "passes/tools/pass_manager_flags.h"
#include "passes/tools/tool_files.h"

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using pl::translator::EmitKind;

namespace {

enum ExitCode { kOk = 0, kUserError = 1, kUsageError = 2 };

cl::OptionCategory category("pl-translate options");

const char *kOverview = R"(pl-translate: translate C++ tile kernels written with <pl/dsl.hpp>.

Lowers every marked function (PL_FUNCTION, PL_JIT, PL_INLINE, PL_PROGRAM members) of the input
into the pl IR, runs the default pass pipeline, and writes the input file with each entry
point's body replaced by a call into the generated kernels and orchestration, which are
appended. Compiler flags come from a compilation database (-p <build dir>) or follow `--`;
with neither, compile_commands.json is looked for in the input's directory and its parents,
and when there is none the input is parsed without extra flags (pl's DSL headers are always on
the include path).

Platforms: a2a3sim (default) and a5sim run the generated PTO-ISA kernels and PTO2
orchestration on pl's CPU simulator. a2a3 and a5 build for the vendor toolchain: --out-dir=D
writes the same kernels and orchestration as a kernel package (D/kernels/aiv|aic/<kernel>.cpp,
D/orchestration/<name>.cpp, D/kernels.json); the rewritten file runs them on the simulator of
that SoC. --out-dir works with every platform.

Files: -o naming the input (compared by identity: symlinks, hard links, ./x) is refused unless
--in-place; the outputs (-o, --depfile) are staged and committed together, so nothing is
written when there is an error. A symlinked output is written where the link points; a device
or FIFO (-o /dev/null) is written through, never replaced. The depfile lists the input first, then its headers sorted.
--export-fixes=F writes pl's diagnostics with their fix-its (YAML for clang-apply-replacements),
also when there are errors; it bypasses --cache-dir.

Cached PCH: when the input's first token is `#include <pl/...>`, Clang starts from a precompiled
header of that pl header, built once per compile command and tool version and kept in
<cache-dir>/pch (without --cache-dir: $XDG_CACHE_HOME/pl/pch, i.e. ~/.cache/pl/pch). Its input
files are checked before each use (a stale or damaged entry is rebuilt) and are listed in the
depfile; the output is byte for byte that of a parse without it. --no-pch turns it off.

Diagnostics end in their code (docs/diagnostics.md lists every one): --explain=CODE prints a
code's meaning and where it is explained; --no-warn=CODE[,CODE...] silences those warnings
(errors are never silenced).

Exit codes: 0 success; 1 errors in the input (diagnostics printed), an input that cannot be
read or an output that cannot be written; 2 usage or internal error.
)";

/// Flags, built in main after moving libLLVM's same-named options out of the way; the
/// pass-manager ones are `passManager`.
struct Options {
  cl::opt<EmitKind> emit{
      "emit", cl::desc("Print one part instead of the rewritten file"),
      cl::values(clEnumValN(EmitKind::IR, "ir", "the IR lowered from the marked functions"),
                 clEnumValN(EmitKind::FinalIR, "final-ir", "the IR after the pass pipeline"),
                 clEnumValN(EmitKind::Kernels, "kernels", "the generated kernel functions"),
                 clEnumValN(EmitKind::PtoAs, "pto-as",
                            "the kernels as PTO-AS text (MLIR pto dialect) for ptoas"),
                 clEnumValN(EmitKind::Orchestration, "orchestration",
                            "the generated orchestration functions")),
      cl::init(EmitKind::File), cl::cat(category)};
  cl::opt<std::string> output{"o", cl::desc("Write the result here (atomically; never the input "
                                       "unless --in-place); default stdout"),
                              cl::value_desc("file"), cl::cat(category)};
  cl::opt<bool> inPlace{"in-place", cl::desc("Overwrite the input file (only on request)"),
                        cl::cat(category)};
  cl::opt<std::string> depfile{"depfile", cl::desc("Write a Make-style depfile for the output"),
                               cl::value_desc("file"), cl::cat(category)};
  cl::opt<std::string> resourceDir{"resource-dir",
                                   cl::desc("Clang resource directory (builtin headers); default "
                                            "fixed at configure time"),
                                   cl::init(PL_CLANG_RESOURCE_DIR), cl::cat(category)};
  cl::opt<std::string> outDir{
      "out-dir",
      cl::desc("Also write the kernel package for the vendor toolchain into this directory: "
               "kernels/aiv|aic/<kernel>.cpp, orchestration/<name>.cpp, kernels.json (required "
               "with --platform=a2a3 or a5)"),
      cl::value_desc("dir"), cl::cat(category)};
  cl::opt<std::string> cacheDir{
      "cache-dir",
      cl::desc("Reuse and keep rewritten files in this content-addressed cache (key: the input "
               "and every header it includes, the options, the compile command, the tool); "
               "not with --emit, --out-dir or the pass-manager's dumps and reports"),
      cl::value_desc("dir"), cl::cat(category)};
  cl::opt<std::string> exportFixes{
      "export-fixes",
      cl::desc("Write the diagnostics and their fix-its as YAML for clang-apply-replacements "
               "(clang-tidy's --export-fixes format), also when the input has errors"),
      cl::value_desc("file"), cl::cat(category)};
  cl::opt<bool> noPch{
      "no-pch",
      cl::desc("Parse the pl headers from source: do not build or use the cached precompiled "
               "header of the first pl header (kept in <cache-dir>/pch, else "
               "$XDG_CACHE_HOME/pl/pch)"),
      cl::cat(category)};
  pl::tools::PassManagerFlags passManager{category, nullptr};
};

/// pl-translate's own flag names (renameClashingLLVMOptions adds the shared ones).
constexpr const char *kOwnFlags[] = {"o",       "emit",      "depfile",      "in-place",
                                     "out-dir", "cache-dir", "export-fixes", "no-pch"};

int usageError(const std::string &msg) {
  errs() << "pl-translate: error: " << msg << "\n";
  return kUsageError;
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

/// The file rules (README "pl-translate"): nothing overwrites an input unless --in-place, the
/// depfile is neither an input nor the output, outputs are not directories. A non-empty result
/// is the usage error.
std::string checkOutputs(const Options &o, const std::vector<std::string> &files) {
  using pl::tools::sameFile;
  if (!o.output.empty() && o.output != "-") {
    if (std::string why = pl::tools::outputProblem(o.output); !why.empty())
      return "-o '" + o.output + "' " + why;
    if (sameFile(o.output, files.front()) && !o.inPlace)
      return "-o '" + o.output + "' is the input file '" + files.front() +
             "'; pass --in-place to overwrite it";
    if (o.inPlace && !sameFile(o.output, files.front()))
      return "--in-place writes the input file '" + files.front() + "'; -o '" + o.output +
             "' names another file";
  }
  if (!o.exportFixes.empty()) {
    if (o.exportFixes == "-")
      return "--export-fixes needs a file name";
    if (std::string why = pl::tools::outputProblem(o.exportFixes); !why.empty())
      return "--export-fixes '" + o.exportFixes + "' " + why;
    for (const std::string &f : files)
      if (sameFile(o.exportFixes, f))
        return "--export-fixes '" + o.exportFixes + "' is the input file '" + f + "'";
    for (const std::string *other : {&o.output.getValue(), &o.depfile.getValue()})
      if (!other->empty() && *other != "-" && sameFile(o.exportFixes, *other))
        return "--export-fixes '" + o.exportFixes + "' is also the output '" + *other + "'";
  }
  if (o.depfile.empty())
    return {};
  if (o.depfile == "-")
    return "--depfile needs a file name (the depfile is never written to stdout)";
  if (std::string why = pl::tools::outputProblem(o.depfile); !why.empty())
    return "--depfile '" + o.depfile + "' " + why;
  for (const std::string &f : files)
    if (sameFile(o.depfile, f))
      return "--depfile '" + o.depfile + "' is the input file '" + f + "'";
  if (!o.output.empty() && o.output != "-" && sameFile(o.depfile, o.output))
    return "--depfile '" + o.depfile + "' and -o '" + o.output + "' are the same file";
  return {};
}

} // namespace

/// The DSL headers this pl-translate belongs to: `<exe dir>/../include` when it holds
/// `pl/dsl.hpp` (an installed tree, which may have been moved), else the source tree the
/// binary was built from. Added after the user's include paths (`-idirafter`).
static std::string dslIncludeDir(const char *argv0) {
  std::string exe =
      llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&dslIncludeDir));
  if (!exe.empty()) {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(dir, "include");
    llvm::SmallString<256> probe(dir);
    llvm::sys::path::append(probe, "pl", "dsl.hpp");
    if (llvm::sys::fs::exists(probe))
      return std::string(dir);
  }
  return PL_DSL_INCLUDE_DIR;
}

/// Stages the outputs of one translated input: the rewritten file (`-o`, or the input with
/// --in-place), the package files under --out-dir, the depfile. False after printing the error.
static bool stageOutputs(pl::tools::OutputFiles &outputs, const Options &o,
                         const std::string &input, const std::string &text,
                         const std::vector<pl::emit::GeneratedFile> &package,
                         const std::vector<std::string> &deps) {
  std::string target = o.inPlace ? input : o.output.getValue();
  if (!outputs.stage(target, text))
    return false;
  for (const pl::emit::GeneratedFile &g : package) {
    llvm::SmallString<256> path(o.outDir.getValue());
    llvm::sys::path::append(path, g.path);
    if (std::error_code ec =
            llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path))) {
      errs() << "pl-translate: error: cannot create '" << llvm::sys::path::parent_path(path)
             << "': " << ec.message() << "; nothing was written\n";
      return false;
    }
    if (!outputs.stage(std::string(path), g.text))
      return false;
  }
  return o.depfile.empty() ||
         outputs.stage(o.depfile, depfileText(target.empty() ? "-" : target, deps));
}

/// The translation cache's key for this run, or nullopt when the run does not use the cache:
/// only the rewritten file of one input, and not when the pass manager is asked for dumps or
/// reports (those are what the run is for).
static std::optional<std::string> cacheKey(const Options &o, const std::vector<std::string> &files,
                                           const clang::tooling::CompilationDatabase &db,
                                           const pl::translator::FrontendOptions &fo, int argc,
                                           const char **argv) {
  const pl::tools::PassManagerSettings &pm = o.passManager.settings();
  if (o.cacheDir.empty() || files.size() != 1 || o.emit != EmitKind::File || !o.outDir.empty() ||
      !pm.printAfter.empty() || pm.printAfterAll || !pm.dumpDir.empty() || pm.timePasses)
    return std::nullopt;
  pl::passes::PassContext effective; // the level $PL_VERIFY_LEVEL or --verify selects
  pl::tools::configurePassContext(effective, pm);
  auto in = pl::translator::translationInputs(db, files.front(), fo);
  if (!in)
    return std::nullopt;
  return pl::translator::translationCacheKey(
      llvm::sys::fs::getMainExecutable(argv[0], reinterpret_cast<void *>(&dslIncludeDir)),
      std::vector<std::string>(argv + 1, argv + argc),
      std::string(pl::passes::verificationLevelName(effective.verificationLevel())), in->command,
      in->files);
}

/// True when the command line names the compiler flags itself: `--` or -p <build dir>.
static bool namesCompilations(const std::vector<const char *> &args) {
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef a(args[i]);
    if (a == "--")
      return true;
    if (a == "-p" || a == "--p" || a.starts_with("-p=") || a.starts_with("--p="))
      return true;
  }
  return false;
}

int main(int argc, const char **argv) {
  pl::tools::renameClashingLLVMOptions(kOwnFlags);
  Options o;
  cl::SetVersionPrinter([](raw_ostream &os) { os << "pl-translate " PL_VERSION "\n"; });
  // Without -p or `--`, Clang tooling's own search for a compilation database prints six lines
  // when it finds none and goes on without flags. pl-translate searches the same way, quietly:
  // it parses with an empty `--` and looks for the database itself (compilationsFor).
  std::vector<const char *> args(argv, argv + argc);
  const bool searchDatabase = !namesCompilations(args);
  if (searchDatabase)
    args.push_back("--");
  int nargs = static_cast<int>(args.size());
  auto parser = clang::tooling::CommonOptionsParser::create(nargs, args.data(), category,
                                                            cl::ZeroOrMore, kOverview);
  if (!parser)
    return usageError(toString(parser.takeError()));
  if (auto rc = o.passManager.explain(outs(), errs(), "pl-translate"))
    return *rc;
  const auto &files = parser->getSourcePathList();
  if (files.empty())
    return usageError("no input files (usage: pl-translate [options] <file.cpp> [-- <flags>])");
  std::unique_ptr<clang::tooling::CompilationDatabase> found;
  if (searchDatabase) {
    std::string ignored; // none found: no flags, as with an empty `--`
    found = clang::tooling::CompilationDatabase::autoDetectFromSource(files.front(), ignored);
  }
  const clang::tooling::CompilationDatabase &compilations =
      found ? *found : parser->getCompilations();
  if (files.size() > 1 && (!o.output.empty() || !o.depfile.empty()))
    return usageError("-o and --depfile take one input file");
  if (o.inPlace && o.emit != EmitKind::File)
    return usageError("--in-place only applies to the rewritten file, not to --emit");
  if (std::string err = o.passManager.validate(); !err.empty())
    return usageError(err);
  const pl::passes::PlatformDesc &platform =
      pl::passes::platformDesc(o.passManager.settings().platform);
  if (!o.outDir.empty()) {
    if (files.size() > 1)
      return usageError("--out-dir takes one input file");
    if (o.emit != EmitKind::File)
      return usageError("--out-dir writes the kernel package next to the rewritten file, not "
                        "with --emit");
    if (llvm::sys::fs::exists(o.outDir.getValue()) &&
        !llvm::sys::fs::is_directory(o.outDir.getValue()))
      return usageError("--out-dir '" + o.outDir + "' exists and is not a directory");
  } else if (!platform.simulated && o.emit == EmitKind::File) {
    return usageError("--platform=" + std::string(platform.name) +
                      " builds for the vendor toolchain: pass --out-dir=<dir> for its kernel "
                      "package (the rewritten file runs the same kernels on the simulator)");
  }

  if (std::string err = checkOutputs(o, files); !err.empty())
    return usageError(err);
  for (const std::string &f : files)
    if (std::string why = pl::tools::inputProblem(f); !why.empty()) {
      errs() << "pl-translate: error: cannot read '" << f << "': " << why << "\n";
      return kUserError;
    }

  pl::translator::FrontendOptions fo;
  fo.resourceDir = o.resourceDir;
  fo.dslIncludeDir = dslIncludeDir(argv[0]);
  fo.noWarn = o.passManager.settings().noWarn;
  if (!o.noPch)
    fo.pchDir = pl::translator::defaultPchDir(o.cacheDir);

  // --export-fixes reports the diagnostics: a cache hit has none to report.
  std::optional<std::string> key;
  if (o.exportFixes.empty())
    key = cacheKey(o, files, compilations, fo, argc, argv);
  if (key)
    if (auto hit = pl::translator::lookupTranslation(o.cacheDir, *key)) {
      pl::tools::OutputFiles outputs("pl-translate");
      if (!stageOutputs(outputs, o, files.front(), hit->text, {}, hit->deps))
        return kUserError;
      return outputs.commit() ? kOk : kUserError;
    }

  pl::translator::TranslateOptions to;
  to.emit = o.emit;
  to.outputName = o.output.empty() || o.output == "-" ? "<stdout>" : o.output.getValue();
  to.passManager = o.passManager.settings();
  to.package = !o.outDir.empty();

  struct Result {
    std::string file;
    pl::translator::Translation out;
    std::vector<std::string> deps;
    bool quiet = false; ///< no diagnostic of ours (a cache entry never hides a warning)
  };
  std::vector<Result> results;
  bool internalError = false; // an ICE exits 2, as --help says
  pl::translator::FixExporter fixes;
  int rc = pl::translator::runFrontend(
      compilations, files, fo,
      [&](const pl::translator::LoweredFile &lf, clang::ASTContext &ctx,
          pl::ir::DiagnosticEngine &diags) {
        pl::translator::TranslateOptions fileOptions = to;
        if (o.inPlace) // the generated part's #line names the file it is written to
          fileOptions.outputName = lf.file;
        auto out = pl::translator::translateFile(lf, ctx, fileOptions, diags);
        for (const pl::ir::Diagnostic &d : diags.diagnostics())
          internalError |= d.code == pl::ir::kInternalErrorCode;
        if (!o.exportFixes.empty())
          fixes.add(diags, ctx.getSourceManager(), lf.file);
        if (out)
          results.push_back({lf.file, std::move(*out),
                             pl::translator::inputDependencies(ctx, lf.pchInputs),
                             diags.diagnostics().empty()});
      });
  if (!o.exportFixes.empty()) { // written whatever the outcome: errors are what it is for
    pl::tools::OutputFiles fixFile("pl-translate");
    if (!fixFile.stage(o.exportFixes, fixes.yaml()) || !fixFile.commit())
      return kUserError;
  }
  if (internalError)
    return kUsageError; // "2 usage or internal error"; nothing is written
  if (rc != 0 || results.size() != files.size())
    return kUserError; // nothing else is written when any input had an error
  // Every output of the run is staged first and committed together: all of them or none.
  pl::tools::OutputFiles outputs("pl-translate");
  for (auto &r : results)
    if (!stageOutputs(outputs, o, r.file, r.out.text, r.out.package, r.deps))
      return kUserError;
  if (!outputs.commit())
    return kUserError;
  if (key && results.front().quiet) // a cache that cannot be written is only a miss
    (void)pl::translator::storeTranslation(o.cacheDir, *key,
                                           {results.front().out.text, results.front().deps});
  return kOk;
}
