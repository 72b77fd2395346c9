// expect-error: inner dimensions cannot match (with or without a_trans/b_trans) [T109]
#include <pl/dsl.hpp>
int main() {
  pl::Tile<pl::fp32, 16, 32> a;
  pl::Tile<pl::fp32, 48, 8> b;
  (void)pl::matmul(a, b);
}
