// Row/column reductions and row/column expand (broadcast) ops (tensor and tile).
#include "ir/ops/type_inference.h"

namespace pl::ir {

void registerReductionOps(OpRegistry &) {}

} // namespace pl::ir
