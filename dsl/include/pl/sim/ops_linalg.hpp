// pl/sim/ops_linalg.hpp — reductions (TROWSUM… TCOLARGMAX), row/col broadcasts (TROWEXPAND*, TCOLEXPAND*), the TMATMUL family.
#pragma once

#include <cstdint>
#include <type_traits>

#include "pl/sim/ops_math.hpp"

namespace pl::sim {

namespace detail {

using pl::detail::RedOp;

/// Reduces src's valid region along the row (Row: [R, C] → [R, 1]) or the column ([1, C]),
/// with the eager reference's order and compute type; dst must not overlap src.
template <bool Row, SimTile D, SimTile S>
void reduceTile(const char* op, D& dst, const S& src, RedOp red) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  const bool arg = red == RedOp::ArgMax || red == RedOp::ArgMin;
  requireSpace(op, "dst", dst, {Space::Vec});
  requireSpace(op, "src", src, {Space::Vec});
  requireDisjoint(op, "src", dst, src);
  const std::int64_t vr = src.GetValidRow(), vc = src.GetValidCol();
  if (Row ? vc == 0 : vr == 0) simFail(op, "cannot reduce an empty valid region of " + tileString("src", src));
  const std::int64_t outer = Row ? vr : vc, n = Row ? vc : vr;
  const std::int64_t dr = Row ? vr : 1, dc = Row ? 1 : vc;
  if (dr > XD::kRows || dc > XD::kCols) simFail(op, "the result does not fit " + tileString("dst", dst));
  visitCompute(XS::dtype, [&]<class C>(std::type_identity<C>) {
    for (std::int64_t o = 0; o < outer; ++o) {
      auto at = [&](std::int64_t k) {
        return fromSlot<C>(loadSlot<typename XS::Elem>(Row ? src.at(o, k) : src.at(k, o)));
      };
      C acc = at(0);
      std::int64_t best = 0;
      for (std::int64_t k = 1; k < n; ++k) {
        const C x = at(k);
        switch (red) {
          case RedOp::Sum: acc = pl::detail::addW(acc, x); break;
          case RedOp::Prod: acc = pl::detail::mulW(acc, x); break;
          case RedOp::Max: case RedOp::ArgMax: if (x > acc) { acc = x; best = k; } break;
          case RedOp::Min: case RedOp::ArgMin: if (x < acc) { acc = x; best = k; } break;
        }
      }
      auto& out = Row ? dst.at(o, 0) : dst.at(0, o);
      storeSlot<typename XD::Elem>(out, arg ? pl::detail::slotFromInt(XD::dtype, best) : normalize(XD::dtype, acc));
    }
  });
  setValidZeroPad(op, dst, dr, dc);
}

/// dst = f(x, v) with v a [R, 1] row vector (Row) or a [1, C] column vector broadcast over x.
template <bool Row, Need N, SimTile D, SimTile X, SimTile V, class F>
void expandTile(const char* op, D& dst, const X& x, const V& v, F f) {
  using XD = std::remove_cvref_t<D>;
  using XX = std::remove_cvref_t<X>;
  requireSameElem<D, X>();
  requireSameElem<D, V>();
  requireNeed<typename XX::Elem, N>();
  requireSpace(op, "dst", dst, {Space::Vec});
  requireSpace(op, "src0", x, {Space::Vec});
  requireSpace(op, "src1", v, {Space::Vec});
  const std::int64_t vr = x.GetValidRow(), vc = x.GetValidCol();
  const bool ok = Row ? (v.GetValidCol() == 1 && v.GetValidRow() == vr) : (v.GetValidRow() == 1 && v.GetValidCol() == vc);
  if (!ok)
    simFail(op, std::string("needs a ") + (Row ? "[R, 1] row" : "[1, C] column") + " vector matching " +
                    tileString("src0", x) + ", got " + tileString("src1", v));
  if (vr > XD::kRows || vc > XD::kCols) simFail(op, tileString("src0", x) + " does not fit " + tileString("dst", dst));
  requireDisjoint(op, "src1", dst, v);
  visitCompute(XX::dtype, [&]<class C>(std::type_identity<C>) {
    for (std::int64_t r = 0; r < vr; ++r)
      for (std::int64_t c = 0; c < vc; ++c) {
        const C a = fromSlot<C>(loadSlot<typename XX::Elem>(x.at(r, c)));
        const C b = fromSlot<C>(loadSlot<typename XX::Elem>(Row ? v.at(r, 0) : v.at(0, c)));
        storeSlot<typename XD::Elem>(dst.at(r, c), normalize(XD::dtype, f(a, b)));
      }
  });
  setValidZeroPad(op, dst, vr, vc);
}

/// The eager matmul: per element an fp32 accumulator s (initialised from acc, plus bias), and
/// per k `s = float(double(s) + double(float(x * y)))`; the result is rounded into dst's dtype.
template <SimTile D, SimTile L, SimTile R>
void matmulTile(const char* op, D& dst, const L& l, const R& r, const auto* acc, const auto* bias) {
  using XD = std::remove_cvref_t<D>;
  using XL = std::remove_cvref_t<L>;
  using XR = std::remove_cvref_t<R>;
  static_assert(std::is_same_v<typename XL::Elem, typename XR::Elem>, "pl::sim: matmul operand element types differ");
  requireSpace(op, "dst", dst, {Space::Acc});
  requireSpace(op, "lhs", l, {Space::Left});
  requireSpace(op, "rhs", r, {Space::Right});
  const std::int64_t m = l.GetValidRow(), k = l.GetValidCol(), n = r.GetValidCol();
  if (r.GetValidRow() != k)
    simFail(op, "inner dimensions differ: " + tileString("lhs", l) + " vs " + tileString("rhs", r));
  if (m > XD::kRows || n > XD::kCols)
    simFail(op, "the product " + validString(m, n) + " does not fit " + tileString("dst", dst));
  using AccT = std::remove_cvref_t<decltype(*acc)>;
  using BiasT = std::remove_cvref_t<decltype(*bias)>;
  if constexpr (!std::is_same_v<AccT, std::nullptr_t>) {
    requireSpace(op, "acc", *acc, {Space::Acc});
    if (acc->GetValidRow() != m || acc->GetValidCol() != n)
      simFail(op, tileString("accumulator", *acc) + " does not match the product " + validString(m, n));
  }
  if constexpr (!std::is_same_v<BiasT, std::nullptr_t>) {
    requireSpace(op, "bias", *bias, {Space::Bias});
    if (bias->GetValidRow() != 1 || bias->GetValidCol() != n)
      simFail(op, tileString("bias", *bias) + " must have valid shape [1, " + std::to_string(n) + "]");
  }
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      float s = 0.0f;
      if constexpr (!std::is_same_v<AccT, std::nullptr_t>) s = static_cast<float>(acc->get(i, j));
      if constexpr (!std::is_same_v<BiasT, std::nullptr_t>) s = static_cast<float>(s + bias->get(0, j));
      for (std::int64_t p = 0; p < k; ++p) {
        const double x = l.get(i, p), y = r.get(p, j);
        s = static_cast<float>(static_cast<double>(s) + static_cast<double>(static_cast<float>(x * y)));
      }
      storeSlot<typename XD::Elem>(dst.at(i, j), pl::detail::slotFromDouble(XD::dtype, s));
    }
  setValidZeroPad(op, dst, m, n);
}

}  // namespace detail

// ---- reductions (the optional scratch tile is accepted and unused) -----------------------------

#define PL_SIM_REDUCE(NAME, row, red)                                                             \
  template <SimTile D, SimTile S>                                                                 \
  void NAME(D& dst, const S& src) { detail::reduceTile<row>(#NAME, dst, src, red); }             \
  template <SimTile D, SimTile S, SimTile Tmp>                                                    \
  void NAME(D& dst, const S& src, Tmp&) { detail::reduceTile<row>(#NAME, dst, src, red); }
PL_SIM_REDUCE(TROWSUM, true, detail::RedOp::Sum)
PL_SIM_REDUCE(TROWMAX, true, detail::RedOp::Max)
PL_SIM_REDUCE(TROWMIN, true, detail::RedOp::Min)
PL_SIM_REDUCE(TROWPROD, true, detail::RedOp::Prod)
PL_SIM_REDUCE(TROWARGMAX, true, detail::RedOp::ArgMax)
PL_SIM_REDUCE(TROWARGMIN, true, detail::RedOp::ArgMin)
PL_SIM_REDUCE(TCOLSUM, false, detail::RedOp::Sum)
PL_SIM_REDUCE(TCOLMAX, false, detail::RedOp::Max)
PL_SIM_REDUCE(TCOLMIN, false, detail::RedOp::Min)
PL_SIM_REDUCE(TCOLPROD, false, detail::RedOp::Prod)
PL_SIM_REDUCE(TCOLARGMAX, false, detail::RedOp::ArgMax)
PL_SIM_REDUCE(TCOLARGMIN, false, detail::RedOp::ArgMin)
#undef PL_SIM_REDUCE

// ---- row / column broadcasts -------------------------------------------------------------------

/// dst (keeping its valid shape) = the [R, 1] vector broadcast along each row.
template <SimTile D, SimTile V>
void TROWEXPAND(D& dst, const V& v) {
  detail::expandTile<true, detail::Need::Any>("TROWEXPAND", dst, dst, v, pl::detail::SecondF{});
}
/// dst (keeping its valid shape) = the [1, C] vector broadcast down each column.
template <SimTile D, SimTile V>
void TCOLEXPAND(D& dst, const V& v) {
  detail::expandTile<false, detail::Need::Any>("TCOLEXPAND", dst, dst, v, pl::detail::SecondF{});
}

#define PL_SIM_EXPAND(NAME, row, Functor, need)                                                   \
  template <SimTile D, SimTile X, SimTile V>                                                      \
  void NAME(D& dst, const X& x, const V& v) {                                                     \
    detail::expandTile<row, detail::Need::need>(#NAME, dst, x, v, Functor{});                    \
  }
PL_SIM_EXPAND(TROWEXPANDADD, true, pl::detail::AddF, Any)
PL_SIM_EXPAND(TROWEXPANDSUB, true, pl::detail::SubF, Any)
PL_SIM_EXPAND(TROWEXPANDMUL, true, pl::detail::MulF, Any)
PL_SIM_EXPAND(TROWEXPANDDIV, true, pl::detail::DivF, Any)
PL_SIM_EXPAND(TROWEXPANDMAX, true, pl::detail::MaxF, Any)
PL_SIM_EXPAND(TROWEXPANDMIN, true, pl::detail::MinF, Any)
PL_SIM_EXPAND(TROWEXPANDEXPDIF, true, pl::detail::ExpDifF, Float)
PL_SIM_EXPAND(TCOLEXPANDADD, false, pl::detail::AddF, Any)
PL_SIM_EXPAND(TCOLEXPANDSUB, false, pl::detail::SubF, Any)
PL_SIM_EXPAND(TCOLEXPANDMUL, false, pl::detail::MulF, Any)
PL_SIM_EXPAND(TCOLEXPANDDIV, false, pl::detail::DivF, Any)
PL_SIM_EXPAND(TCOLEXPANDMAX, false, pl::detail::MaxF, Any)
PL_SIM_EXPAND(TCOLEXPANDMIN, false, pl::detail::MinF, Any)
PL_SIM_EXPAND(TCOLEXPANDEXPDIF, false, pl::detail::ExpDifF, Float)
#undef PL_SIM_EXPAND

template <SimTile D, SimTile X, SimTile V, SimTile Tmp>
void TROWEXPANDADD(D& dst, const X& x, const V& v, Tmp&) { TROWEXPANDADD(dst, x, v); }

// ---- matmul (Left x Right → Acc, fp32 accumulation) --------------------------------------------

/// acc = lhs · rhs.
template <SimTile D, SimTile L, SimTile R>
void TMATMUL(D& acc, const L& lhs, const R& rhs) {
  detail::matmulTile("TMATMUL", acc, lhs, rhs, static_cast<const std::nullptr_t*>(nullptr),
                     static_cast<const std::nullptr_t*>(nullptr));
}
/// dst = accIn + lhs · rhs (dst may be accIn).
template <SimTile D, SimTile A, SimTile L, SimTile R>
void TMATMUL_ACC(D& dst, const A& accIn, const L& lhs, const R& rhs) {
  detail::matmulTile("TMATMUL_ACC", dst, lhs, rhs, &accIn, static_cast<const std::nullptr_t*>(nullptr));
}
/// acc += lhs · rhs.
template <SimTile D, SimTile L, SimTile R>
void TMATMUL_ACC(D& acc, const L& lhs, const R& rhs) { TMATMUL_ACC(acc, acc, lhs, rhs); }
/// acc = lhs · rhs + bias (bias: [1, N] in Bias).
template <SimTile D, SimTile L, SimTile R, SimTile B>
void TMATMUL_BIAS(D& acc, const L& lhs, const R& rhs, const B& bias) {
  detail::matmulTile("TMATMUL_BIAS", acc, lhs, rhs, static_cast<const std::nullptr_t*>(nullptr), &bias);
}

}  // namespace pl::sim
