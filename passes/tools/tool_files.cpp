// The files of the command-line tools: input checks, output identity, staged outputs.
#include "passes/tools/tool_files.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace pl::tools {

namespace fs = llvm::sys::fs;

namespace {

/// The real path of the directory holding `path`, joined with its file name.
std::string resolvedName(const std::string &path) {
  llvm::SmallString<256> dir(llvm::sys::path::parent_path(path));
  if (dir.empty())
    dir = ".";
  llvm::SmallString<256> real;
  if (fs::real_path(dir, real))
    real = dir;
  llvm::sys::path::append(real, llvm::sys::path::filename(path));
  return std::string(real);
}

bool isStdout(const std::string &path) { return path.empty() || path == "-"; }

} // namespace

bool sameFile(const std::string &a, const std::string &b) {
  fs::UniqueID ia, ib;
  bool ea = !fs::getUniqueID(a, ia), eb = !fs::getUniqueID(b, ib);
  if (ea || eb)
    return ea && eb && ia == ib;
  return resolvedName(a) == resolvedName(b);
}

std::string inputProblem(const std::string &path) {
  if (path == "-")
    return {};
  fs::file_status st;
  if (std::error_code ec = fs::status(path, st))
    return ec.message();
  if (fs::is_directory(st))
    return "is a directory";
  llvm::Expected<fs::file_t> fd = fs::openNativeFileForRead(path);
  if (!fd)
    return llvm::toString(fd.takeError());
  (void)fs::closeFile(*fd); // opened only to probe readability
  return {};
}

std::string outputProblem(const std::string &path) {
  if (!isStdout(path) && fs::is_directory(path))
    return "is a directory";
  return {};
}

OutputFiles::~OutputFiles() {
  for (Staged &s : files_)
    if (!s.committed)
      (void)fs::remove(s.temp); // best effort: a leftover temporary is harmless
}

bool OutputFiles::fail(const std::string &path, const std::string &why) {
  llvm::errs() << tool_ << ": error: cannot write '" << path << "': " << why
               << "; nothing was written\n";
  return false;
}

bool OutputFiles::stage(const std::string &path, const std::string &text) {
  if (isStdout(path)) {
    stdoutText_ += text;
    return true;
  }
  if (std::string why = outputProblem(path); !why.empty())
    return fail(path, why);
  llvm::SmallString<256> model(path);
  model += ".tmp-%%%%%%";
  int fd = -1;
  llvm::SmallString<256> temp;
  if (std::error_code ec = fs::createUniqueFile(model, fd, temp))
    return fail(path, ec.message());
  files_.push_back({path, std::string(temp), "", false});
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << text;
  os.close();
  std::error_code ec = os.error();
  os.clear_error();
  if (ec)
    return fail(path, ec.message());
  // A replaced file keeps its permissions (an --in-place source stays as it was).
  if (fs::file_status st; !fs::status(path, st))
    (void)fs::setPermissions(temp, st.permissions()); // best effort, as before
  return true;
}

// Best effort: the failure being reported is the one that matters, so errors here are dropped.
void OutputFiles::rollBack() {
  for (Staged &s : files_) {
    if (s.committed) {
      if (!s.backup.empty())
        (void)fs::rename(s.backup, s.target);
      else
        (void)fs::remove(s.target);
      s.committed = false;
    } else if (!s.backup.empty()) {
      (void)fs::remove(s.backup);
    }
    (void)fs::remove(s.temp);
  }
}

bool OutputFiles::commit() {
  // Keep a hard link to each file about to be replaced, so that a later failure can undo.
  for (Staged &s : files_) {
    if (!fs::exists(s.target))
      continue;
    llvm::SmallString<256> backup;
    fs::createUniquePath(s.target + ".bak-%%%%%%", backup, /*MakeAbsolute=*/false);
    if (std::error_code ec = fs::create_hard_link(s.target, backup)) {
      rollBack();
      return fail(s.target, "cannot keep a backup while replacing it: " + ec.message());
    }
    s.backup = std::string(backup);
  }
  for (Staged &s : files_) {
    if (std::error_code ec = fs::rename(s.temp, s.target)) {
      rollBack();
      return fail(s.target, ec.message());
    }
    s.committed = true;
  }
  if (!stdoutText_.empty()) {
    llvm::outs() << stdoutText_;
    llvm::outs().flush();
    if (std::error_code ec = llvm::outs().error()) {
      llvm::outs().clear_error();
      rollBack();
      return fail("<stdout>", ec.message());
    }
  }
  for (Staged &s : files_)
    if (!s.backup.empty())
      (void)fs::remove(s.backup); // best effort: the new files are in place
  return true;
}

} // namespace pl::tools
