// Internal compiler errors that name the pass and the span they failed on (PL_CHECK_AT and the
// per-thread InternalErrorScope the pass framework opens per pass and per function).
#pragma once

#include "ir/diagnostics.h"

/// PL_CHECK naming the node it failed on.
#define PL_CHECK_AT(cond, where, span, msg)                                                        \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      ::pl::ir::internalErrorAt((where), (msg), __FILE__, __LINE__, (span));                       \
  } while (0)

namespace pl::ir {

/// The code of an internal compiler error reported as a diagnostic (PassContext::
/// reportInternalError) rather than by aborting; pl-translate exits 2 when one is reported.
inline constexpr const char *kInternalErrorCode = "ICE";

/// Prints "<span>: error: internal compiler error in '<where>' (while running pass '<pass>'):
/// <msg> [ICE]" and aborts. Without a valid `span`, the innermost InternalErrorScope's span.
[[noreturn]] void internalErrorAt(const std::string &where, const std::string &msg,
                                  const char *file, int line, const Span &span);

/// What an internal error names when it has no span of its own: the pass being run and the
/// span of the unit it is working on (a program, then each function). Scopes nest (RAII, per
/// thread); the innermost pass name and the innermost valid span win. PL_CHECK reports them.
class InternalErrorScope {
public:
  InternalErrorScope(std::string pass, Span span);
  ~InternalErrorScope();
  InternalErrorScope(const InternalErrorScope &) = delete;
  InternalErrorScope &operator=(const InternalErrorScope &) = delete;

  /// The innermost pass name ("" outside any scope) and span (invalid outside any scope).
  static std::string currentPass();
  static Span currentSpan();

private:
  std::string pass_;
  Span span_;
  InternalErrorScope *outer_;
};

} // namespace pl::ir
