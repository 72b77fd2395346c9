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
#include <type_traits>

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

enum class TileType : std::uint8_t { Vec, Mat, Left, Right, Acc, Bias, Scaling, ScaleLeft, ScaleRight };
enum class BLayout : std::uint8_t { RowMajor, ColMajor };
enum class SLayout : std::uint8_t { NoneBox, RowMajor, ColMajor };
enum class PadValue : std::uint8_t { Null, Zero, Max, Min };
enum class CompactMode : std::uint8_t { Null, Normal, RowPlusOne, RowAlignedPadding };
enum class Layout : std::uint8_t { ND, DN, NZ };
enum class RoundMode : std::uint8_t { CAST_NONE, CAST_RINT, CAST_ROUND, CAST_FLOOR, CAST_CEIL, CAST_TRUNC, CAST_ODD };
enum class CmpMode : std::uint8_t { EQ, NE, LT, LE, GT, GE };

/// The simulator memory space of a tile type.
constexpr pl::Mem spaceOf(TileType t) {
  switch (t) {
    case TileType::Vec: return pl::Mem::Vec;
    case TileType::Mat: return pl::Mem::Mat;
    case TileType::Left: return pl::Mem::Left;
    case TileType::Right: return pl::Mem::Right;
    case TileType::Acc: return pl::Mem::Acc;
    case TileType::Bias: return pl::Mem::Bias;
    case TileType::ScaleLeft: return pl::Mem::LeftScale;
    case TileType::ScaleRight: return pl::Mem::RightScale;
    case TileType::Scaling: return pl::Mem::Vec;
  }
  return pl::Mem::Vec;
}

/// A tile: `Rows x Cols` of `T` in the space of `Loc`, with the ISA's layout parameters. A
/// valid dimension of `DYNAMIC` (-1) is set by the constructor or `SetValidRow/Col`; a static
/// one is fixed. The simulator stores every tile row-major: layouts are checked by the
/// translator (the ISA's tile constraints) and carried here as type facts.
template <TileType Loc, class T, int Rows, int Cols, BLayout BL = BLayout::RowMajor, int RowValid = Rows,
          int ColValid = Cols, SLayout SL = SLayout::NoneBox, int Fractal = 512, PadValue Pad = PadValue::Null,
          CompactMode Compact = CompactMode::Null>
class Tile : public pl::sim::Tile<T, spaceOf(Loc), Rows, Cols> {
  using Base = pl::sim::Tile<T, spaceOf(Loc), Rows, Cols>;
  static_assert(RowValid == DYNAMIC || (RowValid >= 0 && RowValid <= Rows), "pto::Tile: RowValid exceeds Rows");
  static_assert(ColValid == DYNAMIC || (ColValid >= 0 && ColValid <= Cols), "pto::Tile: ColValid exceeds Cols");

 public:
  static constexpr TileType kLoc = Loc;
  static constexpr BLayout kBLayout = BL;
  static constexpr SLayout kSLayout = SL;
  static constexpr int kFractal = Fractal;
  static constexpr PadValue kPad = Pad;

  Tile() : Base(RowValid == DYNAMIC ? Rows : RowValid, ColValid == DYNAMIC ? Cols : ColValid) {}
  Tile(std::int64_t validRow, std::int64_t validCol) : Base(validRow, validCol) {
    if ((RowValid != DYNAMIC && validRow != RowValid) || (ColValid != DYNAMIC && validCol != ColValid))
      pl::sim::simFail("pto::Tile", "a static valid shape cannot be set at construction");
  }
  void SetValidRow(std::int64_t r) { this->SetValidShape(r, this->GetValidCol()); }
  void SetValidCol(std::int64_t c) { this->SetValidShape(this->GetValidRow(), c); }
};

/// Five extents of a global tensor; `DYNAMIC` ones come from the constructor.
template <std::int64_t N1 = DYNAMIC, std::int64_t N2 = DYNAMIC, std::int64_t N3 = DYNAMIC, std::int64_t N4 = DYNAMIC,
          std::int64_t N5 = DYNAMIC>
struct Shape {
  static constexpr std::int64_t staticShape[5] = {N1, N2, N3, N4, N5};
  static constexpr int kDynamic = (N1 == DYNAMIC) + (N2 == DYNAMIC) + (N3 == DYNAMIC) + (N4 == DYNAMIC) + (N5 == DYNAMIC);
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
          pl::sim::simFail("pto::Shape", "extent " + std::to_string(vals[k]) + " given for static extent " +
                                             std::to_string(staticShape[k]) + " of dimension " + std::to_string(k));
        shape[k] = vals[k];
      } else if (staticShape[k] == DYNAMIC) {
        shape[k] = vals[next++];
      }
      if (shape[k] < 0) pl::sim::simFail("pto::Shape", "negative extent " + std::to_string(shape[k]));
    }
  }
};

/// Five strides (elements) of a global tensor; `DYNAMIC` ones come from the constructor.
template <std::int64_t S1 = DYNAMIC, std::int64_t S2 = DYNAMIC, std::int64_t S3 = DYNAMIC, std::int64_t S4 = DYNAMIC,
          std::int64_t S5 = DYNAMIC>
struct Stride {
  static constexpr std::int64_t staticStride[5] = {S1, S2, S3, S4, S5};
  static constexpr int kDynamic = (S1 == DYNAMIC) + (S2 == DYNAMIC) + (S3 == DYNAMIC) + (S4 == DYNAMIC) + (S5 == DYNAMIC);
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
          pl::sim::simFail("pto::Stride", "stride " + std::to_string(vals[k]) + " given for static stride " +
                                              std::to_string(staticStride[k]) + " of dimension " + std::to_string(k));
        stride[k] = vals[k];
      } else if (staticStride[k] == DYNAMIC) {
        stride[k] = vals[next++];
      }
    }
  }
};

/// A window of global memory: a pointer, five extents and five strides (elements).
template <class T, class ShapeT, class StrideT, Layout L = Layout::ND>
struct GlobalTensor {
  using Elem = std::remove_cv_t<T>;
  using Shape = ShapeT;
  using Stride = StrideT;
  static constexpr Layout layout = L;

  GlobalTensor() = default;
  explicit GlobalTensor(T* data, const ShapeT& shape = ShapeT{}, const StrideT& stride = StrideT{})
      : data_(data), shape_(shape), stride_(stride) {}

  T* data() const { return data_; }
  std::int64_t GetShape(int dim) const { return shape_.shape[dim]; }
  std::int64_t GetStride(int dim) const { return stride_.stride[dim]; }

  /// The simulator's view of the window, checked against the live allocations.
  pl::sim::GlobalView<Elem> view(const char* op) const {
    using Storage = pl::sim::StorageOf<Elem>;
    pl::sim::GlobalView<Elem> v(reinterpret_cast<Storage*>(const_cast<Elem*>(data_)), 0, shape_.shape, stride_.stride, 5);
    v.requireAllocated(op);
    return v;
  }

 private:
  T* data_ = nullptr;
  ShapeT shape_{};
  StrideT stride_{};
};

// ---- instructions --------------------------------------------------------------------------------

using pl::sim::TASSIGN;

template <pl::sim::SimTile Tl, class T, class Sh, class St, Layout L>
void TLOAD(Tl& tile, const GlobalTensor<T, Sh, St, L>& src) {
  pl::sim::TLOAD(tile, src.view("TLOAD"));
}
template <class T, class Sh, class St, Layout L, pl::sim::SimTile Tl>
void TSTORE(const GlobalTensor<T, Sh, St, L>& dst, const Tl& tile) {
  pl::sim::TSTORE(dst.view("TSTORE"), tile);
}

namespace detail {
constexpr pl::RoundMode roundMode(RoundMode m) {
  switch (m) {
    case RoundMode::CAST_NONE:
    case RoundMode::CAST_RINT: return pl::RoundMode::Rint;
    case RoundMode::CAST_ROUND: return pl::RoundMode::Round;
    case RoundMode::CAST_FLOOR: return pl::RoundMode::Floor;
    case RoundMode::CAST_CEIL: return pl::RoundMode::Ceil;
    case RoundMode::CAST_TRUNC: return pl::RoundMode::Trunc;
    case RoundMode::CAST_ODD: return pl::RoundMode::Odd;
  }
  return pl::RoundMode::Rint;
}
constexpr pl::CmpMode cmpMode(CmpMode m) {
  switch (m) {
    case CmpMode::EQ: return pl::CmpMode::Eq;
    case CmpMode::NE: return pl::CmpMode::Ne;
    case CmpMode::LT: return pl::CmpMode::Lt;
    case CmpMode::LE: return pl::CmpMode::Le;
    case CmpMode::GT: return pl::CmpMode::Gt;
    case CmpMode::GE: return pl::CmpMode::Ge;
  }
  return pl::CmpMode::Eq;
}
}  // namespace detail

/// TCVT(dst, src, mode): CAST_NONE is the default conversion (round to nearest even).
template <pl::sim::SimTile D, pl::sim::SimTile S>
void TCVT(D& dst, const S& src, RoundMode mode) {
  pl::sim::TCVT(dst, src, detail::roundMode(mode));
}
template <pl::sim::SimTile D, pl::sim::SimTile A, pl::sim::SimTile B>
void TCMP(D& dst, const A& a, const B& b, CmpMode mode) {
  pl::sim::TCMP(dst, a, b, detail::cmpMode(mode));
}
template <pl::sim::SimTile D, pl::sim::SimTile A, class S>
  requires(!pl::sim::SimTile<S>)
void TCMPS(D& dst, const A& a, const S& s, CmpMode mode) {
  pl::sim::TCMPS(dst, a, s, detail::cmpMode(mode));
}
/// TFILLPAD(dst, src): the padding value is dst's `PadVal` (Null is an error: nothing to fill).
template <pl::sim::SimTile D, pl::sim::SimTile S>
void TFILLPAD(D& dst, const S& src) {
  using X = std::remove_cvref_t<D>;
  if constexpr (requires { X::kPad; }) {
    static_assert(X::kPad != PadValue::Null, "pto::TFILLPAD: the destination tile has no PadVal to fill with");
    constexpr pl::PadValue p =
        X::kPad == PadValue::Max ? pl::PadValue::Max : X::kPad == PadValue::Min ? pl::PadValue::Min : pl::PadValue::Zero;
    pl::sim::TFILLPAD(dst, src, p);
  } else {
    pl::sim::TFILLPAD(dst, src);
  }
}

// Every other instruction is the simulator's, under its PTO-ISA name.
using pl::sim::TABS;
using pl::sim::TADD;
using pl::sim::TADDS;
using pl::sim::TAND;
using pl::sim::TANDS;
using pl::sim::TCOLARGMAX;
using pl::sim::TCOLARGMIN;
using pl::sim::TCOLEXPAND;
using pl::sim::TCOLEXPANDADD;
using pl::sim::TCOLEXPANDDIV;
using pl::sim::TCOLEXPANDEXPDIF;
using pl::sim::TCOLEXPANDMAX;
using pl::sim::TCOLEXPANDMIN;
using pl::sim::TCOLEXPANDMUL;
using pl::sim::TCOLEXPANDSUB;
using pl::sim::TCOLMAX;
using pl::sim::TCOLMIN;
using pl::sim::TCOLPROD;
using pl::sim::TCOLSUM;
using pl::sim::TCONCAT;
using pl::sim::TCOS;
using pl::sim::TDIV;
using pl::sim::TDIVS;
using pl::sim::TEXP;
using pl::sim::TEXPANDS;
using pl::sim::TEXTRACT;
using pl::sim::TFMOD;
using pl::sim::TFMODS;
using pl::sim::TGETVAL;
using pl::sim::TINSERT;
using pl::sim::TLOG;
using pl::sim::TLRELU;
using pl::sim::TMATMUL;
using pl::sim::TMATMUL_ACC;
using pl::sim::TMATMUL_BIAS;
using pl::sim::TMAX;
using pl::sim::TMAXS;
using pl::sim::TMIN;
using pl::sim::TMINS;
using pl::sim::TMOV;
using pl::sim::TMOV_TRANSPOSE;
using pl::sim::TMUL;
using pl::sim::TMULS;
using pl::sim::TNEG;
using pl::sim::TNOT;
using pl::sim::TOR;
using pl::sim::TORS;
using pl::sim::TPRELU;
using pl::sim::TRECIP;
using pl::sim::TRELU;
using pl::sim::TREM;
using pl::sim::TREMS;
using pl::sim::TRESHAPE;
using pl::sim::TROWARGMAX;
using pl::sim::TROWARGMIN;
using pl::sim::TROWEXPAND;
using pl::sim::TROWEXPANDADD;
using pl::sim::TROWEXPANDDIV;
using pl::sim::TROWEXPANDEXPDIF;
using pl::sim::TROWEXPANDMAX;
using pl::sim::TROWEXPANDMIN;
using pl::sim::TROWEXPANDMUL;
using pl::sim::TROWEXPANDSUB;
using pl::sim::TROWMAX;
using pl::sim::TROWMIN;
using pl::sim::TROWPROD;
using pl::sim::TROWSUM;
using pl::sim::TRSQRT;
using pl::sim::TSEL;
using pl::sim::TSELS;
using pl::sim::TSETVAL;
using pl::sim::TSHL;
using pl::sim::TSHLS;
using pl::sim::TSHR;
using pl::sim::TSHRS;
using pl::sim::TSIN;
using pl::sim::TSQRT;
using pl::sim::TSUB;
using pl::sim::TSUBS;
using pl::sim::TTRANS;
using pl::sim::TXOR;
using pl::sim::TXORS;

// ---- synchronisation and core queries ------------------------------------------------------------

using pl::sim::get_block_idx;
using pl::sim::get_block_num;
using pl::sim::get_subblock_idx;

}  // namespace pto

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
using pl::sim::PIPE_FIX;
using pl::sim::PIPE_M;
using pl::sim::PIPE_MTE1;
using pl::sim::PIPE_MTE2;
using pl::sim::PIPE_MTE3;
using pl::sim::PIPE_S;
using pl::sim::PIPE_V;
using pl::sim::pipe_barrier;
using pl::sim::set_flag;
using pl::sim::wait_flag;
