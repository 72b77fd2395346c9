// Factories of every pass in the catalogue (passes/passes.def).
#pragma once

#include "passes/pass.h"

namespace pl::passes {

#define PL_PASS(id, ClassName, ...) Pass create##ClassName##Pass(PassOptions &opts);
#include "passes/passes.def"

} // namespace pl::passes
