// The files of the command-line tools: input checks, output identity, staged outputs.
#include "passes/tools/tool_files.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

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

/// Where `path` leads once every symlink on it is followed (a dangling link leads to the file it
/// would create), or the empty string with `why` set on a loop or an unreadable link.
std::string followLinks(const std::string &path, std::string &why) {
  std::string cur = path;
  for (int hop = 0; hop < 40; ++hop) {
    fs::file_status st;
    if (fs::status(cur, st, /*follow=*/false) || st.type() != fs::file_type::symlink_file)
      return cur;
    llvm::SmallString<256> buf;
    buf.resize(4096);
    ssize_t n = ::readlink(cur.c_str(), buf.data(), buf.size());
    if (n < 0) {
      why = std::strerror(errno);
      return {};
    }
    buf.resize(static_cast<size_t>(n));
    if (llvm::sys::path::is_relative(buf)) {
      llvm::SmallString<256> joined(llvm::sys::path::parent_path(cur));
      llvm::sys::path::append(joined, buf);
      buf = joined;
    }
    cur = std::string(buf);
  }
  why = std::strerror(ELOOP);
  return {};
}

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
  if (isStdout(path))
    return {};
  fs::file_status st;
  if (fs::status(path, st))
    return {}; // a new file (or a dangling link to one)
  if (fs::is_directory(st))
    return "is a directory";
  if (st.type() == fs::file_type::socket_file)
    return "is a socket; write to a regular file, a device or a FIFO";
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
  std::string why;
  const std::string target = followLinks(path, why);
  if (target.empty())
    return fail(path, why);
  // A device or a FIFO is written through at commit: renaming over it would replace the node.
  if (fs::file_status st; !fs::status(target, st) && !fs::is_regular_file(st)) {
    throughs_.push_back({target, text});
    return true;
  }
  llvm::SmallString<256> model(target);
  model += ".tmp-%%%%%%";
  int fd = -1;
  llvm::SmallString<256> temp;
  if (std::error_code ec = fs::createUniqueFile(model, fd, temp))
    return fail(path, ec.message());
  files_.push_back({target, std::string(temp), "", false});
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << text;
  os.close();
  std::error_code ec = os.error();
  os.clear_error();
  if (ec)
    return fail(path, ec.message());
  // A replaced file keeps its permissions (an --in-place source stays as it was).
  if (fs::file_status st; !fs::status(target, st))
    (void)fs::setPermissions(temp, st.permissions()); // best effort, as before
  return true;
}

bool OutputFiles::writeThrough(const WriteThrough &w) {
  int fd = -1;
  if (std::error_code ec = fs::openFileForWrite(w.target, fd, fs::CD_OpenExisting))
    return fail(w.target, ec.message());
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << w.text;
  os.close();
  std::error_code ec = os.error();
  os.clear_error();
  return ec ? fail(w.target, ec.message()) : true;
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
  for (const WriteThrough &w : throughs_)
    if (!writeThrough(w)) {
      rollBack();
      return false;
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
