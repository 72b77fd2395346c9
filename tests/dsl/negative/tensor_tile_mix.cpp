// expect-error: cannot mix a Tensor and a Tile operand
#include <pl/dsl.hpp>
int main() {
  pl::Tensor<pl::fp32, 4, 4> a;
  pl::Tile<pl::fp32, 4, 4> b;
  (void)pl::sub(a, b);
}
