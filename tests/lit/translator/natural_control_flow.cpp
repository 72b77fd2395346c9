// Natural C++ control flow lowers to pre-SSA IR: reassigned variables stay one variable.
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 64, 64>;
using Row = pl::Tile<pl::fp32, 16, 64>;

// CHECK-LABEL: InCore accumulate(
// CHECK: Tile<fp32, 16, 64, Vec> acc = tile.full({16, 64}, 0.0, {.dtype = fp32});
// CHECK-NEXT: for (index i : range(0, 4, 1)) {
// CHECK-NEXT: Tile<fp32, 16, 64, Vec> t = tile.load(a, {i * 16, 0}, {16, 64});
// CHECK-NEXT: if (i == 0) {
// CHECK-NEXT: acc = t;
// CHECK-NEXT: } else {
// CHECK-NEXT: acc = tile.add(acc, t);
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: out = tile.store(acc, {0, 0}, out);
PL_FUNCTION(pl::FunctionType::InCore)
void accumulate(T a, pl::Out<pl::Tensor<pl::fp32, 16, 64>> out) {
  Row acc;
  for (auto i : pl::range(4)) {
    Row t = pl::load(a, {i * 16, 0}, {16, 64});
    if (i == 0) {
      acc = t;
    } else {
      acc = acc + t;
    }
  }
  pl::store(acc, {0, 0}, out);
}

// CHECK-LABEL: Orchestration loops(
// CHECK: index n = 0;
// CHECK-NEXT: while (n < 10) {
// CHECK-NEXT: n = n + 3;
// CHECK-NEXT: if (n == 6) {
// CHECK-NEXT: continue;
// CHECK-NEXT: }
// CHECK-NEXT: if (n > 8) {
// CHECK-NEXT: break;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: for (index j : range(10, 0, -2)) {
// CHECK-NEXT: n = n - j;
// CHECK-NEXT: }
// CHECK-NEXT: for (index p : parallel(0, 4, 1)) {
// CHECK: for (index u : unroll(0, 2, 1)) {
// CHECK: for (index q : pipeline(0, 8, 1)) {{\[\[}}stage = 2{{\]\]}} {
PL_FUNCTION(pl::FunctionType::Orchestration)
void loops(T a, pl::Out<pl::Tensor<pl::fp32, 16, 64>> c) {
  pl::Index n = 0;
  while (n < 10) {
    n += 3;
    if (n == 6)
      continue;
    if (n > 8)
      break;
  }
  for (auto j : pl::range(10, 0, -2))
    n -= j;
  for (auto p : pl::parallel(4))
    accumulate(a, c);
  for (auto u : pl::unroll(2))
    accumulate(a, c);
  for (auto q : pl::pipeline(8, {.stage = 2}))
    accumulate(a, c);
}
