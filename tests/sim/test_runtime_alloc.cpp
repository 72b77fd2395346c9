// tests/sim/test_runtime_alloc.cpp — the runtime's per-task bookkeeping allocates nothing once its
// pools have grown (issue 36).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <tuple>
#include <vector>

#include "pl/sim/sim.hpp"

// The replacements below pair malloc with free; gcc sees `new` paired with `free` where it
// inlines them into the standard containers.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace {
/// Every `operator new` of this thread (the runtime submits and runs serial tasks on it).
thread_local std::size_t gNews = 0;
} // namespace

void *operator new(std::size_t n) {
  ++gNews;
  if (void *p = std::malloc(n ? n : 1))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace pl::sim;

/// Allocations made by `n` submissions of `args` (serial mode: each task runs as it is
/// submitted), the arguments built beforehand.
std::size_t allocationsOf(const std::vector<CoreTaskArgs> &args) {
  const std::size_t before = gNews;
  for (const CoreTaskArgs &a : args)
    rt_submit_aiv_task(0, a);
  return gNews - before;
}

/// Tasks that read their own tensors (one each, or 31 at once), scalars, NoDep tensors and
/// explicit dependencies in a manual scope: after one round has grown the runtime's pools (its
/// task records, argument slots, TensorMap entries and groups, edge arrays), a second round of
/// as many tasks after the join allocates next to nothing (only amortized growth of the flat
/// arrays kept for the whole run: fan-ins and the execution order). Before the pools, every task
/// allocated its record's node and its argument and direction vectors (three or more per task).
TEST(SimRuntimeAlloc, SubmissionAllocatesNothingPerTask) {
  KernelTable table{{0, [](std::int64_t *) {}, "empty"}};
  RuntimeOptions o;
  o.mode = ExecMode::Serial;
  o.warn = false;
  Runtime rt(table, o);
  RuntimeBinding bind(rt);
  constexpr int n = 3000;
  std::vector<ChipTensor> own;
  for (int i = 0; i < n; ++i)
    own.push_back(ChipTensor::allocate(DataType::FLOAT32, {16}));
  const ChipTensor scratch = ChipTensor::allocate(DataType::FLOAT32, {16});
  std::vector<CoreTaskArgs> reads(n), wide(n / 31), linked(n);
  for (int i = 0; i < n; ++i) {
    reads[static_cast<std::size_t>(i)].add_input(own[static_cast<std::size_t>(i)]);
    reads[static_cast<std::size_t>(i)].add_no_dep(scratch);
    reads[static_cast<std::size_t>(i)].add_scalar(static_cast<std::uint64_t>(i));
    linked[static_cast<std::size_t>(i)].add_input(own[static_cast<std::size_t>(i)]);
  }
  for (int g = 0; g < n / 31; ++g)
    for (int k = 0; k < 31; ++k)
      wide[static_cast<std::size_t>(g)].add_input(own[static_cast<std::size_t>(g * 31 + k)]);
  for (int round = 0; round < 2; ++round) {
    const auto first = static_cast<std::int64_t>(rt.taskCount());
    std::size_t news = 0;
    PTO2_SCOPE() {
      news += allocationsOf(reads);
      news += allocationsOf(wide);
    }
    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
      const auto base = static_cast<std::int64_t>(rt.taskCount());
      for (int i = 0; i < n; ++i) {
        CoreTaskArgs &a = linked[static_cast<std::size_t>(i)];
        if (i > 0)
          a.set_dependencies(std::vector<PTO2TaskId>{PTO2TaskId{base + i - 1}}.data(), 1);
      }
      news += allocationsOf(linked);
    }
    const auto tasks = static_cast<std::size_t>(rt.taskCount()) - static_cast<std::size_t>(first);
    EXPECT_EQ(tasks, std::size_t{2 * n + n / 31});
    if (round == 1) {
      EXPECT_LT(news, tasks / 64) << news << " allocations for " << tasks << " tasks";
    }
  }
  EXPECT_TRUE(rt.hazards().empty());
  const auto last = static_cast<std::int64_t>(rt.taskCount()) - 1;
  EXPECT_EQ(rt.dependenciesOf(PTO2TaskId{last}), (std::vector<PTO2TaskId>{PTO2TaskId{last - 1}}));
}

/// CoreTaskArgs keeps up to four tensors in place (building one allocates nothing), more in one
/// heap block; copies and moves keep the tensors, in order, and every copy's buffer reference
/// goes with it (the buffers' use counts return to one).
TEST(SimRuntimeAlloc, CoreTaskArgsKeepsFourTensorsInPlace) {
  std::vector<ChipTensor> ts;
  ts.reserve(6);
  for (int i = 0; i < 6; ++i)
    ts.push_back(ChipTensor::allocate(DataType::FLOAT32, {4}));
  for (std::size_t count :
       {std::size_t{0}, std::size_t{2}, std::size_t{4}, std::size_t{5}, std::size_t{6}}) {
    std::size_t news = 0;
    {
      const std::size_t before = gNews;
      CoreTaskArgs a;
      for (std::size_t i = 0; i < count; ++i)
        a.add_input(ts[i]);
      news = gNews - before;
      auto same = [&](const CoreTaskArgs &b) {
        if (b.tensors().size() != count)
          return false;
        for (std::size_t i = 0; i < count; ++i)
          if (b.tensors()[i].data() != ts[i].data() || b.tensor(i).ref().data() != ts[i].data())
            return false;
        return true;
      };
      CoreTaskArgs copy = a;
      EXPECT_TRUE(same(copy)) << count;
      CoreTaskArgs moved = std::move(copy);
      EXPECT_TRUE(same(moved)) << count;
      CoreTaskArgs assigned;
      assigned.add_input(ts[5]);
      assigned = moved;
      EXPECT_TRUE(same(assigned)) << count;
      assigned = std::move(moved);
      EXPECT_TRUE(same(assigned)) << count;
      EXPECT_TRUE(same(a)) << count;
      if (count > 0) {
        EXPECT_EQ(ts[0].buffer.owner.use_count(), 3) << count; // ts, a, assigned
      }
    }
    EXPECT_EQ(news, count <= 4 ? 0u : 1u) << count << " tensors";
    for (const ChipTensor &t : ts)
      EXPECT_EQ(t.buffer.owner.use_count(), 1) << count;
  }
}

/// The argument slots and scalars a kernel sees come from the pools: across chunk boundaries
/// (tasks of 1 to 31 tensors) and joins (the pools restart), each task's kernel reads its own
/// arguments, and a tracked argument keeps its buffer until the join, an untracked (NoDep) one
/// only until its task has run.
struct Probe {
  std::mutex mu;
  std::vector<ChipTensor> headers; // headers[c - 1] leads the tensors of a task with c of them
  std::vector<std::tuple<int, const void *, std::uint64_t>> calls; // count, last tensor, scalar
};
Probe gProbe;

void probeKernel(std::int64_t *args) {
  const void *h = tensorArg(args, 0).data();
  int count = 0;
  while (gProbe.headers[static_cast<std::size_t>(count)].data() != h)
    ++count;
  ++count;
  const void *last = tensorArg(args, static_cast<std::size_t>(count - 1)).data();
  std::lock_guard lk(gProbe.mu);
  gProbe.calls.emplace_back(count, last, static_cast<std::uint64_t>(args[count]));
}

TEST(SimRuntimeAlloc, PooledArgumentsReachTheirKernel) {
  KernelTable table{{0, probeKernel, "probe"}};
  gProbe.headers.clear();
  for (int c = 0; c < 31; ++c)
    gProbe.headers.push_back(ChipTensor::allocate(DataType::FLOAT32, {4}));
  std::vector<ChipTensor> pool;
  for (int i = 0; i < 40; ++i)
    pool.push_back(ChipTensor::allocate(DataType::FLOAT32, {4}));
  for (ExecMode m : {ExecMode::Serial, ExecMode::Threads, ExecMode::Shuffle}) {
    gProbe.calls.clear();
    RuntimeOptions o;
    o.mode = m;
    o.warn = false;
    Runtime rt(table, o);
    RuntimeBinding bind(rt);
    std::vector<std::tuple<int, const void *, std::uint64_t>> expect;
    for (int round = 0; round < 3; ++round) {
      PTO2_SCOPE() {
        for (int i = 0; i < 700; ++i) {
          CoreTaskArgs a;
          const int count = 1 + (i * 7 + round) % 31;
          a.add_input(gProbe.headers[static_cast<std::size_t>(count - 1)]);
          for (int k = 1; k < count; ++k)
            a.add_input(pool[static_cast<std::size_t>((i + k) % 40)]);
          const auto scalar = static_cast<std::uint64_t>(round * 1000 + i);
          a.add_scalar(scalar);
          expect.emplace_back(count,
                              count == 1
                                  ? gProbe.headers[0].data()
                                  : pool[static_cast<std::size_t>((i + count - 1) % 40)].data(),
                              scalar);
          rt_submit_aiv_task(0, a);
        }
      }
    }
    auto got = gProbe.calls;
    if (m != ExecMode::Serial) {
      std::sort(got.begin(), got.end());
      std::sort(expect.begin(), expect.end());
    }
    EXPECT_EQ(got, expect) << static_cast<int>(m);
    // a tracked tensor's buffer lives until the join, a NoDep one's until its task has run
    std::weak_ptr<Buffer> tracked, untracked;
    PTO2_SCOPE() {
      {
        ChipTensor t = ChipTensor::allocate(DataType::FLOAT32, {4});
        ChipTensor u = ChipTensor::allocate(DataType::FLOAT32, {4});
        tracked = t.buffer.owner;
        untracked = u.buffer.owner;
        CoreTaskArgs a;
        a.add_input(gProbe.headers[1]);
        a.add_output(t);
        a.add_no_dep(u);
        a.add_scalar(std::uint64_t{0});
        rt_submit_aiv_task(0, a);
      }
      if (m == ExecMode::Serial) {
        EXPECT_FALSE(tracked.expired());
        EXPECT_TRUE(untracked.expired());
      }
    }
    EXPECT_TRUE(tracked.expired());
    EXPECT_TRUE(untracked.expired());
  }
  gProbe.headers.clear(); // before the simulator's registries end with the program
}

} // namespace
