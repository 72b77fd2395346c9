// Clang's error is located in a pl header (a static_assert of pl::Tensor), reached from line 6:
// its include stack names this file's #include line with and without the cached PCH.
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;
PL_FUNCTION(pl::FunctionType::InCore) void k(T a, pl::Out<T> c) { pl::Tensor<pl::fp16, 16, 16> x = a; }
