// The cached PCH of the first pl header: applicability, key, manifest check, build (pch_cache.h).
#include "translator/pch_cache.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

namespace pl::translator {

namespace {

constexpr llvm::StringLiteral kFormat = "pl-translate pch 1";

/// One input file of a PCH as Clang validates it: size and modification time (seconds).
struct InputFile {
  std::string path;
  uint64_t size = 0;
  int64_t mtime = 0;
};

/// `<key>.manifest`: the PCH's xxh3 and its input files; or, for a build that failed, the files
/// it read (`failed`: no PCH until one of them changes).
struct Manifest {
  uint64_t pchHash = 0;
  bool failed = false;
  std::vector<InputFile> inputs;
};

constexpr llvm::StringLiteral kFailed = "failed";

/// The files of one cache entry.
struct EntryPaths {
  std::string prefix, pch, manifest;
};

/// Feeds one length-prefixed field, so that no two field lists hash alike.
void field(llvm::SHA256 &h, llvm::StringRef s) {
  h.update(std::to_string(s.size()) + ":");
  h.update(s);
}

/// The key: what the PCH's meaning depends on (pch_cache.h). The cc1 arguments of a copy of the
/// invocation without what names this compile's input and outputs.
std::string pchKey(const clang::CompilerInvocation &inv, llvm::StringRef header,
                   llvm::StringRef cwd) {
  clang::CompilerInvocation copy(inv);
  clang::FrontendOptions &fo = copy.getFrontendOpts();
  fo.Inputs.clear();
  fo.OutputFile.clear();
  fo.ProgramAction = clang::frontend::ParseSyntaxOnly;
  copy.getDependencyOutputOpts() = clang::DependencyOutputOptions();
  copy.getCodeGenOpts().MainFileName.clear();
  copy.getDiagnosticOpts().VerifyDiagnostics = false;
  copy.getDiagnosticOpts().VerifyPrefixes.clear();
  llvm::SHA256 h;
  field(h, kFormat);
  field(h, clang::getClangFullVersion());
  field(h, PL_VERSION);
  field(h, cwd);
  field(h, header);
  for (const std::string &a : copy.getCC1CommandLine())
    field(h, a);
  return llvm::toHex(h.final(), /*LowerCase=*/true).substr(0, 40);
}

std::optional<Manifest> readManifest(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buf)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buf)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  Manifest m;
  size_t n = 0;
  if (lines.size() < 3 || lines[0] != kFormat || lines[2].getAsInteger(10, n) ||
      lines.size() != n + 3)
    return std::nullopt;
  m.failed = lines[1] == kFailed;
  if (!m.failed && lines[1].getAsInteger(16, m.pchHash))
    return std::nullopt;
  for (size_t i = 3; i < lines.size(); ++i) {
    // "<size> <mtime> <path>"
    auto [size, rest] = lines[i].split(' ');
    auto [mtime, path] = rest.split(' ');
    InputFile f{path.str(), 0, 0};
    if (size.getAsInteger(10, f.size) || mtime.getAsInteger(10, f.mtime) || path.empty())
      return std::nullopt;
    m.inputs.push_back(std::move(f));
  }
  return m;
}

/// Writes `text` to a temporary renamed onto `path`; with `mtime`, that modification time.
bool writeAtomically(const std::string &path, llvm::StringRef text,
                     std::optional<llvm::sys::TimePoint<>> mtime = std::nullopt) {
  llvm::SmallString<256> temp;
  int fd = -1;
  if (llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%", fd, temp))
    return false;
  bool ok = true;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/false);
    os << text;
    os.flush();
    ok = !os.has_error();
    os.clear_error();
  }
  if (ok && mtime)
    ok = !llvm::sys::fs::setLastAccessAndModificationTime(fd, *mtime);
  ok = !llvm::sys::Process::SafelyCloseFileDescriptor(fd) && ok;
  if (ok && !llvm::sys::fs::rename(temp, path))
    return true;
  (void)llvm::sys::fs::remove(temp);
  return false;
}

std::optional<uint64_t> fileHash(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buf)
    return std::nullopt;
  return llvm::xxh3_64bits((*buf)->getBuffer());
}

/// The entry is current: every input file has the size and modification time it had when the
/// PCH was built, and the PCH has the bytes the manifest was written for.
bool upToDate(const Manifest &m, const EntryPaths &p, llvm::vfs::FileSystem &fs) {
  for (const InputFile &f : m.inputs) {
    auto st = fs.status(f.path);
    if (!st || st->getSize() != f.size ||
        llvm::sys::toTimeT(st->getLastModificationTime()) != f.mtime)
      return false;
  }
  if (m.failed)
    return true;
  std::optional<uint64_t> h = fileHash(p.pch);
  return h && *h == m.pchHash;
}

/// GeneratePCHAction that records the input files the PCH is built from.
class RecordingPchAction : public clang::GeneratePCHAction {
public:
  explicit RecordingPchAction(std::vector<InputFile> &inputs) : inputs_(inputs) {}
  void EndSourceFileAction() override {
    clang::SourceManager &sm = getCompilerInstance().getSourceManager();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
      inputs_.push_back({it->first.getName().str(), static_cast<uint64_t>(it->first.getSize()),
                         static_cast<int64_t>(it->first.getModificationTime())});
    std::sort(inputs_.begin(), inputs_.end(),
              [](const InputFile &a, const InputFile &b) { return a.path < b.path; });
    clang::GeneratePCHAction::EndSourceFileAction();
  }

private:
  std::vector<InputFile> &inputs_;
};

/// Runs Clang's GeneratePCH on `prefix` with `inv`'s options, writing `output`; records the
/// input files it read. Diagnostics are dropped: the normal parse that follows a failure
/// reports them.
bool generatePch(const clang::CompilerInvocation &inv, clang::FileManager &files,
                 std::shared_ptr<clang::PCHContainerOperations> ops, const std::string &prefix,
                 const std::string &output, std::vector<InputFile> &inputs) {
  auto build = std::make_shared<clang::CompilerInvocation>(inv);
  clang::FrontendOptions &fo = build->getFrontendOpts();
  fo.Inputs = {
      clang::FrontendInputFile(prefix, clang::InputKind(clang::Language::CXX).getHeader())};
  fo.OutputFile = output;
  fo.ProgramAction = clang::frontend::GeneratePCH;
  build->getDependencyOutputOpts() = clang::DependencyOutputOptions();
  build->getDiagnosticOpts().VerifyDiagnostics = false;
  // A FileManager of its own: the parse that follows keeps the stat cache it had.
  llvm::IntrusiveRefCntPtr<clang::FileManager> fm(
      new clang::FileManager(files.getFileSystemOpts(), files.getVirtualFileSystemPtr()));
  clang::CompilerInstance ci(std::move(ops));
  ci.setInvocation(std::move(build));
  ci.setFileManager(fm.get());
  clang::IgnoringDiagConsumer quiet;
  ci.createDiagnostics(&quiet, /*ShouldOwnClient=*/false);
  ci.createSourceManager(*fm);
  RecordingPchAction action(inputs);
  return ci.ExecuteAction(action) && !ci.getDiagnostics().hasErrorOccurred();
}

bool writeManifest(const std::string &path, const Manifest &m) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << kFormat << "\n"
     << (m.failed ? std::string(kFailed) : llvm::utohexstr(m.pchHash)) << "\n"
     << m.inputs.size() << "\n";
  for (const InputFile &f : m.inputs) {
    if (f.path.find('\n') != std::string::npos)
      return false;
    os << f.size << " " << f.mtime << " " << f.path << "\n";
  }
  return writeAtomically(path, text);
}

/// Builds the entry `p`; its manifest, or nullopt (nothing left behind but the prefix) when it
/// could not be written. A build that fails after reading headers leaves a manifest marked
/// failed, so that the next translations do not try again until one of those files changes.
std::optional<Manifest> buildPch(const clang::CompilerInvocation &inv, clang::FileManager &files,
                                 std::shared_ptr<clang::PCHContainerOperations> ops,
                                 const std::string &header, const EntryPaths &p) {
  // Every writer gives the prefix the same bytes and time, so a rewrite never makes it stale.
  llvm::sys::TimePoint<> fixedTime = llvm::sys::toTimePoint(946684800); // 2000-01-01
  if (!writeAtomically(p.prefix, "#include <" + header + ">\n", fixedTime))
    return std::nullopt;
  llvm::SmallString<256> temp;
  if (llvm::sys::fs::createUniqueFile(p.pch + ".tmp-%%%%%%", temp))
    return std::nullopt;
  Manifest m;
  if (!generatePch(inv, files, std::move(ops), p.prefix, std::string(temp), m.inputs)) {
    (void)llvm::sys::fs::remove(temp);
    m.failed = true;
    if (!m.inputs.empty())
      (void)writeManifest(p.manifest, m);
    return std::nullopt;
  }
  std::optional<uint64_t> h = fileHash(std::string(temp));
  if (!h || llvm::sys::fs::rename(temp, p.pch)) {
    (void)llvm::sys::fs::remove(temp);
    return std::nullopt;
  }
  m.pchHash = *h;
  if (!writeManifest(p.manifest, m))
    return std::nullopt;
  return m;
}

/// The single C++ source input the PCH can precede, with its bytes; nullopt when the command
/// already has pre-included files or a PCH of its own.
std::optional<std::string> pchCandidateSource(const clang::CompilerInvocation &inv,
                                              llvm::vfs::FileSystem &fs) {
  const clang::FrontendOptions &fo = inv.getFrontendOpts();
  const clang::PreprocessorOptions &pp = inv.getPreprocessorOpts();
  if (fo.Inputs.size() != 1 || !fo.Inputs[0].isFile())
    return std::nullopt;
  clang::InputKind kind = fo.Inputs[0].getKind();
  if (kind.getLanguage() != clang::Language::CXX || kind.isHeader() || kind.isPreprocessed() ||
      !pp.ImplicitPCHInclude.empty() || !pp.Includes.empty() || !pp.MacroIncludes.empty())
    return std::nullopt;
  auto buf = fs.getBufferForFile(fo.Inputs[0].getFile());
  if (!buf)
    return std::nullopt;
  return (*buf)->getBuffer().str();
}

} // namespace

std::string defaultPchDir(const std::string &cacheDir) {
  llvm::SmallString<256> dir;
  if (!cacheDir.empty())
    dir = cacheDir;
  else if (llvm::sys::path::cache_directory(dir))
    llvm::sys::path::append(dir, "pl");
  else
    return {};
  llvm::sys::path::append(dir, "pch");
  return std::string(dir);
}

std::optional<std::string> firstPlHeader(const std::string &source) {
  llvm::StringRef text(source);
  text.consume_front("\xEF\xBB\xBF"); // a UTF-8 byte order mark, which Clang skips too
  clang::LangOptions lo;
  lo.CPlusPlus = true;
  lo.LineComment = true;
  clang::Lexer lex(clang::SourceLocation(), lo, text.begin(), text.begin(), text.end());
  clang::Token tok;
  lex.LexFromRawLexer(tok);
  if (tok.isNot(clang::tok::hash) || !tok.isAtStartOfLine())
    return std::nullopt;
  lex.LexFromRawLexer(tok);
  if (tok.isNot(clang::tok::raw_identifier) || tok.getRawIdentifier() != "include")
    return std::nullopt;
  // The rest of the line: `<pl/…>`, then nothing but blanks or a line comment.
  llvm::StringRef rest(lex.getBufferLocation(), text.end() - lex.getBufferLocation());
  rest = rest.take_until([](char c) { return c == '\n' || c == '\r'; }).ltrim(" \t");
  if (!rest.consume_front("<pl/"))
    return std::nullopt;
  size_t close = rest.find('>');
  if (close == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef name = rest.take_front(close), after = rest.drop_front(close + 1).ltrim(" \t");
  bool plainName = !name.empty() && llvm::all_of(name, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '/' || c == '-';
  });
  if (!plainName || !(after.empty() || after.starts_with("//")))
    return std::nullopt;
  return "pl/" + name.str();
}

std::optional<PchUse> usePch(clang::CompilerInvocation &inv, clang::FileManager &files,
                             std::shared_ptr<clang::PCHContainerOperations> ops,
                             const std::string &dir) {
  if (dir.empty())
    return std::nullopt;
  llvm::vfs::FileSystem &fs = files.getVirtualFileSystem();
  std::optional<std::string> source = pchCandidateSource(inv, fs);
  std::optional<std::string> header = source ? firstPlHeader(*source) : std::nullopt;
  if (!header)
    return std::nullopt;
  llvm::ErrorOr<std::string> cwd = fs.getCurrentWorkingDirectory();
  std::string key = pchKey(inv, *header, cwd ? *cwd : "");
  llvm::SmallString<256> base(dir);
  llvm::sys::path::append(base, key);
  std::string b(base);
  EntryPaths p{b + ".hpp", b + ".pch", b + ".manifest"};
  std::optional<Manifest> m = readManifest(p.manifest);
  if (!m || !upToDate(*m, p, fs)) {
    if (llvm::sys::fs::create_directories(dir))
      return std::nullopt;
    m = buildPch(inv, files, std::move(ops), *header, p);
  }
  if (!m || m->failed)
    return std::nullopt;
  PchUse use{p.pch, {}};
  for (const InputFile &f : m->inputs)
    if (f.path != p.prefix)
      use.inputs.push_back(f.path);
  inv.getPreprocessorOpts().ImplicitPCHInclude = p.pch;
  return use;
}

} // namespace pl::translator
