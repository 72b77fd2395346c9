// NoRedundantBlocks verifier (structural; Seq::flatten in every mutator keeps it): no block
// nested directly in a block and no single-statement block. An empty block is allowed only as a
// whole body. Codes: V701 nested block · V702 single-statement block.
#include "passes/utils/block_structure.h"
#include "passes/verifiers/registry.h"

namespace pl::passes {

void verifyNoRedundantBlocks(const ir::Program &p, ir::DiagnosticEngine &diags) {
  checkBlockStructure(p, diags, /*normalized=*/false);
}

} // namespace pl::passes
