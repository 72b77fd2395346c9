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
#include <stdexcept>
#include <string>
#include <type_traits>

#include "pl/dtype.hpp"

namespace pl::abi {

/// A scalar argument's bits as u64 and back (pl's scalar ABI, used by the host bridge, the
/// orchestration and the kernels alike): every floating type (float, double, the narrow
/// SoftFloats) travels as the bits of its exact double value, integers and bool sign-extended.
/// One encoding per kind means the packing side and the reading side need not agree on a C++
/// type: a float packed by the host reads back exactly as the `double` an fp16 parameter is
/// held in.
template <class T> std::uint64_t to_u64(T v) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
  else
    return std::bit_cast<std::uint64_t>(static_cast<double>(v));
}
template <class T> T from_u64(std::uint64_t u) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<std::int64_t>(u));
  else
    return static_cast<T>(std::bit_cast<double>(u));
}

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
