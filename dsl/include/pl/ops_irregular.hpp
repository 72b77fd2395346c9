// pl/ops_irregular.hpp — PTO-ISA's irregular tile instructions with a DSL operation: the index
// row `arange` / `arange_tile` (TCI) and the partial elementwise ops `part_add` / `part_mul` /
// `part_max` / `part_min` (TPARTADD / TPARTMUL / TPARTMAX / TPARTMIN). docs/dsl.md §3.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "pl/annotate.hpp"
#include "pl/kernels.hpp"
#include "pl/ops_math.hpp"
#include "pl/types.hpp"

namespace pl {

/// Options of `arange` / `arange_tile`: `descending` counts down from `start` (TCI's flag).
struct ArangeOptions {
  bool descending = false;
};

namespace detail {

/// The dtypes of TCI's destination: int32, int16, uint32, uint16.
constexpr bool arangeDtype(DType d) {
  return d == DType::Int32 || d == DType::Int16 || d == DType::UInt32 || d == DType::UInt16;
}

/// The [1, N] row `start ± k` of dtype D (wrapping in D, as TCI's integer arithmetic does).
template <DType D, class S>
Array arangeRow(const char *op, const S &start, const Shape &shape, bool descending) {
  static_assert(PL_DSL_RULE(arangeDtype(D)),
                "pl::arange makes int32, int16, uint32 or uint16 values (PTO-ISA's TCI) [T108]");
  using V = decltype(scalarValue(start));
  static_assert(PL_DSL_RULE(!std::is_floating_point_v<V>),
                "pl::arange: the start is an integer [T108]");
  if (shape.size() != 2 || shape[0] != 1 || shape[1] < 2)
    fail(op, "makes a [1, N] row with N >= 2, got shape " + shapeStr(shape) +
                 " (PTO-ISA's TCI fills one row of at least 2)");
  const auto s = static_cast<std::int64_t>(scalarValue(start));
  Array a(D, shape);
  for (std::int64_t k = 0; k < shape[1]; ++k)
    a.data[static_cast<std::size_t>(k)] = normalize(D, descending ? s - k : s + k);
  return a;
}

/// The dtypes of the partial ops (PTO-ISA's a2a3 TPART*): int32, int16, fp16, fp32.
constexpr bool partDtype(DType d) {
  return d == DType::Int32 || d == DType::Int16 || d == DType::FP16 || d == DType::FP32;
}
inline void requirePartDtype(const char *op, const Array &a) {
  if (!partDtype(a.dtype))
    fail(op, "takes int32, int16, fp16 or fp32 operands, got " + typeStr(a.dtype, a.shape));
}

/// The larger of two static dims (dyn when either is).
constexpr std::int64_t largerDim(std::int64_t a, std::int64_t b) {
  return a == dyn || b == dyn ? dyn : (a > b ? a : b);
}
/// Per dim the larger of two static shapes of one rank (unknown otherwise).
constexpr SShape largerShape(SShape a, SShape b) {
  if (!a.known || !b.known || a.rank != b.rank)
    return SShape{};
  SShape r{true, a.rank, {}};
  for (int i = 0; i < a.rank; ++i)
    r.d[i] = largerDim(a.d[i], b.d[i]);
  return r;
}

/// The partial op over regions `ra` of `a` and `rb` of `b` (both stored row-major in arrays of
/// shapes `a.shape` / `b.shape`): the result has the per-dim larger region, which one operand's
/// region must be (PTO-ISA: one source covers the destination's valid region, the other lies
/// inside it). f(x, y) where both hold an element, the holding operand's value elsewhere.
template <class F>
Array partialOp(const char *op, const Array &a, const Shape &ra, const Array &b, const Shape &rb,
                F f) {
  requireSameDtype(op, a, b);
  requirePartDtype(op, a);
  if (ra.size() != rb.size())
    fail(op,
         "operands of ranks " + std::to_string(ra.size()) + " and " + std::to_string(rb.size()));
  Shape rs(ra.size());
  for (std::size_t k = 0; k < ra.size(); ++k)
    rs[k] = std::max(ra[k], rb[k]);
  if (rs != ra && rs != rb)
    fail(op, "neither operand's region " + shapeStr(ra) + " / " + shapeStr(rb) +
                 " holds the other's (PTO-ISA's partial ops need one source to cover the "
                 "destination)");
  Array out(a.dtype, rs);
  const std::size_t r = rs.size();
  const std::int64_t total = numelOf(rs);
  Shape idx(r, 0);
  visitCompute(a.dtype, [&]<class C>(std::type_identity<C>) {
    withRounding<C>(a.dtype, [&](auto round) {
      for (std::int64_t o = 0; o < total; ++o) {
        bool inA = true, inB = true;
        std::int64_t oa = 0, ob = 0;
        for (std::size_t k = 0; k < r; ++k) {
          inA = inA && idx[k] < ra[k];
          inB = inB && idx[k] < rb[k];
          oa = oa * a.shape[k] + idx[k];
          ob = ob * b.shape[k] + idx[k];
        }
        Slot &d = out.data[static_cast<std::size_t>(o)];
        if (inA && inB)
          d = round(f(fromSlot<C>(a.data[static_cast<std::size_t>(oa)]),
                      fromSlot<C>(b.data[static_cast<std::size_t>(ob)])));
        else
          d = inA ? a.data[static_cast<std::size_t>(oa)] : b.data[static_cast<std::size_t>(ob)];
        for (std::size_t k = r; k-- > 0;) {
          if (++idx[k] < rs[k])
            break;
          idx[k] = 0;
        }
      }
    });
  });
  return out;
}

template <class A, class B, class F> auto partOp(const char *op, const A &a, const B &b, F f) {
  if constexpr (TensorLike<A> && TensorLike<B>) {
    using TA = BaseOf<A>;
    using TB = BaseOf<B>;
    static_assert(PL_DSL_RULE(dtypesCompatible(TA::static_dtype, TB::static_dtype)),
                  "pl: the operands have different dtypes; insert pl::cast [T108]");
    constexpr DType rd = mergeDtype(TA::static_dtype, TB::static_dtype);
    static_assert(
        PL_DSL_RULE(rd == DType::Any || partDtype(rd)),
        "pl::part_*: the operands are int32, int16, fp16 or fp32 (PTO-ISA's TPART*) [T108]");
    constexpr SShape rs = largerShape(TA::static_shape, TB::static_shape);
    using Res = std::conditional_t<rs.known, TensorS<rd, rs>, Tensor<rd>>;
    return wrapTensor<Res>(partialOp(op, a.arr(), a.arr().shape, b.arr(), b.arr().shape, f));
  } else if constexpr (TileLike<A> && TileLike<B>) {
    using TA = BaseOf<A>;
    using TB = BaseOf<B>;
    static_assert(PL_DSL_RULE(dtypesCompatible(TA::static_dtype, TB::static_dtype)),
                  "pl: the operands have different dtypes; insert pl::cast [T108]");
    constexpr DType rd = mergeDtype(TA::static_dtype, TB::static_dtype);
    static_assert(
        PL_DSL_RULE(rd == DType::Any || partDtype(rd)),
        "pl::part_*: the operands are int32, int16, fp16 or fp32 (PTO-ISA's TPART*) [T108]");
    using Res = Tile<rd, largerDim(TA::static_rows, TB::static_rows),
                     largerDim(TA::static_cols, TB::static_cols), TA::static_mem>;
    const TileData &ta = a.data();
    const TileData &tb = b.data();
    if (ta.mem != Mem::Vec || tb.mem != Mem::Vec)
      fail(op, "takes Vec tiles, got " + tileStr("lhs", ta) + " and " + tileStr("rhs", tb));
    const std::int64_t rows = std::max(ta.rows(), tb.rows()), cols = std::max(ta.cols(), tb.cols());
    if (!(rows == ta.rows() && cols == ta.cols()) && !(rows == tb.rows() && cols == tb.cols()))
      fail(op, "neither tile holds the other: " + tileStr("lhs", ta) + " vs " + tileStr("rhs", tb));
    Array v = partialOp(op, ta.a, Shape{ta.validRows, ta.validCols}, tb.a,
                        Shape{tb.validRows, tb.validCols}, f);
    // partialOp reads each operand's valid region in its own rows (the tile's physical shape).
    return wrapTile<Res>(tileFrom(std::move(v), rows, cols, ta.mem));
  } else {
    static_assert(alwaysFalse<A>, "pl::part_*: two tensors or two tiles [T107]");
  }
}

} // namespace detail

/// A [1, N] tensor whose column k holds `start + k` (`start - k` with `.descending`), in dtype D
/// (int32, int16, uint32 or uint16; values wrap in D). PyPTO's `pl.arange` / `ci`; a kernel
/// computes it with PTO-ISA's TCI.
template <DType D, ScalarLike S>
PL_DSL_OP("tensor.ci")
Tensor<D> arange(const S &start, const Shape &shape, DTypeTag<D>, ArangeOptions o = {}) {
  return detail::wrapTensor<Tensor<D>>(detail::arangeRow<D>("arange", start, shape, o.descending));
}
/// `arange` as a Vec tile (PyPTO's `tile.ci`).
template <DType D, ScalarLike S>
PL_DSL_OP("tile.ci")
Tile<D> arange_tile(const S &start, const Shape &shape, DTypeTag<D>, ArangeOptions o = {}) {
  detail::Array a = detail::arangeRow<D>("arange_tile", start, shape, o.descending);
  return Tile<D>(detail::TileData{std::move(a), shape[0], shape[1], Mem::Vec}, detail::FromData{});
}

/// The partial elementwise ops (PTO-ISA's TPARTADD / TPARTMUL / TPARTMAX / TPARTMIN): over the
/// per-dim larger of the operands' regions (a tile's valid region, a tensor's shape), `a ⊕ b`
/// where both hold the element and the holding operand's value where only one does. One
/// operand's region must hold the other's (else an error, as PTO-ISA asserts).
#define PL_DETAIL_PART(name, Functor)                                                              \
  template <ValueLike A, ValueLike B> PL_DSL_OP(#name) auto name(const A &a, const B &b) {         \
    return detail::partOp(#name, a, b, detail::Functor{});                                         \
  }
PL_DETAIL_PART(part_add, AddF)
PL_DETAIL_PART(part_mul, MulF)
PL_DETAIL_PART(part_max, MaxF)
PL_DETAIL_PART(part_min, MinF)
#undef PL_DETAIL_PART

} // namespace pl
