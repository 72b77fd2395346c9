// Pass objects: program and function pass construction, instrumented invocation, options.
#include "passes/pass.h"

#include "passes/instruments.h"

namespace pl::passes {

ir::ProgramPtr Pass::runTransform(const ir::ProgramPtr &p, PassContext &ctx) const {
  PL_CHECK(p, id(), "pass invoked on a null program");
  return transform_(p, ctx);
}

ir::ProgramPtr Pass::operator()(const ir::ProgramPtr &p) const {
  PassContext &ctx = PassContext::current();
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
