// tests/dsl/test_tensor_tile.cpp — Tensor handles, Tile values, Scalar, Out/InOut write-through.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

using T22 = pl::Tensor<pl::fp32, 2, 2>;

TEST(Tensor, HostRoundTripAndHandleSemantics) {
  T22 a(std::vector<float>{1, 2, 3, 4});
  EXPECT_EQ(a.shape(), (pl::Shape{2, 2}));
  EXPECT_EQ(a.get({1, 0}), 3);
  T22 alias = a;            // same buffer
  alias.set({0, 0}, 10);
  EXPECT_EQ(a.get({0, 0}), 10);
  T22 copy = a.clone();     // new buffer
  copy.set({0, 0}, -1);
  EXPECT_EQ(a.get({0, 0}), 10);
  EXPECT_EQ(a.to_vector<int>(), (std::vector<int>{10, 2, 3, 4}));
  float raw[4] = {5, 6, 7, 8};
  pl::Tensor<pl::fp32, pl::dyn, 2> d(raw, {2, 2});
  EXPECT_EQ(d.get({1, 1}), 8);
}

TEST(Tensor, DefaultsAndDtypeRounding) {
  T22 z;
  EXPECT_EQ(z.to_vector(), (std::vector<float>{0, 0, 0, 0}));
  pl::Tensor<pl::fp16, 1> h(std::vector<double>{0.1});
  EXPECT_EQ(h.get({0}), 0.0999755859375);
  pl::Tensor<pl::fp32> unconstrained = z;
  EXPECT_EQ(unconstrained.rank(), 2);
  pl::Tensor<pl::fp32> empty;
  EXPECT_FALSE(empty.defined());
}

TEST(Tensor, RuntimeChecks) {
  EXPECT_THROW(T22(std::vector<float>{1, 2, 3}), pl::Error);
  pl::Tensor<pl::fp32> any3 = pl::create_tensor({3, 3}, pl::fp32);
  EXPECT_THROW({ T22 t = any3; (void)t; }, pl::Error);
  try {
    T22 t = any3;
    (void)t;
  } catch (const pl::Error& e) {
    EXPECT_NE(std::string(e.what()).find("shape mismatch"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("[3, 3]"), std::string::npos) << e.what();
  }
  pl::Tensor<pl::fp32> unset;
  EXPECT_THROW((void)unset.shape(), pl::Error);
}

void write_out(T22 a, pl::Out<T22> out) { out = pl::add(a, a); }
void write_inout(pl::InOut<T22> io) { io = pl::mul(io, io); }
void rebind_local(T22 a) { a = pl::add(a, a); }  // a plain parameter rebinds, caller unchanged

TEST(Tensor, OutWritesTheCallersBuffer) {
  T22 a(std::vector<float>{1, 2, 3, 4}), out;
  write_out(a, out);
  EXPECT_EQ(out.to_vector(), (std::vector<float>{2, 4, 6, 8}));
  write_inout(out);
  EXPECT_EQ(out.to_vector(), (std::vector<float>{4, 16, 36, 64}));
  rebind_local(a);
  EXPECT_EQ(a.to_vector(), (std::vector<float>{1, 2, 3, 4}));
  pl::Tensor<pl::fp32> big = pl::create_tensor({3, 3}, pl::fp32);
  pl::Out<pl::Tensor<pl::fp32>> o(big);
  EXPECT_THROW(o = a, pl::Error);  // the whole buffer is written: shapes must match
}

TEST(Tile, DefaultsConversionsAndMem) {
  pl::Tile<pl::fp32, 2, 3> t;
  EXPECT_EQ(t.shape(), (pl::Shape{2, 3}));
  EXPECT_EQ(t.valid_shape(), (pl::Shape{2, 3}));
  EXPECT_EQ(t.mem(), pl::Mem::Vec);
  pl::Tile<pl::fp32> dynamic = t;
  EXPECT_EQ(dynamic.rows(), 2);
  using T33 = pl::Tile<pl::fp32, 3, 3>;
  using AccT = pl::Tile<pl::fp32, 2, 3, pl::Mem::Acc>;
  EXPECT_THROW((void)T33(dynamic), pl::Error);
  EXPECT_THROW((void)AccT(dynamic), pl::Error);
  pl::Tile<pl::fp32, 2, 3, pl::Mem::Acc> acc;
  EXPECT_EQ(acc.mem(), pl::Mem::Acc);
}

void fill_tile(pl::Out<pl::Tile<pl::fp32, 2, 2>> t) { t = pl::full_tile({2, 2}, pl::fp32, 7.0f); }

TEST(Tile, OutTileWritesTheCallersTile) {
  pl::Tile<pl::fp32, 2, 2> t;
  fill_tile(t);
  EXPECT_EQ(t.get(1, 1), 7);
}

TEST(Scalar, RoundsToItsDtype) {
  pl::Scalar<pl::fp16> h = 0.1;
  EXPECT_EQ(static_cast<double>(h.value()), 0.0999755859375);
  pl::Scalar<pl::i8> s = 300;
  EXPECT_EQ(s.value(), 44);
  pl::Scalar<pl::i64> n = 5;
  pl::Index i = n * 2 + 1;
  EXPECT_EQ(i, 11);
  pl::Scalar<pl::bool_> b = 2;
  EXPECT_TRUE(b);
}

}  // namespace
