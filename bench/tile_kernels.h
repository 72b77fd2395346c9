// bench_kernels' instruction-level rows (tile_kernels.cpp): the simulator's PTO instructions
// called directly on tiles (no runtime, no task), each beside the plain loop or OpenBLAS call
// that computes the same thing.
#pragma once

namespace pl::bench {

/// Registers BM_Tile/... (the smoke run: the smallest shape of each).
void registerTileBenches(bool smoke);

} // namespace pl::bench
