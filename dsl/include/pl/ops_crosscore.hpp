// pl/ops_crosscore.hpp — cross-core pipes of a cluster for hand-written AIC / AIV kernels of a
// Group: tpush / tpop / tfree and the pipe set-up (docs/dsl.md "Cross-core pipes").
//
// A cluster's cube core (AIC) and vector core (AIV) exchange tiles through one pipe per
// direction: AIC->AIV (`tpush_to_aiv` / `tpop_from_aic` / `tfree_to_aic`) and AIV->AIC
// (`tpush_to_aic` / `tpop_from_aiv` / `tfree_to_aiv`). The eager run (the reference) models each
// pipe as a FIFO of tile copies on this thread: a push appends a copy, a pop takes the oldest
// pushed tile and holds it until its `tfree`. A Group's kernels are ordinary calls there, run
// one after another, so a pop from an empty pipe is a pl::Error (the producer kernel must be
// called first), never a wait. Slot sizes and counts are recorded, not enforced (the simulator
// enforces them).
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "pl/annotate.hpp"
#include "pl/types.hpp"

namespace pl {

/// Options of `aic_initialize_pipe` / `aiv_initialize_pipe` (every field is required by the
/// translated program: `dir_mask` 1 cube to vector, 2 vector to cube, 3 both; `slot_size` bytes
/// per slot; `slot_num` slots per pipe).
struct InitializePipeOptions {
  std::int64_t dir_mask = 0;
  std::int64_t slot_size = 0;
  std::int64_t slot_num = 0;
};
/// Options of `reserve_buffer`: the consumer's slot ring `name` of `size` bytes at `base` (-1:
/// placed by the allocator).
struct ReserveBufferOptions {
  std::string_view name = {};
  std::int64_t size = 0;
  std::int64_t base = -1;
};
/// Options of `import_peer_buffer`: the ring `name` that the kernel `peer_func` reserved.
struct ImportPeerBufferOptions {
  std::string_view name = {};
  std::string_view peer_func = {};
};

namespace detail {

/// One direction of the cluster's pipes in the eager run.
struct EagerPipe {
  struct Held {
    TileData tile = {};
    std::uint64_t pop = 0; ///< 1-based pop number on this pipe
  };
  const char *name = "";            ///< "AIC->AIV" / "AIV->AIC"
  const char *push = "";            ///< the op that fills it
  const char *producer = "";        ///< the kernel kind that pushes
  const char *consumer = "";        ///< the kernel kind that pops
  std::deque<TileData> filled = {}; ///< pushed, not yet popped (oldest first)
  std::deque<Held> held = {};       ///< popped, not yet freed (oldest first)
  std::uint64_t pops = 0;
};

/// The set-up calls the eager run records (not enforced there).
struct PipeSetup {
  std::optional<InitializePipeOptions> aic = {}, aiv = {};
  std::vector<std::pair<std::string, std::int64_t>> reserved = {}; ///< name, size
  std::vector<std::pair<std::string, std::string>> imported = {};  ///< name, peer_func
};

/// This thread's pipes: a Group's kernels run on the thread that calls the Group.
struct EagerPipes {
  EagerPipe c2v{"AIC->AIV", "pl::tpush_to_aiv", "AIC", "AIV"};
  EagerPipe v2c{"AIV->AIC", "pl::tpush_to_aic", "AIV", "AIC"};
  PipeSetup setup;
};
inline EagerPipes &eagerPipes() {
  thread_local EagerPipes pipes;
  return pipes;
}

inline bool sameTile(const TileData &a, const TileData &b) {
  return a.a.dtype == b.a.dtype && a.a.shape == b.a.shape && a.validRows == b.validRows &&
         a.validCols == b.validCols && a.a.data == b.a.data;
}

inline void pushPipe(const char *op, EagerPipe &p, const TileData &t) {
  if (t.a.shape.size() != 2)
    fail(op, "cannot push an empty tile into pipe " + std::string(p.name));
  p.filled.push_back(t);
  ++opCounter();
}

template <class TileT> TileT popPipe(const char *op, EagerPipe &p, Mem defaultSpace) {
  if (p.filled.empty()) {
    const std::string order = std::string(p.producer) +
                              " kernel that pushes must be called before the " + p.consumer +
                              " kernel that pops";
    fail(op, "pipe " + std::string(p.name) + " is empty: no tile pushed with " + p.push +
                 " is waiting. In the eager run a Group's kernels run one after another in call "
                 "order, so the " +
                 order);
  }
  TileData t = p.filled.front();
  const Shape want{TileT::static_rows, TileT::static_cols};
  if (t.a.dtype != TileT::static_dtype || t.a.shape != want)
    fail(op, "the oldest tile in pipe " + std::string(p.name) + " is " +
                 typeStr(t.a.dtype, t.a.shape) + ", but the pop asks for " +
                 typeStr(TileT::static_dtype, want) +
                 "; a pop takes a tile of the pushed shape and dtype");
  p.filled.pop_front();
  t.mem = TileT::static_mem == Mem::Auto ? defaultSpace : TileT::static_mem;
  p.held.push_back({t, ++p.pops});
  ++opCounter();
  return TileT(std::move(t), FromData{});
}

inline std::string popOrdinal(std::uint64_t n) { return "#" + std::to_string(n); }

inline void freePipe(const char *op, EagerPipe &p, const TileData &t) {
  if (p.held.empty())
    fail(op, "no tile popped from pipe " + std::string(p.name) + " is waiting to be freed");
  if (sameTile(p.held.front().tile, t)) {
    p.held.pop_front();
    ++opCounter();
    return;
  }
  auto later = std::find_if(p.held.begin(), p.held.end(),
                            [&](const EagerPipe::Held &h) { return sameTile(h.tile, t); });
  if (later != p.held.end())
    fail(op, "the tile is pop " + popOrdinal(later->pop) + " of pipe " + p.name +
                 ", but the oldest popped and not yet freed tile of that pipe is pop " +
                 popOrdinal(p.held.front().pop) + "; free the tiles in the order they were popped");
  fail(op, "the tile (" + typeStr(t.a.dtype, t.a.shape) + ") is not one popped from pipe " +
               p.name + " and not yet freed (" + std::to_string(p.held.size()) +
               " held; a tile is identified by its dtype, shape, valid region and elements)");
}

template <class TileT> constexpr bool poppableTile() {
  if constexpr (TileLike<TileT>)
    return std::is_same_v<TileT, TileBaseT<TileT>> && TileT::static_rows != dyn &&
           TileT::static_cols != dyn && TileT::static_dtype != DType::Any;
  else
    return false;
}

inline void checkInitPipe(const char *op, const InitializePipeOptions &o) {
  if (o.dir_mask < 1 || o.dir_mask > 3)
    fail(op, ".dir_mask is 1 (cube to vector), 2 (vector to cube) or 3 (both); got " +
                 std::to_string(o.dir_mask));
  if (o.slot_size <= 0 || o.slot_num <= 0)
    fail(op, ".slot_size and .slot_num are positive (bytes per slot, slots per pipe); got " +
                 std::to_string(o.slot_size) + " and " + std::to_string(o.slot_num));
}

} // namespace detail

// ---- the cube core (AIC) side ------------------------------------------------------------------

/// Sends a copy of `tile` to the vector core (pipe AIC->AIV).
template <TileLike T> PL_DSL_OP("tile.tpush_to_aiv") void tpush_to_aiv(const T &tile) {
  detail::pushPipe("tpush_to_aiv", detail::eagerPipes().c2v, tile.data());
}
/// The oldest tile the vector core pushed (pipe AIV->AIC), as a `TileT` (a static-shape tile;
/// in Mat unless TileT states a memory space). Its slot stays held until `tfree_to_aiv`.
template <class TileT> PL_DSL_OP("tile.tpop_from_aiv") TileT tpop_from_aiv() {
  static_assert(PL_DSL_RULE(detail::poppableTile<TileT>()),
                "pl::tpop_from_aiv<TileT>: TileT is a pl::Tile with a static shape and dtype, e.g. "
                "pl::Tile<pl::fp32, 16, 64> [F374]");
  return detail::popPipe<TileT>("tpop_from_aiv", detail::eagerPipes().v2c, Mem::Mat);
}
/// Releases the slot of `tile`, the oldest tile popped from the vector core and not yet freed.
template <TileLike T> PL_DSL_OP("tile.tfree_to_aiv") void tfree_to_aiv(const T &tile) {
  detail::freePipe("tfree_to_aiv", detail::eagerPipes().v2c, tile.data());
}
/// Sets up the cube core's end of the pipes (recorded; the eager run enforces no slot limits).
PL_DSL_OP("system.aic_initialize_pipe")
inline void aic_initialize_pipe(const InitializePipeOptions &o) {
  detail::checkInitPipe("aic_initialize_pipe", o);
  detail::eagerPipes().setup.aic = o;
}

// ---- the vector core (AIV) side ----------------------------------------------------------------

/// Sends a copy of `tile` to the cube core (pipe AIV->AIC).
template <TileLike T> PL_DSL_OP("tile.tpush_to_aic") void tpush_to_aic(const T &tile) {
  detail::pushPipe("tpush_to_aic", detail::eagerPipes().v2c, tile.data());
}
/// The oldest tile the cube core pushed (pipe AIC->AIV), as a `TileT` (a static-shape tile; in
/// Vec unless TileT states a memory space). Its slot stays held until `tfree_to_aic`.
template <class TileT> PL_DSL_OP("tile.tpop_from_aic") TileT tpop_from_aic() {
  static_assert(PL_DSL_RULE(detail::poppableTile<TileT>()),
                "pl::tpop_from_aic<TileT>: TileT is a pl::Tile with a static shape and dtype, e.g. "
                "pl::Tile<pl::fp32, 16, 64> [F374]");
  return detail::popPipe<TileT>("tpop_from_aic", detail::eagerPipes().c2v, Mem::Vec);
}
/// Releases the slot of `tile`, the oldest tile popped from the cube core and not yet freed.
template <TileLike T> PL_DSL_OP("tile.tfree_to_aic") void tfree_to_aic(const T &tile) {
  detail::freePipe("tfree_to_aic", detail::eagerPipes().c2v, tile.data());
}
/// Sets up the vector core's end of the pipes (recorded; the eager run enforces no slot limits).
PL_DSL_OP("system.aiv_initialize_pipe")
inline void aiv_initialize_pipe(const InitializePipeOptions &o) {
  detail::checkInitPipe("aiv_initialize_pipe", o);
  detail::eagerPipes().setup.aiv = o;
}

// ---- slot rings (either side) ------------------------------------------------------------------

/// Reserves the consumer's slot ring in its local memory (recorded eagerly).
PL_DSL_OP("system.reserve_buffer") inline void reserve_buffer(const ReserveBufferOptions &o) {
  if (o.size <= 0)
    detail::fail("reserve_buffer", ".size is a positive byte count; got " + std::to_string(o.size));
  detail::eagerPipes().setup.reserved.emplace_back(std::string(o.name), o.size);
}
/// The producer's view of the ring `name` its peer kernel `peer_func` reserved (recorded eagerly).
PL_DSL_OP("system.import_peer_buffer")
inline void import_peer_buffer(const ImportPeerBufferOptions &o) {
  detail::eagerPipes().setup.imported.emplace_back(std::string(o.name), std::string(o.peer_func));
}

} // namespace pl
