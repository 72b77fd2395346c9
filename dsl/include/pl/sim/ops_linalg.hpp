// pl/sim/ops_linalg.hpp — reductions (TROWSUM… TCOLARGMAX), row/col broadcasts (TROWEXPAND*, TCOLEXPAND*), the TMATMUL family.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "pl/sim/gemm.hpp"
#include "pl/sim/ops_math.hpp"

namespace pl::sim {

namespace detail {

using pl::detail::RedOp;

/// The reduction `Red` of `outer` lines of n elements of src (rows when Row, else columns), each
/// in the eager reference's order and compute type, into dst's column (Row) or row.
template <bool Row, RedOp Red, SimTile D, SimTile S>
void reduceLoop(D &dst, const S &src, std::int64_t outer, std::int64_t n) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  constexpr bool arg = Red == RedOp::ArgMax || Red == RedOp::ArgMin;
  constexpr std::int64_t step = Row ? 1 : XS::kCols; // between the elements of one line
  constexpr std::int64_t lineStep = Row ? XS::kCols : 1;
  constexpr std::int64_t outStep = Row ? XD::kCols : 1;
  const auto *ps = src.data();
  auto *pd = dst.data();
  visitCompute(XS::dtype, [&]<class C>(std::type_identity<C>) {
    for (std::int64_t o = 0; o < outer; ++o) {
      const auto *line = ps + o * lineStep;
      C acc = loadAs<C, typename XS::Elem>(line[0]);
      std::int64_t best = 0;
      for (std::int64_t k = 1; k < n; ++k) {
        const C x = loadAs<C, typename XS::Elem>(line[k * step]);
        if constexpr (Red == RedOp::Sum)
          acc = pl::detail::addW(acc, x);
        else if constexpr (Red == RedOp::Prod)
          acc = pl::detail::mulW(acc, x);
        else if constexpr (Red == RedOp::Max || Red == RedOp::ArgMax) {
          if (x > acc) {
            acc = x;
            best = k;
          }
        } else {
          if (x < acc) {
            acc = x;
            best = k;
          }
        }
      }
      auto &out = pd[o * outStep];
      if constexpr (arg)
        storeSlot<typename XD::Elem>(out, pl::detail::slotFromInt(XD::dtype, best));
      else
        storeAs<typename XD::Elem>(out, acc);
    }
  });
}

/// Reduces src's valid region along the row (Row: [R, C] → [R, 1]) or the column ([1, C]),
/// with the eager reference's order and compute type; dst must not overlap src.
template <bool Row, SimTile D, SimTile S>
void reduceTile(const char* op, D& dst, const S& src, RedOp red) {
  using XD = std::remove_cvref_t<D>;
  requireSpace(op, "dst", dst, {Space::Vec});
  requireSpace(op, "src", src, {Space::Vec});
  requireDisjoint(op, "src", dst, src);
  const std::int64_t vr = src.GetValidRow(), vc = src.GetValidCol();
  if (Row ? vc == 0 : vr == 0) simFail(op, "cannot reduce an empty valid region of " + tileString("src", src));
  const std::int64_t outer = Row ? vr : vc, n = Row ? vc : vr;
  const std::int64_t dr = Row ? vr : 1, dc = Row ? 1 : vc;
  if (dr > XD::kRows || dc > XD::kCols) simFail(op, "the result does not fit " + tileString("dst", dst));
  // The reduction is chosen once per instruction (reduceLoop's template argument), not per element.
  switch (red) {
  case RedOp::Sum:
    reduceLoop<Row, RedOp::Sum>(dst, src, outer, n);
    break;
  case RedOp::Prod:
    reduceLoop<Row, RedOp::Prod>(dst, src, outer, n);
    break;
  case RedOp::Max:
    reduceLoop<Row, RedOp::Max>(dst, src, outer, n);
    break;
  case RedOp::Min:
    reduceLoop<Row, RedOp::Min>(dst, src, outer, n);
    break;
  case RedOp::ArgMax:
    reduceLoop<Row, RedOp::ArgMax>(dst, src, outer, n);
    break;
  case RedOp::ArgMin:
    reduceLoop<Row, RedOp::ArgMin>(dst, src, outer, n);
    break;
  }
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
  using XV = std::remove_cvref_t<V>;
  const auto *px = x.data();
  const auto *pv = v.data();
  auto *pd = dst.data();
  visitCompute(XX::dtype, [&]<class C>(std::type_identity<C>) {
    for (std::int64_t r = 0; r < vr; ++r) {
      const auto *rx = px + r * XX::kCols;
      auto *rd = pd + r * XD::kCols;
      if constexpr (Row) {
        const C b = loadAs<C, typename XV::Elem>(pv[r * XV::kCols]);
        for (std::int64_t c = 0; c < vc; ++c)
          storeAs<typename XD::Elem>(rd[c], f(loadAs<C, typename XX::Elem>(rx[c]), b));
      } else {
        for (std::int64_t c = 0; c < vc; ++c)
          storeAs<typename XD::Elem>(
              rd[c], f(loadAs<C, typename XX::Elem>(rx[c]), loadAs<C, typename XV::Elem>(pv[c])));
      }
    }
  });
  setValidZeroPad(op, dst, vr, vc);
}

/// The element types whose every value converts to fp32 exactly and whose product of two is
/// exact in double (at most 24 significant bits each): the matmul's fast path packs them as fp32.
template <class T> struct IsSoftFloat : std::false_type {};
template <DType D> struct IsSoftFloat<pl::SoftFloat<D>> : std::true_type {};
template <class T>
inline constexpr bool kExactFp32 =
    std::is_same_v<T, float> || IsSoftFloat<T>::value || std::is_same_v<T, std::int8_t> ||
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int16_t> ||
    std::is_same_v<T, std::uint16_t>;

/// The fp32 value of every code of a narrow float format (built once per format).
template <DType D> const float *softFloatTable() {
  static const std::vector<float> table = [] {
    std::vector<float> t(std::size_t{1} << (8 * sizeof(pl::SoftFloat<D>)));
    for (std::size_t code = 0; code < t.size(); ++code)
      t[code] = static_cast<float>(pl::detail::decodeSmall(D, static_cast<std::uint32_t>(code)));
    return t;
  }();
  return table.data();
}

/// Reads a stored element of T as fp32, the value `static_cast<float>(tile.get(r, c))` gives
/// (exact for the kExactFp32 types; a SoftFloat through its format's table).
template <class T> struct Fp32Reader {
  const float *table = nullptr;
  Fp32Reader() {
    if constexpr (IsSoftFloat<T>::value)
      table = softFloatTable<T::dtype>();
  }
  float operator()(const StorageOf<T> &e) const {
    if constexpr (std::is_same_v<T, float>)
      return e;
    else if constexpr (IsSoftFloat<T>::value)
      return table[e.bits()];
    else if constexpr (kExactFp32<T>)
      return static_cast<float>(e);
    else
      return static_cast<float>(pl::detail::slotToDouble(dtypeOf<T>, loadSlot<T>(e)));
  }
};

/// The matmul's shape and operand checks (every path runs them first).
template <SimTile D, SimTile L, SimTile R>
void matmulChecks(const char *op, const D &dst, const L &l, const R &r, const auto *acc,
                  const auto *bias) {
  using XL = std::remove_cvref_t<L>;
  using XR = std::remove_cvref_t<R>;
  using XD = std::remove_cvref_t<D>;
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
}

/// The eager matmul, element by element (the semantics; the general path): per element an fp32
/// accumulator s (initialised from acc, plus bias), and per k
/// `s = float(double(s) + double(float(x * y)))`; the result is rounded into dst's dtype. Only
/// the results: the checks and dst's zero padding are matmulTile's.
template <SimTile D, SimTile L, SimTile R>
void matmulReference(D &dst, const L &l, const R &r, const auto *acc, const auto *bias) {
  using XD = std::remove_cvref_t<D>;
  using AccT = std::remove_cvref_t<decltype(*acc)>;
  using BiasT = std::remove_cvref_t<decltype(*bias)>;
  const std::int64_t m = l.GetValidRow(), k = l.GetValidCol(), n = r.GetValidCol();
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
}

/// The same results as matmulReference (bit for bit) for operands of a kExactFp32 type: lhs,
/// rhs and the initial sums packed once as fp32 panels, then gemm::accumulatePadded's blocked
/// loop, which keeps each element's order of k and its two roundings per step.
template <SimTile D, SimTile L, SimTile R>
void matmulPacked(D &dst, const L &l, const R &r, const auto *acc, const auto *bias) {
  using XD = std::remove_cvref_t<D>;
  using XL = std::remove_cvref_t<L>;
  using XR = std::remove_cvref_t<R>;
  using AccT = std::remove_cvref_t<decltype(*acc)>;
  using BiasT = std::remove_cvref_t<decltype(*bias)>;
  const std::int64_t m = l.GetValidRow(), k = l.GetValidCol(), n = r.GetValidCol();
  const std::int64_t mp = gemm::paddedRows(m), np = gemm::paddedCols(n);
  gemm::Panels &P = gemm::panels();
  auto fit = [](std::vector<float> &v, std::int64_t size) {
    if (v.size() < static_cast<std::size_t>(size))
      v.resize(static_cast<std::size_t>(size));
    return v.data();
  };
  float *pa = fit(P.a, mp * k);
  float *pb = fit(P.b, k * np);
  float *pc = fit(P.c, mp * np);
  const Fp32Reader<typename XL::Elem> readL;
  const Fp32Reader<typename XR::Elem> readR;
  const auto *ld = l.data();
  const auto *rd = r.data();
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t p = 0; p < k; ++p)
      pa[i * k + p] = readL(ld[i * XL::kCols + p]);
  std::fill(pa + m * k, pa + mp * k, 0.0f);
  for (std::int64_t p = 0; p < k; ++p) {
    for (std::int64_t j = 0; j < n; ++j)
      pb[p * np + j] = readR(rd[p * XR::kCols + j]);
    std::fill(pb + p * np + n, pb + (p + 1) * np, 0.0f);
  }
  std::fill(pc, pc + mp * np, 0.0f);
  if constexpr (!std::is_same_v<AccT, std::nullptr_t>) {
    using XA = std::remove_cvref_t<AccT>;
    const Fp32Reader<typename XA::Elem> readAcc;
    const auto *ad = acc->data();
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j)
        pc[i * np + j] = readAcc(ad[i * XA::kCols + j]);
  }
  if constexpr (!std::is_same_v<BiasT, std::nullptr_t>) {
    for (std::int64_t j = 0; j < n; ++j) {
      const double b = bias->get(0, j);
      for (std::int64_t i = 0; i < m; ++i)
        pc[i * np + j] = static_cast<float>(pc[i * np + j] + b);
    }
  }
  gemm::accumulatePadded(pa, k, pb, np, pc, np, mp, np, k);
  auto *dd = dst.data();
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      if constexpr (std::is_same_v<typename XD::Elem, float>)
        dd[i * XD::kCols + j] = pc[i * np + j];
      else
        storeSlot<typename XD::Elem>(dd[i * XD::kCols + j],
                                     pl::detail::slotFromDouble(XD::dtype, pc[i * np + j]));
    }
}

/// The matmul instruction: checks, then the packed path (fp32-exact operands, k > 0, dst sharing
/// no bytes with an operand other than being the accumulator itself) or the reference, then
/// dst's zero padding.
template <SimTile D, SimTile L, SimTile R>
void matmulTile(const char *op, D &dst, const L &l, const R &r, const auto *acc, const auto *bias) {
  using XL = std::remove_cvref_t<L>;
  using AccT = std::remove_cvref_t<decltype(*acc)>;
  matmulChecks(op, dst, l, r, acc, bias);
  // k == 0 stores the initial sums as they are: the reference's double round trip of them stays.
  bool packed = kExactFp32<typename XL::Elem> && l.GetValidCol() > 0 && !overlaps(dst, l) &&
                !overlaps(dst, r);
  if constexpr (!std::is_same_v<AccT, std::nullptr_t>)
    packed = packed && (!overlaps(dst, *acc) || static_cast<const void *>(dst.data()) ==
                                                    static_cast<const void *>(acc->data()));
  if (packed)
    matmulPacked(dst, l, r, acc, bias);
  else
    matmulReference(dst, l, r, acc, bias);
  setValidZeroPad(op, dst, l.GetValidRow(), r.GetValidCol());
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
