// The cached precompiled header (PCH) of the pl header a file includes first: built once per
// configuration, checked before each use, so that a translation does not parse pl/dsl.hpp again.
//
// When it applies: the input's first token is `#include <pl/…>` (only comments before it), the
// input is C++ source, and the command has no `-include` or `-include-pch` of its own. Anything
// else is a normal parse, as is any failure here (the cache is only a speed-up).
//
// Key (file names in the directory): a SHA-256 over the PCH format (clang's full version, this
// file's format tag, pl's version), the working directory, the header's name and the compile
// command as Clang's cc1 arguments without the input, the outputs, the dependency-file options
// and -verify (everything that can change what the header means: -D, -std, include paths,
// target, the resource directory). Files `<key>.hpp` (the prefix: `#include <pl/…>`),
// `<key>.pch`, `<key>.manifest` (the PCH's xxh3 and every input file with its size and mtime).
//
// Before each use the manifest is checked: the PCH's bytes (xxh3) and the size and modification
// time of each input file, as Clang's own PCH validation compares them. A missing, damaged or
// stale entry is rebuilt; the PCH and the manifest are written to temporaries renamed into place,
// so concurrent translations never read a partial file (at worst two build the same entry).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class FileManager;
class PCHContainerOperations;
} // namespace clang

namespace pl::translator {

/// A PCH a parse uses.
struct PchUse {
  std::string pch;                 ///< the file (`PreprocessorOptions::ImplicitPCHInclude`)
  std::vector<std::string> inputs; ///< the headers it was built from (for the depfile), sorted
};

/// The PCH directory: `<cacheDir>/pch` when a translation cache directory is given, else
/// `$XDG_CACHE_HOME/pl/pch` (`~/.cache/pl/pch`); empty when there is no such directory.
std::string defaultPchDir(const std::string &cacheDir);

/// The pl header `source` includes first (`pl/dsl.hpp`), when `#include <pl/…>` is its first
/// token; nullopt otherwise.
std::optional<std::string> firstPlHeader(const std::string &source);

/// Finds (or builds) the PCH for `inv` in `dir` and installs it in `inv`; nullopt, with `inv`
/// untouched, when none applies or it cannot be built (then the parse is a normal one).
std::optional<PchUse> usePch(clang::CompilerInvocation &inv, clang::FileManager &files,
                             std::shared_ptr<clang::PCHContainerOperations> ops,
                             const std::string &dir);

} // namespace pl::translator
