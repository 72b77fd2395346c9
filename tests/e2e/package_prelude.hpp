// Everything a kernel package's files include (emit/pto/emit_pto.cpp prints the same lists),
// precompiled once for tests/e2e/check_package.py --pch.
#include <cstdint>

#include "intrinsic.h"
#include "pto_orchestration_api.h"
#include "tensor.h"
#include <pto/pto-inst.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <pl/kernel_abi.hpp>
#include <pl/runtime_api.hpp>
#include <type_traits>
#include <utility>
