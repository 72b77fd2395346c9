// Per-argument directions of a function call: the "arg_directions" call attr's enum, its one
// table of names, and the typed read and write of the attr (stored as a string list so that the
// IR text keeps `[[arg_directions = ["Input", "InOut"]]]`).
#pragma once

#include "ir/expr.h"

#include <optional>
#include <string_view>
#include <vector>

namespace pl::ir {

/// What a call does with one argument (PyPTO's ParamDirection at the call site):
/// Input (read), Output (a runtime-allocated result), InOut (read and written), OutputExisting
/// (written into a caller buffer), NoDep (no dependency tracked), Scalar (a non-tensor value).
#define PL_ARG_DIRECTIONS(X) X(Input) X(Output) X(InOut) X(OutputExisting) X(NoDep) X(Scalar)

enum class ArgDirection : uint8_t { PL_ARG_DIRECTIONS(PL_ENUMERATOR) };

/// The call attr holding one name per argument.
inline constexpr std::string_view kArgDirectionsAttr = "arg_directions";

std::string_view argDirectionName(ArgDirection d); ///< "Input", "OutputExisting", ...
std::optional<ArgDirection> parseArgDirection(std::string_view s);
/// "Input, Output, InOut, OutputExisting, NoDep or Scalar" (for diagnostics).
std::string argDirectionChoices();

/// The "arg_directions" names in a call's or submit's attrs; nullptr when the attr is absent or
/// not a string list.
const std::vector<std::string> *argDirectionNames(const AttrList &attrs);
/// The attr value spelling `dirs`.
AttrValue argDirectionsAttr(const std::vector<ArgDirection> &dirs);

/// The call / submit attr holding the task ids AutoDeriveTaskDependencies derived (kept apart
/// from a submit's own `.deps`, which the user wrote; the orchestration printer merges both).
inline constexpr std::string_view kCompilerDepsAttr = "compiler_deps";
/// The expressions of a call's or submit's "compiler_deps"; nullptr when absent or not a list.
const ExprList *compilerDeps(const AttrList &attrs);

} // namespace pl::ir
