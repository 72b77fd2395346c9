// expect-error: pl::Tile: a dimension must be > 0 or pl::dyn [F103]
#include <pl/dsl.hpp>
// A PTO-ISA tile is at least 1 x 1: a 0-row tile type does not compile (issue 42; a run-time
// 0-row load or create_tile is a pl::Error, tests/dsl/test_ops_data.cpp).
int main() {
  pl::Tile<pl::fp32, 0, 16> t;
  (void)t;
}
