// Unary elementwise ops, cast and fillpad (tensor and tile).
#include "ir/ops/type_inference.h"

namespace pl::ir {

void registerUnaryOps(OpRegistry &) {}

} // namespace pl::ir
