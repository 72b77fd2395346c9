// The explicit SSA spellings lower directly to iter_args, yields and return vars.
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 32, 32>;
using Tl = pl::Tile<pl::fp32, 32, 32>;

// CHECK-LABEL: InCore carried(
// CHECK: for (index i : range(0, 4, 1)) carry (Tile<fp32, 32, 32, Vec> acc = t0, index n = 0) -> (Tile<fp32, 32, 32, Vec> sum, index count) {
// CHECK-NEXT: yield(tile.add(acc, t0), n + 1);
// CHECK-NEXT: }
// CHECK: while (k < 10) carry (index k = 0) -> (index k_out) {
// CHECK-NEXT: yield(k + 3);
// CHECK-NEXT: }
// CHECK: if (k_out > 5) -> (Tile<fp32, 32, 32, Vec> pick) {
// CHECK-NEXT: yield(sum);
// CHECK-NEXT: } else {
// CHECK-NEXT: yield(tile.add(sum, sum));
// CHECK-NEXT: }
PL_FUNCTION(pl::FunctionType::InCore)
void carried(T a, pl::Out<T> out) {
  Tl t0 = pl::load(a, {0, 0}, {32, 32});
  auto [sum, count] = pl::range(4, pl::init_values(t0, pl::Index{0}), [&](pl::Index i, Tl acc, pl::Index n) {
    (void)i;
    return pl::yield_(acc + t0, n + 1);
  });
  auto [k_out] = pl::while_(pl::init_values(pl::Index{0}), [&](pl::Index k) {
    pl::cond(k < 10);
    return pl::yield_(k + 3);
  });
  auto [pick] = pl::if_(k_out > 5, [&] { return pl::yield_(sum); }, [&] { return pl::yield_(sum + sum); });
  pl::store(pick, {0, 0}, out);
  (void)count;
}
