// pl/sim/tile.hpp — Tile (placed in a core arena by TASSIGN), GlobalView, element access, checks.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <type_traits>
#include <utility>

#include "pl/dtype.hpp"
#include "pl/sim/pipes.hpp"
#include "pl/sim/platform.hpp"

namespace pl::sim {

// ---- element types -----------------------------------------------------------------------------

namespace detail {
template <class T> struct DTypeOfImpl;
template <> struct DTypeOfImpl<float> { static constexpr DType value = DType::FP32; };
template <> struct DTypeOfImpl<bool> { static constexpr DType value = DType::Bool; };
template <> struct DTypeOfImpl<std::int8_t> { static constexpr DType value = DType::Int8; };
template <> struct DTypeOfImpl<std::int16_t> { static constexpr DType value = DType::Int16; };
template <> struct DTypeOfImpl<std::int32_t> { static constexpr DType value = DType::Int32; };
template <> struct DTypeOfImpl<std::int64_t> { static constexpr DType value = DType::Int64; };
template <> struct DTypeOfImpl<std::uint8_t> { static constexpr DType value = DType::UInt8; };
template <> struct DTypeOfImpl<std::uint16_t> { static constexpr DType value = DType::UInt16; };
template <> struct DTypeOfImpl<std::uint32_t> { static constexpr DType value = DType::UInt32; };
template <> struct DTypeOfImpl<std::uint64_t> { static constexpr DType value = DType::UInt64; };
template <DType D> struct DTypeOfImpl<pl::SoftFloat<D>> { static constexpr DType value = D; };
}  // namespace detail

/// The pl dtype of a C++ element type: float, pl::Half, pl::BFloat16, the fp8/fp4 SoftFloats,
/// bool and the fixed-width integers.
template <class T> inline constexpr DType dtypeOf = detail::DTypeOfImpl<std::remove_cv_t<T>>::value;

/// How an element is stored in memory (bool is one byte holding 0 or 1).
template <class T> using StorageOf = std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>;

namespace detail {
using pl::detail::Slot;

/// Reads a stored element as its eager compute slot (floats as double, integers as 64-bit).
template <class T>
Slot loadSlot(const StorageOf<T>& e) {
  if constexpr (std::is_same_v<T, bool>) return e != 0 ? 1 : 0;
  else if constexpr (std::is_floating_point_v<T>) return pl::detail::toSlot(static_cast<double>(e));
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) return pl::detail::toSlot(static_cast<std::int64_t>(e));
  else if constexpr (std::is_integral_v<T>) return static_cast<std::uint64_t>(e);
  else return pl::detail::toSlot(static_cast<double>(e));  // SoftFloat: exact
}
/// Stores a slot already rounded to dtypeOf<T> (the conversion is exact).
template <class T>
void storeSlot(StorageOf<T>& e, Slot s) {
  if constexpr (std::is_same_v<T, bool>) e = s != 0 ? 1 : 0;
  else if constexpr (std::is_floating_point_v<T>) e = static_cast<T>(pl::detail::fromSlot<double>(s));
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) e = static_cast<T>(pl::detail::fromSlot<std::int64_t>(s));
  else if constexpr (std::is_integral_v<T>) e = static_cast<T>(s);
  else e = T(pl::detail::fromSlot<double>(s));
}
}  // namespace detail

// ---- tiles -------------------------------------------------------------------------------------

/// A tile: static physical shape Rows x Cols of T in `S`, a runtime valid shape, and storage at
/// the address `TASSIGN` gives it in the calling core's arena (tiles placed at overlapping
/// addresses share bytes, as on hardware).
template <class T, Space S, int Rows, int Cols>
class Tile {
  static_assert(Rows > 0 && Cols > 0, "pl::sim::Tile: the physical shape must be positive");

 public:
  using Elem = T;
  using Storage = StorageOf<T>;
  static constexpr Space space = S;
  static constexpr int kRows = Rows;
  static constexpr int kCols = Cols;
  static constexpr DType dtype = dtypeOf<T>;
  static constexpr std::size_t kBytes = sizeof(Storage) * static_cast<std::size_t>(Rows) * Cols;

  Tile() = default;
  Tile(std::int64_t validRow, std::int64_t validCol) { SetValidShape(validRow, validCol); }

  std::int64_t GetValidRow() const { return validRow_; }
  std::int64_t GetValidCol() const { return validCol_; }
  void SetValidShape(std::int64_t r, std::int64_t c) {
    if (r < 0 || c < 0 || r > Rows || c > Cols)
      simFail("Tile", "valid shape [" + std::to_string(r) + ", " + std::to_string(c) + "] does not fit the physical shape " +
                          describe());
    validRow_ = r;
    validCol_ = c;
  }

  bool assigned() const { return data_ != nullptr; }
  std::uint32_t addr() const { return addr_; }
  Storage* data() const {
    if (!data_) simFail("Tile", "tile " + describe() + " used before TASSIGN placed it in its arena");
    return data_;
  }
  Storage& at(std::int64_t r, std::int64_t c) const { return data()[r * Cols + c]; }

  /// Reads / writes element (r, c) as a double (tests and scalar reads).
  double get(std::int64_t r, std::int64_t c) const {
    return pl::detail::slotToDouble(dtype, detail::loadSlot<T>(at(r, c)));
  }
  void set(std::int64_t r, std::int64_t c, double v) { detail::storeSlot<T>(at(r, c), pl::detail::slotFromDouble(dtype, v)); }

  std::string describe() const {
    return std::string(pl::dtypeName(dtype)) + "[" + std::to_string(Rows) + ", " + std::to_string(Cols) + "] in " +
           pl::memName(S);
  }

  /// Used by TASSIGN.
  void place(Storage* p, std::uint32_t a) {
    data_ = p;
    addr_ = a;
  }

 private:
  Storage* data_ = nullptr;
  std::uint32_t addr_ = 0;
  std::int64_t validRow_ = Rows;
  std::int64_t validCol_ = Cols;
};

template <class X> struct IsTile : std::false_type {};
template <class T, Space S, int R, int C> struct IsTile<Tile<T, S, R, C>> : std::true_type {};
/// A `pl::sim::Tile` (exactly: `pto::Tile`, derived from it, goes through pto's instructions,
/// which record each access for the pipe checker and then call these on the base).
template <class X> concept SimTile = IsTile<std::remove_cvref_t<X>>::value;

/// Places `tile` at byte address `addr` of its space in the calling core's arena. Errors: the
/// space does not exist on the platform, the tile runs past the space's capacity, or the
/// address is not aligned to the element size.
template <SimTile Tl>
void TASSIGN(Tl& tile, std::uint64_t addr) {
  using X = std::remove_cvref_t<Tl>;
  CoreMemory& core = currentCore();
  const std::uint32_t cap = core.capacity(X::space);
  const Platform& p = core.platformDesc();
  if (cap == 0)
    simFail("TASSIGN", "tile " + tile.describe() + ": platform '" + p.name + "' has no " + pl::memName(X::space) + " space");
  if (addr + X::kBytes > cap)
    simFail("TASSIGN", "tile " + tile.describe() + " needs " + std::to_string(X::kBytes) + " bytes at address " +
                           std::to_string(addr) + ", beyond the " + pl::memName(X::space) + " capacity of " +
                           std::to_string(cap) + " bytes on " + p.name);
  if (addr % alignof(typename X::Storage) != 0)
    simFail("TASSIGN", "tile " + tile.describe() + ": address " + std::to_string(addr) + " is not aligned to " +
                           std::to_string(alignof(typename X::Storage)) + " bytes");
  core.touch(X::space, addr + X::kBytes);
  tile.place(reinterpret_cast<typename X::Storage*>(core.arena(X::space) + addr), static_cast<std::uint32_t>(addr));
}

// ---- global memory views -----------------------------------------------------------------------

inline constexpr int kMaxRank = 5;

namespace detail {
/// The live allocations of global memory (every `Buffer`), so that a kernel's access through a
/// raw pointer (`GlobalTensor`) can be checked against the allocation it falls in: on hardware
/// an access outside every allocation reads or corrupts someone else's memory.
class GmRegistry {
public:
  void add(const void *p, std::size_t bytes) {
    std::unique_lock lock(mu_);
    live_.emplace(reinterpret_cast<std::uintptr_t>(p), bytes);
  }
  void remove(const void *p) {
    std::unique_lock lock(mu_);
    auto it = live_.find(reinterpret_cast<std::uintptr_t>(p));
    if (it != live_.end())
      live_.erase(it);
  }
  /// True when [lo, hi) lies inside one live allocation.
  bool contains(std::uintptr_t lo, std::uintptr_t hi) const {
    std::shared_lock lock(mu_);
    auto it = live_.upper_bound(lo);
    while (it != live_.begin()) {
      --it;
      if (hi <= it->first + it->second)
        return true;
      if (it->first + it->second <= lo && it->first != lo)
        return false;
    }
    return false;
  }

private:
  mutable std::shared_mutex mu_;
  std::multimap<std::uintptr_t, std::size_t> live_;
};
inline GmRegistry &gmRegistry() {
  static GmRegistry r;
  return r;
}
} // namespace detail

/// A strided view of global memory: base pointer, element offset, rank ≤ 5, shape and strides
/// in elements (row-major when strides are omitted).
template <class T>
class GlobalView {
 public:
  using Elem = T;
  using Storage = StorageOf<T>;
  static constexpr DType dtype = dtypeOf<T>;

  GlobalView() = default;
  GlobalView(Storage* base, std::initializer_list<std::int64_t> shape, std::initializer_list<std::int64_t> strides = {})
      : GlobalView(base, 0, shape.begin(), strides.size() ? strides.begin() : nullptr, static_cast<int>(shape.size())) {
    if (strides.size() && strides.size() != shape.size())
      simFail("GlobalView", "strides and shape have different ranks");
  }
  /// `strides == nullptr` means row-major.
  GlobalView(Storage* base, std::int64_t offset, const std::int64_t* shape, const std::int64_t* strides, int rank)
      : base_(base), offset_(offset), rank_(rank) {
    if (rank < 1 || rank > kMaxRank)
      simFail("GlobalView", "rank " + std::to_string(rank) + " is outside 1.." + std::to_string(kMaxRank));
    std::int64_t s = 1;
    for (int k = rank - 1; k >= 0; --k) {
      if (shape[k] < 0) simFail("GlobalView", "negative extent in " + shapeString());
      shape_[k] = shape[k];
      strides_[k] = strides ? strides[k] : s;
      s *= shape[k];
    }
  }

  int rank() const { return rank_; }
  std::int64_t shape(int k) const { return shape_[k]; }
  std::int64_t stride(int k) const { return strides_[k]; }
  std::int64_t offset() const { return offset_; }
  Storage* base() const { return base_; }

  /// The window [offsets, offsets + sizes) clipped to this view's bounds (an extent past the
  /// end shrinks; that is how loads learn their valid shape). Negative values are errors.
  GlobalView partition(std::initializer_list<std::int64_t> offsets, std::initializer_list<std::int64_t> sizes) const {
    if (static_cast<int>(offsets.size()) != rank_ || static_cast<int>(sizes.size()) != rank_)
      simFail("partition", "offsets and sizes need " + std::to_string(rank_) + " entries for view " + shapeString());
    GlobalView r = *this;
    for (int k = 0; k < rank_; ++k) {
      const std::int64_t o = offsets.begin()[k], n = sizes.begin()[k];
      if (o < 0 || n < 0) simFail("partition", "negative offset or size for view " + shapeString());
      r.shape_[k] = std::max<std::int64_t>(0, std::min(n, shape_[k] - o));
      r.offset_ += (o < shape_[k] ? o : 0) * strides_[k];
    }
    return r;
  }

  /// Rows and columns of the view as a 2-D window (leading dims must have extent ≤ 1).
  std::int64_t rows() const { return rank_ >= 2 ? shape_[rank_ - 2] : 1; }
  std::int64_t cols() const { return shape_[rank_ - 1]; }
  bool leadingUnit() const {
    for (int k = 0; k + 2 < rank_; ++k)
      if (shape_[k] > 1) return false;
    return true;
  }
  bool empty() const {
    for (int k = 0; k < rank_; ++k)
      if (shape_[k] == 0) return true;
    return false;
  }
  /// The element at `idx` (one index per dim, bounds-checked): a kernel's scalar read of GM.
  Storage& at(std::initializer_list<std::int64_t> idx) const {
    if (static_cast<int>(idx.size()) != rank_) simFail("GlobalView::at", "need " + std::to_string(rank_) + " indices for " + shapeString());
    std::int64_t off = offset_;
    for (int k = 0; k < rank_; ++k) {
      const std::int64_t i = idx.begin()[k];
      if (i < 0 || i >= shape_[k]) simFail("GlobalView::at", "index " + std::to_string(i) + " out of bounds for " + shapeString());
      off += i * strides_[k];
    }
    return base_[off];
  }
  /// The element strides between rows and between columns of the 2-D window (at2's).
  std::int64_t rowStride() const { return rank_ >= 2 ? strides_[rank_ - 2] : 0; }
  std::int64_t colStride() const { return strides_[rank_ - 1]; }
  Storage& at2(std::int64_t r, std::int64_t c) const {
    const std::int64_t rs = rank_ >= 2 ? strides_[rank_ - 2] : 0;
    return base_[offset_ + r * rs + c * strides_[rank_ - 1]];
  }

  /// Errors unless every element the view can touch lies in one live allocation of global
  /// memory (views built from raw pointers: `pto::GlobalTensor`).
  void requireAllocated(const char *op) const {
    if (empty())
      return;
    std::int64_t lo = 0, hi = 0;
    elementSpan(lo, hi);
    const auto [blo, bhi] = byteRange();
    if (!detail::gmRegistry().contains(blo, bhi))
      simFail(op, "global-memory window " + shapeString() + " (elements " + std::to_string(lo) +
                      ".." + std::to_string(hi) +
                      " from its pointer) lies outside every allocation: the offsets or the shape "
                      "run past the tensor");
  }

  /// The absolute byte interval [lo, hi) the view can touch (empty views: lo == hi).
  std::pair<std::uintptr_t, std::uintptr_t> byteRange() const {
    const auto b = reinterpret_cast<std::uintptr_t>(base_);
    if (empty())
      return {b, b};
    std::int64_t lo = 0, hi = 0;
    elementSpan(lo, hi);
    const auto es = static_cast<std::int64_t>(sizeof(Storage));
    return {b + static_cast<std::uintptr_t>(lo * es),
            b + static_cast<std::uintptr_t>((hi + 1) * es)};
  }

  std::string shapeString() const {
    std::string s = std::string(pl::dtypeName(dtype)) + "[";
    for (int k = 0; k < rank_; ++k) s += (k ? ", " : "") + std::to_string(shape_[k]);
    return s + "]";
  }

 private:
   /// The first and last element offsets (from base) the view can touch.
   void elementSpan(std::int64_t &lo, std::int64_t &hi) const {
     lo = hi = offset_;
     for (int k = 0; k < rank_; ++k)
       (strides_[k] < 0 ? lo : hi) += (shape_[k] - 1) * strides_[k];
   }

  Storage* base_ = nullptr;
  std::int64_t offset_ = 0;
  int rank_ = 1;
  std::array<std::int64_t, kMaxRank> shape_{};
  std::array<std::int64_t, kMaxRank> strides_{};
};

// ---- shared checks -----------------------------------------------------------------------------

namespace detail {

inline std::string validString(std::int64_t r, std::int64_t c) {
  return "[" + std::to_string(r) + ", " + std::to_string(c) + "]";
}
template <SimTile Tl>
std::string tileString(const char* role, const Tl& t) {
  std::string s = std::string(role) + " " + t.describe();
  if (t.GetValidRow() != Tl::kRows || t.GetValidCol() != Tl::kCols)
    s += " (valid " + validString(t.GetValidRow(), t.GetValidCol()) + ")";
  return s;
}

/// Checked mode: `t` must live in one of `allowed`.
template <SimTile Tl>
void requireSpace(const char* op, const char* role, const Tl&, std::initializer_list<Space> allowed) {
  using X = std::remove_cvref_t<Tl>;
  if (!checked()) return;
  for (Space s : allowed)
    if (s == X::space) return;
  std::string want;
  for (Space s : allowed) want += (want.empty() ? "" : " or ") + std::string(pl::memName(s));
  simFail(op, std::string("operand '") + role + "' is a " + pl::memName(X::space) + " tile; expected " + want);
}

/// Sets dst's valid shape (must fit) and zeroes every element outside it, as the eager
/// reference's results have zero padding.
template <SimTile Tl>
void setValidZeroPad(const char* op, Tl& dst, std::int64_t vr, std::int64_t vc) {
  using X = std::remove_cvref_t<Tl>;
  if (vr < 0 || vc < 0 || vr > X::kRows || vc > X::kCols)
    simFail(op, "result valid shape " + validString(vr, vc) + " does not fit " + tileString("dst", dst));
  dst.SetValidShape(vr, vc);
  auto* d = dst.data();
  for (std::int64_t r = 0; r < vr; ++r)
    std::fill(d + r * X::kCols + vc, d + (r + 1) * X::kCols, typename X::Storage{});
  std::fill(d + vr * X::kCols, d + X::kRows * X::kCols, typename X::Storage{});
}

/// Two tiles on the same core whose bytes overlap (same space, intersecting address ranges).
template <SimTile A, SimTile B>
bool overlaps(const A& a, const B& b) {
  using XA = std::remove_cvref_t<A>;
  using XB = std::remove_cvref_t<B>;
  if constexpr (XA::space != XB::space) {
    return false;
  } else {
    const auto* pa = reinterpret_cast<const std::byte*>(a.data());
    const auto* pb = reinterpret_cast<const std::byte*>(b.data());
    return pa < pb + XB::kBytes && pb < pa + XA::kBytes;
  }
}
/// For ops that are not in place (reductions, transpose, concat, matmul): dst must not share
/// bytes with `src` — on hardware the result would be garbage.
template <SimTile D, SimTile S>
void requireDisjoint(const char* op, const char* role, const D& dst, const S& src) {
  if (checked() && overlaps(dst, src))
    simFail(op, std::string("dst ") + dst.describe() + " at " + std::to_string(dst.addr()) + " overlaps operand '" + role +
                    "' at " + std::to_string(src.addr()) + "; this op cannot work in place");
}

template <SimTile A, SimTile B>
void requireSameValid(const char* op, const A& a, const B& b) {
  if (a.GetValidRow() != b.GetValidRow() || a.GetValidCol() != b.GetValidCol())
    simFail(op, "operand valid shapes differ: " + tileString("src0", a) + " vs " + tileString("src1", b));
}

}  // namespace detail

}  // namespace pl::sim
