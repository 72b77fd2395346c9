// Conversions between Clang source locations and IR spans (expansion locations through macros).
#pragma once

#include "ir/span.h"

#include "ir/diagnostics.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace pl::translator {

/// The user's file:line:col of `loc`, seen through macro expansions.
ir::Span toSpan(const clang::SourceManager &sm, clang::SourceLocation loc);
/// Reverse mapping, used to report IR diagnostics through Clang; invalid when unknown.
clang::SourceLocation toSourceLocation(clang::SourceManager &sm, const ir::Span &span);

/// A fix-it replacing the characters of `range` with `text` (an empty range inserts); nullopt
/// when an end of the range lies inside a macro expansion or is invalid (the edit would change
/// the macro, not the user's line).
std::optional<ir::FixIt> makeFixIt(const clang::SourceManager &sm, clang::CharSourceRange range,
                                   std::string text);
/// A fix-it inserting `text` at `loc` (nullopt in a macro expansion).
std::optional<ir::FixIt> insertionFixIt(const clang::SourceManager &sm, clang::SourceLocation loc,
                                        std::string text);
/// The character range of a fix-it's span, for Clang's FixItHint; invalid when unknown.
clang::CharSourceRange toCharRange(clang::SourceManager &sm, const ir::Span &range);

} // namespace pl::translator
