// tests/sim/test_tile.cpp — arenas: placement, real overlap, capacity errors per platform, checked-mode space rules.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pl/sim/kernel.hpp"
#include "sim_test_util.h"

using namespace pl::sim;
using pl::Mem;

namespace {

/// TASSIGN of each tile to `addr`.
template <class... Tl> void assignAll(std::uint64_t addr, Tl &...tiles) {
  (TASSIGN(tiles, addr), ...);
}

/// Each test starts on a fresh a2a3 core with checked mode on.
class SimTile : public ::testing::Test {
 protected:
  void SetUp() override {
    setPlatform(a2a3());
    setChecked(true);
    resetCurrentCore();
  }
  void TearDown() override {
    setPlatform(a2a3());
    setChecked(true);
    resetCurrentCore();
  }
};

TEST_F(SimTile, PlatformDescriptors) {
  // Physical capacity in KiB (0: the platform has no such space).
  const struct {
    const Platform &platform;
    Mem space;
    std::uint32_t kib;
  } capacities[] = {
      {a2a3(), Mem::Mat, 512},     {a2a3(), Mem::Left, 64},    {a2a3(), Mem::Right, 64},
      {a2a3(), Mem::Acc, 128},     {a2a3(), Mem::Bias, 1},     {a2a3(), Mem::Vec, 192},
      {a2a3(), Mem::LeftScale, 0}, {a5(), Mem::Acc, 256},      {a5(), Mem::Bias, 4},
      {a5(), Mem::LeftScale, 4},   {a5(), Mem::RightScale, 4}, {a5(), Mem::Vec, 248},
  };
  for (const auto &c : capacities)
    EXPECT_EQ(c.platform.capacityOf(c.space), c.kib * 1024)
        << c.platform.name << " " << pl::memName(c.space);
  EXPECT_EQ(a2a3().safeOf(Mem::Vec), 184u * 1024);
  EXPECT_EQ(a5().safeOf(Mem::Vec), 240u * 1024);
  EXPECT_EQ(&platformByName("a5sim"), &a5());
  expectSimError([] { platformByName("tpu"); }, "unknown platform 'tpu'");
}

TEST_F(SimTile, UseBeforeAssignIsAnError) {
  Tile<float, Mem::Vec, 8, 8> t;
  expectSimError([&] { t.get(0, 0); }, "used before TASSIGN");
}

TEST_F(SimTile, OverlappingPlacementsShareBytes) {
  Tile<float, Mem::Vec, 8, 8> a;
  Tile<float, Mem::Vec, 4, 16> b;  // same bytes, other shape
  Tile<float, Mem::Vec, 8, 8> c;   // half overlap
  TASSIGN(a, 1024);
  TASSIGN(b, 1024);
  TASSIGN(c, 1024 + 32 * 4);
  a.set(1, 0, 5.0);  // element 8
  EXPECT_EQ(b.get(0, 8), 5.0);
  b.set(3, 15, -2.0);  // element 63
  EXPECT_EQ(a.get(7, 7), -2.0);
  EXPECT_EQ(c.get(3, 7), -2.0);  // element 31 of c = element 63 of a
  // Different spaces never alias.
  Tile<float, Mem::Mat, 8, 8> m;
  TASSIGN(m, 1024);
  EXPECT_EQ(m.get(1, 0), 0.0);
}

TEST_F(SimTile, CapacityOverflowIsAnError) {
  Tile<float, Mem::Vec, 64, 64> t;  // 16 KiB
  TASSIGN(t, 192 * 1024 - 16 * 1024);  // exactly fits the physical Vec
  expectSimError([&] { TASSIGN(t, 192 * 1024 - 16 * 1024 + 32); }, "beyond the Vec capacity of 196608 bytes on a2a3");
  Tile<float, Mem::Bias, 1, 512> bias;  // 2 KiB > 1 KiB
  expectSimError([&] { TASSIGN(bias, 0); }, "needs 2048 bytes");
  Tile<float, Mem::Acc, 128, 256> acc;  // 128 KiB: fits a2a3 Acc exactly
  TASSIGN(acc, 0);
  expectSimError([&] { TASSIGN(acc, 4); }, "Acc capacity");
  Tile<pl::Half, Mem::LeftScale, 16, 16> ls;
  expectSimError([&] { TASSIGN(ls, 0); }, "has no LeftScale space");
  expectSimError([&] { TASSIGN(t, 2); }, "not aligned");
}

TEST_F(SimTile, A5HasLargerSpaces) {
  setPlatform(a5());
  resetCurrentCore();
  Tile<float, Mem::Vec, 64, 64> t;
  TASSIGN(t, 230 * 1024);  // past a2a3's 192 KiB
  Tile<float, Mem::Bias, 1, 512> bias;
  TASSIGN(bias, 0);
  Tile<pl::Half, Mem::LeftScale, 16, 16> ls;
  TASSIGN(ls, 0);
  t.set(63, 63, 1.5);
  EXPECT_EQ(t.get(63, 63), 1.5);
}

TEST_F(SimTile, ValidShapeMustFit) {
  expectSimError([] { Tile<float, Mem::Vec, 8, 8> t(9, 1); }, "does not fit");
  Tile<float, Mem::Vec, 8, 8> t(3, 5);
  EXPECT_EQ(t.GetValidRow(), 3);
  EXPECT_EQ(t.GetValidCol(), 5);
}

// ---- checked mode -------------------------------------------------------------------------------

TEST_F(SimTile, CheckedVectorOpsNeedVec) {
  Tile<float, Mem::Mat, 8, 8> m0, m1;
  Tile<float, Mem::Vec, 8, 8> v;
  assignAll(0, m0, v);
  TASSIGN(m1, 1024);
  expectSimError([&] { TADD(m0, m0, m1); }, "'TADD': operand 'dst' is a Mat tile; expected Vec");
  expectSimError([&] { TEXP(v, m0); }, "operand 'src' is a Mat tile");
  expectSimError([&] { TROWSUM(v, m0); }, "TROWSUM");
  setChecked(false);
  TADD(m0, m0, m1);  // unchecked: runs
}

TEST_F(SimTile, CheckedMatmulSpaces) {
  Tile<float, Mem::Left, 8, 8> l;
  Tile<float, Mem::Right, 8, 8> r;
  Tile<float, Mem::Acc, 8, 8> acc;
  Tile<float, Mem::Vec, 8, 8> v;
  Tile<float, Mem::Mat, 1, 8> mb;
  assignAll(0, l, r, acc, v, mb);
  TMATMUL(acc, l, r);
  expectSimError([&] { TMATMUL(v, l, r); }, "operand 'dst' is a Vec tile; expected Acc");
  expectSimError([&] { TMATMUL(acc, v, r); }, "operand 'lhs' is a Vec tile; expected Left");
  expectSimError([&] { TMATMUL(acc, l, l); }, "operand 'rhs' is a Left tile; expected Right");
  expectSimError([&] { TMATMUL_BIAS(acc, l, r, mb); }, "operand 'bias' is a Mat tile; expected Bias");
}

TEST_F(SimTile, CheckedLeftRightOnlyFromMat) {
  std::vector<float> g(64, 1.0f);
  GlobalView<float> view(g.data(), {8, 8});
  Tile<float, Mem::Left, 8, 8> l;
  Tile<float, Mem::Vec, 8, 8> v;
  Tile<float, Mem::Mat, 8, 8> m;
  Tile<float, Mem::Acc, 8, 8> acc;
  assignAll(0, l, v, m, acc);
  expectSimError([&] { TLOAD(l, view); }, "'TLOAD': operand 'dst' is a Left tile; expected Vec or Mat");
  expectSimError([&] { TLOAD(acc, view); }, "expected Vec or Mat");
  expectSimError([&] { TMOV(l, v); }, "a Left tile is filled only from Mat, got a Vec source");
  expectSimError([&] { TEXTRACT(l, v, 0, 0); }, "filled only from Mat");
  expectSimError([&] { TMOV(acc, v); }, "an Acc tile is written only by TMATMUL");
  expectSimError([&] { TMOV(v, l); }, "a Left tile is read only by the matmul family");
  expectSimError([&] { TSTORE(view, l); }, "'TSTORE': operand 'src' is a Left tile");
  TLOAD(m, view);
  TMOV(l, m);  // the legal path
  EXPECT_EQ(l.get(7, 7), 1.0);
}

TEST_F(SimTile, NotInPlaceOpsRejectOverlap) {
  Tile<float, Mem::Vec, 8, 8> a, b;
  Tile<float, Mem::Vec, 8, 1> s;
  assignAll(0, a, b); // b overlaps a
  TASSIGN(s, 64);
  expectSimError([&] { TTRANS(b, a); }, "overlaps operand 'src'");
  expectSimError([&] { TROWSUM(s, a); }, "cannot work in place");
  TADD(b, a, a);  // elementwise ops may work in place
}

}  // namespace
