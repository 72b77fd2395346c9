// View and layout ops: slice, assemble, reshape, transpose, concat, extract (tensor and tile).
#include "ir/ops/type_inference.h"

namespace pl::ir {

void registerTransformOps(OpRegistry &) {}

} // namespace pl::ir
