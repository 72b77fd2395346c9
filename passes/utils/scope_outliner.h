// The scope outliner shared by the Outline* passes: turns selected Scope statements into
// functions plus a call (or a submit) at the scope's place.
//
// Parameters are the variables the scope uses but does not bind (live-in under SSA, in order of
// first use; outer loop carries included); outputs are the variables it binds that are used after
// it (in binding order). A tensor parameter's direction comes from the body's accesses
// (buffer_aliases.h); an output naming a parameter's buffer (a store or assemble result) is
// returned as that parameter itself. One output binds the call directly; several go through a
// tuple temporary. A scope with a task id or a "deps" attr becomes a submit whose last tuple
// element is the task id. Outlined functions are inserted just before their parent.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"

#include <functional>
#include <optional>
#include <string>

namespace pl::passes {

/// What one selected scope becomes.
struct OutlinedShape {
  std::string base;          ///< default name `{parent}_{base}_{n}`
  ir::FunctionType type = ir::FunctionType::Opaque;
  std::optional<ir::Level> level;
  std::optional<ir::Role> role;
  ir::AttrList functionAttrs; ///< attrs of the new function
  ir::AttrList callAttrs;     ///< attrs of the call (launch parameters such as core_num)
};

struct OutlineOptions {
  std::string passName; ///< for internal errors
  /// The shape of a scope this pass outlines, or nullopt to leave it in place.
  std::function<std::optional<OutlinedShape>(const ir::Scope &, const ir::Function &parent)> select;
  /// Whether the scopes of this function are considered at all.
  std::function<bool(const ir::Function &)> eligibleParent;
  /// Nested selected scopes: false → outlined innermost first; true → an error (code, message).
  bool rejectNested = false;
  std::string nestedCode, nestedMessage;
  /// New type of a parent that outlined at least one scope (nullopt: unchanged).
  std::function<std::optional<ir::FunctionType>(const ir::Function &)> promoteParent;
};

/// The first scope in `body` (pre-order, through all statements) satisfying `pred`, or nullptr.
const ir::Scope *findScope(const ir::StmtPtr &body,
                           const std::function<bool(const ir::Scope &)> &pred);

/// Outlines every selected scope of every eligible function. Returns the program itself when
/// nothing was selected, nullptr after reporting an error.
ir::ProgramPtr outlineScopes(const ir::ProgramPtr &p, const OutlineOptions &opts,
                             ir::DiagnosticEngine &diags);

} // namespace pl::passes
