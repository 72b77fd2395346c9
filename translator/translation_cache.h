// The translation cache (pl-translate --cache-dir): a content-addressed store of rewritten files.
//
// The key is a SHA-256 over everything a translation reads: the tool itself (version, path, size
// and modification time of the executable), pl-translate's command line (options, output names,
// which the #line directives print), the compile command Clang runs, the effective pass-manager
// settings (the verification level, which may come from $PL_VERIFY_LEVEL), and the
// path and bytes of the input and of every header it includes. An entry holds the rewritten
// file and its depfile dependencies exactly as the miss wrote them, so a hit writes the same
// bytes. Only complete translations without a diagnostic of pl's own are stored (Clang's
// warnings on the input are not replayed on a hit; the compiler reports them again when it
// compiles the rewritten file); a cache that cannot be read or written is a miss, never an error.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pl::translator {

struct CachedTranslation {
  std::string text;              ///< the rewritten file
  std::vector<std::string> deps; ///< the depfile's dependencies
};

/// The cache key of a translation, or nullopt when an input cannot be read.
/// `settings`: what the run's PassContext is configured with beyond `toolArgs`.
std::optional<std::string> translationCacheKey(const std::string &executable,
                                               const std::vector<std::string> &toolArgs,
                                               const std::string &settings,
                                               const std::vector<std::string> &command,
                                               const std::vector<std::string> &files);

/// The entry `key` in `dir`, if there is a complete one.
std::optional<CachedTranslation> lookupTranslation(const std::string &dir, const std::string &key);

/// Stores an entry (atomically: a temporary renamed into place); false when it could not.
bool storeTranslation(const std::string &dir, const std::string &key, const CachedTranslation &t);

} // namespace pl::translator
