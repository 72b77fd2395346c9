// Source locations carried by every IR node: file, line and column (1-based; 0 = unknown).
#pragma once

#include <memory>
#include <string>

namespace pl::ir {

struct Span {
  std::shared_ptr<const std::string> file; ///< Shared so that millions of nodes cost one string.
  int line = 0;
  int col = 0;
  int endLine = 0;
  int endCol = 0;

  Span() = default;
  Span(std::shared_ptr<const std::string> f, int l, int c, int el = 0, int ec = 0)
      : file(std::move(f)), line(l), col(c), endLine(el), endCol(ec) {}
  bool valid() const { return file && line > 0; }
  /// "file:line:col" or "<unknown>".
  std::string str() const;
  static Span unknown() { return {}; }
};

/// Interns a file name so equal names share one allocation.
std::shared_ptr<const std::string> internFileName(const std::string &name);

} // namespace pl::ir
