// NormalizedStmtStructure verifier: what PyPTO's NormalizeStmtStructure establishes (flattened
// blocks, single-statement blocks unwrapped) plus the normal form of an if: an empty else
// branch is absent. Codes: V701 nested block · V702 single-statement block · V703 empty else.
#include "passes/utils/block_structure.h"
#include "passes/verifiers/registry.h"

namespace pl::passes {

void verifyNormalizedStmtStructure(const ir::Program &p, ir::DiagnosticEngine &diags) {
  checkBlockStructure(p, diags, /*normalized=*/true);
}

} // namespace pl::passes
