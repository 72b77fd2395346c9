// emit/pto: the vendor's element type names (half, bfloat16_t), TTRANS with its planned scratch
// tile, and TCVT in the forms whose bits eager, pl/sim and PTO-ISA agree on (docs/backend.md
// "Element types", "Casts").
// RUN: %pl-translate --emit=kernels %s -- %dsl-flags | FileCheck %s
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 16>;
using H = pl::Tensor<pl::fp16, 16, 16>;
using B = pl::Tensor<pl::bf16, 16, 16>;
using I = pl::Tensor<pl::i32, 16, 16>;

// CHECK-LABEL: kernel 'casts'
// CHECK:     TCVT(h_t, t, pto::RoundMode::CAST_RINT);
// CHECK:     pto::GlobalTensor<half, {{.*}}(reinterpret_cast<__gm__ half*>(
// CHECK:     TCVT(b_t, t, pto::RoundMode::CAST_RINT);
// CHECK:     TCVT(i_t, t, pto::RoundMode::CAST_RINT, pto::SaturationMode::ON);
// CHECK:     TCVT(f_t, t, pto::RoundMode::CAST_FLOOR, pto::SaturationMode::ON);
// CHECK:     TCVT(g_t, i_t, pto::RoundMode::CAST_RINT);
PL_FUNCTION(pl::FunctionType::AIV)
void casts(X x, pl::Out<H> h, pl::Out<B> b, pl::Out<I> i, pl::Out<I> f, pl::Out<X> g) {
  pl::Tile<pl::fp32, 16, 16> t = pl::load(x, {0, 0}, {16, 16});
  pl::Tile<pl::fp16, 16, 16> h_t = pl::cast(t, pl::fp16);
  pl::store(h_t, {0, 0}, h);
  pl::Tile<pl::bf16, 16, 16> b_t = pl::cast(t, pl::bf16, pl::RoundMode::Rint);
  pl::store(b_t, {0, 0}, b);
  pl::Tile<pl::i32, 16, 16> i_t = pl::cast(t, pl::i32);
  pl::store(i_t, {0, 0}, i);
  pl::Tile<pl::i32, 16, 16> f_t = pl::cast(t, pl::i32, pl::RoundMode::Floor);
  pl::store(f_t, {0, 0}, f);
  pl::Tile<pl::fp32, 16, 16> g_t = pl::cast(i_t, pl::fp32);
  pl::store(g_t, {0, 0}, g);
}

// CHECK-LABEL: kernel 'flip'
// CHECK:     pto::Tile<pto::TileType::Vec, half, 16, 16, {{.*}}> t(16, 16);
// CHECK:     pto::Tile<pto::TileType::Vec, half, 16, 16, {{.*}}> t_tmp(16, 16);
// CHECK:     TTRANS(u, t, t_tmp);
PL_FUNCTION(pl::FunctionType::AIV)
void flip(H x, pl::Out<H> o) {
  pl::Tile<pl::fp16, 16, 16> t = pl::load(x, {0, 0}, {16, 16});
  pl::Tile<pl::fp16, 16, 16> u = pl::transpose(t, 0, 1);
  pl::store(u, {0, 0}, o);
}
