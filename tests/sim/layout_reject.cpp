// Must not compile: TADD on column-major [16, 1] tiles. PTO-ISA's elementwise instructions take
// row-major tiles; pl runs a column vector on its [1, 16] row-major reshape (pass
// ResolveBackendOpLayouts), and pl/sim's vendor layer rejects what hardware would reject
// (ctest sim.layout_reject expects the static_assert's message).
#include <pto/pto-inst.hpp>

using namespace pto;

void columnAdd() {
  Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, -1> a(16, 1), b(16, 1), c(16, 1);
  TASSIGN(a, 0);
  TASSIGN(b, 64);
  TASSIGN(c, 128);
  TADD(c, a, b);
}
