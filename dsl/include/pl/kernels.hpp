// pl/kernels.hpp — the eager reference kernels on dense arrays, shared by tensor and tile ops.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "pl/types.hpp"
#if !defined(PL_TRANSLATING) // pl-translate never runs the kernels: it parses no intrinsics header
// The simulator's packed fp32 matmul kernel: self-contained (no simulator state, no include of
// the DSL), shared so that the eager reference and the simulator sum products the same way.
#include "pl/sim/gemm.hpp"
#endif

namespace pl::detail {

// ---- wrapping integer arithmetic (no signed-overflow UB) ---------------------------------------

template <class C> C addW(C x, C y) {
  if constexpr (std::is_same_v<C, std::int64_t>)
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(x) + static_cast<std::uint64_t>(y));
  else return x + y;
}
template <class C> C subW(C x, C y) {
  if constexpr (std::is_same_v<C, std::int64_t>)
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y));
  else return x - y;
}
template <class C> C mulW(C x, C y) {
  if constexpr (std::is_same_v<C, std::int64_t>)
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(x) * static_cast<std::uint64_t>(y));
  else return x * y;
}

inline std::string operandStr(const char* role, const Array& a) { return std::string(role) + " " + typeStr(a.dtype, a.shape); }

inline void requireSameDtype(const char* op, const Array& a, const Array& b) {
  if (a.dtype != b.dtype)
    fail(op, "operand dtypes differ: " + operandStr("lhs", a) + " vs " + operandStr("rhs", b) +
                 "; insert pl::cast");
}
inline void requireFloat(const char* op, const Array& a) {
  if (!isFloat(a.dtype)) fail(op, "needs a float operand, got " + typeStr(a.dtype, a.shape));
}
inline void requireInteger(const char* op, const Array& a) {
  if (!isInteger(a.dtype)) fail(op, "needs an integer operand, got " + typeStr(a.dtype, a.shape));
}

// ---- elementwise -------------------------------------------------------------------------------

/// Numpy-style broadcast of two shapes (right-aligned; a dimension of 1 stretches).
inline Shape broadcastShape(const char* op, const Shape& a, const Shape& b) {
  const std::size_t n = std::max(a.size(), b.size());
  Shape r(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t x = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const std::int64_t y = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (x != y && x != 1 && y != 1)
      fail(op, "operand shapes " + shapeStr(a) + " and " + shapeStr(b) + " are not broadcastable");
    r[i] = x == 1 ? y : x;
  }
  return r;
}

/// Row-major strides of `shape` as seen from a broadcast result of rank `n` (0 on stretched dims).
inline Shape broadcastStrides(const Shape& shape, const Shape& result) {
  const std::size_t n = result.size();
  Shape st(n, 0);
  std::int64_t s = 1;
  for (std::size_t k = shape.size(); k-- > 0;) {
    const std::size_t i = k + (n - shape.size());
    st[i] = shape[k] == 1 && result[i] != 1 ? 0 : s;
    s *= shape[k];
  }
  return st;
}

/// Rounds a compute value of type C into an fp32 slot: `normalize(DType::FP32, v)` without the
/// per-element dispatch on the dtype (round to nearest even, as slotFromDouble's Rint).
template <class C> Slot roundFp32(C v) {
  if constexpr (std::is_same_v<C, double>)
    return toSlot(static_cast<double>(static_cast<float>(v)));
  else
    return normalize(DType::FP32, v);
}

/// Calls `body(round)` with `round(C) -> Slot` equal to `normalize(outD, ·)`, the dtype decided
/// once per array instead of per element: the loop `body` writes is compiled once for fp32
/// results (one conversion per element) and once for every other dtype (`normalize`).
template <class C, class Body> void withRounding(DType outD, Body &&body) {
  if (outD == DType::FP32)
    body([](C v) { return roundFp32(v); });
  else
    body([outD](C v) { return normalize(outD, v); });
}

/// Calls `row(oa, ob, o, n)` for each run of the broadcast result `rs` along its last axis: `n`
/// elements of which element j reads a at oa + j * sa.back(), b at ob + j * sb.back() and writes
/// o + j. `sa` / `sb` are broadcastStrides of the operands; rank 0 is one run of one element.
template <class Row>
void forEachBroadcastRow(const Shape &rs, const Shape &sa, const Shape &sb, Row row) {
  const std::size_t r = rs.size();
  if (r == 0)
    return row(std::int64_t{0}, std::int64_t{0}, std::int64_t{0}, std::int64_t{1});
  const std::int64_t n = rs[r - 1];
  const std::int64_t total = numelOf(rs);
  if (n == 0 || total == 0)
    return;
  Shape idx(r - 1, 0);
  std::int64_t oa = 0, ob = 0;
  for (std::int64_t o = 0; o < total; o += n) {
    row(oa, ob, o, n);
    for (std::size_t k = r - 1; k-- > 0;) {
      oa += sa[k];
      ob += sb[k];
      if (++idx[k] < rs[k])
        break;
      oa -= idx[k] * sa[k];
      ob -= idx[k] * sb[k];
      idx[k] = 0;
    }
  }
}

/// out[i] = f(a[i], b[i]) with broadcasting, in the compute type of `a`; rounded into `outD`.
template <class F>
Array zipArrays(const char* op, const Array& a, const Array& b, DType outD, F f) {
  requireSameDtype(op, a, b);
  const Shape rs = a.shape == b.shape ? a.shape : broadcastShape(op, a.shape, b.shape);
  Array out(outD, rs);
  visitCompute(a.dtype, [&]<class C>(std::type_identity<C>) {
    withRounding<C>(outD, [&](auto round) {
      const Slot *pa = a.data.data(), *pb = b.data.data();
      Slot *po = out.data.data();
      if (a.shape == b.shape) {
        const std::size_t n = out.data.size();
        for (std::size_t i = 0; i < n; ++i)
          po[i] = round(f(fromSlot<C>(pa[i]), fromSlot<C>(pb[i])));
        return;
      }
      const Shape sa = broadcastStrides(a.shape, rs), sb = broadcastStrides(b.shape, rs);
      const std::int64_t ja = sa.empty() ? 0 : sa.back(), jb = sb.empty() ? 0 : sb.back();
      forEachBroadcastRow(
          rs, sa, sb, [&](std::int64_t oa, std::int64_t ob, std::int64_t o, std::int64_t n) {
            for (std::int64_t j = 0; j < n; ++j)
              po[o + j] = round(f(fromSlot<C>(pa[oa + j * ja]), fromSlot<C>(pb[ob + j * jb])));
          });
    });
  });
  return out;
}

/// out[i] = f(a[i]) in the compute type of `a`; rounded into `outD`.
template <class F>
Array mapArray(const Array& a, DType outD, F f) {
  Array out(outD, a.shape);
  visitCompute(a.dtype, [&]<class C>(std::type_identity<C>) {
    withRounding<C>(outD, [&](auto round) {
      const Slot *pa = a.data.data();
      Slot *po = out.data.data();
      const std::size_t n = out.data.size();
      for (std::size_t i = 0; i < n; ++i)
        po[i] = round(f(fromSlot<C>(pa[i])));
    });
  });
  return out;
}

/// A float-only unary op evaluated in double and rounded to the operand's dtype.
template <class F>
Array mapFloat(const char* op, const Array& a, F f) {
  requireFloat(op, a);
  Array out(a.dtype, a.shape);
  withRounding<double>(a.dtype, [&](auto round) {
    const Slot *pa = a.data.data();
    Slot *po = out.data.data();
    const std::size_t n = out.data.size();
    for (std::size_t i = 0; i < n; ++i)
      po[i] = round(f(fromSlot<double>(pa[i])));
  });
  return out;
}

/// A scalar converted to the dtype of the array it combines with (PyPTO's scalar promotion).
inline Array scalarArray(DType d, double v) {
  Array s(d, Shape{1});
  s.data[0] = slotFromDouble(d, v);
  return s;
}
inline Array scalarArrayInt(DType d, std::int64_t v) {
  Array s(d, Shape{1});
  s.data[0] = slotFromInt(d, v);
  return s;
}

// ---- tiles: valid regions ----------------------------------------------------------------------

inline bool fullyValid(const TileData &t) {
  return t.validRows == t.rows() && t.validCols == t.cols();
}

/// A copy of the valid region of a tile.
inline Array validPart(const TileData& t) {
  if (fullyValid(t))
    return t.a;
  Array v(t.a.dtype, Shape{t.validRows, t.validCols});
  for (std::int64_t r = 0; r < t.validRows; ++r)
    std::copy_n(t.a.data.begin() + r * t.cols(), t.validCols, v.data.begin() + r * t.validCols);
  return v;
}

/// The valid region of a tile without a copy when it is the whole tile; otherwise a copy, held
/// in `scratch`.
inline const Array &validRef(const TileData &t, Array &scratch) {
  if (fullyValid(t))
    return t.a;
  scratch = validPart(t);
  return scratch;
}

/// A tile of physical shape [rows, cols] whose valid region is `valid` (the rest is zero).
inline TileData tileFrom(Array valid, std::int64_t rows, std::int64_t cols, Mem mem) {
  const std::int64_t vr = valid.shape[0], vc = valid.shape[1];
  if (vr == rows && vc == cols) return TileData{std::move(valid), vr, vc, mem};
  TileData t{Array(valid.dtype, Shape{rows, cols}), vr, vc, mem};
  for (std::int64_t r = 0; r < vr; ++r)
    std::copy_n(valid.data.begin() + r * vc, vc, t.a.data.begin() + r * cols);
  return t;
}

inline std::string tileStr(const char* role, const TileData& t) {
  std::string s = std::string(role) + " tile " + typeStr(t.a.dtype, t.a.shape);
  if (t.validRows != t.rows() || t.validCols != t.cols()) s += " (valid " + shapeStr({t.validRows, t.validCols}) + ")";
  return s;
}

inline void requireSameValid(const char* op, const TileData& a, const TileData& b) {
  if (a.validRows != b.validRows || a.validCols != b.validCols || a.rows() != b.rows() || a.cols() != b.cols())
    fail(op, "tile operands differ: " + tileStr("lhs", a) + " vs " + tileStr("rhs", b) +
                 "; use pl::row_expand_* / pl::col_expand_* to broadcast");
}

// ---- reductions --------------------------------------------------------------------------------

enum class RedOp : std::uint8_t { Sum, Max, Min, Prod, ArgMax, ArgMin };

/// Reduces axis `axis` of `a`, keeping it as a dimension of 1 (so rows give [R, 1]).
inline Array reduceAxis(const char* op, const Array& a, std::int64_t axis, RedOp red) {
  if (a.rank() == 0) fail(op, "cannot reduce a rank-0 value");
  if (axis < 0) axis += a.rank();
  if (axis < 0 || axis >= a.rank()) fail(op, "axis out of range for " + typeStr(a.dtype, a.shape));
  Shape rs = a.shape;
  const std::int64_t n = rs[static_cast<std::size_t>(axis)];
  if (n == 0) fail(op, "cannot reduce an empty axis of " + typeStr(a.dtype, a.shape));
  rs[static_cast<std::size_t>(axis)] = 1;
  std::int64_t inner = 1, outer = 1;
  for (std::int64_t k = axis + 1; k < a.rank(); ++k) inner *= a.shape[static_cast<std::size_t>(k)];
  for (std::int64_t k = 0; k < axis; ++k) outer *= a.shape[static_cast<std::size_t>(k)];
  const bool arg = red == RedOp::ArgMax || red == RedOp::ArgMin;
  const DType outD = arg ? DType::Int32 : a.dtype;
  Array out(outD, rs);
  // One loop per (compute type, reduction, result rounding), each element's k in order.
  auto reduceWith = [&]<class C, RedOp R>(auto round) {
    const Slot *pa = a.data.data();
    for (std::int64_t o = 0; o < outer; ++o)
      for (std::int64_t i = 0; i < inner; ++i) {
        const Slot *p = pa + o * n * inner + i;
        C acc = fromSlot<C>(p[0]);
        std::int64_t best = 0;
        for (std::int64_t k = 1; k < n; ++k) {
          const C x = fromSlot<C>(p[k * inner]);
          if constexpr (R == RedOp::Sum)
            acc = addW(acc, x);
          else if constexpr (R == RedOp::Prod)
            acc = mulW(acc, x);
          else if constexpr (R == RedOp::Max || R == RedOp::ArgMax) {
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
        if constexpr (R == RedOp::ArgMax || R == RedOp::ArgMin)
          out.data[o * inner + i] = slotFromInt(outD, best);
        else
          out.data[o * inner + i] = round(acc);
      }
  };
  visitCompute(a.dtype, [&]<class C>(std::type_identity<C>) {
    withRounding<C>(outD, [&](auto round) {
      switch (red) {
      case RedOp::Sum:
        return reduceWith.template operator()<C, RedOp::Sum>(round);
      case RedOp::Prod:
        return reduceWith.template operator()<C, RedOp::Prod>(round);
      case RedOp::Max:
        return reduceWith.template operator()<C, RedOp::Max>(round);
      case RedOp::Min:
        return reduceWith.template operator()<C, RedOp::Min>(round);
      case RedOp::ArgMax:
        return reduceWith.template operator()<C, RedOp::ArgMax>(round);
      case RedOp::ArgMin:
        return reduceWith.template operator()<C, RedOp::ArgMin>(round);
      }
    });
  });
  return out;
}

// ---- linear algebra ----------------------------------------------------------------------------

#if !defined(PL_TRANSLATING)
/// The eager matmul's packing buffers, per thread (kept between calls).
inline sim::detail::gemm::Panels &matmulPanels() {
  thread_local sim::detail::gemm::Panels p;
  return p;
}

/// matmul2d's loop for operands of float dtypes (every value of one is exact in fp32): A and B
/// packed as fp32 panels, C starting at `start(i, j)`, then pl/sim's gemm kernel, which sums each
/// element's k products in order with the per-element loop's roundings (fp32 product, fp32 sum:
/// see gemm.hpp), so the result is bit for bit that loop's. Writes `out` (m x n, its dtype).
template <class Start>
void matmulFloat(const Array &a, const Array &b, bool aT, bool bT, std::int64_t m, std::int64_t n,
                 std::int64_t k, Start start, Array &out) {
  namespace gemm = sim::detail::gemm;
  const std::int64_t pm = gemm::paddedRows(m), pn = gemm::paddedCols(n);
  gemm::Panels &pan = matmulPanels();
  pan.a.assign(static_cast<std::size_t>(pm * k), 0.0f);
  pan.b.assign(static_cast<std::size_t>(k * pn), 0.0f);
  pan.c.assign(static_cast<std::size_t>(pm * pn), 0.0f);
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t p = 0; p < k; ++p)
      pan.a[static_cast<std::size_t>(i * k + p)] = static_cast<float>(
          fromSlot<double>(a.data[static_cast<std::size_t>(aT ? p * m + i : i * k + p)]));
  for (std::int64_t p = 0; p < k; ++p)
    for (std::int64_t j = 0; j < n; ++j)
      pan.b[static_cast<std::size_t>(p * pn + j)] = static_cast<float>(
          fromSlot<double>(b.data[static_cast<std::size_t>(bT ? j * k + p : p * n + j)]));
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j)
      pan.c[static_cast<std::size_t>(i * pn + j)] = start(i, j);
  gemm::accumulatePadded(pan.a.data(), k, pan.b.data(), pn, pan.c.data(), pn, pm, pn, k);
  withRounding<double>(out.dtype, [&](auto round) {
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j)
        out.data[static_cast<std::size_t>(i * n + j)] =
            round(static_cast<double>(pan.c[static_cast<std::size_t>(i * pn + j)]));
  });
}
#endif

/// C = A·B (+ acc) (+ bias) on 2-D arrays with fp32 accumulation, rounded into `outD`.
inline Array matmul2d(const char* op, const Array& a, const Array& b, bool aT, bool bT, DType outD,
                      const Array* acc, const Array* bias) {
  if (a.rank() != 2 || b.rank() != 2)
    fail(op, "needs 2-D operands, got " + operandStr("lhs", a) + " and " + operandStr("rhs", b));
  const std::int64_t m = aT ? a.shape[1] : a.shape[0], k = aT ? a.shape[0] : a.shape[1];
  const std::int64_t k2 = bT ? b.shape[1] : b.shape[0], n = bT ? b.shape[0] : b.shape[1];
  if (k != k2)
    fail(op, "inner dimensions differ: " + operandStr("lhs", a) + (aT ? " (transposed)" : "") + " vs " +
                 operandStr("rhs", b) + (bT ? " (transposed)" : ""));
  if (acc && (acc->rank() != 2 || acc->shape[0] != m || acc->shape[1] != n))
    fail(op, "accumulator " + typeStr(acc->dtype, acc->shape) + " does not match the product shape " + shapeStr({m, n}));
  if (bias && !(bias->numel() == n && (bias->rank() == 1 || (bias->rank() == 2 && bias->shape[0] == 1))))
    fail(op, "bias " + typeStr(bias->dtype, bias->shape) + " must have shape [1, " + std::to_string(n) + "]");
  Array out(outD, Shape{m, n});
  // The starting value of each output element: the accumulator, then the bias, each rounded to
  // fp32.
  auto start = [&](std::int64_t i, std::int64_t j) {
    float s = acc ? static_cast<float>(slotToDouble(acc->dtype, acc->data[i * n + j])) : 0.0f;
    if (bias)
      s = static_cast<float>(s + slotToDouble(bias->dtype, bias->data[j]));
    return s;
  };
#if !defined(PL_TRANSLATING)
  if (isFloat(a.dtype) && isFloat(b.dtype)) {
    matmulFloat(a, b, aT, bT, m, n, k, start, out);
    return out;
  }
#endif
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      float s = start(i, j);
      for (std::int64_t p = 0; p < k; ++p) {
        const double x = slotToDouble(a.dtype, a.data[aT ? p * m + i : i * k + p]);
        const double y = slotToDouble(b.dtype, b.data[bT ? j * k + p : p * n + j]);
        s = static_cast<float>(static_cast<double>(s) + static_cast<double>(static_cast<float>(x * y)));
      }
      out.data[i * n + j] = slotFromDouble(outD, s);
    }
  return out;
}

// ---- data movement -----------------------------------------------------------------------------

/// Copies the window [offsets, offsets + shape) of `a` (an owning array or a view) into a new
/// array; out-of-bounds elements read as zero. `inBounds` receives the extent of the window that
/// lies inside `a`.
inline Array window(const Array& a, const Shape& offsets, const Shape& shape, Shape* inBounds = nullptr) {
  Array out(a.dtype, shape);
  const std::size_t n = shape.size();
  Shape ext(n);
  for (std::size_t k = 0; k < n; ++k) ext[k] = std::max<std::int64_t>(0, std::min(shape[k], a.shape[k] - offsets[k]));
  if (inBounds) *inBounds = ext;
  if (out.data.empty()) return out;
  const std::vector<Slot> &from = a.storage();
  if (n == 0) {
    out.data[0] = from[static_cast<std::size_t>(a.elementIndex(Shape{}))];
    return out;
  }
  // The window's in-bounds box is idx[k] in [lo[k], ext[k]) (offsets + idx inside `a`); copy it
  // a run of the last axis at a time, the rest of `out` staying zero.
  Shape lo(n);
  for (std::size_t k = 0; k < n; ++k) {
    lo[k] = std::max<std::int64_t>(0, -offsets[k]);
    if (lo[k] >= ext[k])
      return out;
  }
  const Shape outStrides = rowMajorStrides(shape);
  const Shape aStrides = a.isView() ? a.strides : rowMajorStrides(a.shape);
  const std::int64_t step = aStrides[n - 1], len = ext[n - 1] - lo[n - 1];
  Shape idx = lo;
  while (true) {
    std::int64_t src = a.isView() ? a.offset : 0, dst = 0;
    for (std::size_t k = 0; k < n; ++k) {
      src += (offsets[k] + idx[k]) * aStrides[k];
      dst += idx[k] * outStrides[k];
    }
    const Slot *s = from.data() + src;
    Slot *d = out.data.data() + dst;
    if (step == 1)
      std::copy_n(s, len, d);
    else
      for (std::int64_t j = 0; j < len; ++j)
        d[j] = s[j * step];
    std::size_t k = n - 1;
    while (k-- > 0) {
      if (++idx[k] < ext[k])
        break;
      idx[k] = lo[k];
    }
    if (k == static_cast<std::size_t>(-1))
      return out;
  }
}

/// Writes `src` (the leading `extent` of it) into `dst` at `offsets`, converting the dtype. A
/// view `dst` writes its base's storage.
inline void writeWindow(Array& dst, const Array& src, const Shape& offsets, const Shape& extent) {
  const std::size_t n = dst.shape.size();
  if (numelOf(extent) == 0) return;
  std::vector<Slot> &to = dst.storage();
  if (n == 0) {
    to[static_cast<std::size_t>(dst.elementIndex(Shape{}))] =
        src.dtype == dst.dtype ? src.data[0] : convertSlot(src.dtype, dst.dtype, src.data[0]);
    ++opCounter();
    return;
  }
  // A run of the last axis at a time: element idx of `src` (row-major in src.shape) goes to
  // offsets + idx of `dst` (its storage strides: a view writes its base).
  const Shape srcStrides = rowMajorStrides(src.shape);
  const Shape dstStrides = dst.isView() ? dst.strides : rowMajorStrides(dst.shape);
  const std::int64_t step = dstStrides[n - 1], len = extent[n - 1];
  const bool same = src.dtype == dst.dtype;
  Shape idx(n, 0);
  while (true) {
    std::int64_t s = 0, d = dst.isView() ? dst.offset : 0;
    for (std::size_t k = 0; k < n; ++k) {
      s += idx[k] * srcStrides[k];
      d += (offsets[k] + idx[k]) * dstStrides[k];
    }
    const Slot *from = src.data.data() + s;
    Slot *into = to.data() + d;
    if (same && step == 1)
      std::copy_n(from, len, into);
    else if (same)
      for (std::int64_t j = 0; j < len; ++j)
        into[j * step] = from[j];
    else
      for (std::int64_t j = 0; j < len; ++j)
        into[j * step] = convertSlot(src.dtype, dst.dtype, from[j]);
    std::size_t k = n - 1;
    while (k-- > 0) {
      if (++idx[k] < extent[k]) break;
      idx[k] = 0;
    }
    if (k == static_cast<std::size_t>(-1))
      break;
  }
  ++opCounter();
}

/// Swaps two axes.
inline Array transposeArray(const Array& a, std::int64_t ax1, std::int64_t ax2) {
  const std::int64_t r = a.rank();
  if (ax1 < 0) ax1 += r;
  if (ax2 < 0) ax2 += r;
  if (ax1 < 0 || ax2 < 0 || ax1 >= r || ax2 >= r) fail("transpose", "axis out of range for " + typeStr(a.dtype, a.shape));
  Shape rs = a.shape;
  std::swap(rs[static_cast<std::size_t>(ax1)], rs[static_cast<std::size_t>(ax2)]);
  Array out(a.dtype, rs);
  Shape idx(static_cast<std::size_t>(r), 0), st(static_cast<std::size_t>(r), 1);
  for (std::int64_t k = r - 2; k >= 0; --k) st[static_cast<std::size_t>(k)] = st[static_cast<std::size_t>(k + 1)] * a.shape[static_cast<std::size_t>(k + 1)];
  std::swap(st[static_cast<std::size_t>(ax1)], st[static_cast<std::size_t>(ax2)]);
  for (std::size_t i = 0; i < out.data.size(); ++i) {
    std::int64_t src = 0;
    for (std::size_t k = 0; k < idx.size(); ++k) src += idx[k] * st[k];
    out.data[i] = a.data[static_cast<std::size_t>(src)];
    for (std::size_t k = idx.size(); k-- > 0;) {
      if (++idx[k] < rs[k]) break;
      idx[k] = 0;
    }
  }
  return out;
}

/// Concatenates along `axis`.
inline Array concatArrays(const char* op, const Array& a, const Array& b, std::int64_t axis) {
  requireSameDtype(op, a, b);
  if (axis < 0) axis += a.rank();
  bool ok = a.rank() == b.rank() && axis >= 0 && axis < a.rank();
  for (std::int64_t k = 0; ok && k < a.rank(); ++k)
    ok = k == axis || a.shape[static_cast<std::size_t>(k)] == b.shape[static_cast<std::size_t>(k)];
  if (!ok) fail(op, "cannot concatenate " + operandStr("lhs", a) + " and " + operandStr("rhs", b) + " along axis " + std::to_string(axis));
  Shape rs = a.shape;
  rs[static_cast<std::size_t>(axis)] += b.shape[static_cast<std::size_t>(axis)];
  Array out(a.dtype, rs);
  Shape off(rs.size(), 0);
  writeWindow(out, a, off, a.shape);
  off[static_cast<std::size_t>(axis)] = a.shape[static_cast<std::size_t>(axis)];
  writeWindow(out, b, off, b.shape);
  return out;
}

inline Array castArray(const Array& a, DType to, RoundMode mode) {
  Array out(to, a.shape);
  for (std::size_t i = 0; i < out.data.size(); ++i) out.data[i] = convertSlot(a.dtype, to, a.data[i], mode);
  return out;
}

inline Slot padSlot(DType d, PadValue p) {
  switch (p) {
    case PadValue::Zero: return slotFromInt(d, 0);
    case PadValue::Max: case PadValue::Min: break;
  }
  const double sign = p == PadValue::Max ? 1.0 : -1.0;
  if (isFloat(d)) {
    const Slot s = slotFromDouble(d, sign * INFINITY);  // ±inf where the format has it
    if (!std::isnan(fromSlot<double>(s)) && !(d == DType::FP8E8M0 && p == PadValue::Min)) return s;
    const double mx = d == DType::FP32 ? static_cast<double>(std::numeric_limits<float>::max()) : formatOf(d).maxFinite;
    return slotFromDouble(d, d == DType::FP8E8M0 && p == PadValue::Min ? 0.0 : sign * mx);
  }
  if (p == PadValue::Max) return isUnsigned(d) ? intMax(d) : toSlot(static_cast<std::int64_t>(intMax(d)));
  return toSlot(intMin(d));
}

}  // namespace pl::detail
