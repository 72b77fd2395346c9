// The platform table (passes/platform.h): every platform named once, with its SoC; parsing and
// the messages that list the accepted names are derived from it.
#include "passes/pass.h"
#include "passes/platform.h"
#include "passes/utils/soc.h"

#include <gtest/gtest.h>

namespace pl::passes {
namespace {

TEST(Platform, OneTableNamesEveryPlatformAndItsSoc) {
  ASSERT_EQ(platforms().size(), 4u);
  for (auto &d : platforms()) {
    EXPECT_EQ(&platformDesc(d.platform), &d);
    EXPECT_EQ(parsePlatform(d.name), d.platform) << d.name;
    EXPECT_EQ(platformName(d.platform), d.name);
  }
  EXPECT_EQ(&platformSoc(Platform::A2A3Sim), &a2a3Soc());
  EXPECT_EQ(&platformSoc(Platform::A2A3), &a2a3Soc());
  EXPECT_EQ(&platformSoc(Platform::A5Sim), &a5Soc());
  EXPECT_EQ(&platformSoc(Platform::A5), &a5Soc());
  EXPECT_TRUE(platformDesc(Platform::A5Sim).simulated);
  EXPECT_FALSE(platformDesc(Platform::A5).simulated);
  EXPECT_EQ(parsePlatform("910b"), std::nullopt);
  EXPECT_EQ(parsePlatform("A2A3SIM"), std::nullopt); // exact spelling
  EXPECT_EQ(kDefaultPlatform, Platform::A2A3Sim);
}

TEST(Platform, MessagesListTheAcceptedNamesInTableOrder) {
  EXPECT_EQ(platformNames(), "a2a3sim, a5sim, a2a3, a5");
  auto simulated = [](const PlatformDesc &d) { return d.simulated; };
  EXPECT_EQ(platformNames(simulated), "a2a3sim, a5sim");
  EXPECT_EQ(unknownPlatformMessage("tpu", simulated),
            "unknown platform 'tpu'; valid platforms: a2a3sim, a5sim");
}

TEST(Platform, PassOptionsTakePlatform) {
  PassOptions none;
  EXPECT_EQ(none.takePlatform(), std::nullopt); // absent: the context's platform
  EXPECT_TRUE(none.errors().empty());

  PassOptions a5;
  a5.set("platform", "a5");
  EXPECT_EQ(a5.takePlatform(), Platform::A5);
  EXPECT_TRUE(a5.errors().empty());
  EXPECT_TRUE(a5.unconsumed().empty()); // taken, so no "unknown option" later

  PassOptions bad;
  bad.set("platform", "910b");
  EXPECT_EQ(bad.takePlatform(), std::nullopt);
  ASSERT_EQ(bad.errors().size(), 1u);
  EXPECT_EQ(bad.errors()[0], unknownPlatformMessage("910b"));
  EXPECT_NE(bad.errors()[0].find("a2a3sim, a5sim, a2a3, a5"), std::string::npos);
}

} // namespace
} // namespace pl::passes
