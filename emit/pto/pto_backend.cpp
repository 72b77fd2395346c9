// emit/pto as a Backend: generated code through emitPto*, host glue through pl/sim/host_bridge.hpp.
#include "emit/pto/pto_backend.h"

#include "emit/pto/emit_pto.h"
#include "emit/pto/pto_printer.h"

namespace pl::emit {

std::string PtoBackend::emitProgram(const ir::Program &p, EmitPart part, const EmitOptions &opts,
                                    ir::DiagnosticEngine &diags) const {
  EmitPtoOptions so;
  so.namespaceName = opts.namespaceName;
  so.includeHeader = opts.includeHeader;
  switch (part) {
  case EmitPart::Kernels:
    return emitPtoKernels(p, so, diags);
  case EmitPart::Orchestration:
    return emitPtoOrchestration(p, so, diags);
  case EmitPart::Assembly:
    return emitPtoAssembly(p, opts.arch, diags);
  case EmitPart::All:
    return emitPtoProgram(p, so, diags);
  }
  return emitPtoProgram(p, so, diags);
}

std::vector<GeneratedFile> PtoBackend::emitPackage(const ir::Program &p, const PackageOptions &opts,
                                                   ir::DiagnosticEngine &diags) const {
  return emitPtoPackage(p, opts, diags);
}

std::string PtoBackend::hostPrologue(const std::string &ns) const {
  return "#include <pl/sim/host_bridge.hpp>\nnamespace " + ns +
         " { void dispatch(const void *fn, ::pl::sim::HostArgs &args); }\n";
}

std::string PtoBackend::hostEntryBody(const std::string &ns, const HostEntryBody &entry) const {
  // The function and parameter names let the bridge name both parameters of an aliased call.
  std::string self = entry.self.rfind("::", 0) == 0 ? entry.self.substr(2) : entry.self;
  std::string s = "::pl::sim::HostArgs pl_args_(\"" + self + "\", {";
  for (std::size_t i = 0; i < entry.params.size(); ++i)
    s += (i ? ", \"" : "\"") + entry.params[i] + "\"";
  s += "}); pl_args_";
  for (const std::string &p : entry.params)
    s += ".bind(" + p + ")";
  return s + "; ::" + ns + "::dispatch(reinterpret_cast<const void *>(&" + entry.self +
         "), pl_args_);";
}

std::string PtoBackend::hostEpilogue(const std::string &ns,
                                     const std::vector<HostEntry> &entries) const {
  std::string s =
      "\nnamespace " + ns + " {\nvoid dispatch(const void *fn, ::pl::sim::HostArgs &args) {\n";
  for (const HostEntry &e : entries)
    s += "  if (fn == reinterpret_cast<const void *>(&" + e.instance +
         "))\n    return (void)args.run(" + std::string(kKernelTableFunction) + "(), &" +
         pto::cppIdentifier(e.orchestration) + // as the orchestration printer names it ("main_")
         "::aicpu_orchestration_config, &" + pto::cppIdentifier(e.orchestration) +
         "::aicpu_orchestration_entry);\n";
  return s +
         "  ::pl::sim::simFail(\"pl-translate\", \"this function has no translated entry "
         "point\");\n}\n} // namespace " +
         ns + "\n";
}

} // namespace pl::emit
