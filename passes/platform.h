// Target platforms: one enum and one table (name, SoC, simulated) that every tool, pass and
// message reads; flag parsing, --help text and "valid platforms" lists are derived from it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace pl::passes {

struct SocDesc;

enum class Platform : uint8_t { A2A3Sim, A5Sim, A2A3, A5 };

/// One row of the platform table.
struct PlatformDesc {
  Platform platform;
  std::string_view name;   ///< as written on the command line and in options: "a2a3sim"
  const SocDesc &(*soc)(); ///< the machine model the passes plan for
  bool simulated;          ///< runs on the CPU simulator (the platforms pl-translate emits for)
};

/// Every platform, in table order (the order of every list printed for users).
std::span<const PlatformDesc> platforms();
const PlatformDesc &platformDesc(Platform p);
inline std::string_view platformName(Platform p) { return platformDesc(p).name; }
inline const SocDesc &platformSoc(Platform p) { return platformDesc(p).soc(); }
/// The platform named exactly `name`; nullopt otherwise.
std::optional<Platform> parsePlatform(std::string_view name);

/// The platform a PassContext and both tools start with.
constexpr Platform kDefaultPlatform = Platform::A2A3Sim;

/// Which platforms a user of the table accepts (nullptr: all of them).
using PlatformFilter = bool (*)(const PlatformDesc &);
/// "a2a3sim, a5sim, a2a3, a5": the accepted names in table order, for messages.
std::string platformNames(PlatformFilter accept = nullptr);
/// "unknown platform 'x'; valid platforms: a2a3sim, a5sim, a2a3, a5".
std::string unknownPlatformMessage(std::string_view name, PlatformFilter accept = nullptr);

} // namespace pl::passes
