// expect-error: a loop-carried value must keep its level (tensor / tile / scalar) and dtype across iterations [F110 / F113]
#include <pl/dsl.hpp>
int main() {
  pl::Tensor<pl::fp32, 4, 4> t;
  auto [r] = pl::range(2, pl::init_values(t), [](pl::Index, pl::Tensor<pl::fp32, 4, 4> x) {
    return pl::yield_(pl::load(x, {0, 0}, {4, 4}));
  });
  (void)r;
}
