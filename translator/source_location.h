// Conversions between Clang source locations and IR spans (expansion locations through macros).
#pragma once

#include "ir/span.h"

#include "clang/Basic/SourceLocation.h"

namespace clang {
class SourceManager;
}

namespace pl::translator {

/// The user's file:line:col of `loc`, seen through macro expansions.
ir::Span toSpan(const clang::SourceManager &sm, clang::SourceLocation loc);
/// Reverse mapping, used to report IR diagnostics through Clang; invalid when unknown.
clang::SourceLocation toSourceLocation(clang::SourceManager &sm, const ir::Span &span);

} // namespace pl::translator
