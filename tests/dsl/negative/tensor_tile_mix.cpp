// expect-error: cannot mix a Tensor and a Tile operand; load the tensor into a tile (pl::load) or store the tile (pl::store) first [T107]
#include <pl/dsl.hpp>
int main() {
  pl::Tensor<pl::fp32, 4, 4> a;
  pl::Tile<pl::fp32, 4, 4> b;
  (void)pl::sub(a, b);
}
