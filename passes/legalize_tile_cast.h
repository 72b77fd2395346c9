// LegalizeTileCast: a tile cast the SoC's TCVT cannot do in one instruction becomes the chain of
// conversions it can do, with the eager run's result (pipeline pass 18, PyPTO's
// LegalizeTileCast).
//
// Why: pto-isa's a2a3 TCVT converts only the pairs of its table (passes/utils/soc.cpp,
//   `a2a3Casts`: e.g. fp32 -> int16 but not fp32 -> int8, int8 -> fp16 but not int8 -> fp32);
//   for any other pair its dispatch falls through and the kernel compiles to no conversion at
//   all — silent garbage on hardware.
// Properties: passes/passes.def. Runs after LowerCompositeOps (whose casts are native) and
//   FlattenTileNdTo2D (2-D tiles), and
//   before AutoTileMatmulL0 / InferTileMemorySpace (the chain's tiles take their memory space,
//   layout and address from the later passes like any other tile).
// Rules: in AIV / AIC / InCore functions, `y = tile.cast(x, {.target_type = D, .mode = M})` with
//   x of dtype S and (S, D) not native on the platform's SoC becomes the chain `castChain(soc,
//   S, D)`: one `tile.cast` per step, the mode M on the step that converts a float to an
//   integer (every other step is exact or converts an integral value: mode "rint"), the last
//   step bound to y. A chain is listed only where every input gives the bits of the direct
//   eager conversion (tests/passes/legalize_tile_cast_test.cpp checks every chain against the
//   eager run's conversion on every value of 8- and 16-bit sources and on edge and random
//   values of wider ones): exact widenings first, then the one rounding step, then steps on
//   integral values whose saturation agrees with the direct one. A same-dtype cast TCVT cannot
//   do (int32 -> int32) becomes the copy `y = x`. SoCs without a table (a5) are unchanged.
// Options: `platform=` (default: the context's). Diagnostics: none; a cast with no exact chain
//   (an integer narrowing that wraps, e.g. int16 -> int8, which TCVT saturates or lacks; an
//   int32 / int64 -> bf16 / fp16 that would round twice; a dtype the SoC's TCVT does not take)
//   stays as it is, and CheckTileConstraints reports it with the SoC's other constraints
//   (TC005: an error for hardware platforms, a warning on the simulated ones, where pl/sim
//   runs the conversion directly).
// Example (a2a3): `Tile<int8, 16, 32> y = tile.cast(x: fp32, {.target_type = int8, .mode =
// "floor"})`
//   → `y_c = tile.cast(x, {.target_type = int16, .mode = "floor"});
//      y_c_1 = tile.cast(y_c, {.target_type = fp16, .mode = "rint"});
//      y = tile.cast(y_c_1, {.target_type = int8, .mode = "rint"})`.
// Test: tests/passes/legalize_tile_cast.pir, tests/passes/legalize_tile_cast_test.cpp
#pragma once

#include "passes/pass.h"
#include "passes/utils/soc.h"

#include <optional>
#include <string>
#include <vector>

namespace pl::passes {

/// The dtypes a cast from `from` to `to` goes through on `soc`, both ends included: {from, to}
/// when one TCVT does it, {from} for a same-dtype cast TCVT lacks (a copy), nullopt when no
/// chain gives the direct conversion's result.
std::optional<std::vector<ir::DataType>> castChain(const SocDesc &soc, ir::DataType from,
                                                   ir::DataType to);

/// Why a cast from `from` to `to` has no chain on `soc` (CheckTileConstraints' TC005 message).
std::string castRefusal(const SocDesc &soc, ir::DataType from, ir::DataType to);

/// The algorithm for one function (non-kernels unchanged).
ir::FunctionPtr legalizeTileCast(const ir::FunctionPtr &f, const SocDesc &soc);

Pass createLegalizeTileCastPass(PassOptions &opts);

} // namespace pl::passes
