// tests/e2e/report.hpp — the per-check report of the self-checking test programs in tests/e2e:
// one "<program>/<check>: PASS|FAIL" line per check and the exit status. Host code only (no
// marked function); pl-translate keeps the quoted include in the translated file.
#pragma once

#include <pl/dsl.hpp>

#include <cstdio>
#include <string>

namespace e2e {

class Report {
public:
  explicit Report(const char *program) : program_(program) {}

  /// Reports one check; returns `ok`.
  bool operator()(const std::string &check, bool ok) {
    std::printf("%s/%s: %s\n", program_, check.c_str(), ok ? "PASS" : "FAIL");
    failures_ += ok ? 0 : 1;
    return ok;
  }

  /// Reports whether `actual` is close to `expected` (pl::allclose, which also records the
  /// result for the comparison of the eager and the translated run).
  template <class A, class E>
  bool close(const std::string &check, const A &actual, const E &expected,
             const pl::AllcloseOptions &o = {}) {
    return (*this)(check, pl::allclose(actual, expected, o));
  }

  /// The program's exit status: 0 when every check passed.
  int exitCode() const { return failures_ == 0 ? 0 : 1; }

private:
  const char *program_;
  int failures_ = 0;
};

} // namespace e2e
