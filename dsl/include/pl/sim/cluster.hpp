// pl/sim/cluster.hpp — one cluster (an AIC and one or two AIV lanes running a mixed task's kernels
// at once) and its cross-core pipes: per direction one ring of slots (in the GM buffer the
// kernels name, or kept here), per direction and lane the ring's bookkeeping (filled, popped,
// freed), blocking push and pop, and the deadlock check. Type-erased: the PTO-ISA side
// (vendor/pto/pto-inst.hpp: TPipe, TPUSH, TPOP, TFREE) writes and reads the slots' bytes as
// pto-isa's TPipe lays them out; the runtime (Runtime::runCluster) runs the kernels of a mixed
// task's block inside a Cluster, on one thread: the AIC on the caller's stack, each AIV lane as
// a fiber on a stack of its own (Cluster::runFibers).
//
// A kernel that must wait records what it waits for (push to a full ring, pop from an empty one)
// and checks whether any kernel still running can proceed; whoever returns checks the same.
// None can: a deadlock, reported with every blocked kernel and its pipe. Otherwise the waiting
// kernel switches to one that can run. Any failure releases the others (they throw
// ClusterReleased at their next or current wait), so a cluster never hangs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <sys/mman.h>
#include <ucontext.h>

#include "pl/dtype.hpp"
#include "pl/sim/pipes.hpp"
#include "pl/sim/platform.hpp"
#include "pl/sim/tile.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define PL_SIM_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PL_SIM_ASAN_FIBERS 1
#endif
#endif
#ifdef PL_SIM_ASAN_FIBERS
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace pl::sim {

/// The direction of a cross-core pipe: cube to vector (`AIC->AIVk`) or vector to cube.
enum class PipeDir : std::uint8_t { C2V, V2C };
/// How the AIC's tile is shared between the two lanes (pto-isa's TileSplitAxis, the template
/// argument of each TPUSH / TPOP / TFREE): not at all (every lane gets all of it), rows halved
/// (lane k gets rows [k·R/2, (k+1)·R/2)) or columns halved.
enum class PipeSplit : std::uint8_t { None, UpDown, LeftRight };
/// The kernels of a cluster.
enum class KernelRole : std::uint8_t { AIC, AIV0, AIV1 };

constexpr const char *roleName(KernelRole r) {
  return r == KernelRole::AIC ? "AIC" : r == KernelRole::AIV0 ? "AIV0" : "AIV1";
}
constexpr const char *splitName(PipeSplit s) {
  return s == PipeSplit::None ? "none" : s == PipeSplit::UpDown ? "up-down" : "left-right";
}
constexpr KernelRole laneRole(int lane) { return lane == 0 ? KernelRole::AIV0 : KernelRole::AIV1; }
/// `an up-down split`, `a left-right split`.
inline std::string splitPhrase(PipeSplit s) {
  return std::string(s == PipeSplit::UpDown ? "an " : "a ") + splitName(s) + " split";
}
/// `AIC->AIV0`, `AIV1->AIC`.
inline std::string channelName(PipeDir d, int lane) {
  const std::string v = "AIV" + std::to_string(lane);
  return d == PipeDir::C2V ? "AIC->" + v : v + "->AIC";
}

/// What a slot holds besides its bytes (per lane): the producer's element type, the valid
/// shape it wrote (the AIC's whole tile; a lane's own part), the split of its TPUSH and the tile
/// it came from (for messages). The consumer checks its TPOP against it.
struct SlotPayload {
  DType dtype = DType::FP32;
  std::int64_t validRow = 0, validCol = 0;
  PipeSplit split = PipeSplit::None;
  std::string from;
};

class Cluster;

namespace detail {

/// Thrown into a kernel of a cluster that another kernel's failure (or a deadlock) released.
/// Not a std::exception: kernel code that catches those must not swallow it.
struct ClusterReleased {};

/// The GM pipe rings the blocks of one mixed task use (direction d of block b): two blocks run
/// at once on hardware, so their rings must not share bytes; nor may the two directions of one
/// block.
class GmRingClaims {
public:
  void claim(std::int32_t block, int channel, std::uintptr_t lo, std::uintptr_t hi,
             const std::string &what) {
    std::lock_guard lk(mu_);
    for (const Claim &c : claims_) {
      if (c.lo >= hi || lo >= c.hi)
        continue;
      if (c.block == block && c.channel == channel && c.lo == lo && c.hi == hi)
        return;
      simFail("TPipe", what + " shares GM bytes with " + c.what +
                           (c.block == block ? ""
                                             : ": the blocks of a launch run at once, so give "
                                               "each its own rings"));
    }
    claims_.push_back(Claim{block, channel, lo, hi, what});
  }
  /// Forgets every claim (the runtime reuses the record for another task).
  void clear() {
    std::lock_guard lk(mu_);
    claims_.clear();
  }

private:
  struct Claim {
    std::int32_t block;
    int channel;
    std::uintptr_t lo, hi;
    std::string what;
  };
  std::mutex mu_;
  std::vector<Claim> claims_;
};

/// Which cluster kernel the calling thread runs (none outside a mixed task's cluster).
struct ClusterSeat {
  Cluster *cluster = nullptr;
  KernelRole role = KernelRole::AIC;
};
inline ClusterSeat &clusterSeat() {
  thread_local ClusterSeat s;
  return s;
}

/// A suspended kernel of a cluster: where its thread state was saved when it switched away.
/// x86-64: a stack pointer (callee-saved registers, MXCSR and the x87 control word are on that
/// stack), switched by a dozen instructions without a system call; elsewhere a ucontext
/// (swapcontext also saves the signal mask, a system call per switch).
#if defined(__x86_64__)
extern "C" void pl_sim_fiber_switch(void **save, void *to);
extern "C" void pl_sim_fiber_start();
// One weak, hidden definition however many translation units include this header.
asm(R"(
  .section .text.pl_sim_fiber_switch,"axG",@progbits,pl_sim_fiber_switch,comdat
  .weak pl_sim_fiber_switch
  .hidden pl_sim_fiber_switch
  .type pl_sim_fiber_switch,@function
pl_sim_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $16, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $16, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size pl_sim_fiber_switch,.-pl_sim_fiber_switch
  .section .text.pl_sim_fiber_start,"axG",@progbits,pl_sim_fiber_start,comdat
  .weak pl_sim_fiber_start
  .hidden pl_sim_fiber_start
  .type pl_sim_fiber_start,@function
pl_sim_fiber_start:
  movq %r12, %rdi
  movq %r13, %rsi
  callq *%r14
  ud2
  .size pl_sim_fiber_start,.-pl_sim_fiber_start
  .text
)");
struct FiberContext {
  void *sp = nullptr;
};
/// Makes `c` start `fn(arg, r)` on the stack [lo, lo + bytes) when switched to (fn never returns).
inline void fiberPrepare(FiberContext &c, std::byte *lo, std::size_t bytes,
                         void (*fn)(void *, long), void *arg, long r) {
  auto top = reinterpret_cast<std::uintptr_t>(lo + bytes) & ~std::uintptr_t(15);
  // 16 bytes of control words, 6 registers, the return address, then two slots of padding:
  // after the return, rsp is 16-aligned, as pl_sim_fiber_start's call needs.
  auto *frame = reinterpret_cast<std::uint64_t *>(top) - 11;
  std::uint32_t mxcsr = 0;
  std::uint16_t fpucw = 0;
  asm volatile("stmxcsr %0" : "=m"(mxcsr));
  asm volatile("fnstcw %0" : "=m"(fpucw));
  std::memcpy(frame, &mxcsr, sizeof mxcsr);
  std::memcpy(reinterpret_cast<std::byte *>(frame) + 4, &fpucw, sizeof fpucw);
  frame[2] = 0;                                                    // r15
  frame[3] = reinterpret_cast<std::uint64_t>(fn);                  // r14
  frame[4] = static_cast<std::uint64_t>(r);                        // r13
  frame[5] = reinterpret_cast<std::uint64_t>(arg);                 // r12
  frame[6] = 0;                                                    // rbx
  frame[7] = 0;                                                    // rbp
  frame[8] = reinterpret_cast<std::uint64_t>(&pl_sim_fiber_start); // returned to: rsp 16-aligned
  frame[9] = frame[10] = 0;
  c.sp = frame;
}
inline void fiberSwitch(FiberContext &from, FiberContext &to) {
  pl_sim_fiber_switch(&from.sp, to.sp);
}
#else
struct FiberContext {
  ucontext_t uc;
};
inline void fiberTrampoline(unsigned fnHi, unsigned fnLo, unsigned argHi, unsigned argLo, int r) {
  auto fn = reinterpret_cast<void (*)(void *, long)>((std::uintptr_t(fnHi) << 32) | fnLo);
  fn(reinterpret_cast<void *>((std::uintptr_t(argHi) << 32) | argLo), r);
}
[[gnu::noinline]] inline void fiberPrepare(FiberContext &c, std::byte *lo, std::size_t bytes,
                                           void (*fn)(void *, long), void *arg, long r) {
  ::getcontext(&c.uc);
  c.uc.uc_stack.ss_sp = lo;
  c.uc.uc_stack.ss_size = bytes;
  c.uc.uc_link = nullptr;
  const auto f = reinterpret_cast<std::uintptr_t>(fn), a = reinterpret_cast<std::uintptr_t>(arg);
  ::makecontext(&c.uc, reinterpret_cast<void (*)()>(&fiberTrampoline), 5, unsigned(f >> 32),
                unsigned(f & 0xffffffffu), unsigned(a >> 32), unsigned(a & 0xffffffffu), int(r));
}
inline void fiberSwitch(FiberContext &from, FiberContext &to) { ::swapcontext(&from.uc, &to.uc); }
#endif

/// What one AIV lane of the clusters a core runs keeps between clusters: the stack its kernels
/// run on (a fiber: see Cluster::runFibers) and its pipe-order checker.
class FiberLane {
public:
  static constexpr std::size_t kStackBytes = std::size_t(8) << 20; // a thread's default
  static constexpr std::size_t kGuardBytes = std::size_t(64) << 10;
  FiberLane() = default;
  FiberLane(const FiberLane &) = delete;
  FiberLane &operator=(const FiberLane &) = delete;
  ~FiberLane() {
    if (mem_)
      ::munmap(mem_, kGuardBytes + kStackBytes);
  }
  /// The stack (mapped on first use, below it a guard region); std::system_error if it cannot be.
  std::byte *stack() {
    if (!mem_) {
      void *m = ::mmap(nullptr, kGuardBytes + kStackBytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
      if (m == MAP_FAILED)
        throw std::system_error(errno, std::generic_category(), "mmap of a kernel stack");
      ::mprotect(m, kGuardBytes, PROT_NONE); // an overflow faults instead of corrupting memory
      mem_ = m;
    }
    return static_cast<std::byte *>(mem_) + kGuardBytes;
  }
  PipeTracker &tracker() { return tracker_; }

private:
  void *mem_ = nullptr;
  PipeTracker tracker_;
};

} // namespace detail

/// One cluster running one block of a mixed task. The runtime constructs it with the kernels'
/// names and which of them exist, runs each present kernel through runKernel on its own thread,
/// joins them and asks finish() for the task's error.
class Cluster {
public:
  /// The kernels' names (views of the kernel table's, which outlives the cluster).
  using Names = std::array<std::string_view, 3>;
  using Present = std::array<bool, 3>;

  Cluster(Names names, Present present, std::int32_t block, detail::GmRingClaims *gmClaims)
      : names_(std::move(names)), present_(present), block_(block), gmClaims_(gmClaims) {
    for (int r = 0; r < 3; ++r)
      state_[r] = present_[r] ? State::Running : State::Absent;
  }
  Cluster(const Cluster &) = delete;
  Cluster &operator=(const Cluster &) = delete;

  bool hasLane(int lane) const { return present_[1 + lane]; }
  int laneCount() const { return int(present_[1]) + int(present_[2]); }
  std::string kernelString(KernelRole r) const {
    return "kernel '" + std::string(names_[idx(r)]) + "' (" + roleName(r) + ")";
  }

  /// Runs `body` as kernel `r` on the calling thread (the seat bound for its pipe operations):
  /// a normal return checks that it holds no slot; a throw fails the cluster and releases the
  /// other kernels. Never throws.
  void runKernel(KernelRole r, const std::function<void()> &body) {
    {
      std::lock_guard lk(mu_);
      if (aborted_) {
        state_[idx(r)] = State::Done;
        return;
      }
    }
    detail::ClusterSeat &seat = detail::clusterSeat();
    const detail::ClusterSeat saved = seat;
    seat = detail::ClusterSeat{this, r};
    try {
      body();
      returned(r);
    } catch (const detail::ClusterReleased &) {
      std::lock_guard lk(mu_);
      state_[idx(r)] = State::Done;
    } catch (const std::exception &e) {
      fail(r, e.what());
    } catch (...) {
      fail(r, "unknown exception");
    }
    seat = saved;
  }
  /// Kernel `r` could not be started (its thread): the cluster fails.
  void failToStart(KernelRole r, const std::string &why) { fail(r, why); }

  /// Runs every present kernel on the calling thread, `body(role)` running kernel `role` (through
  /// runKernel): the AIC on the caller's stack, each AIV lane as a fiber on its lane's stack with
  /// its lane's pipe checker. A kernel that must wait for a pipe switches to one that can
  /// proceed (the same deadlock check decides when none can); returns when every kernel has
  /// returned. No thread is started or woken: a cluster costs a few context switches.
  void runFibers(const std::function<void(KernelRole)> &body,
                 const std::array<detail::FiberLane *, 2> &lanes) {
    body_ = &body;
    const Locals mine = capture();
    for (int lane = 0; lane < 2; ++lane) {
      const int r = 1 + lane;
      exited_[r] = true;
      if (!present_[r])
        continue;
      std::byte *stack = nullptr;
      try {
        stack = lanes[lane]->stack();
      } catch (const std::system_error &e) {
        failToStart(laneRole(lane),
                    std::string("cannot map the stack of its AIV lane: ") + e.what());
        continue;
      }
#ifdef PL_SIM_ASAN_FIBERS
      // the last fiber on this stack never returned from its frames: clear their poison
      __asan_unpoison_memory_region(stack, detail::FiberLane::kStackBytes);
#endif
      detail::fiberPrepare(ctx_[r], stack, detail::FiberLane::kStackBytes, &Cluster::fiberMain,
                           this, r);
      stackLo_[r] = stack;
      stackBytes_[r] = detail::FiberLane::kStackBytes;
      locals_[r] = Locals{mine.ctx, detail::ClusterSeat{}, &lanes[lane]->tracker()};
      exited_[r] = false;
    }
    current_ = 0;
    if (present_[0])
      body(KernelRole::AIC);
    exited_[0] = true;
    // the AIC has returned: run the lanes until both have
    while (!exited_[1] || !exited_[2]) {
      int next = pick(0);
      if (next < 0) { // cannot happen: the deadlock check releases every waiting kernel first
        {
          std::lock_guard lk(mu_);
          abort("internal error: no kernel of the cluster can proceed");
        }
        next = !exited_[1] ? 1 : 2;
      }
      switchTo(0, next);
    }
    restore(mine);
  }

  /// The task's error once every kernel has finished: the first failure, else pipes that still
  /// hold tiles nobody popped; empty when none.
  std::string finish() const {
    std::lock_guard lk(mu_);
    if (!error_.empty())
      return error_;
    for (const auto &[key, ch] : channels_)
      if (ch.filled > 0)
        return "pipe " + channelName(ch.dir, ch.lane) + " still holds " +
               std::to_string(ch.filled) + " tile(s) pushed and never popped when the task ends";
    return "";
  }

  // ---- set-up ---------------------------------------------------------------------------------

  /// Kernel `who` declares its end of the pipe of direction `d` (pto-isa's TPipe constructor):
  /// `slotNum` slots of `slotBytes` bytes in one ring, in the GM bytes at `gm` (a2a3) or kept by
  /// the simulator (null); lane k of the AIC's end is channel (d, k). Errors: an empty ring, a GM
  /// ring outside one live allocation or shared with another block or direction, and a pipe whose
  /// other end (or an earlier declaration) disagrees on slot size, count or ring.
  void declare(KernelRole who, PipeDir d, std::uint32_t slotBytes, std::uint32_t slotNum,
               void *gm) {
    if (slotBytes == 0 || slotNum == 0)
      simFail("TPipe", "a pipe needs at least one slot of at least one byte (got " +
                           std::to_string(slotNum) + " slots of " + std::to_string(slotBytes) +
                           " bytes)");
    const std::size_t ringBytes = std::size_t(slotBytes) * slotNum;
    if (gm)
      requireGmRing(gm, ringBytes);
    if (gm && gmClaims_) {
      const auto lo = reinterpret_cast<std::uintptr_t>(gm);
      gmClaims_->claim(block_, int(d), lo, lo + ringBytes,
                       "the GM ring of pipe " + std::string(dirName(d)) + " (block " +
                           std::to_string(block_) + ")");
    }
    std::unique_lock lk(mu_);
    throwIfAborted();
    Ring &ring = rings_[int(d)];
    const End mine{true, slotBytes, slotNum, gm};
    End &end = ring.ends[idx(who)];
    if (end.declared && !(end == mine))
      simFail("TPipe", "pipe " + std::string(dirName(d)) + " declared twice: first " +
                           endString(end) + ", then " + endString(mine));
    for (int r = 0; r < 3; ++r) {
      const End &other = ring.ends[r];
      if (r == idx(who) || !other.declared || other == mine)
        continue;
      const bool first = r < idx(who); // in role order, whichever declared first
      simFail("TPipe", "the ends of pipe " + std::string(dirName(d)) +
                           " disagree: " + roleName(first ? KernelRole(r) : who) + " declares " +
                           endString(first ? other : mine) + ", " +
                           roleName(first ? who : KernelRole(r)) + " declares " +
                           endString(first ? mine : other));
    }
    end = mine;
    if (!ring.ready) {
      ring.slotBytes = slotBytes;
      ring.slotNum = slotNum;
      ring.base = static_cast<std::byte *>(gm);
      if (!gm) {
        ring.own.assign(ringBytes, std::byte{0});
        ring.base = ring.own.data();
      }
      ring.ready = true;
      for (int lane = 0; lane < 2; ++lane)
        channels_[2 * int(d) + lane] = Channel{d, lane, std::vector<SlotPayload>(slotNum)};
    }
  }

  // ---- transfers ------------------------------------------------------------------------------

  /// A TPUSH of kernel `who` into direction `d` reaching `lanes`: waits until the next slot is
  /// free in every one of them, lets `write` fill the slot's bytes (its base, the ring's slot
  /// size) and marks it filled in each lane with `meta`.
  void push(KernelRole who, PipeDir d, const std::vector<int> &lanes, const SlotPayload &meta,
            const std::function<void(std::byte *, std::uint32_t)> &write) {
    std::unique_lock lk(mu_);
    throwIfAborted();
    for (int lane : lanes)
      waitFor(lk, who, Wait{true, d, lane}); // only `who` fills: a free slot stays free
    const std::size_t i = slotIndex(d, lanes, true);
    const Ring &ring = rings_.at(int(d));
    write(ring.base + i * ring.slotBytes, ring.slotBytes);
    for (int lane : lanes) {
      Channel &ch = channel(d, lane);
      ch.slots[i] = meta;
      ++ch.filled;
    }
  }
  /// A TPOP of kernel `who` from direction `d` reaching `lanes`: waits until every one of them
  /// has a filled slot, lets `read` take the slot's bytes with each lane's payload, and holds the
  /// slot until free().
  void pop(KernelRole who, PipeDir d, const std::vector<int> &lanes,
           const std::function<void(const std::byte *, std::uint32_t,
                                    const std::vector<SlotPayload> &)> &read) {
    std::unique_lock lk(mu_);
    throwIfAborted();
    for (int lane : lanes)
      waitFor(lk, who, Wait{false, d, lane}); // only `who` pops: a filled slot stays filled
    const std::size_t i = slotIndex(d, lanes, false);
    const Ring &ring = rings_.at(int(d));
    std::vector<SlotPayload> metas;
    for (int lane : lanes)
      metas.push_back(channel(d, lane).slots[i]);
    read(ring.base + i * ring.slotBytes, ring.slotBytes, metas);
    for (int lane : lanes) {
      Channel &ch = channel(d, lane);
      --ch.filled;
      ++ch.held;
    }
  }
  /// Releases the oldest held slot of direction `d` in each of `lanes`.
  void free(PipeDir d, const std::vector<int> &lanes) {
    std::lock_guard lk(mu_);
    throwIfAborted();
    for (int lane : lanes) {
      Channel &ch = channel(d, lane);
      if (ch.held == 0)
        simFail("TFREE", "pipe " + channelName(d, lane) +
                             " has no popped slot to free (TFREE without a TPOP before it)");
      ch.head = (ch.head + 1) % ch.slots.size();
      --ch.held;
    }
  }

private:
  enum class State : std::uint8_t { Absent, Running, Blocked, Returned, Done };
  struct End {
    bool declared = false;
    std::uint32_t slotBytes = 0, slotNum = 0;
    void *gm = nullptr;
    bool operator==(const End &) const = default;
  };
  /// One direction's ring of slots: in GM (`base` = the kernels' pointer) or in `own`.
  struct Ring {
    bool ready = false;
    std::array<End, 3> ends{}; // by kernel role
    std::uint32_t slotBytes = 0, slotNum = 0;
    std::vector<std::byte> own;
    std::byte *base = nullptr;
  };
  /// One direction's bookkeeping for one lane: FIFO from `head`: `held` popped and not freed,
  /// then `filled` waiting to be popped, then free ones (the payload of each filled slot).
  struct Channel {
    PipeDir dir = PipeDir::C2V;
    int lane = 0;
    std::vector<SlotPayload> slots;
    std::size_t head = 0, held = 0, filled = 0;
    std::size_t freeSlots() const { return slots.size() - held - filled; }
  };
  struct Wait {
    bool push = false;
    PipeDir dir = PipeDir::C2V;
    int lane = 0;
  };

  static int idx(KernelRole r) { return static_cast<int>(r); }
  static const char *dirName(PipeDir d) { return d == PipeDir::C2V ? "C2V" : "V2C"; }
  static std::string endString(const End &e) {
    std::string s =
        std::to_string(e.slotNum) + " slot(s) of " + std::to_string(e.slotBytes) + " bytes";
    if (e.gm)
      s += ", GM ring at " + std::to_string(reinterpret_cast<std::uintptr_t>(e.gm));
    return s;
  }
  std::string onlyLane() const {
    return laneCount() == 0 ? std::string("no AIV lane") : present_[1] ? "AIV0" : "AIV1";
  }
  static void requireGmRing(void *gm, std::size_t bytes) {
    const auto lo = reinterpret_cast<std::uintptr_t>(gm);
    if (!detail::gmRegistry().contains(lo, lo + bytes))
      simFail("TPipe", "the GM ring of a pipe must hold slot_num * slot_size = " +
                           std::to_string(bytes) + " bytes inside one live allocation");
  }
  /// The slot the next push (or pop) of direction `d` uses: the same in every lane it reaches
  /// (the AIC pushes to, and pops from, all of them at once); mu_ held.
  std::size_t slotIndex(PipeDir d, const std::vector<int> &lanes, bool push) const {
    std::size_t i = 0;
    for (std::size_t n = 0; n < lanes.size(); ++n) {
      const Channel &ch = channel(d, lanes[n]);
      const std::size_t k = (ch.head + ch.held + (push ? ch.filled : 0)) % ch.slots.size();
      if (n > 0 && k != i)
        simFail(push ? "TPUSH" : "TPOP",
                "the lanes of pipe " + std::string(dirName(d)) +
                    " are at different slots (a lane pushed or freed out of step)");
      i = k;
    }
    return i;
  }
  /// Channel (d, lane); mu_ held. Its existence follows from the caller's TPipe.
  Channel &channel(PipeDir d, int lane) { return channels_.at(2 * int(d) + lane); }
  const Channel &channel(PipeDir d, int lane) const { return channels_.at(2 * int(d) + lane); }

  void throwIfAborted() const {
    if (aborted_)
      throw detail::ClusterReleased{};
  }
  bool satisfied(const Wait &w) const {
    const Channel &ch = channel(w.dir, w.lane);
    return w.push ? ch.freeSlots() > 0 : ch.filled > 0;
  }
  /// The kernel at the other end of a wait.
  static KernelRole peerOf(const Wait &w) {
    const bool aicProduces = w.dir == PipeDir::C2V;
    return w.push == aicProduces ? laneRole(w.lane) : KernelRole::AIC;
  }
  std::string waitString(KernelRole r) const {
    const Wait &w = wait_[idx(r)];
    const Channel &ch = channel(w.dir, w.lane);
    const std::string pipe = channelName(w.dir, w.lane);
    if (!w.push)
      return kernelString(r) + " waits to pop from pipe " + pipe + " (empty)";
    return kernelString(r) + " waits to push to pipe " + pipe + " (" +
           std::to_string(ch.held + ch.filled) + " of " + std::to_string(ch.slots.size()) +
           " slots held: " + std::to_string(ch.filled) + " filled, " + std::to_string(ch.held) +
           " popped and not freed)";
  }

  /// Blocks kernel `who` until `w` holds; mu_ held through `lk`. Throws ClusterReleased when
  /// the cluster fails meanwhile (or this wait completes a deadlock).
  void waitFor(std::unique_lock<std::mutex> &lk, KernelRole who, const Wait &w) {
    if (satisfied(w))
      return;
    state_[idx(who)] = State::Blocked;
    wait_[idx(who)] = w;
    checkStuck();
    while (!aborted_ && !satisfied(w)) { // another kernel of the cluster runs meanwhile
      lk.unlock();
      const int next = pick(idx(who));
      if (next >= 0)
        switchTo(idx(who), next);
      lk.lock();
      if (next < 0 && !aborted_ && !satisfied(w))
        abort("internal error: no kernel of the cluster can proceed");
    }
    state_[idx(who)] = State::Running;
    throwIfAborted();
  }
  /// After a kernel blocked or returned (mu_ held): a blocked kernel whose peer has returned
  /// can never proceed; nor can any when every kernel still running is blocked on a wait that
  /// does not hold. Either is a deadlock: the cluster fails.
  void checkStuck() {
    if (aborted_)
      return;
    for (int r = 0; r < 3; ++r) {
      if (state_[r] != State::Blocked || satisfied(wait_[r]))
        continue;
      const KernelRole peer = peerOf(wait_[r]);
      if (state_[idx(peer)] == State::Returned)
        return abort("deadlock: " + waitString(KernelRole(r)) + ", and the kernel at its other " +
                     "end, '" + std::string(names_[idx(peer)]) + "' (" + roleName(peer) +
                     "), has returned");
    }
    bool anyBlocked = false; // the message is built only for a deadlock (not per return)
    for (int r = 0; r < 3; ++r) {
      if (state_[r] == State::Running || (state_[r] == State::Blocked && satisfied(wait_[r])))
        return;
      anyBlocked = anyBlocked || state_[r] == State::Blocked;
    }
    if (!anyBlocked)
      return;
    std::string blocked, gone;
    for (int r = 0; r < 3; ++r) {
      if (state_[r] == State::Blocked)
        blocked += (blocked.empty() ? "" : "; ") + waitString(KernelRole(r));
      else if (state_[r] == State::Returned)
        gone += "; " + kernelString(KernelRole(r)) + " has returned";
    }
    abort("deadlock: every kernel still running is blocked and none can proceed: " + blocked +
          gone);
  }
  /// Kernel `r` returned normally: it must hold no slot.
  void returned(KernelRole r) {
    std::lock_guard lk(mu_);
    if (aborted_) {
      state_[idx(r)] = State::Done;
      return;
    }
    for (const auto &[key, ch] : channels_) {
      const KernelRole consumer = ch.dir == PipeDir::C2V ? laneRole(ch.lane) : KernelRole::AIC;
      if (consumer == r && ch.held > 0) {
        state_[idx(r)] = State::Done;
        return abort(kernelString(r) + " returns holding " + std::to_string(ch.held) +
                     " slot(s) of pipe " + channelName(ch.dir, ch.lane) +
                     " (popped and never released by TFREE)");
      }
    }
    state_[idx(r)] = State::Returned;
    checkStuck();
  }
  void fail(KernelRole r, const std::string &what) {
    std::lock_guard lk(mu_);
    state_[idx(r)] = State::Done;
    abort(kernelString(r) + ": " + what);
  }
  /// Records the cluster's first error and releases every waiting kernel; mu_ held.
  void abort(std::string msg) {
    if (error_.empty())
      error_ = std::move(msg);
    aborted_ = true;
  }

  /// The calling thread's per-kernel state, swapped with the kernel that runs.
  struct Locals {
    CoreContext ctx;
    detail::ClusterSeat seat;
    detail::PipeTracker *tracker = nullptr;
  };
  static Locals capture() {
    return Locals{coreContext(), detail::clusterSeat(), detail::pipeTrackerOverride()};
  }
  static void restore(const Locals &l) {
    coreContext() = l.ctx;
    detail::clusterSeat() = l.seat;
    detail::pipeTrackerOverride() = l.tracker;
  }
  /// A kernel other than `from` that can run now (its fiber not returned, and not waiting, or
  /// its wait satisfied or released); -1 when none. The AIC after it returned is the one that
  /// waits for the lanes: it is picked only when no lane can run.
  int pick(int from) {
    std::lock_guard lk(mu_);
    for (int k = 1; k <= 2; ++k) {
      const int r = (from + k) % 3;
      if (r == 0 || exited_[r])
        continue;
      if (state_[r] != State::Blocked || aborted_ || satisfied(wait_[r]))
        return r;
    }
    if (from != 0)
      return 0; // the AIC: running, waiting (it checks its wait again) or joining the lanes
    return -1;
  }
  /// Switches the thread from kernel `from` to kernel `to`; returns when `from` runs again.
  void switchTo(int from, int to) {
    locals_[from] = capture();
    restore(locals_[to]);
    current_ = to;
#ifdef PL_SIM_ASAN_FIBERS
    void *fake = nullptr;
    __sanitizer_start_switch_fiber(&fake, stackLo_[to], stackBytes_[to]);
#endif
    detail::fiberSwitch(ctx_[from], ctx_[to]);
#ifdef PL_SIM_ASAN_FIBERS
    __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
  }
  /// A lane's fiber: runs its kernel, then hands the thread on for good.
  static void fiberMain(void *self, long lane) {
    auto *c = static_cast<Cluster *>(self);
    const int r = static_cast<int>(lane);
#ifdef PL_SIM_ASAN_FIBERS
    const void *below = nullptr;
    std::size_t bytes = 0;
    __sanitizer_finish_switch_fiber(nullptr, &below, &bytes);
    if (!c->stackLo_[0]) { // the AIC's stack: the one the first switch left
      c->stackLo_[0] = below;
      c->stackBytes_[0] = bytes;
    }
#endif
    (*c->body_)(r == 1 ? KernelRole::AIV0 : KernelRole::AIV1); // never throws (runKernel)
    c->exited_[r] = true;
    const int next = c->pick(r);
    c->locals_[r] = capture();
    c->restore(c->locals_[next]);
    c->current_ = next;
#ifdef PL_SIM_ASAN_FIBERS
    __sanitizer_start_switch_fiber(nullptr, c->stackLo_[next], c->stackBytes_[next]);
#endif
    detail::fiberSwitch(c->ctx_[r], c->ctx_[next]); // never resumed
  }

  const Names names_;
  const Present present_;
  const std::int32_t block_;
  detail::GmRingClaims *const gmClaims_;
  mutable std::mutex mu_;
  std::array<State, 3> state_{};
  std::array<Wait, 3> wait_{};
  std::map<int, Ring> rings_;       // by direction
  std::map<int, Channel> channels_; // by 2 * direction + lane
  bool aborted_ = false;
  std::string error_;
  // runFibers: the kernels' contexts and stacks, their swapped thread state, which have returned
  const std::function<void(KernelRole)> *body_ = nullptr;
  int current_ = 0;
  std::array<detail::FiberContext, 3> ctx_{};
  std::array<Locals, 3> locals_{};
  std::array<bool, 3> exited_{};
  std::array<const void *, 3> stackLo_{};
  std::array<std::size_t, 3> stackBytes_{};
};

} // namespace pl::sim
