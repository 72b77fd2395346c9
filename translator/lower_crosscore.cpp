// Lowering of the mixed-kernel constructs (docs/design.md "Mixed kernels and cross-core pipes"):
// `pl::at` optimizations (split, cross_core_slot), the explicit cross-core pipe ops of
// hand-written AIC / AIV kernels, the argument rule of Group functions, and pl::cluster.
#include "translator/function_lowerer.h"
#include "translator/source_location.h"

#include "ir/op_registry.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SaveAndRestore.h"

namespace pl::translator {

namespace {

/// The kernel kind that runs a cross-core op: the cube core (AIC) pushes to, pops from and frees
/// to the vector side, the vector core (AIV) the reverse; each initialises its own end. Nullopt
/// for the slot-ring ops (reserve_buffer, import_peer_buffer), which either side calls.
std::optional<ir::FunctionType> crossCoreSide(llvm::StringRef op) {
  using FT = ir::FunctionType;
  return llvm::StringSwitch<std::optional<FT>>(op)
      .Cases("tile.tpush_to_aiv", "tile.tpop_from_aiv", "tile.tfree_to_aiv",
             "system.aic_initialize_pipe", FT::AIC)
      .Cases("tile.tpush_to_aic", "tile.tpop_from_aic", "tile.tfree_to_aic",
             "system.aiv_initialize_pipe", FT::AIV)
      .Default(std::nullopt);
}

/// The named argument, seen through copies and conversions (`k(a)` of a `T a` parameter).
const clang::ValueDecl *namedArgument(const clang::Expr *a) {
  const clang::Expr *e = peelConversion(stripTemporaries(a))->IgnoreParenImpCasts();
  auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(stripTemporaries(e));
  return dr ? dr->getDecl() : nullptr;
}

} // namespace

// ---- pl::at optimizations --------------------------------------------------------------------

bool FunctionLowerer::isScopeOptimizations(const clang::CXXRecordDecl *options,
                                           const clang::FieldDecl *f) {
  return options->getName() == "AtOptions" && f->getName() == "optimizations";
}

/// `.optimizations = {pl::split(pl::SplitMode::UpDown), pl::cross_core_slot(2)}` → kwargs
/// `split` (0 none, 1 up-down, 2 left-right: pl::SplitMode's values) and `slot_num`.
void FunctionLowerer::lowerScopeOptimizations(const clang::Expr *init, ir::AttrList &kwargs) {
  const clang::Expr *s = stripTemporaries(init);
  if (auto *ce = llvm::dyn_cast<clang::CXXConstructExpr>(s)) {
    if (ce->getNumArgs() == 0)
      return;                                                // `{}`
    if (!llvm::isa<clang::CXXDefaultArgExpr>(ce->getArg(0))) // the std::initializer_list
      s = stripTemporaries(ce->getArg(0));
  }
  auto *il = llvm::dyn_cast<clang::InitListExpr>(s);
  if (!il)
    return error(init->getBeginLoc(), "F368",
                 "'.optimizations' of pl::at must be a braced list of pl::split(mode) and "
                 "pl::cross_core_slot(n), known at translate time");
  for (const clang::Expr *x : il->inits()) {
    const clang::CallExpr *c = plCall(x);
    std::string name = c ? calleeName(c) : "";
    if ((name != "split" && name != "cross_core_slot") || c->getNumArgs() != 1) {
      error(x->getBeginLoc(), "F368",
            "an optimization of pl::at is pl::split(pl::SplitMode::...) or "
            "pl::cross_core_slot(n)");
      continue;
    }
    std::string key = name == "split" ? "split" : "slot_num";
    std::optional<int64_t> v = evaluateInt(c->getArg(0));
    if (!v) {
      error(c->getArg(0)->getBeginLoc(), "F368",
            "the operand of pl::" + name + " must be a compile-time constant");
      continue;
    }
    if (key == "slot_num" && *v < 1) {
      error(c->getArg(0)->getBeginLoc(), "F368",
            "pl::cross_core_slot needs at least 1 slot per pipe, got " + std::to_string(*v));
      continue;
    }
    if (ir::findAttr(kwargs, key)) {
      error(x->getBeginLoc(), "F368", "pl::" + name + " is given twice in '.optimizations'");
      continue;
    }
    kwargs.emplace_back(key, *v);
  }
}

// ---- cross-core pipe ops ---------------------------------------------------------------------

bool FunctionLowerer::checkCrossCoreSide(const std::string &op, const clang::CallExpr *call) {
  const ir::Op *def = ir::lookupOp(op);
  if (!def || def->category != "crosscore")
    return true;
  usesPipes_ = true;
  if (current->type == ir::FunctionType::Inline)
    return true; // helpers run on the side of the kernel that inlines them
  std::optional<ir::FunctionType> side = crossCoreSide(op);
  ir::FunctionType t = current->type;
  bool inScope =
      std::find(lambdaRoles_.begin(), lambdaRoles_.end(), LambdaRole::Scope) != lambdaRoles_.end();
  bool ok =
      !inScope && (side ? t == *side : t == ir::FunctionType::AIC || t == ir::FunctionType::AIV);
  if (ok)
    return true;
  std::string type(ir::functionTypeName(t));
  std::string where = "'" + current->name + "', " +
                      (llvm::StringRef("AEIOU").contains(type[0]) ? "an " : "a ") + type +
                      " function" + (inScope ? " (in a pl::at / pl::spmd body)" : "");
  std::string what = "pl::" + calleeName(call);
  if (side)
    error(call->getBeginLoc(), "F369",
          what + " runs on the " + (*side == ir::FunctionType::AIC ? "cube" : "vector") +
              " core: call it in a PL_FUNCTION(pl::FunctionType::" +
              std::string(ir::functionTypeName(*side)) + ") kernel of a Group, not in " + where);
  else
    error(call->getBeginLoc(), "F369",
          what + " sets up a cross-core pipe: call it in an AIC or AIV kernel of a Group, not in " +
              where);
  return false;
}

bool FunctionLowerer::addPopOperands(const clang::CallExpr *call, ir::ExprList &args,
                                     ir::AttrList &kwargs) {
  ir::TypePtr t = lowerType(call->getType(), call->getBeginLoc());
  auto *tt = ir::dynCast<ir::TileType>(t);
  if (!tt)
    return false; // already explained by lowerType
  clang::PrintingPolicy pp(ctx().getLangOpts());
  pp.SuppressTagKeyword = true;
  for (auto &d : tt->shape())
    if (!ir::constIntValue(d))
      return error(call->getBeginLoc(), "F374",
                   "pl::" + calleeName(call) + "<" + call->getType().getAsString(pp) +
                       ">: the popped tile type needs a static shape (pipe slots have a fixed "
                       "size); write its dims as constants"),
             false;
  args.push_back(ir::MakeTuple::make(tt->shape(), span(call)));
  kwargs.emplace_back("dtype", tt->dtype());
  if (tt->memorySpace())
    kwargs.emplace_back("target_memory", *tt->memorySpace());
  return true;
}

// ---- Group functions -------------------------------------------------------------------------

void FunctionLowerer::checkGroupKernelCall(const clang::CallExpr *call,
                                           const clang::FunctionDecl *kernel) {
  const clang::FunctionDecl *group = current->decl;
  bool same = call->getNumArgs() == group->getNumParams();
  for (unsigned i = 0; same && i < call->getNumArgs(); ++i)
    same = namedArgument(call->getArg(i)) == group->getParamDecl(i);
  if (same)
    return;
  std::string params;
  for (const clang::ParmVarDecl *p : group->parameters())
    params += (params.empty() ? "" : ", ") + p->getNameAsString();
  std::string rule = "the kernels of Group '" + current->name +
                     "' take the Group's parameters in the same order (the runtime passes one "
                     "argument list to every kernel of a mixed task)";
  std::string kname = kernel->getNameAsString();
  if (kernel->getNumParams() != group->getNumParams())
    return error(call->getBeginLoc(), "F372",
                 rule + ": '" + kname + "' takes " + std::to_string(kernel->getNumParams()) +
                     " parameter(s), the Group " + std::to_string(group->getNumParams()));
  const clang::SourceManager &sm = ctx().getSourceManager();
  std::optional<ir::FixIt> fix =
      call->getNumArgs() == 0 ? insertionFixIt(sm, call->getRParenLoc(), params)
                              : makeFixIt(sm,
                                          clang::CharSourceRange::getCharRange(
                                              call->getArg(0)->getBeginLoc(),
                                              clang::Lexer::getLocForEndOfToken(
                                                  call->getArg(call->getNumArgs() - 1)->getEndLoc(),
                                                  0, sm, ctx().getLangOpts())),
                                          params);
  std::vector<ir::FixIt> fixits;
  if (fix)
    fixits.push_back(std::move(*fix));
  error(call->getBeginLoc(), "F372", rule + ": call it as " + kname + "(" + params + ")",
        std::move(fixits));
}

// ---- pl::cluster -----------------------------------------------------------------------------

/// `pl::cluster([&] { ... })`: a Cluster scope, outlined to a Group function by
/// OutlineClusterScopes. Orchestration code only, not nested.
void FunctionLowerer::lowerCluster(const clang::CallExpr *call) {
  const clang::LambdaExpr *lambda = call->getNumArgs() == 1 ? bodyLambda(call->getArg(0)) : nullptr;
  if (!lambda || !lambdaMethod(lambda))
    return error(call->getBeginLoc(), "F373",
                 "pl::cluster takes a body lambda: pl::cluster([&] { ... })");
  if (!inOrchestrationCode() || inCluster_)
    return error(call->getBeginLoc(), "F373",
                 "pl::cluster groups kernel calls of an orchestration into one task; it cannot "
                 "be inside a kernel, a pl::at / pl::spmd body or another pl::cluster");
  ir::StmtPtr body;
  {
    llvm::SaveAndRestore<bool> inCluster(inCluster_, true);
    body = lowerLambdaBody(lambdaMethod(lambda), 0, LambdaRole::RuntimeScope);
  }
  emit(ir::Scope::make(ir::ScopeKind::Cluster, "", body, {}, nullptr, span(call)));
}

} // namespace pl::translator
