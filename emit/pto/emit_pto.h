// emit/pto: prints the final IR as PTO-ISA C++ kernels (`kernel_entry(__gm__ int64_t* args)`)
// and PTO2 orchestration (`aicpu_orchestration_config` / `aicpu_orchestration_entry`); on
// a2a3sim/a5sim the same text runs against pl/sim's implementation of those APIs, with the
// simulator's kernel table.
//
// A printer only (PyPTO's 1-to-1 codegen rule): everything it needs is already in the IR —
// kernel types AIV/AIC (ExpandMixedKernel), memory spaces (InferTileMemorySpace), MemRefs with
// planned addresses (InitMemRef, AllocateMemoryAddr), call and submit directions
// (DeriveCallDirections), runtime
// scopes (MaterializeRuntimeScopes). A missing fact is a located error that names the
// pass to run, never a guess. The generated structure is documented in docs/backend.md.
//
// Diagnostics (errors, code ES0xx):
//   ES001 an op has no PTO-ISA instruction (or is not allowed on this side)
//   ES002 a kernel tile lacks a memory space, a MemRef or a planned address
//   ES003 a type PTO-ISA C++ cannot represent (dtype, rank, non-static tile shape)
//   ES004 an unsupported construct (function type, statement, parameter kind, a submit's
//         core_num / sync_start / predicate, a dependency that is not a task_id, a tile taken
//         from other bytes without a tile.move: MaterializeTileMoves)
//   ES005 a kernel call without usable arg_directions
//   ES007 a call whose results cannot be mapped to the callee's Out/InOut parameters
//   ES010 (PTO-AS) a construct ptoas has no form for; ES101 (PTO-AS, a warning) a window not
//         proven inside its tensor, printed unclipped
#pragma once

#include "emit/backend.h"
#include "ir/diagnostics.h"
#include "ir/function.h"

#include <string>
#include <string_view>
#include <vector>

namespace pl::emit {

/// The generated function that builds the program's KernelTable (printed by emitPto*, called by
/// the host glue of PtoBackend).
inline constexpr std::string_view kKernelTableFunction = "kernel_table";

struct EmitPtoOptions {
  /// Everything is printed inside this namespace (e.g. "pl_gen_foo"); empty: global namespace.
  std::string namespaceName = "pl_gen";
  /// Print the PTO-ISA / PTO2 includes (pl/sim's) and the standard headers the code uses first.
  bool includeHeader = true;
};

/// The whole program: every kernel (`kernel_<name>::kernel_entry`), the table builder
/// (`kernel_table()`) and per Orchestration function a namespace `<name>` holding
/// `aicpu_orchestration_config` and `aicpu_orchestration_entry`. On error: diagnostics in `diags`
/// and an empty string.
std::string emitPtoProgram(const ir::Program &p, const EmitPtoOptions &opts,
                           ir::DiagnosticEngine &diags);
/// Only the kernels and `kernel_table()` (pl-translate --emit=kernels).
std::string emitPtoKernels(const ir::Program &p, const EmitPtoOptions &opts,
                           ir::DiagnosticEngine &diags);
/// Only the orchestration functions (pl-translate --emit=orchestration); they refer to the
/// kernels by func id, which is the same in every part.
std::string emitPtoOrchestration(const ir::Program &p, const EmitPtoOptions &opts,
                                 ir::DiagnosticEngine &diags);

/// The kernels as PTO-AS text (docs/backend.md "PTO-AS text"): a `module attributes
/// {pto.target_arch = "<arch>"}` holding one `func.func` per AIV/AIC kernel in ptoas's
/// destination-passing form. On error: diagnostics in `diags` and an empty string.
std::string emitPtoAssembly(const ir::Program &p, std::string_view arch,
                            ir::DiagnosticEngine &diags);

/// The kernel package (docs/backend.md "Kernel package"): `kernels/aiv|aic/<kernel>.cpp` (one
/// `extern "C" kernel_entry` each), `orchestration/<name>.cpp` (`extern "C"` config and entry)
/// and `kernels.json`; the kernel and orchestration text is the simulator's, only the linkage
/// and the includes differ. On error: diagnostics in `diags` and {}.
std::vector<GeneratedFile> emitPtoPackage(const ir::Program &p, const PackageOptions &opts,
                                          ir::DiagnosticEngine &diags);

} // namespace pl::emit
