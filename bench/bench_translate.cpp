// bench_translate: pl-translate's phases on each sample (Clang parse + sema, lowering to IR,
// default pipeline (entry points first), backend emission, rewriting, writing the output) against a plain
// Clang syntax-only parse of the same file with the same flags, in the same run. Peak memory:
// each of the two runs once in a fresh child process (this binary re-executed with --child),
// compared by the children's ru_maxrss.
#include "bench/bench_main.h"

#include "translator/lower.h"
#include "translator/marked_functions.h"
#include "translator/pch_cache.h"
#include "translator/rewrite.h"
#include "translator/translate.h"
#include "translator/translation_cache.h"

#include "emit/backend.h"
#include "ir/op_registry.h"
#include "passes/pass_context.h"
#include "passes/platform.h"
#include "passes/pipeline.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace ir = pl::ir;
namespace tr = pl::translator;
using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

/// The flags pl-translate gives Clang for `pl-translate f.cpp -- -std=c++20 -I<dsl>`
/// (tests/e2e's command), used for both runs.
std::unique_ptr<clang::tooling::CompilationDatabase> database() {
  std::vector<std::string> flags = {"-std=c++20", "-I" PL_DSL_INCLUDE_DIR,
                                    "-idirafter", PL_DSL_INCLUDE_DIR,
                                    "-resource-dir=" PL_CLANG_RESOURCE_DIR,
                                    "-Wno-unknown-attributes"};
  return std::make_unique<clang::tooling::FixedCompilationDatabase>(".", flags);
}

struct Phases {
  double parse = 0, lower = 0, pipeline = 0, emit = 0, rewrite = 0, write = 0, total = 0;
  bool ok = false;
};

/// translator/translate.cpp's translateFile with a clock between the steps.
class TimedConsumer : public clang::ASTConsumer {
public:
  TimedConsumer(Phases &ph, Clock::time_point start, std::string &out,
                tr::MarkedFunctionScope scope)
      : ph_(ph), start_(start), out_(out), scope_(scope) {}

  void HandleTranslationUnit(clang::ASTContext &ctx) override {
    Clock::time_point t0 = Clock::now();
    ph_.parse = seconds(start_, t0);
    ir::DiagnosticEngine diags;
    std::vector<tr::MarkedFunction> marked;
    ir::ProgramPtr lowered = tr::lowerTranslationUnit(ctx, diags, marked, scope_);
    Clock::time_point t1 = Clock::now();
    ph_.lower = seconds(t0, t1);
    if (!lowered || diags.hasErrors())
      return;
    pl::passes::PassContext pc;
    pc.setDiagnostics(&diags);
    pl::passes::PassContextGuard guard(pc);
    ir::ProgramPtr final = pl::passes::buildDefaultPipeline(pc).run(lowered);
    Clock::time_point t2 = Clock::now();
    ph_.pipeline = seconds(t1, t2);
    if (!final || diags.hasErrors())
      return;
    const pl::emit::Backend &backend = pl::emit::backendFor(pl::passes::platformName(pc.platform()));
    pl::emit::EmitOptions eo;
    eo.namespaceName = tr::generatedNamespace(ctx);
    std::string code = backend.emitProgram(*final, pl::emit::EmitPart::All, eo, diags);
    Clock::time_point t3 = Clock::now();
    ph_.emit = seconds(t2, t3);
    if (diags.hasErrors())
      return;
    tr::RewriteOptions ro;
    ro.outputName = "bench.pl.cpp";
    ro.generatedNamespace = eo.namespaceName;
    ro.generatedCode = std::move(code);
    std::optional<std::string> text =
        tr::rewriteMainFile(ctx, tr::entryPoints(marked, *final), ro, backend, diags);
    ph_.rewrite = seconds(t3, Clock::now());
    if (!text || diags.hasErrors())
      return;
    out_ = std::move(*text);
    ph_.ok = true;
  }

private:
  Phases &ph_;
  Clock::time_point start_;
  std::string &out_;
  tr::MarkedFunctionScope scope_;
};

class TimedAction : public clang::ASTFrontendAction {
public:
  TimedAction(Phases &ph, Clock::time_point start, std::string &out, tr::MarkedFunctionScope scope)
      : ph_(ph), start_(start), out_(out), scope_(scope) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &,
                                                        llvm::StringRef) override {
    return std::make_unique<TimedConsumer>(ph_, start_, out_, scope_);
  }

private:
  Phases &ph_;
  Clock::time_point start_;
  std::string &out_;
  tr::MarkedFunctionScope scope_;
};

/// One pl-translate of `file` (output written to `outPath`), phase by phase; with `pchDir`, with
/// the cached PCH kept there (translator/pch_cache.h: checked, or built, then used), as
/// pl-translate runs by default.
Phases translateOnce(const std::string &file, const std::string &outPath,
                     const std::string &pchDir = "") {
  Phases ph;
  std::string text;
  Clock::time_point start = Clock::now();
  auto db = database();
  clang::tooling::ClangTool tool(*db, {file});
  struct Factory : clang::tooling::FrontendActionFactory {
    Phases &ph;
    Clock::time_point start;
    std::string &out;
    const std::string &pchDir;
    Factory(Phases &p, Clock::time_point s, std::string &o, const std::string &d)
        : ph(p), start(s), out(o), pchDir(d) {}
    tr::MarkedFunctionScope scope = tr::MarkedFunctionScope::All;
    bool runInvocation(std::shared_ptr<clang::CompilerInvocation> inv, clang::FileManager *files,
                       std::shared_ptr<clang::PCHContainerOperations> ops,
                       clang::DiagnosticConsumer *diags) override {
      if (tr::usePch(*inv, *files, ops, pchDir))
        scope = tr::MarkedFunctionScope::SkipCachedPch;
      return FrontendActionFactory::runInvocation(std::move(inv), files, std::move(ops), diags);
    }
    std::unique_ptr<clang::FrontendAction> create() override {
      return std::make_unique<TimedAction>(ph, start, out, scope);
    }
  } factory(ph, start, text, pchDir);
  int rc = tool.run(&factory);
  Clock::time_point end = Clock::now();
  if (rc != 0 || !ph.ok) {
    ph.ok = false;
    return ph;
  }
  std::ofstream(outPath, std::ios::binary) << text;
  ph.write = seconds(end, Clock::now());
  ph.total = seconds(start, Clock::now());
  return ph;
}

/// One Clang -fsyntax-only parse of `file` with the same flags; returns seconds, < 0 on error.
double syntaxOnlyOnce(const std::string &file) {
  Clock::time_point start = Clock::now();
  auto db = database();
  clang::tooling::ClangTool tool(*db, {file});
  int rc = tool.run(clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>().get());
  return rc == 0 ? seconds(start, Clock::now()) : -1;
}

/// Peak RSS (KiB) of this binary re-executed as `--child=<mode> <file>`; 0 on failure.
long childPeakKiB(const char *self, const std::string &mode, const std::string &file) {
  pid_t pid = fork();
  if (pid == 0) {
    std::string flag = "--child=" + mode;
    execl(self, self, flag.c_str(), file.c_str(), static_cast<char *>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0)
    return 0;
  return ru.ru_maxrss;
}

const char *selfPath = nullptr;

std::string outputPath(const std::string &sample) {
  return std::string(PL_BENCH_OUT_DIR) + "/" + sample + ".bench.pl.cpp";
}

/// Per iteration one `translate()` and one syntax-only parse of `file`, in alternating order so
/// neither always gets the warm caches: the translations' phases summed into `sum`, the parses
/// into `baseline`. False (the benchmark skipped) when either fails.
template <class Translate>
bool timeAgainstBaseline(benchmark::State &state, const std::string &file, Translate translate,
                         Phases &sum, double &baseline) {
  bool baselineFirst = true;
  for (auto _ : state) {
    double b = baselineFirst ? syntaxOnlyOnce(file) : 0;
    Phases ph = translate();
    if (!baselineFirst)
      b = syntaxOnlyOnce(file);
    baselineFirst = !baselineFirst;
    if (b < 0 || !ph.ok) {
      state.SkipWithError("clang or pl-translate failed on the sample");
      return false;
    }
    state.SetIterationTime(ph.total);
    baseline += b;
    sum.parse += ph.parse, sum.lower += ph.lower, sum.pipeline += ph.pipeline;
    sum.emit += ph.emit, sum.rewrite += ph.rewrite, sum.write += ph.write, sum.total += ph.total;
  }
  return true;
}

void translateBench(benchmark::State &state, std::string sample) {
  const std::string file = std::string(PL_SAMPLES_DIR) + "/" + sample + ".cpp";
  Phases sum;
  double baseline = 0;
  if (!timeAgainstBaseline(
          state, file, [&] { return translateOnce(file, outputPath(sample)); }, sum, baseline))
    return;
  using C = benchmark::Counter;
  auto avg = [](double v) { return C(v, C::kAvgIterations); };
  state.counters["parse_s"] = avg(sum.parse);
  state.counters["lower_s"] = avg(sum.lower);
  state.counters["pipeline_s"] = avg(sum.pipeline);
  state.counters["emit_s"] = avg(sum.emit);
  state.counters["rewrite_s"] = avg(sum.rewrite);
  state.counters["write_s"] = avg(sum.write);
  state.counters["total_s"] = avg(sum.total);
  state.counters["baseline_s"] = avg(baseline);
  state.counters["time_ratio"] = sum.total / baseline;
  long rssT = childPeakKiB(selfPath, "translate", file);
  long rssB = childPeakKiB(selfPath, "syntax", file);
  state.counters["rss_translate_kib"] = static_cast<double>(rssT);
  state.counters["rss_baseline_kib"] = static_cast<double>(rssB);
  state.counters["mem_ratio"] = rssB > 0 ? static_cast<double>(rssT) / rssB : 0.0;
}

/// pl-translate with its cached PCH (the default) against a plain syntax-only parse without one,
/// in the same run (issue 16's goal: ratio <= 0.35). The entry is built before the timed
/// iterations (`pch_build_s`, a translation that builds it); each timed one checks the entry
/// (the manifest's files, the PCH's hash) and uses it.
void translatePchBench(benchmark::State &state, std::string sample) {
  const std::string file = std::string(PL_SAMPLES_DIR) + "/" + sample + ".cpp";
  const std::string dir = std::string(PL_BENCH_OUT_DIR) + "/pch";
  (void)llvm::sys::fs::remove_directories(dir);
  Phases first = translateOnce(file, outputPath(sample), dir);
  if (!first.ok) {
    state.SkipWithError("pl-translate failed on the sample");
    return;
  }
  Phases sum;
  double baseline = 0;
  if (!timeAgainstBaseline(
          state, file, [&] { return translateOnce(file, outputPath(sample), dir); }, sum, baseline))
    return;
  using C = benchmark::Counter;
  auto avg = [](double v) { return C(v, C::kAvgIterations); };
  state.counters["pch_build_s"] = first.total;
  state.counters["parse_s"] = avg(sum.parse);
  state.counters["lower_s"] = avg(sum.lower);
  state.counters["rest_s"] = avg(sum.pipeline + sum.emit + sum.rewrite + sum.write);
  state.counters["total_s"] = avg(sum.total);
  state.counters["baseline_s"] = avg(baseline);
  state.counters["time_ratio"] = sum.total / baseline;
}

/// pl-translate --cache-dir on a hit: preprocessing the input for its includes, hashing
/// everything the key covers and reading the entry — against a full translation (the miss) of
/// the same file in the same run. The ratio is what an unchanged file costs to re-translate.
void cacheHitBench(benchmark::State &state, std::string sample) {
  const std::string file = std::string(PL_SAMPLES_DIR) + "/" + sample + ".cpp";
  const std::string dir = std::string(PL_BENCH_OUT_DIR) + "/cache";
  auto db = database();
  tr::FrontendOptions fo; // the database already holds the adjusted flags
  std::vector<std::string> args = {file, "-o", outputPath(sample)};
  double miss = 0, hit = 0;
  for (auto _ : state) {
    Phases ph = translateOnce(file, outputPath(sample));
    auto t0 = Clock::now();
    auto in = tr::translationInputs(*db, file, fo);
    auto key = in ? tr::translationCacheKey("/proc/self/exe", args, "basic", in->command, in->files)
                  : std::nullopt;
    if (!ph.ok || !key) {
      state.SkipWithError("pl-translate failed on the sample");
      return;
    }
    if (!tr::lookupTranslation(dir, *key)) { // the first iteration stores what the miss wrote
      std::ifstream f(outputPath(sample));
      std::stringstream text;
      text << f.rdbuf();
      tr::storeTranslation(dir, *key, {text.str(), in->files});
      t0 = Clock::now();
      in = tr::translationInputs(*db, file, fo);
      key = tr::translationCacheKey("/proc/self/exe", args, "basic", in->command, in->files);
      if (!key || !tr::lookupTranslation(dir, *key)) {
        state.SkipWithError("the cache entry could not be stored or read");
        return;
      }
    }
    double h = seconds(t0, Clock::now());
    state.SetIterationTime(h);
    hit += h;
    miss += ph.total;
  }
  using C = benchmark::Counter;
  state.counters["hit_s"] = C(hit, C::kAvgIterations);
  state.counters["miss_s"] = C(miss, C::kAvgIterations);
  state.counters["hit_ratio"] = hit / miss;
}

std::vector<std::string> samples() {
  std::vector<std::string> out;
  std::stringstream ss(PL_BENCH_SAMPLES);
  for (std::string s; std::getline(ss, s, ',');)
    if (!s.empty())
      out.push_back(s);
  return out;
}

/// `--child=translate|syntax <file>`: one run, for the parent's ru_maxrss.
int childMain(const char *mode, const char *file) {
  std::string stem = llvm::sys::path::stem(file).str();
  if (std::strcmp(mode, "translate") == 0)
    return translateOnce(file, outputPath(stem + ".child")).ok ? 0 : 1;
  return syntaxOnlyOnce(file) >= 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  ir::registerAllOps();
  if (argc == 3 && std::strncmp(argv[1], "--child=", 8) == 0)
    return childMain(argv[1] + 8, argv[2]);
  selfPath = "/proc/self/exe";
  return pl::bench::benchMain(argc, argv, [](bool smoke) {
    std::vector<std::string> names = samples();
    if (smoke)
      names.resize(1);
    for (const std::string &s : names) {
      auto *b = benchmark::RegisterBenchmark(("BM_Translate/" + s).c_str(), translateBench, s);
      b->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(smoke ? 1 : 3);
    }
    auto *p = benchmark::RegisterBenchmark("BM_TranslatePch/hello_world", translatePchBench,
                                           std::string("hello_world"));
    p->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(smoke ? 1 : 5);
    auto *c = benchmark::RegisterBenchmark("BM_TranslateCacheHit/hello_world", cacheHitBench,
                                           std::string("hello_world"));
    c->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(smoke ? 1 : 3);
  });
}
