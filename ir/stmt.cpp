// Statement helpers: Seq flattening and enum spellings for loops and scopes.
#include "ir/stmt.h"
#include "ir/enum_names.h"

#include <array>

namespace pl::ir {

namespace {
void appendFlat(std::vector<StmtPtr> &out, StmtPtr s) {
  if (!s)
    return;
  if (auto *seq = dynCast<Seq>(s)) {
    for (auto &c : seq->stmts())
      appendFlat(out, c);
    return;
  }
  out.push_back(std::move(s));
}
constexpr std::array<std::string_view, 4> kForKinds = {"range", "parallel", "unroll", "pipeline"};
constexpr std::array<std::string_view, 8> kScopeKinds = {
    "incore", "cluster", "hierarchy", "spmd", "split_aiv", "runtime", "comm_domain", "graph"};
} // namespace

StmtPtr Seq::flatten(std::vector<StmtPtr> stmts, Span s) {
  std::vector<StmtPtr> flat;
  flat.reserve(stmts.size());
  for (auto &c : stmts)
    appendFlat(flat, std::move(c));
  if (flat.size() == 1)
    return flat.front();
  return make(std::move(flat), std::move(s));
}

const Stmt *lastStmt(const StmtPtr &body) {
  if (auto *seq = dynCast<Seq>(body))
    return seq->stmts().empty() ? nullptr : seq->stmts().back().get();
  return body.get();
}

std::optional<LoopParts> loopParts(const Stmt &s) {
  if (auto *f = dynCast<For>(&s))
    return LoopParts{f->iterArgs(), f->body(), f->returnVars()};
  if (auto *w = dynCast<While>(&s))
    return LoopParts{w->iterArgs(), w->body(), w->returnVars()};
  return std::nullopt;
}

const Yield *trailingYield(const StmtPtr &body) {
  const Stmt *last = lastStmt(body);
  return last ? dynCast<Yield>(last) : nullptr;
}

std::string_view forKindName(ForKind k) { return nameIn(kForKinds, k); }
std::optional<ForKind> parseForKind(std::string_view s) { return parseEnum<ForKind>(kForKinds, s); }

std::string_view stmtKindName(StmtKind k) { return nameIn(kStmtKindNames, k); }

std::string_view scopeKindName(ScopeKind k) { return nameIn(kScopeKinds, k); }
std::optional<ScopeKind> parseScopeKind(std::string_view s) {
  return parseEnum<ScopeKind>(kScopeKinds, s);
}

} // namespace pl::ir
