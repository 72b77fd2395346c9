// Queries over an IR tree that several passes ask: its binding sites, its call targets, and
// whether it holds a break / continue.
#pragma once

#include "ir/function.h"

#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace pl::ir {

/// Calls `fn` for every binding site below `f` (its params first) or `s`, in IRVisitor order:
/// params, Assign targets, loop vars, iter_arg vars, return vars, scope task ids.
void forEachBinding(const Function &f, const std::function<void(const VarPtr &)> &fn);
void forEachBinding(const StmtPtr &s, const std::function<void(const VarPtr &)> &fn);

/// Every variable bound somewhere below `f` / `s`, by identity.
std::unordered_set<const Var *> collectBindings(const Function &f);
std::unordered_set<const Var *> collectBindings(const StmtPtr &s);

/// How many binding sites each variable bound in `f` has (more than one only before SSA).
std::unordered_map<const Var *, unsigned> countBindings(const Function &f);

/// The iter_arg variables of a loop, in slot order.
std::vector<VarPtr> iterVars(const std::vector<IterArg> &iters);

/// Calls `fn` with the target and span of every Call and Submit below `f` (types excluded).
void forEachCall(const Function &f,
                 const std::function<void(const CallTarget &, const Span &)> &fn);
/// Adds to `names` every function (not op) that a Call or Submit below `f` targets.
void collectCallees(const Function &f, std::set<std::string, std::less<>> &names);

/// True when `s` holds a break or continue anywhere, nested loops included.
bool hasLoopJump(const StmtPtr &s);
/// True when the loop body `body` holds a break or continue of that loop; the jumps of a loop
/// nested in it are its own and do not count.
bool hasOwnLoopJump(const StmtPtr &body);

} // namespace pl::ir
