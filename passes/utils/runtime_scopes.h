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
/// The block's statements are exactly one AUTO runtime scope.
bool isWrapped(const BlockParts &parts);
/// An Orchestration function without the attr `auto_scope = false`.
bool wantsAutoScopes(const ir::Function &f);

} // namespace pl::passes
