// expect-error: tensor operands have incompatible static shapes (they must be equal or broadcastable) [T109]
#include <pl/dsl.hpp>
int main() {
  pl::Tensor<pl::fp32, 4, 4> a;
  pl::Tensor<pl::fp32, 4, 3> b;
  (void)pl::mul(a, b);
}
