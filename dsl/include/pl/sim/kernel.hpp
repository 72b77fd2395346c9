// pl/sim/kernel.hpp — the kernel side of the CPU simulator in one include: tiles, views, every instruction.
#pragma once

#include "pl/sim/cluster.hpp"
#include "pl/sim/ops_data.hpp"
#include "pl/sim/ops_irregular.hpp"
#include "pl/sim/ops_linalg.hpp"
#include "pl/sim/ops_math.hpp"
#include "pl/sim/platform.hpp"
#include "pl/sim/tile.hpp"
