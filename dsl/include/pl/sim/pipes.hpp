// pl/sim/pipes.hpp — the pipes of a simulated core as asynchronous queues: every PTO-ISA
// instruction a generated kernel issues (through pl/sim/vendor/pto/pto-inst.hpp) is recorded
// with its pipe and the bytes it reads and writes, and an access that depends on an earlier one
// of another pipe is an error unless a set_flag / wait_flag pair between those two pipes lies
// between them (and, within the vector pipe, a pipe_barrier(PIPE_V)). Flags waited without a
// set, set twice, or never waited, and a kernel that returns while a global-memory write may
// still be in flight, are errors too. The simulator itself runs instructions in order; this is
// the check that the order would also hold on hardware, where each pipe runs on its own.
//
// Ordering is not transitive here (a flag orders its two pipes only), and the pass that writes
// the flags (InsertPipeSyncs) reasons the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "pl/sim/platform.hpp"

namespace pl::sim {

enum Pipe : std::uint8_t {
  PIPE_S,
  PIPE_V,
  PIPE_M,
  PIPE_MTE1,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_FIX,
  PIPE_ALL
};
enum EventId : std::uint8_t {
  EVENT_ID0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7
};

constexpr const char *pipeName(Pipe p) {
  constexpr const char *n[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",   "PIPE_MTE1",
                               "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX", "PIPE_ALL"};
  return n[p];
}

namespace detail {

/// A byte interval of one space (a tile's arena bytes, or global memory: `gm`).
struct ByteRange {
  int space = 0; ///< a pl::Mem value; kGmSpace for global memory
  std::uintptr_t lo = 0, hi = 0;
  static constexpr int kGmSpace = -1;
  bool overlaps(const ByteRange &o) const { return space == o.space && lo < o.hi && o.lo < hi; }
  bool operator==(const ByteRange &) const = default;
};

inline std::string rangeString(const ByteRange &r) {
  return std::string(r.space == ByteRange::kGmSpace ? "global memory"
                                                    : pl::memName(static_cast<pl::Mem>(r.space))) +
         " bytes [" + std::to_string(r.lo) + ", " + std::to_string(r.hi) + ")";
}

/// The pipe state of the calling thread's core while it runs one kernel.
class PipeTracker {
public:
  PipeTracker() = default;
  PipeTracker(const PipeTracker &) = delete; // setFlags_ points into flags_
  PipeTracker &operator=(const PipeTracker &) = delete;
  /// Starts checking a kernel (the runtime calls it before each kernel invocation).
  /// Resets only what the previous run touched (the flags it left set, its accesses): a kernel
  /// run costs no more than the instructions it issues.
  void begin(const std::string &kernel) {
    reset();
    kernel_ = kernel;
    active_ = true;
  }
  /// Drops every check state (after a failed kernel run).
  void reset() {
    active_ = false;
    seq_ = 0;
    lastInstr_ = nullptr;
    lastPipe_ = PIPE_S;
    acc_.clear();
    if (orderedSet_) { // most kernel runs order nothing: no 512-byte clear for them
      std::memset(ordered_, 0, sizeof ordered_);
      orderedSet_ = false;
    }
    for (Flag *f : setFlags_)
      f->set = false;
    setFlags_.clear();
  }
  /// Ends the kernel: flags left set, and global-memory writes not drained, are errors.
  void end() {
    if (!active_)
      return;
    active_ = false;
    for (int s = 0; s < kPipes && !setFlags_.empty(); ++s)
      for (int d = 0; d < kPipes; ++d)
        for (int e = 0; e < kEvents; ++e)
          if (flags_[s][d][e].set)
            fail("set_flag(" + std::string(pipeName(Pipe(s))) + ", " + pipeName(Pipe(d)) +
                 ", EVENT_ID" + std::to_string(e) + ") after " + flags_[s][d][e].afterString() +
                 " is never waited");
    for (const Access &a : acc_)
      if (a.write && a.range.space == ByteRange::kGmSpace && a.pipe != PIPE_S &&
          ordered_[PIPE_S][a.pipe] <= a.seq)
        fail(std::string("the kernel ends while ") + a.instr + " on " + pipeName(a.pipe) +
             " may still be writing global memory: drain the pipe (pipe_barrier(PIPE_ALL), or a "
             "flag to PIPE_S) "
             "before returning");
  }
  bool active() const { return active_; }

  /// One instruction on `pipe` reading `reads` and writing `writes`; `instr` is its name, a
  /// string literal (kept, not copied).
  void issue(Pipe pipe, const char *instr, const ByteRange *reads, std::size_t nReads,
             const ByteRange *writes, std::size_t nWrites) {
    if (!active_)
      return;
    for (std::size_t i = 0; i < nReads; ++i)
      requireOrdered(pipe, instr, reads[i], false);
    for (std::size_t i = 0; i < nWrites; ++i)
      requireOrdered(pipe, instr, writes[i], true);
    for (std::size_t i = 0; i < nReads; ++i)
      record(pipe, instr, reads[i], false);
    for (std::size_t i = 0; i < nWrites; ++i)
      record(pipe, instr, writes[i], true);
    ++seq_;
  }
  void issue(Pipe pipe, const char *instr, const std::vector<ByteRange> &reads,
             const std::vector<ByteRange> &writes) {
    issue(pipe, instr, reads.data(), reads.size(), writes.data(), writes.size());
  }

  void setFlag(Pipe src, Pipe dst, int ev) {
    if (!active_)
      return;
    checkFlag("set_flag", src, dst, ev);
    Flag &f = flags_[src][dst][ev];
    if (f.set)
      fail("set_flag(" + flagString(src, dst, ev) +
           ") is set again before a wait_flag consumed it (set after " + f.afterString() + ")");
    f.set = true;
    setFlags_.push_back(&f);
    f.seq = seq_;
    f.afterInstr = lastInstr_;
    f.afterPipe = lastPipe_;
  }
  void waitFlag(Pipe src, Pipe dst, int ev) {
    if (!active_)
      return;
    checkFlag("wait_flag", src, dst, ev);
    Flag &f = flags_[src][dst][ev];
    if (!f.set)
      fail("wait_flag(" + flagString(src, dst, ev) +
           ") with no set_flag before it: hardware would wait forever");
    if (ordered_[dst][src] < f.seq) {
      ordered_[dst][src] = f.seq;
      orderedSet_ = true;
    }
    f.set = false;
  }
  void barrier(Pipe p) {
    if (!active_)
      return;
    orderedSet_ = true;
    if (p == PIPE_ALL) {
      for (auto &row : ordered_)
        for (auto &v : row)
          v = seq_;
    } else {
      ordered_[p][p] = seq_;
    }
  }

private:
  static constexpr int kPipes = 8, kEvents = 8;
  struct Access {
    ByteRange range;
    Pipe pipe;
    bool write;
    std::uint64_t seq;
    const char *instr;
  };
  struct Flag {
    bool set = false;
    std::uint64_t seq = 0;
    const char *afterInstr = nullptr; ///< the instruction before the set (null: none)
    Pipe afterPipe = PIPE_S;
    std::string afterString() const {
      return afterInstr ? std::string(afterInstr) + " on " + pipeName(afterPipe)
                        : std::string("the kernel's start");
    }
  };

  static std::string flagString(Pipe s, Pipe d, int e) {
    return std::string(pipeName(s)) + ", " + pipeName(d) + ", EVENT_ID" + std::to_string(e);
  }
  void checkFlag(const char *what, Pipe s, Pipe d, int e) {
    if (s == PIPE_ALL || d == PIPE_ALL || s == d || e < 0 || e >= kEvents)
      fail(std::string(what) + "(" + std::to_string(int(s)) + ", " + std::to_string(int(d)) + ", " +
           std::to_string(e) + "): a flag orders two different pipes on events 0..7");
  }

  /// `instr` on `pipe` accessing `r` must come after every earlier conflicting access.
  void requireOrdered(Pipe pipe, const char *instr, const ByteRange &r, bool write) {
    for (const Access &a : acc_) {
      if (!(a.write || write) || !a.range.overlaps(r))
        continue;
      if (a.pipe == pipe && pipe != PIPE_V)
        continue; // one pipe runs its queue in order
      if (ordered_[pipe][a.pipe] > a.seq)
        continue;
      const std::string how =
          a.pipe == pipe ? "with no pipe_barrier(" + std::string(pipeName(pipe)) + ") between them"
                         : "with no set_flag/wait_flag(" + std::string(pipeName(a.pipe)) + ", " +
                               pipeName(pipe) + ") between them";
      fail(std::string(instr) + " on " + pipeName(pipe) + (write ? " writes " : " reads ") +
           rangeString(r) + " that " + a.instr + " on " + pipeName(a.pipe) +
           (a.write ? " writes " : " reads ") + how +
           ": on hardware the two pipes run independently and " +
           (a.write
                ? (write ? "the writes may land in either order" : "the read may see the old bytes")
                : "the write may clobber the bytes before they are read"));
    }
  }
  void record(Pipe pipe, const char *instr, const ByteRange &r, bool write) {
    lastInstr_ = instr;
    lastPipe_ = pipe;
    for (Access &a : acc_)
      if (a.range == r && a.pipe == pipe && a.write == write) {
        a.seq = seq_;
        a.instr = instr;
        return;
      }
    acc_.push_back(Access{r, pipe, write, seq_, instr});
  }
  [[noreturn]] void fail(const std::string &msg) {
    active_ = false;
    simFail("pipe sync", "kernel '" + kernel_ + "': " + msg);
  }

  bool active_ = false;
  std::string kernel_;
  std::uint64_t seq_ = 0;
  const char *lastInstr_ = nullptr; ///< the last instruction recorded, and its pipe
  Pipe lastPipe_ = PIPE_S;
  std::vector<Access> acc_;
  /// ordered_[p][q]: every q-instruction with seq < this value completes before p's next one.
  std::uint64_t ordered_[kPipes][kPipes] = {};
  bool orderedSet_ = false; // an entry of ordered_ is not 0
  Flag flags_[kPipes][kPipes][kEvents];
  std::vector<Flag *> setFlags_; // every flag set since begin (some since waited)
};

/// The tracker a cluster's kernel fiber uses instead of its thread's (cluster.hpp): the kernels
/// of a cluster take turns on one thread, each with its own pipe state.
inline PipeTracker *&pipeTrackerOverride() {
  thread_local PipeTracker *p = nullptr;
  return p;
}
inline PipeTracker &pipeTracker() {
  thread_local PipeTracker t;
  PipeTracker *o = pipeTrackerOverride();
  return o ? *o : t;
}

} // namespace detail

inline void set_flag(Pipe src, Pipe dst, int ev) { detail::pipeTracker().setFlag(src, dst, ev); }
inline void wait_flag(Pipe src, Pipe dst, int ev) { detail::pipeTracker().waitFlag(src, dst, ev); }
inline void pipe_barrier(Pipe p) { detail::pipeTracker().barrier(p); }

} // namespace pl::sim
