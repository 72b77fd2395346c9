// pl/sim/runtime.hpp — the PTO2-shaped orchestration runtime: kernel table, TensorMap dependency tracking, hazard reports, executor modes.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <time.h>
#include <utility>
#include <vector>

#include "pl/sim/cluster.hpp"
#include "pl/sim/graph.hpp"
#include "pl/sim/platform.hpp"
#include "pl/sim/tensor.hpp"
#include "pl/sim/tensor_map.hpp"

namespace pl::sim {

/// How ready tasks run: `Serial` runs each task at submission on the calling thread (submit
/// order, deterministic); `Threads` runs them on AIC / AIV worker pools; `Shuffle` defers them
/// and, at wait_all / outermost scope end, runs them on the calling thread in a random ready
/// order drawn from a seeded generator (same seed, same order).
enum class ExecMode : std::uint8_t { Serial, Threads, Shuffle };
enum class CoreKind : std::uint8_t { AIC, AIV, Mixed, Dummy };
enum class PTO2ScopeMode : std::uint8_t { AUTO, MANUAL };

inline constexpr int INVALID_KERNEL_ID = -1;
/// The kernels of one mixed (Group) task: AIC plus one or two AIV lanes.
struct MixedKernels {
  int aic = INVALID_KERNEL_ID;
  int aiv0 = INVALID_KERNEL_ID;
  int aiv1 = INVALID_KERNEL_ID;
};

/// A kernel entry takes the packed argument array: tensors (as `const ChipTensor*`) then scalars.
using KernelFn = std::function<void(std::int64_t* args)>;
struct KernelEntry {
  int funcId = 0;
  KernelFn fn;
  std::string name;
};

/// func id → kernel. One table per program (ids restart at 0 in every translated program).
class KernelTable {
 public:
  KernelTable() = default;
  KernelTable(std::initializer_list<KernelEntry> es) {
    for (const auto& e : es) add(e.funcId, e.fn, e.name);
  }
  void add(int funcId, KernelFn fn, std::string name = "") {
    if (!fn) simFail("KernelTable", "kernel " + std::to_string(funcId) + " has no function");
    entries_[funcId] = KernelEntry{funcId, std::move(fn), name.empty() ? "func" + std::to_string(funcId) : std::move(name)};
  }
  const KernelEntry* find(int funcId) const {
    auto it = entries_.find(funcId);
    return it == entries_.end() ? nullptr : &it->second;
  }

 private:
  std::map<int, KernelEntry> entries_;
};

struct RuntimeOptions {
  /// Worker threads per pool (each simulates one core with its own arenas): 1 to this many.
  static constexpr int kMaxWorkers = 256;

  ExecMode mode = ExecMode::Threads;
  std::uint64_t seed = 0;
  int aicWorkers = 2;
  int aivWorkers = 4;
  bool strict = false;  // an unordered hazard is an error at submission instead of a warning
  bool warn = true;     // print each hazard to stderr

  /// PL_SIM_MODE (serial|threads|shuffle), PL_SIM_SEED (unsigned, decimal or 0x hex),
  /// PL_SIM_STRICT (0/1), PL_SIM_WARN (0/1), PL_SIM_AIC_WORKERS and PL_SIM_AIV_WORKERS
  /// (1..kMaxWorkers). Unset or empty keeps the default; any other value is a SimError naming
  /// the variable and the accepted values.
  static RuntimeOptions fromEnv() {
    RuntimeOptions o;
    if (auto m = env::get("PL_SIM_MODE")) {
      const auto k = findMode(*m);
      if (!k) env::invalid("PL_SIM_MODE", *m, kModeNames);
      o.mode = *k;
    }
    o.seed = env::unsigned64("PL_SIM_SEED", o.seed);
    o.strict = env::flag("PL_SIM_STRICT", o.strict);
    o.warn = env::flag("PL_SIM_WARN", o.warn);
    o.aicWorkers = static_cast<int>(env::integer("PL_SIM_AIC_WORKERS", o.aicWorkers, 1, kMaxWorkers));
    o.aivWorkers = static_cast<int>(env::integer("PL_SIM_AIV_WORKERS", o.aivWorkers, 1, kMaxWorkers));
    return o;
  }
  static constexpr const char* kModeNames = "serial, threads or shuffle";
  static std::optional<ExecMode> findMode(std::string_view m) {
    if (m == "serial") return ExecMode::Serial;
    if (m == "threads") return ExecMode::Threads;
    if (m == "shuffle") return ExecMode::Shuffle;
    return std::nullopt;
  }
  /// The worker counts set through the API obey the same bounds as the environment's.
  void validate() const {
    for (auto [name, n] : {std::pair{"aicWorkers", aicWorkers}, std::pair{"aivWorkers", aivWorkers}})
      if (n < 1 || n > kMaxWorkers)
        simFail("runtime", std::string("RuntimeOptions::") + name + " = " + std::to_string(n) +
                               "; expected 1 to " + std::to_string(kMaxWorkers));
  }
};

enum class HazardKind : std::uint8_t { WAR, RAW, WAW };
constexpr const char* hazardName(HazardKind k) { return k == HazardKind::WAR ? "WAR" : k == HazardKind::RAW ? "RAW" : "WAW"; }

/// A pair of accesses to overlapping bytes that the program does not order (WAR anywhere; RAW
/// and WAW in manual scopes). The runtime adds the edge `earlier → later`, so the simulated run
/// is race-free, and records the hazard: on hardware the pair would race.
struct Hazard {
  HazardKind kind;
  PTO2TaskId earlier;
  PTO2TaskId later;
  std::string message;
};

namespace detail {
/// Threads mode: the work a started worker must have before it is worth its start and the
/// hand-overs (ns of queued jobs), and the mean time of a job as measured so far in this
/// process (a running estimate; relaxed, shared by every runtime: a program's later runtimes
/// start from what its earlier ones measured).
inline constexpr std::int64_t kWorkerWorthNs = 100'000;
inline std::atomic<std::int64_t> &meanJobNs() {
  static std::atomic<std::int64_t> m{kWorkerWorthNs};
  return m;
}
/// The calling thread's CPU time (ns): what a job cost, whatever the machine's load.
inline std::int64_t threadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
} // namespace detail

/// One executor: builds the task graph as tasks are submitted and runs it in the chosen mode.
class Runtime {
 public:
  explicit Runtime(KernelTable kernels = {}, RuntimeOptions opts = RuntimeOptions::fromEnv())
      : kernels_(std::move(kernels)), opts_(opts), rng_(opts.seed) {
    opts_.validate();
  }
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;
  ~Runtime() {
    try {
      wait_all();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "pl::sim: %s\n", e.what());
    }
    stopWorkers();
  }

  KernelTable& kernels() { return kernels_; }
  ExecMode mode() const { return opts_.mode; }
  const RuntimeOptions& options() const { return opts_; }
  /// Switches the mode (waits for submitted work first).
  void setMode(ExecMode m) {
    wait_all();
    if (m != ExecMode::Threads) stopWorkers();
    opts_.mode = m;
  }
  void setSeed(std::uint64_t s) {
    std::lock_guard lk(mu_);
    opts_.seed = s;
    rng_.seed(s);
  }
  void setStrict(bool on) { opts_.strict = on; }
  void setWarn(bool on) { opts_.warn = on; }

  /// Submits one task and returns its id (and its Out/InOut tensors).
  TaskOutputTensors submit(CoreKind kind, MixedKernels ks, const CoreTaskArgs& args);

  /// One call of a graph (submit_graph): the first call with a key (graph::key: the body,
  /// the arguments' dtypes, shapes, strides, directions and overlaps) runs `body` and records
  /// the tasks it submits; later calls replay the recording with these arguments (tensors and
  /// the scalars the body passed on from its slots substituted, its allocations made afresh),
  /// without running the body, tracking only the arguments' accesses against other tasks.
  void submitGraph(GraphBody body, const CoreTaskArgs &args);
  /// An allocation (alloc_tensors): inside a graph body being recorded, one of its internal
  /// tensors.
  void noteAllocation(const ChipTensor &t) {
    if (capture_)
      capture_->allocs.push_back(t);
  }
  struct GraphStats {
    std::size_t recorded = 0; // graph calls that ran their body (and recorded it)
    std::size_t replayed = 0; // graph calls replayed from a recording
  };
  GraphStats graphStats() const {
    std::lock_guard lk(mu_);
    return graphStats_;
  }

  /// Blocks until every submitted task has finished; rethrows the first kernel failure.
  void wait_all();

  std::vector<Hazard> hazards() const {
    std::lock_guard lk(mu_);
    return hazards_;
  }
  void clearHazards() {
    std::lock_guard lk(mu_);
    hazards_.clear();
  }
  /// Task ids in the order they finished.
  std::vector<PTO2TaskId> executionOrder() const {
    std::lock_guard lk(mu_);
    return order_;
  }
  /// The predecessors the runtime gave task `id` (explicit ∪ tracked ∪ hazard edges).
  std::vector<PTO2TaskId> dependenciesOf(PTO2TaskId id) const {
    std::lock_guard lk(mu_);
    std::vector<PTO2TaskId> r;
    if (id.id >= 0 && id.id < static_cast<std::int64_t>(tasks_.size())) {
      const Task &t = tasks_[static_cast<std::size_t>(id.id)];
      for (std::uint32_t k = 0; k < t.faninCount; ++k)
        r.push_back(PTO2TaskId{fanins_[t.faninFirst + k]});
    }
    return r;
  }
  std::size_t taskCount() const {
    std::lock_guard lk(mu_);
    return tasks_.size();
  }

  void beginScope(PTO2ScopeMode m) { scopes_.push_back(m); }
  /// Ends a scope; the outermost scope end joins (wait_all), inner ones only close.
  void endScope() {
    if (scopes_.empty()) simFail("PTO2_SCOPE", "scope end without a scope");
    scopes_.pop_back();
    if (scopes_.empty()) wait_all();
  }
  bool manualScope() const { return std::find(scopes_.begin(), scopes_.end(), PTO2ScopeMode::MANUAL) != scopes_.end(); }

 private:
   /// A tensor argument of a task: the task's own copy (the kernel gets its address; the
   /// TensorMap refers to it) and its direction. `tracked`: the TensorMap holds an entry for it,
   /// so the copy keeps its buffer until the join; an untracked one lets go when the task ends.
   struct ArgSlot {
     ChipTensor t;
     ArgDir dir = ArgDir::In;
     bool tracked = false;
   };
   /// A task's record: flat, its variable parts in the runtime's pools (no allocation of its own).
   /// Its arguments and scalars live in chunks that never move (a worker reads them without the
   /// lock) until the join after it; its fan-in (kept for dependenciesOf) in one flat array; its
   /// fan-out, while it runs, in a pooled list.
   struct Task {
     std::int64_t id = 0;
     ArgSlot *args = nullptr;                 // its tensors, then
     std::uint64_t *scalars = nullptr;        // its scalars
     detail::GmRingClaims *gmRings = nullptr; // a mixed task's blocks: their GM pipe rings
     /// The kernel entries of ks.aic / aiv0 / aiv1, looked up once at submission (nullptr: none).
     std::array<const KernelEntry *, 3> entries{};
     MixedKernels ks;
     std::uint32_t faninCount = 0;
     std::size_t faninFirst = 0;                    // fanins_[faninFirst, + faninCount)
     std::int32_t fanoutHead = -1, fanoutTail = -1; // fanouts_ list (insertion order)
     std::int32_t blockNum = 1;                     // SPMD launches: one job per block
     std::int32_t blocksLeft = 1;                   // blocks not finished yet (under mu_)
     int pending = 0;
     CoreKind kind = CoreKind::AIV;
     std::uint8_t numTensors = 0, numScalars = 0;
     bool done = false;
     bool failed = false;
     /// Submitted inside a manual scope: PTO2 neither looks it up in nor inserts it into its
     /// TensorMap, so only named dependencies order it, also against tasks after the scope.
     bool manual = false;
     const ChipTensor &tensor(std::size_t i) const { return args[i].t; }
   };
   /// One fan-out edge: the waiting task, the next edge of the same list (-1: none).
   struct FanoutNode {
     std::int64_t task;
     std::int32_t next;
   };
  std::string taskName(const Task& t) const;
  std::string kernelName(int id) const {
    const KernelEntry* e = kernels_.find(id);
    return e ? e->name : "func" + std::to_string(id);
  }
  bool isAncestor(std::int64_t a, const std::vector<std::int64_t> &fanin);
  void addHazard(HazardKind k, const Task& earlier, const Task& later, const ChipTensor& t, std::vector<std::int64_t>& fanin);
  /// `tracked` (optional, per argument): only those arguments meet other tasks (a replayed
  /// graph task's internal tensors are known to nobody outside the graph).
  void trackAccesses(Task &t, std::vector<std::int64_t> &fanin,
                     const std::vector<char> *tracked = nullptr);
  void registerAccesses(const Task &t, const std::vector<char> *tracked = nullptr);
  /// Appends a task (its id the next one) with room for its arguments; mu_ held.
  Task &newTask(CoreKind kind, MixedKernels ks, std::int32_t blockNum, std::size_t numTensors,
                std::size_t numScalars);
  /// Undoes the newTask of `t`, the last task (a submission that failed); mu_ held.
  void dropTask(Task &t);
  /// Links the task just appended by newTask into the graph (accesses, fan-in / fan-out); mu_
  /// held. When the tracking throws (a hazard in strict mode) the task is removed again.
  void admit(Task &t, std::vector<std::int64_t> &fanin, const std::vector<char> *tracked);
  /// Runs or enqueues an admitted task that waits for nothing (may release `lk`).
  void schedule(Task &t, std::unique_lock<std::mutex> &lk);

  /// A recorded task of a graph: its kernels, where each tensor comes from, its scalars (fixed
  /// or a boundary slot), block count and its edges to earlier tasks of the graph.
  struct RecordedTask {
    CoreKind kind = CoreKind::AIV;
    MixedKernels ks;
    std::vector<graph::TensorSource> tensors;
    std::vector<ArgDir> dirs;
    std::vector<char> boundary; // per tensor: an argument of the graph (tracked on replay)
    std::vector<std::uint64_t> scalars;
    std::vector<std::int32_t> scalarSlots;
    std::int32_t blockNum = 1;
    std::vector<std::int64_t> edges; // indices of earlier recorded tasks
  };
  struct GraphRecording {
    std::vector<graph::RootLayout> boundary; // the arguments' layouts when recorded
    std::vector<ChipTensor> allocs;          // the allocations' layouts (no buffers)
    std::vector<RecordedTask> tasks;
  };
  void capture(const Task &t, const CoreTaskArgs &args);
  void recordGraph(GraphBody body, const CoreTaskArgs &args, std::vector<std::int64_t> key);
  void replayGraph(const GraphRecording &g, const CoreTaskArgs &args);
  /// One block of a task: its id and block index (0 unless the task is an SPMD launch).
  struct Job {
    std::int64_t task;
    std::int32_t block;
  };
  /// Which ready queue (and worker pool) a task's blocks go to.
  static int poolOf(const Task &t) { return t.kind == CoreKind::AIV ? 1 : 0; }
  /// The AIV lanes of the clusters one AIC core (worker or calling thread) runs: their memories
  /// and their fiber stacks and pipe checkers.
  struct LaneMemory {
    std::array<CoreMemory *, 2> mem;
    std::array<detail::FiberLane *, 2> fibers;
  };
  void execute(Task &t, std::int32_t block, CoreMemory &mem, LaneMemory lanes);
  /// Runs `j` on the calling thread's own cores (lk released meanwhile), then finishes its block.
  void runHere(Job j, std::unique_lock<std::mutex> &lk);
  /// execute; in threads mode one job in 64 per thread (its first included) is timed, by the
  /// thread's CPU time, into detail::meanJobNs.
  void executeJob(Task &t, std::int32_t block, CoreMemory &mem, LaneMemory lanes);
  /// Runs block `block` of a mixed task with an AIC and at least one AIV kernel as a cluster on
  /// the calling thread: the AIC on its stack, each AIV lane as a fiber (Cluster::runFibers),
  /// each kernel with its own core memory.
  void runCluster(Task &t, std::int32_t block, const std::int64_t *argv, std::size_t argc,
                  CoreMemory &aicMem, LaneMemory lanes);
  /// Records a failure of task `t` (its first error becomes the join's), mu_ not held.
  void recordFailure(Task &t, const std::string &what);
  void enqueue(const Task& t);    // every block of a ready task (threads / shuffle), mu_ held
  Job popJob(std::size_t pool);   // threads mode: the next job of a pool's queue, mu_ held
  void finishBlock(Task& t);      // with mu_ held: completes the task after its last block
  void complete(Task& t);  // with mu_ held
  /// Serial mode: runs every block of `t` here (lk released meanwhile), then completes it.
  void runNow(Task &t, std::unique_lock<std::mutex> &lk);
  /// Threads mode, on the submitting or joining thread with mu_ held: starts a worker for each
  /// ready job that neither an idle worker nor the calling thread (which takes `selfTakes` of
  /// them: none at a submission, where it runs the rest itself, one at the join) can take, up
  /// to the pool's size, while those jobs are worth a worker (detail::kWorkerWorthNs at the
  /// mean job time measured so far). SimError when a thread cannot be started.
  void growWorkers(std::size_t selfTakes);
  /// Threads mode, at a submission (mu_ held): runs here, right away, each ready job that no
  /// idle worker takes and no worker was worth starting for (as serial mode runs every task).
  /// (A submitted single-block task whose jobs are short by the mean runs here before this,
  /// without a hand-over to an idle worker.)
  void runSurplusHere(std::unique_lock<std::mutex> &lk);
  void stopWorkers();
  void workerLoop(int pool);

  KernelTable kernels_;
  RuntimeOptions opts_;
  mutable std::mutex mu_;
  std::array<std::condition_variable, 2> poolCv_; // a pool's workers wait for jobs (AIC, AIV)
  std::condition_variable joinCv_;                // the joining thread waits for jobs or the end
  detail::Chunked<Task, 9>
      tasks_; // stable addresses; a task is kept (its edges) until the runtime ends
  detail::Chunked<ArgSlot, 10> args_;                // the tasks' arguments since the last join
  detail::Chunked<std::uint64_t, 10> scalars_;       // and their scalars
  detail::Chunked<detail::GmRingClaims, 4> gmRings_; // and the mixed tasks' ring claims
  std::vector<std::int64_t> fanins_;                 // every task's fan-in, task after task
  std::vector<FanoutNode> fanouts_; // the fan-out lists; free nodes from fanoutFree_
  std::int32_t fanoutFree_ = -1;
  TensorMap accesses_;  // live reads and writes since the last join
  // trackAccesses' scratch (mu_ held): kept so that a submission allocates nothing for them
  struct Edge {
    std::int64_t task;
    HazardKind kind;
    std::size_t arg;
  };
  std::vector<Edge> edges_;
  std::vector<std::pair<std::int64_t, std::size_t>> war_;
  std::vector<const TensorAccess *> hits_, readHits_;
  std::vector<std::int64_t> fanin_;
  std::vector<std::int64_t> ancestorStack_; // isAncestor's
  std::vector<char> ancestorSeen_;
  std::vector<Hazard> hazards_;
  std::vector<PTO2TaskId> order_;
  std::array<std::deque<Job>, 2> ready_;     // threads mode: AIC (and mixed) jobs, AIV jobs
  std::array<std::int64_t, 2> launchJobs_{}; // of them, blocks of multi-block launches
  std::vector<Job> readyShuffle_;
  std::size_t doneCount_ = 0;
  std::string firstError_;
  std::mt19937_64 rng_;
  std::vector<std::thread> workers_;
  std::array<int, 2> started_{}; // workers per pool
  std::array<int, 2> idle_{};    // of them, not running a job
  std::array<int, 2> waiting_{}; // of them, asleep on poolCv_
  bool joining_ = false;         // the calling thread sleeps on joinCv_
  bool stop_ = false;
  std::vector<PTO2ScopeMode> scopes_;
  std::map<std::vector<std::int64_t>, GraphRecording> graphs_;
  std::unique_ptr<graph::Capture> capture_; // the graph call being recorded
  GraphRecording *recording_ = nullptr;     // its recording
  GraphStats graphStats_;
  CoreMemory localAic_{platform()}, localAiv_{platform()}, localAiv1_{platform()};
  detail::FiberLane localLane0_, localLane1_;
};

}  // namespace pl::sim

#include "pl/sim/runtime_impl.hpp"
