// Entry points: the marked functions host code calls, and the orchestration that runs each.
#pragma once

#include "translator/marked_functions.h"

#include "ir/function.h"

#include <string>
#include <vector>

namespace pl::translator {

struct EntryPoint {
  const clang::FunctionDecl *decl = nullptr; ///< the instantiation (or plain function)
  std::string irFunction;                    ///< the marked function's IR name
  std::string orchestration;                 ///< the Orchestration function that runs it
};

/// Every marked, non-Inline function with a body in the main file is an entry point. Kernel
/// functions (InCore/AIC/AIV) get an Orchestration wrapper `entry_<name>` that calls them once,
/// so every entry point runs through an orchestration. Returns the extended program.
ir::ProgramPtr addEntryPoints(const ir::ProgramPtr &program,
                              const std::vector<MarkedFunction> &marked,
                              std::vector<EntryPoint> &entries, ir::DiagnosticEngine &diags);

} // namespace pl::translator
