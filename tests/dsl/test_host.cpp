// tests/dsl/test_host.cpp — host helpers: deterministic data, per-dtype tolerances, allclose reports.
#include <pl/dsl.hpp>

#include <gtest/gtest.h>

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
}

TEST(Host, Printing) {
  std::ostringstream os;
  os << pl::Tensor<pl::fp16, 2, 3>() << " " << pl::load(pl::Tensor<pl::fp32, 2, 2>(), {0, 0}, {4, 4});
  EXPECT_EQ(os.str(), "Tensor<fp16>[2, 3] Tile<fp32, Vec>[4, 4] valid [2, 2]");
}

}  // namespace
