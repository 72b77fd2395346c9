// Variable liveness over structured IR (pre-SSA or SSA): which variables may still be read.
//
// Works on variable identity (Var pointers), never on names. A use is any mention of a Var in an
// expression, including the symbols inside types (shapes, valid_shape, strides) and Var-valued
// attributes; a definition is any binding site (assignment target, loop variable, iter_arg,
// return var). The IR is structured, so every set is exact up to branch conditions: an `if` joins
// both branches, a `for` may run zero times, a `while` evaluates its condition before each
// iteration, `break` continues with the loop's live-out set and `continue` with the live set at
// the end of the body.
#pragma once

#include "ir/function.h"

#include <unordered_set>
#include <vector>

namespace pl::passes {

using VarSet = std::unordered_set<const ir::Var *>;

/// Variables read by an expression (Var-valued sub-expressions and the symbols in their types).
void collectUses(const ir::ExprPtr &e, VarSet &out);
/// Symbols read by a type (shapes, views).
void collectTypeUses(const ir::TypePtr &t, VarSet &out);
/// Variables read by Var-valued attributes.
void collectAttrUses(const ir::AttrList &attrs, VarSet &out);

/// Every variable bound by an Assign anywhere inside s (nested bodies included).
VarSet collectAssigned(const ir::StmtPtr &s);

/// The variables live before s, given those live after it.
VarSet liveIn(const ir::StmtPtr &s, const VarSet &liveAfter);

/// For each statement of a block, the variables live right after it.
std::vector<VarSet> liveAfterEach(const std::vector<ir::StmtPtr> &stmts, const VarSet &liveAfter);

/// The variables live at the end of a loop body (For or While): those the next iteration (its
/// condition and body) may read before writing, plus those live after the loop.
VarSet liveAtBodyEnd(const ir::Stmt &loop, const VarSet &liveAfterLoop);

/// The statements of a body: a Seq's children, or the statement itself (none for null).
std::vector<ir::StmtPtr> bodyStmts(const ir::StmtPtr &body);

} // namespace pl::passes
