// OutlineGraphScopes: Graph scopes → Graph functions (see outline_graph_scopes.h).
#include "passes/outline_graph_scopes.h"

#include "passes/utils/scope_outliner.h"

namespace pl::passes {

using namespace ir;

ProgramPtr outlineGraphScopes(const ProgramPtr &p, DiagnosticEngine &diags) {
  OutlineOptions o;
  o.passName = "outline-graph-scopes";
  o.select = [](const Scope &s, const Function &) -> std::optional<OutlinedShape> {
    if (s.scopeKind() != ScopeKind::Graph)
      return std::nullopt;
    return OutlinedShape{"graph", FunctionType::Graph, std::nullopt, std::nullopt, {}, {}};
  };
  o.eligibleParent = [](const Function &f) {
    return f.type() == FunctionType::Opaque || f.type() == FunctionType::Orchestration;
  };
  return outlineScopes(p, o, diags);
}

PL_DEFINE_PROGRAM_PASS(OutlineGraphScopes, outlineGraphScopes)

} // namespace pl::passes
