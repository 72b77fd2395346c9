// pl/sim/ops_irregular.hpp — TCI (an index row) and the partial elementwise instructions
// TPARTADD / TPARTMUL / TPARTMAX / TPARTMIN, with PTO-ISA's operand rules; values as the eager
// DSL computes them (pl/ops_irregular.hpp). Written from the documented ISA (docs/simulator.md).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "pl/ops_irregular.hpp"
#include "pl/sim/ops_math.hpp"
#include "pl/sim/tile.hpp"

namespace pl::sim {

namespace detail {

/// TCI's element types: int32, uint32, int16, uint16.
template <class T> constexpr bool ciElem() {
  return std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> ||
         std::is_same_v<T, std::int16_t> || std::is_same_v<T, std::uint16_t>;
}

/// The partial instructions' element types (PTO-ISA's a2a3 TPART*): int32, int16, half, float.
template <class T> constexpr bool partElem() {
  return std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int16_t> ||
         std::is_same_v<T, pl::Half> || std::is_same_v<T, float>;
}

/// dst = src0 ⊕ src1 over dst's valid region where both sources are valid, the valid source's
/// element where only one is. PTO-ISA's rule: one source's valid shape is dst's, the other's
/// lies inside it (any other pattern is an error, as the vendor asserts).
template <SimTile D, SimTile A, SimTile B, class F>
void partTiles(const char *op, D &dst, const A &a, const B &b, F f) {
  using XD = std::remove_cvref_t<D>;
  using XA = std::remove_cvref_t<A>;
  using XB = std::remove_cvref_t<B>;
  static_assert(std::is_same_v<typename XD::Elem, typename XA::Elem> &&
                    std::is_same_v<typename XD::Elem, typename XB::Elem>,
                "pl::sim: TPART* dst, src0 and src1 have one element type");
  static_assert(partElem<typename XD::Elem>(),
                "pl::sim: TPART* takes int32_t, int16_t, half or float tiles");
  requireSpace(op, "dst", dst, {Space::Vec});
  requireSpace(op, "src0", a, {Space::Vec});
  requireSpace(op, "src1", b, {Space::Vec});
  const std::int64_t vr = dst.GetValidRow(), vc = dst.GetValidCol();
  if (vr == 0 || vc == 0)
    return;
  const std::int64_t ar = a.GetValidRow(), ac = a.GetValidCol();
  const std::int64_t br = b.GetValidRow(), bc = b.GetValidCol();
  const bool aIsDst = ar == vr && ac == vc, bIsDst = br == vr && bc == vc;
  const bool aInside = ar <= vr && ac <= vc, bInside = br <= vr && bc <= vc;
  if (!((aIsDst && bInside) || (bIsDst && aInside)))
    simFail(op, "one source's valid shape must be dst's and the other's inside it: " +
                    tileString("src0", a) + ", " + tileString("src1", b) + ", " +
                    tileString("dst", dst));
  const auto *pa = a.data();
  const auto *pb = b.data();
  auto *pd = dst.data();
  using T = typename XD::Elem;
  visitCompute(XD::dtype, [&]<class C>(std::type_identity<C>) {
    for (std::int64_t r = 0; r < vr; ++r)
      for (std::int64_t c = 0; c < vc; ++c) {
        const bool inA = r < ar && c < ac, inB = r < br && c < bc;
        auto &d = pd[r * XD::kCols + c];
        const auto &x = pa[r * XA::kCols + c];
        const auto &y = pb[r * XB::kCols + c];
        if (inA && inB)
          storeAs<T>(d, f(loadAs<C, T>(x), loadAs<C, T>(y)));
        else
          d = inA ? x : y;
      }
  });
}

} // namespace detail

/// TCI<descending>(dst, start): column k of dst's first row, for k below its valid columns,
/// holds start + k (start - k descending), wrapping in the element type. PTO-ISA: dst is one
/// row of at least two columns, of an integer type the start has too.
template <bool Descending, SimTile D, class S> void TCI(D &dst, S start) {
  using X = std::remove_cvref_t<D>;
  using T = typename X::Elem;
  static_assert(detail::ciElem<T>(), "pl::sim: TCI takes int32_t, uint32_t, int16_t or uint16_t");
  static_assert(std::is_same_v<T, S>, "pl::sim: TCI's start has the tile's element type");
  static_assert(X::kRows == 1 && X::kCols != 1, "pl::sim: TCI fills a tile of one row (Cols != 1)");
  detail::requireSpace("TCI", "dst", dst, {Space::Vec});
  const std::int64_t vc = dst.GetValidCol();
  auto *pd = dst.data();
  const auto s = static_cast<std::int64_t>(start);
  for (std::int64_t k = 0; k < vc; ++k)
    detail::storeSlot<T>(pd[k], pl::detail::normalize(X::dtype, Descending ? s - k : s + k));
}

#define PL_SIM_PART(NAME, Functor)                                                                 \
  template <SimTile D, SimTile A, SimTile B> void NAME(D &dst, const A &a, const B &b) {           \
    detail::partTiles(#NAME, dst, a, b, pl::detail::Functor{});                                    \
  }
PL_SIM_PART(TPARTADD, AddF)
PL_SIM_PART(TPARTMUL, MulF)
PL_SIM_PART(TPARTMAX, MaxF)
PL_SIM_PART(TPARTMIN, MinF)
#undef PL_SIM_PART

} // namespace pl::sim
