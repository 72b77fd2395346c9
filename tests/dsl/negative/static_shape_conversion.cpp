// expect-error: pl::Tensor: static shapes differ [F111]
#include <pl/dsl.hpp>
int main() {
  pl::Tensor<pl::fp32, 8, 4> a;
  pl::Tensor<pl::fp32, 4, 4> b = a;
  (void)b;
}
