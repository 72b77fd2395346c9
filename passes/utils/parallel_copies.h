// Parallel copies: what the copies of a yield, a loop entry or a loop exit read and write in the
// emitters' storage model, and which of them are unsafe when performed one after another.
//
// A yield (and a loop's entry `iter_arg = init`, and its exit `return var = iter_arg`) is a
// parallel copy: every destination takes its source's value as it was before any of the copies.
// The emitters perform the copies in slot order, so the order is safe when no copy reads
// storage that an earlier copy of the same statement wrote. Storage, as the emitters print it:
//   - a tile with a MemRef lives in a byte range [offset, offset + size) of its buffer (the
//     MemRef's base); copying a tile into a destination with the same base, offset and size
//     moves nothing (same bytes), any other tile copy writes the destination's range;
//   - any other value (scalar, tensor handle, tile without MemRef) is a C++ variable: a loop
//     result names its iter_arg's variable, a tuple element or a function call's result names
//     (conservatively) every tensor it was built from, an op result that aliases an argument
//     names that argument; every other binding (including a plain copy `y = x`) is its own
//     variable. Copying a variable into itself writes nothing.
// Used by SequentializeParallelCopies (which inserts temporaries where a copy is unsafe) and by
// the CarryCopiesSequential verifier (which checks that none is left).
#pragma once

#include "ir/function.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

namespace pl::passes {

/// A storage location: bytes [lo, hi) of a buffer, or a whole variable (lo = 0, hi = max).
struct CopyStorage {
  const ir::Var *root = nullptr;
  int64_t lo = 0;
  int64_t hi = std::numeric_limits<int64_t>::max();
  bool overlaps(const CopyStorage &o) const { return root == o.root && lo < o.hi && o.lo < hi; }
};

/// The storage model of one function (computed once, in program order).
class CopyStorageModel {
public:
  explicit CopyStorageModel(const ir::Function &f);

  /// What the copy `dst ← src` writes; nullopt when the emitters move nothing.
  std::optional<CopyStorage> written(const ir::Var &dst, const ir::ExprPtr &src) const;
  /// The storage `dst` itself occupies.
  std::vector<CopyStorage> occupied(const ir::Var &dst) const;
  /// Everything evaluating `src` reads.
  std::vector<CopyStorage> read(const ir::ExprPtr &src) const;

  /// Slots k of the parallel copy `dsts[k] ← srcs[k]` (in order) whose source reads storage
  /// that a copy of an earlier slot writes.
  std::vector<size_t> unsafeSlots(const std::vector<ir::VarPtr> &dsts,
                                  const ir::ExprList &srcs) const;
  /// A pair of slots whose destinations share storage (no order makes such a copy correct),
  /// or nullopt.
  std::optional<std::pair<size_t, size_t>>
  overlappingDestinations(const std::vector<ir::VarPtr> &dsts, const ir::ExprList &srcs) const;

  /// Records a binding made after the model was computed (a temporary of the pass).
  void addOwnStorage(const ir::Var *v) { roots_[v] = {v}; }

private:
  std::vector<const ir::Var *> handleRoots(const ir::Var *v) const;
  class Binder; ///< computes roots_ in program order
  void bind(const ir::Var *v, std::vector<const ir::Var *> roots) { roots_[v] = std::move(roots); }
  std::vector<const ir::Var *> rootsOfExpr(const ir::ExprPtr &e) const;

  std::unordered_map<const ir::Var *, std::vector<const ir::Var *>> roots_;
};

/// The storage of a tile variable's MemRef, or nullopt (not a tile, or no MemRef).
std::optional<CopyStorage> tileStorage(const ir::Var &v);

/// True when tiles of types a and b occupy exactly the same bytes as the same kind of tile: the
/// same memory space, dtype and constant shape, and MemRefs with one base (or none: planned
/// addresses), the same constant
/// byte offset and the same size (one tile object can stand for both; a copy moves nothing).
bool sameTileBytes(const ir::TileType &a, const ir::TileType &b);

} // namespace pl::passes
