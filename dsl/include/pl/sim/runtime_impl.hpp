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
inline bool Runtime::isAncestor(std::int64_t a, const std::vector<std::int64_t> &fanin) {
  std::vector<std::int64_t> &stack = ancestorStack_;
  stack.clear();
  std::int64_t top = a;
  for (auto p : fanin)
    if (p >= a) {
      if (p == a)
        return true;
      stack.push_back(p);
      top = std::max(top, p);
    }
  if (stack.empty()) return false;
  std::vector<char> &seen = ancestorSeen_;
  seen.assign(static_cast<std::size_t>(top - a + 1), 0);
  while (!stack.empty()) {
    const std::int64_t n = stack.back();
    stack.pop_back();
    if (n == a) return true;
    if (seen[static_cast<std::size_t>(n - a)]) continue;
    seen[static_cast<std::size_t>(n - a)] = 1;
    const Task &nt = tasks_[static_cast<std::size_t>(n)];
    for (std::uint32_t k = 0; k < nt.faninCount; ++k)
      if (const std::int64_t p = fanins_[nt.faninFirst + k]; p >= a)
        stack.push_back(p);
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
  for (std::size_t i = 0; i < t.numTensors; ++i) {
    const ArgDir dir = t.args[i].dir;
    if (dir == ArgDir::NoDep || (tracked && !(*tracked)[i]))
      continue;
    const ChipTensor &x = t.args[i].t;
    const bool writes = dir != ArgDir::In;
    const bool reads = dir != ArgDir::Out;
    hits.clear();
    readHits_.clear();
    if (writes)
      accesses_.overlappingBoth(x, hits, readHits_);
    else
      accesses_.overlapping(x, true, hits);
    for (const TensorAccess* w : hits) {
      if (reads)
        edges.push_back(Edge{w->task, HazardKind::RAW, i});
      if (writes)
        edges.push_back(Edge{w->task, HazardKind::WAW, i});
    }
    for (const TensorAccess *r : readHits_)
      war.emplace_back(r->task, i);
  }
  if (!manual) {
    // PTO2's TensorMap knows only the tasks submitted outside manual scopes: an access of a
    // manual scope's task is ordered only through the dependencies this task names (or through
    // tracked tasks that depend on it).
    bool afterManual = false;
    for (const Edge &e : edges) {
      if (tasks_[static_cast<std::size_t>(e.task)].manual)
        afterManual = true;
      else if (fanin.empty() || fanin.back() != e.task) // (a RAW and a WAW of one inout: once)
        fanin.push_back(e.task);
    }
    if (afterManual)
      for (const Edge &e : edges)
        if (tasks_[static_cast<std::size_t>(e.task)].manual && !isAncestor(e.task, fanin))
          addHazard(e.kind, tasks_[static_cast<std::size_t>(e.task)], t, t.tensor(e.arg), fanin);
  } else {
    for (const Edge &e : edges)
      if (!isAncestor(e.task, fanin))
        addHazard(e.kind, tasks_[static_cast<std::size_t>(e.task)], t, t.tensor(e.arg), fanin);
  }
  for (auto& [p, i] : war)
    if (p != t.id && !isAncestor(p, fanin))
      addHazard(HazardKind::WAR, tasks_[static_cast<std::size_t>(p)], t, t.tensor(i), fanin);
  if (fanin.size() > 1) {
    std::sort(fanin.begin(), fanin.end());
    fanin.erase(std::unique(fanin.begin(), fanin.end()), fanin.end());
  }
}

inline void Runtime::registerAccesses(const Task &t, const std::vector<char> *tracked) {
  for (std::size_t i = 0; i < t.numTensors; ++i) {
    ArgSlot &a = t.args[i];
    if (a.dir == ArgDir::NoDep || (tracked && !(*tracked)[i]))
      continue;
    if (a.dir == ArgDir::In)
      a.tracked = accesses_.addRead(a.t, t.id);
    else
      a.tracked = accesses_.addWrite(a.t, t.id); // retires the accesses it covers
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
  const auto &ts = args.tensors();
  for (const ChipTensor &x : ts) // the TensorMap lookups' first cache misses, started early
    accesses_.prefetch(x);
  TaskOutputTensors outs; // gathered outside the lock
  for (std::size_t i = 0; i < ts.size(); ++i)
    if (args.dirs()[i] == ArgDir::Out || args.dirs()[i] == ArgDir::InOut)
      outs.add(ts[i]);
  std::unique_lock lk(mu_);
  const auto next = static_cast<std::int64_t>(tasks_.size());
  std::vector<std::int64_t> &fanin = fanin_;
  fanin.clear();
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
  Task &t = newTask(kind, ks, args.blockNum(), ts.size(), args.scalars().size());
  t.entries = entries;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    t.args[i].t = ts[i];
    t.args[i].dir = args.dirs()[i];
  }
  std::copy(args.scalars().begin(), args.scalars().end(), t.scalars);
  admit(t, fanin, nullptr); // may throw in strict mode: then nothing is registered
  if (capture_)
    capture(t, args);
  outs.id_ = PTO2TaskId{t.id};
  if (t.pending == 0)
    schedule(t, lk);
  return outs;
}

inline Runtime::Task &Runtime::newTask(CoreKind kind, MixedKernels ks, std::int32_t blockNum,
                                       std::size_t numTensors, std::size_t numScalars) {
  const std::size_t at = tasks_.take(1);
  Task &t = tasks_[at];
  t = Task{};
  t.id = static_cast<std::int64_t>(at);
  t.kind = kind;
  t.ks = ks;
  t.blockNum = t.blocksLeft = blockNum;
  t.numTensors = static_cast<std::uint8_t>(numTensors);
  t.numScalars = static_cast<std::uint8_t>(numScalars);
  t.args = numTensors ? &args_[args_.take(numTensors)] : nullptr;
  for (std::size_t i = 0; i < numTensors; ++i)
    t.args[i].tracked = false;
  t.scalars = numScalars ? &scalars_[scalars_.take(numScalars)] : nullptr;
  if (kind == CoreKind::Mixed) {
    t.gmRings = &gmRings_[gmRings_.take(1)];
    t.gmRings->clear();
  }
  return t;
}

inline void Runtime::dropTask(Task &t) {
  for (std::size_t i = 0; i < t.numTensors; ++i)
    t.args[i].t.buffer.owner.reset();
  // the pools' ends go back to where this task's parts begin
  args_.truncate(args_.size() - t.numTensors);
  scalars_.truncate(scalars_.size() - t.numScalars);
  if (t.gmRings)
    gmRings_.truncate(gmRings_.size() - 1);
  tasks_.truncate(tasks_.size() - 1);
}

inline void Runtime::admit(Task &t, std::vector<std::int64_t> &fanin,
                           const std::vector<char> *tracked) {
  try {
    trackAccesses(t, fanin, tracked);
  } catch (...) {
    dropTask(t);
    throw;
  }
  registerAccesses(t, tracked);
  for (auto p : fanin) {
    Task &pt = tasks_[static_cast<std::size_t>(p)];
    if (pt.failed) t.failed = true;
    if (!pt.done) {
      std::int32_t n = fanoutFree_;
      if (n >= 0) {
        fanoutFree_ = fanouts_[static_cast<std::size_t>(n)].next;
      } else {
        n = static_cast<std::int32_t>(fanouts_.size());
        fanouts_.emplace_back();
      }
      fanouts_[static_cast<std::size_t>(n)] = FanoutNode{t.id, -1};
      (pt.fanoutTail < 0 ? pt.fanoutHead : fanouts_[static_cast<std::size_t>(pt.fanoutTail)].next) =
          n;
      pt.fanoutTail = n;
      ++t.pending;
    }
  }
  t.faninFirst = fanins_.size();
  t.faninCount = static_cast<std::uint32_t>(fanin.size());
  fanins_.insert(fanins_.end(), fanin.begin(), fanin.end());
}

inline void Runtime::schedule(Task &t, std::unique_lock<std::mutex> &lk) {
  switch (opts_.mode) {
  case ExecMode::Serial:
    runNow(t, lk);
    break;
  case ExecMode::Threads:
    if (t.blockNum == 1 &&
        detail::meanJobNs().load(std::memory_order_relaxed) < detail::kWorkerWorthNs) {
      // Short jobs measured: this one is worth neither a worker nor a hand-over to an idle
      // one (a wake-up costs more than the job); it runs here now, as in serial mode.
      runHere(Job{t.id, 0}, lk);
    } else {
      enqueue(t);
      growWorkers(0);
    }
    runSurplusHere(lk);
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
  r.scalars.assign(t.scalars, t.scalars + t.numScalars);
  r.scalarSlots = args.scalarSlots();
  r.blockNum = t.blockNum;
  for (std::size_t i = 0; i < t.numTensors; ++i) {
    const ChipTensor &x = t.args[i].t;
    r.dirs.push_back(t.args[i].dir);
    graph::TensorSource src;
    if (!graph::classify(*capture_, x, src))
      simFail(
          "submit_graph",
          "a task of graph '" + capture_->name + "' uses " + x.describe() +
              ", which is neither (a view of) a graph argument nor allocated in the graph body");
    r.tensors.push_back(src);
    r.boundary.push_back(src.internal ? 0 : 1);
  }
  for (std::uint32_t k = 0; k < t.faninCount; ++k)
    r.edges.push_back(fanins_[t.faninFirst + k] - capture_->firstTask);
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
    Task &t = newTask(r.kind, r.ks, r.blockNum, r.tensors.size(), r.scalars.size());
    t.entries = entries[n];
    for (std::size_t i = 0; i < r.tensors.size(); ++i) {
      const graph::TensorSource &s = r.tensors[i];
      t.args[i].t = s.internal ? graph::rebase(s.view, graph::RootLayout{}, internal[s.index])
                               : graph::rebase(s.view, g.boundary[s.index], now[s.index]);
      t.args[i].dir = r.dirs[i];
    }
    std::copy(r.scalars.begin(), r.scalars.end(), t.scalars);
    for (std::size_t i = 0; i < r.scalarSlots.size(); ++i)
      if (r.scalarSlots[i] >= 0)
        t.scalars[i] = args.scalars()[static_cast<std::size_t>(r.scalarSlots[i])];
    std::vector<std::int64_t> &fanin = fanin_;
    fanin.clear();
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
  if (std::size_t{t.numTensors} + t.numScalars > argv.size())
    simFail("runtime", "a kernel takes at most " + std::to_string(kLocalContextSlot) +
                           " arguments, got " + std::to_string(t.numTensors + t.numScalars));
  for (std::size_t i = 0; i < t.numTensors; ++i)
    argv[argc++] = static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(&t.args[i].t));
  for (std::size_t i = 0; i < t.numScalars; ++i)
    argv[argc++] = static_cast<std::int64_t>(t.scalars[i]);
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
  Cluster cluster(names, present, block, t.gmRings);
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
  if (t.blockNum > 1)
    launchJobs_[p] += t.blockNum;
  for (int b = 0; b < std::min(waiting_[p], static_cast<int>(t.blockNum)); ++b)
    poolCv_[p].notify_one();
  if (joining_)
    joinCv_.notify_one();
}

inline Runtime::Job Runtime::popJob(std::size_t p) {
  const Job j = ready_[p].front();
  ready_[p].pop_front();
  if (tasks_[static_cast<std::size_t>(j.task)].blockNum > 1)
    --launchJobs_[p];
  return j;
}

inline void Runtime::finishBlock(Task& t) {
  if (--t.blocksLeft == 0) complete(t);
}

inline void Runtime::complete(Task& t) {
  t.done = true;
  ++doneCount_;
  order_.push_back(PTO2TaskId{t.id});
  for (std::int32_t n = t.fanoutHead; n >= 0;) {
    FanoutNode &e = fanouts_[static_cast<std::size_t>(n)];
    Task &st = tasks_[static_cast<std::size_t>(e.task)];
    if (t.failed) st.failed = true;
    if (--st.pending == 0) enqueue(st);
    const std::int32_t next = e.next;
    e.next = fanoutFree_;
    fanoutFree_ = n;
    n = next;
  }
  t.fanoutHead = t.fanoutTail = -1;
  // Releases the task's references to the buffers the TensorMap does not hold (those go at the
  // join, with the map's entries).
  for (std::size_t i = 0; i < t.numTensors; ++i)
    if (!t.args[i].tracked)
      t.args[i].t.buffer.owner.reset();
  if (joining_ && doneCount_ == tasks_.size())
    joinCv_.notify_one();
}

inline void Runtime::runNow(Task &t, std::unique_lock<std::mutex> &lk) {
  lk.unlock();
  for (std::int32_t b = 0; b < t.blockNum; ++b)
    execute(t, b, t.kind == CoreKind::AIV ? localAiv_ : localAic_,
            {{&localAiv_, &localAiv1_}, {&localLane0_, &localLane1_}});
  lk.lock();
  t.blocksLeft = 0;
  complete(t);
}

inline void Runtime::runHere(Job j, std::unique_lock<std::mutex> &lk) {
  Task &t = tasks_[static_cast<std::size_t>(j.task)];
  lk.unlock();
  executeJob(t, j.block, t.kind == CoreKind::AIV ? localAiv_ : localAic_,
             {{&localAiv_, &localAiv1_}, {&localLane0_, &localLane1_}});
  lk.lock();
  finishBlock(t);
}

inline void Runtime::runSurplusHere(std::unique_lock<std::mutex> &lk) {
  for (;;) {
    std::size_t p = 0;
    while (p < 2 && ready_[p].size() <= static_cast<std::size_t>(idle_[p]))
      ++p;
    if (p == 2)
      return;
    runHere(popJob(p), lk);
    growWorkers(0); // jobs the finished one made ready
  }
}

inline void Runtime::executeJob(Task &t, std::int32_t block, CoreMemory &mem, LaneMemory lanes) {
  // One job in kTimeEvery on each thread is timed (its first one included), by the thread's CPU
  // time: the wall clock counts the time a thread waits for a core, so on a loaded machine short
  // jobs looked long. A thread CPU clock read is a system call (about 0.6 us of CPU here: two
  // per runtime made per orchestration call were a tenth of the smallest samples), so the
  // sample is sparse; the mean needs no more.
  constexpr std::uint32_t kTimeEvery = 64;
  thread_local std::uint32_t jobs = 0;
  if (opts_.mode != ExecMode::Threads || jobs++ % kTimeEvery != 0)
    return execute(t, block, mem, lanes);
  const std::int64_t start = detail::threadCpuNs();
  execute(t, block, mem, lanes);
  const std::int64_t ns = detail::threadCpuNs() - start;
  std::atomic<std::int64_t> &mean = detail::meanJobNs();
  const std::int64_t m = mean.load(std::memory_order_relaxed);
  mean.store(m + (static_cast<std::int64_t>(ns) - m) / 4, std::memory_order_relaxed);
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
      runHere(j, lk);
    }
  }
  std::unique_lock lk(mu_);
  while (doneCount_ != tasks_.size()) {
    if (opts_.mode == ExecMode::Threads)
      growWorkers(1); // jobs made ready by finished tasks
    const std::size_t p = !ready_[0].empty() ? 0 : 1;
    if (ready_[p].empty()) {
      joining_ = true;
      joinCv_.wait(lk);
      joining_ = false;
      continue;
    }
    runHere(popJob(p), lk);
  }
  // Everything submitted so far happens before anything submitted after the join: the map's
  // entries go, and with them the tasks' arguments (every task has run).
  accesses_.clear();
  for (std::size_t i = 0; i < args_.size(); ++i)
    args_[i].t.buffer.owner.reset();
  args_.reset();
  scalars_.reset();
  gmRings_.reset();
  if (!firstError_.empty()) {
    std::string e = std::move(firstError_);
    firstError_.clear();
    throw SimError("pl::sim: " + e);
  }
}

inline void Runtime::growWorkers(std::size_t selfTakes) {
  for (std::size_t p = 0; p < 2; ++p) {
    const int size = p == 0 ? opts_.aicWorkers : opts_.aivWorkers;
    // the calling thread takes `selfTakes` jobs; the others must be worth a thread
    const std::int64_t mean =
        std::max<std::int64_t>(1, detail::meanJobNs().load(std::memory_order_relaxed));
    const auto surplus = [&] {
      return static_cast<std::int64_t>(ready_[p].size()) - idle_[p] -
             static_cast<std::int64_t>(selfTakes);
    };
    // (the blocks of a launch always: they run at once, as on hardware)
    while (surplus() > 0 && started_[p] < size &&
           (launchJobs_[p] > 0 || surplus() * mean >= detail::kWorkerWorthNs)) {
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
    const Job j = popJob(p);
    --idle_[p];
    Task &t = tasks_[static_cast<std::size_t>(j.task)];
    lk.unlock();
    executeJob(t, j.block, mem, {{&lane0, &lane1}, {&fiber0, &fiber1}});
    lk.lock();
    ++idle_[p];
    finishBlock(t);
  }
}

}  // namespace pl::sim
