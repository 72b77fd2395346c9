// The platform table (see platform.h).
#include "passes/platform.h"

#include "passes/utils/soc.h"

#include <array>

namespace pl::passes {

namespace {
constexpr std::array<PlatformDesc, 4> kPlatforms = {{
    {Platform::A2A3Sim, "a2a3sim", &a2a3Soc, true},
    {Platform::A5Sim, "a5sim", &a5Soc, true},
    {Platform::A2A3, "a2a3", &a2a3Soc, false},
    {Platform::A5, "a5", &a5Soc, false},
}};

constexpr bool inEnumOrder() {
  for (size_t i = 0; i < kPlatforms.size(); ++i)
    if (static_cast<size_t>(kPlatforms[i].platform) != i)
      return false;
  return true;
}
static_assert(inEnumOrder(), "kPlatforms is indexed by Platform");
} // namespace

std::span<const PlatformDesc> platforms() { return kPlatforms; }

const PlatformDesc &platformDesc(Platform p) { return kPlatforms[static_cast<size_t>(p)]; }

std::optional<Platform> parsePlatform(std::string_view name) {
  for (auto &d : kPlatforms)
    if (d.name == name)
      return d.platform;
  return std::nullopt;
}

std::string platformNames(PlatformFilter accept) {
  std::string out;
  for (auto &d : kPlatforms)
    if (!accept || accept(d))
      out += (out.empty() ? "" : ", ") + std::string(d.name);
  return out;
}

std::string unknownPlatformMessage(std::string_view name, PlatformFilter accept) {
  return "unknown platform '" + std::string(name) + "'; valid platforms: " + platformNames(accept);
}

} // namespace pl::passes
