// expect-error: the operands have different dtypes; insert pl::cast [T108]
#include <pl/dsl.hpp>
int main() {
  pl::Tile<pl::fp32, 4, 4> a;
  pl::Tile<pl::fp16, 4, 4> b;
  (void)pl::add(a, b);
}
