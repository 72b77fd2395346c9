// pl/ops_math.hpp — elementwise ops: binary, scalar-operand, unary, compare/select, operators.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

#include "pl/annotate.hpp"
#include "pl/kernels.hpp"
#include "pl/types.hpp"

namespace pl {
namespace detail {

// ---- static result types -----------------------------------------------------------------------

template <DType D, SShape S, std::size_t... I>
auto tensorFromS(std::index_sequence<I...>) -> Tensor<D, S.d[I]...>;
/// The tensor type with dtype D and static shape S.
template <DType D, SShape S>
using TensorS = decltype(tensorFromS<D, S>(std::make_index_sequence<static_cast<std::size_t>(S.rank)>{}));

template <class V, DType D> struct RetypeImpl;
template <DType D0, std::int64_t... Ds, DType D>
struct RetypeImpl<Tensor<D0, Ds...>, D> { using type = Tensor<D, Ds...>; };
template <DType D0, std::int64_t R, std::int64_t C, Mem M, DType D>
struct RetypeImpl<Tile<D0, R, C, M>, D> { using type = Tile<D, R, C, M>; };
/// Same kind and static shape as V, dtype D.
template <class V, DType D> using RetypeT = typename RetypeImpl<V, D>::type;

template <class V> struct BaseOfImpl { using type = void; };
template <TensorLike V> struct BaseOfImpl<V> { using type = TensorBaseT<V>; };
template <TileLike V> struct BaseOfImpl<V> { using type = TileBaseT<V>; };
/// The plain Tensor/Tile type behind V (strips Out/InOut and cv-refs).
template <class V> using BaseOf = typename BaseOfImpl<std::remove_cvref_t<V>>::type;

struct SBroadcast { bool ok = true; SShape s{}; };
constexpr SBroadcast sbroadcast(SShape a, SShape b) {
  if (!a.known || !b.known) return {};
  SBroadcast r{true, SShape{true, a.rank > b.rank ? a.rank : b.rank, {}}};
  for (int i = 0; i < r.s.rank; ++i) {
    const int ia = i - (r.s.rank - a.rank), ib = i - (r.s.rank - b.rank);
    const std::int64_t x = ia < 0 ? 1 : a.d[ia], y = ib < 0 ? 1 : b.d[ib];
    if (x == y || x == 1) r.s.d[i] = y;
    else if (y == 1 || y == dyn) r.s.d[i] = x;
    else if (x == dyn) r.s.d[i] = y;
    else r.ok = false;
  }
  return r;
}
constexpr std::int64_t mergeDim(std::int64_t a, std::int64_t b) { return a == dyn ? b : a; }
constexpr DType mergeDtype(DType a, DType b) { return a == DType::Any ? b : a; }

template <class T> inline constexpr bool alwaysFalse = false;

/// Wraps kernel output into a value of static type Res.
template <class Res>
Res wrapTensor(Array a) { return Res(std::make_shared<Array>(std::move(a)), FromData{}); }
template <class Res>
Res wrapTile(TileData t) { return Res(std::move(t), FromData{}); }

/// Applies an array kernel to a tensor, or to the valid region of a tile (same physical shape).
template <class Res, class V, class Fn>
Res liftSameShape(const V& x, Fn fn) {
  if constexpr (TensorLike<V>) {
    return wrapTensor<Res>(fn(x.arr()));
  } else {
    const TileData& t = x.data();
    Array scratch;
    return wrapTile<Res>(tileFrom(fn(validRef(t, scratch)), t.rows(), t.cols(), t.mem));
  }
}

enum class Need : std::uint8_t { Any, Float, Integer };
inline void checkNeed(const char* op, const Array& a, Need n) {
  if (n == Need::Float) requireFloat(op, a);
  if (n == Need::Integer) requireInteger(op, a);
}

/// Value ⊕ value: static dtype/shape checks, then the kernel (broadcasting for tensors; tiles
/// need equal shapes and valid regions). `OutD` = Any keeps the operand dtype.
template <DType OutD, class A, class B, class F>
auto binaryOp(const char* op, Need need, const A& a, const B& b, F f) {
  if constexpr (TensorLike<A> && TensorLike<B>) {
    using TA = BaseOf<A>;
    using TB = BaseOf<B>;
    static_assert(PL_DSL_RULE(dtypesCompatible(TA::static_dtype, TB::static_dtype)),
                  "pl: the operands have different dtypes; insert pl::cast [T108]");
    constexpr SBroadcast r = sbroadcast(TA::static_shape, TB::static_shape);
    static_assert(PL_DSL_RULE(r.ok), "pl: tensor operands have incompatible static shapes (they "
                                     "must be equal or broadcastable) [T109]");
    constexpr DType rd = OutD == DType::Any ? mergeDtype(TA::static_dtype, TB::static_dtype) : OutD;
    checkNeed(op, a.arr(), need);
    const DType od = OutD == DType::Any ? a.arr().dtype : OutD;
    return wrapTensor<TensorS<rd, r.s>>(zipArrays(op, a.arr(), b.arr(), od, f));
  } else if constexpr (TileLike<A> && TileLike<B>) {
    using TA = BaseOf<A>;
    using TB = BaseOf<B>;
    static_assert(PL_DSL_RULE(dtypesCompatible(TA::static_dtype, TB::static_dtype)),
                  "pl: the operands have different dtypes; insert pl::cast [T108]");
    static_assert(PL_DSL_RULE(dimsCompatible(TA::static_rows, TB::static_rows) &&
                              dimsCompatible(TA::static_cols, TB::static_cols)),
                  "pl: tile operands have different static shapes; use pl::row_expand_* / "
                  "pl::col_expand_* to broadcast [T109]");
    constexpr DType rd = OutD == DType::Any ? mergeDtype(TA::static_dtype, TB::static_dtype) : OutD;
    using Res = Tile<rd, mergeDim(TA::static_rows, TB::static_rows), mergeDim(TA::static_cols, TB::static_cols), TA::static_mem>;
    const TileData& ta = a.data();
    const TileData& tb = b.data();
    requireSameDtype(op, ta.a, tb.a);
    requireSameValid(op, ta, tb);
    checkNeed(op, ta.a, need);
    const DType od = OutD == DType::Any ? ta.a.dtype : OutD;
    Array sa, sb;
    return wrapTile<Res>(tileFrom(zipArrays(op, validRef(ta, sa), validRef(tb, sb), od, f),
                                  ta.rows(), ta.cols(), ta.mem));
  } else {
    static_assert(
        alwaysFalse<A>,
        "pl: cannot mix a Tensor and a Tile operand; load the tensor into a tile (pl::load) "
        "or store the tile (pl::store) first [T107]");
  }
}

template <class S>
auto scalarValue(const S& s) {
  using T = std::remove_cvref_t<S>;
  if constexpr (std::is_arithmetic_v<T>) return s;
  else if constexpr (requires { typename T::value_type; }) return static_cast<typename T::value_type>(s);
  else return static_cast<double>(s);
}
template <class S>
Slot scalarSlot(DType d, const S& s) {
  return hostToSlot(d, scalarValue(s));
}

/// Value ⊕ scalar (PyPTO's `adds`, `muls`, …): the scalar is first converted to the value's dtype.
template <DType OutD, class A, class S, class F>
auto scalarOp(const char* op, Need need, const A& a, const S& s, F f, bool scalarFirst = false) {
  using TA = BaseOf<A>;
  constexpr DType rd = OutD == DType::Any ? TA::static_dtype : OutD;
  return liftSameShape<RetypeT<TA, rd>>(a, [&](const Array& x) {
    checkNeed(op, x, need);
    const DType od = OutD == DType::Any ? x.dtype : OutD;
    const Slot sv = scalarSlot(x.dtype, s);
    Array out(od, x.shape);
    visitCompute(x.dtype, [&]<class C>(std::type_identity<C>) {
      const C y = fromSlot<C>(sv);
      withRounding<C>(od, [&](auto round) {
        const Slot *px = x.data.data();
        Slot *po = out.data.data();
        const std::size_t n = out.data.size();
        if (scalarFirst)
          for (std::size_t i = 0; i < n; ++i)
            po[i] = round(f(y, fromSlot<C>(px[i])));
        else
          for (std::size_t i = 0; i < n; ++i)
            po[i] = round(f(fromSlot<C>(px[i]), y));
      });
    });
    return out;
  });
}

// ---- functors (C is double, int64_t or uint64_t) -----------------------------------------------

struct AddF { template <class C> C operator()(C x, C y) const { return addW(x, y); } };
struct SubF { template <class C> C operator()(C x, C y) const { return subW(x, y); } };
struct MulF { template <class C> C operator()(C x, C y) const { return mulW(x, y); } };
struct DivF {
  template <class C> C operator()(C x, C y) const {
    if constexpr (std::is_floating_point_v<C>) {
      return x / y;
    } else {
      if (y == 0) fail("div", "integer division by zero");
      if constexpr (std::is_signed_v<C>)
        if (y == -1) return subW(C{0}, x);
      return x / y;
    }
  }
};
/// Remainder with the sign of the divisor (Python / torch.remainder).
struct RemF {
  template <class C> C operator()(C x, C y) const {
    if constexpr (std::is_floating_point_v<C>) {
      const C r = std::fmod(x, y);
      return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;
    } else {
      if (y == 0) fail("rem", "integer division by zero");
      if constexpr (std::is_signed_v<C>) {
        if (y == -1) return 0;
        const C r = x % y;
        return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;
      } else {
        return x % y;
      }
    }
  }
};
/// Remainder with the sign of the dividend (C fmod).
struct FmodF {
  template <class C> C operator()(C x, C y) const {
    if constexpr (std::is_floating_point_v<C>) {
      return std::fmod(x, y);
    } else {
      if (y == 0) fail("fmod", "integer division by zero");
      if constexpr (std::is_signed_v<C>)
        if (y == -1) return 0;
      return x % y;
    }
  }
};
struct MaxF { template <class C> C operator()(C x, C y) const { return x < y ? y : x; } };
struct MinF { template <class C> C operator()(C x, C y) const { return y < x ? y : x; } };
struct AndF { template <class C> C operator()(C x, C y) const { if constexpr (std::is_integral_v<C>) return x & y; else return x; } };
struct OrF { template <class C> C operator()(C x, C y) const { if constexpr (std::is_integral_v<C>) return x | y; else return x; } };
struct XorF { template <class C> C operator()(C x, C y) const { if constexpr (std::is_integral_v<C>) return x ^ y; else return x; } };
struct ShlF {
  template <class C> C operator()(C x, C y) const {
    if constexpr (std::is_integral_v<C>) {
      if (y < 0 || y >= 64) return 0;
      return static_cast<C>(static_cast<std::uint64_t>(x) << y);
    } else {
      return x;
    }
  }
};
struct ShrF {
  template <class C> C operator()(C x, C y) const {
    if constexpr (std::is_integral_v<C>) {
      if (y < 0 || y >= 64) return x < 0 ? C(-1) : C(0);
      return x >> y;  // arithmetic for signed kinds
    } else {
      return x;
    }
  }
};
struct CmpF {
  CmpMode mode;
  template <class C> bool operator()(C x, C y) const {
    switch (mode) {
      case CmpMode::Eq: return x == y;
      case CmpMode::Ne: return x != y;
      case CmpMode::Lt: return x < y;
      case CmpMode::Le: return x <= y;
      case CmpMode::Gt: return x > y;
      case CmpMode::Ge: return x >= y;
    }
    return false;
  }
};

}  // namespace detail

// ---- binary ops and their scalar-operand forms --------------------------------------------------

/// Each binary op `name(a, b)` works on two tensors (broadcasting), two tiles (equal shapes and
/// valid regions), or a value and a scalar (dispatching to the `…s` form, as PyPTO does).
#define PL_DETAIL_BINARY(name, sname, op, Functor, need)                                          \
  template <ValueLike A, ScalarLike S>                                                            \
  PL_DSL_OP(#sname) auto sname(const A& a, const S& s) {                                          \
    return detail::scalarOp<DType::Any>(#sname, need, a, s, Functor{});                           \
  }                                                                                               \
  template <ValueLike A, class B>                                                                 \
    requires(ValueLike<B> || ScalarLike<B>)                                                       \
  PL_DSL_OP(op) auto name(const A& a, const B& b) {                                               \
    if constexpr (ScalarLike<B>) return detail::scalarOp<DType::Any>(#sname, need, a, b, Functor{}); \
    else return detail::binaryOp<DType::Any>(#name, need, a, b, Functor{});                       \
  }

/// The elementwise binary ops, once: (DSL name, its scalar form, IR op, simulator instruction,
/// its scalar form, functor in pl::detail, operand dtypes). The eager DSL (below) and the
/// simulator (pl/sim/ops_math.hpp) both expand it, so both compute with the same functor.
#define PL_BINARY_OPS(X)                                                                           \
  X(add, adds, "add", TADD, TADDS, AddF, Any)                                                      \
  X(sub, subs, "sub", TSUB, TSUBS, SubF, Any)                                                      \
  X(mul, muls, "mul", TMUL, TMULS, MulF, Any)                                                      \
  X(div, divs, "div", TDIV, TDIVS, DivF, Any)                                                      \
  X(rem, rems, "rem", TREM, TREMS, RemF, Any)                                                      \
  X(fmod, fmods, "fmod", TFMOD, TFMODS, FmodF, Any)                                                \
  X(maximum, maximums, "maximum", TMAX, TMAXS, MaxF, Any)                                          \
  X(minimum, minimums, "minimum", TMIN, TMINS, MinF, Any)                                          \
  X(and_, ands, "and", TAND, TANDS, AndF, Integer)                                                 \
  X(or_, ors, "or", TOR, TORS, OrF, Integer)                                                       \
  X(xor_, xors, "xor", TXOR, TXORS, XorF, Integer)                                                 \
  X(shl, shls, "shl", TSHL, TSHLS, ShlF, Integer)                                                  \
  X(shr, shrs, "shr", TSHR, TSHRS, ShrF, Integer)

#define PL_DETAIL_BINARY_ROW(name, sname, op, SIM, SIMS, Functor, need)                            \
  PL_DETAIL_BINARY(name, sname, op, detail::Functor, detail::Need::need)
PL_BINARY_OPS(PL_DETAIL_BINARY_ROW)
#undef PL_DETAIL_BINARY_ROW
#undef PL_DETAIL_BINARY

// ---- unary ops ---------------------------------------------------------------------------------

#define PL_DETAIL_UNARY_FLOAT(name, SIM, expr)                                                     \
  template <ValueLike V> PL_DSL_OP(#name) auto name(const V &v) {                                  \
    return detail::liftSameShape<detail::BaseOf<V>>(v, [](const detail::Array &a) {                \
      return detail::mapFloat(#name, a, [](double x) { return expr; });                            \
    });                                                                                            \
  }

/// The float unary ops with an instruction, once: (DSL name, simulator instruction, the value at
/// x). Expanded by the eager DSL (below) and the simulator (pl/sim/ops_math.hpp), so both use the
/// same formula.
#define PL_UNARY_FLOAT_OPS(X)                                                                      \
  X(exp, TEXP, std::exp(x))                                                                        \
  X(log, TLOG, std::log(x))                                                                        \
  X(sqrt, TSQRT, std::sqrt(x))                                                                     \
  X(rsqrt, TRSQRT, 1.0 / std::sqrt(x))                                                             \
  X(recip, TRECIP, 1.0 / x)

/// The float unary ops PTO-ISA has no instruction for (no simulator instruction either): the
/// eager DSL computes them in double; a translated kernel runs LowerCompositeOps' chain of
/// instructions instead (docs/ops.md "Composite ops" states its accuracy).
#define PL_UNARY_COMPOSITE_OPS(X)                                                                  \
  X(sin, -, std::sin(x))                                                                           \
  X(cos, -, std::cos(x))

PL_UNARY_FLOAT_OPS(PL_DETAIL_UNARY_FLOAT)
PL_UNARY_COMPOSITE_OPS(PL_DETAIL_UNARY_FLOAT)
#undef PL_DETAIL_UNARY_FLOAT

template <ValueLike V>
PL_DSL_OP("neg") auto neg(const V& v) {
  return detail::liftSameShape<detail::BaseOf<V>>(v, [](const detail::Array& a) {
    return detail::mapArray(a, a.dtype, []<class C>(C x) { return detail::subW(C{0}, x); });
  });
}
template <ValueLike V>
PL_DSL_OP("abs") auto abs(const V& v) {
  return detail::liftSameShape<detail::BaseOf<V>>(v, [](const detail::Array& a) {
    return detail::mapArray(a, a.dtype, []<class C>(C x) {
      if constexpr (std::is_unsigned_v<C>) return x;
      else return x < 0 ? detail::subW(C{0}, x) : x;
    });
  });
}
template <ValueLike V>
PL_DSL_OP("relu") auto relu(const V& v) {
  return detail::liftSameShape<detail::BaseOf<V>>(v, [](const detail::Array& a) {
    return detail::mapArray(a, a.dtype, []<class C>(C x) { return x > C{0} ? x : C{0}; });
  });
}
/// Leaky ReLU: x for x > 0, slope·x otherwise.
template <ValueLike V>
PL_DSL_OP("lrelu") auto lrelu(const V& v, double slope) {
  return detail::liftSameShape<detail::BaseOf<V>>(v, [slope](const detail::Array& a) {
    return detail::mapFloat("lrelu", a, [slope](double x) { return x > 0 ? x : slope * x; });
  });
}
/// Parametric ReLU: x for x > 0, slope·x otherwise, with `slope` a value of the same shape.
template <ValueLike V, ValueLike W>
PL_DSL_OP("prelu") auto prelu(const V& v, const W& slope) {
  return detail::binaryOp<DType::Any>("prelu", detail::Need::Float, v, slope,
                                      []<class C>(C x, C s) { return x > C{0} ? x : s * x; });
}
/// Bitwise not for integers, logical not for bool.
template <ValueLike V>
PL_DSL_OP("not") auto not_(const V& v) {
  return detail::liftSameShape<detail::BaseOf<V>>(v, [](const detail::Array& a) {
    detail::requireInteger("not_", a);
    const bool logical = a.dtype == DType::Bool;
    return detail::mapArray(a, a.dtype, [logical]<class C>(C x) -> C {
      if constexpr (std::is_integral_v<C>) return logical ? C(x == 0) : C(~x);
      else return x;
    });
  });
}

// ---- compare / select --------------------------------------------------------------------------

/// Elementwise comparison; the result has dtype bool.
template <ValueLike A, ValueLike B>
PL_DSL_OP("cmp") auto cmp(const A& a, const B& b, CmpMode mode) {
  return detail::binaryOp<DType::Bool>("cmp", detail::Need::Any, a, b, detail::CmpF{mode});
}
template <ValueLike A, ScalarLike S>
PL_DSL_OP("cmps") auto cmps(const A& a, const S& s, CmpMode mode) {
  return detail::scalarOp<DType::Bool>("cmps", detail::Need::Any, a, s, detail::CmpF{mode});
}

namespace detail {
inline Array selectArrays(const char* op, const Array& m, const Array& a, const Array& b) {
  requireSameDtype(op, a, b);
  if (m.shape != a.shape || a.shape != b.shape)
    fail(op, "mask " + typeStr(m.dtype, m.shape) + " and operands " + typeStr(a.dtype, a.shape) + ", " +
                 typeStr(b.dtype, b.shape) + " must have the same shape");
  Array out(a.dtype, a.shape);
  for (std::size_t i = 0; i < out.data.size(); ++i)
    out.data[i] = slotToDouble(m.dtype, m.data[i]) != 0 ? a.data[i] : b.data[i];
  return out;
}
}  // namespace detail

/// out = mask ? a : b, elementwise (mask: bool or any nonzero-is-true dtype).
template <ValueLike Mk, ValueLike A, ValueLike B>
PL_DSL_OP("sel") auto sel(const Mk& mask, const A& a, const B& b) {
  using TA = detail::BaseOf<A>;
  static_assert(TensorLike<Mk> == TensorLike<A> && TensorLike<A> == TensorLike<B>,
                "pl::sel: mask and operands must all be tensors or all be tiles [T107]");
  static_assert(
      PL_DSL_RULE(detail::dtypesCompatible(TA::static_dtype, detail::BaseOf<B>::static_dtype)),
      "pl::sel: the operands have different dtypes; insert pl::cast [T108]");
  if constexpr (TensorLike<A>) {
    return detail::wrapTensor<TA>(detail::selectArrays("sel", mask.arr(), a.arr(), b.arr()));
  } else {
    const auto& ta = a.data();
    detail::requireSameValid("sel", ta, b.data());
    detail::requireSameValid("sel", detail::TileData{detail::Array(ta.a.dtype, mask.data().a.shape), mask.data().validRows,
                                                     mask.data().validCols, ta.mem}, ta);
    return detail::wrapTile<TA>(detail::tileFrom(
        detail::selectArrays("sel", detail::validPart(mask.data()), detail::validPart(ta), detail::validPart(b.data())),
        ta.rows(), ta.cols(), ta.mem));
  }
}
/// out = mask ? a : scalar.
template <ValueLike Mk, ValueLike A, ScalarLike S>
PL_DSL_OP("sels") auto sels(const Mk& mask, const A& a, const S& s) {
  return sel(mask, a, detail::liftSameShape<detail::BaseOf<A>>(a, [&](const detail::Array& x) {
               detail::Array o(x.dtype, x.shape);
               const detail::Slot v = detail::scalarSlot(x.dtype, s);
               for (auto& e : o.data) e = v;
               return o;
             }));
}

// ---- operators ---------------------------------------------------------------------------------

template <ValueLike A, class B> requires(ValueLike<B> || ScalarLike<B>)
auto operator+(const A& a, const B& b) { return add(a, b); }
template <ValueLike A, class B> requires(ValueLike<B> || ScalarLike<B>)
auto operator-(const A& a, const B& b) { return sub(a, b); }
template <ValueLike A, class B> requires(ValueLike<B> || ScalarLike<B>)
auto operator*(const A& a, const B& b) { return mul(a, b); }
template <ValueLike A, class B> requires(ValueLike<B> || ScalarLike<B>)
auto operator/(const A& a, const B& b) { return div(a, b); }
template <ScalarLike S, ValueLike B>
auto operator+(const S& s, const B& b) { return adds(b, s); }
template <ScalarLike S, ValueLike B>
auto operator*(const S& s, const B& b) { return muls(b, s); }
template <ScalarLike S, ValueLike B>
auto operator-(const S& s, const B& b) {
  return detail::scalarOp<DType::Any>("subs", detail::Need::Any, b, s, detail::SubF{}, true);
}
template <ScalarLike S, ValueLike B>
auto operator/(const S& s, const B& b) {
  return detail::scalarOp<DType::Any>("divs", detail::Need::Any, b, s, detail::DivF{}, true);
}
template <ValueLike A>
auto operator-(const A& a) { return neg(a); }

}  // namespace pl
