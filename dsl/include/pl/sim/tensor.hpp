// pl/sim/tensor.hpp — orchestration data: ChipTensor, TensorCreateInfo, task args, task ids, kernel-argument decoding.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "pl/dtype.hpp"
#include "pl/kernel_abi.hpp"
#include "pl/sim/platform.hpp"
#include "pl/sim/tile.hpp"

namespace pl::sim {

/// PyPTO's DataType spellings (`DataType::FLOAT32`) for the pl dtypes.
namespace DataType {
inline constexpr DType FLOAT32 = DType::FP32;
inline constexpr DType FLOAT16 = DType::FP16;
inline constexpr DType BFLOAT16 = DType::BF16;
inline constexpr DType FLOAT8E4M3 = DType::FP8E4M3FN;
inline constexpr DType FLOAT8E5M2 = DType::FP8E5M2;
inline constexpr DType HIFLOAT8 = DType::HF8;
inline constexpr DType INT8 = DType::Int8;
inline constexpr DType INT16 = DType::Int16;
inline constexpr DType INT32 = DType::Int32;
inline constexpr DType INT64 = DType::Int64;
inline constexpr DType UINT8 = DType::UInt8;
inline constexpr DType UINT16 = DType::UInt16;
inline constexpr DType UINT32 = DType::UInt32;
inline constexpr DType UINT64 = DType::UInt64;
inline constexpr DType BOOL = DType::Bool;
}  // namespace DataType

/// Bytes per element in memory (4-bit kinds take a byte each, as in the eager reference).
constexpr std::size_t elementBytes(DType d) {
  return pl::dtypeBits(d) <= 8 ? 1 : static_cast<std::size_t>(pl::dtypeBits(d) / 8);
}

/// A device (here: host) allocation; owned buffers free themselves when the last tensor goes.
/// Every live buffer is known to the registry of global memory (`detail::gmRegistry`), which
/// is how a kernel's `GlobalTensor` access is checked against the allocation it points into.
struct Buffer {
  std::byte *data = nullptr;
  std::size_t bytes = 0;
  std::unique_ptr<std::byte[]> owned;

  Buffer(std::byte *d, std::size_t n, std::unique_ptr<std::byte[]> own = nullptr)
      : data(d), bytes(n), owned(std::move(own)) {
    detail::gmRegistry().add(data, bytes);
  }
  ~Buffer() {
    detail::gmRegistry().remove(data);
    if (owned)
      detail::bufferPool().give(std::move(owned), bytes ? bytes : 1);
  }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
};

/// The runtime's record of a buffer in a tensor (`ChipTensor::buffer`): its device address and
/// size in bytes, as the PTO2 tensor record carries them; `owner` keeps the simulator's
/// allocation alive while any tensor refers to it.
struct BufferRef {
  std::uint64_t addr = 0;
  std::uint64_t size = 0;
  std::shared_ptr<Buffer> owner;
  explicit operator bool() const { return owner != nullptr; }
};

/// A tensor: a shared buffer, an element offset, shape and strides (elements, rank ≤ 5) and a
/// dtype. `origin` holds the view's coordinates in its root tensor (for precise overlap tests).
class ChipTensor {
public:
  BufferRef buffer;
  std::int64_t start_offset = 0;
  std::uint32_t ndims = 0;
  std::array<std::int64_t, kMaxRank> shapes{};
  std::array<std::int64_t, kMaxRank> strides{};
  std::array<std::int64_t, kMaxRank> origin{};
  DType dtype = DType::FP32;

  ChipTensor() = default;

  /// A new zero-filled tensor of `shape`, row-major.
  static ChipTensor allocate(DType d, const std::int64_t *shape, std::uint32_t rank) {
    ChipTensor t = layout(d, shape, rank);
    const std::size_t bytes = static_cast<std::size_t>(t.numel()) * elementBytes(d);
    auto mem = detail::bufferPool().take(bytes ? bytes : 1); // a freed buffer of this size, if any
    if (!mem)
      mem = std::make_unique<std::byte[]>(bytes ? bytes : 1);
    std::memset(mem.get(), 0, bytes ? bytes : 1);
    std::byte *p = mem.get();
    t.setBuffer(std::make_shared<Buffer>(p, bytes, std::move(mem)));
    return t;
  }
  static ChipTensor allocate(DType d, std::initializer_list<std::int64_t> shape) {
    return allocate(d, shape.begin(), static_cast<std::uint32_t>(shape.size()));
  }
  /// A row-major tensor over caller-owned memory (not freed by the simulator).
  static ChipTensor wrap(void *data, DType d, const std::int64_t *shape, std::uint32_t rank) {
    ChipTensor t = layout(d, shape, rank);
    t.setBuffer(std::make_shared<Buffer>(static_cast<std::byte *>(data),
                                         static_cast<std::size_t>(t.numel()) * elementBytes(d)));
    return t;
  }
  static ChipTensor wrap(void *data, DType d, std::initializer_list<std::int64_t> shape) {
    return wrap(data, d, shape.begin(), static_cast<std::uint32_t>(shape.size()));
  }

  std::int64_t numel() const {
    std::int64_t n = 1;
    for (std::uint32_t k = 0; k < ndims; ++k)
      n *= shapes[k];
    return n;
  }
  std::byte *base() const {
    return reinterpret_cast<std::byte *>(static_cast<std::uintptr_t>(buffer.addr));
  }
  void *data() const {
    return base() + start_offset * static_cast<std::int64_t>(elementBytes(dtype));
  }

  /// The window of `shape` at `offsets` (both `ndims` long); must lie inside this tensor. The
  /// runtime's signature: arrays of `uint32_t` (a braced list does not convert to one).
  ChipTensor view(const std::uint32_t view_shapes[], const std::uint32_t view_offsets[]) const {
    ChipTensor t = *this;
    for (std::uint32_t k = 0; k < ndims; ++k) {
      const auto o = static_cast<std::int64_t>(view_offsets[k]),
                 n = static_cast<std::int64_t>(view_shapes[k]);
      if (o + n > shapes[k])
        simFail("ChipTensor::view", "window of extent " + std::to_string(n) + " at " +
                                        std::to_string(o) + " on axis " + std::to_string(k) +
                                        " exceeds " + describe());
      t.shapes[k] = n;
      t.origin[k] += o;
      t.start_offset += o * strides[k];
    }
    return t;
  }
  /// Whether the elements are one dense row-major run (extent-1 dims may have any stride).
  bool is_contiguous() const {
    std::int64_t expected = 1;
    for (std::uint32_t k = ndims; k-- > 0;) {
      if (shapes[k] != 1 && strides[k] != expected)
        return false;
      expected *= shapes[k];
    }
    return true;
  }

  /// The same elements as a row-major tensor of `new_shapes` (`new_ndims` dims; no data moves).
  /// The runtime's signature and rule: the element count must match and the tensor must be
  /// contiguous (a window of a wider tensor is not). `in_manual_dep` is the runtime's
  /// dependency-tracking flag of the view; the simulator tracks every view the same way.
  ChipTensor reshape(const std::uint32_t new_shapes[], std::uint32_t new_ndims,
                     bool in_manual_dep = false) const {
    (void)in_manual_dep;
    if (new_ndims < 1 || new_ndims > kMaxRank)
      simFail("ChipTensor::reshape", "rank " + std::to_string(new_ndims) + " is outside 1..5");
    ChipTensor t = *this;
    t.ndims = new_ndims;
    std::int64_t n = 1;
    for (std::uint32_t k = new_ndims; k-- > 0;) {
      t.shapes[k] = static_cast<std::int64_t>(new_shapes[k]);
      t.strides[k] = n;
      n *= t.shapes[k];
    }
    for (std::uint32_t k = new_ndims; k < kMaxRank; ++k)
      t.shapes[k] = t.strides[k] = 0;
    if (n != numel())
      simFail("ChipTensor::reshape", "cannot reshape " + describe() + " to " + t.describe() +
                                         ": the element counts differ");
    if (!is_contiguous())
      simFail("ChipTensor::reshape", describe() + " is not contiguous (a window of a wider "
                                                  "tensor); the runtime reshapes contiguous "
                                                  "tensors only");
    // Coordinates of the first element in the new row-major layout, so that views of the
    // result compare with other row-major views of the same buffer (mayOverlap).
    for (std::uint32_t k = 0; k < kMaxRank; ++k)
      t.origin[k] = 0;
    for (std::uint32_t k = 0; k < new_ndims && n > 0; ++k)
      t.origin[k] =
          k == 0 ? start_offset / t.strides[0] : (start_offset / t.strides[k]) % t.shapes[k];
    return t;
  }

  /// Swaps two axes (a strided view; no data moves).
  ChipTensor transpose(std::uint32_t a, std::uint32_t b) const {
    if (a >= ndims || b >= ndims)
      simFail("ChipTensor::transpose", "axis out of range for " + describe());
    ChipTensor t = *this;
    std::swap(t.shapes[a], t.shapes[b]);
    std::swap(t.strides[a], t.strides[b]);
    std::swap(t.origin[a], t.origin[b]);
    return t;
  }

  /// The byte interval [lo, hi) of absolute addresses the view can touch (empty: lo == hi).
  std::pair<std::uintptr_t, std::uintptr_t> byteRange() const {
    const auto es = static_cast<std::int64_t>(elementBytes(dtype));
    const auto b = reinterpret_cast<std::uintptr_t>(base());
    if (numel() == 0)
      return {b, b};
    std::int64_t lo = start_offset, hi = start_offset;
    for (std::uint32_t k = 0; k < ndims; ++k) {
      const std::int64_t span = (shapes[k] - 1) * strides[k];
      (span < 0 ? lo : hi) += span;
    }
    return {b + static_cast<std::uintptr_t>(lo * es),
            b + static_cast<std::uintptr_t>((hi + 1) * es)};
  }

  std::string describe() const {
    std::string s = std::string(pl::dtypeName(dtype)) + "[";
    for (std::uint32_t k = 0; k < ndims; ++k)
      s += (k ? ", " : "") + std::to_string(shapes[k]);
    return s + "]";
  }

private:
  void setBuffer(std::shared_ptr<Buffer> b) {
    buffer.addr = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(b->data));
    buffer.size = b->bytes;
    buffer.owner = std::move(b);
  }
  static ChipTensor layout(DType d, const std::int64_t *shape, std::uint32_t rank) {
    if (rank < 1 || rank > kMaxRank)
      simFail("ChipTensor", "rank " + std::to_string(rank) + " is outside 1..5");
    ChipTensor t;
    t.dtype = d;
    t.ndims = rank;
    std::int64_t s = 1;
    for (std::uint32_t k = rank; k-- > 0;) {
      if (shape[k] < 0)
        simFail("ChipTensor", "negative extent");
      t.shapes[k] = shape[k];
      t.strides[k] = s;
      s *= shape[k];
    }
    return t;
  }
};

/// True when two tensors may touch a common byte: exact box intersection for views of the same
/// root (same base, dtype and strides), byte-interval overlap otherwise (conservative).
/// mayOverlap of two tensors whose byte ranges are known to intersect (both non-empty): the
/// boxes of two views of one root layout, else true.
inline bool boxesMayMeet(const ChipTensor &a, const ChipTensor &b) {
  if (a.base() != b.base() || a.dtype != b.dtype || a.ndims != b.ndims || a.strides != b.strides) return true;
  for (std::uint32_t k = 0; k < a.ndims; ++k)
    if (a.origin[k] + a.shapes[k] <= b.origin[k] || b.origin[k] + b.shapes[k] <= a.origin[k]) return false;
  return true;
}
inline bool mayOverlap(const ChipTensor &a, const ChipTensor &b) {
  const auto [alo, ahi] = a.byteRange();
  const auto [blo, bhi] = b.byteRange();
  if (alo == ahi || blo == bhi || ahi <= blo || bhi <= alo)
    return false;
  return boxesMayMeet(a, b);
}

/// The description of an internal tensor, as the runtime's: `TensorCreateInfo ci(shapes, ndims,
/// dtype)` with `shapes` a `uint32_t` array (a braced list does not convert to one).
struct TensorCreateInfo {
  std::array<std::int64_t, kMaxRank> shapes{};
  std::uint32_t ndims = 0;
  DType dtype = DType::FP32;
  TensorCreateInfo(const std::uint32_t shapes_in[], std::uint32_t ndims_in,
                   DType dtype_in = DType::FP32)
      : ndims(ndims_in), dtype(dtype_in) {
    if (ndims_in < 1 || ndims_in > kMaxRank)
      simFail("TensorCreateInfo", "rank " + std::to_string(ndims_in) + " is outside 1..5");
    for (std::uint32_t k = 0; k < ndims_in; ++k)
      shapes[k] = static_cast<std::int64_t>(shapes_in[k]);
  }
};

/// A task id; invalid ids (default) are ignored as dependencies.
struct PTO2TaskId {
  std::int64_t id = -1;
  bool is_valid() const { return id >= 0; }
  friend bool operator==(PTO2TaskId, PTO2TaskId) = default;
};

/// The tensors a submission (or an allocation) produced, and its task id. The first output is
/// kept inline (a task's usual one: no allocation per submission), the others in a vector.
class TaskOutputTensors {
 public:
  TaskOutputTensors() = default;
  explicit TaskOutputTensors(PTO2TaskId id) : id_(id) {}
  TaskOutputTensors(PTO2TaskId id, std::vector<ChipTensor> outs) : id_(id) {
    for (const ChipTensor &t : outs)
      add(t);
  }
  /// Appends an output.
  void add(const ChipTensor &t) {
    if (n_ == 0)
      first_.emplace(t);
    else
      rest_.push_back(t);
    ++n_;
  }
  PTO2TaskId task_id() const { return id_; }
  /// An output by index, from a named TaskOutputTensors only (the runtime's outputs live as long
  /// as the submitting scope; a temporary's would dangle).
  const ChipTensor &get_ref(std::uint32_t i) const & {
    if (i >= n_)
      simFail("TaskOutputTensors", "output " + std::to_string(i) + " of " + std::to_string(n_));
    return i == 0 ? *first_ : rest_[i - 1];
  }
  const ChipTensor &get_ref(std::uint32_t i) const && = delete;
  std::size_t size() const { return n_; }

private:
  friend class Runtime; // sets the id of the outputs it gathered before the submission
  PTO2TaskId id_;
  std::size_t n_ = 0;
  std::optional<ChipTensor> first_; // constructed by the first add (none: nothing to clear)
  std::vector<ChipTensor> rest_;
};

/// A tensor argument slot (`args.tensor(i).ref()`, as PTO2 reads its entry and graph arguments).
struct TensorArgRef {
  const ChipTensor *t;
  const ChipTensor &ref() const { return *t; }
};

namespace detail {
/// The scalar slots of the graph boundary being recorded on this thread (Runtime::submitGraph
/// sets it around the body): `add_scalar(graph_args.scalar(k))` passes slot k itself, which is
/// how a recorded task knows that the scalar is the graph's argument k, patched on replay.
inline const std::vector<std::uint64_t> *&graphBoundaryScalars() {
  thread_local const std::vector<std::uint64_t> *slots = nullptr;
  return slots;
}
/// The boundary slot `v` is (a reference into the recorded graph's arguments), else -1.
inline std::int32_t graphScalarSlot(const std::uint64_t &v) {
  const std::vector<std::uint64_t> *b = graphBoundaryScalars();
  if (!b || b->empty())
    return -1;
  const std::less<const std::uint64_t *> before;
  if (before(&v, b->data()) || !before(&v, b->data() + b->size()))
    return -1;
  return static_cast<std::int32_t>(&v - b->data());
}
} // namespace detail

/// NoDep (PTO2's NO_DEP): the kernel may read or write the tensor, but the runtime does not track
/// it: no edges from or to it, no hazard reports, not among the task's outputs.
enum class ArgDir : std::uint8_t { In, Out, InOut, NoDep };

/// The SPMD launch parameters of a core task (`args.launch_spec.set_block_num(n)`, as the
/// runtime's): the kernel runs once per block, with `get_block_idx(args)` = 0 .. n - 1 and
/// `get_block_num(args)` = n (pl::spmd's core_num); the task completes when every block has.
class PTO2LaunchSpec {
public:
  /// The runtime holds the count in an int16_t.
  static constexpr std::int64_t kMaxBlockNum = 32767;
  std::int16_t block_num() const { return blockNum_; }
  void set_block_num(std::int64_t n) {
    if (n < 1)
      simFail("spmd", "core_num must be >= 1, got " + std::to_string(n));
    if (n > kMaxBlockNum)
      simFail("spmd", "core_num " + std::to_string(n) + " exceeds the runtime's limit of " +
                          std::to_string(kMaxBlockNum) + " blocks");
    blockNum_ = static_cast<std::int16_t>(n);
  }

private:
  std::int16_t blockNum_ = 1;
};

/// The arguments of one kernel call: tensors with a direction (tensors before scalars, as the
/// kernel wrapper unpacks them), scalars as u64, and explicit dependencies.
namespace detail {
/// The tensors of one CoreTaskArgs: up to kInline in place (a task's usual few: no allocation
/// per submission), more in one heap block of CoreTaskArgs' maximum.
class TaskTensors {
public:
  static constexpr std::size_t kInline = 4;
  static constexpr std::size_t kMax = 32;
  TaskTensors() = default;
  TaskTensors(const TaskTensors &o) { append(o); }
  TaskTensors(TaskTensors &&o) noexcept { take(o); }
  TaskTensors &operator=(const TaskTensors &o) {
    if (this != &o) {
      clear();
      append(o);
    }
    return *this;
  }
  TaskTensors &operator=(TaskTensors &&o) noexcept {
    if (this != &o) {
      clear();
      take(o);
    }
    return *this;
  }
  ~TaskTensors() { clear(); }

  void push_back(const ChipTensor &t) {
    if (heap_.capacity() == 0 && n_ < kInline) {
      ::new (static_cast<void *>(slot(n_))) ChipTensor(t);
      ++n_;
      return;
    }
    if (heap_.capacity() == 0) { // the first tensor past the inline ones: all to the heap
      heap_.reserve(kMax);
      for (std::size_t i = 0; i < n_; ++i) {
        heap_.push_back(std::move(*slot(i)));
        slot(i)->~ChipTensor();
      }
    }
    heap_.push_back(t);
    ++n_;
  }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const ChipTensor *data() const { return heap_.capacity() ? heap_.data() : slot(0); }
  const ChipTensor &operator[](std::size_t i) const { return data()[i]; }

private:
  ChipTensor *slot(std::size_t i) {
    return std::launder(reinterpret_cast<ChipTensor *>(inline_)) + i;
  }
  const ChipTensor *slot(std::size_t i) const {
    return std::launder(reinterpret_cast<const ChipTensor *>(inline_)) + i;
  }
  void append(const TaskTensors &o) {
    for (std::size_t i = 0; i < o.n_; ++i)
      push_back(o[i]);
  }
  void take(TaskTensors &o) noexcept {
    n_ = o.n_;
    if (o.heap_.capacity()) {
      heap_.swap(o.heap_); // (heap_ is empty, without capacity: o's inline slots stay unused)
      o.n_ = 0;
      return;
    }
    for (std::size_t i = 0; i < o.n_; ++i)
      ::new (static_cast<void *>(slot(i))) ChipTensor(std::move(*o.slot(i)));
    o.clear();
  }
  void clear() noexcept {
    if (heap_.capacity()) {
      std::vector<ChipTensor>().swap(heap_);
    } else {
      for (std::size_t i = 0; i < n_; ++i)
        slot(i)->~ChipTensor();
    }
    n_ = 0;
  }
  alignas(ChipTensor) std::byte inline_[kInline * sizeof(ChipTensor)];
  std::size_t n_ = 0;
  std::vector<ChipTensor> heap_; // all of them, once there are more than kInline
};
} // namespace detail

class CoreTaskArgs {
 public:
   /// PTO2's limits for one core task (the translator reports a kernel over them as CD002).
   static constexpr std::size_t kMaxTaskTensors = 32;
   static constexpr std::size_t kMaxTaskScalars = 16;
   // Tensors by reference to a named tensor, as the runtime's (it keeps their addresses until
   // the submit): a temporary does not compile.
   void add_input(const ChipTensor &t) { add(t, ArgDir::In); }
   void add_output(const ChipTensor &t) { add(t, ArgDir::Out); }
   void add_inout(const ChipTensor &t) { add(t, ArgDir::InOut); }
   void add_no_dep(const ChipTensor &t) { add(t, ArgDir::NoDep); }
   void add_input(const ChipTensor &&) = delete;
   void add_output(const ChipTensor &&) = delete;
   void add_inout(const ChipTensor &&) = delete;
   void add_no_dep(const ChipTensor &&) = delete;
   /// A scalar in the runtime's encoding (`to_u64`: the value's own bits, zero-extended: a float
   /// packs 32 bits, an int32_t -1 packs 0xFFFFFFFF). Inside a graph body being recorded, passing
   /// the graph's own slot (`graph_args.scalar(k)`, a uint64_t lvalue) marks the value as that
   /// argument (patched on replay); any other value is fixed data of the recording.
   template <class T>
     requires(std::is_arithmetic_v<std::remove_cvref_t<T>> ||
              std::is_enum_v<std::remove_cvref_t<T>>)
   void add_scalar(T &&v) {
     if (scalars_.size() == kMaxTaskScalars)
       simFail("CoreTaskArgs",
               "a core task carries at most " + std::to_string(kMaxTaskScalars) + " scalars");
     scalars_.push_back(pl::abi::to_u64(v));
     if constexpr (std::is_same_v<T, const std::uint64_t &> || std::is_same_v<T, std::uint64_t &>)
       scalarSlots_.push_back(detail::graphScalarSlot(v));
     else
       scalarSlots_.push_back(-1);
   }
   void set_dependencies(const PTO2TaskId *ids, std::uint32_t n) {
     numDeps_ = 0;
     depsMore_.clear();
     for (std::uint32_t i = 0; i < n; ++i)
       add_dependency(ids[i]);
   }
   void add_dependency(PTO2TaskId id) {
     if (numDeps_ < depsInline_.size()) {
       depsInline_[numDeps_++] = id;
       return;
     }
     if (depsMore_.empty()) // the first past the inline ones: all to the heap
       depsMore_.assign(depsInline_.begin(), depsInline_.end());
     depsMore_.push_back(id);
     ++numDeps_;
   }
   PTO2LaunchSpec launch_spec;

   std::span<const ChipTensor> tensors() const { return {tensors_.data(), tensors_.size()}; }
   std::span<const ArgDir> dirs() const { return {dirs_.data(), tensors_.size()}; }
   const std::vector<std::uint64_t> &scalars() const { return scalars_; }
   /// Per scalar: the boundary slot of the graph being recorded it was passed from, else -1.
   const std::vector<std::int32_t> &scalarSlots() const { return scalarSlots_; }
   std::span<const PTO2TaskId> dependencies() const {
     return {depsMore_.empty() ? depsInline_.data() : depsMore_.data(), numDeps_};
   }
   std::int32_t blockNum() const { return launch_spec.block_num(); }

   /// A graph body reads its arguments as PTO2's do: `args.tensor(i).ref()`, `args.scalar(i)`
   /// (a reference to the slot: see add_scalar).
   TensorArgRef tensor(std::size_t i) const {
     if (i >= tensors_.size())
       simFail("CoreTaskArgs",
               "tensor " + std::to_string(i) + " of " + std::to_string(tensors_.size()));
     return TensorArgRef{&tensors_[i]};
   }
   const std::uint64_t &scalar(std::size_t i) const {
     if (i >= scalars_.size())
       simFail("CoreTaskArgs",
               "scalar " + std::to_string(i) + " of " + std::to_string(scalars_.size()));
     return scalars_[i];
   }
   std::size_t tensor_count() const { return tensors_.size(); }
   std::size_t scalar_count() const { return scalars_.size(); }

 private:
   void add(const ChipTensor &t, ArgDir d) {
     if (!scalars_.empty())
       simFail("CoreTaskArgs", "tensors must be added before scalars");
     if (!t.buffer)
       simFail("CoreTaskArgs", "tensor argument has no buffer");
     if (tensors_.size() == kMaxTaskTensors)
       simFail("CoreTaskArgs",
               "a core task carries at most " + std::to_string(kMaxTaskTensors) + " tensors");
     dirs_[tensors_.size()] = d;
     tensors_.push_back(t);
   }
   detail::TaskTensors tensors_; // the first four in place
   static_assert(detail::TaskTensors::kMax == kMaxTaskTensors);
   std::array<ArgDir, kMaxTaskTensors> dirs_{}; // of tensors_ (its size)
   std::vector<std::uint64_t> scalars_;
   std::vector<std::int32_t> scalarSlots_;
   std::array<PTO2TaskId, 4> depsInline_{}; // the first four dependencies (no allocation)
   std::vector<PTO2TaskId> depsMore_;       // all of them, once there are more
   std::size_t numDeps_ = 0;
};

/// The arguments of the orchestration entry (external tensors, then scalars).
class ChipTaskArgs {
 public:
  struct TensorRef {
    const ChipTensor* t;
    const ChipTensor& ref() const { return *t; }
  };
  void add_tensor(const ChipTensor& t) { tensors_.push_back(t); }
  void add_scalar(std::uint64_t v) { scalars_.push_back(v); }
  TensorRef tensor(std::size_t i) const {
    if (i >= tensors_.size()) simFail("ChipTaskArgs", "tensor " + std::to_string(i) + " of " + std::to_string(tensors_.size()));
    return TensorRef{&tensors_[i]};
  }
  std::uint64_t scalar(std::size_t i) const {
    if (i >= scalars_.size()) simFail("ChipTaskArgs", "scalar " + std::to_string(i) + " of " + std::to_string(scalars_.size()));
    return scalars_[i];
  }
  std::size_t tensor_count() const { return tensors_.size(); }
  std::size_t scalar_count() const { return scalars_.size(); }

 private:
  std::vector<ChipTensor> tensors_;
  std::vector<std::uint64_t> scalars_;
};

/// pl's scalar argument encoding and the eager scalar conversion (pl/kernel_abi.hpp), which the
/// generated code also names directly.
using pl::abi::castScalar;
using pl::abi::from_u64;
using pl::abi::to_u64;

// ---- the kernel side of the argument convention ------------------------------------------------

/// The tensor in kernel argument slot `i` (a `ChipTensor*`).
inline const ChipTensor& tensorArg(const std::int64_t* args, std::size_t i) {
  return *reinterpret_cast<const ChipTensor*>(static_cast<std::intptr_t>(args[i]));
}
/// A GlobalView<T> over kernel argument tensor `i` (the dtype must be T's).
template <class T>
GlobalView<T> viewArg(const std::int64_t* args, std::size_t i) {
  const ChipTensor& t = tensorArg(args, i);
  if (t.dtype != dtypeOf<T>)
    simFail("viewArg", "kernel argument " + std::to_string(i) + " is " + t.describe() + ", the kernel expects " +
                           std::string(pl::dtypeName(dtypeOf<T>)));
  return GlobalView<T>(reinterpret_cast<StorageOf<T>*>(t.base()), t.start_offset, t.shapes.data(), t.strides.data(),
                       static_cast<int>(t.ndims));
}
/// The scalar in kernel argument slot `i`.
template <class T>
T scalarArg(const std::int64_t* args, std::size_t i) {
  return from_u64<T>(static_cast<std::uint64_t>(args[i]));
}

}  // namespace pl::sim
