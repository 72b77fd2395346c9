// Clang's error is located in a pl header (the static_assert of pl::add on a tensor and a tile,
// which stays Clang's under pl-translate), reached from line 7: its include stack names this
// file's #include line with and without the cached PCH.
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;
PL_FUNCTION(pl::FunctionType::InCore) void k(T a, pl::Out<T> c) { (void)pl::add(a, pl::load(a, {0, 0}, {16, 16})); }
