// emit/pto as a Backend: the simulator's generated code and its host bridge
// (pl/sim/host_bridge.hpp).
#pragma once

#include "emit/backend.h"

namespace pl::emit {

/// Prints with emitPto* (emit_pto.h); the host glue binds the caller's arguments into a
/// pl::sim::HostArgs and runs the entry's orchestration on the program's kernel table.
class PtoBackend final : public Backend {
public:
  std::string emitProgram(const ir::Program &p, EmitPart part, const EmitOptions &opts,
                          ir::DiagnosticEngine &diags) const override;
  std::vector<GeneratedFile> emitPackage(const ir::Program &p, const PackageOptions &opts,
                                         ir::DiagnosticEngine &diags) const override;
  std::string hostPrologue(const std::string &generatedNamespace) const override;
  std::string hostEntryBody(const std::string &generatedNamespace,
                            const HostEntryBody &entry) const override;
  std::string hostEpilogue(const std::string &generatedNamespace,
                           const std::vector<HostEntry> &entries) const override;
};

} // namespace pl::emit
