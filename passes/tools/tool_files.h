// The files of the command-line tools (pl-opt, pl-translate): input checks, output-path checks
// by file identity, and outputs that are staged and committed together or not at all.
#pragma once

#include <string>
#include <vector>

namespace pl::tools {

/// True when `a` and `b` name the same file: the same device and inode when both exist (so a
/// symlink, a hard link, `./x` and an absolute path all match), the same real directory and
/// name when neither exists yet.
bool sameFile(const std::string &a, const std::string &b);

/// Why `path` cannot be read as an input ("no such file or directory", "is a directory", …), or
/// the empty string when it can. "-" (stdin) is always readable.
std::string inputProblem(const std::string &path);

/// Why `path` cannot be an output file (an existing directory or socket), or the empty string.
std::string outputProblem(const std::string &path);

/// The output files of one run. A target that is a symlink is written where the link points
/// (as compilers do). A regular (or new) target is staged: `stage` writes its text to a
/// temporary file next to it and `commit` renames it into place. A target that exists and is
/// not a regular file (a character or block device, a FIFO) is never replaced: `commit` opens it
/// and writes the text through, after the renames and before stdout. If anything fails — a
/// write, a rename, a write-through, stdout — every staged target is left as it was before the
/// run (replaced files are restored from hard-link backups) and no temporary file remains; what
/// a device or FIFO already received cannot be taken back.
class OutputFiles {
public:
  /// `tool` prefixes the error messages ("pl-opt: error: cannot write …").
  explicit OutputFiles(std::string tool) : tool_(std::move(tool)) {}
  OutputFiles(const OutputFiles &) = delete;
  OutputFiles &operator=(const OutputFiles &) = delete;
  ~OutputFiles(); ///< removes whatever was staged and not committed

  /// Stages `text` for `path` ("-" or empty: stdout, printed at commit). Returns false after
  /// printing the error; then nothing of this run will be written.
  bool stage(const std::string &path, const std::string &text);
  /// Commits everything staged. Returns false after printing the error (nothing was changed).
  bool commit();

private:
  struct Staged {
    std::string target, temp, backup; ///< backup: a hard link to the replaced file, if any
    bool committed = false;
  };
  /// A device or FIFO: written through at commit, never replaced.
  struct WriteThrough {
    std::string target, text;
  };
  bool fail(const std::string &path, const std::string &why);
  void rollBack();
  bool writeThrough(const WriteThrough &w);

  std::string tool_;
  std::vector<Staged> files_;
  std::vector<WriteThrough> throughs_;
  std::string stdoutText_;
};

} // namespace pl::tools
