// OutlineIncoreScopes: InCore scopes → InCore functions (see outline_incore_scopes.h).
#include "passes/outline_incore_scopes.h"

#include "ir/mutator.h"
#include "ir/visitor.h"
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

/// What an Spmd body holds: launches (function calls, submits, nested scopes) and op calls.
class SpmdBodyKinds final : public IRVisitor {
public:
  bool launches = false, ops = false;
  void visitCallTarget(const CallTarget &t, const Expr &site) override {
    (t.isOp() && site.kind() == ExprKind::Call ? ops : launches) = true;
  }
  void visitScope(const Scope &) override { launches = true; }
};

/// An Spmd scope whose body does work itself (op calls, no launches: `pl::spmd(n, [&] { tiles
/// of block get_block_idx() })`) gets that body as an InCore scope, so it is outlined to a
/// kernel launched once per block like any other (docs/dsl.md); a body that launches kernels
/// is LowerSpmdLaunches' (mixing both stays its SP001).
class SpmdWorkAsKernel final : public IRMutator {
public:
  StmtPtr mutateScope(const std::shared_ptr<const Scope> &s) override {
    StmtPtr out = IRMutator::mutateScope(s);
    if (s->scopeKind() != ScopeKind::Spmd)
      return out;
    SpmdBodyKinds kinds;
    kinds.visitStmt(s->body());
    if (kinds.launches || !kinds.ops)
      return out;
    auto *spmd = dynCast<Scope>(out);
    StmtPtr kernel = Scope::make(ScopeKind::InCore, "", spmd->body(), {}, nullptr, spmd->span());
    return Scope::make(ScopeKind::Spmd, spmd->nameHint(), kernel, spmd->attrs(), spmd->taskId(),
                       spmd->span());
  }
};
} // namespace

ProgramPtr outlineIncoreScopes(const ProgramPtr &p, DiagnosticEngine &diags) {
  if (!rejectScopesInKernels(*p, diags))
    return nullptr;
  OutlineOptions o = incoreOptions();
  o.eligibleParent = [](const Function &f) { return isParentType(f.type()); };
  // SpmdWorkAsKernel rebuilds as it walks: only a program with an Spmd scope needs it.
  bool anySpmd = false;
  for (auto &f : p->functions())
    anySpmd = anySpmd ||
              findScope(f->body(), [](const Scope &s) { return s.scopeKind() == ScopeKind::Spmd; });
  return outlineScopes(anySpmd ? SpmdWorkAsKernel().mutateProgram(p) : p, o, diags);
}

PL_DEFINE_PROGRAM_PASS(OutlineIncoreScopes, outlineIncoreScopes)

} // namespace pl::passes
