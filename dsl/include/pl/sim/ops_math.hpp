// pl/sim/ops_math.hpp — vector elementwise instructions (TADD… and S forms, unary, TCMP/TSEL), rounding like the eager DSL.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "pl/ops_linalg.hpp"
#include "pl/ops_math.hpp"
#include "pl/sim/ops_data.hpp"
#include "pl/sim/tile.hpp"

namespace pl::sim {

namespace detail {

using pl::detail::fromSlot;
using pl::detail::normalize;
using pl::detail::visitCompute;

enum class Need : std::uint8_t { Any, Float, Integer };
template <class T, Need N>
constexpr void requireNeed() {
  if constexpr (N == Need::Float) static_assert(pl::isFloat(dtypeOf<T>), "pl::sim: this instruction needs a float tile");
  if constexpr (N == Need::Integer) static_assert(pl::isInteger(dtypeOf<T>), "pl::sim: this instruction needs an integer tile");
}

/// Element e of T as the eager compute value of type C (double / int64 / uint64).
template <class C, class T> C loadAs(const StorageOf<T> &e) {
  if constexpr (std::is_same_v<T, float> && std::is_same_v<C, double>)
    return static_cast<double>(e);
  else
    return fromSlot<C>(loadSlot<T>(e));
}
/// Stores the compute value v rounded (or wrapped) once into T, as the eager run does
/// (`normalize`); for fp32 that rounding is the conversion to float (round to nearest even).
template <class T, class C> void storeAs(StorageOf<T> &e, C v) {
  if constexpr (std::is_same_v<T, float> && std::is_same_v<C, double>)
    e = static_cast<float>(v);
  else
    storeSlot<T>(e, normalize(dtypeOf<T>, v));
}

/// dst = f(a, b) over a's valid region (a and b must agree); values are computed in the eager
/// compute type (double / int64 / uint64) and rounded once into dst's dtype. The checks run once
/// per instruction; the loop walks rows of the tiles' storage (every tile is row-major).
template <Need N, SimTile D, SimTile A, SimTile B, class F>
void zipTiles(const char* op, D& dst, const A& a, const B& b, F f) {
  using XD = std::remove_cvref_t<D>;
  using XA = std::remove_cvref_t<A>;
  using XB = std::remove_cvref_t<B>;
  static_assert(std::is_same_v<typename XA::Elem, typename XB::Elem>, "pl::sim: the operands have different element types");
  requireNeed<typename XA::Elem, N>();
  requireSpace(op, "dst", dst, {Space::Vec});
  requireSpace(op, "src0", a, {Space::Vec});
  requireSpace(op, "src1", b, {Space::Vec});
  requireSameValid(op, a, b);
  const std::int64_t vr = a.GetValidRow(), vc = a.GetValidCol();
  if (vr > XD::kRows || vc > XD::kCols) simFail(op, tileString("src0", a) + " does not fit " + tileString("dst", dst));
  const auto *pa = a.data();
  const auto *pb = b.data();
  auto *pd = dst.data();
  visitCompute(XA::dtype, [&]<class C>(std::type_identity<C>) {
    for (std::int64_t r = 0; r < vr; ++r) {
      const auto *ra = pa + r * XA::kCols;
      const auto *rb = pb + r * XB::kCols;
      auto *rd = pd + r * XD::kCols;
      for (std::int64_t c = 0; c < vc; ++c)
        storeAs<typename XD::Elem>(
            rd[c], f(loadAs<C, typename XA::Elem>(ra[c]), loadAs<C, typename XB::Elem>(rb[c])));
    }
  });
  setValidZeroPad(op, dst, vr, vc);
}

/// dst = g(x) over a's valid region, computed in the eager compute type C of a's dtype (double /
/// int64 / uint64) and rounded once into dst's dtype; `perType(std::type_identity<C>{})` gives g.
template <Need N, SimTile D, SimTile A, class PerType>
void mapValid(const char *op, D &dst, const A &a, PerType perType) {
  using XD = std::remove_cvref_t<D>;
  using XA = std::remove_cvref_t<A>;
  requireNeed<typename XA::Elem, N>();
  requireSpace(op, "dst", dst, {Space::Vec});
  requireSpace(op, "src", a, {Space::Vec});
  const std::int64_t vr = a.GetValidRow(), vc = a.GetValidCol();
  if (vr > XD::kRows || vc > XD::kCols) simFail(op, tileString("src", a) + " does not fit " + tileString("dst", dst));
  const auto *pa = a.data();
  auto *pd = dst.data();
  visitCompute(XA::dtype, [&]<class C>(std::type_identity<C> type) {
    auto g = perType(type);
    for (std::int64_t r = 0; r < vr; ++r) {
      const auto *ra = pa + r * XA::kCols;
      auto *rd = pd + r * XD::kCols;
      for (std::int64_t c = 0; c < vc; ++c)
        storeAs<typename XD::Elem>(rd[c], g(loadAs<C, typename XA::Elem>(ra[c])));
    }
  });
  setValidZeroPad(op, dst, vr, vc);
}

/// dst = f(a, scalar) with the scalar first converted to a's dtype (PyPTO's scalar promotion).
template <Need N, SimTile D, SimTile A, class S, class F>
void scalarTile(const char *op, D &dst, const A &a, const S &s, F f) {
  mapValid<N>(op, dst, a, [&]<class C>(std::type_identity<C>) {
    const C y = fromSlot<C>(scalarToSlot(std::remove_cvref_t<A>::dtype, s));
    return [&f, y](C x) { return f(x, y); };
  });
}

/// dst = f(a) over a's valid region in the compute type.
template <Need N, SimTile D, SimTile A, class F>
void mapTile(const char* op, D& dst, const A& a, F f) {
  static_assert(
      std::is_same_v<typename std::remove_cvref_t<D>::Elem, typename std::remove_cvref_t<A>::Elem>,
      "pl::sim: dst and src element types differ");
  mapValid<N>(op, dst, a,
              [&]<class C>(std::type_identity<C>) { return [&f](C x) { return f(x); }; });
}

struct NegF { template <class C> C operator()(C x) const { return pl::detail::subW(C{0}, x); } };
struct AbsF {
  template <class C> C operator()(C x) const {
    if constexpr (std::is_unsigned_v<C>) return x;
    else return x < 0 ? pl::detail::subW(C{0}, x) : x;
  }
};
struct ReluF { template <class C> C operator()(C x) const { return x > C{0} ? x : C{0}; } };
template <DType D>
struct NotF {
  template <class C> C operator()(C x) const {
    if constexpr (std::is_integral_v<C>) return D == DType::Bool ? C(x == 0) : C(~x);
    else return x;
  }
};

}  // namespace detail

// ---- binary, scalar forms ----------------------------------------------------------------------

#define PL_SIM_BINARY(name, sname, op, NAME, SNAME, Functor, need)                                 \
  template <SimTile D, SimTile A, SimTile B> void NAME(D &dst, const A &a, const B &b) {           \
    detail::zipTiles<detail::Need::need>(#NAME, dst, a, b, pl::detail::Functor{});                 \
  }                                                                                                \
  template <SimTile D, SimTile A, class S>                                                         \
    requires(!SimTile<S>)                                                                          \
  void SNAME(D &dst, const A &a, const S &s) {                                                     \
    detail::scalarTile<detail::Need::need>(#SNAME, dst, a, s, pl::detail::Functor{});              \
  }
PL_BINARY_OPS(PL_SIM_BINARY)
#undef PL_SIM_BINARY

/// dst = x where x > 0, else slope * x (slope a tile of x's shape).
template <SimTile D, SimTile A, SimTile B>
void TPRELU(D& dst, const A& x, const B& slope) {
  detail::zipTiles<detail::Need::Float>("TPRELU", dst, x, slope,
                                        []<class C>(C v, C s) { return v > C{0} ? v : s * v; });
}

/// Forms with PyPTO's scratch tile (accepted, unused).
template <SimTile D, SimTile A, SimTile B, SimTile Tmp>
void TREM(D& dst, const A& a, const B& b, Tmp&) { TREM(dst, a, b); }
template <SimTile D, SimTile A, class S, SimTile Tmp>
void TREMS(D& dst, const A& a, const S& s, Tmp&) { TREMS(dst, a, s); }
template <SimTile D, SimTile A, SimTile B, SimTile Tmp>
void TXOR(D& dst, const A& a, const B& b, Tmp&) { TXOR(dst, a, b); }
template <SimTile D, SimTile A, class S, SimTile Tmp>
void TXORS(D& dst, const A& a, const S& s, Tmp&) { TXORS(dst, a, s); }

// ---- unary -------------------------------------------------------------------------------------

#define PL_SIM_UNARY_FLOAT(name, NAME, expr)                                                       \
  template <SimTile D, SimTile A> void NAME(D &dst, const A &a) {                                  \
    detail::mapTile<detail::Need::Float>(#NAME, dst, a, [](double x) { return expr; });            \
  }
PL_UNARY_FLOAT_OPS(PL_SIM_UNARY_FLOAT)
#undef PL_SIM_UNARY_FLOAT

template <SimTile D, SimTile A, SimTile Tmp>
void TRSQRT(D& dst, const A& a, Tmp&) { TRSQRT(dst, a); }

template <SimTile D, SimTile A>
void TNEG(D& dst, const A& a) { detail::mapTile<detail::Need::Any>("TNEG", dst, a, detail::NegF{}); }
template <SimTile D, SimTile A>
void TABS(D& dst, const A& a) { detail::mapTile<detail::Need::Any>("TABS", dst, a, detail::AbsF{}); }
template <SimTile D, SimTile A>
void TRELU(D& dst, const A& a) { detail::mapTile<detail::Need::Any>("TRELU", dst, a, detail::ReluF{}); }
/// Bitwise not for integers, logical not for bool.
template <SimTile D, SimTile A>
void TNOT(D& dst, const A& a) {
  detail::mapTile<detail::Need::Integer>("TNOT", dst, a, detail::NotF<std::remove_cvref_t<A>::dtype>{});
}
/// Leaky ReLU: x for x > 0, slope·x otherwise.
template <SimTile D, SimTile A>
void TLRELU(D& dst, const A& a, double slope) {
  detail::mapTile<detail::Need::Float>("TLRELU", dst, a, [slope](double x) { return x > 0 ? x : slope * x; });
}

// ---- compare / select --------------------------------------------------------------------------

/// dst (bool or any integer mask) = a <mode> b.
template <SimTile D, SimTile A, SimTile B>
void TCMP(D& dst, const A& a, const B& b, CmpMode mode) {
  detail::zipTiles<detail::Need::Any>("TCMP", dst, a, b, pl::detail::CmpF{mode});
}
template <SimTile D, SimTile A, class S>
  requires(!SimTile<S>)
void TCMPS(D& dst, const A& a, const S& s, CmpMode mode) {
  detail::scalarTile<detail::Need::Any>("TCMPS", dst, a, s, pl::detail::CmpF{mode});
}

// PTO-ISA's packed compare masks: TCMP / TCMPS into a uint8_t tile write one bit per element,
// element (r, c) at bit c % 8 of byte (r, c / 8), and give the mask the valid shape
// (rows, ceil(cols / 8)); TSEL / TSELS read such a mask (pl's vendor layer takes no other).
namespace detail {
template <SimTile D, class Bit>
void packMask(const char *op, D &dst, std::int64_t vr, std::int64_t vc, Bit bit) {
  using XD = std::remove_cvref_t<D>;
  static_assert(std::is_same_v<typename XD::Elem, std::uint8_t>,
                "pl::sim: a packed mask is a uint8_t tile");
  requireSpace(op, "dst", dst, {Space::Vec});
  const std::int64_t bytes = (vc + 7) / 8;
  if (vr > XD::kRows || bytes > XD::kCols)
    simFail(op, "the packed mask of " + validString(vr, vc) + " does not fit " +
                    tileString("dst", dst));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t b = 0; b < bytes; ++b) {
      unsigned v = 0;
      for (std::int64_t k = 0; k < 8 && b * 8 + k < vc; ++k)
        if (bit(r, b * 8 + k))
          v |= 1u << k;
      dst.at(r, b) = static_cast<std::uint8_t>(v);
    }
  setValidZeroPad(op, dst, vr, bytes);
}
/// Element (r, c) of a packed mask; the mask must hold the bits of a vr x vc selection.
template <SimTile M> bool maskBit(const M &m, std::int64_t r, std::int64_t c) {
  static_assert(std::is_same_v<typename std::remove_cvref_t<M>::Elem, std::uint8_t>,
                "pl::sim: a packed mask is a uint8_t tile");
  return ((m.at(r, c / 8) >> (c % 8)) & 1u) != 0;
}
template <SimTile M>
void requirePackedMask(const char *op, const M &m, std::int64_t vr, std::int64_t vc) {
  requireSpace(op, "mask", m, {Space::Vec});
  if (m.GetValidRow() < vr || m.GetValidCol() < (vc + 7) / 8)
    simFail(op, tileString("mask", m) + " does not hold the bits of " + validString(vr, vc));
}
} // namespace detail

/// TCMP into a packed mask: bit (r, c) = a(r, c) <mode> b(r, c).
template <SimTile D, SimTile A, SimTile B>
void TCMPPacked(D &dst, const A &a, const B &b, CmpMode mode) {
  using XA = std::remove_cvref_t<A>;
  using XB = std::remove_cvref_t<B>;
  static_assert(std::is_same_v<typename XA::Elem, typename XB::Elem>,
                "pl::sim: the operands have different element types");
  detail::requireSpace("TCMP", "src0", a, {Space::Vec});
  detail::requireSpace("TCMP", "src1", b, {Space::Vec});
  detail::requireSameValid("TCMP", a, b);
  detail::visitCompute(XA::dtype, [&]<class C>(std::type_identity<C>) {
    const pl::detail::CmpF f{mode};
    detail::packMask(
        "TCMP", dst, a.GetValidRow(), a.GetValidCol(), [&](std::int64_t r, std::int64_t c) {
          return f(detail::fromSlot<C>(detail::loadSlot<typename XA::Elem>(a.at(r, c))),
                   detail::fromSlot<C>(detail::loadSlot<typename XB::Elem>(b.at(r, c))));
        });
  });
}
/// TCMPS into a packed mask: bit (r, c) = a(r, c) <mode> s.
template <SimTile D, SimTile A, class S>
  requires(!SimTile<S>)
void TCMPSPacked(D &dst, const A &a, const S &s, CmpMode mode) {
  using XA = std::remove_cvref_t<A>;
  detail::requireSpace("TCMPS", "src", a, {Space::Vec});
  detail::visitCompute(XA::dtype, [&]<class C>(std::type_identity<C>) {
    const pl::detail::CmpF f{mode};
    const C y = detail::fromSlot<C>(detail::scalarToSlot(XA::dtype, s));
    detail::packMask(
        "TCMPS", dst, a.GetValidRow(), a.GetValidCol(), [&](std::int64_t r, std::int64_t c) {
          return f(detail::fromSlot<C>(detail::loadSlot<typename XA::Elem>(a.at(r, c))), y);
        });
  });
}
/// dst = packed mask ? a : b over a's valid shape (a and b agree on it).
template <SimTile D, SimTile M, SimTile A, SimTile B>
void TSELPacked(D &dst, const M &mask, const A &a, const B &b) {
  using XD = std::remove_cvref_t<D>;
  detail::requireSameElem<D, A>();
  detail::requireSameElem<D, B>();
  detail::requireSpace("TSEL", "dst", dst, {Space::Vec});
  detail::requireSpace("TSEL", "src0", a, {Space::Vec});
  detail::requireSpace("TSEL", "src1", b, {Space::Vec});
  detail::requireSameValid("TSEL", a, b);
  const std::int64_t vr = a.GetValidRow(), vc = a.GetValidCol();
  detail::requirePackedMask("TSEL", mask, vr, vc);
  if (vr > XD::kRows || vc > XD::kCols)
    simFail("TSEL",
            detail::tileString("src0", a) + " does not fit " + detail::tileString("dst", dst));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c)
      dst.at(r, c) = detail::maskBit(mask, r, c) ? a.at(r, c) : b.at(r, c);
  detail::setValidZeroPad("TSEL", dst, vr, vc);
}
/// dst = packed mask ? a : scalar.
template <SimTile D, SimTile M, SimTile A, class S>
  requires(!SimTile<S>)
void TSELSPacked(D &dst, const M &mask, const A &a, const S &s) {
  using XD = std::remove_cvref_t<D>;
  detail::requireSameElem<D, A>();
  detail::requireSpace("TSELS", "dst", dst, {Space::Vec});
  detail::requireSpace("TSELS", "src", a, {Space::Vec});
  const std::int64_t vr = a.GetValidRow(), vc = a.GetValidCol();
  detail::requirePackedMask("TSELS", mask, vr, vc);
  if (vr > XD::kRows || vc > XD::kCols)
    simFail("TSELS",
            detail::tileString("src", a) + " does not fit " + detail::tileString("dst", dst));
  typename XD::Storage v{};
  detail::storeSlot<typename XD::Elem>(v, detail::scalarToSlot(XD::dtype, s));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c)
      dst.at(r, c) = detail::maskBit(mask, r, c) ? a.at(r, c) : v;
  detail::setValidZeroPad("TSELS", dst, vr, vc);
}

/// dst = mask ? a : b (mask: nonzero is true); mask, a and b must have the same valid shape.
template <SimTile D, SimTile M, SimTile A, SimTile B>
void TSEL(D& dst, const M& mask, const A& a, const B& b) {
  using XD = std::remove_cvref_t<D>;
  using XM = std::remove_cvref_t<M>;
  detail::requireSameElem<D, A>();
  detail::requireSameElem<D, B>();
  detail::requireSpace("TSEL", "mask", mask, {Space::Vec});
  detail::requireSpace("TSEL", "dst", dst, {Space::Vec});
  detail::requireSpace("TSEL", "src0", a, {Space::Vec});
  detail::requireSpace("TSEL", "src1", b, {Space::Vec});
  detail::requireSameValid("TSEL", a, b);
  detail::requireSameValid("TSEL", mask, a);
  const std::int64_t vr = a.GetValidRow(), vc = a.GetValidCol();
  if (vr > XD::kRows || vc > XD::kCols) simFail("TSEL", detail::tileString("src0", a) + " does not fit " + detail::tileString("dst", dst));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c) {
      const bool m = pl::detail::slotToDouble(XM::dtype, detail::loadSlot<typename XM::Elem>(mask.at(r, c))) != 0;
      dst.at(r, c) = m ? a.at(r, c) : b.at(r, c);
    }
  detail::setValidZeroPad("TSEL", dst, vr, vc);
}
/// dst = mask ? a : scalar.
template <SimTile D, SimTile M, SimTile A, class S>
  requires(!SimTile<S>)
void TSELS(D& dst, const M& mask, const A& a, const S& s) {
  using XD = std::remove_cvref_t<D>;
  using XM = std::remove_cvref_t<M>;
  detail::requireSameElem<D, A>();
  detail::requireSpace("TSELS", "mask", mask, {Space::Vec});
  detail::requireSpace("TSELS", "dst", dst, {Space::Vec});
  detail::requireSpace("TSELS", "src", a, {Space::Vec});
  detail::requireSameValid("TSELS", mask, a);
  const std::int64_t vr = a.GetValidRow(), vc = a.GetValidCol();
  if (vr > XD::kRows || vc > XD::kCols) simFail("TSELS", detail::tileString("src", a) + " does not fit " + detail::tileString("dst", dst));
  typename XD::Storage v{};
  detail::storeSlot<typename XD::Elem>(v, detail::scalarToSlot(XD::dtype, s));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c) {
      const bool m = pl::detail::slotToDouble(XM::dtype, detail::loadSlot<typename XM::Elem>(mask.at(r, c))) != 0;
      dst.at(r, c) = m ? a.at(r, c) : v;
    }
  detail::setValidZeroPad("TSELS", dst, vr, vc);
}

}  // namespace pl::sim
