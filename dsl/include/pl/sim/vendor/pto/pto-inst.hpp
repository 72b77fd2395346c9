// pto/pto-inst.hpp — pl/sim's CPU implementation of the PTO-ISA C++ API subset that pl's PTO
// backend emits (namespace pto: Tile, Shape, Stride, GlobalTensor, TASSIGN, the T* instructions,
// pipe flags, the cross-core pipes TPipe / TPUSH / TPOP / TFREE). Kernels printed by pl-translate
// compile unchanged against this header or the vendor's; this one runs them on the simulator's
// cores (real on-chip capacities, planned addresses, every global-memory access checked against its
// allocation). Written from the documented API (docs/backend.md lists what is implemented); no
// vendor code.
//
// Include path: `-I <pl>/include/pl/sim/vendor` makes `#include <pto/pto-inst.hpp>` find it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "pl/sim/kernel.hpp"

#ifndef __gm__
#define __gm__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef AICORE
#define AICORE
#endif

// The vendor's element type names for fp16 and bf16 (global, as in PTO-ISA): pl-translate prints
// tile and tensor element types under these names, and pl/sim implements them with pl's own
// soft-float classes.
using half = ::pl::Half;
using bfloat16_t = ::pl::BFloat16;

namespace pto {

inline constexpr int DYNAMIC = -1;

enum class TileType : std::uint8_t {
  Vec,
  Mat,
  Left,
  Right,
  Acc,
  Bias,
  Scaling,
  ScaleLeft,
  ScaleRight
};
enum class BLayout : std::uint8_t { RowMajor, ColMajor };
enum class SLayout : std::uint8_t { NoneBox, RowMajor, ColMajor };
enum class PadValue : std::uint8_t { Null, Zero, Max, Min };
enum class CompactMode : std::uint8_t { Null, Normal, RowPlusOne, RowAlignedPadding };
enum class Layout : std::uint8_t { ND, DN, NZ };
enum class RoundMode : std::uint8_t {
  CAST_NONE,
  CAST_RINT,
  CAST_ROUND,
  CAST_FLOOR,
  CAST_CEIL,
  CAST_TRUNC,
  CAST_ODD
};
/// TCVT's saturation of a float -> integer conversion (ON clamps to the integer's range).
enum class SaturationMode : std::uint8_t { ON = 0, OFF = 1 };
enum class CmpMode : std::uint8_t { EQ, NE, LT, LE, GT, GE };

/// The simulator memory space of a tile type.
constexpr pl::Mem spaceOf(TileType t) {
  switch (t) {
  case TileType::Vec:
    return pl::Mem::Vec;
  case TileType::Mat:
    return pl::Mem::Mat;
  case TileType::Left:
    return pl::Mem::Left;
  case TileType::Right:
    return pl::Mem::Right;
  case TileType::Acc:
    return pl::Mem::Acc;
  case TileType::Bias:
    return pl::Mem::Bias;
  case TileType::ScaleLeft:
    return pl::Mem::LeftScale;
  case TileType::ScaleRight:
    return pl::Mem::RightScale;
  case TileType::Scaling:
    return pl::Mem::Vec;
  }
  return pl::Mem::Vec;
}

namespace detail {
template <class Tl> typename Tl::DType getValue(const Tl &t, std::uint32_t offset);
template <class Tl> void setValue(Tl &t, std::uint32_t offset, typename Tl::DType v);
} // namespace detail

/// A tile: `Rows x Cols` of `T` in the space of `Loc`, with the ISA's layout parameters. A
/// valid dimension of `DYNAMIC` (-1) is set by the constructor or `SetValidRow/Col`; a static
/// one is fixed. The simulator stores every tile row-major: layouts are checked by the
/// translator (the ISA's tile constraints) and carried here as type facts.
template <TileType Loc, class T, int Rows, int Cols, BLayout BL = BLayout::RowMajor,
          int RowValid = Rows, int ColValid = Cols, SLayout SL = SLayout::NoneBox,
          int Fractal = 512, PadValue Pad = PadValue::Null, CompactMode Compact = CompactMode::Null>
class Tile : public pl::sim::Tile<T, spaceOf(Loc), Rows, Cols> {
  using Base = pl::sim::Tile<T, spaceOf(Loc), Rows, Cols>;

public:
  /// The simulator tile the instructions run on.
  using SimBase = Base;

private:
  static_assert(RowValid == DYNAMIC || (RowValid >= 0 && RowValid <= Rows),
                "pto::Tile: RowValid exceeds Rows");
  static_assert(ColValid == DYNAMIC || (ColValid >= 0 && ColValid <= Cols),
                "pto::Tile: ColValid exceeds Cols");

public:
  static constexpr TileType kLoc = Loc;
  static constexpr BLayout kBLayout = BL;
  static constexpr SLayout kSLayout = SL;
  static constexpr int kFractal = Fractal;
  static constexpr PadValue kPad = Pad;
  static constexpr int kRowValid = RowValid; // DYNAMIC or the static valid rows
  static constexpr int kColValid = ColValid;
  // pto-isa's names for the element type and the storage strides GetValue / SetValue use.
  using DType = T;
  static constexpr int RowStride = BL == BLayout::RowMajor ? Cols : 1;
  static constexpr int ColStride = BL == BLayout::RowMajor ? 1 : Rows;

  Tile() : Base(RowValid == DYNAMIC ? Rows : RowValid, ColValid == DYNAMIC ? Cols : ColValid) {}
  Tile(std::int64_t validRow, std::int64_t validCol) : Base(validRow, validCol) {
    if ((RowValid != DYNAMIC && validRow != RowValid) ||
        (ColValid != DYNAMIC && validCol != ColValid))
      pl::sim::simFail("pto::Tile", "a static valid shape cannot be set at construction");
  }
  void SetValidRow(std::int64_t r) { this->SetValidShape(r, this->GetValidCol()); }
  void SetValidCol(std::int64_t c) { this->SetValidShape(this->GetValidRow(), c); }
  /// pto-isa's scalar access to element `offset` of the storage (a Vec tile only).
  void SetValue(std::uint32_t offset, DType v) {
    static_assert(Loc == TileType::Vec, "Location of tile must be Location::Vec.");
    detail::setValue(*this, offset, v);
  }
  DType GetValue(std::uint32_t offset) {
    static_assert(Loc == TileType::Vec, "Location of tile must be Location::Vec.");
    return detail::getValue(*this, offset);
  }
};

/// Five extents of a global tensor; `DYNAMIC` ones come from the constructor.
template <std::int64_t N1 = DYNAMIC, std::int64_t N2 = DYNAMIC, std::int64_t N3 = DYNAMIC,
          std::int64_t N4 = DYNAMIC, std::int64_t N5 = DYNAMIC>
struct Shape {
  static constexpr std::int64_t staticShape[5] = {N1, N2, N3, N4, N5};
  static constexpr int kDynamic =
      (N1 == DYNAMIC) + (N2 == DYNAMIC) + (N3 == DYNAMIC) + (N4 == DYNAMIC) + (N5 == DYNAMIC);
  std::int64_t shape[5] = {N1 == DYNAMIC ? 1 : N1, N2 == DYNAMIC ? 1 : N2, N3 == DYNAMIC ? 1 : N3,
                           N4 == DYNAMIC ? 1 : N4, N5 == DYNAMIC ? 1 : N5};

  Shape() = default;
  /// One value per dimension (static ones must agree), or one per dynamic dimension, in order.
  template <class... I>
    requires(sizeof...(I) > 0 && (std::is_integral_v<I> && ...))
  explicit Shape(I... v) {
    static_assert(sizeof...(I) == 5 || sizeof...(I) == kDynamic,
                  "pto::Shape: give all five extents or one per dynamic extent");
    const std::int64_t vals[] = {static_cast<std::int64_t>(v)...};
    int next = 0;
    for (int k = 0; k < 5; ++k) {
      if (sizeof...(I) == 5) {
        if (staticShape[k] != DYNAMIC && vals[k] != staticShape[k])
          pl::sim::simFail("pto::Shape", "extent " + std::to_string(vals[k]) +
                                             " given for static extent " +
                                             std::to_string(staticShape[k]) + " of dimension " +
                                             std::to_string(k));
        shape[k] = vals[k];
      } else if (staticShape[k] == DYNAMIC) {
        shape[k] = vals[next++];
      }
      if (shape[k] < 0)
        pl::sim::simFail("pto::Shape", "negative extent " + std::to_string(shape[k]));
    }
  }
};

/// Five strides (elements) of a global tensor; `DYNAMIC` ones come from the constructor.
template <std::int64_t S1 = DYNAMIC, std::int64_t S2 = DYNAMIC, std::int64_t S3 = DYNAMIC,
          std::int64_t S4 = DYNAMIC, std::int64_t S5 = DYNAMIC>
struct Stride {
  static constexpr std::int64_t staticStride[5] = {S1, S2, S3, S4, S5};
  static constexpr int kDynamic =
      (S1 == DYNAMIC) + (S2 == DYNAMIC) + (S3 == DYNAMIC) + (S4 == DYNAMIC) + (S5 == DYNAMIC);
  std::int64_t stride[5] = {S1 == DYNAMIC ? 1 : S1, S2 == DYNAMIC ? 1 : S2, S3 == DYNAMIC ? 1 : S3,
                            S4 == DYNAMIC ? 1 : S4, S5 == DYNAMIC ? 1 : S5};

  Stride() = default;
  template <class... I>
    requires(sizeof...(I) > 0 && (std::is_integral_v<I> && ...))
  explicit Stride(I... v) {
    static_assert(sizeof...(I) == 5 || sizeof...(I) == kDynamic,
                  "pto::Stride: give all five strides or one per dynamic stride");
    const std::int64_t vals[] = {static_cast<std::int64_t>(v)...};
    int next = 0;
    for (int k = 0; k < 5; ++k) {
      if (sizeof...(I) == 5) {
        if (staticStride[k] != DYNAMIC && vals[k] != staticStride[k])
          pl::sim::simFail("pto::Stride", "stride " + std::to_string(vals[k]) +
                                              " given for static stride " +
                                              std::to_string(staticStride[k]) + " of dimension " +
                                              std::to_string(k));
        stride[k] = vals[k];
      } else if (staticStride[k] == DYNAMIC) {
        stride[k] = vals[next++];
      }
    }
  }
};

/// A window of global memory: a pointer, five extents and five strides (elements).
template <class T, class ShapeT, class StrideT, Layout L = Layout::ND> struct GlobalTensor {
  using Elem = std::remove_cv_t<T>;
  using Shape = ShapeT;
  using Stride = StrideT;
  static constexpr Layout layout = L;

  GlobalTensor() = default;
  explicit GlobalTensor(T *data, const ShapeT &shape = ShapeT{}, const StrideT &stride = StrideT{})
      : data_(data), shape_(shape), stride_(stride) {}

  T *data() const { return data_; }
  std::int64_t GetShape(int dim) const { return shape_.shape[dim]; }
  std::int64_t GetStride(int dim) const { return stride_.stride[dim]; }

  /// The simulator's view of the window, checked against the live allocations.
  pl::sim::GlobalView<Elem> view(const char *op) const {
    using Storage = pl::sim::StorageOf<Elem>;
    pl::sim::GlobalView<Elem> v(reinterpret_cast<Storage *>(const_cast<Elem *>(data_)), 0,
                                shape_.shape, stride_.stride, 5);
    v.requireAllocated(op);
    return v;
  }

private:
  T *data_ = nullptr;
  ShapeT shape_{};
  StrideT stride_{};
};

// ---- instructions
// --------------------------------------------------------------------------------
//
// Each instruction records its pipe and the bytes it reads and writes with the calling core's
// pipe checker (pl/sim/pipes.hpp), then runs the simulator's instruction on the tiles' bases.
// Pipes: TLOAD MTE2; TSTORE MTE3 (FIX from Acc); TMOV / TEXTRACT from Mat MTE1, from Acc FIX,
// else V; the matmul family M; Tile::GetValue / SetValue S; every other instruction V.

namespace detail {

template <class X> struct IsPtoTile : std::false_type {};
template <TileType L, class T, int R, int C, BLayout B, int RV, int CV, SLayout S, int F,
          PadValue P, CompactMode M>
struct IsPtoTile<Tile<L, T, R, C, B, RV, CV, S, F, P, M>> : std::true_type {};
template <class X> inline constexpr bool isPtoTile = IsPtoTile<std::remove_cvref_t<X>>::value;
/// The element type of a tile argument.
template <class X> using ElemOf = typename std::remove_cvref_t<X>::Elem;
/// The tiles among X hold no bool: PTO-ISA has no bool tile (its compare mask is the packed
/// uint8_t tile TCMP / TCMPS write; a bool tensor's bytes load into a uint8_t tile).
template <class X> constexpr bool noBoolTile() {
  if constexpr (IsPtoTile<std::remove_cvref_t<X>>::value)
    return !std::is_same_v<ElemOf<X>, bool>;
  else
    return true;
}
template <class... X> inline constexpr bool kNoBoolTiles = (noBoolTile<X>() && ...);
#define PTO_SIM_NO_BOOL_TILE(NAME, ...)                                                            \
  static_assert(detail::kNoBoolTiles<__VA_ARGS__>,                                                 \
                "pto::" NAME ": PTO-ISA has no bool tile (a mask is the packed uint8_t tile "      \
                "TCMP / TCMPS write; a bool tensor's bytes load into a uint8_t tile)")

/// A tile argument as the simulator tile it derives from; anything else as it is.
template <class X> decltype(auto) base(X &&x) {
  using R = std::remove_reference_t<X>;
  if constexpr (isPtoTile<R>) {
    using B = typename std::remove_cv_t<R>::SimBase;
    if constexpr (std::is_const_v<R>)
      return static_cast<const B &>(x);
    else
      return static_cast<B &>(x);
  } else {
    return std::forward<X>(x);
  }
}

/// The byte ranges of one instruction's operands, on the stack (no allocation per instruction).
struct Ranges {
  pl::sim::detail::ByteRange r[8];
  std::size_t n = 0;
  void push_back(const pl::sim::detail::ByteRange &x) {
    if (n == std::size(r))
      pl::sim::simFail("pipe sync", "an instruction with more than 8 operands");
    r[n++] = x;
  }
};
template <class Out, class X> void addRange(Out &out, const X &x) {
  if constexpr (isPtoTile<X>) {
    using Y = std::remove_cvref_t<X>;
    const auto lo = reinterpret_cast<std::uintptr_t>(x.data());
    out.push_back({static_cast<int>(Y::space), lo, lo + Y::kBytes});
  }
}
inline void issueRanges(pl::sim::detail::PipeTracker &t, pl::sim::Pipe p, const char *name,
                        const Ranges &reads, const Ranges &writes) {
  t.issue(p, name, reads.r, reads.n, writes.r, writes.n);
}
inline pl::sim::detail::ByteRange gmRange(std::pair<std::uintptr_t, std::uintptr_t> r) {
  return {pl::sim::detail::ByteRange::kGmSpace, r.first, r.second};
}

/// The instructions whose tiles must be row-major: the ISA's elementwise family (binary and
/// scalar forms, unary math, compares, selects, conversions, fill-pad), the sim counterpart of
/// the IR's tile ops in the categories elementwise, unary, compare and select (tests/emit checks
/// the two lists agree). A column vector [R, 1] (a row reduction's column-major result) runs on
/// its [1, R] row-major reshape: pass ResolveBackendOpLayouts.
inline constexpr std::string_view kRowMajorOnly[] = {
    "TABS",   "TADD",  "TADDS",    "TAND",  "TANDS",  "TCMP", "TCMPS",  "TCVT", "TDIV",
    "TDIVS",  "TEXP",  "TFILLPAD", "TFMOD", "TFMODS", "TLOG", "TLRELU", "TMAX", "TMAXS",
    "TMIN",   "TMINS", "TMUL",     "TMULS", "TNEG",   "TNOT", "TOR",    "TORS", "TPRELU",
    "TRECIP", "TRELU", "TREM",     "TREMS", "TRSQRT", "TSEL", "TSELS",  "TSHL", "TSHLS",
    "TSHR",   "TSHRS", "TSQRT",    "TSUB",  "TSUBS",  "TXOR", "TXORS"};
constexpr bool rowMajorOnly(std::string_view instr) {
  for (std::string_view n : kRowMajorOnly)
    if (n == instr)
      return true;
  return false;
}
/// A tile of more than one row laid out RowMajor, a one-row tile, or a non-tile operand.
template <class X> constexpr bool rowMajorOperand() {
  if constexpr (isPtoTile<X>) {
    using Y = std::remove_cvref_t<X>;
    return Y::kBLayout == BLayout::RowMajor || Y::kRows == 1;
  } else {
    return true;
  }
}
template <class... X> constexpr bool rowMajorOperands() { return (rowMajorOperand<X>() && ...); }
#define PTO_SIM_ROW_MAJOR_ONLY(NAME, ...)                                                          \
  static_assert(!detail::rowMajorOnly(NAME) || detail::rowMajorOperands<__VA_ARGS__>(),            \
                "pto elementwise instructions take row-major tiles; a column vector [R, 1] runs "  \
                "on its [1, R] row-major reshape (pass ResolveBackendOpLayouts)")

/// PTO-ISA's valid-shape contract: an instruction runs over its destination's valid region, and
/// the elementwise family asserts that every source has exactly that valid shape (TADD: "input
/// tile src0 valid shape mismatch with output tile dst shape"). pl declares each destination
/// with the valid shape its operands give it (pass MaterializeTileValidShapes); a mismatch is a
/// hard error here in every build type, where the vendor's release build computes garbage.
enum class ValidRule : std::uint8_t {
  None,
  Same,
  RowExpand,
  ColExpand,
  RowExpandOp,
  ColExpandOp,
  Concat
};
constexpr ValidRule validRule(std::string_view n) {
  constexpr std::string_view same[] = {
      "TABS", "TADD",   "TADDS",  "TAND",  "TANDS",  "TDIV",  "TDIVS",  "TEXP",  "TFMOD", "TFMODS",
      "TLOG", "TLRELU", "TMAX",   "TMAXS", "TMIN",   "TMINS", "TMUL",   "TMULS", "TNEG",  "TNOT",
      "TOR",  "TORS",   "TRECIP", "TRELU", "TRSQRT", "TSHL",  "TSHLS",  "TSHR",  "TSHRS", "TSQRT",
      "TSUB", "TSUBS",  "TREM",   "TREMS", "TXOR",   "TXORS", "TPRELU", "TCVT"};
  for (std::string_view m : same)
    if (m == n)
      return ValidRule::Same;
  if (n == "TROWEXPAND")
    return ValidRule::RowExpand;
  if (n == "TCOLEXPAND")
    return ValidRule::ColExpand;
  if (n.starts_with("TROWEXPAND"))
    return ValidRule::RowExpandOp;
  if (n.starts_with("TCOLEXPAND"))
    return ValidRule::ColExpandOp;
  if (n == "TCONCAT")
    return ValidRule::Concat;
  return ValidRule::None;
}
[[noreturn]] inline void validMismatch(const char *op, const char *what, std::int64_t r,
                                       std::int64_t c, const char *dstWhat, std::int64_t dr,
                                       std::int64_t dc) {
  pl::sim::simFail(op, std::string(what) + "'s valid shape " + pl::sim::detail::validString(r, c) +
                           " does not match " + dstWhat + " " +
                           pl::sim::detail::validString(dr, dc) +
                           " (PTO-ISA runs over the destination's valid region: declare it "
                           "with its sources' valid shape)");
}
/// `x`'s valid rows (when `rows`) and columns (when `cols`) equal (r, c).
template <class X>
void requireValid(const char *op, const char *what, const X &x, std::int64_t r, std::int64_t c,
                  bool rows = true, bool cols = true, const char *dstWhat = "dst's") {
  if constexpr (isPtoTile<X>) {
    if ((rows && x.GetValidRow() != r) || (cols && x.GetValidCol() != c))
      validMismatch(op, what, x.GetValidRow(), x.GetValidCol(), dstWhat, r, c);
  }
}
template <ValidRule R, class S0, class S1, class... T>
void checkExpandOp(const char *op, std::int64_t r, std::int64_t c, const S0 &s0, const S1 &s1,
                   const T &...) {
  requireValid(op, "src0", s0, r, c);
  requireValid(op, "src1", s1, r, c, R == ValidRule::RowExpandOp, R == ValidRule::ColExpandOp);
}
template <class S0, class S1, class... T>
void checkConcat(const char *op, std::int64_t r, std::int64_t c, const S0 &s0, const S1 &s1,
                 const T &...) {
  requireValid(op, "src0", s0, r, c, true, false);
  requireValid(op, "src1", s1, r, c, true, false);
  if (s0.GetValidCol() + s1.GetValidCol() != c)
    validMismatch(op, "src0 + src1", r, s0.GetValidCol() + s1.GetValidCol(), "dst's", r, c);
}
/// The valid-shape rule of instruction `R` on dst and its operands (tiles and scalars, in order).
template <ValidRule R, class D, class... A>
void checkValid(const char *op, const D &dst, const A &...a) {
  const std::int64_t r = dst.GetValidRow(), c = dst.GetValidCol();
  if constexpr (R == ValidRule::Same) {
    (requireValid(op, "a source", a, r, c), ...);
  } else if constexpr (R == ValidRule::RowExpand || R == ValidRule::ColExpand) {
    (requireValid(op, "src", a, r, c, R == ValidRule::RowExpand, R == ValidRule::ColExpand), ...);
  } else if constexpr (R == ValidRule::RowExpandOp || R == ValidRule::ColExpandOp) {
    checkExpandOp<R>(op, r, c, a...);
  } else if constexpr (R == ValidRule::Concat) {
    checkConcat(op, r, c, a...);
  }
}

/// A reduction's destination: a row reduction's rows are its source's valid rows, a column
/// reduction's columns its valid columns.
template <class D, class S> void checkReduce(const char *op, const D &dst, const S &src) {
  const bool row = std::string_view(op).starts_with("TROW");
  requireValid(op, "src", src, dst.GetValidRow(), dst.GetValidCol(), row, !row);
}
/// TMATMUL's accumulator: [lhs's valid rows, rhs's valid columns].
template <class C, class A, class B>
void checkMatmul(const char *op, const C &acc, const A &lhs, const B &rhs) {
  requireValid(op, "lhs", lhs, acc.GetValidRow(), 0, true, false, "the accumulator's");
  requireValid(op, "rhs", rhs, 0, acc.GetValidCol(), false, true, "the accumulator's");
}

/// Records an instruction writing `dst` and reading every other tile argument.
template <class D, class... A>
void issue(pl::sim::Pipe p, const char *name, const D &dst, const A &...a) {
  auto &t = pl::sim::detail::pipeTracker();
  if (!t.active())
    return;
  Ranges reads, writes;
  addRange(writes, dst);
  (addRange(reads, a), ...);
  issueRanges(t, p, name, reads, writes);
}

/// The pipe of a move or extract out of `src`'s space.
template <class S> constexpr pl::sim::Pipe movePipe() {
  constexpr pl::Mem m = std::remove_cvref_t<S>::space;
  return m == pl::Mem::Mat   ? pl::sim::PIPE_MTE1
         : m == pl::Mem::Acc ? pl::sim::PIPE_FIX
                             : pl::sim::PIPE_V;
}

constexpr pl::RoundMode roundMode(RoundMode m) {
  switch (m) {
  case RoundMode::CAST_NONE:
  case RoundMode::CAST_RINT:
    return pl::RoundMode::Rint;
  case RoundMode::CAST_ROUND:
    return pl::RoundMode::Round;
  case RoundMode::CAST_FLOOR:
    return pl::RoundMode::Floor;
  case RoundMode::CAST_CEIL:
    return pl::RoundMode::Ceil;
  case RoundMode::CAST_TRUNC:
    return pl::RoundMode::Trunc;
  case RoundMode::CAST_ODD:
    return pl::RoundMode::Odd;
  }
  return pl::RoundMode::Rint;
}
constexpr pl::CmpMode cmpMode(CmpMode m) {
  switch (m) {
  case CmpMode::EQ:
    return pl::CmpMode::Eq;
  case CmpMode::NE:
    return pl::CmpMode::Ne;
  case CmpMode::LT:
    return pl::CmpMode::Lt;
  case CmpMode::LE:
    return pl::CmpMode::Le;
  case CmpMode::GT:
    return pl::CmpMode::Gt;
  case CmpMode::GE:
    return pl::CmpMode::Ge;
  }
  return pl::CmpMode::Eq;
}

/// The rows and columns a five-extent window covers for tile type `Y`, counted as the vendor's
/// TLOAD / TSTORE count them: a row-major tile's rows are the product of the four leading
/// extents and its columns the last one; a column-major tile's rows are the fourth extent and
/// its columns the product of the others.
template <class Y, class G> std::pair<std::int64_t, std::int64_t> windowRowsCols(const G &g) {
  if constexpr (Y::kBLayout == BLayout::RowMajor)
    return {g.GetShape(0) * g.GetShape(1) * g.GetShape(2) * g.GetShape(3), g.GetShape(4)};
  else
    return {g.GetShape(3), g.GetShape(0) * g.GetShape(1) * g.GetShape(2) * g.GetShape(4)};
}

/// A tile type's layout: ND (RowMajor, no box), DN (ColMajor, no box), NZ (ColMajor of
/// RowMajor 512-byte boxes), ZN (RowMajor of ColMajor boxes).
template <class Y> constexpr bool isNd() {
  return Y::kBLayout == BLayout::RowMajor && Y::kSLayout == SLayout::NoneBox;
}
template <class Y> constexpr bool isDn() {
  return Y::kBLayout == BLayout::ColMajor && Y::kSLayout == SLayout::NoneBox;
}
template <class Y> constexpr bool isNz() {
  return Y::kBLayout == BLayout::ColMajor && Y::kSLayout == SLayout::RowMajor && Y::kFractal == 512;
}
template <class Y> constexpr bool isZn() {
  return Y::kBLayout == BLayout::RowMajor && Y::kSLayout == SLayout::ColMajor && Y::kFractal == 512;
}
/// The layout pairs PTO-ISA's TLOAD takes (its static check): a tile of the window's layout,
/// and into Mat also ND -> NZ and DN -> ZN (the cube's transposed operand).
template <class Y, Layout L> constexpr bool loadLayouts() {
  constexpr bool same = (L == Layout::ND && isNd<Y>()) || (L == Layout::DN && isDn<Y>()) ||
                        (L == Layout::NZ && isNz<Y>());
  if constexpr (Y::kLoc == TileType::Mat)
    return same || (L == Layout::ND && isNz<Y>()) || (L == Layout::DN && isZn<Y>());
  else // a one-column ColMajor tile has an ND window's bytes (the vendor's CPU TLOAD takes it)
    return same || (L == Layout::ND && Y::kBLayout == BLayout::ColMajor && Y::kCols == 1);
}
/// PTO-ISA's TMOV from Mat into Left / Right: the shapes are equal (it has no transposing
/// move) and the source is NZ or ZN (Left: also a one-row RowMajor tile).
template <class D, class S> constexpr bool l0Move() {
  using X = std::remove_cvref_t<D>;
  using Y = std::remove_cvref_t<S>;
  if constexpr (isPtoTile<S>)
    return Y::kLoc == TileType::Mat && (X::kLoc == TileType::Left || X::kLoc == TileType::Right);
  else
    return false;
}
template <class D, class S> constexpr bool l0MoveShapes() {
  if constexpr (l0Move<D, S>())
    return std::remove_cvref_t<D>::kRows == std::remove_cvref_t<S>::kRows &&
           std::remove_cvref_t<D>::kCols == std::remove_cvref_t<S>::kCols;
  else
    return true;
}
template <class D, class S> constexpr bool l0MoveSource() {
  using Y = std::remove_cvref_t<S>;
  if constexpr (l0Move<D, S>())
    return isNz<Y>() || isZn<Y>() ||
           (std::remove_cvref_t<D>::kLoc == TileType::Left && Y::kRows == 1 &&
            Y::kBLayout == BLayout::RowMajor);
  else
    return true;
}

/// The vendor's TLOAD / TSTORE precondition, a hard error here in every build type: the window
/// is exactly the tile's valid shape.
template <class Tl, class G>
void requireWindowIsValidShape(const char *op, const Tl &tile, const G &g) {
  const auto [rows, cols] = windowRowsCols<std::remove_cvref_t<Tl>>(g);
  if (rows != tile.GetValidRow() || cols != tile.GetValidCol())
    pl::sim::simFail(op, "the window covers " + pl::sim::detail::validString(rows, cols) +
                             ", the tile's valid shape is " +
                             pl::sim::detail::validString(tile.GetValidRow(), tile.GetValidCol()) +
                             " (they must be equal: set the tile's valid shape to the window)");
}

/// Every element of `tile` outside its valid region becomes the tile's PadVal (Null and Zero:
/// 0, Min: -inf or the lowest integer, Max: +inf or the largest), as the vendor's TLOAD pads.
template <class Tl> void fillPadding(Tl &tile) {
  using Y = std::remove_cvref_t<Tl>;
  using B = typename Y::SimBase;
  const pl::PadValue p = Y::kPad == PadValue::Max   ? pl::PadValue::Max
                         : Y::kPad == PadValue::Min ? pl::PadValue::Min
                                                    : pl::PadValue::Zero;
  typename B::Storage pad{};
  pl::sim::detail::storeSlot<typename B::Elem>(pad, pl::detail::padSlot(B::dtype, p));
  const std::int64_t vr = tile.GetValidRow(), vc = tile.GetValidCol();
  auto *d = tile.data();
  for (std::int64_t r = 0; r < vr; ++r)
    std::fill(d + r * Y::kCols + vc, d + (r + 1) * Y::kCols, pad);
  std::fill(d + vr * Y::kCols, d + Y::kRows * Y::kCols, pad);
}

} // namespace detail

/// Places `tile` at byte address `addr` of its space (no pipe: a placement, not an instruction).
template <class Tl>
  requires detail::isPtoTile<Tl>
void TASSIGN(Tl &tile, std::uint64_t addr) {
  pl::sim::TASSIGN(detail::base(tile), addr);
}

/// TLOAD(tile, window): the window must be the tile's valid shape (set a dynamic valid dim on
/// the tile before the load); the whole tile is filled with its PadVal (Null and Zero: 0) and
/// the valid region copied from the window.
template <class Tl, class T, class Sh, class St, Layout L>
  requires detail::isPtoTile<Tl>
void TLOAD(Tl &tile, const GlobalTensor<T, Sh, St, L> &src) {
  PTO_SIM_NO_BOOL_TILE("TLOAD", Tl);
  static_assert(detail::loadLayouts<std::remove_cvref_t<Tl>, L>(),
                "pto::TLOAD: a Vec tile loads ND / DN / NZ from a GlobalTensor of the same "
                "layout; a Mat tile also ND into NZ and DN into ZN");
  const auto v = src.view("TLOAD");
  detail::requireWindowIsValidShape("TLOAD", tile, src);
  auto &t = pl::sim::detail::pipeTracker();
  if (t.active()) {
    detail::Ranges reads, writes;
    reads.push_back(detail::gmRange(v.byteRange()));
    detail::addRange(writes, tile);
    detail::issueRanges(t, pl::sim::PIPE_MTE2, "TLOAD", reads, writes);
  }
  const std::int64_t vr = tile.GetValidRow(), vc = tile.GetValidCol();
  pl::sim::TLOAD(detail::base(tile), v);
  tile.SetValidShape(vr, vc); // the tile keeps its valid shape (an empty window: [0, vc])
  detail::fillPadding(tile);
}
/// TSTORE(window, tile): writes the tile's valid region, which the window must be.
template <class T, class Sh, class St, Layout L, class Tl>
  requires detail::isPtoTile<Tl>
void TSTORE(const GlobalTensor<T, Sh, St, L> &dst, const Tl &tile) {
  PTO_SIM_NO_BOOL_TILE("TSTORE", Tl);
  const auto v = dst.view("TSTORE");
  detail::requireWindowIsValidShape("TSTORE", tile, dst);
  auto &t = pl::sim::detail::pipeTracker();
  if (t.active()) {
    detail::Ranges reads, writes;
    detail::addRange(reads, tile);
    writes.push_back(detail::gmRange(v.byteRange()));
    constexpr auto pipe =
        std::remove_cvref_t<Tl>::space == pl::Mem::Acc ? pl::sim::PIPE_FIX : pl::sim::PIPE_MTE3;
    detail::issueRanges(t, pipe, "TSTORE", reads, writes);
  }
  pl::sim::TSTORE(v, detail::base(tile));
}

namespace detail {
/// The rounding TCVT applies converting S to D: the mode only for float -> integer (CAST_NONE
/// truncates there); every other conversion rounds to nearest even whatever the mode.
template <class D, class S> constexpr pl::RoundMode cvtRounding(RoundMode m) {
  constexpr bool floatToInt =
      pl::isFloat(std::remove_cvref_t<S>::dtype) && pl::isInteger(std::remove_cvref_t<D>::dtype);
  if constexpr (!floatToInt)
    return pl::RoundMode::Rint;
  else
    return m == RoundMode::CAST_NONE ? pl::RoundMode::Trunc : roundMode(m);
}
} // namespace detail
/// TCVT(dst, src, mode[, sat]) with PTO-ISA's rounding (detail::cvtRounding). A float -> integer
/// conversion saturates (NaN -> 0) with either SaturationMode; without ON the out-of-range
/// results are target-defined on hardware, so pl-translate always prints ON for them.
template <class D, class S>
  requires detail::isPtoTile<D> && detail::isPtoTile<S>
void TCVT(D &dst, S &src, RoundMode mode, SaturationMode /*sat*/) {
  PTO_SIM_NO_BOOL_TILE("TCVT", D, S);
  PTO_SIM_ROW_MAJOR_ONLY("TCVT", D, S);
  detail::checkValid<detail::ValidRule::Same>("TCVT", dst, src);
  detail::issue(pl::sim::PIPE_V, "TCVT", dst, src);
  pl::sim::TCVT(detail::base(dst), detail::base(src), detail::cvtRounding<D, S>(mode));
}
template <class D, class S>
  requires detail::isPtoTile<D> && detail::isPtoTile<S>
void TCVT(D &dst, S &src, RoundMode mode) {
  TCVT(dst, src, mode, SaturationMode::OFF);
}
namespace detail {
/// PTO-ISA's compare mask: a uint8_t tile, one bit per element (pl/sim/ops_math.hpp "packed
/// compare masks"); PTO-ISA has no other (no bool tile).
template <class M> inline constexpr bool kPackedMask = std::is_same_v<ElemOf<M>, std::uint8_t>;
} // namespace detail
template <class D, class A, class B>
  requires detail::isPtoTile<D>
void TCMP(D &dst, const A &a, const B &b, CmpMode mode) {
  PTO_SIM_ROW_MAJOR_ONLY("TCMP", D, A, B);
  static_assert(detail::kPackedMask<D>,
                "pto::TCMP: the destination is a uint8_t tile (PTO-ISA's packed compare mask)");
  detail::checkValid<detail::ValidRule::Same>("TCMP", a, b); // the sources agree
  detail::requireValid("TCMP", "src0", a, dst.GetValidRow(), dst.GetValidCol(), true,
                       false); // a packed mask's columns are bits
  // PTO-ISA's CPU TCMP zeroes its whole destination before it reads the sources
  pl::sim::detail::requireDisjoint("TCMP", "src0", detail::base(dst), detail::base(a));
  pl::sim::detail::requireDisjoint("TCMP", "src1", detail::base(dst), detail::base(b));
  detail::issue(pl::sim::PIPE_V, "TCMP", dst, a, b);
  const std::int64_t vr = dst.GetValidRow(), vc = dst.GetValidCol();
  pl::sim::TCMPPacked(detail::base(dst), detail::base(a), detail::base(b), detail::cmpMode(mode));
  dst.SetValidShape(vr, vc); // dst keeps its declared valid shape (the bytes past the bits: 0)
}
template <class D, class A, class S>
  requires(detail::isPtoTile<D> && !detail::isPtoTile<S>)
void TCMPS(D &dst, const A &a, const S &s, CmpMode mode) {
  PTO_SIM_ROW_MAJOR_ONLY("TCMPS", D, A);
  static_assert(detail::kPackedMask<D>,
                "pto::TCMPS: the destination is a uint8_t tile (PTO-ISA's packed compare mask)");
  detail::requireValid("TCMPS", "src", a, dst.GetValidRow(), dst.GetValidCol(), true, false);
  // PTO-ISA's TCMPS packs each row's bits into ceil(Cols / 8) bytes of the source's Cols and its
  // CPU simulation places those bytes by the destination's valid columns: any other width moves
  // rows into each other (a hard error here, where the vendor's simulation computes garbage).
  constexpr std::int64_t whole = (std::remove_cvref_t<A>::kCols + 7) / 8;
  if (a.GetValidRow() > 1 && dst.GetValidCol() != whole)
    pl::sim::simFail(
        "TCMPS",
        "the destination " + pl::sim::detail::tileString("dst", detail::base(dst)) + " has " +
            std::to_string(dst.GetValidCol()) + " valid columns; a packed mask of " +
            pl::sim::detail::tileString("src", detail::base(a)) + " keeps whole rows of " +
            std::to_string(whole) + " bytes (PTO-ISA's TCMPS places each row's bytes by them)");
  pl::sim::detail::requireDisjoint("TCMPS", "src", detail::base(dst), detail::base(a));
  detail::issue(pl::sim::PIPE_V, "TCMPS", dst, a);
  const std::int64_t vr = dst.GetValidRow(), vc = dst.GetValidCol();
  pl::sim::TCMPSPacked(detail::base(dst), detail::base(a), s, detail::cmpMode(mode));
  dst.SetValidShape(vr, vc); // dst keeps its declared valid shape (the bytes past the bits: 0)
}
/// TFILLPAD(dst, src): the padding value is dst's `PadVal` (Null is an error: nothing to fill).
template <class D, class S>
  requires detail::isPtoTile<D>
void TFILLPAD(D &dst, const S &src) {
  PTO_SIM_ROW_MAJOR_ONLY("TFILLPAD", D, S);
  using X = std::remove_cvref_t<D>;
  static_assert(X::kPad != PadValue::Null,
                "pto::TFILLPAD: the destination tile has no PadVal to fill with");
  constexpr pl::PadValue p = X::kPad == PadValue::Max   ? pl::PadValue::Max
                             : X::kPad == PadValue::Min ? pl::PadValue::Min
                                                        : pl::PadValue::Zero;
  detail::issue(pl::sim::PIPE_V, "TFILLPAD", dst, src);
  pl::sim::TFILLPAD(detail::base(dst), detail::base(src), p);
}
/// Moves and extracts run on the pipe of their source's space.
template <class D, class S, class... A>
  requires detail::isPtoTile<D>
void TMOV(D &dst, const S &src, A &&...a) {
  static_assert(detail::l0MoveShapes<D, S>(),
                "pto::TMOV: a Mat -> Left / Right move keeps the tile's shape (no transposing "
                "move: a transposed operand is loaded from a DN GlobalTensor into a ZN Mat tile)");
  static_assert(detail::l0MoveSource<D, S>(),
                "pto::TMOV: a Mat -> Left / Right move reads an NZ or ZN Mat tile (a one-row "
                "RowMajor one into Left)");
  if (dst.GetValidRow() != src.GetValidRow() || dst.GetValidCol() != src.GetValidCol())
    pl::sim::simFail(
        "TMOV", "the valid shapes differ: dst " +
                    pl::sim::detail::validString(dst.GetValidRow(), dst.GetValidCol()) + ", src " +
                    pl::sim::detail::validString(src.GetValidRow(), src.GetValidCol()) +
                    " (set dst's valid shape to src's first)");
  detail::issue(detail::movePipe<S>(), "TMOV", dst, src);
  pl::sim::TMOV(detail::base(dst), detail::base(src), std::forward<A>(a)...);
}
/// PTO-ISA's TEXTRACT: `uint16_t` indices; dst's valid region is read from src at (indexRow,
/// indexCol) and must lie inside src's valid region (the vendor asserts it: a hard error here
/// in every build type, never a clipped copy); dst keeps its valid shape.
template <class D, class S>
  requires detail::isPtoTile<D> && detail::isPtoTile<S>
void TEXTRACT(D &dst, S &src, std::uint16_t indexRow = 0, std::uint16_t indexCol = 0) {
  const std::int64_t vr = dst.GetValidRow(), vc = dst.GetValidCol();
  if (vr + indexRow > src.GetValidRow() || vc + indexCol > src.GetValidCol())
    pl::sim::simFail("TEXTRACT",
                     "the window " + pl::sim::detail::validString(vr, vc) +
                         " (dst's valid shape) at (" + std::to_string(indexRow) + ", " +
                         std::to_string(indexCol) + ") exceeds src's valid shape " +
                         pl::sim::detail::validString(src.GetValidRow(), src.GetValidCol()) +
                         " (set dst's valid shape to the part inside src first)");
  detail::issue(detail::movePipe<S>(), "TEXTRACT", dst, src);
  pl::sim::TEXTRACT(detail::base(dst), detail::base(src), indexRow, indexCol);
  pl::sim::detail::setValidZeroPad("TEXTRACT", detail::base(dst), vr, vc);
}
namespace detail {
/// Tile::GetValue / SetValue: element `offset` of the storage (RowStride / ColStride apart), on
/// the scalar pipe. An offset past the tile is an error.
template <class Tl> std::pair<std::int64_t, std::int64_t> valueIndex(std::uint32_t offset) {
  if (offset >= std::uint32_t(Tl::kRows * Tl::kCols))
    pl::sim::simFail("Tile::GetValue/SetValue",
                     "offset " + std::to_string(offset) + " is past the " +
                         std::to_string(Tl::kRows) + "x" + std::to_string(Tl::kCols) +
                         " tile (a row or column index outside it, or negative)");
  if constexpr (Tl::kBLayout == BLayout::RowMajor)
    return {offset / Tl::kCols, offset % Tl::kCols};
  else
    return {offset % Tl::kRows, offset / Tl::kRows};
}
template <class Tl> typename Tl::DType getValue(const Tl &t, std::uint32_t offset) {
  const auto [r, c] = valueIndex<Tl>(offset);
  auto &tr = pl::sim::detail::pipeTracker();
  if (tr.active()) {
    Ranges reads, writes;
    addRange(reads, t);
    issueRanges(tr, pl::sim::PIPE_S, "GetValue", reads, writes);
  }
  return static_cast<typename Tl::DType>(pl::sim::TGETVAL(base(t), r, c));
}
template <class Tl> void setValue(Tl &t, std::uint32_t offset, typename Tl::DType v) {
  const auto [r, c] = valueIndex<Tl>(offset);
  issue(pl::sim::PIPE_S, "SetValue", t);
  if constexpr (std::is_integral_v<typename Tl::DType>)
    pl::sim::TSETVAL(base(t), r, c, v);
  else
    pl::sim::TSETVAL(base(t), r, c, static_cast<double>(v));
}
} // namespace detail

namespace detail {
/// Records an instruction writing `dst` and its scratch tile `tmp`, reading `src`.
template <class D, class S, class T>
void issueScratch(const char *name, const D &dst, const S &src, const T &tmp) {
  auto &t = pl::sim::detail::pipeTracker();
  if (!t.active())
    return;
  Ranges reads, writes;
  addRange(writes, dst);
  addRange(writes, tmp);
  addRange(reads, src);
  issueRanges(t, pl::sim::PIPE_V, name, reads, writes);
}
} // namespace detail

/// Reductions as PTO-ISA declares them: the row reductions and the column arg reductions only
/// with their scratch tile (written), TCOLMAX / TCOLMIN / TCOLPROD without one, TCOLSUM with
/// none or with a scratch tile and its `isBinary` flag (the simulator sums exactly either way).
#define PTO_SIM_REDUCE_SCRATCH(NAME)                                                               \
  template <class D, class S, class T>                                                             \
    requires detail::isPtoTile<D> && detail::isPtoTile<S> && detail::isPtoTile<T>                  \
  void NAME(D &dst, S &src, T &tmp) {                                                              \
    detail::checkReduce(#NAME, dst, src);                                                          \
    detail::issueScratch(#NAME, dst, src, tmp);                                                    \
    pl::sim::NAME(detail::base(dst), detail::base(src), detail::base(tmp));                        \
  }
#define PTO_SIM_REDUCE(NAME)                                                                       \
  template <class D, class S>                                                                      \
    requires detail::isPtoTile<D> && detail::isPtoTile<S>                                          \
  void NAME(D &dst, S &src) {                                                                      \
    detail::checkReduce(#NAME, dst, src);                                                          \
    detail::issue(pl::sim::PIPE_V, #NAME, dst, src);                                               \
    pl::sim::NAME(detail::base(dst), detail::base(src));                                           \
  }
PTO_SIM_REDUCE_SCRATCH(TROWSUM)
PTO_SIM_REDUCE_SCRATCH(TROWMAX)
PTO_SIM_REDUCE_SCRATCH(TROWMIN)
PTO_SIM_REDUCE_SCRATCH(TROWPROD)
PTO_SIM_REDUCE_SCRATCH(TROWARGMAX)
PTO_SIM_REDUCE_SCRATCH(TROWARGMIN)
PTO_SIM_REDUCE_SCRATCH(TCOLARGMAX)
PTO_SIM_REDUCE_SCRATCH(TCOLARGMIN)
PTO_SIM_REDUCE(TCOLSUM)
PTO_SIM_REDUCE(TCOLMAX)
PTO_SIM_REDUCE(TCOLMIN)
PTO_SIM_REDUCE(TCOLPROD)
#undef PTO_SIM_REDUCE
#undef PTO_SIM_REDUCE_SCRATCH
namespace detail {
/// TTRANS's element types: 4 bytes uint32_t / int32_t / float, 2 bytes uint16_t / int16_t / half /
/// bfloat16_t, 1 byte uint8_t / int8_t.
template <class T> constexpr bool transposeElem() {
  return std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::int32_t> ||
         std::is_same_v<T, float> || std::is_same_v<T, std::uint16_t> ||
         std::is_same_v<T, std::int16_t> || std::is_same_v<T, half> ||
         std::is_same_v<T, bfloat16_t> || std::is_same_v<T, std::uint8_t> ||
         std::is_same_v<T, std::int8_t>;
}
template <class> inline constexpr bool kNoTmp = false;
} // namespace detail
/// TTRANS(dst, src, tmp): PTO-ISA's transpose always names its scratch tile (pl plans it:
/// MaterializeScratchTiles); the simulator transposes exactly and leaves tmp's bytes alone.
template <class D, class S, class T>
  requires detail::isPtoTile<D> && detail::isPtoTile<S> && detail::isPtoTile<T>
void TTRANS(D &dst, S &src, T &tmp) {
  static_assert(sizeof(detail::ElemOf<D>) == sizeof(detail::ElemOf<S>),
                "pto::TTRANS: source and destination element sizes differ");
  static_assert(detail::transposeElem<detail::ElemOf<S>>(),
                "pto::TTRANS: the element type is not one of uint32_t int32_t float uint16_t "
                "int16_t half bfloat16_t uint8_t int8_t");
  static_assert(std::remove_cvref_t<S>::kBLayout == BLayout::RowMajor,
                "pto::TTRANS: the source tile must be row-major");
  detail::requireValid("TTRANS", "dst", dst, src.GetValidCol(), src.GetValidRow(), true, true,
                       "src's transpose");
  detail::issueScratch("TTRANS", dst, src, tmp);
  pl::sim::TTRANS(detail::base(dst), detail::base(src), detail::base(tmp));
}
/// Not a PTO-ISA form: named only to reject it with a message.
template <class D, class S>
  requires detail::isPtoTile<D> && detail::isPtoTile<S>
void TTRANS(D &, S &) {
  static_assert(detail::kNoTmp<D>, "pto::TTRANS takes a scratch tile: TTRANS(dst, src, tmp)");
}
template <class D, class S, class T>
  requires detail::isPtoTile<D> && detail::isPtoTile<S> && detail::isPtoTile<T>
void TCOLSUM(D &dst, S &src, T &tmp, bool /*isBinary*/) {
  detail::checkReduce("TCOLSUM", dst, src);
  detail::issueScratch("TCOLSUM", dst, src, tmp);
  pl::sim::TCOLSUM(detail::base(dst), detail::base(src), detail::base(tmp));
}
/// Every other instruction: destination first, on the pipe given.
#define PTO_SIM_INSTRUCTION(NAME, PIPE)                                                            \
  template <class D, class... A>                                                                   \
    requires detail::isPtoTile<D>                                                                  \
  void NAME(D &dst, A &&...a) {                                                                    \
    PTO_SIM_NO_BOOL_TILE(#NAME, D, A...);                                                          \
    PTO_SIM_ROW_MAJOR_ONLY(#NAME, D, A...);                                                        \
    detail::checkValid<detail::validRule(#NAME)>(#NAME, dst, a...);                                \
    detail::issue(pl::sim::PIPE, #NAME, dst, a...);                                                \
    pl::sim::NAME(detail::base(dst), detail::base(std::forward<A>(a))...);                         \
  }
#define PTO_SIM_VECTOR(NAME) PTO_SIM_INSTRUCTION(NAME, PIPE_V)
namespace detail {
/// The element types PTO-ISA's TMATMUL takes: int8 x int8 into int32; half x half, bfloat16_t x
/// bfloat16_t and float x float into float (the cube's Acc is fp32: pl's fp16 / bf16
/// `out_dtype` products are fp32 Acc tiles converted where they leave Acc, WidenAccDtypes).
template <class C, class A, class B> constexpr bool matmulTypes() {
  using TA = ElemOf<A>;
  using TB = ElemOf<B>;
  using TC = ElemOf<C>;
  constexpr bool floatIn =
      std::is_same_v<TA, half> || std::is_same_v<TA, bfloat16_t> || std::is_same_v<TA, float>;
  constexpr bool floatAcc = std::is_same_v<TC, float>;
  if constexpr (!std::is_same_v<TA, TB>)
    return false;
  else if constexpr (std::is_same_v<TA, std::int8_t>)
    return std::is_same_v<TC, std::int32_t>;
  else
    return floatIn && floatAcc;
}
} // namespace detail
#define PTO_SIM_MATMUL_TYPES(NAME, C, A, B)                                                        \
  static_assert(detail::matmulTypes<C, A, B>(),                                                    \
                "pto::" NAME ": no supported element type combination (int8_t x int8_t -> "        \
                "int32_t, half x half / bfloat16_t x bfloat16_t / float x float -> float)")
template <class C, class A, class B>
  requires detail::isPtoTile<C> && detail::isPtoTile<A> && detail::isPtoTile<B>
void TMATMUL(C &acc, A &lhs, B &rhs) {
  PTO_SIM_MATMUL_TYPES("TMATMUL", C, A, B);
  detail::checkMatmul("TMATMUL", acc, lhs, rhs);
  detail::issue(pl::sim::PIPE_M, "TMATMUL", acc, lhs, rhs);
  pl::sim::TMATMUL(detail::base(acc), detail::base(lhs), detail::base(rhs));
}
template <class C, class A, class B>
  requires detail::isPtoTile<C> && detail::isPtoTile<A> && detail::isPtoTile<B>
void TMATMUL_ACC(C &dst, C &accIn, A &lhs, B &rhs) {
  PTO_SIM_MATMUL_TYPES("TMATMUL_ACC", C, A, B);
  detail::checkMatmul("TMATMUL_ACC", dst, lhs, rhs);
  detail::requireValid("TMATMUL_ACC", "the accumulator", accIn, dst.GetValidRow(),
                       dst.GetValidCol());
  detail::issue(pl::sim::PIPE_M, "TMATMUL_ACC", dst, accIn, lhs, rhs);
  pl::sim::TMATMUL_ACC(detail::base(dst), detail::base(accIn), detail::base(lhs),
                       detail::base(rhs));
}
template <class C, class A, class B>
  requires detail::isPtoTile<C> && detail::isPtoTile<A> && detail::isPtoTile<B>
void TMATMUL_ACC(C &acc, A &lhs, B &rhs) {
  TMATMUL_ACC(acc, acc, lhs, rhs);
}
template <class C, class A, class B, class Bias>
  requires detail::isPtoTile<C> && detail::isPtoTile<A> && detail::isPtoTile<B> &&
           detail::isPtoTile<Bias>
void TMATMUL_BIAS(C &acc, A &lhs, B &rhs, Bias &bias) {
  PTO_SIM_MATMUL_TYPES("TMATMUL_BIAS", C, A, B);
  detail::checkMatmul("TMATMUL_BIAS", acc, lhs, rhs);
  static_assert(std::is_same_v<detail::ElemOf<Bias>, detail::ElemOf<C>>,
                "pto::TMATMUL_BIAS: the bias has the accumulator's element type");
  detail::issue(pl::sim::PIPE_M, "TMATMUL_BIAS", acc, lhs, rhs, bias);
  pl::sim::TMATMUL_BIAS(detail::base(acc), detail::base(lhs), detail::base(rhs),
                        detail::base(bias));
}
#undef PTO_SIM_MATMUL_TYPES
PTO_SIM_VECTOR(TABS)
PTO_SIM_VECTOR(TADD)
PTO_SIM_VECTOR(TADDS)
PTO_SIM_VECTOR(TANDS)
PTO_SIM_VECTOR(TCOLEXPAND)
PTO_SIM_VECTOR(TCOLEXPANDADD)
PTO_SIM_VECTOR(TCOLEXPANDDIV)
PTO_SIM_VECTOR(TCOLEXPANDEXPDIF)
PTO_SIM_VECTOR(TCOLEXPANDMAX)
PTO_SIM_VECTOR(TCOLEXPANDMIN)
PTO_SIM_VECTOR(TCOLEXPANDMUL)
PTO_SIM_VECTOR(TCOLEXPANDSUB)
PTO_SIM_VECTOR(TCONCAT)
PTO_SIM_VECTOR(TDIV)
PTO_SIM_VECTOR(TDIVS)
PTO_SIM_VECTOR(TEXP)
PTO_SIM_VECTOR(TEXPANDS)
PTO_SIM_VECTOR(TFMOD)
PTO_SIM_VECTOR(TFMODS)
PTO_SIM_VECTOR(TINSERT)
PTO_SIM_VECTOR(TLOG)
PTO_SIM_VECTOR(TLRELU)
PTO_SIM_VECTOR(TMAX)
PTO_SIM_VECTOR(TMAXS)
PTO_SIM_VECTOR(TMIN)
PTO_SIM_VECTOR(TMINS)
PTO_SIM_VECTOR(TMUL)
PTO_SIM_VECTOR(TMULS)
PTO_SIM_VECTOR(TNEG)
PTO_SIM_VECTOR(TNOT)
PTO_SIM_VECTOR(TORS)
PTO_SIM_VECTOR(TRECIP)
PTO_SIM_VECTOR(TRELU)
PTO_SIM_VECTOR(TROWEXPAND)
PTO_SIM_VECTOR(TROWEXPANDADD)
PTO_SIM_VECTOR(TROWEXPANDDIV)
PTO_SIM_VECTOR(TROWEXPANDEXPDIF)
PTO_SIM_VECTOR(TROWEXPANDMAX)
PTO_SIM_VECTOR(TROWEXPANDMIN)
PTO_SIM_VECTOR(TROWEXPANDMUL)
PTO_SIM_VECTOR(TROWEXPANDSUB)
PTO_SIM_VECTOR(TRSQRT)
PTO_SIM_VECTOR(TSHL)
PTO_SIM_VECTOR(TSHLS)
PTO_SIM_VECTOR(TSHR)
PTO_SIM_VECTOR(TSHRS)
PTO_SIM_VECTOR(TSQRT)
PTO_SIM_VECTOR(TSUB)
PTO_SIM_VECTOR(TSUBS)

/// TRESHAPE(dst, src): src's bytes under dst's tile type, as PTO-ISA's: the same space and byte
/// size, one element type, both boxed or both not; dst keeps the valid shape it was declared
/// with (pl declares it: a reshaped vector's swapped valid shape, tile.set_validshape's).
template <class D, class S>
  requires detail::isPtoTile<D> && detail::isPtoTile<S>
void TRESHAPE(D &dst, S &src) {
  using XD = std::remove_cvref_t<D>;
  using XS = std::remove_cvref_t<S>;
  static_assert(XD::space == XS::space, "pto::TRESHAPE: source and target TileType must be same");
  static_assert(XD::kBytes == XS::kBytes, "pto::TRESHAPE: total byte size must match");
  static_assert(std::is_same_v<detail::ElemOf<D>, detail::ElemOf<S>>,
                "pto::TRESHAPE: one element type");
  static_assert((XD::kSLayout == SLayout::NoneBox) == (XS::kSLayout == SLayout::NoneBox),
                "pto::TRESHAPE: cannot reshape between boxed and non-boxed layouts");
  // PTO-ISA's TRESHAPE is no instruction: it points dst at src's bytes (TASSIGN), so in place
  // (pl declares both at one address) it reads and writes nothing a pipe would order.
  if (static_cast<const void *>(dst.data()) == static_cast<const void *>(src.data()))
    return;
  detail::issue(pl::sim::PIPE_V, "TRESHAPE", dst, src);
  std::memmove(dst.data(), src.data(), XS::kBytes);
}
namespace detail {
/// Records an instruction writing `dst` and its scratch tile `tmp`, reading the tiles of `a`.
template <class D, class T, class... A>
void issueWithScratch(const char *name, const D &dst, const T &tmp, const A &...a) {
  auto &t = pl::sim::detail::pipeTracker();
  if (!t.active())
    return;
  Ranges reads, writes;
  addRange(writes, dst);
  addRange(writes, tmp);
  (addRange(reads, a), ...);
  issueRanges(t, pl::sim::PIPE_V, name, reads, writes);
}
template <class... X> inline constexpr bool kAllTiles = (isPtoTile<X> && ...);
} // namespace detail

// TREM, TREMS, TPRELU, TSEL and TSELS as PTO-ISA declares them: each always names its scratch
// tile (pl plans it: MaterializeScratchTiles), the scalar forms take their scalar where PTO-ISA
// does (TREMS before tmp, TSELS after it). The simulator computes exactly and leaves tmp's bytes
// alone; the forms without tmp are named only to reject them with a message.
template <class D, class A, class B, class T>
  requires detail::kAllTiles<D, A, B, T>
void TREM(D &dst, A &src0, B &src1, T &tmp) {
  PTO_SIM_ROW_MAJOR_ONLY("TREM", D, A, B);
  detail::checkValid<detail::ValidRule::Same>("TREM", dst, src0, src1);
  detail::issueWithScratch("TREM", dst, tmp, src0, src1);
  pl::sim::TREM(detail::base(dst), detail::base(src0), detail::base(src1));
}
template <class D, class A, class B>
  requires detail::kAllTiles<D, A, B>
void TREM(D &, A &, B &) {
  static_assert(detail::kNoTmp<D>, "pto::TREM takes a scratch tile: TREM(dst, src0, src1, tmp)");
}
/// TXOR(dst, src0, src1, tmp), TXORS(dst, src, scalar, tmp): a2a3 builds xor from and / or / not
/// through tmp (dst's element type and at least its valid shape).
template <class D, class A, class B, class T>
  requires detail::kAllTiles<D, A, B, T>
void TXOR(D &dst, A &src0, B &src1, T &tmp) {
  PTO_SIM_NO_BOOL_TILE("TXOR", D, A, B);
  PTO_SIM_ROW_MAJOR_ONLY("TXOR", D, A, B, T);
  static_assert(std::is_same_v<detail::ElemOf<T>, detail::ElemOf<D>>,
                "pto::TXOR: the scratch tile has the destination's element type");
  detail::checkValid<detail::ValidRule::Same>("TXOR", dst, src0, src1);
  detail::issueWithScratch("TXOR", dst, tmp, src0, src1);
  pl::sim::TXOR(detail::base(dst), detail::base(src0), detail::base(src1));
}
template <class D, class A, class B>
  requires detail::kAllTiles<D, A, B>
void TXOR(D &, A &, B &) {
  static_assert(detail::kNoTmp<D>, "pto::TXOR takes a scratch tile: TXOR(dst, src0, src1, tmp)");
}
template <class D, class S, class V, class T>
  requires detail::kAllTiles<D, S, T> && (!detail::isPtoTile<V>)
void TXORS(D &dst, S &src, const V &scalar, T &tmp) {
  PTO_SIM_NO_BOOL_TILE("TXORS", D, S);
  PTO_SIM_ROW_MAJOR_ONLY("TXORS", D, S, T);
  static_assert(std::is_same_v<detail::ElemOf<T>, detail::ElemOf<D>>,
                "pto::TXORS: the scratch tile has the destination's element type");
  detail::checkValid<detail::ValidRule::Same>("TXORS", dst, src);
  detail::issueWithScratch("TXORS", dst, tmp, src);
  pl::sim::TXORS(detail::base(dst), detail::base(src), scalar);
}
template <class D, class S, class V>
  requires detail::kAllTiles<D, S> && (!detail::isPtoTile<V>)
void TXORS(D &, S &, const V &) {
  static_assert(detail::kNoTmp<D>, "pto::TXORS takes a scratch tile: TXORS(dst, src, scalar, tmp)");
}
/// TREMS(dst, src, scalar, tmp): the scratch tile has dst's tile type (the vendor's CPU
/// TREMS_IMPL takes no other; on a2a3 it needs dst's element type and at least its columns).
template <class D, class S, class V, class T>
  requires detail::kAllTiles<D, S, T> && (!detail::isPtoTile<V>)
void TREMS(D &dst, S &src, const V &scalar, T &tmp) {
  PTO_SIM_ROW_MAJOR_ONLY("TREMS", D, S);
  static_assert(std::is_same_v<std::remove_cvref_t<T>, std::remove_cvref_t<D>>,
                "pto::TREMS: the scratch tile has the destination's tile type");
  detail::checkValid<detail::ValidRule::Same>("TREMS", dst, src);
  detail::issueWithScratch("TREMS", dst, tmp, src);
  pl::sim::TREMS(detail::base(dst), detail::base(src), scalar);
}
template <class D, class S, class V>
  requires detail::kAllTiles<D, S> && (!detail::isPtoTile<V>)
void TREMS(D &, S &, const V &) {
  static_assert(detail::kNoTmp<D>, "pto::TREMS takes a scratch tile: TREMS(dst, src, scalar, tmp)");
}
/// TPRELU(dst, src0, src1, tmp): tmp is a uint8_t tile (a2a3 writes src0 > 0 into it as a
/// packed compare mask, with a spare row past dst's valid rows).
template <class D, class A, class B, class T>
  requires detail::kAllTiles<D, A, B, T>
void TPRELU(D &dst, A &src0, B &src1, T &tmp) {
  PTO_SIM_ROW_MAJOR_ONLY("TPRELU", D, A, B, T);
  static_assert(std::is_same_v<detail::ElemOf<T>, std::uint8_t>,
                "pto::TPRELU: the scratch tile is a uint8_t tile (the compare mask)");
  detail::checkValid<detail::ValidRule::Same>("TPRELU", dst, src0, src1);
  detail::issueWithScratch("TPRELU", dst, tmp, src0, src1);
  pl::sim::TPRELU(detail::base(dst), detail::base(src0), detail::base(src1));
}
template <class D, class A, class B>
  requires detail::kAllTiles<D, A, B>
void TPRELU(D &, A &, B &) {
  static_assert(detail::kNoTmp<D>,
                "pto::TPRELU takes a scratch tile: TPRELU(dst, src0, src1, tmp)");
}
/// TSEL(dst, mask, src0, src1, tmp): dst, src0 and src1 are one tile type (PTO-ISA's
/// `TileData`); tmp receives the mask row on a2a3.
template <class D, class M, class T>
  requires detail::kAllTiles<D, M, T>
void TSEL(D &dst, M &mask, D &src0, D &src1, T &tmp) {
  PTO_SIM_ROW_MAJOR_ONLY("TSEL", D, M);
  static_assert(detail::kPackedMask<M>,
                "pto::TSEL: the mask is a uint8_t tile (PTO-ISA's packed compare mask)");
  // dst's valid region is the sources', or that widened to whole bytes of the mask
  // (8 * ceil(cols / 8) columns: PTO-ISA's CPU TSEL reads 8 x the mask's valid columns bits a
  // row, so pl widens a select whose columns may not be a multiple of 8); the widened columns
  // read the sources' padding, as PTO-ISA's TSEL (which checks no source's valid shape) does.
  detail::checkValid<detail::ValidRule::Same>("TSEL", src0, src1);
  const std::int64_t vr = dst.GetValidRow(), vc = dst.GetValidCol(), sc = src0.GetValidCol();
  if (vc == sc)
    detail::checkValid<detail::ValidRule::Same>("TSEL", dst, src0, src1);
  else if (vr != src0.GetValidRow() || vc != (sc + 7) / 8 * 8)
    pl::sim::simFail("TSEL", "dst's valid shape " + pl::sim::detail::validString(vr, vc) +
                                 " is neither the sources' " +
                                 pl::sim::detail::validString(src0.GetValidRow(), sc) +
                                 " nor that widened to whole mask bytes");
  detail::requireValid("TSEL", "the mask", mask, dst.GetValidRow(), 0, true, false);
  detail::issueWithScratch("TSEL", dst, tmp, mask, src0, src1);
  pl::sim::TSELPacked(detail::base(dst), detail::base(mask), detail::base(src0),
                      detail::base(src1));
  if (vc != sc) { // the widened columns
    for (std::int64_t r = 0; r < vr; ++r)
      for (std::int64_t c = sc; c < vc; ++c)
        detail::base(dst).at(r, c) = pl::sim::detail::maskBit(detail::base(mask), r, c)
                                         ? detail::base(src0).at(r, c)
                                         : detail::base(src1).at(r, c);
    dst.SetValidShape(vr, vc);
  }
}
template <class D, class M, class A, class B, class T>
  requires detail::kAllTiles<D, M, A, B, T> && (!std::is_same_v<D, A> || !std::is_same_v<D, B>)
void TSEL(D &, M &, A &, B &, T &) {
  static_assert(detail::kNoTmp<D>, "pto::TSEL: dst, src0 and src1 are one tile type (PTO-ISA's "
                                   "TileData; pass ResolveBackendOpLayouts unifies pad values)");
}
/// TAND / TOR(dst, src0, src1): one tile type for all three, as TSEL's.
#define PTO_SIM_SAME_TYPE_VECTOR(NAME)                                                             \
  template <class D, class A, class B>                                                             \
    requires detail::kAllTiles<D, A, B>                                                            \
  void NAME(D &dst, A &src0, B &src1) {                                                            \
    PTO_SIM_NO_BOOL_TILE(#NAME, D);                                                                \
    static_assert(std::is_same_v<D, A> && std::is_same_v<D, B>,                                    \
                  "pto::" #NAME ": dst, src0 and src1 are one tile type (PTO-ISA's TileData)");    \
    PTO_SIM_ROW_MAJOR_ONLY(#NAME, D);                                                              \
    detail::issue(pl::sim::PIPE_V, #NAME, dst, src0, src1);                                        \
    pl::sim::NAME(detail::base(dst), detail::base(src0), detail::base(src1));                      \
  }
PTO_SIM_SAME_TYPE_VECTOR(TAND)
PTO_SIM_SAME_TYPE_VECTOR(TOR)
#undef PTO_SIM_SAME_TYPE_VECTOR
template <class D, class M, class A, class B>
  requires detail::kAllTiles<D, M, A, B>
void TSEL(D &, M &, A &, B &) {
  static_assert(detail::kNoTmp<D>,
                "pto::TSEL takes a scratch tile: TSEL(dst, mask, src0, src1, tmp)");
}
/// TSELS(dst, mask, src, tmp, scalar): tmp holds the scalar on a2a3.
template <class D, class M, class S, class T, class V>
  requires detail::kAllTiles<D, M, S, T> && (!detail::isPtoTile<V>)
void TSELS(D &dst, M &mask, S &src, T &tmp, const V &scalar) {
  PTO_SIM_ROW_MAJOR_ONLY("TSELS", D, M, S);
  static_assert(std::is_same_v<detail::ElemOf<D>, detail::ElemOf<S>>,
                "pto::TSELS: dst and src have one element type");
  static_assert(detail::kPackedMask<M>,
                "pto::TSELS: the mask is a uint8_t tile (PTO-ISA's packed compare mask)");
  detail::checkValid<detail::ValidRule::Same>("TSELS", dst, src);
  detail::requireValid("TSELS", "the mask", mask, dst.GetValidRow(), 0, true, false);
  detail::issueWithScratch("TSELS", dst, tmp, mask, src);
  pl::sim::TSELSPacked(detail::base(dst), detail::base(mask), detail::base(src), scalar);
}
template <class D, class M, class S, class V>
  requires detail::kAllTiles<D, M, S> && (!detail::isPtoTile<V>)
void TSELS(D &, M &, S &, const V &) {
  static_assert(detail::kNoTmp<D>,
                "pto::TSELS takes a scratch tile: TSELS(dst, mask, src, tmp, scalar)");
}
#undef PTO_SIM_VECTOR
#undef PTO_SIM_INSTRUCTION
#undef PTO_SIM_ROW_MAJOR_ONLY

// ---- cross-core pipes
// ------------------------------------------------------------------------------
//
// pto-isa's TPipe form (docs/backend.md "Mixed tasks and cross-core pipes"). The kernels of a
// mixed task run at once, one cluster (pl/sim/cluster.hpp): an AIC and one or two AIV lanes.
// `TPipe<FlagID, DIR_C2V | DIR_V2C, SlotSize, SlotNum>` is a kernel's end of the pipe of one
// direction, constructed with the GM base of that direction's ring of SlotNum slots of SlotSize
// bytes (null: the simulator keeps the ring) and the consumer buffers in UB (C2V) and L1 (V2C).
// `TPUSH<Pipe, Tile, Split>(pipe, tile)` writes the producer's valid region into the next free
// slot as pto-isa's a2a3 code lays it out: the AIC its whole tile (rows `valid cols` apart),
// lane k its part (TILE_UP_DOWN at element k·rows·cols, TILE_LEFT_RIGHT at column k·cols with
// rows 2·cols apart); TPOP reads the consumer tile's valid region from the same place (the AIC
// with a split: both lanes' parts), pads the rest with the tile's PadVal and holds the slot until
// TFREE. pl/sim checks what the vendor's code assumes: the consumer's split, element type and
// valid shape fit what the producer wrote, the bytes stay inside the slot. The reversed forms
// TPUSH(tile, pipe) / TPOP(tile, pipe) / TFREE(pipe) are TILE_NO_SPLIT. Pipes recorded: TPUSH
// reads its tile on FIX (Acc) or MTE3, TPOP writes its tile on MTE2, TFREE none.

/// pto-isa's pipe directions (pto/common/fifo.hpp); pl/sim implements DIR_C2V and DIR_V2C.
enum Direction : std::uint8_t {
  UNDEFINED = 0,
  DIR_C2V = 1,
  DIR_V2C = 2,
  DIR_BOTH = DIR_C2V | DIR_V2C,
  DIR_V2C_CTRL = 4,
};
/// pto-isa's split of the AIC's tile between the two AIV lanes (pto/common/fifo.hpp); pl/sim
/// implements TILE_NO_SPLIT, TILE_UP_DOWN and TILE_LEFT_RIGHT.
enum TileSplitAxis : std::uint8_t {
  TILE_NO_SPLIT = 0,
  TILE_UP_DOWN = 1,
  TILE_LEFT_RIGHT = 2,
  TILE_UP_DOWN_ODD = 3,
  TILE_LEFT_RIGHT_ODD = 4,
};

namespace detail {

/// The calling thread's cluster kernel; a pipe operation anywhere else is an error.
inline pl::sim::detail::ClusterSeat clusterSeat(const char *op) {
  const pl::sim::detail::ClusterSeat seat = pl::sim::detail::clusterSeat();
  if (!seat.cluster)
    pl::sim::simFail(op, "a cross-core pipe operation outside a mixed task: pipes connect the "
                         "kernels of one rt_submit_task(MixedKernels{aic, aiv0, aiv1}, ...) "
                         "task with an AIC kernel and at least one AIV kernel");
  return seat;
}
inline int laneOf(pl::sim::KernelRole r) { return r == pl::sim::KernelRole::AIV1 ? 1 : 0; }

template <TileSplitAxis S> constexpr pl::sim::PipeSplit pipeSplit() {
  static_assert(S == TILE_NO_SPLIT || S == TILE_UP_DOWN || S == TILE_LEFT_RIGHT,
                "pto::TPUSH / TPOP / TFREE: pl/sim implements TILE_NO_SPLIT, TILE_UP_DOWN and "
                "TILE_LEFT_RIGHT");
  return S == TILE_NO_SPLIT  ? pl::sim::PipeSplit::None
         : S == TILE_UP_DOWN ? pl::sim::PipeSplit::UpDown
                             : pl::sim::PipeSplit::LeftRight;
}

/// The lanes a transfer of kernel `who` under split `s` reaches: a lane its own; the AIC every
/// lane, which a split needs two of and a pop without one exactly one of (`aicPush`: a push,
/// which a no-split pipe sends to every lane).
inline std::vector<int> pipeLanes(const pl::sim::Cluster &cl, pl::sim::KernelRole who,
                                  const char *op, pl::sim::PipeSplit s, bool aicPush) {
  if (s != pl::sim::PipeSplit::None && cl.laneCount() != 2)
    pl::sim::simFail(op, pl::sim::splitPhrase(s) +
                             " halves the tile between two AIV lanes, but the task has " +
                             std::to_string(cl.laneCount()) + " AIV lane(s)");
  if (who != pl::sim::KernelRole::AIC)
    return {laneOf(who)};
  if (s == pl::sim::PipeSplit::None && !aicPush && cl.laneCount() != 1)
    pl::sim::simFail(op, "a pipe without a split from both AIV lanes cannot be popped by the AIC "
                         "(it takes exactly one lane); split it up-down or left-right");
  std::vector<int> lanes;
  for (int k = 0; k < 2; ++k)
    if (cl.hasLane(k))
      lanes.push_back(k);
  return lanes;
}

/// A tile region of `rows` x `cols` elements in a slot: from byte `offset`, rows `stride`
/// elements apart.
struct SlotWindow {
  std::size_t offset = 0;
  std::int64_t rows = 0, cols = 0, stride = 0;
};
/// The AIC's whole valid region: rows `cols` apart from the slot's start.
inline SlotWindow wholeWindow(std::int64_t rows, std::int64_t cols) {
  return {0, rows, cols, cols};
}
/// Lane `lane`'s part of `rows` x `cols` (pto-isa a2a3's addressing): TILE_UP_DOWN from
/// element lane·rows·cols, TILE_LEFT_RIGHT from column lane·cols with rows 2·cols apart,
/// TILE_NO_SPLIT the slot's start.
inline SlotWindow laneWindow(pl::sim::PipeSplit s, int lane, std::int64_t rows, std::int64_t cols,
                             std::size_t elem) {
  if (s == pl::sim::PipeSplit::UpDown)
    return {static_cast<std::size_t>(lane * rows * cols) * elem, rows, cols, cols};
  if (s == pl::sim::PipeSplit::LeftRight)
    return {static_cast<std::size_t>(lane * cols) * elem, rows, cols, 2 * cols};
  return {0, rows, cols, cols};
}
/// `w` of elements of `elem` bytes must lie inside a slot of `slotBytes`.
inline void requireInSlot(const char *op, const SlotWindow &w, std::size_t elem,
                          std::uint32_t slotBytes, const std::string &what) {
  if (w.rows <= 0 || w.cols <= 0)
    return;
  const std::size_t end =
      w.offset + static_cast<std::size_t>((w.rows - 1) * w.stride + w.cols) * elem;
  if (end > slotBytes)
    pl::sim::simFail(op, what + " reaches byte " + std::to_string(end) + " of the slot, past its " +
                             std::to_string(slotBytes) + " bytes (TPipe's SlotSize)");
}
template <class B> void writeWindow(const B &t, const SlotWindow &w, std::byte *slot) {
  using St = typename B::Storage;
  for (std::int64_t r = 0; r < w.rows; ++r)
    for (std::int64_t c = 0; c < w.cols; ++c) {
      const St v = t.at(r, c);
      std::memcpy(slot + w.offset + static_cast<std::size_t>(r * w.stride + c) * sizeof(St), &v,
                  sizeof(St));
    }
}
template <class B> void readWindow(B &t, const SlotWindow &w, const std::byte *slot) {
  using St = typename B::Storage;
  for (std::int64_t r = 0; r < w.rows; ++r)
    for (std::int64_t c = 0; c < w.cols; ++c) {
      St v;
      std::memcpy(&v, slot + w.offset + static_cast<std::size_t>(r * w.stride + c) * sizeof(St),
                  sizeof(St));
      t.at(r, c) = v;
    }
}

/// `fp32[16, 16]`.
inline std::string shapeString(pl::DType d, std::int64_t rows, std::int64_t cols) {
  return std::string(pl::dtypeName(d)) + "[" + std::to_string(rows) + ", " + std::to_string(cols) +
         "]";
}
inline const char *splitAxisName(pl::sim::PipeSplit s) {
  return s == pl::sim::PipeSplit::None     ? "TILE_NO_SPLIT"
         : s == pl::sim::PipeSplit::UpDown ? "TILE_UP_DOWN"
                                           : "TILE_LEFT_RIGHT";
}

/// The valid shape a consumer of split `s` reads, from what the producers wrote (`metas`: the
/// AIC's whole tile for a lane; each lane's part for the AIC); checks their split and element
/// type against the consumer's. pto-isa's TPOP reads the consumer tile's valid region, so it
/// must be exactly this.
inline std::pair<std::int64_t, std::int64_t>
poppedValid(const std::vector<pl::sim::SlotPayload> &metas, bool aic, pl::sim::PipeSplit s,
            pl::DType dtype, const std::string &pipe) {
  for (const pl::sim::SlotPayload &m : metas) {
    if (m.split != s)
      pl::sim::simFail("TPOP", "pipe " + pipe + ": the tile was pushed with " +
                                   splitAxisName(m.split) + " (" + m.from + "), popped with " +
                                   splitAxisName(s));
    if (m.dtype != dtype)
      pl::sim::simFail("TPOP", "pipe " + pipe + " delivers " + std::string(pl::dtypeName(m.dtype)) +
                                   " (pushed from " + m.from + "), but the tile holds " +
                                   std::string(pl::dtypeName(dtype)));
  }
  const pl::sim::SlotPayload &m = metas.front();
  const bool ud = s == pl::sim::PipeSplit::UpDown, lr = s == pl::sim::PipeSplit::LeftRight;
  if (!aic) {
    if ((ud && m.validRow % 2) || (lr && m.validCol % 2))
      pl::sim::simFail("TPOP", "pipe " + pipe + ": " + pl::sim::splitPhrase(s) + " halves the " +
                                   (ud ? "rows" : "columns") + ", but the pushed tile (" + m.from +
                                   ") has " + std::to_string(ud ? m.validRow : m.validCol) +
                                   " valid ones (an odd count)");
    return {ud ? m.validRow / 2 : m.validRow, lr ? m.validCol / 2 : m.validCol};
  }
  if (metas.size() == 2 && (metas[1].validRow != m.validRow || metas[1].validCol != m.validCol))
    pl::sim::simFail("TPOP",
                     "pipe " + pipe + ": the lanes' parts " +
                         pl::sim::detail::validString(m.validRow, m.validCol) + " (AIV0) and " +
                         pl::sim::detail::validString(metas[1].validRow, metas[1].validCol) +
                         " (AIV1) differ; pto-isa joins equal halves only");
  return {ud ? 2 * m.validRow : m.validRow, lr ? 2 * m.validCol : m.validCol};
}

/// Records a pipe instruction reading or writing `tile` (pipe checker).
template <class Tl> void issuePipe(pl::sim::Pipe p, const char *name, const Tl &tile, bool write) {
  auto &t = pl::sim::detail::pipeTracker();
  if (!t.active())
    return;
  Ranges r, none;
  addRange(r, tile);
  if (write)
    issueRanges(t, p, name, none, r);
  else
    issueRanges(t, p, name, r, none);
}

} // namespace detail

/// pto-isa's TPipe (pto/npu/a2a3/TPush.hpp, pto/cpu/TPush.hpp): a kernel's end of the pipe of
/// direction `DirType` with `SlotNum` slots of `SlotSize` bytes, the flags FlagID and FlagID + 1
/// on hardware. The constructor takes the GM base of the ring (SlotNum · SlotSize bytes; null:
/// the simulator keeps the ring), and the consumer buffers in UB (C2V) and L1 (V2C), where the
/// hardware's TPOP places its tile (LocalSlotNum slots of SlotSize bytes).
template <std::uint8_t FlagID, std::uint8_t DirType, std::uint32_t SlotSize, std::uint32_t SlotNum,
          std::uint32_t LocalSlotNum = 2, bool IsNoSplit = false, bool EN_UNIT_FLAG = false>
struct TPipe {
  static_assert(DirType == DIR_C2V || DirType == DIR_V2C,
                "pto::TPipe: pl/sim implements the single-direction pipes DIR_C2V and DIR_V2C");
  static_assert(SlotSize > 0 && SlotNum >= 1 && LocalSlotNum >= 1,
                "pto::TPipe: a pipe needs at least one slot of at least one byte");
  static_assert(FlagID + 1 < 16, "pto::TPipe: FlagID + 1 must be less than 16 (hardware flags)");
  static_assert(!IsNoSplit && !EN_UNIT_FLAG,
                "pto::TPipe: pl/sim implements IsNoSplit = false and EN_UNIT_FLAG = false");
  static constexpr bool is_c2v = DirType == DIR_C2V;
  static constexpr bool is_v2c = DirType == DIR_V2C;
  static constexpr pl::sim::PipeDir kDir = is_c2v ? pl::sim::PipeDir::C2V : pl::sim::PipeDir::V2C;
  static constexpr std::uint32_t kSlotSize = SlotSize;

  explicit TPipe(__gm__ void *gmSlotBuffer, std::uint32_t c2vConsumerBuf,
                 std::uint32_t v2cConsumerBuf)
      : c2vConsumerBuf_(c2vConsumerBuf), v2cConsumerBuf_(v2cConsumerBuf) {
    const pl::sim::detail::ClusterSeat seat = detail::clusterSeat("TPipe");
    seat.cluster->declare(seat.role, kDir, SlotSize, SlotNum, gmSlotBuffer);
    cluster_ = seat.cluster;
    role_ = seat.role;
  }
  TPipe(const TPipe &) = delete;
  TPipe &operator=(const TPipe &) = delete;

  /// The cluster, checked to be the calling kernel's (the one that set the pipe up).
  pl::sim::Cluster &cluster(const char *op) const {
    const pl::sim::detail::ClusterSeat seat = detail::clusterSeat(op);
    if (seat.cluster != cluster_ || seat.role != role_)
      pl::sim::simFail(op, "a pipe is used outside the kernel run that set it up");
    return *cluster_;
  }
  pl::sim::KernelRole role() const { return role_; }
  /// The consumer-buffer address of this end's next TPOP (pto-isa a2a3: the buffer of the
  /// pipe's direction plus (pop count mod LocalSlotNum) · SlotSize); counts the pop.
  std::uint64_t nextConsumerSlot() {
    const std::uint64_t base = is_c2v ? c2vConsumerBuf_ : v2cConsumerBuf_;
    return base + std::uint64_t(pops_++ % LocalSlotNum) * SlotSize;
  }

private:
  std::uint32_t c2vConsumerBuf_ = 0, v2cConsumerBuf_ = 0;
  std::uint64_t pops_ = 0;
  pl::sim::Cluster *cluster_ = nullptr;
  pl::sim::KernelRole role_ = pl::sim::KernelRole::AIC;
};

namespace detail {
template <class P> struct IsTPipe : std::false_type {};
template <std::uint8_t F, std::uint8_t D, std::uint32_t S, std::uint32_t N, std::uint32_t L, bool A,
          bool B>
struct IsTPipe<TPipe<F, D, S, N, L, A, B>> : std::true_type {};
template <class P> inline constexpr bool isTPipe = IsTPipe<std::remove_cvref_t<P>>::value;
inline std::string pipeString(pl::sim::PipeDir d, int lane) {
  return pl::sim::channelName(d, lane);
}
} // namespace detail

/// Sends the valid region of `tile` to the other side: the AIC to every lane (with a split:
/// part k to lane k), a lane to the AIC. Waits while the next slot is filled or held.
template <class Pipe, class TileProd, TileSplitAxis Split>
  requires detail::isTPipe<Pipe> && detail::isPtoTile<TileProd>
void TPUSH(Pipe &pipe, TileProd &tile) {
  using X = std::remove_cvref_t<TileProd>;
  static_assert(X::space == pl::Mem::Acc || X::space == pl::Mem::Mat || X::space == pl::Mem::Vec,
                "pto::TPUSH sends an Acc, Mat or Vec tile");
  constexpr pl::sim::PipeSplit s = detail::pipeSplit<Split>();
  pl::sim::Cluster &cl = pipe.cluster("TPUSH");
  const pl::sim::KernelRole who = pipe.role();
  const bool aic = who == pl::sim::KernelRole::AIC;
  if (aic != Pipe::is_c2v)
    pl::sim::simFail("TPUSH", std::string("a push to a pipe flowing ") +
                                  (aic ? "into the AIC" : "into the AIV lanes") +
                                  ": a kernel pushes only to the pipes leaving it");
  detail::issuePipe(X::space == pl::Mem::Acc ? pl::sim::PIPE_FIX : pl::sim::PIPE_MTE3, "TPUSH",
                    tile, false);
  const auto &b = detail::base(tile);
  const std::vector<int> lanes = detail::pipeLanes(cl, who, "TPUSH", s, true);
  const std::int64_t vr = b.GetValidRow(), vc = b.GetValidCol();
  using St = typename std::remove_cvref_t<decltype(b)>::Storage;
  if (aic && ((s == pl::sim::PipeSplit::UpDown && vr % 2) ||
              (s == pl::sim::PipeSplit::LeftRight && vc % 2)))
    pl::sim::simFail("TPUSH", pl::sim::splitPhrase(s) + " halves the " +
                                  (s == pl::sim::PipeSplit::UpDown ? "rows" : "columns") +
                                  ", but " + b.describe() + " has " +
                                  std::to_string(s == pl::sim::PipeSplit::UpDown ? vr : vc) +
                                  " valid ones (an odd count)");
  const detail::SlotWindow w = aic ? detail::wholeWindow(vr, vc)
                                   : detail::laneWindow(s, detail::laneOf(who), vr, vc, sizeof(St));
  const std::string pipeName = detail::pipeString(Pipe::kDir, lanes.front());
  detail::requireInSlot("TPUSH", w, sizeof(St), Pipe::kSlotSize,
                        "the valid region " + detail::shapeString(X::dtype, vr, vc) + " of " +
                            b.describe() + " pushed to pipe " + pipeName);
  const pl::sim::SlotPayload meta{X::dtype, vr, vc, s, b.describe()};
  cl.push(who, Pipe::kDir, lanes, meta,
          [&](std::byte *slot, std::uint32_t) { detail::writeWindow(b, w, slot); });
}
/// TPUSH(tile, pipe): TILE_NO_SPLIT.
template <class TileProd, class Pipe>
  requires detail::isPtoTile<TileProd> && detail::isTPipe<Pipe>
void TPUSH(TileProd &tile, Pipe &pipe) {
  TPUSH<Pipe, TileProd, TILE_NO_SPLIT>(pipe, tile);
}

/// Receives the next tile from the other side: places `tile` in the next slot of the consumer
/// buffer (as the hardware does), reads its valid region from the ring (the AIC with a split:
/// both lanes' parts, joined) and pads the rest; the ring slot stays held until TFREE (on a2a3
/// the TPOP itself releases it; pl/sim's TFREE checks the pairing). Waits while no slot is
/// filled.
template <class Pipe, class TileCons, TileSplitAxis Split>
  requires detail::isTPipe<Pipe> && detail::isPtoTile<TileCons>
void TPOP(Pipe &pipe, TileCons &tile) {
  using X = std::remove_cvref_t<TileCons>;
  static_assert(X::space == pl::Mem::Vec || X::space == pl::Mem::Mat,
                "pto::TPOP receives into a Vec or Mat tile");
  constexpr pl::sim::PipeSplit s = detail::pipeSplit<Split>();
  pl::sim::Cluster &cl = pipe.cluster("TPOP");
  const pl::sim::KernelRole who = pipe.role();
  const bool aic = who == pl::sim::KernelRole::AIC;
  if (aic != Pipe::is_v2c)
    pl::sim::simFail("TPOP", std::string("a pop from a pipe flowing ") +
                                 (aic ? "out of the AIC" : "out of the AIV lanes") +
                                 ": a kernel pops only from the pipes entering it");
  auto &b = detail::base(tile);
  if (X::kBytes > Pipe::kSlotSize)
    pl::sim::simFail("TPOP", b.describe() + " takes " + std::to_string(X::kBytes) +
                                 " bytes, more than a consumer-buffer slot of " +
                                 std::to_string(Pipe::kSlotSize) + " (TPipe's SlotSize)");
  TASSIGN(tile, pipe.nextConsumerSlot()); // the hardware's TPOP places its tile there
  detail::issuePipe(pl::sim::PIPE_MTE2, "TPOP", tile, true);
  const std::vector<int> lanes = detail::pipeLanes(cl, who, "TPOP", s, false);
  const std::int64_t vr = b.GetValidRow(), vc = b.GetValidCol();
  using St = typename std::remove_cvref_t<decltype(b)>::Storage;
  const detail::SlotWindow w = aic ? detail::wholeWindow(vr, vc)
                                   : detail::laneWindow(s, detail::laneOf(who), vr, vc, sizeof(St));
  const std::string pipeName = detail::pipeString(Pipe::kDir, lanes.front());
  detail::requireInSlot("TPOP", w, sizeof(St), Pipe::kSlotSize,
                        "the valid region " + detail::shapeString(X::dtype, vr, vc) + " of " +
                            b.describe() + " popped from pipe " + pipeName);
  cl.pop(who, Pipe::kDir, lanes,
         [&](const std::byte *slot, std::uint32_t, const std::vector<pl::sim::SlotPayload> &metas) {
           const auto [pr, pc] = detail::poppedValid(metas, aic, s, X::dtype, pipeName);
           if (pr != vr || pc != vc)
             pl::sim::simFail(
                 "TPOP", "pipe " + pipeName + " delivers " + detail::shapeString(X::dtype, pr, pc) +
                             " (from " + metas.front().from + "), but " + b.describe() +
                             " has the valid shape " + pl::sim::detail::validString(vr, vc) +
                             " (pto-isa's TPOP reads the tile's valid region)");
           detail::readWindow(b, w, slot);
         });
  detail::fillPadding(tile);
}
/// TPOP(tile, pipe): TILE_NO_SPLIT.
template <class TileCons, class Pipe>
  requires detail::isPtoTile<TileCons> && detail::isTPipe<Pipe>
void TPOP(TileCons &tile, Pipe &pipe) {
  TPOP<Pipe, TileCons, TILE_NO_SPLIT>(pipe, tile);
}

/// Releases the oldest slot this kernel popped from `pipe` and still holds (the AIC with a
/// split: one per lane).
template <class Pipe, TileSplitAxis Split>
  requires detail::isTPipe<Pipe>
void TFREE(Pipe &pipe) {
  constexpr pl::sim::PipeSplit s = detail::pipeSplit<Split>();
  pl::sim::Cluster &cl = pipe.cluster("TFREE");
  const pl::sim::KernelRole who = pipe.role();
  const bool aic = who == pl::sim::KernelRole::AIC;
  if (aic != Pipe::is_v2c)
    pl::sim::simFail("TFREE", std::string("a free of a slot of a pipe flowing ") +
                                  (aic ? "out of the AIC" : "out of the AIV lanes") +
                                  ": slots are freed by the kernel that pops them");
  cl.free(Pipe::kDir, detail::pipeLanes(cl, who, "TFREE", s, false));
}
/// TFREE(pipe): TILE_NO_SPLIT.
template <class Pipe>
  requires detail::isTPipe<Pipe>
void TFREE(Pipe &pipe) {
  TFREE<Pipe, TILE_NO_SPLIT>(pipe);
}

// ---- irregular instructions: TCI, TPARTADD / TPARTMUL / TPARTMAX / TPARTMIN -----------------
// (pl/sim/ops_irregular.hpp computes them; these are PTO-ISA's signatures and operand rules.)

/// TCI<TileData, T, descending>(dst, start): PTO-ISA names the tile type, the start's type (the
/// tile's element type) and the direction explicitly. The no-tmp form (a2a3's scalar loop).
template <class TileData, class T, int descending>
  requires detail::isPtoTile<TileData>
void TCI(TileData &dst, T start) {
  static_assert(std::is_same_v<typename TileData::DType, T>,
                "pto::TCI: the start has the tile's element type (Fix: TCI expect src and dst "
                "same datatype)");
  static_assert(TileData::kRows == 1,
                "pto::TCI: the tile has one row (Fix: TCI expect tile row is 1)");
  detail::issue(pl::sim::PIPE_V, "TCI", dst);
  pl::sim::TCI<descending != 0>(detail::base(dst), start);
}

/// TPARTADD / TPARTMUL / TPARTMAX / TPARTMIN(dst, src0, src1): three tile types of one element
/// type, row-major (a2a3's rule); dst's valid shape is the result's (pl declares it: the
/// per-dim larger of the sources', MaterializeTileValidShapes).
#define PTO_SIM_PART(NAME)                                                                         \
  template <class D, class A, class B>                                                             \
    requires detail::kAllTiles<D, A, B>                                                            \
  void NAME(D &dst, A &src0, B &src1) {                                                            \
    static_assert(detail::rowMajorOperands<D, A, B>(),                                             \
                  "pto::" #NAME ": dst, src0 and src1 are row-major (Fix: not supported BLayout "  \
                  "type)");                                                                        \
    detail::issue(pl::sim::PIPE_V, #NAME, dst, src0, src1);                                        \
    pl::sim::NAME(detail::base(dst), detail::base(src0), detail::base(src1));                      \
  }
PTO_SIM_PART(TPARTADD)
PTO_SIM_PART(TPARTMUL)
PTO_SIM_PART(TPARTMAX)
PTO_SIM_PART(TPARTMIN)
#undef PTO_SIM_PART

// pto-isa has no reserve_buffer / import_peer_buffer: a TPipe takes its consumer buffers'
// addresses, which pl's AllocateMemoryAddr places (as a kernel's reserve_buffer says).

// The block index, block count and AIV lane are no PTO-ISA names: kernels read them from their
// arguments (intrinsic.h's get_block_idx(args), get_block_num(args), get_sub_block_id(args)).

} // namespace pto

// The pipes, event ids and flag instructions are global names, as in the vendor's headers.
using pl::sim::EVENT_ID0;
using pl::sim::EVENT_ID1;
using pl::sim::EVENT_ID2;
using pl::sim::EVENT_ID3;
using pl::sim::EVENT_ID4;
using pl::sim::EVENT_ID5;
using pl::sim::EVENT_ID6;
using pl::sim::EVENT_ID7;
using pl::sim::PIPE_ALL;
using pl::sim::pipe_barrier;
using pl::sim::PIPE_FIX;
using pl::sim::PIPE_M;
using pl::sim::PIPE_MTE1;
using pl::sim::PIPE_MTE2;
using pl::sim::PIPE_MTE3;
using pl::sim::PIPE_S;
using pl::sim::PIPE_V;
using pl::sim::set_flag;
using pl::sim::wait_flag;
