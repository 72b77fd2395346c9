// ArgDirection: the one table of direction names and the typed attr read / write.
#include "ir/arg_direction.h"
#include "tests/ir/ir_build_util.h"

#include <gtest/gtest.h>

using namespace pl::ir;
using namespace pl::ir::testing;

namespace {

constexpr ArgDirection kAll[] = {
#define X(n) ArgDirection::n,
    PL_ARG_DIRECTIONS(X)
#undef X
};

TEST(ArgDirection, NamesParseBackAndUnknownNamesDoNot) {
  for (ArgDirection d : kAll)
    EXPECT_EQ(parseArgDirection(argDirectionName(d)), d) << argDirectionName(d);
  EXPECT_EQ(argDirectionName(ArgDirection::OutputExisting), "OutputExisting");
  EXPECT_EQ(parseArgDirection("Out"), std::nullopt);
  EXPECT_EQ(parseArgDirection("input"), std::nullopt);
  // The list the verifier's V603 message quotes.
  EXPECT_EQ(argDirectionChoices(), "Input, Output, InOut, OutputExisting, NoDep or Scalar");
}

TEST(ArgDirection, AttrIsAStringListOnTheCall) {
  AttrValue v = argDirectionsAttr({ArgDirection::Input, ArgDirection::NoDep, ArgDirection::Scalar});
  ASSERT_TRUE(std::holds_alternative<std::vector<std::string>>(v));
  EXPECT_EQ(std::get<std::vector<std::string>>(v),
            (std::vector<std::string>{"Input", "NoDep", "Scalar"}));
  auto call = [](AttrList attrs) {
    return Call::make(fnTarget("k"), {ci(1)}, {}, std::move(attrs), UnknownType::get());
  };
  auto withDirs = call({{"x", int64_t(1)}, {std::string(kArgDirectionsAttr), v}});
  ASSERT_TRUE(argDirectionNames(withDirs->attrs()));
  EXPECT_EQ(*argDirectionNames(withDirs->attrs()), std::get<std::vector<std::string>>(v));
  EXPECT_EQ(argDirectionNames(call({})->attrs()), nullptr);
  EXPECT_EQ(argDirectionNames(call({{std::string(kArgDirectionsAttr), int64_t(3)}})->attrs()),
            nullptr);
}

} // namespace
