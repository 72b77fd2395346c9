// pl/sim/sim.hpp — the whole CPU simulator in one include: kernel side (tiles, instructions) and orchestration runtime.
#pragma once

#include "pl/kernel_abi.hpp"
#include "pl/sim/kernel.hpp"
#include "pl/sim/orch.hpp"
#include "pl/sim/runtime.hpp"
#include "pl/sim/tensor.hpp"
