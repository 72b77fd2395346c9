// tests/dsl/test_control.cpp — loops (incl. zero-trip and descending), explicit SSA forms, pl::at.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

std::vector<pl::Index> collect(const pl::Range& r) {
  std::vector<pl::Index> v;
  for (auto i : r) v.push_back(i);
  return v;
}

TEST(Range, Forms) {
  EXPECT_EQ(collect(pl::range(4)), (std::vector<pl::Index>{0, 1, 2, 3}));
  EXPECT_EQ(collect(pl::range(2, 10, 3)), (std::vector<pl::Index>{2, 5, 8}));
  EXPECT_EQ(collect(pl::range(0, 100, 40)), (std::vector<pl::Index>{0, 40, 80}));
  EXPECT_EQ(collect(pl::range(10, 0, -3)), (std::vector<pl::Index>{10, 7, 4, 1}));
  EXPECT_EQ(collect(pl::range(3, -1, -1)), (std::vector<pl::Index>{3, 2, 1, 0}));
  EXPECT_EQ(pl::range(10, 0, -3).trip_count(), 4);
}

TEST(Range, ZeroTrip) {
  EXPECT_TRUE(collect(pl::range(0)).empty());
  EXPECT_TRUE(collect(pl::range(5, 5)).empty());
  EXPECT_TRUE(collect(pl::range(5, 0)).empty());
  EXPECT_TRUE(collect(pl::range(0, 10, -1)).empty());
  EXPECT_TRUE(collect(pl::range(-3)).empty());
  EXPECT_THROW((void)pl::range(0, 10, 0), pl::Error);
}

TEST(Range, KindsAndBounds) {
  EXPECT_EQ(pl::parallel(3).kind(), pl::ForKind::Parallel);
  EXPECT_EQ(collect(pl::parallel(1, 3)), (std::vector<pl::Index>{1, 2}));
  EXPECT_EQ(collect(pl::unroll(3)), (std::vector<pl::Index>{0, 1, 2}));
  EXPECT_EQ(pl::unroll(0, 8, 4).kind(), pl::ForKind::Unroll);
  EXPECT_EQ(collect(pl::pipeline(5, {.stage = 2})), (std::vector<pl::Index>{0, 1, 2, 3, 4}));
  EXPECT_EQ(pl::pipeline(64, {.stage = 4}).kind(), pl::ForKind::Pipeline);
  EXPECT_THROW((void)pl::pipeline(5, {.stage = 0}), pl::Error);
  EXPECT_THROW((void)pl::pipeline(5, {}), pl::Error);
  pl::Scalar<pl::i64> n = 3;
  EXPECT_EQ(collect(pl::range(n)).size(), 3u);
}

TEST(InitValues, CarriesAndReturns) {
  auto [s] = pl::range(5, pl::init_values(pl::Index{0}), [](pl::Index i, pl::Index acc) { return pl::yield_(acc + i); });
  EXPECT_EQ(s, 10);
  auto [a, b] = pl::range(1, 4, pl::init_values(1.0, 0), [](pl::Index i, double x, int y) {
    return pl::yield_(x * 2, y + static_cast<int>(i));
  });
  EXPECT_EQ(a, 8.0);
  EXPECT_EQ(b, 6);
  auto [z] = pl::range(0, pl::init_values(42), [](pl::Index, int x) { return pl::yield_(x + 1); });
  EXPECT_EQ(z, 42);  // zero-trip: the loop returns its init values
  auto [d] = pl::range(9, -1, -3, pl::init_values(std::string()), [](pl::Index i, std::string acc) {
    return pl::yield_(acc + std::to_string(i));
  });
  EXPECT_EQ(d, "9630");
  auto [p] = pl::parallel(3, pl::init_values(0), [](pl::Index, int x) { return pl::yield_(x + 1); });
  EXPECT_EQ(p, 3);
  auto [q] = pl::pipeline(4, {.stage = 2}, pl::init_values(0), [](pl::Index i, int x) { return pl::yield_(x + int(i)); });
  EXPECT_EQ(q, 6);
}

TEST(InitValues, TileCarries) {
  pl::Tile<pl::fp32, 1, 2> init = pl::full_tile({1, 2}, pl::fp32, 1.0f);
  auto [t] = pl::range(3, pl::init_values(init), [](pl::Index, pl::Tile<pl::fp32, 1, 2> acc) {
    return pl::yield_(acc * 2.0f);  // the yielded value is converted back to the carry's type
  });
  EXPECT_EQ(t.get(0, 1), 8);
  EXPECT_EQ(init.get(0, 1), 1);  // the init value is not the result
}

TEST(While, Basics) {
  auto [x] = pl::while_(pl::init_values(0), [](int x) {
    pl::cond(x < 10);
    return pl::yield_(x + 1);
  });
  EXPECT_EQ(x, 10);
  auto [y, n] = pl::while_(pl::init_values(100, 0), [](int y, int n) {
    pl::cond(y > 1);
    return pl::yield_(y / 2, n + 1);
  });
  EXPECT_EQ(y, 1);
  EXPECT_EQ(n, 6);
  auto [z] = pl::while_(pl::init_values(5), [](int z) {
    pl::cond(false);
    return pl::yield_(z + 1);
  });
  EXPECT_EQ(z, 5);  // zero iterations
}

TEST(While, NestedLoops) {
  auto [i2, acc2] = pl::while_(pl::init_values(0, 0), [](int i, int acc) {
    pl::cond(i < 3);
    auto [inner] = pl::while_(pl::init_values(0), [](int j) {
      pl::cond(j < 4);
      return pl::yield_(j + 1);
    });
    return pl::yield_(i + 1, acc + inner);
  });
  EXPECT_EQ(i2, 3);
  EXPECT_EQ(acc2, 12);
}

TEST(While, CondRules) {
  auto late = [] {
    auto t = pl::full_tile({1, 1}, pl::fp32, 0.0f);
    (void)pl::while_(pl::init_values(t), [](pl::Tile<pl::fp32> x) {
      auto y = pl::adds(x, 1.0f);  // an op before pl::cond
      pl::cond(y.get(0, 0) < 3);
      return pl::yield_(y);
    });
  };
  try {
    late();
    FAIL() << "expected pl::Error";
  } catch (const pl::Error& e) {
    EXPECT_NE(std::string(e.what()).find("first statement"), std::string::npos) << e.what();
  }
  auto missing = [] { (void)pl::while_(pl::init_values(0), [](int x) { return pl::yield_(x + 1); }); };
  EXPECT_THROW(missing(), pl::Error);
  EXPECT_THROW(pl::cond(true), pl::Error);  // outside a while_
  auto twice = [] {
    (void)pl::while_(pl::init_values(0), [](int x) {
      pl::cond(x < 3);
      pl::cond(x < 2);
      return pl::yield_(x + 1);
    });
  };
  EXPECT_THROW(twice(), pl::Error);
}

TEST(If, ExplicitYieldAndVoid) {
  auto [r] = pl::if_(true, [] { return pl::yield_(1); }, [] { return pl::yield_(2); });
  EXPECT_EQ(r, 1);
  auto [a, b] = pl::if_(false, [] { return pl::yield_(1, 2.0); }, [] { return pl::yield_(3, 4.0); });
  EXPECT_EQ(a, 3);
  EXPECT_EQ(b, 4.0);
  int hits = 0;
  pl::if_(pl::Scalar<pl::bool_>(true), [&] { ++hits; }, [&] { hits += 10; });
  pl::if_(false, [&] { ++hits; });
  EXPECT_EQ(hits, 1);
  auto [prev] = pl::range(4, pl::init_values(0), [](pl::Index i, int p) {
    auto [res] = pl::if_(i == 0, [&] { return pl::yield_(100); }, [&] { return pl::yield_(p + 1); });
    return pl::yield_(res);
  });
  EXPECT_EQ(prev, 103);
}

TEST(At, TaskIdsAndDeps) {
  int order = 0, first = -1, second = -1;
  pl::TaskId t0 = pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "a"}, [&] { first = order++; });
  pl::TaskId t1 = pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "b", .deps = {t0}}, [&] { second = order++; });
  EXPECT_TRUE(t0.valid());
  EXPECT_LT(t0.id, t1.id);
  EXPECT_EQ(first, 0);
  EXPECT_EQ(second, 1);
  pl::TaskId t2 = pl::at(pl::Level::CORE_GROUP, [] {});
  EXPECT_LT(t1.id, t2.id);
  // A default task id is "no task" (a loop's first iteration): no dependency, never an error.
  bool ran = false;
  pl::at({.deps = {pl::TaskId{}}}, [&] { ran = true; });
  EXPECT_TRUE(ran);
  EXPECT_THROW(pl::at({.deps = {pl::TaskId{t2.id + 1000}}}, [] {}), pl::Error);
  EXPECT_THROW(pl::spmd(2, {.deps = {pl::TaskId{t2.id + 1000}}}, [] {}), pl::Error);
  pl::at({.optimizations = {pl::split(pl::SplitMode::UpDown), pl::cross_core_slot(2)}}, [] {});
}

TEST(At, RebindingAndScopes) {
  pl::TaskId read{};
  int blocks = 0;
  for (int i = 0; i < 3; ++i) {
    pl::TaskId before = read;
    read = pl::spmd(2, {.deps = {read}}, [&] { ++blocks; });
    EXPECT_TRUE(read.valid());
    EXPECT_LT(before.id, read.id);
  }
  EXPECT_EQ(blocks, 6);
  int order = 0, inScope = -1, inManual = -1;
  pl::scope([&] { inScope = order++; });
  pl::manual_scope([&] { inManual = order++; });
  EXPECT_EQ(inScope, 0);
  EXPECT_EQ(inManual, 1);
  pl::Tensor<pl::fp32, 4, 4> x;
  EXPECT_EQ(&pl::no_dep(x), &x); // eagerly the tensor itself
}

namespace {
void addOne(pl::Tensor<pl::fp32, 2, 2> x, pl::Out<pl::Tensor<pl::fp32, 2, 2>> y) { y = x + 1.0f; }
} // namespace

TEST(Submit, LaunchesTheKernelAndReturnsItsTaskId) {
  pl::Tensor<pl::fp32, 2, 2> x(std::vector<float>{1, 2, 3, 4}), y, z;
  pl::TaskId t0 = pl::submit(addOne, x, y);
  pl::TaskId t1 = pl::submit({.deps = {t0}}, addOne, y, z);
  EXPECT_TRUE(t0.valid());
  EXPECT_LT(t0.id, t1.id);
  EXPECT_EQ(z.to_vector<float>(), (std::vector<float>{3, 4, 5, 6}));
  pl::submit({.deps = {pl::TaskId{}}}, addOne, z, y); // "no task": no dependency
  EXPECT_EQ(y.to_vector<float>(), (std::vector<float>{4, 5, 6, 7}));
  // A dependency on a task id no launch returned is an error before the kernel runs.
  EXPECT_THROW(pl::submit({.deps = {pl::TaskId{t1.id + 1000}}}, addOne, x, y), pl::Error);
  EXPECT_EQ(y.to_vector<float>(), (std::vector<float>{4, 5, 6, 7}));
}

TEST(Array, TaskIdsAsDependencies) {
  pl::array<pl::TaskId, 3> ids{};
  EXPECT_EQ(ids.size(), 3u);
  for (pl::Index k = 0; k < 3; ++k)
    EXPECT_FALSE(ids[k].valid()); // "no task" until assigned
  int ran = 0;
  for (pl::Index k = 0; k < 3; ++k)
    ids[k] = pl::at({.deps = ids}, [&] { ++ran; });
  EXPECT_EQ(ran, 3);
  EXPECT_LT(ids[0].id, ids[2].id);
  pl::TaskId join = pl::task_dummy({.deps = ids});
  EXPECT_GT(join.id, ids[2].id);
  pl::array<pl::TaskId, 3> copy = ids; // a value
  copy[0] = join;
  EXPECT_NE(copy[0], ids[0]);
  EXPECT_THROW(ids[3] = join, pl::Error);
  EXPECT_THROW((void)ids[-1], pl::Error);
}

TEST(Blocks, SpmdSetsBlockIdx) {
  EXPECT_EQ(pl::get_block_idx(), 0);
  EXPECT_EQ(pl::get_block_num(), 1);
  std::vector<pl::Index> seen;
  pl::spmd(3, [&] {
    seen.push_back(pl::get_block_idx());
    EXPECT_EQ(pl::get_block_num(), 3);
  });
  EXPECT_EQ(seen, (std::vector<pl::Index>{0, 1, 2}));
  EXPECT_EQ(pl::get_block_idx(), 0);
  EXPECT_EQ(pl::get_subblock_idx(), 0);
}

// Every marker compiles in every position it is documented for.
PL_FUNCTION(pl::FunctionType::Opaque) int f_opaque() { return 0; }
PL_FUNCTION(pl::FunctionType::Orchestration) int f_orch() { return 1; }
PL_FUNCTION(pl::FunctionType::InCore) int f_incore() { return 2; }
PL_FUNCTION(pl::FunctionType::AIC) int f_aic() { return 3; }
PL_FUNCTION(pl::FunctionType::AIV) int f_aiv() { return 4; }
PL_FUNCTION(pl::FunctionType::Group) int f_group() { return 5; }
PL_FUNCTION(pl::FunctionType::Spmd) int f_spmd() { return 6; }
PL_FUNCTION(pl::FunctionType::Inline) int f_inline() { return 7; }
PL_FUNCTION(pl::FunctionType::Graph) int f_graph() { return 8; }
PL_INLINE int f_inl() { return 9; }
PL_JIT int f_jit() { return 10; }
struct PL_PROGRAM Prog {
  PL_FUNCTION(pl::FunctionType::InCore) static int k() { return 11; }
  PL_FUNCTION(pl::FunctionType::Orchestration) static int main() { return k() + 1; }
};

TEST(Markers, Compile) {
  EXPECT_EQ(f_opaque() + f_orch() + f_incore() + f_aic() + f_aiv() + f_group() + f_spmd() + f_inline() + f_graph() +
                f_inl() + f_jit() + Prog::main(),
            67);
}

}  // namespace
