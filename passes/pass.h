// Pass objects: a named Program → Program transform with required / produced / invalidated
// properties; function-level passes map a per-function transform over the program.
#pragma once

#include "passes/ir_property.h"
#include "passes/pass_context.h"

#include <functional>
#include <map>
#include <memory>
#include <string>

namespace pl::passes {

/// Static description of a pass. For the catalogue's passes it is generated from
/// passes/passes.def (passInfo below); tests build their own for synthetic passes.
struct PassInfo {
  std::string id;   ///< kebab-case, e.g. "convert-to-ssa"
  std::string name; ///< UpperCamel, e.g. "ConvertToSSA"
  IRPropertySet required;
  IRPropertySet produced;
  IRPropertySet invalidated;
  std::string summary = {}; ///< one line, for --list-passes
};

/// Every pass of passes/passes.def, named by its class.
enum class PassClass : uint8_t {
#define PL_PASS(id, ClassName, ...) ClassName,
#include "passes/passes.def"
};

/// The declaration of `c` in passes/passes.def (one object per pass, alive forever).
const PassInfo &passInfo(PassClass c);

/// Whole-program transform. Returns the new program (the same pointer when nothing changed),
/// or nullptr after reporting an error to ctx.diags().
using ProgramTransform = std::function<ir::ProgramPtr(const ir::ProgramPtr &, PassContext &)>;
/// Per-function transform; same contract for one function.
using FunctionTransform =
    std::function<ir::FunctionPtr(const ir::FunctionPtr &, const ir::Program &, PassContext &)>;

/// A pass handle (cheap to copy).
class Pass {
public:
  const PassInfo &info() const { return *info_; }
  const std::string &id() const { return info_->id; }
  const std::string &name() const { return info_->name; }
  IRPropertySet required() const { return info_->required; }
  IRPropertySet produced() const { return info_->produced; }
  IRPropertySet invalidated() const { return info_->invalidated; }

  /// Runs the transform alone: no instruments, no verification. nullptr when the transform
  /// failed or reported an error (even if it returned a program).
  ir::ProgramPtr runTransform(const ir::ProgramPtr &p, PassContext &ctx) const;
  /// Runs under `PassContext::current()` with its instruments' before/after hooks, V112 on the
  /// functions the pass changed (a size it folded to a constant <= 0: the user's error; at
  /// every level but None) and the round-trip check at VerificationLevel::Roundtrip. nullptr
  /// on failure.
  ir::ProgramPtr operator()(const ir::ProgramPtr &p) const;

private:
  friend Pass createProgramPass(PassClass, ProgramTransform);
  friend Pass createProgramPass(PassInfo, ProgramTransform);
  Pass(std::shared_ptr<const PassInfo> info, ProgramTransform t)
      : info_(std::move(info)), transform_(std::move(t)) {}
  std::shared_ptr<const PassInfo> info_;
  ProgramTransform transform_;
};

/// A catalogue pass: its PassInfo is passInfo(c). Every factory in passes/ uses these.
Pass createProgramPass(PassClass c, ProgramTransform transform);
/// The program is rebuilt only when some function changed.
Pass createFunctionPass(PassClass c, FunctionTransform transform);
/// A catalogue pass whose algorithm takes no options: `createProgramPass(PassClass::X, algo)`
/// passes the context's diagnostics (when the algorithm reports any) and nothing else.
Pass createProgramPass(PassClass c,
                       ir::ProgramPtr (*algorithm)(const ir::ProgramPtr &, ir::DiagnosticEngine &));
Pass createProgramPass(PassClass c, ir::ProgramPtr (*algorithm)(const ir::ProgramPtr &));
Pass createFunctionPass(PassClass c, ir::FunctionPtr (*algorithm)(const ir::FunctionPtr &,
                                                                  ir::DiagnosticEngine &));
Pass createFunctionPass(PassClass c, ir::FunctionPtr (*algorithm)(const ir::FunctionPtr &));
/// Defines the factory `Pass create<Class>Pass(PassOptions &)` of a catalogue pass without
/// options: `algorithm` applied to each function, or to the whole program.
#define PL_DEFINE_FUNCTION_PASS(Class, algorithm)                                                  \
  Pass create##Class##Pass(PassOptions &) {                                                        \
    return createFunctionPass(PassClass::Class, algorithm);                                        \
  }
#define PL_DEFINE_PROGRAM_PASS(Class, algorithm)                                                   \
  Pass create##Class##Pass(PassOptions &) { return createProgramPass(PassClass::Class, algorithm); }
/// A pass outside the catalogue (tests' synthetic passes) with its own description.
Pass createProgramPass(PassInfo info, ProgramTransform transform);
Pass createFunctionPass(PassInfo info, FunctionTransform transform);

/// Options of one pass instance, from `id{key=value key=value}` or a test's RUN line. Each
/// factory takes the options it knows; anything left over is an "unknown option" error.
class PassOptions {
public:
  void set(std::string key, std::string value) { values_[std::move(key)] = std::move(value); }
  /// The value of `key`, marking it consumed.
  std::optional<std::string> take(const std::string &key);
  /// A factory reports an invalid value here (e.g. "unknown property 'X'").
  void error(std::string msg) { errors_.push_back(std::move(msg)); }
  const std::vector<std::string> &errors() const { return errors_; }
  std::vector<std::string> unconsumed() const;
  bool empty() const { return values_.empty(); }
  /// The option `platform=<name>` (a pass that reads a SoC: nullopt means the context's
  /// platform); an unknown name is reported through error().
  std::optional<Platform> takePlatform();

private:
  std::map<std::string, std::string> values_;
  std::set<std::string> taken_;
  std::vector<std::string> errors_;
};

/// A catalogue pass planned for one machine: `algorithm(f, soc, diags)` on each function, with
/// the SoC of the pass option `platform` (else the context's platform). Every function runs even
/// after one fails, so all their errors are reported; a null result is a failure, and so is a
/// false `precheck` of the whole program (run first, when given).
using SocFunctionTransform = std::function<ir::FunctionPtr(const ir::FunctionPtr &, const SocDesc &,
                                                           ir::DiagnosticEngine &)>;
using ProgramCheck = std::function<bool(const ir::Program &, ir::DiagnosticEngine &)>;
Pass createSocFunctionPass(PassClass c, PassOptions &opts, SocFunctionTransform algorithm,
                           ProgramCheck precheck = nullptr);

} // namespace pl::passes
