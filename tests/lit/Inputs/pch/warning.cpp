// A Clang warning (-Wall) in host code: printed once, and the file is translated.
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;
PL_FUNCTION(pl::FunctionType::InCore) void k(T a, pl::Out<T> c) {
  auto t = pl::load(a, {0, 0}, {16, 16});
  pl::store(t, {0, 0}, c);
}
int unused() { int x; return 0; }
