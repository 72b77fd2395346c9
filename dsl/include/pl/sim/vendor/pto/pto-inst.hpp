// pto/pto-inst.hpp — pl/sim's CPU implementation of the PTO-ISA C++ API subset that pl's PTO
// backend emits (namespace pto: Tile, Shape, Stride, GlobalTensor, TASSIGN, the T* instructions,
// pipe flags). Kernels printed by pl-translate compile unchanged against this header or the
// vendor's; this one runs them on the simulator's cores (real on-chip capacities, planned
// addresses, every global-memory access checked against its allocation). Written from the
// documented API (docs/backend.md lists what is implemented); no vendor code.
//
// Include path: `-I <pl>/include/pl/sim/vendor` makes `#include <pto/pto-inst.hpp>` find it.
#pragma once

#include <cstdint>
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

  Tile() : Base(RowValid == DYNAMIC ? Rows : RowValid, ColValid == DYNAMIC ? Cols : ColValid) {}
  Tile(std::int64_t validRow, std::int64_t validCol) : Base(validRow, validCol) {
    if ((RowValid != DYNAMIC && validRow != RowValid) ||
        (ColValid != DYNAMIC && validCol != ColValid))
      pl::sim::simFail("pto::Tile", "a static valid shape cannot be set at construction");
  }
  void SetValidRow(std::int64_t r) { this->SetValidShape(r, this->GetValidCol()); }
  void SetValidCol(std::int64_t c) { this->SetValidShape(this->GetValidRow(), c); }
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
// else V; the matmul family M; TGETVAL / TSETVAL S; every other instruction V.

namespace detail {

template <class X> struct IsPtoTile : std::false_type {};
template <TileType L, class T, int R, int C, BLayout B, int RV, int CV, SLayout S, int F,
          PadValue P, CompactMode M>
struct IsPtoTile<Tile<L, T, R, C, B, RV, CV, S, F, P, M>> : std::true_type {};
template <class X> inline constexpr bool isPtoTile = IsPtoTile<std::remove_cvref_t<X>>::value;

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

template <class X> void addRange(std::vector<pl::sim::detail::ByteRange> &out, const X &x) {
  if constexpr (isPtoTile<X>) {
    using Y = std::remove_cvref_t<X>;
    const auto lo = reinterpret_cast<std::uintptr_t>(x.data());
    out.push_back({static_cast<int>(Y::space), lo, lo + Y::kBytes});
  }
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
    "TABS",   "TADD",   "TADDS", "TAND",     "TANDS", "TCMP",   "TCMPS", "TCOS",   "TCVT",
    "TDIV",   "TDIVS",  "TEXP",  "TFILLPAD", "TFMOD", "TFMODS", "TLOG",  "TLRELU", "TMAX",
    "TMAXS",  "TMIN",   "TMINS", "TMUL",     "TMULS", "TNEG",   "TNOT",  "TOR",    "TORS",
    "TPRELU", "TRECIP", "TRELU", "TREM",     "TREMS", "TRSQRT", "TSEL",  "TSELS",  "TSHL",
    "TSHLS",  "TSHR",   "TSHRS", "TSIN",     "TSQRT", "TSUB",   "TSUBS", "TXOR",   "TXORS"};
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

/// Records an instruction writing `dst` and reading every other tile argument.
template <class D, class... A>
void issue(pl::sim::Pipe p, const char *name, const D &dst, const A &...a) {
  auto &t = pl::sim::detail::pipeTracker();
  if (!t.active())
    return;
  std::vector<pl::sim::detail::ByteRange> reads, writes;
  addRange(writes, dst);
  (addRange(reads, a), ...);
  t.issue(p, name, reads, writes);
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

} // namespace detail

/// Places `tile` at byte address `addr` of its space (no pipe: a placement, not an instruction).
template <class Tl>
  requires detail::isPtoTile<Tl>
void TASSIGN(Tl &tile, std::uint64_t addr) {
  pl::sim::TASSIGN(detail::base(tile), addr);
}

template <class Tl, class T, class Sh, class St, Layout L>
  requires detail::isPtoTile<Tl>
void TLOAD(Tl &tile, const GlobalTensor<T, Sh, St, L> &src) {
  const auto v = src.view("TLOAD");
  auto &t = pl::sim::detail::pipeTracker();
  if (t.active()) {
    std::vector<pl::sim::detail::ByteRange> writes;
    detail::addRange(writes, tile);
    t.issue(pl::sim::PIPE_MTE2, "TLOAD", {detail::gmRange(v.byteRange())}, writes);
  }
  pl::sim::TLOAD(detail::base(tile), v);
}
template <class T, class Sh, class St, Layout L, class Tl>
  requires detail::isPtoTile<Tl>
void TSTORE(const GlobalTensor<T, Sh, St, L> &dst, const Tl &tile) {
  const auto v = dst.view("TSTORE");
  auto &t = pl::sim::detail::pipeTracker();
  if (t.active()) {
    std::vector<pl::sim::detail::ByteRange> reads;
    detail::addRange(reads, tile);
    constexpr auto pipe =
        std::remove_cvref_t<Tl>::space == pl::Mem::Acc ? pl::sim::PIPE_FIX : pl::sim::PIPE_MTE3;
    t.issue(pipe, "TSTORE", reads, {detail::gmRange(v.byteRange())});
  }
  pl::sim::TSTORE(v, detail::base(tile));
}

/// TCVT(dst, src, mode): CAST_NONE is the default conversion (round to nearest even).
template <class D, class S>
  requires detail::isPtoTile<D>
void TCVT(D &dst, const S &src, RoundMode mode) {
  PTO_SIM_ROW_MAJOR_ONLY("TCVT", D, S);
  detail::issue(pl::sim::PIPE_V, "TCVT", dst, src);
  pl::sim::TCVT(detail::base(dst), detail::base(src), detail::roundMode(mode));
}
template <class D, class A, class B>
  requires detail::isPtoTile<D>
void TCMP(D &dst, const A &a, const B &b, CmpMode mode) {
  PTO_SIM_ROW_MAJOR_ONLY("TCMP", D, A, B);
  detail::issue(pl::sim::PIPE_V, "TCMP", dst, a, b);
  pl::sim::TCMP(detail::base(dst), detail::base(a), detail::base(b), detail::cmpMode(mode));
}
template <class D, class A, class S>
  requires(detail::isPtoTile<D> && !detail::isPtoTile<S>)
void TCMPS(D &dst, const A &a, const S &s, CmpMode mode) {
  PTO_SIM_ROW_MAJOR_ONLY("TCMPS", D, A);
  detail::issue(pl::sim::PIPE_V, "TCMPS", dst, a);
  pl::sim::TCMPS(detail::base(dst), detail::base(a), s, detail::cmpMode(mode));
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
  detail::issue(detail::movePipe<S>(), "TMOV", dst, src);
  pl::sim::TMOV(detail::base(dst), detail::base(src), std::forward<A>(a)...);
}
template <class D, class S>
  requires detail::isPtoTile<D>
void TMOV_TRANSPOSE(D &dst, const S &src) {
  detail::issue(detail::movePipe<S>(), "TMOV_TRANSPOSE", dst, src);
  pl::sim::TMOV_TRANSPOSE(detail::base(dst), detail::base(src));
}
template <class D, class S>
  requires detail::isPtoTile<D>
void TEXTRACT(D &dst, const S &src, std::int64_t row, std::int64_t col) {
  detail::issue(detail::movePipe<S>(), "TEXTRACT", dst, src);
  pl::sim::TEXTRACT(detail::base(dst), detail::base(src), row, col);
}
/// Scalar access to a tile element runs on the scalar pipe.
template <class Tl>
  requires detail::isPtoTile<Tl>
auto TGETVAL(const Tl &t, std::int64_t r, std::int64_t c) {
  auto &tr = pl::sim::detail::pipeTracker();
  if (tr.active()) {
    std::vector<pl::sim::detail::ByteRange> reads;
    detail::addRange(reads, t);
    tr.issue(pl::sim::PIPE_S, "TGETVAL", reads, {});
  }
  return pl::sim::TGETVAL(detail::base(t), r, c);
}
template <class Tl, class S>
  requires detail::isPtoTile<Tl>
void TSETVAL(Tl &t, std::int64_t r, std::int64_t c, const S &v) {
  detail::issue(pl::sim::PIPE_S, "TSETVAL", t);
  pl::sim::TSETVAL(detail::base(t), r, c, v);
}

namespace detail {
/// Records an instruction writing `dst` and its scratch tile `tmp`, reading `src`.
template <class D, class S, class T>
void issueScratch(const char *name, const D &dst, const S &src, const T &tmp) {
  auto &t = pl::sim::detail::pipeTracker();
  if (!t.active())
    return;
  std::vector<pl::sim::detail::ByteRange> reads, writes;
  addRange(writes, dst);
  addRange(writes, tmp);
  addRange(reads, src);
  t.issue(pl::sim::PIPE_V, name, reads, writes);
}
} // namespace detail

/// Reductions as PTO-ISA declares them: the row reductions and the column arg reductions only
/// with their scratch tile (written), TCOLMAX / TCOLMIN / TCOLPROD without one, TCOLSUM with
/// none or with a scratch tile and its `isBinary` flag (the simulator sums exactly either way).
#define PTO_SIM_REDUCE_SCRATCH(NAME)                                                               \
  template <class D, class S, class T>                                                             \
    requires detail::isPtoTile<D> && detail::isPtoTile<S> && detail::isPtoTile<T>                  \
  void NAME(D &dst, S &src, T &tmp) {                                                              \
    detail::issueScratch(#NAME, dst, src, tmp);                                                    \
    pl::sim::NAME(detail::base(dst), detail::base(src), detail::base(tmp));                        \
  }
#define PTO_SIM_REDUCE(NAME)                                                                       \
  template <class D, class S>                                                                      \
    requires detail::isPtoTile<D> && detail::isPtoTile<S>                                          \
  void NAME(D &dst, S &src) {                                                                      \
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
template <class D, class S, class T>
  requires detail::isPtoTile<D> && detail::isPtoTile<S> && detail::isPtoTile<T>
void TCOLSUM(D &dst, S &src, T &tmp, bool /*isBinary*/) {
  detail::issueScratch("TCOLSUM", dst, src, tmp);
  pl::sim::TCOLSUM(detail::base(dst), detail::base(src), detail::base(tmp));
}
/// Every other instruction: destination first, on the pipe given.
#define PTO_SIM_INSTRUCTION(NAME, PIPE)                                                            \
  template <class D, class... A>                                                                   \
    requires detail::isPtoTile<D>                                                                  \
  void NAME(D &dst, A &&...a) {                                                                    \
    PTO_SIM_ROW_MAJOR_ONLY(#NAME, D, A...);                                                        \
    detail::issue(pl::sim::PIPE, #NAME, dst, a...);                                                \
    pl::sim::NAME(detail::base(dst), detail::base(std::forward<A>(a))...);                         \
  }
#define PTO_SIM_VECTOR(NAME) PTO_SIM_INSTRUCTION(NAME, PIPE_V)
PTO_SIM_INSTRUCTION(TMATMUL, PIPE_M)
PTO_SIM_INSTRUCTION(TMATMUL_ACC, PIPE_M)
PTO_SIM_INSTRUCTION(TMATMUL_BIAS, PIPE_M)
PTO_SIM_VECTOR(TABS)
PTO_SIM_VECTOR(TADD)
PTO_SIM_VECTOR(TADDS)
PTO_SIM_VECTOR(TAND)
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
PTO_SIM_VECTOR(TCOS)
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
PTO_SIM_VECTOR(TOR)
PTO_SIM_VECTOR(TORS)
PTO_SIM_VECTOR(TPRELU)
PTO_SIM_VECTOR(TRECIP)
PTO_SIM_VECTOR(TRELU)
PTO_SIM_VECTOR(TREM)
PTO_SIM_VECTOR(TREMS)
PTO_SIM_VECTOR(TRESHAPE)
PTO_SIM_VECTOR(TROWEXPAND)
PTO_SIM_VECTOR(TROWEXPANDADD)
PTO_SIM_VECTOR(TROWEXPANDDIV)
PTO_SIM_VECTOR(TROWEXPANDEXPDIF)
PTO_SIM_VECTOR(TROWEXPANDMAX)
PTO_SIM_VECTOR(TROWEXPANDMIN)
PTO_SIM_VECTOR(TROWEXPANDMUL)
PTO_SIM_VECTOR(TROWEXPANDSUB)
PTO_SIM_VECTOR(TRSQRT)
PTO_SIM_VECTOR(TSEL)
PTO_SIM_VECTOR(TSELS)
PTO_SIM_VECTOR(TSHL)
PTO_SIM_VECTOR(TSHLS)
PTO_SIM_VECTOR(TSHR)
PTO_SIM_VECTOR(TSHRS)
PTO_SIM_VECTOR(TSIN)
PTO_SIM_VECTOR(TSQRT)
PTO_SIM_VECTOR(TSUB)
PTO_SIM_VECTOR(TSUBS)
PTO_SIM_VECTOR(TTRANS)
PTO_SIM_VECTOR(TXOR)
PTO_SIM_VECTOR(TXORS)
#undef PTO_SIM_VECTOR
#undef PTO_SIM_INSTRUCTION
#undef PTO_SIM_ROW_MAJOR_ONLY

// ---- synchronisation and core queries
// ------------------------------------------------------------

using pl::sim::get_block_idx;
using pl::sim::get_block_num;
using pl::sim::get_subblock_idx;

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
