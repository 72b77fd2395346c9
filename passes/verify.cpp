// Verify: runs property verifiers as a pass (see verify.h).
#include "passes/verify.h"

#include "passes/verifiers/registry.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace pl::passes {

namespace {
/// Parses "A,B" into a property set; reports unknown or unverifiable names to `opts`.
IRPropertySet parsePropertyList(llvm::StringRef list, PassOptions &opts) {
  IRPropertySet out;
  llvm::SmallVector<llvm::StringRef, 8> names;
  list.split(names, ',', -1, /*KeepEmpty=*/false);
  for (auto n : names) {
    auto p = parseProperty(n.trim());
    if (!p)
      opts.error("unknown property '" + n.trim().str() + "'");
    else if (!findVerifier(*p))
      opts.error("property '" + n.trim().str() + "' has no verifier yet");
    else
      out.insert(*p);
  }
  return out;
}
} // namespace

Pass createVerifyPass(PassOptions &opts) {
  IRPropertySet props = structuralProperties() & verifiableProperties();
  if (auto list = opts.take("properties"))
    props = parsePropertyList(*list, opts);
  return createProgramPass(PassClass::Verify,
                           [props](const ir::ProgramPtr &p, PassContext &ctx) -> ir::ProgramPtr {
                             if (!verifyProperties(*p, props, ctx.diags()).empty())
                               return nullptr;
                             return p;
                           });
}

} // namespace pl::passes
