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

} // namespace pl::translator
