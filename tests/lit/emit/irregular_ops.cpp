// The irregular ops in both printers: pl::arange_tile as PTO-ISA's TCI (the tile type, the
// start's type and the direction named; the start cast to the element type) and PTO-AS's tci
// with its `descending` attribute; the partial ops as TPART* / pto.tpart* on sources of
// different valid shapes, the destination declared with the larger one.
// RUN: %pl-translate --emit=kernels %s -- %dsl-flags | FileCheck %s
// RUN: %pl-translate --emit=pto-as %s -- %dsl-flags | FileCheck %s --check-prefix=AS
#include <pl/dsl.hpp>

using Idx = pl::Tensor<pl::i16, 2, 64>;

// CHECK-LABEL: rows
// CHECK: pto::TCI<decltype([[UP:[a-z_0-9]+]]), std::int16_t, 0>([[UP]], static_cast<std::int16_t>(s));
// CHECK: pto::TCI<decltype([[DN:[a-z_0-9]+]]), std::int16_t, 1>([[DN]], static_cast<std::int16_t>(-3));
// AS-LABEL: func.func @rows
// AS: pto.tci ins(%{{[a-z0-9_]+}} {descending = false} : i16) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=64, v_row=1, v_col=64,
// AS: pto.tci ins(%cneg3_i16 {descending = true} : i16) outs(
PL_FUNCTION(pl::FunctionType::InCore)
void rows(pl::Index s, pl::Out<Idx> o) {
  pl::store(pl::arange_tile(s, {1, 64}, pl::i16), {0, 0}, o);
  pl::store(pl::arange_tile(-3, {1, 64}, pl::i16, {.descending = true}), {1, 0}, o);
}

using X = pl::Tensor<pl::fp32, 16, 64>;

// The sum's valid shape is a's whole one; the maximum's, with b's inside it, the sum's.
// CHECK-LABEL: parts
// CHECK: pto::Tile<pto::TileType::Vec, float, 16, 64, {{.*}}> b(std::max<std::int64_t>(0, std::min<std::int64_t>(vr, x_d0)), {{.*}});
// CHECK-NEXT: TASSIGN(b,
// CHECK: pto::Tile<pto::TileType::Vec, float, 16, 64, {{.*}}> [[S:[a-z_0-9]+]](16, 64);
// CHECK: TPARTADD([[S]], b, a);
// CHECK: pto::Tile<pto::TileType::Vec, float, 16, 64, {{.*}}> [[M:[a-z_0-9]+]](16, 64);
// CHECK: TPARTMAX([[M]], [[S]], b);
// AS-LABEL: func.func @parts
// AS: pto.tpartadd ins(%b, %a : !pto.tile_buf<{{.*}}v_row=?, v_col=?{{.*}}>, !pto.tile_buf<{{.*}}v_row=16, v_col=64{{.*}}>) outs(
// AS: pto.tpartmax ins(
PL_FUNCTION(pl::FunctionType::InCore)
void parts(X x, pl::Index vr, pl::Out<X> o) {
  auto a = pl::load(x, {0, 0}, {16, 64});
  auto b = pl::load(x, {0, 0}, {16, 64}, {.valid_shape = {vr, 64}});
  pl::store(pl::part_max(pl::part_add(b, a), b), {0, 0}, o);
}
