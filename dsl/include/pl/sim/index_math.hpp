// pl/sim/index_math.hpp — floor division and modulo of the IR's index arithmetic for generated code.
//
// The IR's FloorDiv / FloorMod round toward negative infinity; C++'s / and % truncate. emit/sim
// prints `::pl::sim::floordiv(a, b)` / `::pl::sim::floormod(a, b)` for them and includes this
// header once at the top of every generated file.
#pragma once

#include <cmath>
#include <type_traits>

namespace pl::sim {

template <class A, class B>
constexpr std::common_type_t<A, B> floordiv(A a, B b) {
  using T = std::common_type_t<A, B>;
  if constexpr (std::is_floating_point_v<T>) {
    return std::floor(static_cast<T>(a) / static_cast<T>(b));
  } else {
    const T q = static_cast<T>(a) / static_cast<T>(b), r = static_cast<T>(a) % static_cast<T>(b);
    return (r != 0 && ((r < 0) != (static_cast<T>(b) < 0))) ? q - 1 : q;
  }
}

template <class A, class B>
constexpr std::common_type_t<A, B> floormod(A a, B b) {
  using T = std::common_type_t<A, B>;
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(a) - std::floor(static_cast<T>(a) / static_cast<T>(b)) * static_cast<T>(b);
  } else {
    const T r = static_cast<T>(a) % static_cast<T>(b);
    return (r != 0 && ((r < 0) != (static_cast<T>(b) < 0))) ? r + static_cast<T>(b) : r;
  }
}

} // namespace pl::sim
