// OutlineHierarchyScopes: level/role scopes → level/role-tagged functions (see the header).
#include "passes/outline_hierarchy_scopes.h"

#include "passes/utils/scope_outliner.h"

#include <cctype>

namespace pl::passes {

namespace {
using namespace ir;

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto &c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string stringAttr(const Scope &s, std::string_view key) {
  const AttrValue *v = findAttr(s.attrs(), key);
  auto *str = v ? std::get_if<std::string>(v) : nullptr;
  return str ? *str : std::string();
}

/// Reports an unknown level or role; true when the scope is well-formed.
bool checkScope(const Scope &s, DiagnosticEngine &diags) {
  std::string level = stringAttr(s, "level"), role = stringAttr(s, "role");
  if (!parseLevel(level)) {
    diags.error("OL002", s.span(),
                "unknown hierarchy level '" + level + "'; expected a level name such as HOST, "
                                                      "CHIP, CHIP_DIE or CLUSTER");
    return false;
  }
  if (!role.empty() && !parseRole(role)) {
    diags.error("OL002", s.span(),
                "unknown role '" + role + "'; expected Orchestrator or Worker");
    return false;
  }
  return true;
}

std::optional<OutlinedShape> selectHierarchy(const Scope &s, const Function &) {
  if (s.scopeKind() != ScopeKind::Hierarchy)
    return std::nullopt;
  auto level = parseLevel(stringAttr(s, "level"));
  if (!level || *level == Level::CORE_GROUP)
    return std::nullopt;
  OutlinedShape shape{lower(levelName(*level)), FunctionType::Opaque, level, std::nullopt, {}, {}};
  if (auto role = parseRole(stringAttr(s, "role"))) {
    shape.role = role;
    shape.base += *role == Role::Orchestrator ? "_orch" : "_worker";
  }
  return shape;
}
} // namespace

ProgramPtr outlineHierarchyScopes(const ProgramPtr &p, DiagnosticEngine &diags) {
  for (auto &f : p->functions()) {
    const Scope *bad = findScope(f->body(), [&](const Scope &s) {
      return s.scopeKind() == ScopeKind::Hierarchy && !checkScope(s, diags);
    });
    if (bad)
      return nullptr;
  }
  OutlineOptions o;
  o.passName = "outline-hierarchy-scopes";
  o.select = selectHierarchy;
  o.eligibleParent = [](const Function &f) { return f.type() == FunctionType::Opaque; };
  return outlineScopes(p, o, diags);
}

PL_DEFINE_PROGRAM_PASS(OutlineHierarchyScopes, outlineHierarchyScopes)

} // namespace pl::passes
