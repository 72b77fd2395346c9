// tests/sim/test_pto_api.cpp — pl/sim's PTO-ISA and PTO2 API (pl/sim/vendor): pto::Tile with
// layout parameters, Shape / Stride / GlobalTensor over tensor records, the global-memory
// bounds check, the mode-taking instructions, and the orchestration entry pair.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "pl/kernel_abi.hpp"
#include "pl/sim/host_bridge.hpp"
#include "pl/sim/sim.hpp"
#include "pl/sim/vendor/pto/pto-inst.hpp"
#include "pl/sim/vendor/pto_orchestration_api.h"
#include "pl/sim/vendor/tensor.h"
#include "sim_test_util.h"

namespace {

using VecF = pto::Tile<pto::TileType::Vec, float, 4, 8, pto::BLayout::RowMajor, -1, -1>;

class PtoApi : public ::testing::Test {
protected:
  void SetUp() override {
    pl::sim::setPlatform(pl::sim::a2a3());
    pl::sim::setChecked(true);
    pl::sim::resetCurrentCore();
  }
};

/// A row-major [rows, cols] fp32 record over fresh memory holding 0, 1, 2, ...
ChipTensor iota(std::int64_t rows, std::int64_t cols) {
  ChipTensor t = ChipTensor::allocate(pl::DType::FP32, {rows, cols});
  auto *p = static_cast<float *>(t.data());
  for (std::int64_t i = 0; i < rows * cols; ++i)
    p[i] = static_cast<float>(i);
  return t;
}

/// The window [r0, r0 + rows) x [c0, c0 + cols) of record `t` as PTO's five-dim global tensor.
using Gm2 = pto::GlobalTensor<float, pto::Shape<1, 1, 1, -1, -1>, pto::Stride<1, 1, 1, -1, -1>>;
Gm2 window(const ChipTensor &t, std::int64_t r0, std::int64_t c0, std::int64_t rows,
           std::int64_t cols) {
  float *base = reinterpret_cast<float *>(t.buffer.addr) + t.start_offset;
  return Gm2(base + r0 * t.strides[0] + c0 * t.strides[1],
             pto::Shape<1, 1, 1, -1, -1>(1, 1, 1, rows, cols),
             pto::Stride<1, 1, 1, -1, -1>(1, 1, 1, t.strides[0], t.strides[1]));
}

TEST_F(PtoApi, TileCarriesLayoutAndPlacesInItsSpace) {
  using Acc = pto::Tile<pto::TileType::Acc, float, 16, 16, pto::BLayout::ColMajor, 16, 16,
                        pto::SLayout::RowMajor, 1024>;
  static_assert(Acc::kBLayout == pto::BLayout::ColMajor && Acc::kSLayout == pto::SLayout::RowMajor);
  static_assert(Acc::kFractal == 1024 && Acc::space == pl::Mem::Acc);
  static_assert(pto::detail::isPtoTile<Acc> && !pl::sim::SimTile<Acc> &&
                pl::sim::SimTile<Acc::SimBase>);
  Acc acc;
  EXPECT_EQ(acc.GetValidRow(), 16);
  TASSIGN(acc, 0);
  VecF v(3, 5);
  EXPECT_EQ(v.GetValidRow(), 3);
  EXPECT_EQ(v.GetValidCol(), 5);
  v.SetValidRow(4);
  v.SetValidCol(8);
  EXPECT_EQ(v.GetValidRow(), 4);
  EXPECT_EQ(v.GetValidCol(), 8);
  expectSimError([] { VecF w(5, 8); }, "does not fit the physical shape");
  expectSimError([] { Acc a(8, 16); }, "static valid shape");
  // Capacity: a Vec tile past the end of UB is an error in every build type.
  using Huge = pto::Tile<pto::TileType::Vec, float, 256, 256>;
  expectSimError(
      [] {
        Huge h;
        TASSIGN(h, 0);
      },
      "beyond the Vec capacity");
}

TEST_F(PtoApi, ShapeAndStrideConstructors) {
  pto::Shape<1, 1, 1, -1, -1> all(1, 1, 1, 6, 7);
  EXPECT_EQ(all.shape[3], 6);
  EXPECT_EQ(all.shape[4], 7);
  pto::Shape<1, 1, 1, -1, -1> dyn(6, 7); // one value per dynamic extent
  EXPECT_EQ(dyn.shape[3], 6);
  EXPECT_EQ(dyn.shape[0], 1);
  pto::Stride<1, 1, 1, -1, 1> st(32);
  EXPECT_EQ(st.stride[3], 32);
  EXPECT_EQ(st.stride[4], 1);
  expectSimError([] { pto::Shape<1, 1, 1, -1, -1> s(2, 1, 1, 6, 7); }, "static extent 1");
  expectSimError([] { pto::Shape<1, 1, 1, -1, -1> s(1, 1, 1, -3, 7); }, "negative extent");
}

TEST_F(PtoApi, LoadAndStoreThroughRecordWindows) {
  ChipTensor a = iota(6, 8), c = ChipTensor::allocate(pl::DType::FP32, {6, 8});
  VecF t;
  TASSIGN(t, 0);
  TLOAD(t, window(a, 2, 0, 4, 8)); // rows 2..5
  EXPECT_EQ(t.GetValidRow(), 4);
  EXPECT_EQ(t.get(0, 0), 16.0);
  EXPECT_EQ(t.get(3, 7), 47.0);
  TADDS(t, t, 1.0f);
  TSTORE(window(c, 0, 0, 4, 8), t);
  const auto *out = static_cast<const float *>(c.data());
  EXPECT_EQ(out[0], 17.0f);
  EXPECT_EQ(out[31], 48.0f);
  EXPECT_EQ(out[32], 0.0f); // rows 4, 5 untouched
}

TEST_F(PtoApi, WindowOutsideEveryAllocationIsAnError) {
  ChipTensor a = iota(6, 8);
  VecF t;
  TASSIGN(t, 0);
  // A window starting at row 4 with 4 rows runs two rows past the tensor's buffer.
  expectSimError([&] { TLOAD(t, window(a, 4, 0, 4, 8)); }, "lies outside every allocation");
  expectSimError([&] { TSTORE(window(a, 4, 0, 4, 8), t); }, "lies outside every allocation");
  // A negative offset reaches before the buffer.
  expectSimError([&] { TLOAD(t, window(a, -1, 0, 2, 8)); }, "lies outside every allocation");
  // An empty window touches nothing (into a tile whose valid shape is empty too).
  t.SetValidRow(0);
  TLOAD(t, window(a, 6, 0, 0, 8));
  EXPECT_EQ(t.GetValidRow(), 0);
}

// The vendor's TLOAD / TSTORE take a window equal to the tile's valid shape (an assert there, a
// hard error here in every build type): the old text, a tile built full and a clipped window,
// is rejected; TLOAD fills the whole tile with its PadVal and copies the valid region; TSTORE
// writes the valid region only.
TEST_F(PtoApi, WindowMustBeTheTilesValidShape) {
  ChipTensor a = iota(6, 8), c = ChipTensor::allocate(pl::DType::FP32, {6, 8});
  VecF full(4, 8);
  TASSIGN(full, 0);
  expectSimError([&] { TLOAD(full, window(a, 3, 0, 3, 8)); },
                 "the window covers [3, 8], the tile's valid shape is [4, 8]");
  expectSimError([&] { TSTORE(window(c, 0, 0, 4, 5), full); },
                 "the window covers [4, 5], the tile's valid shape is [4, 8]");
  for (int r = 0; r < 4; ++r) // stale data the load must not leave behind
    for (int k = 0; k < 8; ++k)
      full.set(r, k, 99.0);
  VecF t(3, 5); // same bytes as `full`, valid shape set before the load
  TASSIGN(t, 0);
  TLOAD(t, window(a, 3, 0, 3, 5));
  EXPECT_EQ(t.GetValidRow(), 3);
  EXPECT_EQ(t.GetValidCol(), 5);
  EXPECT_EQ(t.get(0, 0), 24.0);
  EXPECT_EQ(t.get(2, 4), 44.0);
  EXPECT_EQ(t.get(0, 5), 0.0); // PadVal Null pads with 0
  EXPECT_EQ(t.get(3, 0), 0.0);
  using MinPad = pto::Tile<pto::TileType::Vec, float, 4, 8, pto::BLayout::RowMajor, -1, -1,
                           pto::SLayout::NoneBox, 512, pto::PadValue::Min>;
  MinPad m(2, 3);
  TASSIGN(m, 4096);
  TLOAD(m, window(a, 0, 0, 2, 3));
  EXPECT_EQ(m.get(1, 2), 10.0);
  EXPECT_TRUE(m.get(1, 3) < -1e30);
  EXPECT_TRUE(m.get(3, 7) < -1e30);
  TSTORE(window(c, 1, 1, 2, 3), m); // the valid region [2, 3] only
  const auto *out = static_cast<const float *>(c.data());
  EXPECT_EQ(out[1 * 8 + 1], 0.0f);
  EXPECT_EQ(out[2 * 8 + 3], 10.0f);
  EXPECT_EQ(out[1 * 8 + 4], 0.0f);
  EXPECT_EQ(out[3 * 8 + 1], 0.0f);
}

// The vendor's TMOV needs equal valid shapes (an assert there, a hard error here).
TEST_F(PtoApi, MoveNeedsEqualValidShapes) {
  ChipTensor a = iota(4, 8);
  VecF v(2, 8);
  TASSIGN(v, 0);
  TLOAD(v, window(a, 0, 0, 2, 8));
  using MatF = pto::Tile<pto::TileType::Mat, float, 4, 8, pto::BLayout::RowMajor, -1, -1>;
  MatF m(4, 8);
  TASSIGN(m, 0);
  expectSimError([&] { TMOV(m, v); }, "the valid shapes differ: dst [4, 8], src [2, 8]");
  m.SetValidRow(2);
  TMOV(m, v);
  EXPECT_EQ(m.get(1, 7), 15.0);
}

// The vendor's TEXTRACT takes uint16_t indices and reads dst's valid region from src at
// (indexRow, indexCol); the window must lie inside src's valid region (an assert there, a hard
// error here: pl/sim's own TEXTRACT clips it to src's valid region instead).
TEST_F(PtoApi, ExtractWindowLiesInsideSource) {
  ChipTensor a = iota(4, 8);
  VecF v(3, 8);
  TASSIGN(v, 0);
  TLOAD(v, window(a, 0, 0, 3, 8));
  using Vec28 = pto::Tile<pto::TileType::Vec, float, 2, 8, pto::BLayout::RowMajor, -1, -1>;
  Vec28 d(2, 4);
  TASSIGN(d, 4096);
  expectSimError(
      [&] { TEXTRACT(d, v, std::uint16_t{2}, std::uint16_t{0}); },
      "the window [2, 4] (dst's valid shape) at (2, 0) exceeds src's valid shape [3, 8]");
  expectSimError([&] { TEXTRACT(d, v, std::uint16_t{0}, std::uint16_t{5}); },
                 "at (0, 5) exceeds src's valid shape [3, 8]");
  TEXTRACT(d, v, std::uint16_t{1}, std::uint16_t{4}); // rows 1..2, columns 4..7: dst keeps [2, 4]
  EXPECT_EQ(d.GetValidRow(), 2);
  EXPECT_EQ(d.GetValidCol(), 4);
  EXPECT_EQ(d.get(0, 0), 12.0);
  EXPECT_EQ(d.get(1, 3), 23.0);
  EXPECT_EQ(d.get(1, 4), 0.0); // outside dst's valid region
}

TEST_F(PtoApi, FreedBufferIsNoLongerAllocated) {
  float *stale = nullptr;
  std::int64_t rowStride = 0;
  {
    ChipTensor a = iota(4, 8);
    stale = reinterpret_cast<float *>(a.buffer.addr);
    rowStride = a.strides[0];
  }
  VecF t;
  TASSIGN(t, 0);
  Gm2 g(stale, pto::Shape<1, 1, 1, -1, -1>(1, 1, 1, 4, 8),
        pto::Stride<1, 1, 1, -1, -1>(1, 1, 1, rowStride, 1));
  expectSimError([&] { TLOAD(t, g); }, "lies outside every allocation");
}

TEST_F(PtoApi, ModeArgumentsAndPadValue) {
  ChipTensor a = iota(4, 8);
  VecF x, y;
  TASSIGN(x, 0);
  TASSIGN(y, 4096);
  TLOAD(x, window(a, 0, 0, 4, 8));
  TMULS(x, x, 0.5f); // 0, 0.5, 1, 1.5, ...
  pto::Tile<pto::TileType::Vec, std::int32_t, 4, 8, pto::BLayout::RowMajor, -1, -1> i;
  TASSIGN(i, 8192);
  TCVT(i, x, pto::RoundMode::CAST_FLOOR);
  EXPECT_EQ(i.get(0, 3), 1.0);
  TCVT(i, x, pto::RoundMode::CAST_CEIL);
  EXPECT_EQ(i.get(0, 3), 2.0);
  TCVT(i, x, pto::RoundMode::CAST_RINT);
  EXPECT_EQ(i.get(0, 1), 0.0); // 0.5 -> 0 (nearest even)
  EXPECT_EQ(i.get(0, 3), 2.0); // 1.5 -> 2
  // The packed mask: one bit per element, row 0 (0, 0.5, 1, ..., 3.5) >= 1 in bits 2..7.
  pto::Tile<pto::TileType::Vec, std::uint8_t, 4, 32, pto::BLayout::RowMajor, -1, -1> m(4, 1);
  TASSIGN(m, 12288);
  TCMPS(m, x, 1.0f, pto::CmpMode::GE);
  EXPECT_EQ(m.get(0, 0), 252.0);
  // TFILLPAD takes its value from the destination's PadVal.
  using Padded = pto::Tile<pto::TileType::Vec, float, 4, 8, pto::BLayout::RowMajor, -1, -1,
                           pto::SLayout::NoneBox, 512, pto::PadValue::Max>;
  Padded p;
  TASSIGN(p, 16384);
  x.SetValidCol(5);
  TFILLPAD(p, x);
  EXPECT_EQ(p.get(0, 4), 2.0);
  EXPECT_TRUE(p.get(0, 5) > 1e30);
}

// TCVT rounds as PTO-ISA does: the mode applies to float -> integer only, where CAST_NONE
// truncates; every other conversion rounds to nearest even. fp16 and bf16 go by the vendor's
// names.
TEST_F(PtoApi, TcvtRoundsAsTheVendor) {
  static_assert(std::is_same_v<half, pl::Half> && std::is_same_v<bfloat16_t, pl::BFloat16>);
  ChipTensor a = iota(4, 8);
  VecF x;
  TASSIGN(x, 0);
  TLOAD(x, window(a, 0, 0, 4, 8));
  TMULS(x, x, 0.75f); // 0, 0.75, 1.5, 2.25, 3, ...
  pto::Tile<pto::TileType::Vec, std::int32_t, 4, 8, pto::BLayout::RowMajor, -1, -1> i;
  TASSIGN(i, 4096);
  TCVT(i, x, pto::RoundMode::CAST_NONE);
  EXPECT_EQ(i.get(0, 1), 0.0); // 0.75 truncated
  EXPECT_EQ(i.get(0, 2), 1.0); // 1.5 truncated
  TCVT(i, x, pto::RoundMode::CAST_RINT, pto::SaturationMode::ON);
  EXPECT_EQ(i.get(0, 1), 1.0);
  EXPECT_EQ(i.get(0, 2), 2.0);
  TMULS(x, x, 1e9f); // 0.75e9 * k overflows int32 from k = 3
  TCVT(i, x, pto::RoundMode::CAST_TRUNC, pto::SaturationMode::ON);
  EXPECT_EQ(i.get(0, 3), 2147483647.0);
  TLOAD(x, window(a, 0, 0, 4, 8));
  TMULS(x, x, 1.0f / 2048);
  TADDS(x, x, 1.0f); // 1 + k / 2048: halfway between two fp16 values (spacing 2 / 2048) for odd k
  pto::Tile<pto::TileType::Vec, half, 4, 16, pto::BLayout::RowMajor, -1, -1> h(4, 8);
  TASSIGN(h, 8192);
  TCVT(h, x, pto::RoundMode::CAST_FLOOR);   // the mode does not apply to float -> float
  EXPECT_EQ(h.get(0, 3), 1.0 + 4.0 / 2048); // nearest even, not the floor 1 + 2 / 2048
  EXPECT_EQ(h.get(0, 5), 1.0 + 4.0 / 2048);
}

// TTRANS takes its scratch tile (written, not read) and transposes exactly.
TEST_F(PtoApi, TtransWithScratchTile) {
  ChipTensor a = iota(4, 8);
  VecF x;
  TASSIGN(x, 0);
  TLOAD(x, window(a, 0, 0, 4, 8));
  pto::Tile<pto::TileType::Vec, float, 8, 8, pto::BLayout::RowMajor, -1, -1> t(8, 4), tmp;
  TASSIGN(t, 4096);
  TASSIGN(tmp, 8192);
  TTRANS(t, x, tmp);
  EXPECT_EQ(t.GetValidRow(), 8);
  EXPECT_EQ(t.GetValidCol(), 4);
  EXPECT_EQ(t.get(5, 2), 21.0);
}

// PTO-ISA runs every instruction over its destination's valid region: the elementwise family
// asserts that each source has exactly that valid shape, reductions / conversions / transposes /
// matmuls write the region their sources give. A destination declared with another valid shape
// (pl once declared every computed tile whole) is a hard error, not a silent copy of the
// source's shape.
TEST_F(PtoApi, DestinationValidShapeIsTheContract) {
  ChipTensor a = iota(4, 8);
  VecF x, whole, clipped(3, 5);
  TASSIGN(x, 0);
  TASSIGN(whole, 128);
  TASSIGN(clipped, 256);
  TLOAD(x, window(a, 0, 0, 4, 8));
  x.SetValidRow(3);
  x.SetValidCol(5);
  expectSimError([&] { TADD(whole, x, x); },
                 "TADD': a source's valid shape [3, 5] does not match dst's [4, 8]");
  expectSimError([&] { TMULS(whole, x, 2.0f); }, "TMULS': a source's valid shape [3, 5]");
  expectSimError([&] { TEXP(whole, x); }, "TEXP': a source's valid shape [3, 5]");
  TADD(clipped, x, x); // declared with its sources' valid shape: runs
  EXPECT_EQ(clipped.get(2, 4), 2 * 20.0);
  using Col = pto::Tile<pto::TileType::Vec, float, 4, 1, pto::BLayout::ColMajor, -1, -1>;
  Col sum, sum3(3, 1);
  VecF tmp;
  TASSIGN(sum, 384);
  TASSIGN(sum3, 400);
  TASSIGN(tmp, 512);
  expectSimError([&] { TROWSUM(sum, x, tmp); },
                 "TROWSUM': src's valid shape [3, 5] does not match dst's [4, 1]");
  TROWSUM(sum3, x, tmp);
  EXPECT_EQ(sum3.get(2, 0), 16.0 + 17 + 18 + 19 + 20);
  pto::Tile<pto::TileType::Vec, half, 4, 8, pto::BLayout::RowMajor, -1, -1> h(4, 8);
  TASSIGN(h, 640);
  expectSimError([&] { TCVT(h, x, pto::RoundMode::CAST_RINT); },
                 "TCVT': a source's valid shape [3, 5]");
  pto::Tile<pto::TileType::Vec, float, 8, 8, pto::BLayout::RowMajor, -1, -1> t, ttmp;
  TASSIGN(t, 1024);
  TASSIGN(ttmp, 2048);
  expectSimError([&] { TTRANS(t, x, ttmp); },
                 "TTRANS': dst's valid shape [8, 8] does not match src's transpose [5, 3]");
}

// TCI<TileData, T, descending>(dst, start): start +- k over the valid columns of the one row,
// wrapping in the element type; the columns past the valid ones are left alone.
TEST_F(PtoApi, TciFillsTheValidColumnsOfItsRow) {
  using Row = pto::Tile<pto::TileType::Vec, std::int32_t, 1, 16, pto::BLayout::RowMajor, -1, -1>;
  Row r(1, 16), part(1, 5);
  TASSIGN(r, 0);
  TASSIGN(part, 64);
  pto::TCI<Row, std::int32_t, 0>(r, -3);
  EXPECT_EQ(r.get(0, 0), -3);
  EXPECT_EQ(r.get(0, 15), 12);
  part.SetValue(5, 77);
  pto::TCI<Row, std::int32_t, 1>(part, 2);
  EXPECT_EQ(part.get(0, 4), -2);
  EXPECT_EQ(part.GetValue(5), 77); // past the valid columns: untouched
  using Row16 = pto::Tile<pto::TileType::Vec, std::int16_t, 1, 16>;
  Row16 h;
  TASSIGN(h, 128);
  pto::TCI<Row16, std::int16_t, 0>(h, static_cast<std::int16_t>(32766));
  EXPECT_EQ(h.get(0, 1), 32767);
  EXPECT_EQ(h.get(0, 2), -32768); // wraps as int16_t arithmetic does
}

// TPART*: the sum / product / max / min where both sources are valid, the valid source's value
// elsewhere; one source's valid shape must be dst's, the other's inside it (a2a3's assert).
TEST_F(PtoApi, PartialOpsCoverTheLargerValidShape) {
  ChipTensor a = iota(4, 8);
  VecF x, y(2, 8), d, e(4, 8);
  TASSIGN(x, 0);
  TASSIGN(y, 128);
  TASSIGN(d, 256);
  TASSIGN(e, 384);
  TLOAD(x, window(a, 0, 0, 4, 8));
  TLOAD(y, window(a, 2, 0, 2, 8)); // rows 2..3 of a as y's rows 0..1
  TPARTADD(d, x, y);
  EXPECT_EQ(d.get(0, 3), 3.0 + 19.0);
  EXPECT_EQ(d.get(3, 7), 31.0); // only x is valid there
  TPARTMAX(d, y, x);
  EXPECT_EQ(d.get(1, 0), 24.0);
  TPARTMIN(d, x, y);
  EXPECT_EQ(d.get(1, 0), 8.0);
  TPARTMUL(d, x, y);
  EXPECT_EQ(d.get(0, 2), 2.0 * 18.0);
  y.SetValidRow(4);
  y.SetValidCol(5);
  x.SetValidRow(3);
  expectSimError([&] { TPARTADD(e, x, y); },
                 "one source's valid shape must be dst's and the other's inside it");
  using VecI = pto::Tile<pto::TileType::Vec, std::int32_t, 4, 8, pto::BLayout::RowMajor, -1, -1>;
  VecI p(4, 8), q(4, 3), r(4, 8);
  TASSIGN(p, 512);
  TASSIGN(q, 640);
  TASSIGN(r, 768);
  for (int k = 0; k < 32; ++k)
    p.SetValue(static_cast<std::uint32_t>(k), -k);
  for (int k = 0; k < 32; ++k)
    q.SetValue(static_cast<std::uint32_t>(k), 100);
  TPARTMAX(r, q, p);
  EXPECT_EQ(r.get(1, 2), 100);
  EXPECT_EQ(r.get(1, 3), -11);
}

// pto-isa's scalar tile access: Tile::GetValue / SetValue take the element's storage offset,
// RowStride / ColStride apart (pl::abi::tileOffset computes it from (row, col)); 64-bit integers
// stay exact; an offset past the tile is an error.
TEST_F(PtoApi, GetValueAndSetValueTakeTheStorageOffset) {
  ChipTensor a = iota(4, 8);
  VecF x;
  TASSIGN(x, 0);
  TLOAD(x, window(a, 0, 0, 4, 8));
  static_assert(VecF::RowStride == 8 && VecF::ColStride == 1);
  EXPECT_EQ(x.GetValue(pl::abi::tileOffset<VecF>(2, 3)), 19.0f);
  x.SetValue(pl::abi::tileOffset<VecF>(3, 7), -2.5f);
  EXPECT_EQ(x.get(3, 7), -2.5);
  using ColF = pto::Tile<pto::TileType::Vec, float, 8, 4, pto::BLayout::ColMajor, -1, -1>;
  static_assert(ColF::RowStride == 1 && ColF::ColStride == 8);
  ColF y;
  TASSIGN(y, 4096);
  y.SetValue(pl::abi::tileOffset<ColF>(5, 2), 7.0f); // storage offset 2 * 8 + 5
  EXPECT_EQ(y.get(5, 2), 7.0);
  EXPECT_EQ(y.GetValue(21), 7.0f);
  using I64 = pto::Tile<pto::TileType::Vec, std::int64_t, 1, 4, pto::BLayout::RowMajor, -1, -1>;
  I64 w;
  TASSIGN(w, 8192);
  const std::int64_t big = std::numeric_limits<std::int64_t>::min() + 1;
  w.SetValue(1, big);
  EXPECT_EQ(w.GetValue(1), big);
  using H = pto::Tile<pto::TileType::Vec, ::half, 2, 16, pto::BLayout::RowMajor, -1, -1>;
  H h;
  TASSIGN(h, 12288);
  h.SetValue(pl::abi::tileOffset<H>(1, 3), ::half(1.0 / 3.0)); // rounds to fp16
  EXPECT_EQ(static_cast<double>(h.GetValue(19)),
            pl::round_to(pl::DType::FP16, static_cast<float>(1.0 / 3.0)));
  expectSimError([&] { x.GetValue(pl::abi::tileOffset<VecF>(4, 0)); },
                 "offset 32 is past the 4x8 tile");
  expectSimError([&] { x.SetValue(pl::abi::tileOffset<VecF>(-1, 0), 1.0f); },
                 "is past the 4x8 tile");
}

// PTO-ISA's packed compare mask: TCMP / TCMPS write element (r, c) at bit c % 8 of byte
// (r, c / 8) of a uint8_t tile (valid shape (rows, ceil(cols / 8))), TSEL / TSELS read it so;
// TREM, TREMS, TPRELU, TSEL and TSELS take their scratch tile and leave it alone.
TEST_F(PtoApi, PackedMasksAndScratchForms) {
  ChipTensor a = iota(4, 8); // element (r, c) = 8r + c
  VecF x, y, d;
  TASSIGN(x, 0);
  TASSIGN(y, 4096);
  TASSIGN(d, 8192);
  TLOAD(x, window(a, 0, 0, 4, 8));
  TEXPANDS(y, 10.0f);
  pto::Tile<pto::TileType::Vec, std::uint8_t, 4, 32, pto::BLayout::RowMajor, -1, -1> m(4, 1);
  TASSIGN(m, 12288);
  TCMP(m, x, y, pto::CmpMode::LT); // row 0: all < 10; row 1: 8, 9
  EXPECT_EQ(m.GetValidRow(), 4);
  EXPECT_EQ(m.GetValidCol(), 1);
  EXPECT_EQ(m.get(0, 0), 255.0);
  EXPECT_EQ(m.get(1, 0), 3.0);
  EXPECT_EQ(m.get(2, 0), 0.0);
  pto::Tile<pto::TileType::Vec, std::uint32_t, 1, 8, pto::BLayout::RowMajor, -1, -1> selTmp;
  TASSIGN(selTmp, 16384);
  TSEL(d, m, x, y, selTmp);
  EXPECT_EQ(d.get(1, 1), 9.0);
  EXPECT_EQ(d.get(1, 2), 10.0);
  TCMPS(m, x, 20.0f, pto::CmpMode::GE); // row 2: 20..23 at bits 4..7
  EXPECT_EQ(m.get(2, 0), 240.0);
  VecF sTmp;
  TASSIGN(sTmp, 20480);
  TSELS(d, m, x, sTmp, -1.0f);
  EXPECT_EQ(d.get(2, 4), 20.0);
  EXPECT_EQ(d.get(2, 3), -1.0);
  TREMS(d, x, 3.0f, sTmp);
  EXPECT_EQ(d.get(1, 2), 1.0); // 10 % 3
  TREM(d, x, y, sTmp);
  EXPECT_EQ(d.get(1, 3), 1.0); // 11 % 10
  pto::Tile<pto::TileType::Vec, std::uint8_t, 5, 32, pto::BLayout::RowMajor, -1, -1> pTmp;
  TASSIGN(pTmp, 24576);
  TMULS(y, x, -1.0f);
  TPRELU(d, y, x, pTmp); // y <= 0: y * x = -x * x
  EXPECT_EQ(d.get(0, 3), -9.0);
}

// Issue 34, found by running the kernel packages on PTO-ISA's CPU simulation (regress_masks,
// regress_valid_shapes): its TCMPS packs each row's bits into ceil(Cols / 8) bytes of the
// source's Cols and places those bytes by the destination's valid columns, so a packed mask of
// a partially valid tile keeps whole rows (else rows move into each other; a hard error here).
// TSEL reads it through a view of its bytes with [rows, ceil(valid cols / 8)] (the vendor's CPU
// TSEL wraps its bit stream at the mask's valid columns): an in-place TRESHAPE, no instruction;
// it runs over whole mask bytes of columns, the result a view with the sources' valid shape.
TEST_F(PtoApi, PackedMasksKeepWholeRows) {
  using Vec32 = pto::Tile<pto::TileType::Vec, float, 4, 32, pto::BLayout::RowMajor, -1, -1>;
  using Mask = pto::Tile<pto::TileType::Vec, std::uint8_t, 4, 32, pto::BLayout::RowMajor, -1, -1>;
  ChipTensor a = iota(4, 32); // element (r, c) = 32r + c
  Vec32 x(3, 20), y(3, 20), d(3, 20);
  TASSIGN(x, 0);
  TASSIGN(y, 512);
  TASSIGN(d, 1024);
  TLOAD(x, window(a, 0, 0, 3, 20));
  Mask narrow(3, 3); // ceil(20 / 8) bytes: the vendor's TCMPS would put row 1's bytes in row 0
  TASSIGN(narrow, 2048);
  expectSimError([&] { TCMPS(narrow, x, 40.0f, pto::CmpMode::GE); }, "keeps whole rows of 4 bytes");
  Mask m(3, 4);
  TASSIGN(m, 2048);
  TCMPS(m, x, 40.0f, pto::CmpMode::GE); // row 1: 32..51, >= 40 from column 8
  EXPECT_EQ(m.GetValidCol(), 4);        // the declared valid shape stays
  EXPECT_EQ(m.get(1, 0), 0.0);
  EXPECT_EQ(m.get(1, 1), 255.0);
  EXPECT_EQ(m.get(1, 2), 15.0);
  EXPECT_EQ(m.get(1, 3), 0.0); // past the valid columns' bits
  TCMP(m, x, x, pto::CmpMode::EQ);
  EXPECT_EQ(m.GetValidCol(), 4);
  EXPECT_EQ(m.get(2, 2), 15.0);
  TCMPS(m, x, 40.0f, pto::CmpMode::GE);
  Mask rows(3, 3);
  TASSIGN(rows, 2048);
  TRESHAPE(rows, m); // in place: the same bytes, nothing recorded or copied
  EXPECT_EQ(rows.get(1, 1), 255.0);
  TEXPANDS(y, -1.0f);
  pto::Tile<pto::TileType::Vec, std::uint32_t, 1, 8, pto::BLayout::RowMajor, -1, -1> selTmp;
  TASSIGN(selTmp, 4096);
  // 20 valid columns are not whole mask bytes: the vendor's CPU TSEL would start row 1 at bit 4
  // of byte 2, so pl runs it over 24 columns (the sources' padding past 20) and views the result.
  Vec32 wide(3, 24);
  TASSIGN(wide, 1024);
  TSEL(wide, rows, x, y, selTmp);
  EXPECT_EQ(wide.GetValidCol(), 24);
  EXPECT_EQ(wide.get(1, 7), -1.0);
  EXPECT_EQ(wide.get(1, 8), 40.0);
  EXPECT_EQ(wide.get(2, 19), 83.0);
  TRESHAPE(d, wide);
  EXPECT_EQ(d.GetValidCol(), 20);
  EXPECT_EQ(d.get(2, 19), 83.0);
  // A packed mask never shares its sources' bytes (the vendor's CPU TCMP zeroes it first).
  Mask onX(3, 4);
  TASSIGN(onX, 0);
  expectSimError([&] { TCMP(onX, x, y, pto::CmpMode::LT); }, "cannot work in place");
  expectSimError([&] { TCMPS(onX, x, 1.0f, pto::CmpMode::LT); }, "cannot work in place");
  Vec32 odd(3, 22);
  TASSIGN(odd, 1024);
  expectSimError([&] { TSEL(odd, rows, x, y, selTmp); }, "nor that widened to whole mask bytes");
}

namespace orch {
int calls = 0;
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs &) {
  return PTO2OrchestrationConfig{.expected_arg_count = 2};
}
void aicpu_orchestration_entry(const ChipTaskArgs &args) {
  ++calls;
  EXPECT_EQ(from_u64<std::int64_t>(args.scalar(0)), -7);
}
} // namespace orch

TEST_F(PtoApi, HostBridgeChecksTheExpectedArgumentCount) {
  pl::sim::KernelTable none;
  pl::Tensor<pl::fp32, 2, 2> t;
  pl::sim::HostArgs ok;
  ok.bind(t).bind(std::int64_t{-7});
  (void)ok.run(none, &orch::aicpu_orchestration_config, &orch::aicpu_orchestration_entry);
  EXPECT_EQ(orch::calls, 1);
  pl::sim::HostArgs bad;
  bad.bind(t);
  expectSimError(
      [&] {
        (void)bad.run(none, &orch::aicpu_orchestration_config, &orch::aicpu_orchestration_entry);
      },
      "expects 2 arguments, the call passes 1");
  EXPECT_EQ(orch::calls, 1);
}

namespace orch_scalars {
std::vector<std::uint64_t> seen;
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs &) {
  return PTO2OrchestrationConfig{.expected_arg_count = 5};
}
void aicpu_orchestration_entry(const ChipTaskArgs &args) {
  for (std::size_t i = 0; i < args.scalar_count(); ++i)
    seen.push_back(args.scalar(i));
}
} // namespace orch_scalars

// The host bridge packs each scalar in the runtime's encoding as the C++ type the orchestration
// reads its parameter in (pl::abi::scalar_cpp_t): fp32 as float (32 bits), fp16 as double, a
// plain int as index (int64), an i32 as int32_t (-1 is 0xFFFFFFFF).
TEST_F(PtoApi, HostBridgePacksScalarsAsTheParameterTypes) {
  pl::sim::KernelTable none;
  pl::Tensor<pl::fp32, 2, 2> t;
  pl::sim::HostArgs args;
  args.bind(t).bind(1.25f).bind(pl::Scalar<pl::fp16>(0.5)).bind(-2).bind(pl::Scalar<pl::i32>(-1));
  (void)args.run(none, &orch_scalars::aicpu_orchestration_config,
                 &orch_scalars::aicpu_orchestration_entry);
  EXPECT_EQ(orch_scalars::seen, (std::vector<std::uint64_t>{0x3FA00000, 0x3FE0000000000000,
                                                            ~std::uint64_t{1}, 0xFFFFFFFF}));
  EXPECT_EQ(from_u64<float>(orch_scalars::seen[0]), 1.25f);
  EXPECT_EQ(from_u64<double>(orch_scalars::seen[1]), 0.5);
  EXPECT_EQ(from_u64<std::int64_t>(orch_scalars::seen[2]), -2);
  EXPECT_EQ(from_u64<std::int32_t>(orch_scalars::seen[3]), -1);
}

// ---- the pipe checker
// ----------------------------------------------------------------------------

/// Runs `body` as one kernel under the pipe checker (as the runtime does for every kernel).
template <class F> void asKernel(F body) {
  pl::sim::detail::pipeTracker().begin("probe");
  body();
  pl::sim::detail::pipeTracker().end();
}

/// Expects `body`, run as one kernel, to fail the pipe checker with a message holding `needle`.
template <class F> void expectKernelError(F body, const std::string &needle) {
  expectSimError([&] { asKernel(body); }, needle);
}

/// Two vector tiles of a kernel, placed apart: t at byte 0, u at 4096.
struct TwoTiles {
  VecF t, u;
  TwoTiles() {
    TASSIGN(t, 0);
    TASSIGN(u, 4096);
  }
};

TEST_F(PtoApi, OrderedVectorKernelPassesTheChecker) {
  ChipTensor a = iota(4, 8), c = ChipTensor::allocate(pl::DType::FP32, {4, 8});
  asKernel([&] {
    auto [t, u] = TwoTiles();
    TLOAD(t, window(a, 0, 0, 4, 8));
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    TADDS(u, t, 1.0f);
    pipe_barrier(PIPE_V);
    TMULS(u, u, 2.0f);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    TSTORE(window(c, 0, 0, 4, 8), u);
    pipe_barrier(PIPE_ALL);
  });
  EXPECT_EQ(static_cast<const float *>(c.data())[9], 20.0f);
}

TEST_F(PtoApi, RemovedWaitIsReportedWithBothInstructionsAndThePipePair) {
  ChipTensor a = iota(4, 8);
  expectKernelError(
      [&] {
        auto [t, u] = TwoTiles();
        TLOAD(t, window(a, 0, 0, 4, 8));
        TADDS(u, t, 1.0f); // no MTE2 -> V flag: the add may read the tile before the load lands
      },
      "TADDS on PIPE_V reads Vec bytes");
  expectKernelError(
      [&] {
        VecF t;
        TASSIGN(t, 0);
        TLOAD(t, window(a, 0, 0, 4, 8));
        TADDS(t, t, 1.0f);
      },
      "no set_flag/wait_flag(PIPE_MTE2, PIPE_V)");
}

TEST_F(PtoApi, DependentVectorOpsNeedABarrier) {
  expectKernelError(
      [&] {
        auto [t, u] = TwoTiles();
        TEXPANDS(t, 1.0f);
        TADDS(u, t, 1.0f); // reads what TEXPANDS wrote on the same pipe, no barrier
      },
      "with no pipe_barrier(PIPE_V) between them");
  asKernel([&] { // independent vector ops need nothing
    auto [t, u] = TwoTiles();
    TEXPANDS(t, 1.0f);
    TEXPANDS(u, 2.0f);
  });
}

/// Inside a kernel: fills t (at offset 0) with 3.0f and stores it to c, the vector pipe's write
/// ordered before the store by a flag; nothing orders what comes after the store.
void storeThrees(VecF &t, const ChipTensor &c) {
  TASSIGN(t, 0);
  TEXPANDS(t, 3.0f);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  TSTORE(window(c, 0, 0, 4, 8), t);
}

TEST_F(PtoApi, WriteAfterReadAcrossPipesIsChecked) {
  ChipTensor a = iota(4, 8), c = ChipTensor::allocate(pl::DType::FP32, {4, 8});
  expectKernelError(
      [&] {
        VecF t;
        storeThrees(t, c);
        TLOAD(t, window(a, 0, 0, 4, 8)); // overwrites t while the store may still read it
      },
      "TLOAD on PIPE_MTE2 writes Vec bytes [");
}

TEST_F(PtoApi, FlagMisuseAndUndrainedStores) {
  expectKernelError([] { wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID3); }, "with no set_flag before it");
  expectKernelError(
      [] {
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
      },
      "is set again before a wait_flag");
  expectKernelError([] { set_flag(PIPE_V, PIPE_MTE3, EVENT_ID2); }, "is never waited");
  ChipTensor c = ChipTensor::allocate(pl::DType::FP32, {4, 8});
  expectKernelError(
      [&] {
        VecF t;
        storeThrees(t, c); // no drain before the kernel returns
      },
      "may still be writing global memory");
}

} // namespace
