// The translation cache: keys, lookup and store (translation_cache.h).
#include "translator/translation_cache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

namespace pl::translator {

namespace {

constexpr llvm::StringLiteral kMagic = "pl-translate cache 1\n";

/// Feeds one length-prefixed field, so that no two field lists hash alike.
void field(llvm::SHA256 &h, llvm::StringRef s) {
  h.update(std::to_string(s.size()) + ":");
  h.update(s);
}

std::string entryPath(const std::string &dir, const std::string &key) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, key.substr(0, 2), key + ".pltc");
  return std::string(p);
}

} // namespace

std::optional<std::string> translationCacheKey(const std::string &executable,
                                               const std::vector<std::string> &toolArgs,
                                               const std::string &settings,
                                               const std::vector<std::string> &command,
                                               const std::vector<std::string> &files) {
  llvm::SHA256 h;
  field(h, kMagic);
  field(h, PL_VERSION);
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(executable, st))
    return std::nullopt;
  field(h, executable);
  field(h, std::to_string(st.getSize()));
  field(h, std::to_string(st.getLastModificationTime().time_since_epoch().count()));
  field(h, "args");
  for (const std::string &a : toolArgs)
    field(h, a);
  field(h, "command");
  for (const std::string &a : command)
    field(h, a);
  field(h, "settings");
  field(h, settings);
  field(h, "files");
  for (const std::string &f : files) {
    auto buf = llvm::MemoryBuffer::getFile(f, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!buf)
      return std::nullopt;
    field(h, f);
    field(h, (*buf)->getBuffer());
  }
  auto digest = h.final();
  return llvm::toHex(digest, /*LowerCase=*/true);
}

std::optional<CachedTranslation> lookupTranslation(const std::string &dir, const std::string &key) {
  auto buf = llvm::MemoryBuffer::getFile(entryPath(dir, key), /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return std::nullopt;
  llvm::StringRef s = (*buf)->getBuffer();
  // kMagic, "<n deps>\n", n lines of dependencies, "<text bytes>\n", the text.
  if (!s.consume_front(kMagic))
    return std::nullopt;
  auto number = [&](size_t &n) {
    auto [head, rest] = s.split('\n');
    if (head.getAsInteger(10, n))
      return false;
    s = rest;
    return true;
  };
  size_t nDeps = 0, size = 0;
  if (!number(nDeps))
    return std::nullopt;
  CachedTranslation t;
  for (size_t i = 0; i < nDeps; ++i) {
    auto [dep, rest] = s.split('\n');
    if (rest.data() == nullptr)
      return std::nullopt;
    t.deps.push_back(dep.str());
    s = rest;
  }
  if (!number(size) || s.size() != size)
    return std::nullopt;
  t.text = s.str();
  return t;
}

bool storeTranslation(const std::string &dir, const std::string &key, const CachedTranslation &t) {
  std::string path = entryPath(dir, key);
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)))
    return false;
  for (const std::string &d : t.deps)
    if (d.find('\n') != std::string::npos)
      return false;
  llvm::SmallString<256> temp;
  int fd = -1;
  if (llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%", fd, temp))
    return false;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << kMagic << t.deps.size() << "\n";
    for (const std::string &d : t.deps)
      os << d << "\n";
    os << t.text.size() << "\n" << t.text;
    os.close();
    if (os.has_error()) {
      os.clear_error();
      (void)llvm::sys::fs::remove(temp);
      return false;
    }
  }
  if (llvm::sys::fs::rename(temp, path)) {
    (void)llvm::sys::fs::remove(temp);
    return false;
  }
  return true;
}

} // namespace pl::translator
