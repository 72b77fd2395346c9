// bench_pipeline: synthetic programs of 10^2..10^5 IR statements through the default pipeline
// (with its default verification, as pl-translate runs it), and each pass alone on the input
// the pipeline gives it. Google Benchmark fits the complexity in the statement count.
#include "bench/bench_main.h"
#include "bench/program_gen.h"

#include "ir/diagnostics.h"
#include "ir/printer.h"
#include "passes/catalog.h"
#include "passes/pass_context.h"
#include "passes/pipeline.h"

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

using pl::bench::ProgramShape;
namespace ir = pl::ir;
namespace passes = pl::passes;

/// The generated program and the input of every pass of the default pipeline (cached: the
/// per-pass benchmarks of one size share one pipeline run).
struct Stages {
  int64_t statements = 0;
  std::vector<ir::ProgramPtr> inputs; ///< inputs[i] is what pass i receives
};

const Stages &stagesFor(ProgramShape shape, int64_t target) {
  static std::map<std::pair<int, int64_t>, Stages> cache;
  auto key = std::make_pair(static_cast<int>(shape), target);
  if (auto it = cache.find(key); it != cache.end())
    return it->second;
  Stages st;
  ir::ProgramPtr p = pl::bench::generateProgram(shape, target);
  st.statements = pl::bench::countStatements(*p);
  ir::DiagnosticEngine diags;
  passes::PassContext pc;
  pc.setDiagnostics(&diags);
  passes::PassContextGuard guard(pc);
  const passes::Pipeline pipeline = passes::buildDefaultPipeline(pc);
  for (const passes::Pass &pass : pipeline.passes()) {
    st.inputs.push_back(p);
    p = pass(p);
    if (!p || diags.hasErrors()) {
      std::fprintf(stderr, "bench_pipeline: pass '%s' failed on the generated program\n",
                   pass.id().c_str());
      for (const auto &d : diags.diagnostics())
        std::fprintf(stderr, "  %s\n", d.message.c_str());
      std::abort();
    }
  }
  return cache.emplace(key, std::move(st)).first->second;
}

void setPerStatement(benchmark::State &state, int64_t stmts) {
  state.SetComplexityN(stmts);
  state.counters["stmts"] = static_cast<double>(stmts);
  const double total = static_cast<double>(stmts) * static_cast<double>(state.iterations());
  // Seconds per statement (the summary prints nanoseconds).
  state.counters["s_per_stmt"] =
      benchmark::Counter(total, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void passBench(benchmark::State &state, ProgramShape shape, size_t index) {
  const Stages &st = stagesFor(shape, state.range(0));
  ir::DiagnosticEngine diags;
  passes::PassContext pc;
  pc.setDiagnostics(&diags);
  passes::PassContextGuard guard(pc);
  const passes::Pipeline pipeline = passes::buildDefaultPipeline(pc);
  const passes::Pass &pass = pipeline.passes()[index];
  for (auto _ : state) {
    ir::ProgramPtr out = pass(st.inputs[index]);
    benchmark::DoNotOptimize(out);
  }
  setPerStatement(state, st.statements);
}

/// The default pipeline at a verification level (basic: the property verifiers after each pass;
/// roundtrip: also print → parse → structural equality after each pass).
void verifyBench(benchmark::State &state, ProgramShape shape, passes::VerificationLevel level) {
  ir::ProgramPtr input = pl::bench::generateProgram(shape, state.range(0));
  const int64_t stmts = pl::bench::countStatements(*input);
  for (auto _ : state) {
    ir::DiagnosticEngine diags;
    passes::PassContext pc;
    pc.setDiagnostics(&diags);
    pc.setVerificationLevel(level);
    passes::PassContextGuard guard(pc);
    ir::ProgramPtr out = passes::buildDefaultPipeline(pc).run(input);
    if (!out || diags.hasErrors()) {
      state.SkipWithError("the default pipeline failed on the generated program");
      return;
    }
    benchmark::DoNotOptimize(out);
  }
  setPerStatement(state, stmts);
}

/// The default pipeline at its default verification level, as pl-translate runs it.
void pipelineBench(benchmark::State &state, ProgramShape shape) {
  verifyBench(state, shape, passes::PassContext().verificationLevel());
}

// ---- Shapes that were super-linear (issue 42) ---------------------------------------------------

using Generator = ir::ProgramPtr (*)(int64_t);
ir::ProgramPtr nestedLoops(int64_t depth) {
  return pl::bench::generateNestedLoops(static_cast<int>(depth));
}
ir::ProgramPtr versions(int64_t n) { return pl::bench::generateVersions(n, false); }
ir::ProgramPtr distinctNames(int64_t n) { return pl::bench::generateVersions(n, true); }

/// Runs one pass (by id) on the generated program; nullptr after reporting why.
ir::ProgramPtr runPass(benchmark::State &state, const char *id, const ir::ProgramPtr &in) {
  ir::DiagnosticEngine diags;
  passes::PassContext pc;
  pc.setDiagnostics(&diags);
  passes::PassContextGuard guard(pc);
  std::optional<passes::Pass> pass = passes::createPassFromSpec(id, diags);
  ir::ProgramPtr out = pass ? (*pass)(in) : nullptr;
  if (!out || diags.hasErrors())
    state.SkipWithError(("pass '" + std::string(id) + "' failed on the generated program").c_str());
  return out;
}

/// One pass alone on a generated program (the generator's argument: depth, statements, scopes).
void scalingPassBench(benchmark::State &state, const char *id, Generator gen) {
  ir::ProgramPtr input = gen(state.range(0));
  for (auto _ : state)
    if (!runPass(state, id, input))
      return;
  setPerStatement(state, pl::bench::countStatements(*input));
}

/// The printer on the SSA form of a generated program (one version per statement).
void scalingPrintBench(benchmark::State &state, Generator gen) {
  ir::ProgramPtr ssa = runPass(state, "convert-to-ssa", gen(state.range(0)));
  if (!ssa)
    return;
  for (auto _ : state)
    benchmark::DoNotOptimize(ir::printProgram(*ssa));
  setPerStatement(state, pl::bench::countStatements(*ssa));
}

void registerScaling(bool smoke) {
  auto sized = [&](benchmark::internal::Benchmark *b, std::vector<int64_t> full,
                   std::vector<int64_t> small) {
    for (int64_t n : smoke ? small : full)
      b->Arg(n);
    b->Unit(benchmark::kMillisecond)->Complexity();
  };
  // 98 nested loops is the parser's limit (tests/lit/scaling.test).
  sized(benchmark::RegisterBenchmark("BM_Scaling/convert-to-ssa/nested_loops", scalingPassBench,
                                     "convert-to-ssa", &nestedLoops),
        {8, 16, 32, 64, 98}, {8, 98});
  sized(benchmark::RegisterBenchmark("BM_Scaling/convert-to-ssa/versions", scalingPassBench,
                                     "convert-to-ssa", &versions),
        {1000, 10000, 100000}, {1000});
  sized(benchmark::RegisterBenchmark("BM_Scaling/print/versions", scalingPrintBench, &versions),
        {1000, 10000, 100000}, {1000});
  sized(benchmark::RegisterBenchmark("BM_Scaling/print/distinct_names", scalingPrintBench,
                                     &distinctNames),
        {1000, 10000, 100000}, {1000});
  sized(benchmark::RegisterBenchmark("BM_Scaling/outline-incore-scopes/incore_scopes",
                                     scalingPassBench, "outline-incore-scopes",
                                     &pl::bench::generateIncoreScopes),
        {100, 1000, 10000}, {100});
  sized(benchmark::RegisterBenchmark("BM_Scaling/fuse-create-assemble-to-slice/blocks",
                                     scalingPassBench, "fuse-create-assemble-to-slice",
                                     &pl::bench::generateFusibleBlocks),
        {100, 1000, 10000}, {100});
  sized(benchmark::RegisterBenchmark("BM_Scaling/lower-composite-ops/trig", scalingPassBench,
                                     "lower-composite-ops", &pl::bench::generateTrigKernel),
        {100, 1000, 10000}, {100});
}

} // namespace

int main(int argc, char **argv) {
  // A --benchmark_min_time on the command line applies to the per-pass rows too (e.g. 0 for one
  // run each under bench/callgrind_pass.sh); without one they run at least 0.2 s.
  bool minTimeGiven = false;
  for (int i = 1; i < argc; ++i)
    minTimeGiven |= std::string(argv[i]).rfind("--benchmark_min_time", 0) == 0;
  return pl::bench::benchMain(argc, argv, [minTimeGiven](bool smoke) {
    std::vector<int64_t> sizes = smoke ? std::vector<int64_t>{100, 1000}
                                       : std::vector<int64_t>{100, 1000, 10000, 100000};
    passes::PassContext pc;
    std::vector<std::string> ids;
    const passes::Pipeline pipeline = passes::buildDefaultPipeline(pc);
    for (const passes::Pass &p : pipeline.passes())
      ids.push_back(p.id());
    for (ProgramShape shape : {ProgramShape::ManyKernels, ProgramShape::LongStraight}) {
      std::string s(pl::bench::programShapeName(shape));
      auto *b = benchmark::RegisterBenchmark(("BM_Pipeline/" + s).c_str(), pipelineBench, shape);
      for (int64_t n : sizes)
        b->Arg(n);
      b->Unit(benchmark::kMillisecond)->Complexity();
      for (size_t i = 0; i < ids.size(); ++i) {
        auto *pb = benchmark::RegisterBenchmark(("BM_Pass/" + ids[i] + "/" + s).c_str(), passBench,
                                                shape, i);
        for (int64_t n : sizes)
          pb->Arg(n);
        pb->Unit(benchmark::kMillisecond)->Complexity();
        if (!smoke && !minTimeGiven)
          pb->MinTime(0.2);
      }
      for (auto level : {passes::VerificationLevel::Basic, passes::VerificationLevel::Roundtrip}) {
        auto *vb = benchmark::RegisterBenchmark(
            ("BM_Verify/" + std::string(passes::verificationLevelName(level)) + "/" + s).c_str(),
            verifyBench, shape, level);
        for (int64_t n : sizes)
          vb->Arg(n);
        vb->Unit(benchmark::kMillisecond)->Complexity();
      }
    }
    registerScaling(smoke);
  });
}
