// A kernel that calls a marked helper from a header the user's build precompiles (pch.test).
#include "helpers.hpp"

PL_FUNCTION(pl::FunctionType::InCore) void k(T a, pl::Out<T> c) {
  auto t = pl::load(a, {0, 0}, {16, 16});
  pl::store(twice(t), {0, 0}, c);
}
