// pl/ops_linalg.hpp — reductions ([R,1] / [1,C]), row/col broadcasts, and the matmul family.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "pl/annotate.hpp"
#include "pl/kernels.hpp"
#include "pl/ops_math.hpp"
#include "pl/types.hpp"

namespace pl {

/// Options of the matmul family. Accumulation is always fp32; the result is rounded to
/// `.out_dtype`. The static dtype of a matmul result is `pl::any_dtype` (decided by this field),
/// so annotate the result type to keep static checking, e.g. `pl::Tile<pl::fp32, 64, 64> c = …`.
struct MatmulOptions {
  DType out_dtype = DType::FP32;
  bool a_trans = false;
  bool b_trans = false;
};

namespace detail {

constexpr SShape withDimFromEnd(SShape s, int fromEnd, std::int64_t v) {
  if (s.known && s.rank >= fromEnd) s.d[s.rank - fromEnd] = v;
  return s;
}

/// Reduction along the last axis (`Row`) or the second-last (`Col`), keeping the axis as 1.
template <bool Row, DType OutD, class V>
auto reduce(const char* op, const V& v, RedOp red) {
  using B = BaseOf<V>;
  constexpr DType rd = OutD == DType::Any ? B::static_dtype : OutD;
  if constexpr (TensorLike<V>) {
    constexpr SShape s = withDimFromEnd(B::static_shape, Row ? 1 : 2, 1);
    const Array& a = v.arr();
    if (!Row && a.rank() < 2) fail(op, "needs rank >= 2, got " + typeStr(a.dtype, a.shape));
    return wrapTensor<TensorS<rd, s>>(reduceAxis(op, a, Row ? -1 : -2, red));
  } else {
    using Res = Tile<rd, Row ? B::static_rows : 1, Row ? 1 : B::static_cols, B::static_mem>;
    const TileData& t = v.data();
    if ((Row && t.validCols == 0) || (!Row && t.validRows == 0))
      fail(op, "cannot reduce an empty valid region of " + tileStr("", t));
    Array scratch;
    Array r = reduceAxis(op, validRef(t, scratch), Row ? 1 : 0, red);
    return wrapTile<Res>(tileFrom(std::move(r), Row ? t.rows() : 1, Row ? 1 : t.cols(), t.mem));
  }
}

/// `t ⊕ v` with v a row vector [R,1] (Row) or a column vector [1,C] (Col), broadcast over t.
template <bool Row, class T, class Vec, class F>
auto expandOp(const char* op, Need need, const T& t, const Vec& v, F f) {
  using B = BaseOf<T>;
  using BV = BaseOf<Vec>;
  static_assert(TensorLike<T> == TensorLike<Vec>,
                "pl: row/col expand needs two tensors or two tiles [T107]");
  static_assert(PL_DSL_RULE(dtypesCompatible(B::static_dtype, BV::static_dtype)),
                "pl: the operands have different dtypes; insert pl::cast [T108]");
  if constexpr (TensorLike<T>) {
    const Array& a = t.arr();
    const Array& b = v.arr();
    const bool ok = a.rank() >= 2 && b.rank() == a.rank() &&
                    (Row ? (b.shape.back() == 1 && b.shape[b.shape.size() - 2] == a.shape[a.shape.size() - 2])
                         : (b.shape[b.shape.size() - 2] == 1 && b.shape.back() == a.shape.back()));
    if (!ok)
      fail(op, std::string("needs a ") + (Row ? "[R, 1] row" : "[1, C] column") + " vector for " +
                   typeStr(a.dtype, a.shape) + ", got " + typeStr(b.dtype, b.shape));
    checkNeed(op, a, need);
    return wrapTensor<B>(zipArrays(op, a, b, a.dtype, f));
  } else {
    static_assert(PL_DSL_RULE(Row ? (dimsCompatible(BV::static_cols, 1) &&
                                     dimsCompatible(BV::static_rows, B::static_rows))
                                  : (dimsCompatible(BV::static_rows, 1) &&
                                     dimsCompatible(BV::static_cols, B::static_cols))),
                  "pl: row_expand_* needs a [R, 1] tile and col_expand_* a [1, C] tile matching "
                  "the other operand [T109]");
    const TileData& ta = t.data();
    const TileData& tv = v.data();
    const bool ok = Row ? (tv.validCols == 1 && tv.validRows == ta.validRows)
                        : (tv.validRows == 1 && tv.validCols == ta.validCols);
    if (!ok)
      fail(op, std::string("needs a ") + (Row ? "[R, 1] row" : "[1, C] column") + " vector matching " +
                   tileStr("", ta) + ", got " + tileStr("", tv));
    checkNeed(op, ta.a, need);
    Array sa, sv;
    return wrapTile<B>(tileFrom(zipArrays(op, validRef(ta, sa), validRef(tv, sv), ta.a.dtype, f),
                                ta.rows(), ta.cols(), ta.mem));
  }
}

struct SecondF { template <class C> C operator()(C, C y) const { return y; } };
struct ExpDifF {
  template <class C> C operator()(C x, C y) const {
    if constexpr (std::is_floating_point_v<C>) return std::exp(x - y);
    else return x;
  }
};

template <class A, class B>
constexpr void staticMatmulCheck() {
  using TA = BaseOf<A>;
  using TB = BaseOf<B>;
  static_assert(TensorLike<A> == TensorLike<B>,
                "pl::matmul: both operands must be tensors or both tiles [T107]");
  static_assert(PL_DSL_RULE(dtypesCompatible(TA::static_dtype, TB::static_dtype)),
                "pl::matmul: operand dtypes differ; insert pl::cast [T108]");
  if constexpr (TileLike<A>) {
    constexpr std::int64_t ar = TA::static_rows, ac = TA::static_cols, br = TB::static_rows, bc = TB::static_cols;
    static_assert(
        PL_DSL_RULE(dimsCompatible(ac, br) || dimsCompatible(ac, bc) || dimsCompatible(ar, br) ||
                    dimsCompatible(ar, bc)),
        "pl::matmul: inner dimensions cannot match (with or without a_trans/b_trans) [T109]");
  }
}

/// Whether t carries the fp32 accumulator of its fp16 / bf16 value, unchanged since the matmul
/// made it (each element of `a` is its rounding; a write to the tile drops the accumulator).
inline bool holdsAcc32(const TileData &t) {
  if (t.acc32.data.size() != t.a.data.size() || t.acc32.data.empty())
    return false;
  for (std::size_t i = 0; i < t.a.data.size(); ++i)
    if (convertSlot(DType::FP32, t.a.dtype, t.acc32.data[i]) != t.a.data[i])
      return false;
  return true;
}

template <class Res, class A, class B>
Res matmulImpl(const char* op, const A& a, const B& b, const MatmulOptions& o, const Array* acc, const TileData* accTile,
               const Array* bias, DType outD) {
  if constexpr (TensorLike<A>) {
    return wrapTensor<Res>(matmul2d(op, a.arr(), b.arr(), o.a_trans, o.b_trans, outD, acc, bias));
  } else {
    const TileData& ta = a.data();
    const TileData& tb = b.data();
    // The valid regions, transposed by matmul2d (a_trans / b_trans), not copied when whole.
    Array sa, sb;
    const Array &va = validRef(ta, sa), &vb = validRef(tb, sb);
    const std::int64_t rows = o.a_trans ? ta.cols() : ta.rows(), cols = o.b_trans ? tb.rows() : tb.cols();
    const std::int64_t vm = o.a_trans ? va.shape[1] : va.shape[0],
                       vn = o.b_trans ? vb.shape[0] : vb.shape[1];
    Array sacc;
    const Array *accValid = nullptr;
    if (accTile) {
      if (accTile->validRows != vm || accTile->validCols != vn || accTile->rows() != rows ||
          accTile->cols() != cols)
        fail(op, tileStr("accumulator", *accTile) + " does not match the product of " + tileStr("lhs", ta) + " and " +
                     tileStr("rhs", tb));
      if (holdsAcc32(*accTile)) {
        sacc =
            validPart(TileData{accTile->acc32, accTile->validRows, accTile->validCols, Mem::Acc});
        accValid = &sacc;
      } else {
        accValid = &validRef(*accTile, sacc);
      }
    }
    // The cube accumulates in fp32 (PTO-ISA's Acc): an fp16 / bf16 product keeps it beside the
    // rounded value, for the next matmul_acc of the chain.
    const bool narrow = outD == DType::FP16 || outD == DType::BF16;
    Array r =
        matmul2d(op, va, vb, o.a_trans, o.b_trans, narrow ? DType::FP32 : outD, accValid, bias);
    if (!narrow)
      return wrapTile<Res>(tileFrom(std::move(r), rows, cols, Mem::Acc));
    Array rounded(outD, r.shape);
    for (std::size_t i = 0; i < r.data.size(); ++i)
      rounded.data[i] = convertSlot(DType::FP32, outD, r.data[i]);
    TileData t = tileFrom(std::move(rounded), rows, cols, Mem::Acc);
    t.acc32 = tileFrom(std::move(r), rows, cols, Mem::Acc).a;
    return wrapTile<Res>(std::move(t));
  }
}

template <class A>
using MatmulResT = std::conditional_t<TensorLike<A>, Tensor<DType::Any, dyn, dyn>, Tile<DType::Any, dyn, dyn, Mem::Acc>>;

}  // namespace detail

// ---- reductions --------------------------------------------------------------------------------

#define PL_DETAIL_REDUCE(name, row, red, outD)                                                       \
  template <ValueLike V>                                                                             \
  PL_DSL_OP(#name) auto name(const V& v) { return detail::reduce<row, outD>(#name, v, red); }       \
  /** Tile form with PyPTO's scratch tile (accepted, unused by the eager reference). */             \
  template <TileLike V, TileLike Tmp>                                                                \
  PL_DSL_OP(#name) auto name(const V& v, const Tmp&) { return detail::reduce<row, outD>(#name, v, red); }

PL_DETAIL_REDUCE(row_sum, true, detail::RedOp::Sum, DType::Any)
PL_DETAIL_REDUCE(row_max, true, detail::RedOp::Max, DType::Any)
PL_DETAIL_REDUCE(row_min, true, detail::RedOp::Min, DType::Any)
PL_DETAIL_REDUCE(row_prod, true, detail::RedOp::Prod, DType::Any)
PL_DETAIL_REDUCE(row_argmax, true, detail::RedOp::ArgMax, DType::Int32)
PL_DETAIL_REDUCE(row_argmin, true, detail::RedOp::ArgMin, DType::Int32)
PL_DETAIL_REDUCE(col_sum, false, detail::RedOp::Sum, DType::Any)
PL_DETAIL_REDUCE(col_max, false, detail::RedOp::Max, DType::Any)
PL_DETAIL_REDUCE(col_min, false, detail::RedOp::Min, DType::Any)
PL_DETAIL_REDUCE(col_prod, false, detail::RedOp::Prod, DType::Any)
PL_DETAIL_REDUCE(col_argmax, false, detail::RedOp::ArgMax, DType::Int32)
PL_DETAIL_REDUCE(col_argmin, false, detail::RedOp::ArgMin, DType::Int32)
#undef PL_DETAIL_REDUCE

// ---- row / column broadcasts -------------------------------------------------------------------

#define PL_DETAIL_EXPAND(name, row, Functor, need)                                                   \
  template <ValueLike T, ValueLike V>                                                                \
  PL_DSL_OP(#name) auto name(const T& t, const V& v) { return detail::expandOp<row>(#name, need, t, v, Functor{}); }

PL_DETAIL_EXPAND(row_expand, true, detail::SecondF, detail::Need::Any)
PL_DETAIL_EXPAND(row_expand_add, true, detail::AddF, detail::Need::Any)
PL_DETAIL_EXPAND(row_expand_sub, true, detail::SubF, detail::Need::Any)
PL_DETAIL_EXPAND(row_expand_mul, true, detail::MulF, detail::Need::Any)
PL_DETAIL_EXPAND(row_expand_div, true, detail::DivF, detail::Need::Any)
PL_DETAIL_EXPAND(row_expand_max, true, detail::MaxF, detail::Need::Any)
PL_DETAIL_EXPAND(row_expand_min, true, detail::MinF, detail::Need::Any)
PL_DETAIL_EXPAND(row_expand_expdif, true, detail::ExpDifF, detail::Need::Float)
PL_DETAIL_EXPAND(col_expand, false, detail::SecondF, detail::Need::Any)
PL_DETAIL_EXPAND(col_expand_add, false, detail::AddF, detail::Need::Any)
PL_DETAIL_EXPAND(col_expand_sub, false, detail::SubF, detail::Need::Any)
PL_DETAIL_EXPAND(col_expand_mul, false, detail::MulF, detail::Need::Any)
PL_DETAIL_EXPAND(col_expand_div, false, detail::DivF, detail::Need::Any)
#undef PL_DETAIL_EXPAND

// ---- matmul family -----------------------------------------------------------------------------

/// a·b with fp32 accumulation. Tiles: valid regions multiply, the result lives in Acc.
template <ValueLike A, ValueLike B>
PL_DSL_OP("matmul") auto matmul(const A& a, const B& b, MatmulOptions o = {}) {
  detail::staticMatmulCheck<A, B>();
  return detail::matmulImpl<detail::MatmulResT<A>>("matmul", a, b, o, nullptr, nullptr, nullptr, o.out_dtype);
}
/// acc + a·b (fp32 accumulation); the result has the accumulator's type and dtype.
template <ValueLike Acc, ValueLike A, ValueLike B>
PL_DSL_OP("matmul_acc") auto matmul_acc(const Acc& acc, const A& a, const B& b, MatmulOptions o = {}) {
  detail::staticMatmulCheck<A, B>();
  static_assert(TensorLike<Acc> == TensorLike<A>,
                "pl::matmul_acc: accumulator and operands must be all tensors or all tiles [T107]");
  using R = detail::BaseOf<Acc>;
  if constexpr (TensorLike<Acc>)
    return detail::matmulImpl<R>("matmul_acc", a, b, o, &acc.arr(), nullptr, nullptr, acc.arr().dtype);
  else
    return detail::matmulImpl<R>("matmul_acc", a, b, o, nullptr, &acc.data(), nullptr, acc.data().a.dtype);
}
/// a·b + bias, bias of shape [1, N].
template <ValueLike A, ValueLike B, ValueLike Bias>
PL_DSL_OP("matmul_bias") auto matmul_bias(const A& a, const B& b, const Bias& bias, MatmulOptions o = {}) {
  detail::staticMatmulCheck<A, B>();
  if constexpr (TensorLike<Bias>) {
    return detail::matmulImpl<detail::MatmulResT<A>>("matmul_bias", a, b, o, nullptr, nullptr, &bias.arr(), o.out_dtype);
  } else {
    const detail::Array bv = detail::validPart(bias.data());
    return detail::matmulImpl<detail::MatmulResT<A>>("matmul_bias", a, b, o, nullptr, nullptr, &bv, o.out_dtype);
  }
}
/// Matrix-vector forms: a is a [1, K] row.
template <ValueLike A, ValueLike B>
PL_DSL_OP("matmul") auto gemv(const A& a, const B& b, MatmulOptions o = {}) { return matmul(a, b, o); }
template <ValueLike Acc, ValueLike A, ValueLike B>
PL_DSL_OP("matmul_acc") auto gemv_acc(const Acc& acc, const A& a, const B& b, MatmulOptions o = {}) { return matmul_acc(acc, a, b, o); }
template <ValueLike A, ValueLike B, ValueLike Bias>
PL_DSL_OP("matmul_bias") auto gemv_bias(const A& a, const B& b, const Bias& bias, MatmulOptions o = {}) { return matmul_bias(a, b, bias, o); }

/// Batched matmul of two rank-3 tensors [B, M, K] x [B, K, N].
template <TensorLike A, TensorLike B>
PL_DSL_OP("batch_matmul") auto batch_matmul(const A& a, const B& b, MatmulOptions o = {}) {
  const detail::Array& x = a.arr();
  const detail::Array& y = b.arr();
  if (x.rank() != 3 || y.rank() != 3 || x.shape[0] != y.shape[0])
    detail::fail("batch_matmul", "needs [B, M, K] and [B, K, N], got " + detail::typeStr(x.dtype, x.shape) + " and " +
                                     detail::typeStr(y.dtype, y.shape));
  detail::Array out;
  for (std::int64_t i = 0; i < x.shape[0]; ++i) {
    detail::Array xi = detail::window(x, {i, 0, 0}, {1, x.shape[1], x.shape[2]});
    detail::Array yi = detail::window(y, {i, 0, 0}, {1, y.shape[1], y.shape[2]});
    xi.shape.erase(xi.shape.begin());
    yi.shape.erase(yi.shape.begin());
    detail::Array r = detail::matmul2d("batch_matmul", xi, yi, o.a_trans, o.b_trans, o.out_dtype, nullptr, nullptr);
    if (i == 0) out = detail::Array(o.out_dtype, {x.shape[0], r.shape[0], r.shape[1]});
    r.shape.insert(r.shape.begin(), 1);
    detail::writeWindow(out, r, {i, 0, 0}, r.shape);
  }
  return detail::wrapTensor<Tensor<DType::Any, dyn, dyn, dyn>>(std::move(out));
}

}  // namespace pl
