// expect-error: tile operands have different static shapes; use pl::row_expand_* / pl::col_expand_* to broadcast [T109]
#include <pl/dsl.hpp>
int main() {
  pl::Tile<pl::fp32, 4, 4> a;
  pl::Tile<pl::fp32, 8, 4> b;
  (void)(a + b);
}
