// Dead-assignment removal shared by DCE and Simplify: the rule for what may go differs, the
// sweep (use counts, deletion, empty else branches, fixpoint) does not.
#pragma once

#include "ir/function.h"

#include <functional>

namespace pl::passes {

/// Deletes every `Assign` whose variable has no use anywhere in `f` (types and attrs included)
/// and that `removable` accepts, repeating until nothing changes (a deletion can make earlier
/// values dead). Parameters are never touched; an else branch left empty is dropped. With
/// `droppableYield`, an if result (phi) that nothing reads goes too, with the values the
/// branches yield for it, when `droppableYield` accepts each of them (PyPTO #1603). Returns
/// `f` itself when nothing was removed.
ir::FunctionPtr
removeDeadAssigns(const ir::FunctionPtr &f,
                  const std::function<bool(const ir::Assign &)> &removable,
                  const std::function<bool(const ir::ExprPtr &)> &droppableYield = nullptr);

} // namespace pl::passes
