// OutlineIncoreScopes: InCore scopes → InCore functions (see outline_incore_scopes.h).
#include "passes/outline_incore_scopes.h"

#include "passes/utils/scope_outliner.h"

namespace pl::passes {

namespace {
using namespace ir;

bool isParentType(FunctionType t) {
  return t == FunctionType::Opaque || t == FunctionType::Orchestration ||
         t == FunctionType::Graph;
}

std::optional<OutlinedShape> selectIncore(const Scope &s, const Function &) {
  if (s.scopeKind() != ScopeKind::InCore)
    return std::nullopt;
  OutlinedShape shape{"incore", FunctionType::InCore, std::nullopt, std::nullopt, {}, {}};
  for (auto &[key, value] : s.attrs())
    if (key != "deps")
      shape.functionAttrs.emplace_back(key, value);
  return shape;
}

OutlineOptions incoreOptions() {
  OutlineOptions o;
  o.passName = "outline-incore-scopes";
  o.select = selectIncore;
  o.eligibleParent = [](const Function &) { return true; };
  o.rejectNested = true;
  o.nestedCode = "OL001";
  o.nestedMessage = "an InCore scope ('pl::at(pl::Level::CORE_GROUP, ...)') cannot be nested in "
                    "another InCore scope or in a kernel function; expected it at orchestration "
                    "level";
  o.promoteParent = [](const Function &f) -> std::optional<FunctionType> {
    if (f.type() == FunctionType::Opaque)
      return FunctionType::Orchestration;
    return std::nullopt;
  };
  return o;
}

/// Rejects InCore scopes inside kernel (and other non-parent) functions.
bool rejectScopesInKernels(const Program &p, DiagnosticEngine &diags) {
  for (auto &f : p.functions()) {
    if (isParentType(f->type()))
      continue;
    const Scope *s = findScope(
        f->body(), [](const Scope &x) { return x.scopeKind() == ScopeKind::InCore; });
    if (!s)
      continue;
    diags.error("OL001", s->span(),
                "an InCore scope cannot appear inside '" + f->name() + "', a " +
                    std::string(functionTypeName(f->type())) +
                    " function; expected it in an Opaque, Orchestration or Graph function");
    return false;
  }
  return true;
}
} // namespace

ProgramPtr outlineIncoreScopes(const ProgramPtr &p, DiagnosticEngine &diags) {
  if (!rejectScopesInKernels(*p, diags))
    return nullptr;
  OutlineOptions o = incoreOptions();
  o.eligibleParent = [](const Function &f) { return isParentType(f.type()); };
  return outlineScopes(p, o, diags);
}

PL_DEFINE_PROGRAM_PASS(OutlineIncoreScopes, outlineIncoreScopes)

} // namespace pl::passes
