// emit/pto printer entry points: one kernel, one orchestration function (internal to emit/pto).
#pragma once

#include "emit/pto/pto_printer.h"

namespace pl::emit::pto {

/// `static void kernel_<name>(std::int64_t* args) { ... }`; ok = false after an error.
std::string printKernel(const KernelInfo &k, const ProgramInfo &info, ir::DiagnosticEngine &diags,
                        bool &ok);
/// `func.func @<name>(...) attributes {pto.kernel_kind = ...}` in PTO-AS for ptoas's `arch`
/// ("a2a3" or "a5", whose verifier decides which records print); ok = false after an error.
std::string printKernelAsm(const KernelInfo &k, std::string_view arch, ir::DiagnosticEngine &diags,
                           bool &ok);
/// `inline void <name>(const ChipTaskArgs& orch_args) { ... }`, or for a Graph function its body
/// `<linkage> void graph_<name>(const CoreTaskArgs& graph_args) { ... }` (`[[maybe_unused]]
/// static` in the package's orchestration files, else `inline`); ok = false after an error.
std::string printOrchestration(const ir::Function &f, const ProgramInfo &info,
                               ir::DiagnosticEngine &diags, bool &ok);

} // namespace pl::emit::pto
