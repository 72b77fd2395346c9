// The pass-manager flags of pl-opt and pl-translate (see pass_manager_flags.h).
#include "passes/tools/pass_manager_flags.h"

#include "ir/diagnostic_catalog.h"
#include "passes/catalog.h"
#include "passes/instruments.h"

#include "llvm/Support/raw_ostream.h"

#include <list>
#include <set>

namespace pl::tools {

namespace cl = llvm::cl;

namespace {
constexpr const char *kNames[] = {"verify",          "platform",         "print-after",
                                  "print-after-all", "dump-dir",         "time-passes",
                                  "concise",         "derive-task-deps", "fuse-create-assemble",
                                  "no-warn",         "explain"};
#define PL_VERIFICATION_LEVELS "none, basic or roundtrip"

/// "Target platform: a2a3sim (default), a5sim".
std::string platformHelp(passes::PlatformFilter accept) {
  std::string out = "Target platform:";
  const char *sep = " ";
  for (auto &d : passes::platforms()) {
    if (accept && !accept(d))
      continue;
    out += sep + std::string(d.name);
    if (d.platform == passes::kDefaultPlatform)
      out += " (default)";
    sep = ", ";
  }
  return out;
}
} // namespace

PassManagerFlags::PassManagerFlags(cl::OptionCategory &category,
                                   passes::PlatformFilter acceptPlatform)
    : acceptPlatform_(acceptPlatform), platformHelp_(platformHelp(acceptPlatform)),
      verify_("verify",
              cl::desc("Verification level: " PL_VERIFICATION_LEVELS
                       " (default: $PL_VERIFY_LEVEL or basic)"),
              cl::value_desc("level"), cl::cat(category)),
      platform_("platform", cl::desc(platformHelp_), cl::value_desc("name"),
                cl::init(std::string(passes::platformName(passes::kDefaultPlatform))),
                cl::cat(category)),
      printAfter_("print-after", cl::desc("Print the IR after this pass"), cl::CommaSeparated,
                  cl::value_desc("id"), cl::cat(category)),
      printAfterAll_("print-after-all", cl::desc("Print the IR after every pass"),
                     cl::cat(category)),
      dumpDir_("dump-dir", cl::desc("Write NN_after_<id>.pir per pass here"), cl::value_desc("dir"),
               cl::cat(category)),
      timePasses_("time-passes", cl::desc("Report the time taken by each pass"), cl::cat(category)),
      concise_("concise",
               cl::desc("Print IR without per-assignment types (the IR output, --print-after, "
                        "--dump-dir)"),
               cl::cat(category)),
      deriveTaskDeps_("derive-task-deps",
                      cl::desc("Derive task dependency edges in the orchestration where every "
                               "hazard of a block can be named; such blocks run in MANUAL "
                               "runtime scopes (pass auto-derive-task-dependencies)"),
                      cl::cat(category)),
      fuseCreateAssemble_(
          "fuse-create-assemble",
          cl::desc("A fresh tensor written and then assembled into a target becomes the target's "
                   "window: no copy kernel (pass fuse-create-assemble-to-slice; elements the "
                   "program never writes then keep the target's values, where the eager run "
                   "has zeros)"),
          cl::cat(category)),
      noWarn_("no-warn",
              cl::desc("Silence the warnings of these diagnostic codes (docs/diagnostics.md); an "
                       "error is never silenced, an error-only or unknown code is a usage error"),
              cl::CommaSeparated, cl::value_desc("CODE,..."), cl::cat(category)),
      explain_("explain",
               cl::desc("Print the catalogue entry of a diagnostic code (severity, layer, "
                        "meaning, the doc explaining it) and exit"),
               cl::value_desc("CODE"), cl::cat(category)) {}

namespace {
/// "unknown diagnostic code 'X'..." naming docs/diagnostics.md, for --no-warn and --explain.
std::string unknownCode(const std::string &code, const char *flag) {
  return "unknown diagnostic code '" + code + "' in " + flag +
         " (docs/diagnostics.md lists every code)";
}
} // namespace

std::optional<int> PassManagerFlags::explain(llvm::raw_ostream &out, llvm::raw_ostream &err,
                                             llvm::StringRef tool) const {
  if (explain_.getNumOccurrences() == 0)
    return std::nullopt;
  const ir::DiagnosticInfo *d = ir::findDiagnostic(explain_.getValue());
  if (!d) {
    err << tool << ": error: " << unknownCode(explain_, "--explain") << "\n";
    return 2;
  }
  out << ir::explainDiagnostic(*d);
  return 0;
}

std::string PassManagerFlags::validate() const {
  if (!verify_.empty() && !passes::parseVerificationLevel(verify_))
    return "unknown verification level '" + verify_ + "'; expected " PL_VERIFICATION_LEVELS;
  auto platform = passes::parsePlatform(platform_);
  if (!platform || (acceptPlatform_ && !acceptPlatform_(passes::platformDesc(*platform))))
    return passes::unknownPlatformMessage(platform_, acceptPlatform_);
  for (auto &id : printAfter_)
    if (!passes::findPass(id))
      return "unknown pass '" + id + "' in --print-after; valid passes: " + passes::validPassIds();
  for (const std::string &code : noWarn_) {
    const ir::DiagnosticInfo *d = ir::findDiagnostic(code);
    if (!d)
      return unknownCode(code, "--no-warn");
    if (!d->reserved && ir::canSilence(*d))
      continue;
    std::string msg = "--no-warn=" + code + ": ";
    msg += code;
    if (d->reserved) {
      msg += " is reserved (no diagnostic reports it)";
    } else {
      msg += " is ";
      msg += ir::diagnosticKindName(d->kind);
      msg += ", never a warning; --no-warn silences warnings only";
    }
    return msg;
  }
  return {};
}

PassManagerSettings PassManagerFlags::settings() const {
  PassManagerSettings s;
  if (!verify_.empty())
    s.verify = passes::parseVerificationLevel(verify_);
  s.platform = *passes::parsePlatform(platform_);
  s.printAfter.assign(printAfter_.begin(), printAfter_.end());
  s.printAfterAll = printAfterAll_;
  s.dumpDir = dumpDir_;
  s.timePasses = timePasses_;
  s.concise = concise_;
  s.deriveTaskDeps = deriveTaskDeps_;
  s.fuseCreateAssemble = fuseCreateAssemble_;
  s.noWarn.assign(noWarn_.begin(), noWarn_.end());
  return s;
}

void configurePassContext(passes::PassContext &ctx, const PassManagerSettings &s) {
  if (s.verify)
    ctx.setVerificationLevel(*s.verify);
  ctx.setPlatform(s.platform);
  ctx.setDeriveTaskDeps(s.deriveTaskDeps);
  ctx.setFuseCreateAssemble(s.fuseCreateAssemble);
  for (const std::string &code : s.noWarn)
    ctx.disableDiagnostic(code);
  if (!s.printAfter.empty() || s.printAfterAll)
    ctx.addInstrument(std::make_shared<passes::PrintAfterInstrument>(
        std::set<std::string>(s.printAfter.begin(), s.printAfter.end()), s.printAfterAll, s.concise,
        llvm::errs()));
  if (!s.dumpDir.empty())
    ctx.addInstrument(std::make_shared<passes::DumpInstrument>(s.dumpDir, s.concise));
  if (s.timePasses)
    ctx.addInstrument(std::make_shared<passes::TimingInstrument>(llvm::errs()));
}

void renameClashingLLVMOptions(llvm::ArrayRef<const char *> toolNames) {
  auto &registered = cl::getRegisteredOptions();
  static std::list<std::string> newNames; // ArgStr is a reference: keep the text alive
  auto rename = [&](const char *name) {
    auto it = registered.find(name);
    if (it == registered.end())
      return;
    cl::Option *opt = it->second;
    opt->setHiddenFlag(cl::ReallyHidden);
    opt->setArgStr(newNames.emplace_back(std::string("llvm-") + name));
  };
  for (const char *name : kNames)
    rename(name);
  for (const char *name : toolNames)
    rename(name);
}

} // namespace pl::tools
