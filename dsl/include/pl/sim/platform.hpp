// pl/sim/platform.hpp — SoC descriptors (a2a3, a5), simulator configuration, per-core arenas.
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pl/types.hpp"

namespace pl::sim {

/// The on-chip memory spaces are the DSL's: `pl::Mem::Vec`, `Mat`, `Left`, `Right`, `Acc`,
/// `Bias`, `LeftScale`, `RightScale`.
using Space = pl::Mem;

/// Every simulator failure (capacity overflow, illegal space use, shape mismatch, a kernel that
/// threw on a worker). Derives from `pl::Error` so eager and simulated runs fail alike.
class SimError : public pl::Error {
 public:
  explicit SimError(const std::string& what) : pl::Error(what) {}
};

[[noreturn]] inline void simFail(std::string_view op, const std::string& msg) {
  throw SimError("pl::sim '" + std::string(op) + "': " + msg);
}

/// The simulator's environment settings (docs/simulator.md, "Environment"). Each is validated
/// where it is read: a malformed or out-of-range value is a SimError naming the variable, the
/// value and the accepted values, never a silent default.
namespace env {
/// The value of `name`, or nullopt when it is unset or empty (both mean "use the default").
inline std::optional<std::string_view> get(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  return std::string_view(v);
}
[[noreturn]] inline void invalid(const char* name, std::string_view value, const std::string& expected) {
  simFail("environment", std::string(name) + "='" + std::string(value) + "' is invalid; expected " + expected);
}
/// `0` or `1`.
inline bool flag(const char* name, bool dflt) {
  const auto v = get(name);
  if (!v) return dflt;
  if (*v == "0") return false;
  if (*v == "1") return true;
  invalid(name, *v, "0 or 1");
}
/// A decimal integer in [lo, hi].
inline std::int64_t integer(const char* name, std::int64_t dflt, std::int64_t lo, std::int64_t hi) {
  const auto v = get(name);
  if (!v) return dflt;
  std::int64_t x = 0;
  const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), x, 10);
  if (ec != std::errc() || end != v->data() + v->size() || x < lo || x > hi)
    invalid(name, *v, "an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  return x;
}
/// An unsigned 64-bit integer, decimal or `0x` hexadecimal.
inline std::uint64_t unsigned64(const char* name, std::uint64_t dflt) {
  const auto v = get(name);
  if (!v) return dflt;
  std::string_view digits = *v;
  int base = 10;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    digits.remove_prefix(2);
    base = 16;
  }
  std::uint64_t x = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), x, base);
  if (ec != std::errc() || end != digits.data() + digits.size())
    invalid(name, *v, "an unsigned integer (decimal or 0x hexadecimal) from 0 to 18446744073709551615");
  return x;
}
}  // namespace env

inline constexpr std::size_t kNumSpaces = 11;  // indexed by static_cast<int>(pl::Mem)
inline constexpr std::uint32_t KiB = 1024;

/// One SoC: capacity (physical bytes) and safe capacity (what the memory planner may use) per
/// space; a space with capacity 0 does not exist on that SoC.
struct Platform {
  const char* name = "";
  std::array<std::uint32_t, kNumSpaces> capacity{};
  std::array<std::uint32_t, kNumSpaces> safe{};
  int aicCores = 0;
  int aivCores = 0;

  std::uint32_t capacityOf(Space s) const { return capacity[static_cast<std::size_t>(s)]; }
  std::uint32_t safeOf(Space s) const { return safe[static_cast<std::size_t>(s)]; }
};

namespace detail {
inline Platform makePlatform(const char* name, std::uint32_t mat, std::uint32_t left, std::uint32_t right,
                             std::uint32_t acc, std::uint32_t bias, std::uint32_t scale, std::uint32_t vecPhys,
                             std::uint32_t vecSafe, int aic, int aiv) {
  Platform p;
  p.name = name;
  auto set = [&](Space s, std::uint32_t phys, std::uint32_t safe) {
    p.capacity[static_cast<std::size_t>(s)] = phys;
    p.safe[static_cast<std::size_t>(s)] = safe;
  };
  set(Space::Mat, mat, mat);
  set(Space::Left, left, left);
  set(Space::Right, right, right);
  set(Space::Acc, acc, acc);
  set(Space::Bias, bias, bias);
  set(Space::LeftScale, scale, scale);
  set(Space::RightScale, scale, scale);
  set(Space::Vec, vecPhys, vecSafe);
  p.aicCores = aic;
  p.aivCores = aiv;
  return p;
}
}  // namespace detail

/// Ascend 910B-class: AIC Mat 512 KiB, Left 64, Right 64, Acc 128, Bias 1; AIV Vec 192 (184 safe).
inline const Platform& a2a3() {
  static const Platform p =
      detail::makePlatform("a2a3", 512 * KiB, 64 * KiB, 64 * KiB, 128 * KiB, 1 * KiB, 0, 192 * KiB, 184 * KiB, 24, 48);
  return p;
}
/// Ascend 950-class: Mat 512, Left 64, Right 64, Acc 256, Bias 4, Left/RightScale 4; Vec 248 (240 safe).
inline const Platform& a5() {
  static const Platform p = detail::makePlatform("a5", 512 * KiB, 64 * KiB, 64 * KiB, 256 * KiB, 4 * KiB, 4 * KiB,
                                                 248 * KiB, 240 * KiB, 18, 36);
  return p;
}
inline constexpr const char* kPlatformNames = "a2a3, a2a3sim, a5 or a5sim";
/// `a2a3`, `a2a3sim`, `a5`, `a5sim` → the descriptor; nullptr for anything else.
inline const Platform* findPlatform(std::string_view n) {
  if (n == "a2a3" || n == "a2a3sim") return &a2a3();
  if (n == "a5" || n == "a5sim") return &a5();
  return nullptr;
}
/// As findPlatform; an unknown name is an error.
inline const Platform& platformByName(std::string_view n) {
  if (const Platform* p = findPlatform(n)) return *p;
  simFail("platform", "unknown platform '" + std::string(n) + "'; expected " + kPlatformNames);
}

/// Process-wide settings. Read once from the environment (`PL_SIM_PLATFORM`, `PL_SIM_CHECKED`),
/// changeable by the API before kernels run.
struct Config {
  const Platform* platform = &a2a3();
  bool checked = true;  // reject illegal memory-space use (see docs/simulator.md)

  /// PL_SIM_PLATFORM (a2a3, a2a3sim, a5, a5sim), PL_SIM_CHECKED (0 or 1); SimError on any other value.
  static Config fromEnv() {
    Config r;
    if (const auto p = env::get("PL_SIM_PLATFORM"); p && !(r.platform = findPlatform(*p)))
      env::invalid("PL_SIM_PLATFORM", *p, kPlatformNames);
    r.checked = env::flag("PL_SIM_CHECKED", r.checked);
    return r;
  }
};
inline Config& config() {
  static Config c = Config::fromEnv();
  return c;
}
inline void setPlatform(const Platform& p) { config().platform = &p; }
inline const Platform& platform() { return *config().platform; }
inline void setChecked(bool on) { config().checked = on; }
inline bool checked() { return config().checked; }

namespace detail {
/// Freed blocks of memory kept for the next allocation of the same size: a runtime makes fresh
/// core arenas and argument buffers per run, and a fresh allocation of a few hundred KiB is page
/// faults and a memset each time. Process-wide; at most kMaxBytes are kept.
class BytePool {
public:
  static constexpr std::size_t kMaxBytes = std::size_t{64} << 20;
  /// A kept block of `bytes`, or nullptr when none is.
  std::unique_ptr<std::byte[]> take(std::size_t bytes) {
    std::lock_guard lk(mu_);
    for (std::size_t i = 0; i < free_.size(); ++i)
      if (free_[i].bytes == bytes) {
        std::unique_ptr<std::byte[]> a = std::move(free_[i].mem);
        free_[i] = std::move(free_.back());
        free_.pop_back();
        kept_ -= bytes;
        return a;
      }
    return nullptr;
  }
  /// Keeps `a` (a block of `bytes`) unless the pool is full.
  void give(std::unique_ptr<std::byte[]> a, std::size_t bytes) {
    std::lock_guard lk(mu_);
    if (kept_ + bytes > kMaxBytes)
      return;
    kept_ += bytes;
    free_.push_back({std::move(a), bytes});
  }

private:
  struct Entry {
    std::unique_ptr<std::byte[]> mem;
    std::size_t bytes;
  };
  std::mutex mu_;
  std::vector<Entry> free_;
  std::size_t kept_ = 0;
};
/// Core arenas, all bytes zero (CoreMemory zeroes what its tiles wrote before giving one back).
inline BytePool &arenaPool() {
  static BytePool *pool =
      new BytePool; // never destroyed: core memories of exiting threads give back
  return *pool;
}
/// Global-memory buffers of the host bridge (any contents: ChipTensor::allocate zeroes them).
inline BytePool &bufferPool() {
  static BytePool *pool = new BytePool; // never destroyed, as arenaPool
  return *pool;
}
} // namespace detail

/// The on-chip memory of one core: one byte arena per space, sized like the hardware (physical
/// capacity of the platform), zero-filled on creation and kept across the tasks the core runs.
/// The bytes a core's tiles can have written (every tile is placed by TASSIGN, `touch`) are
/// zeroed again when the core memory goes, and its arenas return to detail::arenaPool().
class CoreMemory {
 public:
  explicit CoreMemory(const Platform& p = platform()) : platform_(&p) {}
  CoreMemory(const CoreMemory &) = delete;
  CoreMemory &operator=(const CoreMemory &) = delete;
  ~CoreMemory() {
    for (std::size_t s = 0; s < kNumSpaces; ++s) {
      if (!arenas_[s])
        continue;
      std::memset(arenas_[s].get(), 0, touched_[s]);
      detail::arenaPool().give(std::move(arenas_[s]), arenaBytes(static_cast<Space>(s)));
    }
  }
  const Platform& platformDesc() const { return *platform_; }
  /// The arena of `s` (zero-filled on first use).
  std::byte* arena(Space s) {
    auto& a = arenas_[static_cast<std::size_t>(s)];
    if (!a) {
      const std::uint32_t n = arenaBytes(s);
      a = detail::arenaPool().take(n);
      if (!a) {
        a = std::make_unique<std::byte[]>(n);
        std::memset(a.get(), 0, n);
      }
    }
    return a.get();
  }
  /// Records that bytes [0, end) of `s`'s arena may be written (TASSIGN placed a tile there).
  void touch(Space s, std::uint64_t end) {
    auto &t = touched_[static_cast<std::size_t>(s)];
    t = std::max<std::size_t>(
        t, static_cast<std::size_t>(std::min<std::uint64_t>(end, arenaBytes(s))));
  }
  std::uint32_t capacity(Space s) const { return platform_->capacityOf(s); }

 private:
   std::uint32_t arenaBytes(Space s) const {
     const std::uint32_t n = platform_->capacityOf(s);
     return n ? n : 1;
   }
  const Platform* platform_;
  std::array<std::unique_ptr<std::byte[]>, kNumSpaces> arenas_;
  std::array<std::size_t, kNumSpaces> touched_{};
};

/// Which core (and which block of a launch) the calling thread is simulating.
struct CoreContext {
  CoreMemory* memory = nullptr;
  std::int32_t blockIdx = 0;
  std::int32_t blockNum = 1;
  std::int32_t subblockIdx = 0;
};
inline CoreContext& coreContext() {
  thread_local CoreContext ctx;
  return ctx;
}
namespace detail {
inline std::unique_ptr<CoreMemory>& ownCore() {
  thread_local std::unique_ptr<CoreMemory> own;
  return own;
}
}  // namespace detail

/// The arena set of the calling thread's core; threads outside the executor (tests, eager host
/// code) get a private one on first use.
inline CoreMemory& currentCore() {
  CoreContext& ctx = coreContext();
  if (!ctx.memory) {
    auto& own = detail::ownCore();
    if (!own || &own->platformDesc() != &platform()) own = std::make_unique<CoreMemory>(platform());
    ctx.memory = own.get();
  }
  return *ctx.memory;
}
/// Drops the calling thread's private core memory: the next use gets a fresh, zeroed one for
/// the current platform. Tiles assigned before the reset must not be used after it.
inline void resetCurrentCore() {
  detail::ownCore().reset();
  coreContext().memory = nullptr;
}

// ---- the contexts the runtime appends to a kernel's argument array ------------------------------

/// A kernel run's own context (per block): slot kLocalContextSlot of its arguments points to it.
struct SpmdLocalContext {
  std::int32_t block_idx = 0;
  std::int32_t block_num = 1;
};
/// The core's context (per lane): slot kGlobalContextSlot points to it.
struct SpmdGlobalContext {
  std::int32_t sub_block_id = 0;
};
/// The slots: past the most tensors (32) and scalars (16) one task carries.
inline constexpr std::int32_t kLocalContextSlot = 48;
inline constexpr std::int32_t kGlobalContextSlot = 49;
inline constexpr std::size_t kKernelArgSlots = 50;

/// The contexts of a kernel run, and its argument array with their slots set (held inline: a
/// kernel run allocates nothing for it).
struct KernelArgv {
  SpmdLocalContext local;
  SpmdGlobalContext global;
  std::array<std::int64_t, kKernelArgSlots> argv; // every slot set below
  KernelArgv(const std::int64_t *args, std::size_t n, std::int32_t blockIdx, std::int32_t blockNum,
             std::int32_t subBlock)
      : local{blockIdx, blockNum}, global{subBlock} {
    if (n > static_cast<std::size_t>(kLocalContextSlot))
      simFail("runtime", "a kernel takes at most " + std::to_string(kLocalContextSlot) +
                             " arguments, got " + std::to_string(n));
    std::copy(args, args + n, argv.begin());
    // the unused slots are 0, cleared here only (not all 50 first, then the arguments again)
    std::fill(argv.begin() + static_cast<std::ptrdiff_t>(n), argv.begin() + kLocalContextSlot,
              std::int64_t{0});
    argv[kLocalContextSlot] = static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(&local));
    argv[kGlobalContextSlot] = static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(&global));
  }
  KernelArgv(const KernelArgv &) = delete;
  KernelArgv &operator=(const KernelArgv &) = delete;
  std::int64_t *data() { return argv.data(); }
};
inline const SpmdLocalContext &localContext(const std::int64_t *args) {
  if (!args || !args[kLocalContextSlot])
    simFail("get_block_idx", "the kernel's arguments carry no runtime context");
  return *reinterpret_cast<const SpmdLocalContext *>(
      static_cast<std::intptr_t>(args[kLocalContextSlot]));
}
inline const SpmdGlobalContext &globalContext(const std::int64_t *args) {
  if (!args || !args[kGlobalContextSlot])
    simFail("get_sub_block_id", "the kernel's arguments carry no runtime context");
  return *reinterpret_cast<const SpmdGlobalContext *>(
      static_cast<std::intptr_t>(args[kGlobalContextSlot]));
}

/// pl/sim's own queries of the calling core (its tests and pipes; kernels read the contexts).
inline std::int32_t get_block_idx() { return coreContext().blockIdx; }
inline std::int32_t get_block_num() { return coreContext().blockNum; }
inline std::int32_t get_subblock_idx() { return coreContext().subblockIdx; }

}  // namespace pl::sim
