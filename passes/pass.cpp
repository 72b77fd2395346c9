// Pass objects: program and function pass construction, instrumented invocation, options.
#include "passes/pass.h"

#include "ir/internal_error.h"
#include "passes/instruments.h"
#include "passes/verifiers/registry.h"

#include "llvm/Support/PrettyStackTrace.h"

#include <unordered_set>

namespace pl::passes {

ir::ProgramPtr Pass::runTransform(const ir::ProgramPtr &p, PassContext &ctx) const {
  PL_CHECK(p, id(), "pass invoked on a null program");
  // Every internal error inside names this pass and (at least) the program's span; a crash
  // prints "running pass '<id>'" in LLVM's stack dump.
  ir::InternalErrorScope scope(id(), p->span());
  llvm::PrettyStackTraceFormat crashNote("running pass '%s'", id().c_str());
  unsigned errorsBefore = ctx.diags().errorCount();
  ir::ProgramPtr out = transform_(p, ctx);
  // A pass that reported an error has failed, whatever it returned: nothing that failed a
  // check may reach the next pass.
  return ctx.diags().errorCount() == errorsBefore ? out : nullptr;
}

namespace {
/// V112 on the functions a pass changed (new function objects): a size the pass folded to a
/// constant ≤ 0 is the user's value, so a located user error here, before the round trip
/// (whose parser would reject it as an ICE) and before the next pass. False when one is found.
bool checkFoldedSizes(const ir::Program &before, const ir::Program &after, PassContext &ctx) {
  if (&before == &after)
    return true;
  std::unordered_set<const ir::Function *> old;
  for (auto &f : before.functions())
    old.insert(f.get());
  unsigned errorsBefore = ctx.diags().errorCount();
  for (auto &f : after.functions())
    if (!old.count(f.get()))
      verifyFoldedSizes(after, *f, ctx.diags());
  return ctx.diags().errorCount() == errorsBefore;
}
} // namespace

ir::ProgramPtr Pass::operator()(const ir::ProgramPtr &p) const {
  PassContext &ctx = PassContext::current();
  ir::InternalErrorScope scope(id(), p ? p->span() : ir::Span()); // instruments' ICEs too
  for (auto &inst : ctx.instruments())
    if (!inst->beforePass(*this, *p, ctx))
      return nullptr;
  ir::ProgramPtr out = runTransform(p, ctx);
  if (!out)
    return nullptr;
  if (ctx.verificationLevel() != VerificationLevel::None && !checkFoldedSizes(*p, *out, ctx))
    return nullptr;
  for (auto &inst : ctx.instruments())
    if (!inst->afterPass(*this, *out, ctx))
      return nullptr;
  // A pass that changed nothing returns the program checked after the previous pass (or as
  // the pipeline's input): printing and parsing it again would only repeat that check.
  if (ctx.verificationLevel() == VerificationLevel::Roundtrip && out != ctx.roundtripChecked()) {
    if (!checkRoundtrip(*this, *out, ctx))
      return nullptr;
    ctx.setRoundtripChecked(out);
  }
  return out;
}

const PassInfo &passInfo(PassClass c) {
  using enum IRProperty; // the property names of passes.def
#define PL_PROPERTIES(...)                                                                         \
  IRPropertySet { __VA_ARGS__ }
  static const PassInfo table[] = {
#define PL_PASS(id, ClassName, summary, required, produced, invalidated)                           \
  {id,     #ClassName, PL_PROPERTIES required, PL_PROPERTIES produced, PL_PROPERTIES invalidated,  \
   summary},
#include "passes/passes.def"
  };
#undef PL_PROPERTIES
  return table[static_cast<size_t>(c)];
}

Pass createProgramPass(PassInfo info, ProgramTransform transform) {
  return Pass(std::make_shared<const PassInfo>(std::move(info)), std::move(transform));
}

Pass createProgramPass(PassClass c, ProgramTransform transform) {
  // The catalogue's PassInfo lives forever: shared without ownership.
  return Pass(std::shared_ptr<const PassInfo>(std::shared_ptr<void>(), &passInfo(c)),
              std::move(transform));
}

namespace {
/// Maps `transform` over the functions of a program.
ProgramTransform perFunction(FunctionTransform transform) {
  return [transform = std::move(transform)](const ir::ProgramPtr &p,
                                            PassContext &ctx) -> ir::ProgramPtr {
    bool changed = false;
    std::vector<ir::FunctionPtr> fs;
    fs.reserve(p->functions().size());
    for (auto &f : p->functions()) {
      ir::InternalErrorScope scope("", f->span());
      ir::FunctionPtr nf = transform(f, *p, ctx);
      if (!nf)
        return nullptr;
      changed |= nf != f;
      fs.push_back(std::move(nf));
    }
    return changed ? p->withFunctions(std::move(fs)) : p;
  };
}
} // namespace

Pass createFunctionPass(PassClass c, FunctionTransform transform) {
  return createProgramPass(c, perFunction(std::move(transform)));
}

Pass createSocFunctionPass(PassClass c, PassOptions &opts, SocFunctionTransform algorithm,
                           ProgramCheck precheck) {
  std::optional<Platform> platform = opts.takePlatform();
  return createProgramPass(
      c, [platform, algorithm = std::move(algorithm),
          precheck = std::move(precheck)](const ir::ProgramPtr &p, PassContext &ctx) {
        const SocDesc &soc = platformSoc(platform.value_or(ctx.platform()));
        bool changed = false, failed = precheck && !precheck(*p, ctx.diags());
        std::vector<ir::FunctionPtr> fns;
        for (const ir::FunctionPtr &f : p->functions()) {
          ir::InternalErrorScope scope("", f->span());
          ir::FunctionPtr g = algorithm(f, soc, ctx.diags());
          failed |= !g;
          changed |= g && g != f;
          fns.push_back(g ? g : f);
        }
        return failed ? ir::ProgramPtr() : changed ? p->withFunctions(std::move(fns)) : p;
      });
}

Pass createProgramPass(PassClass c, ir::ProgramPtr (*algorithm)(const ir::ProgramPtr &,
                                                                ir::DiagnosticEngine &)) {
  return createProgramPass(c, [algorithm](const ir::ProgramPtr &p, PassContext &ctx) {
    return algorithm(p, ctx.diags());
  });
}

Pass createProgramPass(PassClass c, ir::ProgramPtr (*algorithm)(const ir::ProgramPtr &)) {
  return createProgramPass(
      c, [algorithm](const ir::ProgramPtr &p, PassContext &) { return algorithm(p); });
}

Pass createFunctionPass(PassClass c, ir::FunctionPtr (*algorithm)(const ir::FunctionPtr &,
                                                                  ir::DiagnosticEngine &)) {
  return createFunctionPass(c, [algorithm](const ir::FunctionPtr &f, const ir::Program &,
                                           PassContext &ctx) { return algorithm(f, ctx.diags()); });
}

Pass createFunctionPass(PassClass c, ir::FunctionPtr (*algorithm)(const ir::FunctionPtr &)) {
  return createFunctionPass(c, [algorithm](const ir::FunctionPtr &f, const ir::Program &,
                                           PassContext &) { return algorithm(f); });
}

Pass createFunctionPass(PassInfo info, FunctionTransform transform) {
  return createProgramPass(std::move(info), perFunction(std::move(transform)));
}

std::optional<std::string> PassOptions::take(const std::string &key) {
  auto it = values_.find(key);
  if (it == values_.end())
    return std::nullopt;
  taken_.insert(key);
  return it->second;
}

std::optional<Platform> PassOptions::takePlatform() {
  auto name = take("platform");
  if (!name)
    return std::nullopt;
  auto p = parsePlatform(*name);
  if (!p)
    error(unknownPlatformMessage(*name));
  return p;
}

std::vector<std::string> PassOptions::unconsumed() const {
  std::vector<std::string> out;
  for (auto &[k, v] : values_)
    if (!taken_.count(k))
      out.push_back(k);
  return out;
}

} // namespace pl::passes
