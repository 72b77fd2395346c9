// A matmul too big for L0 that AutoTileMatmulL0 cannot tile is an error at the user's matmul
// that names what to split (never a bare capacity error); nothing is written. K = 4096 fp16
// operands need 1 MiB of Mat (a2a3 has 512 KiB) and the Mat tile of `a` is read twice, so its
// chunks cannot stream from GM; a transposed oversized matmul is not tiled either.
// RUN: rm -f %t.pl.cpp
// RUN: not %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not test -e %t.pl.cpp
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

PL_FUNCTION(pl::FunctionType::AIC)
void mat_too_big(pl::Tensor<pl::fp16, 64, 4096> a, pl::Tensor<pl::fp16, 4096, 64> b,
                 pl::Out<pl::Tensor<pl::fp32, 64, 64>> c, pl::Out<pl::Tensor<pl::fp32, 64, 64>> d) {
  auto am = pl::load(a, {0, 0}, {64, 4096}, {.target_memory = pl::Mem::Mat});
  auto bm = pl::load(b, {0, 0}, {4096, 64}, {.target_memory = pl::Mem::Mat});
  auto al = pl::move(am, {.target_memory = pl::Mem::Left});
  auto br = pl::move(bm, {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 64, 64, pl::Mem::Acc> acc = pl::matmul(al, br); // expected-error {{matmul 'acc' needs 1048576 bytes of Mat for its operands but a2a3 has 524288; split K = 4096 into chunks of at most 2048 (load [64, 2048] and [2048, 64] windows per step and accumulate with pl::matmul_acc)}}
  pl::store(acc, {0, 0}, c);
  auto al2 = pl::extract(am, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Left});
  auto br2 = pl::extract(bm, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 64, 64, pl::Mem::Acc> acc2 = pl::matmul(al2, br2);
  pl::store(acc2, {0, 0}, d);
}

PL_FUNCTION(pl::FunctionType::AIC)
void transposed(pl::Tensor<pl::fp32, 256, 128> a, pl::Tensor<pl::fp32, 256, 128> b,
                pl::Out<pl::Tensor<pl::fp32, 128, 128>> c) {
  auto al = pl::move(pl::load(a, {0, 0}, {256, 128}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {256, 128}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 128, 128, pl::Mem::Acc> acc = pl::matmul(al, br, {.a_trans = true}); // expected-error {{matmul 'acc' exceeds a2a3's L0 but cannot be tiled automatically: an operand is transposed (a_trans / b_trans: a transposing load)}}
  pl::store(acc, {0, 0}, c);
}
