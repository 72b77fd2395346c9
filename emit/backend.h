// The backend interface: what a target prints for a program and the host glue the translator
// splices into the user's file. The translator talks to targets only through this header.
//
// A backend owns every spelling of its runtime: the generated kernels and orchestration, the
// include the rewritten file needs, the body that replaces a host-callable function, and the
// dispatcher that maps each such function to the orchestration that runs it. The translator
// owns everything that is plain C++ or Clang: which functions are host-callable, their names
// and parameters, #line directives, and where each piece of text goes. Adding a backend adds a
// class here in emit/ and a case in backendFor(); translator/ does not change.
#pragma once

#include "ir/diagnostics.h"
#include "ir/function.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pl::emit {

/// Which part of the program to print (pl-translate --emit=kernels / orchestration / pto-as):
/// Assembly is the kernels as the vendor assembler's input (PTO-AS for the PTO backend).
enum class EmitPart { All, Kernels, Orchestration, Assembly };

struct EmitOptions {
  /// Everything is printed inside this namespace (e.g. "pl_gen_foo"); empty: global namespace.
  std::string namespaceName = "pl_gen";
  /// Print the backend's runtime include (and the standard headers the code uses) first.
  bool includeHeader = true;
  /// The target architecture the Assembly part names ("a2a3" or "a5").
  std::string arch = "a2a3";
};

/// A host-callable function whose body the translator replaces.
struct HostEntryBody {
  std::string self;                ///< how its own body names the current instance: `::f<T, N>`
  std::vector<std::string> params; ///< its parameter names, in order
};

/// One instance of a host-callable function and the orchestration that runs it.
struct HostEntry {
  std::string instance;      ///< the instance as a C++ name: `::ns::f<float, 4>`
  std::string orchestration; ///< the IR name of the Orchestration function that runs it
};

/// One file of a kernel package, its path relative to the package directory.
struct GeneratedFile {
  std::string path;
  std::string text;
};

struct PackageOptions {
  std::string platform;   ///< as on the command line ("a2a3"), recorded in the manifest
  std::string sourceFile; ///< the user's file the program came from, recorded in the manifest
};

class Backend {
public:
  virtual ~Backend() = default;
  /// The generated code for `part` of the final program; on error: diagnostics and "".
  virtual std::string emitProgram(const ir::Program &p, EmitPart part, const EmitOptions &opts,
                                  ir::DiagnosticEngine &diags) const = 0;
  /// The program as a kernel package for the vendor toolchain (one file per kernel and per
  /// orchestration, plus a manifest), in a deterministic order; on error: diagnostics and {}.
  virtual std::vector<GeneratedFile> emitPackage(const ir::Program &p, const PackageOptions &opts,
                                                 ir::DiagnosticEngine &diags) const = 0;
  /// Text placed before the user's first line (includes, declarations the bodies call).
  virtual std::string hostPrologue(const std::string &generatedNamespace) const = 0;
  /// The statements that replace a host-callable function's body (one line, without braces).
  virtual std::string hostEntryBody(const std::string &generatedNamespace,
                                    const HostEntryBody &entry) const = 0;
  /// Text placed after the generated code: runs each entry's orchestration when called.
  virtual std::string hostEpilogue(const std::string &generatedNamespace,
                                   const std::vector<HostEntry> &entries) const = 0;
};

/// The backend that generates code for `platform`. Every platform pl has today runs the PTO
/// backend (emit/pto): a2a3sim and a5sim on the CPU simulator, a2a3 and a5 as the same text in
/// a kernel package (emitPackage) for the vendor toolchain.
const Backend &backendFor(std::string_view platform);

} // namespace pl::emit
