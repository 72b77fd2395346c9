// tests/e2e/doc_rows_lib.hpp — docs/dsl.md §1 "external @pl.function reuse": a PL_FUNCTION in a
// header that tests/e2e/doc_rows.cpp includes (and any other file could).
#pragma once

#include <pl/dsl.hpp>

/// y = x * 3 - 1 on a [16, 16] tile.
PL_FUNCTION(pl::FunctionType::InCore)
inline void doc_shared_kernel(pl::Tensor<pl::fp32, 16, 16> x, pl::Out<pl::Tensor<pl::fp32, 16, 16>> y) {
  pl::store(pl::subs(pl::muls(pl::load(x, {0, 0}, {16, 16}), 3.0f), 1.0f), {0, 0}, y);
}
