// docs/editor.md's example: clang-tidy with libplTidy on a file with three mistakes reports the
// translator's three diagnostics as pl- checks; --fix-errors applies the fix-it of one (pl::matmul's out_dtype).
// RUN: cp %s %t.cpp
// RUN: not %clang-tidy --load=%pl-tidy-plugin --config='{}' --checks='-*,pl-*' %t.cpp -- -std=c++20 %dsl-flags 2>&1 | FileCheck %s
// RUN: %clang-tidy --load=%pl-tidy-plugin --config='{}' --checks='-*,pl-type-mismatch' --fix-errors %t.cpp -- -std=c++20 %dsl-flags 2>&1 | FileCheck %s --check-prefix=APPLIED
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.cpp
// RUN: not %clang-tidy --load=%pl-tidy-plugin --config='{}' --checks='-*,pl-*' %t.cpp -- -std=c++20 %dsl-flags 2>&1 | FileCheck %s --check-prefix=AFTER
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;
using H = pl::Tensor<pl::fp16, 16, 16>;

PL_FUNCTION(pl::FunctionType::InCore)
void product(H h, pl::Out<H> c) {
  auto l = pl::move(pl::load(h, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto r = pl::move(pl::load(h, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  // CHECK: three_mistakes.cpp.tmp.cpp:[[@LINE+1]]:30: error: value of type 'Tile<fp32, 16, 16, Acc>' does not match the declared type 'pl::Tile<pl::fp16, 16, 16>' of 'a': dtype fp32 vs fp16 (the eager run rejects it); ask the op for fp16 with its out_dtype option [F110] [pl-type-mismatch]
  pl::Tile<pl::fp16, 16, 16> a = pl::matmul(l, r);
  pl::store(a, {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
void count(T a, pl::Out<T> c) {
  auto [n] = pl::while_(pl::init_values(pl::Index{0}), [&](pl::Index k) {
    // CHECK: three_mistakes.cpp.tmp.cpp:[[@LINE+2]]:5: error: pl::cond(...) must be the first statement of a pl::while_ body; move it first [F352] [pl-cond-placement]
    // CHECK: three_mistakes.cpp.tmp.cpp:[[@LINE+2]]:5: note: pl::cond is here
    pl::Index next = k + 1;
    pl::cond(k < 4);
    return pl::yield_(next);
  });
  pl::store(pl::load(a, {n, 0}, {16, 16}), {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
// CHECK: three_mistakes.cpp.tmp.cpp:[[@LINE+1]]:41: warning: output parameter 'd' of 'copy' is never written: the caller's value is left unchanged; store into it (pl::store(tile, offsets, d)) or make it an input [F370] [pl-out-not-written]
void copy(T a, pl::Out<T> c, pl::Out<T> d) {
  pl::store(pl::load(a, {0, 0}, {16, 16}), {0, 0}, c);
}
// CHECK-NOT: [pl-

// APPLIED: clang-tidy applied 1 of 1 suggested fixes.
// FIXED: {{^}}  pl::Tile<pl::fp16, 16, 16> a = pl::matmul(l, r, {.out_dtype = pl::fp16});
// FIXED: {{^}}    pl::Index next = k + 1;
// FIXED-NEXT: {{^}}    pl::cond(k < 4);
// AFTER-NOT: [pl-type-mismatch]
// AFTER: [pl-cond-placement]
// AFTER-NOT: [pl-type-mismatch]
// AFTER: [pl-out-not-written]
