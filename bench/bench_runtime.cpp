// bench_runtime: the simulator's orchestration runtime with empty kernels — submit, dependency
// tracking (TensorMap) and execution cost per task for independent tasks, a chain and a wide
// fan-out/fan-in, in serial and threads modes; and the per-call orchestration cost of one decoder
// layer called N times, its body run on every call versus recorded once and replayed
// (pl::sim::submit_graph): submission alone (shuffle mode defers the tasks) and with the tasks run
// inline (serial); and what running a task as a cluster costs: n independent empty tasks as
// one AIV kernel each versus as mixed tasks of one AIC and two AIV kernels (each block a cluster
// whose AIV kernels run as fibers on the thread that runs the block), side by side; and the threads
// mode's speed-up on n independent 64x64 tasks (a matmul each), serial and threads side by side.
#include "bench/bench_main.h"

#include "pl/sim/sim.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace {

using namespace pl::sim;

enum class Shape { Independent, Chain, ChainDerived, FanOutIn };

const char *shapeName(Shape s) {
  static constexpr const char *kNames[] = {"independent", "chain", "chain_derived", "fan_out_in"};
  return kNames[static_cast<size_t>(s)];
}

/// One orchestration: `n` empty AIV tasks in the given dependency shape, then the join.
/// Independent: each task writes its own tensor. Chain: every task updates (inout) the same
/// tensor. Chain derived: the chain as AutoDeriveTaskDependencies prints it (a MANUAL scope, each
/// task naming its predecessor's task id; the simulator still looks every tensor up, to check the
/// edges). Fan-out/fan-in: one producer, n - 2 readers of its output each writing its own
/// tensor, joined by consumers reading them 31 at a time (a core task's limit is 32 tensors).
void submitAll(Shape shape, int n, const std::vector<ChipTensor> &own, const ChipTensor &shared) {
  switch (shape) {
  case Shape::Independent:
    for (int i = 0; i < n; ++i) {
      CoreTaskArgs a;
      a.add_output(own[i]);
      rt_submit_aiv_task(0, a);
    }
    return;
  case Shape::Chain:
    for (int i = 0; i < n; ++i) {
      CoreTaskArgs a;
      a.add_inout(shared);
      rt_submit_aiv_task(0, a);
    }
    return;
  case Shape::ChainDerived:
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
      PTO2TaskId prev;
      for (int i = 0; i < n; ++i) {
        CoreTaskArgs a;
        a.add_inout(shared);
        if (prev.is_valid())
          a.set_dependencies(&prev, 1);
        prev = rt_submit_aiv_task(0, a).task_id();
      }
    }
    return;
  case Shape::FanOutIn: {
    CoreTaskArgs first;
    first.add_output(shared);
    rt_submit_aiv_task(0, first);
    for (int i = 0; i < n - 2; ++i) {
      CoreTaskArgs a;
      a.add_input(shared);
      a.add_output(own[i]);
      rt_submit_aiv_task(0, a);
    }
    // The join: a core task carries at most 32 tensors, so it reads the n - 2 outputs in
    // groups of 31, each group's task updating the joined tensor.
    const int group = static_cast<int>(CoreTaskArgs::kMaxTaskTensors) - 1;
    for (int g = 0; g < n - 2; g += group) {
      CoreTaskArgs join;
      for (int i = g; i < std::min(g + group, n - 2); ++i)
        join.add_input(own[i]);
      join.add_inout(own[n - 1]);
      rt_submit_aiv_task(0, join);
    }
    return;
  }
  }
}

void runtimeBench(benchmark::State &state, Shape shape, ExecMode mode) {
  const int n = static_cast<int>(state.range(0));
  std::vector<ChipTensor> own;
  own.reserve(n);
  for (int i = 0; i < n; ++i)
    own.push_back(ChipTensor::allocate(DataType::FLOAT32, {16}));
  ChipTensor shared = ChipTensor::allocate(DataType::FLOAT32, {16});
  KernelTable table{{0, [](std::int64_t *) {}, "empty"}};
  RuntimeOptions opts;
  opts.mode = mode;
  opts.warn = false;
  for (auto _ : state) {
    Runtime rt(table, opts);
    RuntimeBinding bind(rt);
    PTO2_SCOPE() { submitAll(shape, n, own, shared); }
    rt.wait_all();
  }
  const double tasks = static_cast<double>(n) * static_cast<double>(state.iterations());
  state.SetItemsProcessed(static_cast<int64_t>(tasks));
  // Seconds per task; the JSON holds seconds, the summary prints microseconds.
  state.counters["s_per_task"] =
      benchmark::Counter(tasks, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

/// The layer of samples/graph_decoder.cpp as the backend prints it (a graph body): two internal
/// tensors and three tasks over the arguments h (inout), w, gamma and the weight row offset.
void layerBody(const CoreTaskArgs &args) {
  const ChipTensor &h = args.tensor(0).ref();
  const ChipTensor &w = args.tensor(1).ref();
  const ChipTensor &gamma = args.tensor(2).ref();
  const std::uint32_t shapes[] = {32, 64};
  TensorCreateInfo normedCi(shapes, 2, DataType::FLOAT32), mixedCi(shapes, 2, DataType::FLOAT32);
  TaskOutputTensors allocated = alloc_tensors(normedCi, mixedCi);
  const ChipTensor &normed = allocated.get_ref(0);
  const ChipTensor &mixed = allocated.get_ref(1);
  CoreTaskArgs p0;
  p0.add_input(h);
  p0.add_input(gamma);
  p0.add_output(normed);
  rt_submit_aiv_task(0, p0);
  CoreTaskArgs p1;
  p1.add_input(normed);
  p1.add_input(w);
  p1.add_output(mixed);
  p1.add_scalar(args.scalar(0));
  rt_submit_aiv_task(0, p1);
  CoreTaskArgs p2;
  p2.add_inout(h);
  p2.add_input(mixed);
  rt_submit_aiv_task(0, p2);
}

/// Seconds the orchestration spends in `layers` calls of the layer, with the body run on every
/// call (`graph` false) or through pl::sim::submit_graph: the submission loop only (in shuffle mode
/// the tasks run at the join, after it; in serial mode each runs as it is submitted, included).
double layerCalls(const KernelTable &table, const RuntimeOptions &opts, int layers, bool graph,
                  const ChipTensor &h, const ChipTensor &w, const ChipTensor &gammas) {
  Runtime rt(table, opts);
  RuntimeBinding bind(rt);
  double seconds = 0;
  PTO2_SCOPE() {
    const auto start = std::chrono::steady_clock::now();
    for (std::int64_t l = 0; l < layers; ++l) {
      CoreTaskArgs args;
      args.add_inout(h);
      args.add_input(w);
      const std::uint32_t rowShape[] = {1, 64}, rowAt[] = {static_cast<std::uint32_t>(l), 0};
      const ChipTensor gamma = gammas.view(rowShape, rowAt);
      args.add_input(gamma);
      args.add_scalar(to_u64(l * 32));
      if (graph)
        submit_graph(&layerBody, args);
      else
        layerBody(args);
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  rt.wait_all();
  return seconds;
}

/// Both ways in one run, side by side: seconds per layer call of each and their ratio.
void graphBench(benchmark::State &state, ExecMode mode) {
  const int layers = static_cast<int>(state.range(0));
  ChipTensor h = ChipTensor::allocate(DataType::FLOAT32, {32, 64});
  ChipTensor w = ChipTensor::allocate(DataType::FLOAT32, {32, 64});
  ChipTensor gammas = ChipTensor::allocate(DataType::FLOAT32, {layers, 64});
  KernelTable table{{0, [](std::int64_t *) {}, "empty"}};
  RuntimeOptions opts;
  opts.mode = mode;
  opts.warn = false;
  double plain = 0, graph = 0;
  for (auto _ : state) {
    plain += layerCalls(table, opts, layers, false, h, w, gammas);
    graph += layerCalls(table, opts, layers, true, h, w, gammas);
  }
  const double calls = static_cast<double>(layers) * static_cast<double>(state.iterations());
  state.counters["s_per_call_body"] = plain / calls;
  state.counters["s_per_call_graph"] = graph / calls;
  state.counters["graph_speedup"] = plain / graph;
}

/// Seconds to run `n` independent empty tasks, each `ks` (plain AIV or mixed).
double independentTasks(const KernelTable &table, const RuntimeOptions &opts, int n, bool mixed,
                        const std::vector<ChipTensor> &own) {
  const auto t0 = std::chrono::steady_clock::now();
  {
    Runtime rt(table, opts);
    RuntimeBinding bind(rt);
    PTO2_SCOPE() {
      for (int i = 0; i < n; ++i) {
        CoreTaskArgs a;
        a.add_output(own[static_cast<size_t>(i)]);
        if (mixed)
          rt_submit_task(MixedKernels{0, 0, 0}, a);
        else
          rt_submit_aiv_task(0, a);
      }
    }
    rt.wait_all();
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void mixedBench(benchmark::State &state, ExecMode mode) {
  const int n = static_cast<int>(state.range(0));
  std::vector<ChipTensor> own;
  own.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    own.push_back(ChipTensor::allocate(DataType::FLOAT32, {16}));
  KernelTable table{{0, [](std::int64_t *) {}, "empty"}};
  RuntimeOptions opts;
  opts.mode = mode;
  opts.warn = false;
  double single = 0, cluster = 0;
  for (auto _ : state) {
    single += independentTasks(table, opts, n, false, own);
    cluster += independentTasks(table, opts, n, true, own);
  }
  const double tasks = static_cast<double>(n) * static_cast<double>(state.iterations());
  state.counters["s_per_aiv_task"] = single / tasks;
  state.counters["s_per_mixed_task"] = cluster / tasks;
  state.counters["mixed_over_aiv"] = cluster / single;
}

/// One 64x64 fp32 task: c = a * b (a plain triple loop, about 0.26 M multiply-adds).
void matmul64(std::int64_t *args) {
  const auto *a = reinterpret_cast<const ChipTensor *>(static_cast<std::intptr_t>(args[0]));
  const auto *b = reinterpret_cast<const ChipTensor *>(static_cast<std::intptr_t>(args[1]));
  const auto *c = reinterpret_cast<const ChipTensor *>(static_cast<std::intptr_t>(args[2]));
  const float *x = static_cast<const float *>(a->data()),
              *y = static_cast<const float *>(b->data());
  float *z = static_cast<float *>(c->data());
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j) {
      float acc = 0;
      for (int k = 0; k < 64; ++k)
        acc += x[i * 64 + k] * y[k * 64 + j];
      z[i * 64 + j] = acc;
    }
}

/// Seconds to run `n` independent 64x64 tasks (each its own output) in `mode`, runtime included.
double parallelTasks(const KernelTable &table, ExecMode mode, const ChipTensor &a,
                     const ChipTensor &b, const std::vector<ChipTensor> &out) {
  RuntimeOptions opts;
  opts.mode = mode;
  opts.warn = false;
  const auto t0 = std::chrono::steady_clock::now();
  {
    Runtime rt(table, opts);
    RuntimeBinding bind(rt);
    PTO2_SCOPE() {
      for (const ChipTensor &c : out) {
        CoreTaskArgs args;
        args.add_input(a);
        args.add_input(b);
        args.add_output(c);
        rt_submit_aiv_task(0, args);
      }
    }
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// The threads mode's speed-up: `n` independent 64x64 tasks, serial and threads in one iteration.
void parallelBench(benchmark::State &state) {
  const int n = static_cast<int>(state.range(0));
  ChipTensor a = ChipTensor::allocate(DataType::FLOAT32, {64, 64});
  ChipTensor b = ChipTensor::allocate(DataType::FLOAT32, {64, 64});
  for (int i = 0; i < 64 * 64; ++i) {
    static_cast<float *>(a.data())[i] = static_cast<float>(i % 7) * 0.25f;
    static_cast<float *>(b.data())[i] = static_cast<float>(i % 5) * 0.5f;
  }
  std::vector<ChipTensor> out;
  for (int i = 0; i < n; ++i)
    out.push_back(ChipTensor::allocate(DataType::FLOAT32, {64, 64}));
  KernelTable table{{0, matmul64, "matmul64"}};
  double serial = 0, threads = 0;
  for (auto _ : state) {
    serial += parallelTasks(table, ExecMode::Serial, a, b, out);
    threads += parallelTasks(table, ExecMode::Threads, a, b, out);
  }
  const double iters = static_cast<double>(state.iterations());
  state.counters["s_serial"] = serial / iters;
  state.counters["s_threads"] = threads / iters;
  state.counters["threads_speedup"] = serial / threads;
}

} // namespace

int main(int argc, char **argv) {
  return pl::bench::benchMain(argc, argv, [](bool smoke) {
    std::vector<int64_t> sizes = smoke ? std::vector<int64_t>{64} : std::vector<int64_t>{1000, 10000};
    for (ExecMode mode : {ExecMode::Serial, ExecMode::Threads})
      for (Shape shape : {Shape::Independent, Shape::Chain, Shape::ChainDerived, Shape::FanOutIn}) {
        std::string name = std::string("BM_Runtime/") + shapeName(shape) + "/" +
                           (mode == ExecMode::Serial ? "serial" : "threads");
        auto *b = benchmark::RegisterBenchmark(name.c_str(), runtimeBench, shape, mode);
        for (int64_t n : sizes)
          b->Arg(n);
        b->Unit(benchmark::kMillisecond)->UseRealTime();
      }
    std::vector<int64_t> layers = smoke ? std::vector<int64_t>{8} : std::vector<int64_t>{40, 400};
    for (ExecMode mode : {ExecMode::Shuffle, ExecMode::Serial}) {
      std::string name =
          std::string("BM_GraphLayer/") + (mode == ExecMode::Serial ? "serial" : "shuffle");
      auto *b = benchmark::RegisterBenchmark(name.c_str(), graphBench, mode);
      for (int64_t n : layers)
        b->Arg(n);
      b->Unit(benchmark::kMillisecond)->UseRealTime();
    }
    benchmark::RegisterBenchmark("BM_Parallel64x64", parallelBench)
        ->Arg(smoke ? 4 : 64)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    for (ExecMode mode : {ExecMode::Serial, ExecMode::Threads}) {
      std::string name =
          std::string("BM_MixedTask/") + (mode == ExecMode::Serial ? "serial" : "threads");
      auto *b = benchmark::RegisterBenchmark(name.c_str(), mixedBench, mode);
      b->Arg(smoke ? 16 : 1000);
      b->Unit(benchmark::kMillisecond)->UseRealTime();
    }
  });
}
