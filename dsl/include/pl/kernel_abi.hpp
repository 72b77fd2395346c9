// pl/kernel_abi.hpp — what generated kernels and orchestration call besides the PTO-ISA and PTO2
// APIs: pl's scalar argument encoding, the IR's floor division and modulo, and the eager
// scalar conversion. Standard C++ and pl/dtype.hpp only, so the same text compiles against
// pl/sim and, in a kernel package (pl-translate --platform=a2a3 --out-dir), with the vendor's
// toolchain (`-I <pl prefix>/include`).
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "pl/dtype.hpp"

namespace pl::abi {

/// A scalar argument's bits as u64 and back, in the runtime's encoding (its `to_u64` /
/// `from_u64`, which the orchestration's `add_scalar(v)` applies): the value's own bytes,
/// zero-extended: a float packs its 32 bits, a double 64, an int32_t -1 0x00000000FFFFFFFF. The
/// packing and the reading side must therefore use the same C++ type: the generated code packs
/// and reads every scalar as the C++ type of the receiving parameter's dtype
/// (`scalar_cpp_t<D>`), and the host bridge packs the orchestration's arguments so.
template <class T> std::uint64_t to_u64(T v) {
  static_assert(sizeof(T) <= sizeof(std::uint64_t) && std::is_trivially_copyable_v<T>,
                "to_u64: a scalar of at most 8 bytes");
  std::uint64_t u = 0;
  std::memcpy(&u, &v, sizeof(T)); // the low bytes (the runtime's targets are little-endian)
  return u;
}
template <class T> T from_u64(std::uint64_t u) {
  static_assert(sizeof(T) <= sizeof(std::uint64_t) && std::is_trivially_copyable_v<T>,
                "from_u64: a scalar of at most 8 bytes");
  T v;
  std::memcpy(&v, &u, sizeof(T));
  return v;
}

/// The C++ type a scalar of dtype `D` is held in by the generated code (emit/pto's
/// scalarCppType): fp32 as float, the other floating dtypes as double, index as int64_t, the
/// 4-bit integers in a byte, the other integers and bool as themselves.
template <DType D>
using scalar_cpp_t =
    std::conditional_t<
        D == DType::FP32, float,
        std::conditional_t<
            isFloat(D), double,
            std::conditional_t<
                D == DType::Bool, bool,
                std::conditional_t<
                    D == DType::Int8 || D == DType::Int4, std::int8_t,
                    std::conditional_t<
                        D == DType::Int16, std::int16_t,
                        std::conditional_t<
                            D == DType::Int32, std::int32_t,
                            std::conditional_t<
                                D == DType::UInt8 || D == DType::UInt4, std::uint8_t,
                                std::conditional_t<
                                    D == DType::UInt16, std::uint16_t,
                                    std::conditional_t<
                                        D == DType::UInt32, std::uint32_t,
                                        std::conditional_t<D == DType::UInt64, std::uint64_t,
                                                           std::int64_t>>>>>>>>>>;

/// The IR's FloorDiv / FloorMod: rounding toward negative infinity (C++'s / and % truncate).
template <class A, class B> constexpr std::common_type_t<A, B> floordiv(A a, B b) {
  using T = std::common_type_t<A, B>;
  if constexpr (std::is_floating_point_v<T>) {
    return std::floor(static_cast<T>(a) / static_cast<T>(b));
  } else {
    const T q = static_cast<T>(a) / static_cast<T>(b), r = static_cast<T>(a) % static_cast<T>(b);
    return (r != 0 && ((r < 0) != (static_cast<T>(b) < 0))) ? q - 1 : q;
  }
}
template <class A, class B> constexpr std::common_type_t<A, B> floormod(A a, B b) {
  using T = std::common_type_t<A, B>;
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(a) -
           std::floor(static_cast<T>(a) / static_cast<T>(b)) * static_cast<T>(b);
  } else {
    const T r = static_cast<T>(a) % static_cast<T>(b);
    return (r != 0 && ((r < 0) != (static_cast<T>(b) < 0))) ? r + static_cast<T>(b) : r;
  }
}

/// Moves the valid task ids of `ids` to its front and returns how many there are: the count a
/// submission passes to `set_dependencies`. A task id variable may hold "no task" (a loop's first
/// iteration: `pl::TaskId{}`), which is no dependency (the runtime's ids are guarded by
/// `is_valid()` before they are handed over).
template <class Id, std::size_t N> int valid_task_ids(Id (&ids)[N]) {
  int n = 0;
  for (std::size_t i = 0; i < N; ++i)
    if (ids[i].is_valid())
      ids[n++] = ids[i];
  return n;
}

/// A Graph function's body launched by `pl::submit({.deps = {...}}, graph, ...)`: every task the
/// body submits runs after `deps` (the launch's valid ids), and with `join` set the body records
/// the ids of its tasks in `tasks`, for the one task after all of them the launch returns. A plain
/// call of the graph passes none (nullptr).
template <class Id> struct GraphLaunch {
  const Id *deps = nullptr;
  int ndeps = 0;
  bool join = false;
  std::vector<Id> tasks = {};
};

/// The dependencies of a task of a Graph body: its own valid ids `own` followed by the launch's
/// (what the task passes to `set_dependencies`; empty: none).
template <class Id>
std::vector<Id> graph_task_deps(const GraphLaunch<Id> *g, std::initializer_list<Id> own = {}) {
  std::vector<Id> ids;
  for (const Id &i : own)
    if (i.is_valid())
      ids.push_back(i);
  if (g)
    ids.insert(ids.end(), g->deps, g->deps + g->ndeps);
  return ids;
}

/// Records the id of a task a Graph body submitted, when its launch asks for the join.
template <class Id> void graph_task_submitted(GraphLaunch<Id> *g, const Id &id) {
  if (g && g->join)
    g->tasks.push_back(id);
}

/// What the join task of a Graph launch runs after: every task the body submitted and the
/// launch's own dependencies (a body that submitted nothing joins right after those).
template <class Id> std::vector<Id> graph_join_deps(const GraphLaunch<Id> &g) {
  std::vector<Id> ids = g.tasks;
  ids.insert(ids.end(), g.deps, g.deps + g.ndeps);
  return ids;
}

/// Element `i` of a task id array of an orchestration (`array.get_element`); an index outside
/// the array is an error, as in the eager run.
template <class Id, std::size_t N> Id element(const std::array<Id, N> &a, std::int64_t i) {
  if (i < 0 || i >= static_cast<std::int64_t>(N))
    throw std::out_of_range("pl::array: index " + std::to_string(i) + " is outside the array of " +
                            std::to_string(N) + " task ids");
  return a[static_cast<std::size_t>(i)];
}

/// `a` with element `i` replaced by `v` (`array.update_element`: arrays are values).
template <class Id, std::size_t N>
std::array<Id, N> with_element(std::array<Id, N> a, std::int64_t i, Id v) {
  (void)element(a, i); // the bounds check
  a[static_cast<std::size_t>(i)] = v;
  return a;
}

/// The storage offset of element (r, c) of a pto-isa tile, the argument of its `GetValue` /
/// `SetValue`: `RowStride` / `ColStride` elements per row / column (the tile's BLayout).
template <class TileT> constexpr std::uint32_t tileOffset(std::int64_t r, std::int64_t c) {
  using T = std::remove_cvref_t<TileT>;
  return static_cast<std::uint32_t>(r * T::RowStride + c * T::ColStride);
}

/// `v` converted to dtype `D` the way the eager `pl::Scalar<D>` constructor converts it, held in
/// the generated code's C++ scalar type `R`: a float rounds to nearest-even into a float D (a
/// narrow float keeps its rounded value in R), a float becomes an integer D toward zero
/// (saturating, NaN to 0), an integer wraps into D.
template <DType D, class R, class T> R castScalar(T v) {
  pl::detail::Slot s;
  if constexpr (std::is_same_v<T, bool>)
    s = pl::detail::slotFromInt(D, v ? 1 : 0);
  else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
    s = pl::detail::slotFromUInt(D, v);
  else if constexpr (std::is_integral_v<T>)
    s = pl::detail::slotFromInt(D, static_cast<std::int64_t>(v));
  else
    s = pl::detail::slotFromDouble(D, static_cast<double>(v),
                                   isFloat(D) ? RoundMode::Rint : RoundMode::Trunc);
  if constexpr (std::is_same_v<R, bool>)
    return s != 0;
  else if constexpr (std::is_floating_point_v<R>)
    return static_cast<R>(pl::detail::slotToDouble(D, s));
  else if constexpr (std::is_unsigned_v<R>)
    return static_cast<R>(s);
  else
    return static_cast<R>(pl::detail::fromSlot<std::int64_t>(s));
}

} // namespace pl::abi
