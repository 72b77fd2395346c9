// pl/types.hpp — value types: Tensor (reference handle), Tile (value), Scalar, Out/InOut, enums.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "pl/dtype.hpp"
#include "pl/error.hpp"

namespace pl {

/// On-chip memory spaces. `Auto` = not stated; the compiler infers it (InferTileMemorySpace).
enum class Mem : std::uint8_t {
  Auto, DDR, Vec, Mat, Left, Right, Acc, Bias, LeftScale, RightScale, ScalarLocal
};
/// Hierarchy levels of `pl::at`.
enum class Level : std::uint8_t { AIV, AIC, CORE_GROUP, CHIP_DIE, CHIP, HOST, GLOBAL };
/// Function kinds of `PL_FUNCTION(pl::FunctionType::X)`.
enum class FunctionType : std::uint8_t {
  Opaque, Orchestration, InCore, AIC, AIV, Group, Spmd, Inline, Graph
};
/// Fill values of `pl::fillpad`: zero, the dtype's largest or smallest value (±inf for floats
/// that have infinities).
enum class PadValue : std::uint8_t { Zero, Max, Min };
/// Comparison modes of `pl::cmp` / `pl::cmps`.
enum class CmpMode : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

constexpr const char* memName(Mem m) {
  constexpr const char* n[] = {"Auto", "DDR", "Vec", "Mat", "Left", "Right",
                               "Acc", "Bias", "LeftScale", "RightScale", "ScalarLocal"};
  return n[static_cast<int>(m)];
}

namespace detail {

/// Counts values created and buffers written by DSL ops on this thread (used by `pl::cond`).
inline std::uint64_t& opCounter() {
  thread_local std::uint64_t counter = 0;
  return counter;
}

inline std::int64_t numelOf(const Shape& s) {
  std::int64_t n = 1;
  for (auto d : s) n *= d;
  return n;
}

/// The largest tensor or tile, in bytes: 2^40 (1 TiB), more than the device memory of every
/// platform; pl-translate's CO004 has the same limit (passes/check_constant_operands.cpp).
inline constexpr std::int64_t kMaxTensorBytes = std::int64_t{1} << 40;

/// Fails when `shape` (dims >= 0) of `d` is more than kMaxTensorBytes (also when the element
/// count overflows), instead of the allocation throwing std::bad_alloc or exhausting memory.
inline void checkSize(DType d, const Shape &shape) {
  const std::int64_t maxElems = kMaxTensorBytes * 8 / dtypeBits(d);
  std::int64_t n = 1;
  for (auto x : shape) {
    if (x != 0 && n > maxElems / x) {
      for (auto y : shape)
        if (y == 0)
          return; // an empty array
      fail("create",
           "shape " + shapeStr(shape) + " of " + std::string(dtypeName(d)) +
               " is more than 2^40 bytes (1 TiB, more than any platform's device memory)");
    }
    n *= x;
  }
}

/// Row-major strides (in elements) of `shape`.
inline Shape rowMajorStrides(const Shape &shape) {
  Shape st(shape.size(), 1);
  for (std::size_t k = shape.size(); k-- > 1;)
    st[k - 1] = st[k] * shape[k];
  return st;
}

/// The calling thread's recycled element buffers. Every eager op makes a new Array, and tiles of
/// 128 KiB and more are big enough that malloc hands them back to the kernel on free and gets
/// fresh (page-faulting) memory for the next: an Array's destructor parks its buffer here and the
/// next Array of a similar size takes it. Buffers under 4 KiB stay with malloc (its own free
/// lists recycle them); the pool keeps at most 16 buffers of at most 8 MiB each.
struct SlotPool {
  static constexpr std::size_t kMinSlots = 512;
  static constexpr std::size_t kMaxSlots = std::size_t{1} << 20;
  static constexpr std::size_t kMaxBuffers = 16;
  std::vector<std::vector<Slot>> free;
  SlotPool() = default;
  SlotPool(const SlotPool &) = delete;
  SlotPool &operator=(const SlotPool &) = delete;
  ~SlotPool() { dead() = true; }
  /// Set once the thread's pool is destroyed (Arrays destroyed later free their own buffers).
  static bool &dead() {
    thread_local bool d = false;
    return d;
  }
  static SlotPool *get() {
    if (dead())
      return nullptr;
    thread_local SlotPool p;
    return &p;
  }
};

/// An empty buffer with room for `n` slots: a parked one of capacity n .. 2n when there is one.
inline std::vector<Slot> takeSlots(std::size_t n) {
  if (n >= SlotPool::kMinSlots && n <= SlotPool::kMaxSlots)
    if (SlotPool *p = SlotPool::get()) {
      std::size_t best = p->free.size();
      for (std::size_t i = 0; i < p->free.size(); ++i) {
        const std::size_t c = p->free[i].capacity();
        if (c >= n && c <= 2 * n && (best == p->free.size() || c < p->free[best].capacity()))
          best = i;
      }
      if (best != p->free.size()) {
        std::vector<Slot> v = std::move(p->free[best]);
        p->free[best] = std::move(p->free.back());
        p->free.pop_back();
        v.clear();
        return v;
      }
    }
  std::vector<Slot> v;
  v.reserve(n);
  return v;
}
/// Parks a buffer for reuse (or frees it: too small, too large, or the pool is full).
inline void giveSlots(std::vector<Slot> &&v) {
  const std::size_t c = v.capacity();
  if (c < SlotPool::kMinSlots || c > SlotPool::kMaxSlots)
    return;
  SlotPool *p = SlotPool::get();
  if (!p)
    return;
  if (p->free.size() < SlotPool::kMaxBuffers) {
    p->free.push_back(std::move(v));
    return;
  }
  // Full: the buffer replaces the smallest parked one if it is larger.
  std::size_t smallest = 0;
  for (std::size_t i = 1; i < p->free.size(); ++i)
    if (p->free[i].capacity() < p->free[smallest].capacity())
      smallest = i;
  if (p->free[smallest].capacity() < c)
    p->free[smallest] = std::move(v);
}

/// A dense row-major array of slots with a runtime dtype: the storage behind tensors and tiles.
///
/// A tensor **view** (`pl::slice` / `pl::reshape` of a tensor) is an Array whose elements live
/// in `base` (an owning array, never itself a view) at `offset` with `strides`; its `data` is a
/// snapshot that `Tensor::arr()` refreshes before every whole-tensor read, and every write goes
/// to `base` (window / writeWindow / elementIndex below). Copying an Array copies the elements
/// only, so a copy of a view is an owning array of its current values.
struct Array {
  DType dtype = DType::FP32;
  Shape shape;
  std::vector<Slot> data;
  std::shared_ptr<Array> base; // set for a view only
  std::int64_t offset = 0;     // a view's first element in base->data
  Shape strides;               // a view's strides in base->data

  Array() = default;
  Array(DType d, Shape s) : dtype(d), shape(std::move(s)) {
    for (auto x : shape)
      if (x < 0) fail("create", "negative dimension in shape " + shapeStr(shape));
    checkSize(d, shape);
    const auto n = static_cast<std::size_t>(numelOf(shape));
    data = takeSlots(n);
    data.assign(n, Slot{0});
    ++opCounter();
  }
  Array(const Array &o) : dtype(o.dtype), shape(o.shape), data(takeSlots(o.data.size())) {
    data.assign(o.data.begin(), o.data.end());
  }
  Array &operator=(const Array &o) {
    if (this != &o)
      *this = Array(o);
    return *this;
  }
  Array(Array &&) = default;
  Array &operator=(Array &&o) noexcept {
    if (this != &o) {
      giveSlots(std::move(data));
      dtype = o.dtype;
      shape = std::move(o.shape);
      data = std::move(o.data);
      base = std::move(o.base);
      offset = o.offset;
      strides = std::move(o.strides);
    }
    return *this;
  }
  ~Array() { giveSlots(std::move(data)); }

  std::int64_t numel() const { return static_cast<std::int64_t>(data.size()); }
  std::int64_t rank() const { return static_cast<std::int64_t>(shape.size()); }
  bool isView() const { return base != nullptr; }
  /// Where element `idx` (in bounds) is stored: an index into `storage()`.
  std::int64_t elementIndex(const Shape &idx) const {
    std::int64_t at = 0;
    if (!base) {
      for (std::size_t k = 0; k < shape.size(); ++k)
        at = at * shape[k] + idx[k];
      return at;
    }
    at = offset;
    for (std::size_t k = 0; k < shape.size(); ++k)
      at += idx[k] * strides[k];
    return at;
  }
  std::vector<Slot> &storage() { return base ? base->data : data; }
  const std::vector<Slot> &storage() const { return base ? base->data : data; }
  /// Refreshes a view's snapshot from its base (a no-op for an owning array).
  void refresh() {
    if (!base)
      return;
    const std::size_t n = shape.size();
    if (data.empty())
      return;
    if (n == 0) {
      data[0] = base->data[static_cast<std::size_t>(offset)];
      return;
    }
    // A run of the last axis at a time.
    const std::int64_t len = shape[n - 1], step = strides[n - 1];
    Shape idx(n, 0);
    for (std::size_t i = 0; i < data.size(); i += static_cast<std::size_t>(len)) {
      const Slot *from = base->data.data() + elementIndex(idx);
      Slot *to = data.data() + i;
      if (step == 1)
        std::copy_n(from, len, to);
      else
        for (std::int64_t j = 0; j < len; ++j)
          to[j] = from[j * step];
      for (std::size_t k = n - 1; k-- > 0;) {
        if (++idx[k] < shape[k])
          break;
        idx[k] = 0;
      }
    }
  }
  /// True when the elements are one row-major run in storage (an owning array, or a view whose
  /// strides are its shape's row-major strides): such a view can be reshaped as a view.
  bool contiguous() const {
    if (!base)
      return true;
    const Shape rm = rowMajorStrides(shape);
    for (std::size_t k = 0; k < shape.size(); ++k)
      if (shape[k] > 1 && strides[k] != rm[k])
        return false;
    return true;
  }
};

inline void writeWindow(Array &dst, const Array &src, const Shape &offsets, const Shape &extent);

/// A view of `shape` onto `of` (an owning array or a view) starting at element `start` of `of`'s
/// storage, with `strides` in that storage.
inline std::shared_ptr<Array> makeView(const std::shared_ptr<Array> &of, Shape shape,
                                       std::int64_t start, Shape strides) {
  auto v = std::make_shared<Array>(of->dtype, std::move(shape));
  v->base = of->base ? of->base : of;
  v->offset = start;
  v->strides = std::move(strides);
  v->refresh();
  return v;
}

/// A tile's contents: a 2-D physical array, its valid region (top-left) and its memory space.
struct TileData {
  Array a;
  std::int64_t validRows = 0;
  std::int64_t validCols = 0;
  Mem mem = Mem::Vec;
  /// An fp16 / bf16 matmul result in Acc keeps its fp32 accumulator here (the tile's shape; empty
  /// otherwise): the cube's Acc is fp32 and a matmul_acc chain goes on from it, rounding only
  /// where the value leaves Acc (`a` holds that rounding). docs/dsl.md "matmul".
  Array acc32{};
  std::int64_t rows() const { return a.shape.empty() ? 0 : a.shape[0]; }
  std::int64_t cols() const { return a.shape.size() < 2 ? 0 : a.shape[1]; }
};

/// A compile-time shape: `known == false` means "any rank" (`pl::Tensor<pl::fp32>`).
struct SShape {
  bool known = false;
  int rank = 0;
  std::array<std::int64_t, 8> d{};
};
template <std::int64_t... Ds>
constexpr SShape sshape() {
  static_assert(PL_DSL_RULE(sizeof...(Ds) <= 8), "pl::Tensor: at most 8 dimensions [F103]");
  if constexpr (sizeof...(Ds) == 0) return SShape{};
  else return SShape{true, static_cast<int>(sizeof...(Ds)), {Ds...}};
}
constexpr bool dimsCompatible(std::int64_t a, std::int64_t b) { return a == dyn || b == dyn || a == b; }
constexpr bool shapesCompatible(SShape a, SShape b) {
  if (!a.known || !b.known) return true;
  if (a.rank != b.rank) return false;
  for (int i = 0; i < a.rank; ++i)
    if (!dimsCompatible(a.d[i], b.d[i])) return false;
  return true;
}
constexpr bool dtypesCompatible(DType a, DType b) { return a == DType::Any || b == DType::Any || a == b; }
constexpr bool allStatic(SShape s) {
  if (!s.known) return false;
  for (int i = 0; i < s.rank; ++i)
    if (s.d[i] == dyn) return false;
  return true;
}

inline std::string typeStr(DType d, const Shape& s) { return std::string(dtypeName(d)) + shapeStr(s); }

inline void checkAgainst(const char* what, const Array& a, DType d, SShape s) {
  if (d != DType::Any && a.dtype != d)
    fail(what, "dtype mismatch: value is " + typeStr(a.dtype, a.shape) + ", type expects " +
                   std::string(dtypeName(d)));
  if (!s.known) return;
  bool ok = a.rank() == s.rank;
  for (int i = 0; ok && i < s.rank; ++i) ok = s.d[i] == dyn || s.d[i] == a.shape[i];
  if (!ok) {
    Shape want(s.d.begin(), s.d.begin() + s.rank);
    std::string w = "[";
    for (int i = 0; i < s.rank; ++i) w += (i ? ", " : "") + (want[i] == dyn ? std::string("dyn") : std::to_string(want[i]));
    fail(what, "shape mismatch: value is " + typeStr(a.dtype, a.shape) + ", type expects " + w + "]");
  }
}

/// Converts one host element into a slot of dtype `d`.
template <class T>
Slot hostToSlot(DType d, T v) {
  if constexpr (std::is_same_v<T, bool>) return slotFromInt(d, v ? 1 : 0);
  else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) return slotFromUInt(d, v);
  else if constexpr (std::is_integral_v<T>) return slotFromInt(d, static_cast<std::int64_t>(v));
  else return slotFromDouble(d, static_cast<double>(v));
}
template <class T>
T slotToHost(DType d, Slot s) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if (categoryOf(d) == Cat::Signed) return static_cast<T>(fromSlot<std::int64_t>(s));
    if (categoryOf(d) == Cat::Unsigned) return static_cast<T>(s);
    return static_cast<T>(fromSlot<double>(s));
  } else if constexpr (std::is_same_v<T, bool>) {
    return slotToDouble(d, s) != 0;
  } else {
    return static_cast<T>(slotToDouble(d, s));
  }
}

inline std::int64_t flatIndex(const Shape& shape, const Shape& idx, const char* what) {
  if (idx.size() != shape.size())
    fail(what, "index " + shapeStr(idx) + " has the wrong rank for shape " + shapeStr(shape));
  std::int64_t flat = 0;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (idx[i] < 0 || idx[i] >= shape[i])
      fail(what, "index " + shapeStr(idx) + " is out of bounds for shape " + shapeStr(shape));
    flat = flat * shape[i] + idx[i];
  }
  return flat;
}

struct FromData {};  // tag of the internal constructors

}  // namespace detail

// ------------------------------------------------------------------------------------------------

/// A tensor in global memory: a **reference-semantic handle** onto shared storage. Copying the
/// handle shares the buffer; ops return new tensors; `pl::store`/`pl::assemble` write in place.
/// `Dims` are static dimensions (`pl::dyn` for dynamic); no dims = any rank.
template <DType D, std::int64_t... Dims>
class Tensor {
  static_assert(PL_DSL_RULE(((Dims == dyn || Dims >= 0) && ...)),
                "pl::Tensor: a dimension must be >= 0 or pl::dyn [F103]");

public:
  static constexpr DType static_dtype = D;
  static constexpr detail::SShape static_shape = detail::sshape<Dims...>();

  /// A zero-filled tensor when the shape and dtype are static; otherwise an empty handle.
  Tensor() {
    if constexpr (detail::allStatic(static_shape) && D != DType::Any)
      impl_ = std::make_shared<detail::Array>(D, Shape{Dims...});
  }
  Tensor(std::shared_ptr<detail::Array> a, detail::FromData) : impl_(std::move(a)) {
    if (impl_) detail::checkAgainst("Tensor", *impl_, D, static_shape);
  }
  /// Checked conversion between tensor types (shares the buffer).
  template <DType D2, std::int64_t... Dims2>
  Tensor(const Tensor<D2, Dims2...>& other) : impl_(other.impl()) {  // NOLINT: implicit
    static_assert(PL_DSL_RULE(detail::dtypesCompatible(D, D2)),
                  "pl::Tensor: dtypes differ; convert explicitly with pl::cast [F110]");
    static_assert(PL_DSL_RULE(detail::shapesCompatible(static_shape, detail::sshape<Dims2...>())),
                  "pl::Tensor: static shapes differ [F111]");
    if (impl_) detail::checkAgainst("Tensor", *impl_, D, static_shape);
  }
  /// A zero-filled tensor of the given shape. With every dim static a shape is redundant, so a
  /// `std::vector<std::int64_t>` (the same C++ type as pl::Shape) of as many elements as the
  /// tensor has is **data** (`pl::Tensor<pl::i64, 2, 3>(std::vector<std::int64_t>{…})`).
  explicit Tensor(const Shape &shape) {
    static_assert(PL_DSL_RULE(D != DType::Any),
                  "pl::Tensor: a tensor with pl::any_dtype cannot be allocated [F101]");
    if constexpr (detail::allStatic(static_shape)) {
      const Shape dims{Dims...};
      if (static_cast<std::int64_t>(shape.size()) == detail::numelOf(dims)) {
        *this = Tensor(shape.data(), dims);
        return;
      }
    }
    impl_ = std::make_shared<detail::Array>(D, shape);
    detail::checkAgainst("Tensor", *impl_, D, static_shape);
  }
  /// Host data (copied, rounded to the dtype); the shape comes from the static dims.
  template <class T>
  explicit Tensor(const std::vector<T>& data) : Tensor(data.data(), staticShapeOrFail(data.size())) {}
  template <class T>
  Tensor(const std::vector<T> &data, const Shape &shape)
      : Tensor(data.data(), checkedSize(data.size(), shape)) {}
  /// Host data behind a raw pointer with a shape (copied).
  template <class T>
  Tensor(const T *data, const Shape &shape) : impl_(std::make_shared<detail::Array>(D, shape)) {
    static_assert(PL_DSL_RULE(D != DType::Any),
                  "pl::Tensor: a tensor with pl::any_dtype cannot be allocated [F101]");
    detail::checkAgainst("Tensor", *impl_, D, static_shape);
    for (std::size_t i = 0; i < impl_->data.size(); ++i) impl_->data[i] = detail::hostToSlot(D, data[i]);
  }

  bool defined() const { return impl_ != nullptr; }
  DType dtype() const { return node().dtype; }
  const Shape &shape() const { return node().shape; }
  std::int64_t rank() const { return node().rank(); }
  std::int64_t numel() const { return node().numel(); }
  std::int64_t dim(std::int64_t i) const {
    const auto r = rank();
    if (i < 0) i += r;
    if (i < 0 || i >= r) detail::fail("dim", "axis out of range for " + detail::typeStr(dtype(), shape()));
    return shape()[static_cast<std::size_t>(i)];
  }
  /// Reads one element (as double) / writes one element (rounded to the dtype). Host helpers.
  double get(const Shape& idx) const {
    return detail::slotToDouble(dtype(), impl_->storage()[elementAt(idx, "Tensor::get")]);
  }
  void set(const Shape& idx, double v) const {
    impl_->storage()[elementAt(idx, "Tensor::set")] = detail::slotFromDouble(dtype(), v);
  }
  /// Reads the whole tensor back in row-major order.
  template <class T = float>
  std::vector<T> to_vector() const {
    std::vector<T> out(arr().data.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = detail::slotToHost<T>(dtype(), arr().data[i]);
    return out;
  }
  template <class T>
  void copy_to(T* dst) const {
    for (std::size_t i = 0; i < arr().data.size(); ++i) dst[i] = detail::slotToHost<T>(dtype(), arr().data[i]);
  }
  /// Deep copy (a new buffer, also of a view).
  Tensor clone() const { return Tensor(std::make_shared<detail::Array>(arr()), detail::FromData{}); }
  /// True when this tensor is a view (`pl::slice` / `pl::reshape`) sharing another's storage.
  bool is_view() const { return arr().isView(); }

  const std::shared_ptr<detail::Array>& impl() const { return impl_; }
  /// The array without refreshing a view's snapshot: for element and window access, which go
  /// through `storage()` / `elementIndex()` (a view's `data` may be stale).
  detail::Array &node() const {
    if (!impl_)
      detail::fail("Tensor", "use of an empty (unallocated) tensor handle");
    return *impl_;
  }
  /// The elements (a view's snapshot is refreshed first: a view reads its parent's current values).
  const detail::Array& arr() const {
    if (!impl_) detail::fail("Tensor", "use of an empty (unallocated) tensor handle");
    impl_->refresh();
    return *impl_;
  }

 protected:
   static const Shape &checkedSize(std::size_t n, const Shape &shape) {
     if (static_cast<std::int64_t>(n) != detail::numelOf(shape))
       detail::fail("Tensor", "host vector has " + std::to_string(n) + " elements but shape " +
                                  detail::shapeStr(shape) + " needs " +
                                  std::to_string(detail::numelOf(shape)));
     return shape;
   }
  static Shape staticShapeOrFail(std::size_t n) {
    static_assert(detail::allStatic(static_shape), // host code: the translator never sees it
                  "pl::Tensor(std::vector): needs static dims; pass a shape for dynamic ones");
    Shape s{Dims...};
    if (static_cast<std::int64_t>(n) != detail::numelOf(s))
      detail::fail("Tensor", "host vector has " + std::to_string(n) + " elements but shape " +
                                 detail::shapeStr(s) + " needs " + std::to_string(detail::numelOf(s)));
    return s;
  }
  std::size_t elementAt(const Shape &idx, const char *what) const {
    detail::flatIndex(shape(), idx, what); // checks rank and bounds
    return static_cast<std::size_t>(impl_->elementIndex(idx));
  }
  std::shared_ptr<detail::Array> impl_;
};

/// An on-chip tile: a **value** with a static-or-dynamic physical shape [R, C], a valid region
/// (top-left [valid_rows, valid_cols]) and a memory space. Ops work on the valid region; the
/// rest of a result is zero (except after `pl::fillpad`).
template <DType D, std::int64_t R = dyn, std::int64_t C = dyn, Mem M = Mem::Auto>
class Tile {
  static_assert(PL_DSL_RULE((R == dyn || R > 0) && (C == dyn || C > 0)),
                "pl::Tile: a dimension must be > 0 or pl::dyn [F103]");

public:
  static constexpr DType static_dtype = D;
  static constexpr std::int64_t static_rows = R;
  static constexpr std::int64_t static_cols = C;
  static constexpr Mem static_mem = M;

  /// A zero tile (fully valid) when shape and dtype are static; otherwise empty.
  Tile() {
    if constexpr (R != dyn && C != dyn && D != DType::Any)
      d_ = detail::TileData{detail::Array(D, Shape{R, C}), R, C, M == Mem::Auto ? Mem::Vec : M};
  }
  Tile(detail::TileData d, detail::FromData) : d_(std::move(d)) { check(); }
  template <DType D2, std::int64_t R2, std::int64_t C2, Mem M2>
  Tile(const Tile<D2, R2, C2, M2>& o) : d_(o.data()) {  // NOLINT: implicit
    static_assert(PL_DSL_RULE(detail::dtypesCompatible(D, D2)),
                  "pl::Tile: dtypes differ; convert explicitly with pl::cast [F110]");
    static_assert(PL_DSL_RULE(detail::dimsCompatible(R, R2) && detail::dimsCompatible(C, C2)),
                  "pl::Tile: static shapes differ [F111]");
    static_assert(
        PL_DSL_RULE(M == Mem::Auto || M2 == Mem::Auto || M == M2),
        "pl::Tile: memory spaces differ; use pl::move(tile, {.target_memory = ...}) [F112]");
    check();
  }

  DType dtype() const { return d_.a.dtype; }
  std::int64_t rows() const { return d_.rows(); }
  std::int64_t cols() const { return d_.cols(); }
  Shape shape() const { return {rows(), cols()}; }
  std::int64_t valid_rows() const { return d_.validRows; }
  std::int64_t valid_cols() const { return d_.validCols; }
  Shape valid_shape() const { return {d_.validRows, d_.validCols}; }
  Mem mem() const { return d_.mem; }
  double get(std::int64_t r, std::int64_t c) const {
    return detail::slotToDouble(dtype(), d_.a.data[detail::flatIndex(d_.a.shape, {r, c}, "Tile::get")]);
  }
  template <class T = float>
  std::vector<T> to_vector() const {
    std::vector<T> out(d_.a.data.size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = detail::slotToHost<T>(dtype(), d_.a.data[i]);
    return out;
  }
  const detail::TileData& data() const { return d_; }
  detail::TileData& data() { return d_; }

 private:
  void check() const {
    if (d_.a.shape.empty()) return;  // empty tile
    detail::checkAgainst("Tile", d_.a, D, detail::SShape{true, 2, {R, C}});
    if (M != Mem::Auto && d_.mem != M)
      detail::fail("Tile", std::string("memory space mismatch: value is in ") + memName(d_.mem) +
                               ", type expects " + memName(M));
  }
  detail::TileData d_;
};

/// A scalar of a given dtype; converts implicitly to and from the matching C++ arithmetic type
/// (values are rounded to the dtype on construction).
template <DType D>
class Scalar {
  static_assert(PL_DSL_RULE(D != DType::Any), "pl::Scalar needs a concrete dtype [F101]");

public:
  using value_type = std::conditional_t<
      D == DType::Bool, bool,
      std::conditional_t<isFloat(D), float,
                         std::conditional_t<isUnsigned(D), std::uint64_t, std::int64_t>>>;
  static constexpr DType static_dtype = D;

  Scalar() = default;
  /// Integers wrap into D; a float converts to an integer D as C++ does (toward zero;
  /// saturating, NaN → 0, where C++ is undefined) and rounds to a float D.
  template <class T>
    requires std::is_arithmetic_v<T>
  Scalar(T v)  // NOLINT
      : v_(detail::slotToHost<value_type>(
            D, std::is_floating_point_v<T> && !isFloat(D)
                   ? detail::slotFromDouble(D, static_cast<double>(v), RoundMode::Trunc)
                   : detail::hostToSlot(D, v))) {}
  template <DType D2>
  Scalar(const Scalar<D2>& o) : Scalar(static_cast<typename Scalar<D2>::value_type>(o)) {}  // NOLINT
  operator value_type() const { return v_; }  // NOLINT: implicit by design
  value_type value() const { return v_; }

 private:
  value_type v_{};
};

/// `pl::Index` is the loop-variable and offset type (PyPTO's INDEX); a plain int64.
using Index = std::int64_t;

namespace detail {
template <DType D, std::int64_t... Ds> std::true_type tensorProbe(const Tensor<D, Ds...>*);
std::false_type tensorProbe(const void*);
template <DType D, std::int64_t R, std::int64_t C, Mem M> std::true_type tileProbe(const Tile<D, R, C, M>*);
std::false_type tileProbe(const void*);
template <DType D, std::int64_t... Ds> Tensor<D, Ds...> tensorBase(const Tensor<D, Ds...>*);
template <DType D, std::int64_t R, std::int64_t C, Mem M> Tile<D, R, C, M> tileBase(const Tile<D, R, C, M>*);
template <class T> struct IsScalarT : std::false_type {};
template <DType D> struct IsScalarT<Scalar<D>> : std::true_type {};
template <DType D> struct IsScalarT<SoftFloat<D>> : std::true_type {};
}  // namespace detail

template <class T>
concept TensorLike = decltype(detail::tensorProbe(static_cast<const std::remove_cvref_t<T>*>(nullptr)))::value;
template <class T>
concept TileLike = decltype(detail::tileProbe(static_cast<const std::remove_cvref_t<T>*>(nullptr)))::value;
template <class T>
concept ValueLike = TensorLike<T> || TileLike<T>;
template <class T>
concept ScalarLike = std::is_arithmetic_v<std::remove_cvref_t<T>> || detail::IsScalarT<std::remove_cvref_t<T>>::value;

namespace detail {
template <TensorLike T> using TensorBaseT = decltype(tensorBase(static_cast<const std::remove_cvref_t<T>*>(nullptr)));
template <TileLike T> using TileBaseT = decltype(tileBase(static_cast<const std::remove_cvref_t<T>*>(nullptr)));
}  // namespace detail

// ---- parameter directions ----------------------------------------------------------------------

template <class T>
class Out {
  static_assert(PL_DSL_RULE(TensorLike<T> || TileLike<T>),
                "pl::Out / pl::InOut: only tensors and tiles can be outputs (scalar parameters are "
                "inputs; return a scalar instead) [F104]");
};

/// An output tensor parameter: a handle onto the caller's buffer. `out = expr` **writes the
/// caller's whole buffer** (shape and dtype must match); windows go through `pl::store` /
/// `pl::assemble`. Reading is allowed (it is the caller's tensor).
template <DType D, std::int64_t... Dims>
class Out<Tensor<D, Dims...>> : public Tensor<D, Dims...> {
  using Base = Tensor<D, Dims...>;

 public:
  template <DType D2, std::int64_t... Dims2>
  Out(const Tensor<D2, Dims2...>& t) : Base(t) {  // NOLINT: implicit at call sites
    if (!this->impl_) detail::fail("Out", "an output parameter needs an allocated tensor");
  }
  Out(const Out&) = default;
  Out& operator=(const Out& v) { write(v); return *this; }
  template <DType D2, std::int64_t... Dims2>
  Out& operator=(const Tensor<D2, Dims2...>& v) {
    static_assert(PL_DSL_RULE(detail::dtypesCompatible(D, D2)),
                  "pl::Out: assigned value has a different dtype; use pl::cast [F110]");
    static_assert(
        PL_DSL_RULE(detail::shapesCompatible(Base::static_shape, detail::sshape<Dims2...>())),
        "pl::Out: assigned value has a different static shape; write a window with pl::store or "
        "pl::assemble [F111]");
    write(v);
    return *this;
  }

 private:
  template <class V>
  void write(const V& v) {
    const detail::Array& src = v.arr();
    detail::Array& dst = *this->impl_;
    if (&src == &dst) return;
    if (src.dtype != dst.dtype || src.shape != dst.shape)
      detail::fail("Out", "assigning " + detail::typeStr(src.dtype, src.shape) + " to output " +
                              detail::typeStr(dst.dtype, dst.shape) +
                              "; the whole buffer is written, so dtype and shape must match");
    const detail::Array copy = src; // src may be a view of dst
    detail::writeWindow(dst, copy, Shape(dst.shape.size(), 0), dst.shape);
  }
};

/// An output tile parameter: `out = tile` writes the caller's tile.
template <DType D, std::int64_t R, std::int64_t C, Mem M>
class Out<Tile<D, R, C, M>> : public Tile<D, R, C, M> {
  using Base = Tile<D, R, C, M>;

 public:
  Out(Base& target) : Base(target), target_(&target) {}  // NOLINT: implicit at call sites
  Out(const Out&) = default;
  Out& operator=(const Out& v) { return *this = static_cast<const Base&>(v); }
  template <DType D2, std::int64_t R2, std::int64_t C2, Mem M2>
  Out& operator=(const Tile<D2, R2, C2, M2>& v) {
    Base converted(v);
    *target_ = converted;
    static_cast<Base&>(*this) = converted;
    return *this;
  }

 private:
  Base* target_;
};

/// An input-output parameter; same write-through semantics as `pl::Out`.
template <class T>
class InOut : public Out<T> {
 public:
  using Out<T>::Out;
  using Out<T>::operator=;
  InOut(const InOut&) = default;
  InOut& operator=(const InOut& v) { Out<T>::operator=(v); return *this; }
};

}  // namespace pl
