// expect-error: pl::tpop_from_aic<TileT>: TileT is a pl::Tile with a static shape and dtype, e.g. pl::Tile<pl::fp32, 16, 64> [F374]
#include <pl/dsl.hpp>
void f() { (void)pl::tpop_from_aic<pl::Tile<pl::fp32, pl::dyn, 64>>(); }
int main() {}
