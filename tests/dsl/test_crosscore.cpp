// tests/dsl/test_crosscore.cpp — the eager cross-core pipes (a FIFO of tile copies per direction),
// their errors (pop from an empty pipe, tfree out of pop order), pl::cluster and Group functions.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using Tl = pl::Tile<pl::fp32, 2, 4>;
using T = pl::Tensor<pl::fp32, 2, 4>;

/// Each test starts with empty pipes (they are per thread; gtest runs the tests on one).
class Pipes : public ::testing::Test {
protected:
  void SetUp() override { pl::detail::eagerPipes() = {}; }
  void TearDown() override { pl::detail::eagerPipes() = {}; }
};

Tl filled(float v) { return pl::full_tile({2, 4}, pl::fp32, v); }

/// The message of the pl::Error `f` throws ("" when it throws none).
template <class F> std::string errorOf(F &&f) {
  try {
    f();
  } catch (const pl::Error &e) {
    return e.what();
  }
  return "";
}

TEST_F(Pipes, FifoOrderPerDirection) {
  pl::tpush_to_aiv(filled(1));
  pl::tpush_to_aiv(filled(2));
  pl::tpush_to_aic(filled(10));
  pl::tpush_to_aiv(filled(3));
  Tl a = pl::tpop_from_aic<Tl>();
  Tl b = pl::tpop_from_aic<Tl>();
  Tl back = pl::tpop_from_aiv<Tl>();
  Tl c = pl::tpop_from_aic<Tl>();
  EXPECT_EQ(a.get(1, 3), 1);
  EXPECT_EQ(b.get(0, 0), 2);
  EXPECT_EQ(c.get(0, 0), 3);
  EXPECT_EQ(back.get(0, 0), 10);
  // The consumer's memory space: Vec on the vector side, Mat on the cube side, unless the tile
  // type states one.
  EXPECT_EQ(a.mem(), pl::Mem::Vec);
  EXPECT_EQ(back.mem(), pl::Mem::Mat);
  pl::tpush_to_aic(filled(4));
  auto vecOnCube = pl::tpop_from_aiv<pl::Tile<pl::fp32, 2, 4, pl::Mem::Vec>>();
  EXPECT_EQ(vecOnCube.mem(), pl::Mem::Vec);
  pl::tfree_to_aic(a);
  pl::tfree_to_aic(b);
  pl::tfree_to_aic(c);
  pl::tfree_to_aiv(back);
  pl::tfree_to_aiv(vecOnCube);
  EXPECT_TRUE(pl::detail::eagerPipes().c2v.held.empty());
  EXPECT_TRUE(pl::detail::eagerPipes().v2c.filled.empty());
}

TEST_F(Pipes, PushCopiesTheTile) {
  Tl t = filled(5);
  pl::tpush_to_aiv(t);
  t = filled(6); // a later change of the producer's tile does not reach the pipe
  EXPECT_EQ(pl::tpop_from_aic<Tl>().get(0, 0), 5);
}

TEST_F(Pipes, PushKeepsTheValidRegion) {
  T x(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8});
  Tl t = pl::load(x, {0, 0}, {2, 4}, {.valid_shape = {1, 3}});
  pl::tpush_to_aiv(t);
  Tl p = pl::tpop_from_aic<Tl>();
  EXPECT_EQ(p.valid_shape(), (pl::Shape{1, 3}));
  EXPECT_EQ(p.get(0, 2), 3);
  EXPECT_EQ(p.get(1, 0), 0);
}

TEST_F(Pipes, PopFromEmptyPipeNamesThePipeAndTheOrder) {
  std::string m = errorOf([] { (void)pl::tpop_from_aic<Tl>(); });
  EXPECT_EQ(m,
            "'pl::tpop_from_aic': pipe AIC->AIV is empty: no tile pushed with pl::tpush_to_aiv is "
            "waiting. In the eager run a Group's kernels run one after another in call order, so "
            "the AIC kernel that pushes must be called before the AIV kernel that pops");
  m = errorOf([] { (void)pl::tpop_from_aiv<Tl>(); });
  EXPECT_NE(m.find("pipe AIV->AIC is empty"), std::string::npos) << m;
  EXPECT_NE(m.find("the AIV kernel that pushes must be called before the AIC kernel that pops"),
            std::string::npos)
      << m;
  // A pop that fails takes nothing: the tiles pushed since are popped in order.
  pl::tpush_to_aiv(filled(7));
  EXPECT_EQ(pl::tpop_from_aic<Tl>().get(0, 0), 7);
}

TEST_F(Pipes, PopOfAnotherShapeOrDtypeIsAnError) {
  pl::tpush_to_aiv(filled(1));
  std::string m = errorOf([] { (void)pl::tpop_from_aic<pl::Tile<pl::fp16, 2, 4>>(); });
  EXPECT_NE(
      m.find("the oldest tile in pipe AIC->AIV is fp32[2, 4], but the pop asks for fp16[2, 4]"),
      std::string::npos)
      << m;
  m = errorOf([] { (void)pl::tpop_from_aic<pl::Tile<pl::fp32, 4, 2>>(); });
  EXPECT_NE(m.find("asks for fp32[4, 2]"), std::string::npos) << m;
  EXPECT_EQ(pl::tpop_from_aic<Tl>().get(0, 0), 1); // still there
}

TEST_F(Pipes, TfreeInPopOrder) {
  pl::tpush_to_aiv(filled(1));
  pl::tpush_to_aiv(filled(2));
  Tl first = pl::tpop_from_aic<Tl>();
  Tl second = pl::tpop_from_aic<Tl>();
  std::string m = errorOf([&] { pl::tfree_to_aic(second); });
  EXPECT_EQ(
      m, "'pl::tfree_to_aic': the tile is pop #2 of pipe AIC->AIV, but the oldest popped and not "
         "yet freed tile of that pipe is pop #1; free the tiles in the order they were popped");
  pl::tfree_to_aic(first);
  Tl copy = second; // a copy of a popped tile is that tile
  pl::tfree_to_aic(copy);
  m = errorOf([&] { pl::tfree_to_aic(second); });
  EXPECT_EQ(m, "'pl::tfree_to_aic': no tile popped from pipe AIC->AIV is waiting to be freed");
}

TEST_F(Pipes, TfreeOfATileNotPoppedIsAnError) {
  pl::tpush_to_aic(filled(1));
  Tl p = pl::tpop_from_aiv<Tl>();
  std::string m = errorOf([] { pl::tfree_to_aiv(filled(9)); });
  EXPECT_NE(m.find("'pl::tfree_to_aiv': the tile (fp32[2, 4]) is not one popped from pipe AIV->AIC "
                   "and not yet freed (1 held"),
            std::string::npos)
      << m;
  // Each direction has its own held tiles.
  m = errorOf([&] { pl::tfree_to_aic(p); });
  EXPECT_NE(m.find("no tile popped from pipe AIC->AIV"), std::string::npos) << m;
  pl::tfree_to_aiv(p);
}

template <pl::DType D> void roundTrip() {
  using Tile = pl::Tile<D, 2, 4>;
  pl::Tensor<D, 2, 4> src(pl::random_vector(8, 11, 1.0f, 6.0f));
  Tile t = pl::load(src, {0, 0}, {2, 4});
  pl::tpush_to_aiv(t);
  pl::tpush_to_aic(t);
  Tile down = pl::tpop_from_aic<Tile>();
  Tile up = pl::tpop_from_aiv<Tile>();
  EXPECT_EQ(down.data().a.data, t.data().a.data) << pl::dtypeName(D);
  EXPECT_EQ(up.data().a.data, t.data().a.data) << pl::dtypeName(D);
  EXPECT_EQ(down.dtype(), D);
  pl::tfree_to_aic(down);
  pl::tfree_to_aiv(up);
}

TEST_F(Pipes, EveryTileDtypeKeepsItsValues) {
  using pl::DType;
  roundTrip<DType::Bool>();
  roundTrip<DType::Int4>();
  roundTrip<DType::Int8>();
  roundTrip<DType::Int16>();
  roundTrip<DType::Int32>();
  roundTrip<DType::Int64>();
  roundTrip<DType::UInt4>();
  roundTrip<DType::UInt8>();
  roundTrip<DType::UInt16>();
  roundTrip<DType::UInt32>();
  roundTrip<DType::UInt64>();
  roundTrip<DType::FP4>();
  roundTrip<DType::FP8E4M3FN>();
  roundTrip<DType::FP8E5M2>();
  roundTrip<DType::FP8E8M0>();
  roundTrip<DType::FP16>();
  roundTrip<DType::BF16>();
  roundTrip<DType::FP32>();
  roundTrip<DType::HF4>();
  roundTrip<DType::HF8>();
}

TEST_F(Pipes, SetUpIsRecordedAndChecked) {
  pl::aic_initialize_pipe({.dir_mask = 3, .slot_size = 256, .slot_num = 2});
  pl::aiv_initialize_pipe({.dir_mask = 1, .slot_size = 256, .slot_num = 4});
  pl::reserve_buffer({.name = "ring", .size = 1024});
  pl::import_peer_buffer({.name = "ring", .peer_func = "vec"});
  const pl::detail::PipeSetup &s = pl::detail::eagerPipes().setup;
  ASSERT_TRUE(s.aic && s.aiv);
  EXPECT_EQ(s.aic->dir_mask, 3);
  EXPECT_EQ(s.aiv->slot_num, 4);
  EXPECT_EQ(s.reserved.at(0).first, "ring");
  EXPECT_EQ(s.imported.at(0).second, "vec");
  // The eager run enforces no slot count: more pushes than slots are fine (the simulator
  // blocks the producer instead).
  for (int i = 0; i < 5; ++i)
    pl::tpush_to_aiv(filled(static_cast<float>(i)));
  EXPECT_EQ(pl::detail::eagerPipes().c2v.filled.size(), 5u);
  EXPECT_NE(errorOf([] {
              pl::aic_initialize_pipe({.dir_mask = 4, .slot_size = 1, .slot_num = 1});
            }).find(".dir_mask is 1 (cube to vector), 2 (vector to cube) or 3 (both); got 4"),
            std::string::npos);
  EXPECT_NE(errorOf([] {
              pl::aiv_initialize_pipe({.dir_mask = 1});
            }).find(".slot_size and .slot_num are positive"),
            std::string::npos);
  EXPECT_NE(
      errorOf([] { pl::reserve_buffer({.name = "r"}); }).find(".size is a positive byte count"),
      std::string::npos);
}

// A Group whose AIC kernel feeds its AIV kernel, as a user writes it by hand.
PL_FUNCTION(pl::FunctionType::AIC) void cube(T a, pl::Out<T> o) {
  pl::aic_initialize_pipe({.dir_mask = 1, .slot_size = 32, .slot_num = 2});
  pl::Tile<pl::fp32, 2, 4, pl::Mem::Mat> t =
      pl::load(a, {0, 0}, {2, 4}, {.target_memory = pl::Mem::Mat});
  pl::tpush_to_aiv(t);
  (void)o;
}
PL_FUNCTION(pl::FunctionType::AIV) void vec(T a, pl::Out<T> o) {
  pl::aiv_initialize_pipe({.dir_mask = 1, .slot_size = 32, .slot_num = 2});
  Tl t = pl::tpop_from_aic<Tl>();
  pl::store(t + t, {0, 0}, o);
  pl::tfree_to_aic(t);
  (void)a;
}
PL_FUNCTION(pl::FunctionType::Group) void group(T a, pl::Out<T> o) {
  cube(a, o);
  vec(a, o);
}
PL_FUNCTION(pl::FunctionType::Group) void wrong_order(T a, pl::Out<T> o) {
  vec(a, o);
  cube(a, o);
}

TEST_F(Pipes, GroupRunsItsKernelsInCallOrder) {
  T a(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8});
  T o;
  group(a, o);
  EXPECT_EQ(o.to_vector<float>(), (std::vector<float>{2, 4, 6, 8, 10, 12, 14, 16}));
  std::string m = errorOf([&] { wrong_order(a, o); });
  EXPECT_NE(m.find("pipe AIC->AIV is empty"), std::string::npos) << m;
}

TEST_F(Pipes, ClusterRunsItsBody) {
  T a(std::vector<float>{1, 1, 1, 1, 2, 2, 2, 2});
  T o;
  pl::cluster([&] {
    cube(a, o);
    vec(a, o);
  });
  EXPECT_EQ(o.get({1, 0}), 4);
}

} // namespace
