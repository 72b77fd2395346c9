// tests/dsl/test_host.cpp — host helpers: deterministic data, per-dtype tolerances, allclose reports.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace {

TEST(Host, RandomIsDeterministic) {
  EXPECT_EQ(pl::random_vector(8, 7), pl::random_vector(8, 7));
  EXPECT_NE(pl::random_vector(8, 7), pl::random_vector(8, 8));
  for (float x : pl::random_vector(1000, 3, 2.0f, 3.0f)) {
    EXPECT_GE(x, 2.0f);
    EXPECT_LT(x, 3.0f);
  }
}

TEST(Host, AllcloseUsesDtypeTolerances) {
  pl::Tensor<pl::fp32, 2> a(std::vector<float>{1.0f, 2.0f});
  EXPECT_TRUE(pl::allclose(a, std::vector<double>{1.0, 2.0}));
  EXPECT_FALSE(pl::allclose(a, std::vector<double>{1.0, 2.001}, {.verbose = false}));
  pl::Tensor<pl::fp16, 2> h(std::vector<float>{1.0f, 2.0f});
  EXPECT_TRUE(pl::allclose(h, std::vector<double>{1.0, 2.001}));  // fp16 default rtol 1e-3
  EXPECT_TRUE(pl::allclose(a, std::vector<double>{1.0, 2.001}, {.rtol = 1e-3}));
  EXPECT_TRUE(pl::allclose(a, a));
  EXPECT_EQ(pl::default_tolerance(pl::DType::Int32).atol, 0);
}

TEST(Host, ReportNamesMismatches) {
  pl::Tensor<pl::fp32, 3> a(std::vector<float>{1, 2, 3});
  const pl::CloseReport r = pl::check_close(a, std::vector<double>{1, 5, 3});
  EXPECT_FALSE(r);
  EXPECT_EQ(r.mismatches, 1);
  EXPECT_EQ(r.max_abs_err, 3);
  EXPECT_NE(r.message.find("[1] actual 2 expected 5"), std::string::npos) << r.message;
  EXPECT_FALSE(pl::check_close(a, std::vector<double>{1, 2}).ok);
  std::vector<double> nan{1, 2, NAN};
  EXPECT_FALSE(pl::check_close(a, nan).ok);
  EXPECT_FALSE(pl::check_close(a, nan, {.equal_nan = true}).ok);
}

// numpy.isclose: an infinity is close to the same infinity only.
TEST(Host, AllcloseEqualInfinitiesMatch) {
  const double inf = INFINITY;
  pl::Tensor<pl::fp16, 3> h(std::vector<float>{70000.0f, -70000.0f, 1.0f});  // fp16 overflows to +-inf
  const pl::CloseReport r = pl::check_close(h, std::vector<double>{inf, -inf, 1.0});
  EXPECT_TRUE(r) << r.message;
  EXPECT_EQ(r.max_abs_err, 0);
  EXPECT_TRUE(pl::is_close(inf, inf, 0, 0));
  EXPECT_TRUE(pl::is_close(-inf, -inf, 0, 0));
}

TEST(Host, AllcloseOppositeOrFiniteVsInfinityMismatch) {
  const double inf = INFINITY;
  pl::Tensor<pl::fp32, 2> a(std::vector<float>{INFINITY, 1.0f});
  const pl::CloseReport r = pl::check_close(a, std::vector<double>{-inf, 1.0});
  EXPECT_FALSE(r);
  EXPECT_EQ(r.mismatches, 1);
  EXPECT_NE(r.message.find("[0] actual inf expected -inf"), std::string::npos) << r.message;
  EXPECT_FALSE(pl::check_close(a, std::vector<double>{1e300, 1.0}).ok);  // inf vs finite
  pl::Tensor<pl::fp32, 2> f(std::vector<float>{3.0f, 1.0f});
  EXPECT_FALSE(pl::check_close(f, std::vector<double>{inf, 1.0}).ok);  // finite vs inf
  // A huge tolerance does not make a finite value close to an infinity.
  EXPECT_FALSE(pl::check_close(f, std::vector<double>{inf, 1.0}, {.rtol = 1e9, .atol = 1e300}).ok);
  EXPECT_FALSE(pl::is_close(inf, -inf, 1, 1));
  EXPECT_FALSE(pl::is_close(1.0, inf, 1, 1));
}

TEST(Host, AllcloseNanMatchesNanOnlyOnRequest) {
  pl::Tensor<pl::fp32, 2> a(std::vector<float>{NAN, 1.0f});
  const std::vector<double> nanExpected{NAN, 1.0};
  EXPECT_FALSE(pl::check_close(a, nanExpected).ok);  // default: equal_nan = false
  EXPECT_EQ(pl::check_close(a, nanExpected).mismatches, 1);
  const pl::CloseReport r = pl::check_close(a, nanExpected, {.equal_nan = true});
  EXPECT_TRUE(r) << r.message;
  EXPECT_EQ(r.max_abs_err, 0);
  // NaN against a number (either side) never matches, with or without equal_nan.
  EXPECT_FALSE(pl::check_close(a, std::vector<double>{0.0, 1.0}, {.equal_nan = true}).ok);
  pl::Tensor<pl::fp32, 2> b(std::vector<float>{0.0f, 1.0f});
  EXPECT_FALSE(pl::check_close(b, nanExpected, {.equal_nan = true}).ok);
  pl::Tensor<pl::fp32, 1> inf(std::vector<float>{INFINITY});
  EXPECT_FALSE(pl::check_close(inf, std::vector<double>{NAN}, {.equal_nan = true}).ok);
}

TEST(Host, ResultDumpRecordsEqualNan) {
  const std::string path = ::testing::TempDir() + "pl_dump_equal_nan.txt";
  std::remove(path.c_str());
  ::setenv("PL_RESULT_DUMP", path.c_str(), 1);
  pl::Tensor<pl::fp32, 2> a(std::vector<float>{NAN, INFINITY});
  EXPECT_TRUE(pl::allclose(a, std::vector<double>{NAN, INFINITY}, {.equal_nan = true}));
  EXPECT_FALSE(pl::allclose(a, std::vector<double>{NAN, INFINITY}, {.verbose = false}));
  ::unsetenv("PL_RESULT_DUMP");
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "fp32 2 equal_nan=1\nnan\ninf\nfp32 2 equal_nan=0\nnan\ninf\n");
}

TEST(Host, Printing) {
  std::ostringstream os;
  os << pl::Tensor<pl::fp16, 2, 3>() << " " << pl::load(pl::Tensor<pl::fp32, 2, 2>(), {0, 0}, {4, 4});
  EXPECT_EQ(os.str(), "Tensor<fp16>[2, 3] Tile<fp32, Vec>[4, 4] valid [2, 2]");
}

}  // namespace
