// The main of every gtest binary: runs the tests and fails the run when any test was skipped
// (GTEST_SKIP) or disabled (DISABLED_ prefix): a test that can skip is a test that cannot fail.
#include <gtest/gtest.h>

#include <cstdio>

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  int rc = RUN_ALL_TESTS();
  const testing::UnitTest &u = *testing::UnitTest::GetInstance();
  if (u.skipped_test_count() > 0 || u.disabled_test_count() > 0) {
    std::fprintf(stderr,
                 "error: %d test(s) skipped and %d disabled; every test must run and be able to "
                 "fail\n",
                 u.skipped_test_count(), u.disabled_test_count());
    return 1;
  }
  return rc;
}
