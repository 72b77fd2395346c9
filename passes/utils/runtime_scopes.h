// Runtime-scope shapes shared by MaterializeRuntimeScopes and its verifier: a block split into
// its statements and its trailing yield / return, AUTO vs MANUAL runtime scopes.
#pragma once

#include "ir/function.h"

namespace pl::passes {

struct BlockParts {
  std::vector<ir::StmtPtr> stmts; ///< everything before the trailer
  ir::StmtPtr trailer;            ///< the block's last statement if a Yield / Return, else null
};
BlockParts splitBlock(const ir::StmtPtr &block);

/// A Runtime scope with the attr `manual = true`.
bool isManualRuntimeScope(const ir::Scope &s);
/// A manual Runtime scope AutoDeriveTaskDependencies made (attr `derived = true`): every
/// hazard of its tasks is an explicit edge.
bool isDerivedRuntimeScope(const ir::Scope &s);
/// The block's statements are exactly one AUTO runtime scope or one derived manual scope.
bool isWrapped(const BlockParts &parts);
/// `block` as `scope runtime [[attrs]] { stmts } trailer`, or block itself when it has no
/// statements before its trailer or is already wrapped.
ir::StmtPtr wrapInRuntimeScope(const ir::StmtPtr &block, ir::AttrList attrs);
/// An Orchestration function without the attr `auto_scope = false`.
bool wantsAutoScopes(const ir::Function &f);

} // namespace pl::passes
