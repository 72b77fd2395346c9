// FreshNames (passes/utils/fresh_names): the first free `hint`, `hint_1`, `hint_2`, … in order,
// around names the function binds and names taken later.
#include "passes/utils/fresh_names.h"

#include "ir/op_registry.h"
#include "ir/parser.h"

#include <gtest/gtest.h>

namespace pl::passes {
namespace {
using namespace ir;

FunctionPtr parseOne(const std::string &text) {
  registerAllOps();
  DiagnosticEngine diags;
  auto prog = parseProgram(text, "fresh_names_test.pir", diags);
  EXPECT_TRUE(prog) << diags.formatAll();
  return prog ? prog->functions()[0] : nullptr;
}

TEST(FreshNames, FirstFreeSuffixInOrder) {
  FunctionPtr f = parseOne("program p {\n  Opaque f(In index x, In index x_2) -> index {\n"
                           "    index y = x + x_2;\n    return y;\n  }\n}\n");
  ASSERT_TRUE(f);
  FreshNames names(*f);
  EXPECT_TRUE(names.taken("x_2"));
  EXPECT_EQ(names.fresh("z"), "z");
  EXPECT_EQ(names.fresh("z"), "z_1");
  EXPECT_EQ(names.fresh("x"), "x_1");
  EXPECT_EQ(names.fresh("x"), "x_3"); // x_2 is a parameter
  names.take("x_4");
  names.take("z_2");
  EXPECT_EQ(names.fresh("x"), "x_5");
  EXPECT_EQ(names.fresh("z"), "z_3");
  EXPECT_EQ(names.fresh("x_1"), "x_1_1");
  EXPECT_EQ(names.fresh("y"), "y_1");
  // Many names from one hint stay in order (each probe starts where the last one ended).
  for (int k = 4; k < 2000; ++k)
    ASSERT_EQ(names.fresh("z"), "z_" + std::to_string(k));
}

} // namespace
} // namespace pl::passes
