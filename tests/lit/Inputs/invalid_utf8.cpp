#include <pl/dsl.hpp>
using X = pl::Tensor<pl::fp32, 16, 64>;
PL_FUNCTION(pl::FunctionType::InCore)
void k(X x, pl::Out<X> y) {
  pl::Index aé = 0; // two names that differ only in a Latin-1 byte
  pl::Index aè = 1;
  pl::store(pl::load(x, {aé + aè, 0}, {8, 64}), {0, 0}, y);
}
