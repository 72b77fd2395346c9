// pl/sim/runtime_impl.hpp — Runtime member definitions: submission, TensorMap tracking, hazards, execution, workers.
#pragma once

#include <system_error>

#include "pl/sim/runtime.hpp"

namespace pl::sim {

inline std::string Runtime::taskName(const Task& t) const {
  std::string s = "task " + std::to_string(t.id);
  switch (t.kind) {
    case CoreKind::AIC: case CoreKind::AIV: return s + " ('" + kernelName(t.ks.aic) + "')";
    case CoreKind::Mixed: return s + " (mixed '" + kernelName(t.ks.aic) + "')";
    case CoreKind::Dummy: return s + " (dummy)";
  }
  return s;
}

/// Whether `a` is `fanin` or reaches it through fan-in edges. Edges only point to earlier ids,
/// so nodes below `a` are pruned (and the search stays within ids a..max(fanin)).
inline bool Runtime::isAncestor(std::int64_t a, const std::vector<std::int64_t>& fanin) const {
  std::vector<std::int64_t> stack;
  std::int64_t top = a;
  for (auto p : fanin)
    if (p >= a) {
      stack.push_back(p);
      top = std::max(top, p);
    }
  if (stack.empty()) return false;
  std::vector<char> seen(static_cast<std::size_t>(top - a + 1), 0);
  while (!stack.empty()) {
    const std::int64_t n = stack.back();
    stack.pop_back();
    if (n == a) return true;
    if (seen[static_cast<std::size_t>(n - a)]) continue;
    seen[static_cast<std::size_t>(n - a)] = 1;
    for (auto p : tasks_[static_cast<std::size_t>(n)].fanin)
      if (p >= a) stack.push_back(p);
  }
  return false;
}

inline void Runtime::addHazard(HazardKind k, const Task& earlier, const Task& later, const ChipTensor& t,
                               std::vector<std::int64_t>& fanin) {
  const char* what = k == HazardKind::WAR ? "writes" : k == HazardKind::RAW ? "reads" : "writes";
  const char* prior = k == HazardKind::WAR ? "read by" : "written by";
  std::string msg = std::string(hazardName(k)) + " hazard: " + taskName(later) + " " + what + " " + t.describe() +
                    " " + prior + " " + taskName(earlier) +
                    " without a dependency between them (hardware would race); the simulator orders them — "
                    "add the dependency explicitly";
  if (earlier.manual && !later.manual)
    msg +=
        " (the earlier task ran in a manual scope, whose tasks the runtime does not track: a task "
        "after the scope is ordered after them only by a dependency it names)";
  if (opts_.strict) simFail("submit", msg);
  if (opts_.warn) std::fprintf(stderr, "pl::sim warning: %s\n", msg.c_str());
  hazards_.push_back(Hazard{k, PTO2TaskId{earlier.id}, PTO2TaskId{later.id}, std::move(msg)});
  fanin.push_back(earlier.id);
}

/// TensorMap lookup for a new task: RAW edges from overlapping writers of its inputs, WAW edges
/// from overlapping writers of its outputs (automatic outside manual scopes; in manual scopes a
/// missing one is a hazard), and WAR hazards from readers its outputs overlap that nothing orders.
inline void Runtime::trackAccesses(Task &t, std::vector<std::int64_t> &fanin,
                                   const std::vector<char> *tracked) {
  const bool manual = manualScope();
  t.manual = manual;
  std::vector<Edge> &edges = edges_;
  std::vector<std::pair<std::int64_t, std::size_t>> &war = war_;
  std::vector<const TensorAccess *> &hits = hits_;
  edges.clear();
  war.clear();
  for (std::size_t i = 0; i < t.tensors.size(); ++i) {
    if (t.dirs[i] == ArgDir::NoDep || (tracked && !(*tracked)[i]))
      continue;
    const ChipTensor& x = t.tensors[i];
    const bool writes = t.dirs[i] != ArgDir::In;
    const bool reads = t.dirs[i] != ArgDir::Out;
    hits.clear();
    accesses_.overlapping(x, true, hits);
    for (const TensorAccess* w : hits) {
      if (reads)
        edges.push_back(Edge{w->task, HazardKind::RAW, i});
      if (writes)
        edges.push_back(Edge{w->task, HazardKind::WAW, i});
    }
    if (writes) {
      hits.clear();
      accesses_.overlapping(x, false, hits);
      for (const TensorAccess* r : hits) war.emplace_back(r->task, i);
    }
  }
  if (!manual) {
    // PTO2's TensorMap knows only the tasks submitted outside manual scopes: an access of a
    // manual scope's task is ordered only through the dependencies this task names (or through
    // tracked tasks that depend on it).
    bool afterManual = false;
    for (const Edge &e : edges) {
      if (tasks_[static_cast<std::size_t>(e.task)].manual)
        afterManual = true;
      else
        fanin.push_back(e.task);
    }
    if (afterManual)
      for (const Edge &e : edges)
        if (tasks_[static_cast<std::size_t>(e.task)].manual && !isAncestor(e.task, fanin))
          addHazard(e.kind, tasks_[static_cast<std::size_t>(e.task)], t, t.tensors[e.arg], fanin);
  } else {
    for (const Edge &e : edges)
      if (!isAncestor(e.task, fanin))
        addHazard(e.kind, tasks_[static_cast<std::size_t>(e.task)], t, t.tensors[e.arg], fanin);
  }
  for (auto& [p, i] : war)
    if (p != t.id && !isAncestor(p, fanin))
      addHazard(HazardKind::WAR, tasks_[static_cast<std::size_t>(p)], t, t.tensors[i], fanin);
  if (fanin.size() > 1) {
    std::sort(fanin.begin(), fanin.end());
    fanin.erase(std::unique(fanin.begin(), fanin.end()), fanin.end());
  }
}

inline void Runtime::registerAccesses(const Task &t, const std::vector<char> *tracked) {
  for (std::size_t i = 0; i < t.tensors.size(); ++i) {
    if (t.dirs[i] == ArgDir::NoDep || (tracked && !(*tracked)[i]))
      continue;
    if (t.dirs[i] == ArgDir::In)
      accesses_.addRead(t.tensors[i], t.id);
    else
      accesses_.addWrite(t.tensors[i], t.id);  // retires the accesses it covers
  }
}

inline TaskOutputTensors Runtime::submit(CoreKind kind, MixedKernels ks, const CoreTaskArgs& args) {
  std::array<const KernelEntry *, 3> entries{};
  const std::array<int, 3> ids{ks.aic, ks.aiv0, ks.aiv1};
  for (std::size_t r = 0; r < 3; ++r)
    if (ids[r] != INVALID_KERNEL_ID && !(entries[r] = kernels_.find(ids[r])))
      simFail("submit",
              "no kernel with func id " + std::to_string(ids[r]) + " in the kernel table");
  if (kind != CoreKind::Dummy && ks.aic == INVALID_KERNEL_ID && ks.aiv0 == INVALID_KERNEL_ID)
    simFail("submit", "a task needs a kernel");
  std::vector<ChipTensor> outs;
  for (std::size_t i = 0; i < args.tensors().size(); ++i)
    if (args.dirs()[i] == ArgDir::Out || args.dirs()[i] == ArgDir::InOut)
      outs.push_back(args.tensors()[i]);
  std::unique_lock lk(mu_);
  const auto next = static_cast<std::int64_t>(tasks_.size());
  std::vector<std::int64_t> fanin;
  for (PTO2TaskId d : args.dependencies()) {
    if (!d.is_valid()) continue;
    if (d.id >= next)
      simFail("submit",
              "dependency on task " + std::to_string(d.id) + ", which was not submitted yet");
    if (capture_ && d.id < capture_->firstTask)
      simFail("submit_graph",
              "a task of a graph body depends on task " + std::to_string(d.id) +
                  ", which was submitted before the graph: a recorded graph depends on other tasks "
                  "only through its tensor arguments");
    fanin.push_back(d.id);
  }
  Task &t = newTask(kind, ks, args.blockNum());
  t.entries = entries;
  t.tensors = args.tensors();
  t.dirs = args.dirs();
  t.scalars = args.scalars();
  admit(t, fanin, nullptr); // may throw in strict mode: then nothing is registered
  if (capture_)
    capture(t, args);
  const PTO2TaskId id{t.id};
  if (t.pending == 0)
    schedule(t, lk);
  return TaskOutputTensors(id, std::move(outs));
}

inline Runtime::Task &Runtime::newTask(CoreKind kind, MixedKernels ks, std::int32_t blockNum) {
  Task &t = tasks_.emplace_back();
  t.id = static_cast<std::int64_t>(tasks_.size()) - 1;
  t.kind = kind;
  t.ks = ks;
  t.blockNum = t.blocksLeft = blockNum;
  return t;
}

inline void Runtime::admit(Task &t, std::vector<std::int64_t> &fanin,
                           const std::vector<char> *tracked) {
  try {
    trackAccesses(t, fanin, tracked);
  } catch (...) {
    tasks_.pop_back();
    throw;
  }
  registerAccesses(t, tracked);
  for (auto p : fanin) {
    Task &pt = tasks_[static_cast<std::size_t>(p)];
    if (pt.failed) t.failed = true;
    if (!pt.done) {
      pt.fanout.push_back(t.id);
      ++t.pending;
    }
  }
  t.fanin = std::move(fanin);
}

inline void Runtime::schedule(Task &t, std::unique_lock<std::mutex> &lk) {
  switch (opts_.mode) {
  case ExecMode::Serial:
    lk.unlock();
    runNow(t);
    lk.lock();
    break;
  case ExecMode::Threads:
    enqueue(t);
    growWorkers();
    break;
  case ExecMode::Shuffle:
    enqueue(t);
    break;
  }
}

// ---- graphs: record once, replay
// ------------------------------------------------------------------

/// Records task `t`, just submitted by the body of the graph being recorded (mu_ held).
inline void Runtime::capture(const Task &t, const CoreTaskArgs &args) {
  RecordedTask r;
  r.kind = t.kind;
  r.ks = t.ks;
  r.dirs = t.dirs;
  r.scalars = t.scalars;
  r.scalarSlots = args.scalarSlots();
  r.blockNum = t.blockNum;
  for (const ChipTensor &x : t.tensors) {
    graph::TensorSource src;
    if (!graph::classify(*capture_, x, src))
      simFail(
          "submit_graph",
          "a task of graph '" + capture_->name + "' uses " + x.describe() +
              ", which is neither (a view of) a graph argument nor allocated in the graph body");
    r.tensors.push_back(src);
    r.boundary.push_back(src.internal ? 0 : 1);
  }
  for (std::int64_t p : t.fanin)
    r.edges.push_back(p - capture_->firstTask);
  recording_->tasks.push_back(std::move(r));
}

inline void Runtime::submitGraph(GraphBody body, const CoreTaskArgs &args) {
  if (capture_)
    simFail("submit_graph", "graph '" + capture_->name +
                                "' submits a graph: nested graph recording is not supported");
  if (!args.dependencies().empty())
    simFail("submit_graph",
            "a graph call takes no explicit dependencies (its tensor arguments order it)");
  if (args.tensors().empty())
    simFail("submit_graph", "a graph needs at least one tensor argument");
  std::vector<std::int64_t> k = graph::key(body, args);
  const GraphRecording *found = nullptr;
  {
    std::lock_guard lk(mu_);
    if (auto it = graphs_.find(k); it != graphs_.end())
      found = &it->second;
  }
  if (found)
    return replayGraph(*found, args);
  recordGraph(body, args, std::move(k));
}

/// Runs the body with a capture active; stores the recording when the body completed.
inline void Runtime::recordGraph(GraphBody body, const CoreTaskArgs &args,
                                 std::vector<std::int64_t> key) {
  GraphRecording rec;
  for (const ChipTensor &t : args.tensors())
    rec.boundary.push_back(graph::rootLayout(t));
  {
    std::lock_guard lk(mu_);
    capture_ = std::make_unique<graph::Capture>();
    capture_->args = &args;
    capture_->firstTask = static_cast<std::int64_t>(tasks_.size());
    capture_->name =
        "graph@" + std::to_string(static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(body)));
    recording_ = &rec;
  }
  struct Reset { // the capture ends however the body leaves
    Runtime *rt;
    const std::vector<std::uint64_t> *prevSlots;
    ~Reset() {
      detail::graphBoundaryScalars() = prevSlots;
      std::lock_guard lk(rt->mu_);
      rt->capture_.reset();
      rt->recording_ = nullptr;
    }
  } reset{this, std::exchange(detail::graphBoundaryScalars(), &args.scalars())};
  body(args);
  std::lock_guard lk(mu_);
  for (const ChipTensor &a : capture_->allocs) {
    ChipTensor layout = a;
    layout.buffer = BufferRef{};
    rec.allocs.push_back(layout);
  }
  if (rec.tasks.empty())
    simFail("submit_graph", "the graph body submitted no task; there is nothing to record");
  ++graphStats_.recorded;
  graphs_.emplace(std::move(key), std::move(rec));
}

/// Submits the recorded tasks again over `args`: tensors rebased onto the new arguments or onto
/// fresh allocations, boundary scalars patched, the recorded internal edges kept, and only the
/// argument tensors tracked against other tasks.
inline void Runtime::replayGraph(const GraphRecording &g, const CoreTaskArgs &args) {
  std::vector<ChipTensor> internal;
  internal.reserve(g.allocs.size());
  for (const ChipTensor &a : g.allocs)
    internal.push_back(ChipTensor::allocate(a.dtype, a.shapes.data(), a.ndims));
  std::vector<std::array<const KernelEntry *, 3>> entries; // per recorded task
  entries.reserve(g.tasks.size());
  for (const RecordedTask &r : g.tasks) {
    std::array<const KernelEntry *, 3> e{};
    const std::array<int, 3> ids{r.ks.aic, r.ks.aiv0, r.ks.aiv1};
    for (std::size_t k = 0; k < 3; ++k)
      if (ids[k] != INVALID_KERNEL_ID && !(e[k] = kernels_.find(ids[k])))
        simFail("submit_graph",
                "no kernel with func id " + std::to_string(ids[k]) + " in the kernel table");
    entries.push_back(e);
  }
  std::unique_lock lk(mu_);
  const auto first = static_cast<std::int64_t>(tasks_.size());
  const auto &now = args.tensors();
  for (std::size_t n = 0; n < g.tasks.size(); ++n) {
    const RecordedTask &r = g.tasks[n];
    Task &t = newTask(r.kind, r.ks, r.blockNum);
    t.entries = entries[n];
    t.dirs = r.dirs;
    t.tensors.reserve(r.tensors.size());
    for (const graph::TensorSource &s : r.tensors)
      t.tensors.push_back(s.internal ? graph::rebase(s.view, graph::RootLayout{}, internal[s.index])
                                     : graph::rebase(s.view, g.boundary[s.index], now[s.index]));
    t.scalars = r.scalars;
    for (std::size_t i = 0; i < r.scalarSlots.size(); ++i)
      if (r.scalarSlots[i] >= 0)
        t.scalars[i] = args.scalars()[static_cast<std::size_t>(r.scalarSlots[i])];
    std::vector<std::int64_t> fanin;
    fanin.reserve(r.edges.size());
    for (std::int64_t e : r.edges)
      fanin.push_back(first + e);
    admit(t, fanin, &r.boundary);
    if (t.pending == 0)
      schedule(t, lk);
  }
  ++graphStats_.replayed;
}

/// Runs block `block` of the task's kernels: a cluster (AIC and AIV lanes at once, each on its
/// own thread and core memory) for a mixed task with both sides, else on `mem` (a mixed task
/// with one side only: its kernels one after another); a throwing kernel marks the task failed
/// and records the first error.
inline void Runtime::execute(Task &t, std::int32_t block, CoreMemory &mem, LaneMemory lanes) {
  if (t.failed || t.kind == CoreKind::Dummy) return;
  // the packed arguments: tensors (as pointers), then scalars; at most 32 + 16 (CoreTaskArgs)
  std::array<std::int64_t, kLocalContextSlot> argv;
  std::size_t argc = 0;
  if (t.tensors.size() + t.scalars.size() > argv.size())
    simFail("runtime", "a kernel takes at most " + std::to_string(kLocalContextSlot) +
                           " arguments, got " +
                           std::to_string(t.tensors.size() + t.scalars.size()));
  for (const ChipTensor &x : t.tensors)
    argv[argc++] = static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(&x));
  for (std::uint64_t s : t.scalars)
    argv[argc++] = static_cast<std::int64_t>(s);
  if (t.kind == CoreKind::Mixed && t.ks.aic != INVALID_KERNEL_ID &&
      (t.ks.aiv0 != INVALID_KERNEL_ID || t.ks.aiv1 != INVALID_KERNEL_ID))
    return runCluster(t, block, argv.data(), argc, mem, lanes);
  CoreContext& ctx = coreContext();
  const CoreContext saved = ctx;
  auto run = [&](const KernelEntry *k, std::int32_t sub) {
    if (!k)
      return;
    ctx.memory = &mem;
    ctx.blockIdx = block;
    ctx.blockNum = t.blockNum;
    ctx.subblockIdx = sub;
    // a kernel may not clobber the next lane's view; the contexts in the runtime's slots
    KernelArgv copy(argv.data(), argc, block, t.blockNum, sub);
    detail::PipeTracker &pipes = detail::pipeTracker();
    pipes.begin(k->name); // the pipes' ordering, checked per kernel run
    k->fn(copy.data());
    pipes.end();
  };
  try {
    run(t.entries[0], 0);
    run(t.entries[1], 0);
    run(t.entries[2], 1);
  } catch (const std::exception& e) {
    recordFailure(t, e.what());
  }
  ctx = saved;
}

inline void Runtime::recordFailure(Task &t, const std::string &what) {
  std::lock_guard lk(mu_);
  t.failed = true;
  if (firstError_.empty())
    firstError_ = taskName(t) + " failed: " + what;
}

inline void Runtime::runCluster(Task &t, std::int32_t block, const std::int64_t *argv,
                                std::size_t argc, CoreMemory &aicMem, LaneMemory lanes) {
  Cluster::Names names;
  Cluster::Present present{};
  for (std::size_t r = 0; r < 3; ++r) {
    present[r] = t.entries[r] != nullptr;
    if (present[r])
      names[r] = t.entries[r]->name;
  }
  Cluster cluster(names, present, block, &t.gmRings);
  auto runOne = [&](KernelRole role) {
    const auto r = static_cast<std::size_t>(role);
    CoreContext &ctx = coreContext();
    const CoreContext saved = ctx;
    ctx.memory = role == KernelRole::AIC ? &aicMem : lanes.mem[r - 1];
    ctx.blockIdx = block;
    ctx.blockNum = t.blockNum;
    ctx.subblockIdx = role == KernelRole::AIV1 ? 1 : 0;
    const KernelEntry *k = t.entries[r];
    cluster.runKernel(role, [&] {
      // each kernel its own view of the arguments, with its contexts in the runtime's slots
      KernelArgv copy(argv, argc, block, t.blockNum, role == KernelRole::AIV1 ? 1 : 0);
      detail::pipeTracker().begin(k->name); // the pipes' ordering, checked per kernel run
      try {
        k->fn(copy.data());
      } catch (...) { // a failed or released kernel leaves no checker running on this thread
        detail::pipeTracker().reset();
        throw;
      }
      detail::pipeTracker().end();
    });
    ctx = saved;
  };
  const std::function<void(KernelRole)> body = runOne;
  cluster.runFibers(body, lanes.fibers);
  if (const std::string err = cluster.finish(); !err.empty())
    recordFailure(t, err);
}

inline void Runtime::enqueue(const Task& t) {
  if (opts_.mode != ExecMode::Threads) {
    for (std::int32_t b = 0; b < t.blockNum; ++b)
      readyShuffle_.push_back(Job{t.id, b});
    return;
  }
  const int pool = poolOf(t);
  for (std::int32_t b = 0; b < t.blockNum; ++b)
    ready_[static_cast<std::size_t>(pool)].push_back(Job{t.id, b});
  const auto p = static_cast<std::size_t>(pool);
  for (int b = 0; b < std::min(waiting_[p], static_cast<int>(t.blockNum)); ++b)
    poolCv_[p].notify_one();
  if (joining_)
    joinCv_.notify_one();
}

inline void Runtime::finishBlock(Task& t) {
  if (--t.blocksLeft == 0) complete(t);
}

inline void Runtime::complete(Task& t) {
  t.done = true;
  ++doneCount_;
  order_.push_back(PTO2TaskId{t.id});
  for (auto s : t.fanout) {
    Task &st = tasks_[static_cast<std::size_t>(s)];
    if (t.failed) st.failed = true;
    if (--st.pending == 0) enqueue(st);
  }
  t.fanout.clear();
  t.tensors.clear();  // releases the task's references to its buffers
  t.scalars.clear();
  if (joining_ && doneCount_ == tasks_.size())
    joinCv_.notify_one();
}

inline void Runtime::runNow(Task& t) {
  for (std::int32_t b = 0; b < t.blockNum; ++b)
    execute(t, b, t.kind == CoreKind::AIV ? localAiv_ : localAic_,
            {{&localAiv_, &localAiv1_}, {&localLane0_, &localLane1_}});
  std::lock_guard lk(mu_);
  t.blocksLeft = 0;
  complete(t);
}

/// Shuffle mode runs the deferred jobs here in a seeded random order; threads mode runs ready
/// jobs here too, on the calling thread (one more core, with its own memories) beside the
/// workers, and sleeps only while every ready job is taken and tasks are still running.
inline void Runtime::wait_all() {
  if (opts_.mode == ExecMode::Shuffle) {
    for (;;) {
      std::unique_lock lk(mu_);
      if (readyShuffle_.empty()) break;
      const std::size_t i = static_cast<std::size_t>(rng_() % readyShuffle_.size());
      const Job j = readyShuffle_[i];
      readyShuffle_.erase(readyShuffle_.begin() + static_cast<std::ptrdiff_t>(i));
      Task &t = tasks_[static_cast<std::size_t>(j.task)];
      lk.unlock();
      execute(t, j.block, t.kind == CoreKind::AIV ? localAiv_ : localAic_,
              {{&localAiv_, &localAiv1_}, {&localLane0_, &localLane1_}});
      lk.lock();
      finishBlock(t);
    }
  }
  std::unique_lock lk(mu_);
  while (doneCount_ != tasks_.size()) {
    if (opts_.mode == ExecMode::Threads)
      growWorkers(); // jobs made ready by finished tasks
    auto &q = !ready_[0].empty() ? ready_[0] : ready_[1];
    if (q.empty()) {
      joining_ = true;
      joinCv_.wait(lk);
      joining_ = false;
      continue;
    }
    const Job j = q.front();
    q.pop_front();
    Task &t = tasks_[static_cast<std::size_t>(j.task)];
    lk.unlock();
    execute(t, j.block, t.kind == CoreKind::AIV ? localAiv_ : localAic_,
            {{&localAiv_, &localAiv1_}, {&localLane0_, &localLane1_}});
    lk.lock();
    finishBlock(t);
  }
  // Everything submitted so far happens before anything submitted after the join.
  accesses_.clear();
  if (!firstError_.empty()) {
    std::string e = std::move(firstError_);
    firstError_.clear();
    throw SimError("pl::sim: " + e);
  }
}

inline void Runtime::growWorkers() {
  for (std::size_t p = 0; p < 2; ++p) {
    const int size = p == 0 ? opts_.aicWorkers : opts_.aivWorkers;
    // the calling thread takes one job at the join
    while (ready_[p].size() > static_cast<std::size_t>(idle_[p]) + 1 && started_[p] < size) {
      try {
        workers_.emplace_back([this, p] { workerLoop(static_cast<int>(p)); });
      } catch (const std::system_error &e) {
        simFail("runtime", "cannot start " + std::to_string(opts_.aicWorkers) + " AIC + " +
                               std::to_string(opts_.aivWorkers) + " AIV worker threads (" +
                               std::to_string(workers_.size()) + " started: " + e.what() +
                               "); lower PL_SIM_AIC_WORKERS / PL_SIM_AIV_WORKERS or use "
                               "PL_SIM_MODE=serial");
      }
      ++started_[p];
      ++idle_[p];
    }
  }
}

inline void Runtime::stopWorkers() {
  {
    std::lock_guard lk(mu_);
    stop_ = true;
  }
  for (auto &cv : poolCv_)
    cv.notify_all();
  for (auto& w : workers_) w.join();
  workers_.clear();
  std::lock_guard lk(mu_);
  stop_ = false;
  started_ = idle_ = waiting_ = {};
}

/// One simulated core: its own arenas, taking blocks of AIC (and mixed) or AIV tasks as they
/// become ready (the blocks of one SPMD launch run on several cores at once). An AIC worker
/// runs a mixed task's cluster with its AIV lanes on two more arenas of its own.
inline void Runtime::workerLoop(int pool) {
  CoreMemory mem(platform()), lane0(platform()), lane1(platform()); // arenas made on first use
  detail::FiberLane fiber0, fiber1;
  const auto p = static_cast<std::size_t>(pool);
  auto &q = ready_[p];
  std::unique_lock lk(mu_);
  for (;;) {
    while (!stop_ && q.empty()) {
      ++waiting_[p];
      poolCv_[p].wait(lk);
      --waiting_[p];
    }
    if (q.empty()) return;
    const Job j = q.front();
    q.pop_front();
    --idle_[p];
    Task &t = tasks_[static_cast<std::size_t>(j.task)];
    lk.unlock();
    execute(t, j.block, mem, {{&lane0, &lane1}, {&fiber0, &fiber1}});
    lk.lock();
    ++idle_[p];
    finishBlock(t);
  }
}

}  // namespace pl::sim
