// A gtest binary with one skipped and one disabled test: linked with pl_gtest_main it must
// fail (tests/no_skips/CMakeLists.txt checks that it does).
#include <gtest/gtest.h>

TEST(NoSkips, Runs) { EXPECT_EQ(1 + 1, 2); }
TEST(NoSkips, Skips) { GTEST_SKIP() << "skipped on purpose"; }
TEST(NoSkips, DISABLED_IsDisabled) { FAIL() << "never runs"; }
