// Conversions between Clang source locations and IR spans.
#include "translator/source_location.h"

#include "clang/Basic/SourceManager.h"

namespace pl::translator {

ir::Span toSpan(const clang::SourceManager &sm, clang::SourceLocation loc) {
  if (loc.isInvalid())
    return {};
  clang::SourceLocation e = sm.getExpansionLoc(loc);
  clang::PresumedLoc p = sm.getPresumedLoc(e);
  if (p.isInvalid())
    return {};
  return ir::Span(ir::internFileName(p.getFilename()), static_cast<int>(p.getLine()),
                  static_cast<int>(p.getColumn()));
}

clang::SourceLocation toSourceLocation(clang::SourceManager &sm, const ir::Span &span) {
  if (!span.valid())
    return {};
  auto fe = sm.getFileManager().getOptionalFileRef(*span.file);
  if (!fe)
    return {};
  return sm.translateFileLineCol(*fe, static_cast<unsigned>(span.line),
                                 static_cast<unsigned>(span.col));
}

std::optional<ir::FixIt> makeFixIt(const clang::SourceManager &sm, clang::CharSourceRange range,
                                   std::string text) {
  clang::SourceLocation b = range.getBegin(), e = range.getEnd();
  if (b.isInvalid() || e.isInvalid() || b.isMacroID() || e.isMacroID() || !range.isCharRange())
    return std::nullopt;
  ir::Span s = toSpan(sm, b);
  ir::Span end = toSpan(sm, e);
  if (!s.valid() || !end.valid() || *s.file != *end.file)
    return std::nullopt;
  s.endLine = end.line;
  s.endCol = end.col;
  return ir::FixIt{std::move(s), std::move(text)};
}

std::optional<ir::FixIt> insertionFixIt(const clang::SourceManager &sm, clang::SourceLocation loc,
                                        std::string text) {
  return makeFixIt(sm, clang::CharSourceRange::getCharRange(loc, loc), std::move(text));
}

clang::CharSourceRange toCharRange(clang::SourceManager &sm, const ir::Span &range) {
  clang::SourceLocation b = toSourceLocation(sm, range);
  ir::Span end = range;
  end.line = range.endLine;
  end.col = range.endCol;
  clang::SourceLocation e = toSourceLocation(sm, end);
  if (b.isInvalid() || e.isInvalid())
    return {};
  return clang::CharSourceRange::getCharRange(b, e);
}

} // namespace pl::translator
