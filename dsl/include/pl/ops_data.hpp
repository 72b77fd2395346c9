// pl/ops_data.hpp — creation, load/store/move, read/write, views (slice … extract), cast, fillpad.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "pl/annotate.hpp"
#include "pl/kernels.hpp"
#include "pl/ops_math.hpp"
#include "pl/types.hpp"

namespace pl {

/// Options of `create_tile` / `full_tile` (PyPTO's `target_memory=`).
struct TileOptions {
  Mem target_memory = Mem::Vec;
};
/// Options of `load`: `valid_shape` (default: the requested shape, clipped to the tensor) and
/// the destination memory space.
struct LoadOptions {
  Shape valid_shape = {};
  Mem target_memory = Mem::Vec;
};
/// Options of `move` / `extract`.
struct MoveOptions {
  Mem target_memory = Mem::Vec;
};
/// Options of `slice`.
struct SliceOptions {
  Shape valid_shape = {};
};
/// Options of `concat`.
struct ConcatOptions {
  std::int64_t axis = -1;
};
/// Options of `cast`.
struct CastOptions {
  RoundMode mode = RoundMode::Rint;
};

// ---- creation ----------------------------------------------------------------------------------

namespace detail {
/// Sizes of new tensors and tiles are positive, as the IR's T106 (and V112 for a variable that
/// folds to a constant) requires: a PTO-ISA tile is at least 1 x 1.
inline void requirePositiveShape(const char *op, const char *what, const Shape &shape) {
  for (auto d : shape)
    if (d <= 0)
      fail(op,
           std::string(what) + " " + shapeStr(shape) + " has a dim <= 0; sizes must be positive");
}
} // namespace detail

/// A new tensor of `shape` (zero-filled in the eager reference).
template <DType D>
PL_DSL_OP("tensor.create") Tensor<D> create_tensor(const Shape& shape, DTypeTag<D>) {
  detail::requirePositiveShape("create_tensor", "shape", shape);
  return Tensor<D>(shape);
}
/// A new tile of `shape`, fully valid (zero-filled in the eager reference).
template <DType D>
PL_DSL_OP("tile.create") Tile<D> create_tile(const Shape& shape, DTypeTag<D>, TileOptions o = {}) {
  if (shape.size() != 2) detail::fail("create_tile", "tiles are 2-D, got shape " + detail::shapeStr(shape));
  detail::requirePositiveShape("create_tile", "shape", shape);
  return Tile<D>(detail::TileData{detail::Array(D, shape), shape[0], shape[1], o.target_memory}, detail::FromData{});
}
/// A tensor of `shape` filled with `value`.
template <DType D, ScalarLike S>
PL_DSL_OP("tensor.full") Tensor<D> full(const Shape& shape, DTypeTag<D>, const S& value) {
  detail::requirePositiveShape("full", "shape", shape);
  detail::Array a(D, shape);
  const detail::Slot v = detail::scalarSlot(D, value);
  for (auto& e : a.data) e = v;
  return detail::wrapTensor<Tensor<D>>(std::move(a));
}
/// A tile of `shape` filled with `value` (PyPTO's tile.full).
template <DType D, ScalarLike S>
PL_DSL_OP("tile.full") Tile<D> full_tile(const Shape& shape, DTypeTag<D> tag, const S& value, TileOptions o = {}) {
  Tile<D> t = create_tile(shape, tag, o);
  const detail::Slot v = detail::scalarSlot(D, value);
  for (auto& e : t.data().a.data) e = v;
  return t;
}
/// A value shaped like `like` whose (valid) elements are all `value` (PyPTO's expands).
template <ValueLike V, ScalarLike S>
PL_DSL_OP("expands") auto expands(const V& like, const S& value) {
  return detail::liftSameShape<detail::BaseOf<V>>(like, [&](const detail::Array& x) {
    detail::Array o(x.dtype, x.shape);
    const detail::Slot v = detail::scalarSlot(x.dtype, value);
    for (auto& e : o.data) e = v;
    return o;
  });
}

// ---- load / store / move -----------------------------------------------------------------------

namespace detail {
inline void checkWindowArgs(const char* op, const Array& t, const Shape& offsets, const Shape& shapes) {
  if (offsets.size() != static_cast<std::size_t>(t.rank()) || shapes.size() != offsets.size())
    fail(op, "offsets " + shapeStr(offsets) + " and shapes " + shapeStr(shapes) + " must both have rank " +
                 std::to_string(t.rank()) + " for tensor " + typeStr(t.dtype, t.shape));
  for (std::size_t k = 0; k < offsets.size(); ++k)
    if (offsets[k] < 0 || shapes[k] < 0)
      fail(op, "negative offset or shape: offsets " + shapeStr(offsets) + ", shapes " + shapeStr(shapes));
}

/// Tile loads read the last two dims; every leading dim of the window must be 1.
inline TileData loadTile(const Array& t, const Shape& offsets, const Shape& shapes, const LoadOptions& o) {
  checkWindowArgs("load", t, offsets, shapes);
  requirePositiveShape("load", "the tile's window shapes", shapes);
  const std::size_t n = shapes.size();
  for (std::size_t k = 0; k + 2 < n; ++k)
    if (shapes[k] != 1) fail("load", "a tile is 2-D: leading window dims must be 1, got shapes " + shapeStr(shapes));
  Shape inBounds;
  Array win = window(t, offsets, shapes, &inBounds);
  Shape valid = inBounds;
  if (!o.valid_shape.empty()) {
    if (o.valid_shape.size() != n) fail("load", "valid_shape " + shapeStr(o.valid_shape) + " must have rank " + std::to_string(n));
    for (std::size_t k = 0; k < n; ++k) {
      if (o.valid_shape[k] < 0 || o.valid_shape[k] > shapes[k])
        fail("load", "valid_shape " + shapeStr(o.valid_shape) + " exceeds the tile shape " + shapeStr(shapes));
      valid[k] = std::min(valid[k], o.valid_shape[k]);
    }
  }
  const std::int64_t rows = n >= 2 ? shapes[n - 2] : 1, cols = shapes[n - 1];
  const std::int64_t vr = n >= 2 ? valid[n - 2] : 1, vc = valid[n - 1];
  win.shape = Shape{rows, cols};
  TileData td{std::move(win), vr, vc, o.target_memory};
  // Zero everything outside the valid region (reads beyond valid_shape are padding too).
  if (vr < rows || vc < cols) {
    const Slot zero = slotFromInt(td.a.dtype, 0);
    for (std::int64_t r = 0; r < rows; ++r)
      std::fill(td.a.data.begin() + r * cols + (r < vr ? vc : 0),
                td.a.data.begin() + (r + 1) * cols, zero);
  }
  return td;
}
}  // namespace detail

/// Loads the window [offsets, offsets + shapes) of a tensor into a tile. Out-of-bounds reads are
/// zero; the tile's valid shape is the in-bounds part (further limited by `.valid_shape`).
template <TensorLike T>
PL_DSL_OP("tile.load") auto load(const T& t, const Shape& offsets, const Shape& shapes, LoadOptions o = {}) {
  using TT = detail::BaseOf<T>;
  return Tile<TT::static_dtype>(detail::loadTile(t.node(), offsets, shapes, o), detail::FromData{});
}
/// Same with a static tile shape: `pl::load<64, 64>(x, {r, 0})`.
template <std::int64_t R, std::int64_t C, TensorLike T>
PL_DSL_OP("tile.load") auto load(const T& t, const Shape& offsets, LoadOptions o = {}) {
  using TT = detail::BaseOf<T>;
  Shape shapes(static_cast<std::size_t>(t.rank()), 1);
  shapes.back() = C;
  if (shapes.size() >= 2) shapes[shapes.size() - 2] = R;
  return Tile<TT::static_dtype, R, C>(detail::loadTile(t.node(), offsets, shapes, o),
                                      detail::FromData{});
}

namespace detail {
/// The conversions of a store from an Acc tile (the FIX pipe's, PTO-ISA's TSTORE from Acc without
/// quantisation): fp32 into fp16 or bf16; every other store keeps its dtype.
constexpr bool accStoreConverts(DType from, DType to) {
  return from == to || from == DType::Any || to == DType::Any ||
         (from == DType::FP32 && (to == DType::FP16 || to == DType::BF16));
}
} // namespace detail

/// Writes the valid region of `tile` into `out` at `offsets` (in place; returns the handle).
/// An Acc tile of fp32 may be stored into an fp16 or bf16 tensor (the FIX pipe converts, round to
/// nearest even); otherwise the dtypes must match.
template <TileLike Tl, TensorLike T>
PL_DSL_OP("tile.store") auto store(const Tl& tile, const Shape& offsets, const T& out) {
  using TT = detail::BaseOf<T>;
  using TL = detail::BaseOf<Tl>;
  static_assert(PL_DSL_RULE(TL::static_mem == Mem::Auto ||
                            (TL::static_mem == Mem::Acc
                                 ? detail::accStoreConverts(TL::static_dtype, TT::static_dtype)
                                 : detail::dtypesCompatible(TT::static_dtype, TL::static_dtype))),
                "pl::store: tile and tensor dtypes differ (only an fp32 Acc tile converts, into "
                "fp16 or bf16); "
                "insert pl::cast [T108]");
  const detail::TileData& td = tile.data();
  detail::Array &dst = out.node();
  if (td.mem == Mem::Acc ? !detail::accStoreConverts(td.a.dtype, dst.dtype)
                         : td.a.dtype != dst.dtype)
    detail::fail(
        "store",
        "tile " + detail::typeStr(td.a.dtype, td.a.shape) + " and tensor " +
            detail::typeStr(dst.dtype, dst.shape) +
            " have different dtypes (only an fp32 Acc tile converts on store, into fp16 or bf16); "
            "insert pl::cast");
  const std::size_t n = dst.shape.size();
  if (offsets.size() != n)
    detail::fail("store", "offsets " + detail::shapeStr(offsets) + " must have rank " + std::to_string(n) + " for tensor " +
                              detail::typeStr(dst.dtype, dst.shape));
  if (n == 1 && td.validRows > 1)
    detail::fail("store", "a " + detail::shapeStr(td.a.shape) + " tile cannot be stored into rank-1 tensor " +
                              detail::typeStr(dst.dtype, dst.shape));
  Shape extent(n, 1);
  extent[n - 1] = td.validCols;
  if (n >= 2) extent[n - 2] = td.validRows;
  for (std::size_t k = 0; k < n; ++k)
    if (offsets[k] < 0 || offsets[k] + extent[k] > dst.shape[k])
      detail::fail("store", "valid region " + detail::shapeStr({td.validRows, td.validCols}) + " at offsets " +
                                detail::shapeStr(offsets) + " exceeds tensor " + detail::typeStr(dst.dtype, dst.shape));
  if (detail::fullyValid(td) && extent.size() == 2) {
    detail::writeWindow(dst, td.a, offsets, extent); // the whole tile: no copy of it
  } else {
    detail::Array src = detail::validPart(td);
    src.shape = extent;
    detail::writeWindow(dst, src, offsets, extent);
  }
  return TT(out);
}

/// Copies a tile into another memory space (Mat → Left/Right, Acc → Vec, …).
template <TileLike Tl>
PL_DSL_OP("move") auto move(const Tl& t, MoveOptions o = {}) {
  using TL = detail::BaseOf<Tl>;
  detail::TileData d = t.data();
  d.mem = o.target_memory;
  ++detail::opCounter();
  return Tile<TL::static_dtype, TL::static_rows, TL::static_cols>(std::move(d), detail::FromData{});
}

/// Reads one element of a tensor or tile.
template <ValueLike V>
PL_DSL_OP("read") auto read(const V& v, const Shape& idx) {
  using B = detail::BaseOf<V>;
  const detail::Array &a = [&]() -> const detail::Array & {
    if constexpr (TensorLike<V>)
      return v.node();
    else
      return v.data().a;
  }();
  detail::flatIndex(a.shape, idx, "read"); // checks rank and bounds
  const detail::Slot s = a.storage()[static_cast<std::size_t>(a.elementIndex(idx))];
  if constexpr (B::static_dtype == DType::Any) return detail::slotToDouble(a.dtype, s);
  else return Scalar<B::static_dtype>(detail::slotToHost<typename Scalar<B::static_dtype>::value_type>(a.dtype, s));
}
/// Writes one element of a tensor (in place).
template <TensorLike T, ScalarLike S>
PL_DSL_OP("write") void write(const T& t, const Shape& idx, const S& value) {
  detail::Array &a = t.node();
  detail::flatIndex(a.shape, idx, "write"); // checks rank and bounds
  a.storage()[static_cast<std::size_t>(a.elementIndex(idx))] = detail::scalarSlot(a.dtype, value);
  ++detail::opCounter();
}

// ---- views -------------------------------------------------------------------------------------

/// The window of `shape` at `offsets`: a new tensor, or a tile whose valid region is the part of
/// the source's valid region inside the window (or `.valid_shape`).
template <ValueLike V>
PL_DSL_OP("slice") auto slice(const V& v, const Shape& shape, const Shape& offsets, SliceOptions o = {}) {
  using B = detail::BaseOf<V>;
  if constexpr (TensorLike<V>) {
    const detail::Array &a = v.node();
    detail::checkWindowArgs("slice", a, offsets, shape);
    if (!o.valid_shape.empty())
      detail::fail("slice",
                   "a tensor has no valid shape: give the tile its valid shape where it is "
                   "made (pl::load(x, offsets, shape, {.valid_shape = ...})) or slice the "
                   "tile [T103]");
    for (std::size_t k = 0; k < shape.size(); ++k)
      if (offsets[k] + shape[k] > a.shape[k])
        detail::fail("slice", "window " + detail::shapeStr(shape) + " at " + detail::shapeStr(offsets) +
                                  " exceeds tensor " + detail::typeStr(a.dtype, a.shape));
    // A view: writes through it reach the parent, and it reads the parent's current values.
    const Shape strides = a.isView() ? a.strides : detail::rowMajorStrides(a.shape);
    std::int64_t start = a.isView() ? a.offset : 0;
    for (std::size_t k = 0; k < shape.size(); ++k)
      start += offsets[k] * strides[k];
    return Tensor<B::static_dtype>(detail::makeView(v.impl(), shape, start, strides),
                                   detail::FromData{});
  } else {
    const detail::TileData& t = v.data();
    detail::checkWindowArgs("slice", t.a, offsets, shape);
    detail::TileData r{detail::window(t.a, offsets, shape), 0, 0, t.mem};
    r.validRows = std::max<std::int64_t>(0, std::min(shape[0], t.validRows - offsets[0]));
    r.validCols = std::max<std::int64_t>(0, std::min(shape[1], t.validCols - offsets[1]));
    if (!o.valid_shape.empty()) {
      if (o.valid_shape.size() != 2 || o.valid_shape[0] < 0 || o.valid_shape[1] < 0 ||
          o.valid_shape[0] > shape[0] || o.valid_shape[1] > shape[1])
        detail::fail("slice", "valid_shape " + detail::shapeStr(o.valid_shape) + " does not fit " + detail::shapeStr(shape));
      r.validRows = o.valid_shape[0];
      r.validCols = o.valid_shape[1];
    }
    return Tile<B::static_dtype>(detail::tileFrom(detail::validPart(r), shape[0], shape[1], t.mem), detail::FromData{});
  }
}

/// Writes `src` into `target` at `offsets`. Tensors: in place, returns the target handle.
/// Tiles: returns the updated tile (the source's valid region is written).
template <ValueLike T, ValueLike S>
PL_DSL_OP("assemble") auto assemble(const T& target, const S& src, const Shape& offsets) {
  using B = detail::BaseOf<T>;
  static_assert(TensorLike<T> == TensorLike<S>,
                "pl::assemble: target and source must both be tensors or both be tiles (use "
                "pl::store for tile → tensor) [T107]");
  static_assert(
      PL_DSL_RULE(detail::dtypesCompatible(B::static_dtype, detail::BaseOf<S>::static_dtype)),
      "pl::assemble: target and source dtypes differ; insert pl::cast [T108]");
  auto put = [&](detail::Array& dst, const detail::Array& s) {
    detail::requireSameDtype("assemble", dst, s);
    if (offsets.size() != dst.shape.size() || s.shape.size() != dst.shape.size())
      detail::fail("assemble", "source " + detail::typeStr(s.dtype, s.shape) + " and offsets " + detail::shapeStr(offsets) +
                                   " must match the rank of target " + detail::typeStr(dst.dtype, dst.shape));
    for (std::size_t k = 0; k < offsets.size(); ++k)
      if (offsets[k] < 0 || offsets[k] + s.shape[k] > dst.shape[k])
        detail::fail("assemble", "source " + detail::typeStr(s.dtype, s.shape) + " at offsets " + detail::shapeStr(offsets) +
                                     " exceeds target " + detail::typeStr(dst.dtype, dst.shape));
    detail::writeWindow(dst, s, offsets, s.shape);
  };
  if constexpr (TensorLike<T>) {
    const detail::Array s = src.arr(); // src may be a view of the target
    put(target.node(), s);
    return B(target);
  } else {
    detail::TileData r = target.data();
    put(r.a, detail::validPart(src.data()));
    return B(std::move(r), detail::FromData{});
  }
}

/// Same elements, new shape (row-major). Tiles must be fully valid, or a column/row vector.
template <ValueLike V>
PL_DSL_OP("reshape") auto reshape(const V& v, const Shape& shape) {
  using B = detail::BaseOf<V>;
  if constexpr (TensorLike<V>) {
    const detail::Array &a = v.node();
    if (detail::numelOf(shape) != a.numel())
      detail::fail("reshape", "cannot reshape " + detail::typeStr(a.dtype, a.shape) + " to " + detail::shapeStr(shape));
    for (auto d : shape)
      if (d < 0)
        detail::fail("reshape", "negative dimension in shape " + detail::shapeStr(shape));
    if (a.contiguous()) { // a view sharing the storage (numpy's reshape of a contiguous array)
      ++detail::opCounter();
      return Tensor<B::static_dtype>(detail::makeView(v.impl(), shape, a.isView() ? a.offset : 0,
                                                      detail::rowMajorStrides(shape)),
                                     detail::FromData{});
    }
    detail::Array r = v.arr(); // a strided view's elements in order: a new tensor
    r.shape = shape;
    ++detail::opCounter();
    return detail::wrapTensor<Tensor<B::static_dtype>>(std::move(r));
  } else {
    const detail::TileData& t = v.data();
    if (shape.size() != 2 || detail::numelOf(shape) != t.a.numel())
      detail::fail("reshape", "cannot reshape " + detail::tileStr("", t) + " to " + detail::shapeStr(shape));
    detail::TileData r = t;
    r.a.shape = shape;
    ++detail::opCounter();
    if (t.validRows == t.rows() && t.validCols == t.cols()) {
      r.validRows = shape[0];
      r.validCols = shape[1];
    } else if ((t.cols() == 1 && shape[0] == 1) || (t.rows() == 1 && shape[1] == 1)) {
      r.validRows = shape[0] == 1 ? 1 : t.validCols;  // vector flip keeps its valid length
      r.validCols = shape[1] == 1 ? 1 : t.validRows;
    } else {
      detail::fail("reshape", "a partially valid " + detail::tileStr("", t) + " can only be reshaped as a vector");
    }
    return Tile<B::static_dtype>(std::move(r), detail::FromData{});
  }
}

/// Swaps two axes (default: the last two). Tiles swap their valid shape too.
template <ValueLike V>
PL_DSL_OP("transpose") auto transpose(const V& v, std::int64_t axis1 = -2, std::int64_t axis2 = -1) {
  using B = detail::BaseOf<V>;
  if constexpr (TensorLike<V>) {
    return detail::wrapTensor<Tensor<B::static_dtype>>(detail::transposeArray(v.arr(), axis1, axis2));
  } else {
    const detail::TileData& t = v.data();
    detail::TileData r{detail::transposeArray(t.a, 0, 1), t.validCols, t.validRows, t.mem};
    return Tile<B::static_dtype, B::static_cols, B::static_rows, B::static_mem>(std::move(r), detail::FromData{});
  }
}

/// Joins two values along `.axis` (default: the last). Tiles: the first must be fully valid
/// along the axis.
template <ValueLike A, ValueLike Bv>
PL_DSL_OP("concat") auto concat(const A& a, const Bv& b, ConcatOptions o = {}) {
  using B = detail::BaseOf<A>;
  static_assert(TensorLike<A> == TensorLike<Bv>,
                "pl::concat: both operands must be tensors or both tiles [T107]");
  static_assert(
      PL_DSL_RULE(detail::dtypesCompatible(B::static_dtype, detail::BaseOf<Bv>::static_dtype)),
      "pl::concat: operand dtypes differ; insert pl::cast [T108]");
  if constexpr (TensorLike<A>) {
    return detail::wrapTensor<Tensor<B::static_dtype>>(detail::concatArrays("concat", a.arr(), b.arr(), o.axis));
  } else {
    const detail::TileData& ta = a.data();
    const detail::TileData& tb = b.data();
    const std::int64_t axis = o.axis < 0 ? o.axis + 2 : o.axis;
    if ((axis == 1 && (ta.validCols != ta.cols() || ta.validRows != tb.validRows)) ||
        (axis == 0 && (ta.validRows != ta.rows() || ta.validCols != tb.validCols)))
      detail::fail("concat", "cannot concatenate " + detail::tileStr("lhs", ta) + " and " + detail::tileStr("rhs", tb));
    detail::Array phys = detail::concatArrays("concat", ta.a, tb.a, axis);
    detail::TileData r{phys, axis == 0 ? ta.rows() + tb.validRows : ta.validRows,
                       axis == 1 ? ta.cols() + tb.validCols : ta.validCols, ta.mem};
    return Tile<B::static_dtype>(detail::tileFrom(detail::validPart(r), phys.shape[0], phys.shape[1], ta.mem),
                                 detail::FromData{});
  }
}

/// Takes the sub-tile of `shape` at `offsets` into another memory space (PyPTO's tile.extract,
/// TEXTRACT: Mat → Left/Right).
template <TileLike Tl>
PL_DSL_OP("extract") auto extract(const Tl& t, const Shape& offsets, const Shape& shape, MoveOptions o = {}) {
  auto s = slice(t, shape, offsets);
  s.data().mem = o.target_memory;
  return s;
}

/// Converts to dtype `to` with rounding mode `.mode` (default: round to nearest even).
template <ValueLike V, DType To>
PL_DSL_OP("cast") auto cast(const V& v, DTypeTag<To>, CastOptions o = {}) {
  return detail::liftSameShape<detail::RetypeT<detail::BaseOf<V>, To>>(
      v, [&](const detail::Array& a) { return detail::castArray(a, To, o.mode); });
}
template <ValueLike V, DType To>
PL_DSL_OP("cast") auto cast(const V& v, DTypeTag<To> to, RoundMode mode) {
  return cast(v, to, CastOptions{.mode = mode});
}

/// Fills the padding (everything outside the valid region) with `pad`; the result is fully valid.
template <TileLike Tl>
PL_DSL_OP("fillpad") auto fillpad(const Tl& t, PadValue pad = PadValue::Zero) {
  using B = detail::BaseOf<Tl>;
  detail::TileData r = t.data();
  const detail::Slot p = detail::padSlot(r.a.dtype, pad);
  for (std::int64_t i = 0; i < r.rows(); ++i)
    for (std::int64_t j = 0; j < r.cols(); ++j)
      if (i >= r.validRows || j >= r.validCols) r.a.data[static_cast<std::size_t>(i * r.cols() + j)] = p;
  r.validRows = r.rows();
  r.validCols = r.cols();
  ++detail::opCounter();
  return B(std::move(r), detail::FromData{});
}

/// Sets a tile's valid shape (must fit the physical shape); the data is unchanged.
template <TileLike Tl>
PL_DSL_OP("set_validshape") auto set_validshape(const Tl& t, std::int64_t rows, std::int64_t cols) {
  using B = detail::BaseOf<Tl>;
  detail::TileData r = t.data();
  if (rows < 0 || cols < 0 || rows > r.rows() || cols > r.cols())
    detail::fail("set_validshape", "valid shape " + detail::shapeStr({rows, cols}) + " does not fit " + detail::tileStr("", r));
  r.validRows = rows;
  r.validCols = cols;
  return B(std::move(r), detail::FromData{});
}

/// The extent of axis `i` of a tensor or tile (negative counts from the end).
template <ValueLike V>
PL_DSL_OP("dim") std::int64_t dim(const V& v, std::int64_t i) {
  if constexpr (TensorLike<V>) {
    return v.dim(i);
  } else {
    if (i < 0) i += 2;
    if (i < 0 || i > 1) detail::fail("dim", "a tile has 2 dims");
    return i == 0 ? v.rows() : v.cols();
  }
}

}  // namespace pl
