// pl/sim/ops_data.hpp — data-movement instructions: TLOAD TSTORE TMOV TEXTRACT TINSERT TRESHAPE
// TTRANS TCONCAT TFILLPAD TCVT TEXPANDS.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "pl/kernels.hpp"
#include "pl/sim/tile.hpp"

namespace pl::sim {

namespace detail {

/// A scalar operand converted to dtype `d` the way the eager DSL converts it.
template <class S>
Slot scalarToSlot(DType d, const S& s) {
  using X = std::remove_cvref_t<S>;
  if constexpr (std::is_arithmetic_v<X>) return pl::detail::hostToSlot(d, s);
  else return pl::detail::slotFromDouble(d, static_cast<double>(s));
}

template <SimTile D, SimTile S>
constexpr void requireSameElem() {
  static_assert(std::is_same_v<typename std::remove_cvref_t<D>::Elem, typename std::remove_cvref_t<S>::Elem>,
                "pl::sim: the operands have different element types; insert TCVT");
}

/// TMOV / TEXTRACT space rules (checked mode): Left, Right, Bias and the scale buffers are
/// filled only from Mat; Acc is written only by the matmul family; Left/Right/Bias are read
/// only by the matmul family.
template <SimTile D, SimTile S>
void requireMoveSpaces(const char* op, const D&, const S&) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  if (!checked()) return;
  constexpr Space d = XD::space, s = XS::space;
  const bool l0 = d == Space::Left || d == Space::Right || d == Space::Bias || d == Space::LeftScale ||
                  d == Space::RightScale;
  if (l0 && s != Space::Mat)
    simFail(op, std::string("a ") + pl::memName(d) + " tile is filled only from Mat, got a " + pl::memName(s) + " source");
  if (d == Space::Acc) simFail(op, "an Acc tile is written only by TMATMUL / TMATMUL_ACC / TMATMUL_BIAS");
  if (s == Space::Left || s == Space::Right || s == Space::Bias)
    simFail(op, std::string("a ") + pl::memName(s) + " tile is read only by the matmul family");
}

/// Copies src's element (r, c) into dst's (r2, c2), converting the dtype when they differ.
template <class TD, class TS>
void copyElem(StorageOf<TD>& d, const StorageOf<TS>& s, RoundMode mode = RoundMode::Rint) {
  if constexpr (std::is_same_v<TD, TS>) d = s;
  else storeSlot<TD>(d, pl::detail::convertSlot(dtypeOf<TS>, dtypeOf<TD>, loadSlot<TS>(s), mode));
}

}  // namespace detail

// ---- global memory ↔ tiles ---------------------------------------------------------------------

/// Loads the view's window into `tile`: the window's extent becomes the valid shape, everything
/// else is zero. The window must be 2-D (leading extents ≤ 1) and fit the physical shape.
template <SimTile Tl, class T>
void TLOAD(Tl& tile, const GlobalView<T>& src) {
  using X = std::remove_cvref_t<Tl>;
  // A bool tensor's bytes load into a uint8_t tile (PTO-ISA copies elements of equal size; a
  // bool is one 0 / 1 byte): PackCompareMasks reads masks so.
  static_assert(std::is_same_v<typename X::Elem, T> ||
                    (std::is_same_v<typename X::Elem, std::uint8_t> && std::is_same_v<T, bool>),
                "pl::sim::TLOAD: tile and tensor element types differ");
  detail::requireSpace("TLOAD", "dst", tile, {Space::Vec, Space::Mat});
  if (!src.leadingUnit())
    simFail("TLOAD", "a tile is 2-D: the leading extents of window " + src.shapeString() + " must be 1");
  const std::int64_t vr = src.empty() ? 0 : src.rows(), vc = src.empty() ? 0 : src.cols();
  if (vr > X::kRows || vc > X::kCols)
    simFail("TLOAD", "window " + src.shapeString() + " does not fit " + detail::tileString("dst", tile));
  auto* d = tile.data();
  const std::int64_t cs = src.colStride();
  for (std::int64_t r = 0; r < vr; ++r) {
    auto *row = d + r * X::kCols;
    const auto *from = &src.at2(r, 0);
    if (cs == 1)
      std::copy_n(from, vc, row); // contiguous rows: one copy per row
    else
      for (std::int64_t c = 0; c < vc; ++c)
        row[c] = from[c * cs];
  }
  detail::setValidZeroPad("TLOAD", tile, vr, vc);
}

/// Writes the valid region of `tile` into the view's window (which must hold it). Acc tiles
/// convert to the tensor's element type (round to nearest even), as the FIX pipe does.
template <class T, SimTile Tl>
void TSTORE(const GlobalView<T>& dst, const Tl& tile) {
  using X = std::remove_cvref_t<Tl>;
  detail::requireSpace("TSTORE", "src", tile, {Space::Vec, Space::Mat, Space::Acc});
  // A uint8_t tile of 0 / 1 bytes stores into a bool tensor (PackCompareMasks' mask bytes).
  constexpr bool maskBytes =
      std::is_same_v<typename X::Elem, std::uint8_t> && std::is_same_v<T, bool>;
  if constexpr (!std::is_same_v<typename X::Elem, T> && !maskBytes) {
    static_assert(X::space != Space::Acc ||
                      (std::is_same_v<typename X::Elem, float> &&
                       (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)),
                  "TSTORE: an Acc tile converts on store from float into half or bfloat16_t only");
    if (X::space != Space::Acc)
      simFail("TSTORE", detail::tileString("src", tile) + " and tensor " + dst.shapeString() +
                            " have different element types; only Acc tiles convert on store");
  }
  const std::int64_t vr = tile.GetValidRow(), vc = tile.GetValidCol();
  if (vr == 0 || vc == 0) return;
  if (!dst.leadingUnit() || (dst.empty() ? 0 : dst.rows()) < vr || (dst.empty() ? 0 : dst.cols()) < vc)
    simFail("TSTORE", "valid region " + detail::validString(vr, vc) + " of " + detail::tileString("src", tile) +
                          " does not fit the window " + dst.shapeString());
  const auto* s = tile.data();
  const std::int64_t cs = dst.colStride();
  for (std::int64_t r = 0; r < vr; ++r) {
    const auto *row = s + r * X::kCols;
    auto *to = &dst.at2(r, 0);
    if constexpr (std::is_same_v<typename X::Elem, T>) {
      if (cs == 1) {
        std::copy_n(row, vc, to); // contiguous rows of one element type: one copy per row
        continue;
      }
    }
    for (std::int64_t c = 0; c < vc; ++c)
      detail::copyElem<T, typename X::Elem>(to[c * cs], row[c]);
  }
}

// ---- tile ↔ tile -------------------------------------------------------------------------------

/// Copies the valid region of `src` into `dst` (another space: Mat → Left/Right/Bias,
/// Acc → Vec/Mat, Vec → Vec/Mat, …); dst takes src's valid shape. Acc sources may convert.
template <SimTile D, SimTile S>
void TMOV(D& dst, const S& src) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  detail::requireMoveSpaces("TMOV", dst, src);
  if constexpr (!std::is_same_v<typename XD::Elem, typename XS::Elem>) {
    if (XS::space != Space::Acc) simFail("TMOV", "element types differ; only Acc sources convert (insert TCVT)");
  }
  const std::int64_t vr = src.GetValidRow(), vc = src.GetValidCol();
  if (vr > XD::kRows || vc > XD::kCols)
    simFail("TMOV", detail::tileString("src", src) + " does not fit " + detail::tileString("dst", dst));
  if (static_cast<const void*>(dst.data()) != static_cast<const void*>(src.data()) || XD::space != XS::space) {
    detail::requireDisjoint("TMOV", "src", dst, src);
    auto *d = dst.data();
    const auto *from = src.data();
    for (std::int64_t r = 0; r < vr; ++r) {
      auto *drow = d + r * XD::kCols;
      const auto *srow = from + r * XS::kCols;
      if constexpr (std::is_same_v<typename XD::Elem, typename XS::Elem>)
        std::copy_n(srow, vc, drow);
      else
        for (std::int64_t c = 0; c < vc; ++c)
          detail::copyElem<typename XD::Elem, typename XS::Elem>(drow[c], srow[c]);
    }
  }
  detail::setValidZeroPad("TMOV", dst, vr, vc);
}

/// dst = the window of src at (row, col) of dst's physical shape; the valid shape is the part of
/// src's valid region inside the window (PyPTO's tile.extract / slice).
template <SimTile D, SimTile S>
void TEXTRACT(D& dst, const S& src, std::int64_t row, std::int64_t col) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  detail::requireSameElem<D, S>();
  detail::requireMoveSpaces("TEXTRACT", dst, src);
  detail::requireDisjoint("TEXTRACT", "src", dst, src);
  if (row < 0 || col < 0 || row > XS::kRows || col > XS::kCols)
    simFail("TEXTRACT", "offset " + detail::validString(row, col) + " is outside " + detail::tileString("src", src));
  const std::int64_t vr = std::max<std::int64_t>(0, std::min<std::int64_t>(XD::kRows, src.GetValidRow() - row));
  const std::int64_t vc = std::max<std::int64_t>(0, std::min<std::int64_t>(XD::kCols, src.GetValidCol() - col));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c) dst.at(r, c) = src.at(row + r, col + c);
  detail::setValidZeroPad("TEXTRACT", dst, vr, vc);
}

/// Writes src's valid region into dst at (row, col) (PyPTO's tile.assemble); dst keeps its
/// valid shape.
template <SimTile D, SimTile S>
void TINSERT(D& dst, const S& src, std::int64_t row, std::int64_t col) {
  using XD = std::remove_cvref_t<D>;
  detail::requireSameElem<D, S>();
  detail::requireMoveSpaces("TINSERT", dst, src);
  detail::requireDisjoint("TINSERT", "src", dst, src);
  const std::int64_t vr = src.GetValidRow(), vc = src.GetValidCol();
  if (row < 0 || col < 0 || row + vr > XD::kRows || col + vc > XD::kCols)
    simFail("TINSERT", detail::tileString("src", src) + " at " + detail::validString(row, col) + " exceeds " +
                           detail::tileString("dst", dst));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c) dst.at(row + r, col + c) = src.at(r, c);
}

/// Same bytes under a new physical shape (row-major). A fully valid source gives a fully valid
/// result; a partially valid row/column vector flips its valid length; anything else is an error.
template <SimTile D, SimTile S>
void TRESHAPE(D& dst, const S& src) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  detail::requireSameElem<D, S>();
  static_assert(XD::space == XS::space, "pl::sim::TRESHAPE: source and result live in the same space");
  static_assert(XD::kRows * XD::kCols == XS::kRows * XS::kCols, "pl::sim::TRESHAPE: element counts differ");
  std::int64_t vr = XD::kRows, vc = XD::kCols;
  const bool full = src.GetValidRow() == XS::kRows && src.GetValidCol() == XS::kCols;
  if (!full) {
    if ((XS::kCols == 1 && XD::kRows == 1) || (XS::kRows == 1 && XD::kCols == 1)) {
      vr = XD::kRows == 1 ? 1 : src.GetValidCol();
      vc = XD::kCols == 1 ? 1 : src.GetValidRow();
    } else {
      simFail("TRESHAPE", "a partially valid " + detail::tileString("src", src) + " can only be reshaped as a vector");
    }
  }
  if (static_cast<const void*>(dst.data()) != static_cast<const void*>(src.data()))
    std::memmove(dst.data(), src.data(), XS::kBytes);
  dst.SetValidShape(vr, vc);
}

/// dst = srcᵀ over the valid region (valid shape swaps). The optional scratch tile is unused.
template <SimTile D, SimTile S>
void TTRANS(D& dst, const S& src) {
  using XD = std::remove_cvref_t<D>;
  detail::requireSameElem<D, S>();
  detail::requireSpace("TTRANS", "dst", dst, {Space::Vec, Space::Mat});
  detail::requireSpace("TTRANS", "src", src, {Space::Vec, Space::Mat});
  detail::requireDisjoint("TTRANS", "src", dst, src);
  const std::int64_t vr = src.GetValidCol(), vc = src.GetValidRow();
  if (vr > XD::kRows || vc > XD::kCols)
    simFail("TTRANS", "the transpose of " + detail::tileString("src", src) + " does not fit " + detail::tileString("dst", dst));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c) dst.at(r, c) = src.at(c, r);
  detail::setValidZeroPad("TTRANS", dst, vr, vc);
}
template <SimTile D, SimTile S, SimTile Tmp>
void TTRANS(D& dst, const S& src, Tmp&) { TTRANS(dst, src); }

/// dst = [src0 | src1] along columns; src0 must be fully valid in its columns and both must have
/// the same valid rows.
template <SimTile D, SimTile A, SimTile B>
void TCONCAT(D& dst, const A& a, const B& b) {
  using XA = std::remove_cvref_t<A>;
  detail::requireSameElem<D, A>();
  detail::requireSameElem<D, B>();
  detail::requireSpace("TCONCAT", "dst", dst, {Space::Vec});
  detail::requireSpace("TCONCAT", "src0", a, {Space::Vec});
  detail::requireSpace("TCONCAT", "src1", b, {Space::Vec});
  detail::requireDisjoint("TCONCAT", "src0", dst, a);
  detail::requireDisjoint("TCONCAT", "src1", dst, b);
  if (a.GetValidCol() != XA::kCols || a.GetValidRow() != b.GetValidRow())
    simFail("TCONCAT", "cannot concatenate " + detail::tileString("src0", a) + " and " + detail::tileString("src1", b) +
                           " (src0 must be fully valid in its columns, the valid rows must agree)");
  const std::int64_t vr = a.GetValidRow(), vc = XA::kCols + b.GetValidCol();
  if (vr > std::remove_cvref_t<D>::kRows || vc > std::remove_cvref_t<D>::kCols)
    simFail("TCONCAT", "result valid shape " + detail::validString(vr, vc) + " does not fit " + detail::tileString("dst", dst));
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c) dst.at(r, c) = c < XA::kCols ? a.at(r, c) : b.at(r, c - XA::kCols);
  detail::setValidZeroPad("TCONCAT", dst, vr, vc);
}

/// dst = src with every element outside src's valid region set to `pad`; dst is fully valid.
template <SimTile D, SimTile S> void TFILLPAD(D &dst, const S &src, PadValue pad) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  detail::requireSameElem<D, S>();
  static_assert(XD::kRows == XS::kRows && XD::kCols == XS::kCols, "pl::sim::TFILLPAD: physical shapes differ");
  detail::requireSpace("TFILLPAD", "dst", dst, {Space::Vec});
  detail::requireSpace("TFILLPAD", "src", src, {Space::Vec});
  const std::int64_t vr = src.GetValidRow(), vc = src.GetValidCol();
  typename XD::Storage p{};
  detail::storeSlot<typename XD::Elem>(p, pl::detail::padSlot(XD::dtype, pad));
  if (static_cast<const void*>(dst.data()) != static_cast<const void*>(src.data())) detail::requireDisjoint("TFILLPAD", "src", dst, src);
  for (std::int64_t r = 0; r < XD::kRows; ++r)
    for (std::int64_t c = 0; c < XD::kCols; ++c) dst.at(r, c) = (r < vr && c < vc) ? src.at(r, c) : p;
  dst.SetValidShape(XD::kRows, XD::kCols);
}

/// dst = src converted to dst's element type with rounding `mode` (integers wrap).
template <SimTile D, SimTile S>
void TCVT(D& dst, const S& src, RoundMode mode = RoundMode::Rint) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  detail::requireSpace("TCVT", "dst", dst, {Space::Vec});
  detail::requireSpace("TCVT", "src", src, {Space::Vec});
  const std::int64_t vr = src.GetValidRow(), vc = src.GetValidCol();
  if (vr > XD::kRows || vc > XD::kCols)
    simFail("TCVT", detail::tileString("src", src) + " does not fit " + detail::tileString("dst", dst));
  if (sizeof(typename XD::Storage) != sizeof(typename XS::Storage)) detail::requireDisjoint("TCVT", "src", dst, src);
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c)
      detail::copyElem<typename XD::Elem, typename XS::Elem>(dst.at(r, c), src.at(r, c), mode);
  detail::setValidZeroPad("TCVT", dst, vr, vc);
}

/// Fills dst's valid region with `scalar` (converted to dst's dtype); the padding is zero.
template <SimTile D, class S>
void TEXPANDS(D& dst, const S& scalar) {
  using XD = std::remove_cvref_t<D>;
  detail::requireSpace("TEXPANDS", "dst", dst, {Space::Vec});
  typename XD::Storage v{};
  detail::storeSlot<typename XD::Elem>(v, detail::scalarToSlot(XD::dtype, scalar));
  const std::int64_t vr = dst.GetValidRow(), vc = dst.GetValidCol();
  for (std::int64_t r = 0; r < vr; ++r)
    for (std::int64_t c = 0; c < vc; ++c) dst.at(r, c) = v;
  detail::setValidZeroPad("TEXPANDS", dst, vr, vc);
}

namespace detail {
/// One element's value in its compute type: exact int64 / uint64 for integers (a double would
/// round past 2^53), double for floats.
template <class T>
auto elementValue(Slot s) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_signed_v<T>)
    return pl::detail::fromSlot<std::int64_t>(s);
  else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    return static_cast<std::uint64_t>(s);
  else
    return pl::detail::slotToDouble(dtypeOf<T>, s);
}
}  // namespace detail

/// Scalar access to one element (PyPTO's tile.read / tile.write): integers exactly, floats as
/// a double.
template <SimTile Tl>
auto TGETVAL(const Tl& t, std::int64_t r, std::int64_t c) {
  using X = std::remove_cvref_t<Tl>;
  if (r < 0 || c < 0 || r >= X::kRows || c >= X::kCols)
    simFail("TGETVAL", "index " + detail::validString(r, c) + " is outside " + detail::tileString("tile", t));
  return detail::elementValue<typename X::Elem>(detail::loadSlot<typename X::Elem>(t.at(r, c)));
}
template <SimTile Tl, class S>
void TSETVAL(Tl& t, std::int64_t r, std::int64_t c, const S& v) {
  using X = std::remove_cvref_t<Tl>;
  if (r < 0 || c < 0 || r >= X::kRows || c >= X::kCols)
    simFail("TSETVAL", "index " + detail::validString(r, c) + " is outside " + detail::tileString("tile", t));
  detail::storeSlot<typename X::Elem>(t.at(r, c), detail::scalarToSlot(X::dtype, v));
}

/// A kernel's scalar read of one element of a global tensor (IR tensor.read): integers
/// exactly, floats as a double.
template <class T>
auto GMGETVAL(const GlobalView<T>& v, std::initializer_list<std::int64_t> idx) {
  return detail::elementValue<T>(detail::loadSlot<T>(v.at(idx)));
}

/// A kernel's scalar write of one element of a global tensor (IR tensor.write), rounded to the
/// tensor's dtype.
template <class T, class S>
void GMSETVAL(const GlobalView<T>& v, std::initializer_list<std::int64_t> idx, const S& value) {
  detail::storeSlot<T>(v.at(idx), detail::scalarToSlot(dtypeOf<T>, value));
}

}  // namespace pl::sim
