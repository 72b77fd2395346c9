// OutlineClusterScopes: cluster → Group, spmd → Spmd (see outline_cluster_scopes.h).
#include "passes/outline_cluster_scopes.h"

#include "passes/utils/scope_outliner.h"

namespace pl::passes {

namespace {
using namespace ir;

std::optional<OutlinedShape> selectCluster(const Scope &s, const Function &) {
  bool spmd = s.scopeKind() == ScopeKind::Spmd;
  if (!spmd && s.scopeKind() != ScopeKind::Cluster)
    return std::nullopt;
  OutlinedShape shape{spmd ? "spmd" : "cluster", spmd ? FunctionType::Spmd : FunctionType::Group,
                      std::nullopt, std::nullopt, {}, {}};
  for (auto &[key, value] : s.attrs()) {
    if (key == "deps")
      continue;
    if (key == "core_num")
      shape.callAttrs.emplace_back(key, value);
    else if (key == "sync_start") {
      if (auto *b = std::get_if<bool>(&value); b && *b)
        shape.callAttrs.emplace_back(key, value);
    } else {
      shape.functionAttrs.emplace_back(key, value);
    }
  }
  return shape;
}
} // namespace

ProgramPtr outlineClusterScopes(const ProgramPtr &p, DiagnosticEngine &diags) {
  for (auto &f : p->functions()) {
    const Scope *bad = findScope(f->body(), [](const Scope &s) {
      return s.scopeKind() == ScopeKind::Spmd && !findAttr(s.attrs(), "core_num");
    });
    if (bad) {
      diags.error("OL003", bad->span(),
                  "spmd scope without a 'core_num'; expected the number of cores to launch");
      return nullptr;
    }
  }
  OutlineOptions o;
  o.passName = "outline-cluster-scopes";
  o.select = selectCluster;
  o.eligibleParent = [](const Function &f) {
    return f.type() == FunctionType::Opaque || f.type() == FunctionType::Orchestration ||
           f.type() == FunctionType::Graph;
  };
  return outlineScopes(p, o, diags);
}

PL_DEFINE_PROGRAM_PASS(OutlineClusterScopes, outlineClusterScopes)

} // namespace pl::passes
