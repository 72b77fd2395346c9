// tests/sim/test_runtime.cpp — the orchestration runtime: TensorMap RAW/WAW ordering in every mode, WAR hazards, scopes, manual deps, shuffle seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "pl/sim/sim.hpp"
#include "pl/sim/vendor/intrinsic.h"
#include "sim_test_util.h"

using namespace pl::sim;

namespace {

/// The window of `t` at `off` (the runtime's view takes uint32_t arrays).
ChipTensor window(const ChipTensor &t, std::initializer_list<std::int64_t> shape,
                  std::initializer_list<std::int64_t> off) {
  std::array<std::uint32_t, kMaxRank> s{}, o{};
  std::transform(shape.begin(), shape.end(), s.begin(),
                 [](std::int64_t v) { return static_cast<std::uint32_t>(v); });
  std::transform(off.begin(), off.end(), o.begin(),
                 [](std::int64_t v) { return static_cast<std::uint32_t>(v); });
  return t.view(s.data(), o.data());
}

/// Kernels used below; each appends (tag) to a log so tests can check the order.
struct Log {
  std::mutex mu;
  std::vector<std::uint64_t> tags;
  void add(std::uint64_t t) {
    std::lock_guard lk(mu);
    tags.push_back(t);
  }
  std::size_t pos(std::uint64_t t) {
    return static_cast<std::size_t>(std::find(tags.begin(), tags.end(), t) - tags.begin());
  }
};
Log* gLog = nullptr;

/// args: in, out, tag. out = in + 1 (every element), through a Vec tile of the worker's arena.
void kIncr(std::int64_t* args) {
  auto in = viewArg<float>(args, 0), out = viewArg<float>(args, 1);
  Tile<float, pl::Mem::Vec, 1, 8> t;
  TASSIGN(t, 0);
  TLOAD(t, in);
  TADDS(t, t, 1.0f);
  TSTORE(out, t);
  gLog->add(scalarArg<std::uint64_t>(args, 2));
}
/// args: a, b, out, tag. out = a + b.
void kAdd(std::int64_t* args) {
  auto a = viewArg<float>(args, 0), b = viewArg<float>(args, 1), out = viewArg<float>(args, 2);
  Tile<float, pl::Mem::Vec, 1, 8> ta, tb;
  TASSIGN(ta, 0);
  TASSIGN(tb, 64);
  TLOAD(ta, a);
  TLOAD(tb, b);
  TADD(ta, ta, tb);
  TSTORE(out, ta);
  gLog->add(scalarArg<std::uint64_t>(args, 3));
}
/// args: out, value(float), tag. out = value.
void kFill(std::int64_t* args) {
  auto out = viewArg<float>(args, 0);
  Tile<float, pl::Mem::Vec, 1, 8> t;
  TASSIGN(t, 0);
  TEXPANDS(t, scalarArg<float>(args, 1));
  t.SetValidShape(out.rows(), out.cols());
  TSTORE(out, t);
  gLog->add(scalarArg<std::uint64_t>(args, 2));
}
void kThrow(std::int64_t*) { throw SimError("boom"); }
void kTag(std::int64_t* args) { gLog->add(scalarArg<std::uint64_t>(args, 0)); }
void kLane(std::int64_t *args) {
  gLog->add(100 + scalarArg<std::uint64_t>(args, 0) * 10 +
            static_cast<std::uint64_t>(get_sub_block_id(args)));
}
/// args: a tensor, tag. Logs tag * 1000 + block_num * 100 + block_idx (SPMD launches).
void kBlock(std::int64_t* args) {
  gLog->add(scalarArg<std::uint64_t>(args, 1) * 1000 +
            static_cast<std::uint64_t>(get_block_num(args)) * 100 +
            static_cast<std::uint64_t>(get_block_idx(args)));
}

enum : int { kIncrId, kAddId, kFillId, kThrowId, kTagId, kLaneId, kBlockId };
KernelTable table() {
  return KernelTable{{kIncrId, kIncr, "incr"}, {kAddId, kAdd, "add"},   {kFillId, kFill, "fill"},
                     {kThrowId, kThrow, "throw"}, {kTagId, kTag, "tag"}, {kLaneId, kLane, "lane"},
                     {kBlockId, kBlock, "block"}};
}
RuntimeOptions opts(ExecMode m, std::uint64_t seed = 1) {
  RuntimeOptions o;
  o.mode = m;
  o.seed = seed;
  o.warn = false;
  o.aicWorkers = 2;
  o.aivWorkers = 3;
  return o;
}
ChipTensor vec8() { return ChipTensor::allocate(DataType::FLOAT32, {1, 8}); }
float at(const ChipTensor& t, int i) { return static_cast<const float*>(t.data())[i]; }

TaskOutputTensors incr(const ChipTensor& in, const ChipTensor& out, std::uint64_t tag) {
  CoreTaskArgs p;
  p.add_input(in);
  p.add_output(out);
  p.add_scalar(tag);
  return rt_submit_aiv_task(kIncrId, p);
}
TaskOutputTensors fillT(const ChipTensor& out, float v, std::uint64_t tag) {
  CoreTaskArgs p;
  p.add_output(out);
  p.add_scalar(to_u64(v));
  p.add_scalar(tag);
  return rt_submit_aiv_task(kFillId, p);
}

class SimRuntime : public ::testing::TestWithParam<ExecMode> {
 protected:
  void SetUp() override { gLog = &log_; }
  /// Runs `body(rt)` `reps` times, each with an empty log on a fresh runtime of this test's
  /// mode, seeded `firstSeed + rep` and bound to this thread; stops at a fatal failure.
  template <class F> void eachSeed(int reps, F body, std::uint64_t firstSeed = 0) {
    for (int rep = 0; rep < reps && !HasFatalFailure(); ++rep) {
      log_.tags.clear();
      Runtime rt(table(), opts(GetParam(), firstSeed + static_cast<std::uint64_t>(rep)));
      RuntimeBinding bind(rt);
      body(rt);
    }
  }
  Log log_;
};

INSTANTIATE_TEST_SUITE_P(Modes, SimRuntime, ::testing::Values(ExecMode::Serial, ExecMode::Threads, ExecMode::Shuffle),
                         [](const auto& info) {
                           return std::string(info.param == ExecMode::Serial ? "serial"
                                              : info.param == ExecMode::Threads ? "threads" : "shuffle");
                         });

TEST_P(SimRuntime, RawChainRunsInOrder) {
  eachSeed(20, [&](Runtime &rt) {
    std::vector<ChipTensor> t;
    for (int i = 0; i < 9; ++i)
      t.push_back(vec8());
    PTO2_SCOPE() {
      for (int i = 0; i < 8; ++i)
        incr(t[static_cast<std::size_t>(i)], t[static_cast<std::size_t>(i + 1)],
             static_cast<std::uint64_t>(i));
    }
    EXPECT_EQ(log_.tags, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(at(t[8], 7), 8.0f);
    EXPECT_TRUE(rt.hazards().empty());
  });
}

TEST_P(SimRuntime, WawKeepsTheLastWriter) {
  eachSeed(20, [&](Runtime &rt) {
    ChipTensor x = vec8();
    PTO2_SCOPE() {
      for (int i = 0; i < 6; ++i)
        fillT(x, static_cast<float>(i), static_cast<std::uint64_t>(i));
    }
    EXPECT_EQ(log_.tags, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(at(x, 0), 5.0f);
    EXPECT_EQ(rt.dependenciesOf(PTO2TaskId{3}), (std::vector<PTO2TaskId>{PTO2TaskId{2}}));
  });
}

TEST_P(SimRuntime, FanOutFanIn) {
  eachSeed(20, [&](Runtime &rt) {
    ChipTensor src = vec8(), sum = vec8();
    std::vector<ChipTensor> mid;
    for (int i = 0; i < 4; ++i)
      mid.push_back(vec8());
    PTO2_SCOPE() {
      fillT(src, 2.0f, 0);
      for (int i = 0; i < 4; ++i)
        incr(src, mid[static_cast<std::size_t>(i)], static_cast<std::uint64_t>(10 + i));
      // sum = mid0 + mid1, then sum += mid2, sum += mid3 (InOut).
      CoreTaskArgs p;
      p.add_input(mid[0]);
      p.add_input(mid[1]);
      p.add_output(sum);
      p.add_scalar(20);
      rt_submit_aiv_task(kAddId, p);
      for (int i = 2; i < 4; ++i) {
        CoreTaskArgs q;
        q.add_input(mid[static_cast<std::size_t>(i)]);
        q.add_inout(sum);
        q.add_inout(sum);
        q.add_scalar(static_cast<std::uint64_t>(19 + i));
        rt_submit_aiv_task(kAddId, q);
      }
    }
    ASSERT_EQ(log_.tags.size(), 8u);
    EXPECT_EQ(log_.tags.front(), 0u);
    EXPECT_LT(log_.pos(10), log_.pos(20));
    EXPECT_LT(log_.pos(11), log_.pos(20));
    EXPECT_LT(log_.pos(12), log_.pos(21));
    EXPECT_LT(log_.pos(13), log_.pos(22));
    EXPECT_LT(log_.pos(20), log_.pos(21));
    EXPECT_LT(log_.pos(21), log_.pos(22));
    EXPECT_EQ(at(sum, 5), 12.0f);
    EXPECT_TRUE(rt.hazards().empty());
  });
}

TEST_P(SimRuntime, WarIsReportedAndOrdered) {
  eachSeed(10, [&](Runtime &rt) {
    ChipTensor x = vec8(), y = vec8();
    PTO2_SCOPE() {
      incr(x, y, 1);        // reads x
      fillT(x, 7.0f, 2);    // writes x: WAR against task 0
    }
    EXPECT_EQ(log_.tags, (std::vector<std::uint64_t>{1, 2}));
    EXPECT_EQ(at(y, 0), 1.0f);  // the read saw the old x
    const auto hz = rt.hazards();
    ASSERT_EQ(hz.size(), 1u);
    EXPECT_EQ(hz[0].kind, HazardKind::WAR);
    EXPECT_EQ(hz[0].earlier, PTO2TaskId{0});
    EXPECT_EQ(hz[0].later, PTO2TaskId{1});
    EXPECT_NE(hz[0].message.find("WAR hazard: task 1 ('fill') writes fp32[1, 8] read by task 0 ('incr')"), std::string::npos)
        << hz[0].message;
  });
}

TEST_P(SimRuntime, ExplicitDependencySilencesWar) {
  Runtime rt(table(), opts(GetParam()));
  RuntimeBinding bind(rt);
  ChipTensor x = vec8(), y = vec8();
  PTO2_SCOPE() {
    TaskOutputTensors r = incr(x, y, 1);
    CoreTaskArgs p;
    p.add_output(x);
    p.add_scalar(to_u64(7.0f));
    p.add_scalar(2);
    PTO2TaskId deps[1] = {r.task_id()};
    p.set_dependencies(deps, 1);
    rt_submit_aiv_task(kFillId, p);
  }
  EXPECT_TRUE(rt.hazards().empty());
  EXPECT_EQ(at(x, 0), 7.0f);
}

TEST_P(SimRuntime, NoDepArgumentIsNotTracked) {
  // The WAR of WarIsReportedAndOrdered, with the writer's x added as NO_DEP: no edge, no hazard,
  // and x is not among the writer's outputs. Serial (tasks run at submission), since an untracked
  // writer and reader would race in the other modes.
  Runtime rt(table(), opts(ExecMode::Serial));
  RuntimeBinding bind(rt);
  ChipTensor x = vec8(), y = vec8();
  PTO2_SCOPE() {
    incr(x, y, 1);
    CoreTaskArgs p;
    p.add_no_dep(x);
    p.add_scalar(to_u64(7.0f));
    p.add_scalar(2);
    TaskOutputTensors r = rt_submit_aiv_task(kFillId, p);
    EXPECT_EQ(r.size(), 0u);
  }
  EXPECT_TRUE(rt.hazards().empty());
  EXPECT_EQ(at(x, 0), 7.0f);
}

TEST_P(SimRuntime, DisjointViewsAreIndependent) {
  Runtime rt(table(), opts(GetParam()));
  RuntimeBinding bind(rt);
  ChipTensor m = ChipTensor::allocate(DataType::FLOAT32, {4, 8}), out = vec8();
  PTO2_SCOPE() {
    incr(window(m, {1, 8}, {0, 0}), out, 1);                           // reads row 0
    fillT(window(m, {1, 8}, {2, 0}), 3.0f, 2);                         // writes row 2: no overlap
    fillT(window(window(m, {2, 4}, {0, 4}), {1, 4}, {1, 0}), 4.0f, 3); // writes row 1, cols 4..7
  }
  EXPECT_TRUE(rt.hazards().empty());
  EXPECT_TRUE(rt.dependenciesOf(PTO2TaskId{1}).empty());
  EXPECT_TRUE(rt.dependenciesOf(PTO2TaskId{2}).empty());
  EXPECT_EQ(static_cast<const float*>(m.data())[16], 3.0f);
  EXPECT_EQ(static_cast<const float*>(m.data())[12], 4.0f);
  EXPECT_EQ(static_cast<const float*>(m.data())[11], 0.0f);
}

TEST_P(SimRuntime, ManualScopeReportsMissingEdges) {
  Runtime rt(table(), opts(GetParam()));
  RuntimeBinding bind(rt);
  ChipTensor x = vec8(), y = vec8(), z = vec8();
  PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
    TaskOutputTensors a = fillT(x, 1.0f, 1);
    incr(x, y, 2);  // RAW on x with no explicit dependency: reported, still ordered
    CoreTaskArgs p;
    p.add_input(x);
    p.add_output(z);
    p.add_scalar(3);
    PTO2TaskId deps[1] = {a.task_id()};
    p.set_dependencies(deps, 1);
    rt_submit_aiv_task(kIncrId, p);  // explicit: fine
  }
  const auto hz = rt.hazards();
  ASSERT_EQ(hz.size(), 1u);
  EXPECT_EQ(hz[0].kind, HazardKind::RAW);
  EXPECT_EQ(hz[0].later, PTO2TaskId{1});
  EXPECT_EQ(at(y, 0), 2.0f);
  EXPECT_EQ(at(z, 0), 2.0f);
}

// PTO2 neither looks up nor inserts a manual scope's tasks in its TensorMap, so a task after the
// scope is ordered after their writes only by a dependency it names (task ids outlive the scope:
// the runtime skips an edge to a retired task). Without one it is a hazard, like inside the scope.
TEST_P(SimRuntime, TasksAfterAManualScopeNameTheirDependencies) {
  Runtime rt(table(), opts(GetParam()));
  RuntimeBinding bind(rt);
  ChipTensor x = vec8(), y = vec8(), z = vec8(), w = vec8();
  PTO2TaskId filled, named;
  PTO2_SCOPE() { // the orchestration's own scope (the outermost scope's end joins every task)
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) { filled = fillT(x, 1.0f, 1).task_id(); }
    incr(x, y, 2); // reads the manual scope's write, names nothing: reported, still ordered
    CoreTaskArgs p;
    p.add_input(x);
    p.add_output(z);
    p.add_scalar(3);
    PTO2TaskId deps[1] = {filled};
    p.set_dependencies(deps, 1);
    named = rt_submit_aiv_task(kIncrId, p).task_id(); // names it: fine
    incr(z, w, 4); // after a tracked task that depends on the manual one: ordered by the TensorMap
  }
  const auto hz = rt.hazards();
  ASSERT_EQ(hz.size(), 1u);
  EXPECT_EQ(hz[0].kind, HazardKind::RAW);
  EXPECT_EQ(hz[0].earlier, filled);
  EXPECT_EQ(hz[0].later, PTO2TaskId{1});
  EXPECT_NE(hz[0].message.find("manual scope"), std::string::npos) << hz[0].message;
  EXPECT_EQ(rt.dependenciesOf(named), std::vector<PTO2TaskId>{filled});
  EXPECT_EQ(at(y, 0), 2.0f);
  EXPECT_EQ(at(z, 0), 2.0f);
  EXPECT_EQ(at(w, 0), 3.0f);
}

TEST_P(SimRuntime, ScopesJoinAtTheOutermostEnd) {
  Runtime rt(table(), opts(GetParam()));
  RuntimeBinding bind(rt);
  ChipTensor x = vec8(), y = vec8();
  PTO2_SCOPE() {
    for (int i = 0; i < 3; ++i) {
      PTO2_SCOPE() { fillT(x, static_cast<float>(i), static_cast<std::uint64_t>(i)); }
    }
    PTO2_SCOPE() { incr(x, y, 9); }
  }
  EXPECT_EQ(rt.executionOrder().size(), 4u);
  EXPECT_EQ(at(y, 3), 3.0f);
}

TEST_P(SimRuntime, MixedTaskRunsAllLanes) {
  Runtime rt(table(), opts(GetParam()));
  RuntimeBinding bind(rt);
  PTO2_SCOPE() {
    CoreTaskArgs p;
    p.add_scalar(1);
    rt_submit_task(MixedKernels{kLaneId, kLaneId, kLaneId}, p);
    CoreTaskArgs q;
    q.add_scalar(5);
    rt_submit_aic_task(kTagId, q);
  }
  std::multiset<std::uint64_t> got(log_.tags.begin(), log_.tags.end());
  EXPECT_EQ(got, (std::multiset<std::uint64_t>{5, 110, 110, 111}));
}

TEST_P(SimRuntime, SpmdLaunchRunsEveryBlockBeforeItsDependents) {
  eachSeed(
      10,
      [&](Runtime &) {
        ChipTensor x = vec8();
        PTO2_SCOPE() {
          CoreTaskArgs p;
          p.add_output(x);
          p.add_scalar(1);
          p.launch_spec.set_block_num(5);
          rt_submit_aiv_task(kBlockId, p);
          CoreTaskArgs q; // reads x: ordered after all five blocks
          q.add_input(x);
          q.add_scalar(2);
          rt_submit_aic_task(kBlockId, q);
        }
        ASSERT_EQ(log_.tags.size(), 6u);
        std::multiset<std::uint64_t> first(log_.tags.begin(), log_.tags.begin() + 5);
        EXPECT_EQ(first, (std::multiset<std::uint64_t>{1500, 1501, 1502, 1503, 1504}));
        EXPECT_EQ(log_.tags.back(), 2100u); // a plain task: block 0 of 1
      },
      1);
  CoreTaskArgs bad;
  expectSimError([&] { bad.launch_spec.set_block_num(0); }, "core_num must be >= 1, got 0");
  expectSimError([&] { bad.launch_spec.set_block_num(-3); }, "core_num must be >= 1, got -3");
  expectSimError([&] { bad.launch_spec.set_block_num(1 << 20); },
                 "exceeds the runtime's limit of 32767 blocks");
}

TEST_P(SimRuntime, KernelFailureSurfacesAtJoinAndSkipsDependents) {
  Runtime rt(table(), opts(GetParam()));
  RuntimeBinding bind(rt);
  ChipTensor x = vec8(), y = vec8();
  expectSimError(
      [&] {
        PTO2_SCOPE() {
          CoreTaskArgs p;
          p.add_output(x);
          rt_submit_aiv_task(kThrowId, p);
          incr(x, y, 1);
        }
      },
      "task 0 ('throw') failed: boom");
  EXPECT_TRUE(log_.tags.empty());
  expectSimError([&] { rt_submit_aiv_task(42, CoreTaskArgs{}); }, "no kernel with func id 42");
}

TEST_P(SimRuntime, RunEntryEndToEnd) {
  static auto entry = [](const ChipTaskArgs& orch_args) {
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    const ChipTensor& ext_out = orch_args.tensor(1).ref();
    const float s = from_u64<float>(orch_args.scalar(0));
    PTO2_SCOPE() {
      const std::uint32_t t_shapes[] = {1, 8};
      TensorCreateInfo t_ci(t_shapes, 2, DataType::FLOAT32);
      TaskOutputTensors alloc_0 = alloc_tensors(t_ci);
      const ChipTensor& t = alloc_0.get_ref(0);
      fillT(t, s, 1);
      CoreTaskArgs p;
      p.add_input(ext_a);
      p.add_input(t);
      p.add_output(ext_out);
      p.add_scalar(2);
      rt_submit_aiv_task(kAddId, p);
    }
  };
  std::vector<float> a{1, 2, 3, 4, 5, 6, 7, 8}, out(8, 0.0f);
  ChipTaskArgs args;
  args.add_tensor(ChipTensor::wrap(a.data(), DataType::FLOAT32, {1, 8}));
  args.add_tensor(ChipTensor::wrap(out.data(), DataType::FLOAT32, {1, 8}));
  args.add_scalar(to_u64(0.5f));
  const auto hz = run(table(), +[](const ChipTaskArgs& x) { entry(x); }, args, opts(GetParam()));
  EXPECT_TRUE(hz.empty());
  EXPECT_EQ(out, (std::vector<float>{1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f, 8.5f}));
}

// ---- mode-independent behaviour ---------------------------------------------------------------

class SimRuntimeMisc : public ::testing::Test {
 protected:
  void SetUp() override { gLog = &log_; }
  Log log_;
  std::vector<std::uint64_t> shuffledOrder(std::uint64_t seed) {
    log_.tags.clear();
    Runtime rt(table(), opts(ExecMode::Shuffle, seed));
    RuntimeBinding bind(rt);
    PTO2_SCOPE() {
      for (std::uint64_t i = 0; i < 16; ++i) {
        CoreTaskArgs p;
        p.add_scalar(i);
        rt_submit_aiv_task(kTagId, p);
      }
    }
    return log_.tags;
  }
};

TEST_F(SimRuntimeMisc, ShuffleIsDeterministicPerSeed) {
  const auto a = shuffledOrder(7), b = shuffledOrder(7);
  EXPECT_EQ(a, b);
  std::set<std::vector<std::uint64_t>> distinct;
  for (std::uint64_t s = 0; s < 6; ++s) distinct.insert(shuffledOrder(s));
  EXPECT_GT(distinct.size(), 1u);
  std::vector<std::uint64_t> submitOrder(16);
  for (std::uint64_t i = 0; i < 16; ++i) submitOrder[i] = i;
  EXPECT_NE(a, submitOrder);
}

TEST_F(SimRuntimeMisc, StrictModeRejectsWar) {
  RuntimeOptions o = opts(ExecMode::Serial);
  o.strict = true;
  Runtime rt(table(), o);
  RuntimeBinding bind(rt);
  ChipTensor x = vec8(), y = vec8();
  incr(x, y, 1);
  expectSimError([&] { fillT(x, 1.0f, 2); }, "WAR hazard");
  EXPECT_EQ(rt.taskCount(), 1u);
}

/// Threads mode: the submitting thread runs ready jobs itself, and workers start only for jobs
/// worth a thread that nobody else can take. A lone short task (short jobs measured so far) runs
/// on the calling thread at its submission (no worker is started for it: starting one costs
/// more than the task).
TEST_F(SimRuntimeMisc, ThreadsModeRunsALoneShortJobAtItsSubmission) {
  const std::int64_t saved = detail::meanJobNs().load();
  detail::meanJobNs() = 100;
  std::thread::id ranOn;
  KernelTable k{{0, [&](std::int64_t *) { ranOn = std::this_thread::get_id(); }, "where"}};
  {
    Runtime rt(k, opts(ExecMode::Threads));
    RuntimeBinding bind(rt);
    ChipTensor x = vec8();
    CoreTaskArgs p;
    p.add_output(x);
    rt_submit_aiv_task(0, p);
    EXPECT_EQ(ranOn, std::this_thread::get_id()) << "not run at its submission, on this thread";
    rt.wait_all();
  }
  detail::meanJobNs() = saved;
}

/// Threads mode starts a worker only for queued work worth a thread: the surplus jobs times the
/// mean job time measured so far (process-wide) against detail::kWorkerWorthNs. With short jobs
/// measured, 16 ready jobs start no worker while they are submitted: each runs on the
/// submitting thread right away, as in serial mode (all 16 have run before the join, on this
/// thread); with long ones, workers start at submission and run jobs beside the submitting
/// thread (two jobs meet).
TEST_F(SimRuntimeMisc, ThreadsModeStartsWorkersOnlyForWorthyWork) {
  std::atomic<int> ran{0}, running{0};
  std::atomic<bool> meet{false};
  std::mutex mu;
  std::set<std::thread::id> threads;
  KernelTable k{{0,
                 [&](std::int64_t *) {
                   {
                     std::lock_guard lk(mu);
                     threads.insert(std::this_thread::get_id());
                   }
                   ++ran;
                   ++running;
                   const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
                   while (meet.load() && running.load() < 2 &&
                          std::chrono::steady_clock::now() < until)
                     std::this_thread::yield();
                   if (meet.load() && running.load() < 2)
                     throw std::runtime_error("no two jobs ran at once");
                 },
                 "job"}};
  std::vector<ChipTensor> out;
  for (int i = 0; i < 16; ++i)
    out.push_back(vec8());
  auto submitAll = [&] {
    for (const ChipTensor &o : out) {
      CoreTaskArgs p;
      p.add_output(o);
      rt_submit_aiv_task(0, p);
    }
  };
  const std::int64_t saved = detail::meanJobNs().load();
  {
    detail::meanJobNs() = 100; // short jobs measured: 15 surplus jobs are worth no thread
    Runtime rt(k, opts(ExecMode::Threads));
    RuntimeBinding bind(rt);
    PTO2_SCOPE() {
      submitAll();
      EXPECT_EQ(ran.load(), 16) << "a short job waited for the join";
    }
    EXPECT_EQ(ran.load(), 16);
    EXPECT_EQ(threads, std::set<std::thread::id>{std::this_thread::get_id()})
        << "a worker started for short jobs";
  }
  {
    detail::meanJobNs() = detail::kWorkerWorthNs; // long jobs: each surplus job gets a worker
    meet = true;
    running = 0;
    threads.clear();
    Runtime rt(k, opts(ExecMode::Threads));
    RuntimeBinding bind(rt);
    PTO2_SCOPE() { submitAll(); }
    EXPECT_GT(threads.size(), 1u);
  }
  detail::meanJobNs() = saved;
}

/// Threads mode: the blocks of one launch run at once (each waits until all have started), on
/// workers started as the jobs pile up plus the joining thread: at submission, and at the join
/// when a finished task makes them ready (the launch reads what a first task writes).
TEST_F(SimRuntimeMisc, ThreadsModeRunsBlocksAtOnce) {
  constexpr int kBlocks = 3; // opts(): 3 AIV workers
  for (bool afterProducer : {false, true}) {
    std::atomic<int> arrived{0};
    std::mutex mu;
    std::set<std::thread::id> threads;
    KernelTable k{{0,
                   [&](std::int64_t *) {
                     {
                       std::lock_guard lk(mu);
                       threads.insert(std::this_thread::get_id());
                     }
                     ++arrived;
                     const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
                     while (arrived.load() < kBlocks && std::chrono::steady_clock::now() < until)
                       std::this_thread::yield();
                     if (arrived.load() < kBlocks)
                       throw std::runtime_error("the blocks did not run at once");
                   },
                   "meet"},
                  {1, [](std::int64_t *) {}, "produce"}};
    Runtime rt(k, opts(ExecMode::Threads));
    RuntimeBinding bind(rt);
    ChipTensor x = vec8(), y = vec8();
    if (afterProducer) {
      CoreTaskArgs first;
      first.add_output(x);
      rt_submit_aiv_task(1, first);
    }
    CoreTaskArgs p;
    p.add_input(x);
    p.add_output(y);
    p.launch_spec.set_block_num(kBlocks);
    rt_submit_aiv_task(0, p);
    rt.wait_all();
    EXPECT_EQ(threads.size(), static_cast<std::size_t>(kBlocks))
        << "after a producer: " << afterProducer;
    EXPECT_TRUE(threads.count(std::this_thread::get_id()));
  }
}

/// A cluster's kernels take turns on the thread that runs the block (its AIV lanes as fibers:
/// no thread is started or woken per cluster), each with its own core memory and block context.
TEST_F(SimRuntimeMisc, ClusterKernelsRunOnTheCallingThread) {
  std::mutex mu;
  std::set<std::thread::id> threads;
  std::set<const CoreMemory *> cores;
  std::multiset<std::int32_t> subblocks;
  KernelTable k{{0,
                 [&](std::int64_t *) {
                   std::lock_guard lk(mu);
                   threads.insert(std::this_thread::get_id());
                   cores.insert(&currentCore());
                   subblocks.insert(get_subblock_idx());
                 },
                 "who"}};
  for (ExecMode m : {ExecMode::Serial, ExecMode::Shuffle}) {
    threads.clear();
    cores.clear();
    subblocks.clear();
    Runtime rt(k, opts(m));
    RuntimeBinding bind(rt);
    ChipTensor x = vec8();
    CoreTaskArgs p;
    p.add_output(x);
    rt_submit_task(MixedKernels{0, 0, 0}, p);
    rt.wait_all();
    EXPECT_EQ(threads, (std::set<std::thread::id>{std::this_thread::get_id()}));
    EXPECT_EQ(cores.size(), 3u);
    EXPECT_EQ(subblocks, (std::multiset<std::int32_t>{0, 0, 1}));
  }
}

TEST_F(SimRuntimeMisc, ModeFromEnvAndApi) {
  ::setenv("PL_SIM_MODE", "shuffle", 1);
  ::setenv("PL_SIM_SEED", "42", 1);
  RuntimeOptions o = RuntimeOptions::fromEnv();
  EXPECT_EQ(o.mode, ExecMode::Shuffle);
  EXPECT_EQ(o.seed, 42u);
  ::setenv("PL_SIM_MODE", "fast", 1);
  expectSimError([] { RuntimeOptions::fromEnv(); }, "PL_SIM_MODE='fast' is invalid; expected serial, threads or shuffle");
  ::unsetenv("PL_SIM_MODE");
  ::unsetenv("PL_SIM_SEED");
  Runtime rt(table(), opts(ExecMode::Threads));
  rt.setMode(ExecMode::Serial);
  EXPECT_EQ(rt.mode(), ExecMode::Serial);
}

/// The TensorMap index answers exactly like the flat, insertion-ordered scan it replaced
/// (`mayOverlap` for lookups, `covers` for retiring), on random views, transposes and aliasing
/// wraps (different bases over shared bytes), with interleaved joins.
namespace {
/// `tasks` random accesses (views of `roots`, reads and writes) recorded in `map` and, for
/// reference, in two flat lists: every lookup must answer as a scan of the lists would, in
/// insertion order, and every write must retire exactly the entries it covers. Now and then the
/// map is cleared (as at a join).
void expectMatchesFlatScan(TensorMap &map, const std::vector<ChipTensor> &roots, int tasks,
                           std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](std::int64_t n) { return static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n)); };
  auto randomView = [&]() {
    ChipTensor t = roots[static_cast<std::size_t>(pick(static_cast<std::int64_t>(roots.size())))];
    std::array<std::uint32_t, kMaxRank> shape{}, off{};
    for (std::uint32_t k = 0; k < t.ndims; ++k) {
      shape[k] = static_cast<std::uint32_t>(t.shapes[k] ? 1 + pick(t.shapes[k]) : 0);
      off[k] = static_cast<std::uint32_t>(pick(t.shapes[k] - shape[k] + 1));
    }
    if (pick(3)) t = t.view(shape.data(), off.data());
    if (t.ndims == 2 && !pick(4)) t = t.transpose(0, 1);
    return t;
  };
  struct Flat {
    ChipTensor t;
    std::int64_t task;
  };
  std::vector<Flat> writes, reads;
  std::deque<ChipTensor> kept; // the map refers to the tensors it holds: they stay until clear()
  for (std::int64_t task = 0; task < tasks; ++task) {
    if (!pick(400)) {
      map.clear();
      kept.clear();
      writes.clear();
      reads.clear();
    }
    const ChipTensor &x = kept.emplace_back(randomView());
    for (bool w : {true, false}) {
      std::vector<std::int64_t> expect, got;
      for (const Flat& f : w ? writes : reads)
        if (mayOverlap(f.t, x)) expect.push_back(f.task);
      std::vector<const TensorAccess*> hits;
      map.overlapping(x, w, hits);
      for (const TensorAccess* h : hits) got.push_back(h->task);
      ASSERT_EQ(got, expect) << "task " << task << (w ? " writes" : " reads");
    }
    if (pick(2)) {
      reads.push_back(Flat{x, task});
      map.addRead(x, task);
    } else {
      auto covered = [&](const Flat& f) { return detail::covers(x, f.t); };
      writes.erase(std::remove_if(writes.begin(), writes.end(), covered), writes.end());
      reads.erase(std::remove_if(reads.begin(), reads.end(), covered), reads.end());
      writes.push_back(Flat{x, task});
      map.addWrite(x, task);
    }
    std::size_t live = 0;
    for (const auto* v : {&writes, &reads})
      for (const Flat& f : *v) live += f.t.numel() != 0;
    ASSERT_EQ(map.size(), live) << "task " << task;
  }
}
} // namespace

TEST_F(SimRuntimeMisc, TensorMapMatchesFlatScan) {
  ChipTensor a = ChipTensor::allocate(DataType::FLOAT32, {8, 8});
  ChipTensor b = ChipTensor::allocate(DataType::FLOAT32, {4, 4});
  float *raw = static_cast<float *>(a.data());
  std::vector<ChipTensor> roots = {a, b, ChipTensor::allocate(DataType::FLOAT16, {6, 6})};
  // aliases rows 2.5..6.5 of a, another base
  roots.push_back(ChipTensor::wrap(raw + 20, DataType::FLOAT32, {4, 8}));
  // the same base as the previous, another layout
  roots.push_back(ChipTensor::wrap(raw + 20, DataType::FLOAT32, {32}));
  // a's first rows as int32, a's base
  roots.push_back(ChipTensor::wrap(raw, DataType::INT32, {2, 8}));
  roots.push_back(ChipTensor::allocate(DataType::FLOAT32, {0, 4})); // empty
  TensorMap map;
  expectMatchesFlatScan(map, roots, 3000, 5);
}

/// The same check over many buffers (hundreds of groups and clusters, clusters merging as
/// wrapped windows of one large buffer join them), in several maps one after another: each new
/// map starts from the emptied slot table of the one before (TensorMap keeps its last answers,
/// "no group" included, and the first cluster a lookup meets; a map's clusters are dropped at
/// once by clear()). A lookup must still answer as the flat scan does.
TEST_F(SimRuntimeMisc, TensorMapMatchesFlatScanManyBuffers) {
  ChipTensor big = ChipTensor::allocate(DataType::FLOAT32, {64, 64});
  float *raw = static_cast<float *>(big.data());
  std::vector<ChipTensor> roots = {big};
  for (int i = 0; i < 300; ++i)
    roots.push_back(ChipTensor::allocate(DataType::FLOAT32, {4, 1 + i % 7}));
  for (int i = 0; i < 40; ++i) // windows of big under their own bases (some the same base)
    roots.push_back(ChipTensor::wrap(raw + 97 * (i % 30), DataType::FLOAT32, {4, 16}));
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    TensorMap map;
    expectMatchesFlatScan(map, roots, 4000, seed);
  }
}

/// Many independent tasks on their own buffers, then readers and a join task: only the real
/// edges, no hazards, and the TensorMap holds one entry per live buffer access.
TEST_F(SimRuntimeMisc, ManyIndependentTasksOnlyRealEdges) {
  for (ExecMode m : {ExecMode::Serial, ExecMode::Threads, ExecMode::Shuffle}) {
    gLog = &log_;
    log_.tags.clear();
    Runtime rt(table(), opts(m, 3));
    RuntimeBinding bind(rt);
    constexpr int n = 1500;
    std::vector<ChipTensor> own;
    for (int i = 0; i < n; ++i) own.push_back(vec8());
    ChipTensor rows = ChipTensor::allocate(DataType::FLOAT32, {n, 8}), sum = vec8();
    PTO2_SCOPE() {
      for (int i = 0; i < n; ++i) fillT(own[static_cast<std::size_t>(i)], static_cast<float>(i), static_cast<std::uint64_t>(i));
      for (int i = 0; i < n; ++i)  // task n + i reads own[i], writes row i of one shared buffer
        incr(own[static_cast<std::size_t>(i)], window(rows, {1, 8}, {i, 0}),
             static_cast<std::uint64_t>(n + i));
      CoreTaskArgs p;  // task 2n: reads rows 3 and 4 (one view) and own[7], writes sum
      const ChipTensor rows34 = window(rows, {2, 8}, {3, 0});
      p.add_input(rows34);
      p.add_input(own[7]);
      p.add_output(sum);
      rt_submit_dummy_task(p);
    }
    EXPECT_TRUE(rt.hazards().empty());
    for (int i = 0; i < n; ++i) {
      EXPECT_TRUE(rt.dependenciesOf(PTO2TaskId{i}).empty()) << i;
      EXPECT_EQ(rt.dependenciesOf(PTO2TaskId{n + i}), (std::vector<PTO2TaskId>{PTO2TaskId{i}})) << i;
    }
    EXPECT_EQ(rt.dependenciesOf(PTO2TaskId{2 * n}), (std::vector<PTO2TaskId>{PTO2TaskId{7}, PTO2TaskId{n + 3}, PTO2TaskId{n + 4}}));
    EXPECT_EQ(static_cast<const float*>(rows.data())[8 * 1234 + 5], 1235.0f);
    // Overwriting every own buffer after the join is hazard-free; before it, a WAR per reader.
    PTO2_SCOPE() {
      for (int i = 0; i < 4; ++i) incr(own[0], own[static_cast<std::size_t>(i + 1)], 0);  // 4 readers of own[0]
      fillT(own[0], 1.0f, 0);
    }
    const auto hz = rt.hazards();
    ASSERT_EQ(hz.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(hz[i].kind, HazardKind::WAR);
      EXPECT_EQ(hz[i].earlier, PTO2TaskId{2 * n + 1 + static_cast<std::int64_t>(i)});
      EXPECT_EQ(hz[i].later, PTO2TaskId{2 * n + 5});
    }
  }
}

TEST_F(SimRuntimeMisc, TensorViewsAndScalars) {
  ChipTensor m = ChipTensor::allocate(DataType::FLOAT16, {4, 6});
  ChipTensor v = window(m, {2, 3}, {1, 2});
  EXPECT_EQ(v.start_offset, 8);
  EXPECT_EQ(v.describe(), "fp16[2, 3]");
  ChipTensor t = v.transpose(0, 1);
  EXPECT_EQ(t.shapes[0], 3);
  EXPECT_EQ(t.strides[0], 1);
  EXPECT_TRUE(mayOverlap(v, t));
  expectSimError([&] { window(m, {2, 3}, {3, 0}); }, "exceeds fp16[4, 6]");
  // reshape (issue 35): a row-major view of a contiguous tensor; its windows overlap the
  // elements they alias and no others.
  const std::uint32_t flat[] = {3, 8}, twelve[] = {12}, half[] = {2, 6}, six[] = {6};
  ChipTensor r = m.reshape(flat, 2);
  EXPECT_EQ(r.describe(), "fp16[3, 8]");
  EXPECT_EQ(r.strides[0], 8);
  EXPECT_TRUE(window(m, {2, 6}, {2, 0}).is_contiguous());
  EXPECT_FALSE(v.is_contiguous());
  ChipTensor lower = window(m, {2, 6}, {2, 0}).reshape(twelve, 1);
  EXPECT_EQ(lower.start_offset, 12);
  EXPECT_TRUE(mayOverlap(lower, window(m, {1, 1}, {2, 0})));
  EXPECT_FALSE(mayOverlap(lower, window(m, {2, 6}, {0, 0})));
  ChipTensor r2 = lower.reshape(half, 2);
  EXPECT_EQ(r2.origin[0], 2); // the rows of m it aliases, in m's row-major coordinates
  EXPECT_TRUE(mayOverlap(r2, window(m, {1, 6}, {3, 0})));
  EXPECT_FALSE(mayOverlap(r2, window(m, {1, 6}, {1, 0})));
  expectSimError([&] { r.reshape(half, 2); }, "the element counts differ");
  expectSimError([&] { v.reshape(six, 1); }, "not contiguous");
  EXPECT_EQ(from_u64<float>(to_u64(1.25f)), 1.25f);
  EXPECT_EQ(from_u64<std::int32_t>(to_u64(-3)), -3);
  EXPECT_EQ(from_u64<double>(to_u64(-0.1)), -0.1);
  // The runtime's encoding (issue 34): the value's own bytes, zero-extended — a float packs its
  // 32 bits (not a double's 64), an int32_t -1 0xFFFFFFFF, as the runtime's add_scalar(float).
  EXPECT_EQ(to_u64(1.25f), std::uint64_t{0x3FA00000});
  EXPECT_EQ(to_u64(std::int32_t{-1}), std::uint64_t{0xFFFFFFFF});
  EXPECT_EQ(to_u64(-1.0), std::uint64_t{0xBFF0000000000000});
  EXPECT_EQ(from_u64<std::uint64_t>(to_u64(~std::uint64_t{0})), ~std::uint64_t{0});
  EXPECT_EQ(from_u64<bool>(to_u64(true)), true);
  CoreTaskArgs packed; // add_scalar packs each value as its own type
  packed.add_scalar(1.25f);
  packed.add_scalar(std::int32_t{-1});
  packed.add_scalar(std::int64_t{-1});
  EXPECT_EQ(packed.scalars(),
            (std::vector<std::uint64_t>{0x3FA00000, 0xFFFFFFFF, ~std::uint64_t{0}}));
  const float h = static_cast<float>(pl::round_to(pl::DType::FP16, 2.4));
  // castScalar converts as the eager pl::Scalar<D> constructor does.
  EXPECT_EQ((castScalar<pl::DType::FP16, double>(2.4f)), static_cast<double>(h));
  EXPECT_EQ((castScalar<pl::DType::BF16, double>(2.4)), pl::round_to(pl::DType::BF16, 2.4));
  EXPECT_EQ((castScalar<pl::DType::FP16, double>(std::int64_t{2049})), 2048.0);
  EXPECT_EQ((castScalar<pl::DType::Int8, std::int8_t>(1700.5f)), 127);
  EXPECT_EQ((castScalar<pl::DType::Int8, std::int8_t>(-1700.5f)), -128);
  EXPECT_EQ((castScalar<pl::DType::UInt8, std::uint8_t>(-1.5f)), 0);
  EXPECT_EQ((castScalar<pl::DType::Int32, std::int32_t>(-2.9)), -2);
  EXPECT_EQ((castScalar<pl::DType::Int32, std::int32_t>(std::nan(""))), 0);
  EXPECT_EQ((castScalar<pl::DType::Int16, std::int16_t>(std::int64_t{204900})), static_cast<std::int16_t>(204900));
  expectSimError([] { currentRuntime(); }, "no runtime is active");
}

}  // namespace

// PTO2's limits for one core task: 32 tensors, 16 scalars, tensors before scalars.
TEST(SimCoreTaskArgs, LimitsOfOneCoreTask) {
  auto failure = [](auto &&add) -> std::string {
    try {
      add();
    } catch (const SimError &e) {
      return e.what();
    }
    return "<no SimError>";
  };
  ChipTensor t = vec8();
  CoreTaskArgs p;
  for (std::size_t i = 0; i < CoreTaskArgs::kMaxTaskTensors; ++i)
    p.add_input(t);
  EXPECT_EQ(failure([&] { p.add_inout(t); }),
            "pl::sim 'CoreTaskArgs': a core task carries at most 32 tensors");
  for (std::size_t i = 0; i < CoreTaskArgs::kMaxTaskScalars; ++i)
    p.add_scalar(i);
  EXPECT_EQ(failure([&] { p.add_scalar(99); }),
            "pl::sim 'CoreTaskArgs': a core task carries at most 16 scalars");
  CoreTaskArgs q;
  q.add_scalar(1);
  EXPECT_EQ(failure([&] { q.add_input(t); }),
            "pl::sim 'CoreTaskArgs': tensors must be added before scalars");
}

// ---- graphs: record once, replay (pl::sim::submit_graph)
// ------------------------------------------------

namespace {
/// A layer as the backend prints a Graph function: args (x In, y InOut, fill value, tag);
/// tmp = x + 1 (internal), y = tmp + y... as y = tmp + 1 on a window, then fill a second window
/// of y with the boundary scalar. Its tags come from the boundary scalar `tag`.
void layerBody(const CoreTaskArgs &a) {
  const ChipTensor &x = a.tensor(0).ref();
  const ChipTensor &y = a.tensor(1).ref();
  const std::uint32_t ci_shapes[] = {1, 8};
  TensorCreateInfo ci(ci_shapes, 2, DataType::FLOAT32);
  TaskOutputTensors allocated = alloc_tensors(ci);
  const ChipTensor &tmp = allocated.get_ref(0);
  CoreTaskArgs p0;
  p0.add_input(x);
  p0.add_output(tmp);
  p0.add_scalar(a.scalar(1));
  rt_submit_aiv_task(kIncrId, p0);
  CoreTaskArgs p1;
  p1.add_input(tmp);
  const ChipTensor y0 = window(y, {1, 8}, {0, 0}), y1 = window(y, {1, 8}, {1, 0});
  p1.add_output(y0);
  p1.add_scalar(a.scalar(1));
  rt_submit_aiv_task(kIncrId, p1);
  CoreTaskArgs p2;
  p2.add_output(y1);
  p2.add_scalar(a.scalar(0));
  p2.add_scalar(a.scalar(1));
  rt_submit_aiv_task(kFillId, p2);
}
void layer(const ChipTensor &x, const ChipTensor &y, float v, std::uint64_t tag) {
  CoreTaskArgs g;
  g.add_input(x);
  g.add_inout(y);
  g.add_scalar(to_u64(v));
  g.add_scalar(tag);
  submit_graph(&layerBody, g);
}
void emptyBody(const CoreTaskArgs &) {}
void nestedBody(const CoreTaskArgs &a) { submit_graph(&layerBody, a); }
} // namespace

TEST_P(SimRuntime, GraphRecordsOnceAndReplaysWithNewArguments) {
  eachSeed(10, [&](Runtime &rt) {
    rt.setStrict(true);
    ChipTensor x = vec8(), z = vec8();
    std::vector<ChipTensor> ys;
    PTO2_SCOPE() {
      fillT(x, 2.0f, 1);
      for (int l = 0; l < 4; ++l) {
        ys.push_back(ChipTensor::allocate(DataType::FLOAT32, {2, 8}));
        layer(x, ys.back(), static_cast<float>(10 * l), static_cast<std::uint64_t>(100 + l));
      }
      incr(window(ys.back(), {1, 8}, {1, 0}), z, 2); // after the last layer's fill (RAW)
    }
    for (int l = 0; l < 4; ++l) {
      EXPECT_EQ(at(ys[static_cast<std::size_t>(l)], 3), 4.0f) << l; // (2 + 1) + 1
      EXPECT_EQ(at(ys[static_cast<std::size_t>(l)], 8 + 3), static_cast<float>(10 * l)) << l;
      // every task of layer l carries its tag (the boundary scalar patched on replay)
      EXPECT_EQ(std::count(log_.tags.begin(), log_.tags.end(), 100 + l), 3) << l;
    }
    EXPECT_EQ(at(z, 0), 31.0f);
    EXPECT_LT(log_.pos(103), log_.pos(2));
    EXPECT_EQ(rt.graphStats().recorded, 1u);
    EXPECT_EQ(rt.graphStats().replayed, 3u);
    EXPECT_TRUE(rt.hazards().empty());
    EXPECT_EQ(rt.taskCount(), 14u); // 1 + 4 x 3 + 1
  });
}

TEST_P(SimRuntime, GraphRecordsAgainForOtherShapesOrOverlaps) {
  eachSeed(3, [&](Runtime &rt) {
    ChipTensor x = vec8(), y = ChipTensor::allocate(DataType::FLOAT32, {2, 8});
    ChipTensor wide = ChipTensor::allocate(DataType::FLOAT32, {2, 16});
    PTO2_SCOPE() {
      layer(x, y, 1.0f, 1);
      layer(x, window(wide, {2, 8}, {0, 8}), 2.0f, 2); // same shape, other strides: a new recording
      layer(x, y, 3.0f, 3);                            // replays the first
    }
    EXPECT_EQ(rt.graphStats().recorded, 2u);
    EXPECT_EQ(rt.graphStats().replayed, 1u);
    EXPECT_EQ(at(wide, 8), 2.0f);      // row 0 of the window: x + 2
    EXPECT_EQ(at(wide, 16 + 8), 2.0f); // row 1: the call's fill value
    EXPECT_EQ(at(y, 8), 3.0f);         // the replay's fill value
  });
}

TEST(SimGraph, UnsupportedGraphsAreErrors) {
  Log log;
  gLog = &log;
  Runtime rt(table(), opts(ExecMode::Serial));
  RuntimeBinding bind(rt);
  ChipTensor x = vec8(), y = ChipTensor::allocate(DataType::FLOAT32, {2, 8});
  CoreTaskArgs g;
  g.add_input(x);
  g.add_inout(y);
  g.add_scalar(to_u64(1.0f));
  g.add_scalar(7);
  expectSimError([&] { submit_graph(&emptyBody, g); }, "submitted no task");
  expectSimError([&] { submit_graph(&nestedBody, g); }, "nested graph recording");
  expectSimError([&] { submit_graph(&layerBody, CoreTaskArgs{}); }, "at least one tensor argument");
  submit_graph(&layerBody, g); // a failed recording left nothing behind
  EXPECT_EQ(rt.graphStats().recorded, 1u);
}
