// Matrix multiplication ops: tensor.matmul and tile matmul/matmul_acc/matmul_bias.
#include "ir/ops/type_inference.h"

namespace pl::ir {

void registerMatmulOps(OpRegistry &) {}

} // namespace pl::ir
