// tests/sim/test_tile.cpp — arenas: placement, real overlap, capacity errors per platform, checked-mode space rules.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pl/sim/kernel.hpp"

using namespace pl::sim;
using pl::Mem;

namespace {

template <class F>
void expectSimError(F f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "expected a pl::sim::SimError containing '" << needle << "'";
  } catch (const SimError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
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
  EXPECT_EQ(a2a3().capacityOf(Mem::Mat), 512u * 1024);
  EXPECT_EQ(a2a3().capacityOf(Mem::Left), 64u * 1024);
  EXPECT_EQ(a2a3().capacityOf(Mem::Right), 64u * 1024);
  EXPECT_EQ(a2a3().capacityOf(Mem::Acc), 128u * 1024);
  EXPECT_EQ(a2a3().capacityOf(Mem::Bias), 1u * 1024);
  EXPECT_EQ(a2a3().capacityOf(Mem::Vec), 192u * 1024);
  EXPECT_EQ(a2a3().safeOf(Mem::Vec), 184u * 1024);
  EXPECT_EQ(a2a3().capacityOf(Mem::LeftScale), 0u);
  EXPECT_EQ(a5().capacityOf(Mem::Acc), 256u * 1024);
  EXPECT_EQ(a5().capacityOf(Mem::Bias), 4u * 1024);
  EXPECT_EQ(a5().capacityOf(Mem::LeftScale), 4u * 1024);
  EXPECT_EQ(a5().capacityOf(Mem::RightScale), 4u * 1024);
  EXPECT_EQ(a5().capacityOf(Mem::Vec), 248u * 1024);
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
  TASSIGN(m0, 0);
  TASSIGN(m1, 1024);
  TASSIGN(v, 0);
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
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  TASSIGN(v, 0);
  TASSIGN(mb, 0);
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
  TASSIGN(l, 0);
  TASSIGN(v, 0);
  TASSIGN(m, 0);
  TASSIGN(acc, 0);
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
  TASSIGN(a, 0);
  TASSIGN(b, 0);
  TASSIGN(s, 64);
  expectSimError([&] { TTRANS(b, a); }, "overlaps operand 'src'");
  expectSimError([&] { TROWSUM(s, a); }, "cannot work in place");
  TADD(b, a, a);  // elementwise ops may work in place
}

}  // namespace
