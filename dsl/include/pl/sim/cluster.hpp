// pl/sim/cluster.hpp — one cluster (an AIC and one or two AIV lanes running a mixed task's kernels
// at once) and its cross-core pipes: per direction and lane a ring of slots, blocking push and
// pop, and the deadlock check. Type-erased: the PTO-ISA side (vendor/pto/pto-inst.hpp: TPipe,
// TPUSH, TPOP, TFREE) turns tiles into slot payloads; the runtime (Runtime::execute) runs each
// kernel of a mixed task on its own thread inside a Cluster.
//
// Blocking and deadlock detection share one mutex: a kernel that must wait records what it waits
// for (push to a full ring, pop from an empty one) before it sleeps, and whoever blocks or
// returns checks, under the same lock, whether any kernel still running can proceed. None can:
// a deadlock, reported with every blocked kernel and its pipe. Any failure releases the others
// (they throw ClusterReleased at their next or current wait), so a cluster never hangs.
#pragma once

#include <array>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pl/dtype.hpp"
#include "pl/sim/platform.hpp"
#include "pl/sim/tile.hpp"

namespace pl::sim {

/// The direction of a cross-core pipe: cube to vector (`AIC->AIVk`) or vector to cube.
enum class PipeDir : std::uint8_t { C2V, V2C };
/// How the AIC's tile is shared between the two lanes: not at all (every lane gets all of it),
/// rows halved (lane k gets rows [k·R/2, (k+1)·R/2)) or columns halved.
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

/// What a slot holds besides its bytes: the pushed tile's element type, physical and valid
/// shape (the half with a split) and the tile it came from (for messages).
struct SlotPayload {
  DType dtype = DType::FP32;
  std::int64_t rows = 0, cols = 0;
  std::int64_t validRow = 0, validCol = 0;
  std::size_t bytes = 0;
  std::string from;
};

class Cluster;

namespace detail {

/// Thrown into a kernel of a cluster that another kernel's failure (or a deadlock) released.
/// Not a std::exception: kernel code that catches those must not swallow it.
struct ClusterReleased {};

/// The GM pipe rings the blocks of one mixed task use (channel (d, k) of block b): two blocks
/// run at once on hardware, so their rings must not share bytes; nor may two channels of one
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
                                               "each its own 4 * slot_num * slot_size bytes"));
    }
    claims_.push_back(Claim{block, channel, lo, hi, what});
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

  /// The task's error once every kernel has finished: the first failure, else pipes that still
  /// hold tiles nobody popped, else peer buffers imported but never reserved; empty when none.
  std::string finish() const {
    std::lock_guard lk(mu_);
    if (!error_.empty())
      return error_;
    for (const auto &[key, ch] : channels_)
      if (ch.filled > 0)
        return "pipe " + channelName(ch.dir, ch.lane) + " still holds " +
               std::to_string(ch.filled) + " tile(s) pushed and never popped when the task ends";
    for (const auto &[name, who] : imports_) {
      bool found = false;
      for (const auto &[key, b] : reserved_)
        found = found || (key.second == name && key.first != idx(who));
      if (!found)
        return kernelString(who) + " imports peer buffer '" + name +
               "', which no other kernel of the task reserves (reserve_buffer)";
    }
    return "";
  }

  // ---- set-up ---------------------------------------------------------------------------------

  /// Kernel `who` declares its end of the pipes of direction `d` (the AIC: one channel per
  /// lane; lane k: channel (d, k)). Errors: an empty ring, a split without both lanes, a GM
  /// ring outside one live allocation or shared with another block or channel, and a channel
  /// whose other end (or an earlier declaration) disagrees on slot size, count, split or ring.
  void declare(KernelRole who, PipeDir d, PipeSplit s, std::uint32_t slotBytes,
               std::uint32_t slotNum, void *gm) {
    if (slotBytes == 0 || slotNum == 0)
      simFail("TPipe", "a pipe needs at least one slot of at least one byte (got " +
                           std::to_string(slotNum) + " slots of " + std::to_string(slotBytes) +
                           " bytes)");
    if (s != PipeSplit::None && laneCount() != 2)
      simFail("TPipe", splitPhrase(s) +
                           " halves the tile between two AIV lanes, but the task has only " +
                           onlyLane());
    const std::size_t ring = std::size_t(slotBytes) * slotNum;
    if (gm)
      requireGmRing(gm, 4 * ring);
    std::unique_lock lk(mu_);
    throwIfAborted();
    for (int lane = 0; lane < 2; ++lane) {
      if (!hasLane(lane) || (who != KernelRole::AIC && who != laneRole(lane)))
        continue;
      const int c = 2 * int(d) + lane;
      std::byte *base = gm ? static_cast<std::byte *>(gm) + std::size_t(c) * ring : nullptr;
      if (base && gmClaims_) {
        const auto lo = reinterpret_cast<std::uintptr_t>(base);
        gmClaims_->claim(block_, c, lo, lo + ring,
                         "the GM ring of pipe " + channelName(d, lane) + " (block " +
                             std::to_string(block_) + ")");
      }
      Channel &ch = channels_[c];
      const End mine{true, slotBytes, slotNum, s, gm};
      End &end = who == KernelRole::AIC ? ch.aic : ch.aiv;
      const End &other = who == KernelRole::AIC ? ch.aiv : ch.aic;
      if (end.declared && !(end == mine))
        simFail("TPipe", "pipe " + channelName(d, lane) + " declared twice: first " +
                             endString(end) + ", then " + endString(mine));
      if (other.declared && !(other == mine)) {
        const End &a = who == KernelRole::AIC ? mine : other;
        const End &v = who == KernelRole::AIC ? other : mine;
        simFail("TPipe", "the two ends of pipe " + channelName(d, lane) +
                             " disagree: the AIC declares " + endString(a) + ", AIV" +
                             std::to_string(lane) + " declares " + endString(v));
      }
      end = mine;
      if (!ch.ready) {
        ch.dir = d;
        ch.lane = lane;
        ch.slotBytes = slotBytes;
        ch.slots.resize(slotNum);
        ch.base = base;
        if (!base) {
          ch.own.assign(ring, std::byte{0});
          ch.base = ch.own.data();
        }
        ch.ready = true;
      }
    }
  }

  /// reserve_buffer: kernel `who`'s slot ring in its own memory (Vec for AIV, Mat for the AIC);
  /// `base` -1 is AUTO (placed by the planner). Errors: no name, a name reserved twice, a
  /// negative base other than -1, bytes past the space's capacity.
  void reserveBuffer(KernelRole who, const char *name, std::uint32_t bytes, std::int64_t base) {
    const Space sp = who == KernelRole::AIC ? Space::Mat : Space::Vec;
    const std::uint32_t cap = currentCore().capacity(sp); // the calling kernel's core
    if (!name || !*name)
      simFail("reserve_buffer", "the buffer needs a name");
    if (base < -1)
      simFail("reserve_buffer",
              "base " + std::to_string(base) + " is negative (-1 is AUTO, else a byte address)");
    const std::uint64_t end = std::uint64_t(base < 0 ? 0 : base) + bytes;
    if (end > cap)
      simFail("reserve_buffer", "buffer '" + std::string(name) + "' of " + std::to_string(bytes) +
                                    " bytes at " + std::to_string(base) + " runs past the " +
                                    pl::memName(sp) + " capacity of " + std::to_string(cap) +
                                    " bytes");
    std::lock_guard lk(mu_);
    throwIfAborted();
    if (!reserved_.emplace(std::pair{idx(who), std::string(name)}, bytes).second)
      simFail("reserve_buffer", "buffer '" + std::string(name) + "' is reserved twice");
  }
  /// import_peer_buffer: the producer's view of a buffer a peer reserves (checked when the task
  /// ends, as the peer may reserve it later).
  void importPeerBuffer(KernelRole who, const char *name) {
    if (!name || !*name)
      simFail("import_peer_buffer", "the buffer needs a name");
    std::lock_guard lk(mu_);
    throwIfAborted();
    imports_.emplace_back(std::string(name), who);
  }

  // ---- transfers ------------------------------------------------------------------------------

  /// Copies `meta.bytes` bytes of `bytes` into the next slot of channel (d, lane), waiting
  /// while none is free (kernel `who` is the producer).
  void push(KernelRole who, PipeDir d, int lane, SlotPayload meta, const std::byte *bytes) {
    std::unique_lock lk(mu_);
    throwIfAborted();
    Channel &ch = channel(d, lane);
    waitFor(lk, who, Wait{true, d, lane});
    const std::size_t n = ch.slots.size();
    const std::size_t i = (ch.head + ch.held + ch.filled) % n;
    std::memcpy(ch.base + i * ch.slotBytes, bytes, meta.bytes);
    ch.slots[i] = std::move(meta);
    ++ch.filled;
    cv_.notify_all();
  }
  /// Takes the oldest filled slot of channel (d, lane) (waiting while none), holds it until
  /// free(), and returns its payload with the bytes copied into `bytes`.
  SlotPayload pop(KernelRole who, PipeDir d, int lane, std::vector<std::byte> &bytes) {
    std::unique_lock lk(mu_);
    throwIfAborted();
    Channel &ch = channel(d, lane);
    waitFor(lk, who, Wait{false, d, lane});
    const std::size_t i = (ch.head + ch.held) % ch.slots.size();
    const SlotPayload &p = ch.slots[i];
    bytes.assign(ch.base + i * ch.slotBytes, ch.base + i * ch.slotBytes + p.bytes);
    --ch.filled;
    ++ch.held;
    return p;
  }
  /// Releases the oldest held slot of channel (d, lane).
  void free(PipeDir d, int lane) {
    std::lock_guard lk(mu_);
    throwIfAborted();
    Channel &ch = channel(d, lane);
    if (ch.held == 0)
      simFail("TFREE", "pipe " + channelName(d, lane) +
                           " has no popped slot to free (TFREE without a TPOP before it)");
    ch.head = (ch.head + 1) % ch.slots.size();
    --ch.held;
    cv_.notify_all();
  }

private:
  enum class State : std::uint8_t { Absent, Running, Blocked, Returned, Done };
  struct End {
    bool declared = false;
    std::uint32_t slotBytes = 0, slotNum = 0;
    PipeSplit split = PipeSplit::None;
    void *gm = nullptr;
    bool operator==(const End &) const = default;
  };
  /// One direction of one lane: a ring of slots, FIFO from `head`: `held` popped and not
  /// freed, then `filled` waiting to be popped, then free ones.
  struct Channel {
    bool ready = false;
    PipeDir dir = PipeDir::C2V;
    int lane = 0;
    End aic, aiv;
    std::uint32_t slotBytes = 0;
    std::vector<SlotPayload> slots;
    std::vector<std::byte> own; // the ring, unless it lives in a GM buffer
    std::byte *base = nullptr;
    std::size_t head = 0, held = 0, filled = 0;
    std::size_t freeSlots() const { return slots.size() - held - filled; }
  };
  struct Wait {
    bool push = false;
    PipeDir dir = PipeDir::C2V;
    int lane = 0;
  };

  static int idx(KernelRole r) { return static_cast<int>(r); }
  static std::string endString(const End &e) {
    std::string s = std::to_string(e.slotNum) + " slot(s) of " + std::to_string(e.slotBytes) +
                    " bytes, split " + splitName(e.split);
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
      simFail("TPipe",
              "the GM pipe buffer must hold 4 * slot_num * slot_size = " + std::to_string(bytes) +
                  " bytes inside one live allocation (channel (d, k) at (2d + k) * "
                  "slot_num * slot_size)");
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
    cv_.wait(lk, [&] { return aborted_ || satisfied(w); });
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
    std::string blocked, gone;
    for (int r = 0; r < 3; ++r) {
      if (state_[r] == State::Running || (state_[r] == State::Blocked && satisfied(wait_[r])))
        return;
      if (state_[r] == State::Blocked)
        blocked += (blocked.empty() ? "" : "; ") + waitString(KernelRole(r));
      else if (state_[r] == State::Returned)
        gone += "; " + kernelString(KernelRole(r)) + " has returned";
    }
    if (!blocked.empty())
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
    cv_.notify_all();
  }

  const Names names_;
  const Present present_;
  const std::int32_t block_;
  detail::GmRingClaims *const gmClaims_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::array<State, 3> state_{};
  std::array<Wait, 3> wait_{};
  std::map<int, Channel> channels_; // by 2 * direction + lane
  std::map<std::pair<int, std::string>, std::uint32_t> reserved_;
  std::vector<std::pair<std::string, KernelRole>> imports_;
  bool aborted_ = false;
  std::string error_;
};

} // namespace pl::sim
