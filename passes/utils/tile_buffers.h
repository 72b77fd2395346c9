// Tile buffers: the `tile.alloc` allocations of a kernel, the tiles placed in each, which pairs
// of buffers may not be merged, and the rewrite that merges them (memory planning after
// InitMemRef: MaterializeSemanticAliases, MemoryReuse).
#pragma once

#include "passes/utils/tile_lifetimes.h"

#include "ir/function.h"

#include <set>
#include <unordered_map>
#include <vector>

namespace pl::passes {

/// One `tile.alloc` and the tile variables whose MemRef has it as base.
struct TileBuffer {
  ir::VarPtr base;
  ir::MemorySpace space;
  int64_t size = 0;
  /// A pinned or multi-slot MemRef, or an alloc that already has an `.addr`: never merged.
  bool pinned = false;
  std::vector<const ir::Var *> members;
};

/// The allocations of a function, in program order.
struct TileBuffers {
  std::vector<TileBuffer> buffers;
  std::unordered_map<const ir::Var *, size_t> bufferOf; ///< tile → its buffer's index

  /// The index of v's buffer, or -1 when v is not a tile on a `tile.alloc` base.
  long indexOf(const ir::Var *v) const {
    auto it = v ? bufferOf.find(v) : bufferOf.end();
    return it == bufferOf.end() ? -1 : long(it->second);
  }
};

TileBuffers collectTileBuffers(const ir::Function &f);

/// Buffer-level conflicts of f: lifetime conflicts of their members (tile_lifetimes.h) plus the
/// no-alias rules (an op's result never shares the buffer of an operand it reads while writing:
/// not-in-place-safe ops, the vector of row/col_expand*, the mask of sel(s), written scratch,
/// the input of a widening cast). out[i] = the buffers buffer i may not be merged with.
std::vector<std::set<size_t>> tileBufferConflicts(const ir::Function &f, const TileBuffers &bufs);

/// f with the MemRefs of every buffer i rebased onto buffer rep[i] (name, offset and size kept)
/// and the `tile.alloc`s of merged buffers removed.
ir::FunctionPtr mergeTileBuffers(const ir::FunctionPtr &f, const TileBuffers &bufs,
                                 const std::vector<size_t> &rep);

} // namespace pl::passes
