// Tile lifetimes: which pairs of tile variables may not occupy one buffer because one is written
// while the other still holds a value that will be read (memory planning, DESIGN.md §5).
//
// Built on the liveness helper (variable identity, structured control flow) with the classic
// interference rule: a tile defined at a point conflicts with every tile live right after that
// point (so `c = add(a, b)` with a's last use there does not conflict with a — touching is
// allowed, inputs are read before the output is written). Control flow adds:
//   - loop carries (init, iter_arg, yielded value, return var of one slot) hold a buffer for
//     the whole loop: every tile defined inside the body conflicts with them, unless it is a
//     member of that slot itself — the slot's members include the body's tiles on the way to
//     its yield (the yielded value's sources through if results, views and in-place results,
//     and the views of any member, `old = acc`); an iter_arg conflicts with everything live at
//     the loop;
//   - members of different carry / if-phi slots of one statement always conflict (the copies
//     the emitter makes at a yield happen together);
//   - if-phi slots (then-yield, else-yield, return var) and one loop slot may share.
// Works on SSA IR (after InitMemRef); variables that are not tiles are ignored.
#pragma once

#include "ir/function.h"

#include <unordered_map>
#include <unordered_set>

namespace pl::passes {

/// A symmetric conflict relation over tile variables.
class TileConflicts {
public:
  void add(const ir::Var *a, const ir::Var *b);
  bool conflict(const ir::Var *a, const ir::Var *b) const;
  /// The tiles `v` conflicts with (empty when none).
  const std::unordered_set<const ir::Var *> &of(const ir::Var *v) const;
  /// Every tile that has at least one conflict, mapped to its conflicts.
  const std::unordered_map<const ir::Var *, std::unordered_set<const ir::Var *>> &all() const {
    return edges_;
  }

private:
  std::unordered_map<const ir::Var *, std::unordered_set<const ir::Var *>> edges_;
};

/// The lifetime conflicts of the tile variables of `f` (parameters, assignments, iter_args,
/// return vars) under the rules above.
TileConflicts computeTileLifetimeConflicts(const ir::Function &f);

} // namespace pl::passes
