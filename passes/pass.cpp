// Pass objects: program and function pass construction, instrumented invocation, options.
#include "passes/pass.h"

#include "ir/internal_error.h"
#include "passes/instruments.h"

#include "llvm/Support/PrettyStackTrace.h"

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

ir::ProgramPtr Pass::operator()(const ir::ProgramPtr &p) const {
  PassContext &ctx = PassContext::current();
  ir::InternalErrorScope scope(id(), p ? p->span() : ir::Span()); // instruments' ICEs too
  for (auto &inst : ctx.instruments())
    if (!inst->beforePass(*this, *p, ctx))
      return nullptr;
  ir::ProgramPtr out = runTransform(p, ctx);
  if (!out)
    return nullptr;
  for (auto &inst : ctx.instruments())
    if (!inst->afterPass(*this, *out, ctx))
      return nullptr;
  if (ctx.verificationLevel() == VerificationLevel::Roundtrip && !checkRoundtrip(*this, *out, ctx))
    return nullptr;
  return out;
}

Pass createProgramPass(PassInfo info, ProgramTransform transform) {
  return Pass(std::make_shared<const PassInfo>(std::move(info)), std::move(transform));
}

Pass createFunctionPass(PassInfo info, FunctionTransform transform) {
  auto perFunction = [transform = std::move(transform)](const ir::ProgramPtr &p,
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
  return createProgramPass(std::move(info), std::move(perFunction));
}

std::optional<std::string> PassOptions::take(const std::string &key) {
  auto it = values_.find(key);
  if (it == values_.end())
    return std::nullopt;
  taken_.insert(key);
  return it->second;
}

std::vector<std::string> PassOptions::unconsumed() const {
  std::vector<std::string> out;
  for (auto &[k, v] : values_)
    if (!taken_.count(k))
      out.push_back(k);
  return out;
}

} // namespace pl::passes
