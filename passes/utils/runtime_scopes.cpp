// Runtime-scope shapes (see runtime_scopes.h).
#include "passes/utils/runtime_scopes.h"

namespace pl::passes {

using namespace ir;

BlockParts splitBlock(const StmtPtr &block) {
  BlockParts parts;
  if (!block)
    return parts;
  if (auto *seq = dynCast<Seq>(block))
    parts.stmts = seq->stmts();
  else
    parts.stmts = {block};
  if (!parts.stmts.empty() && (isa<Yield>(parts.stmts.back()) || isa<Return>(parts.stmts.back()))) {
    parts.trailer = parts.stmts.back();
    parts.stmts.pop_back();
  }
  return parts;
}

bool isManualRuntimeScope(const Scope &s) {
  if (s.scopeKind() != ScopeKind::Runtime)
    return false;
  auto *v = findAttr(s.attrs(), "manual");
  auto *b = v ? std::get_if<bool>(v) : nullptr;
  return b && *b;
}

bool isWrapped(const BlockParts &parts) {
  if (parts.stmts.size() != 1)
    return false;
  auto *s = dynCast<Scope>(parts.stmts[0]);
  return s && s->scopeKind() == ScopeKind::Runtime &&
         (!isManualRuntimeScope(*s) || isDerivedRuntimeScope(*s));
}

bool isDerivedRuntimeScope(const Scope &s) {
  auto *v = findAttr(s.attrs(), "derived");
  auto *b = v ? std::get_if<bool>(v) : nullptr;
  return isManualRuntimeScope(s) && b && *b;
}

StmtPtr wrapInRuntimeScope(const StmtPtr &block, AttrList attrs) {
  BlockParts parts = splitBlock(block);
  if (parts.stmts.empty() || isWrapped(parts))
    return block;
  Span span = block->span();
  StmtPtr scope = Scope::make(ScopeKind::Runtime, "", Seq::flatten(std::move(parts.stmts), span),
                              std::move(attrs), nullptr, span);
  std::vector<StmtPtr> out{scope};
  if (parts.trailer)
    out.push_back(parts.trailer);
  return Seq::flatten(std::move(out), span);
}

bool wantsAutoScopes(const Function &f) {
  if (f.type() != FunctionType::Orchestration)
    return false;
  auto *v = findAttr(f.attrs(), "auto_scope");
  auto *b = v ? std::get_if<bool>(v) : nullptr;
  return !b || *b;
}

} // namespace pl::passes
