// System ops: block identity queries and barriers.
#include "ir/ops/type_inference.h"

namespace pl::ir {

void registerSystemOps(OpRegistry &) {}

} // namespace pl::ir
