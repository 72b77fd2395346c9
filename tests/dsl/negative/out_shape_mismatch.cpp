// expect-error: pl::Out: assigned value has a different static shape; write a window with pl::store or pl::assemble [F111]
#include <pl/dsl.hpp>
void f(pl::Tensor<pl::fp32, 2, 2> a, pl::Out<pl::Tensor<pl::fp32, 4, 4>> out) { out = pl::add(a, a); }
int main() {}
