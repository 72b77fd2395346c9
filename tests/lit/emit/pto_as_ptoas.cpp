// PTO-AS text as ptoas reads it (issue 34): the module names ptoas's architecture ("a3" for the
// a2a3 SoCs), every kernel is marked `pto.entry` (ptoas makes only a module's single function an
// entry without it), a kernel symbol is never a C++ keyword (ptoas prints it as a C++ function),
// `true` / `false` constants take no type, and treshape returns its result (`: src -> result`)
// instead of writing an allocated tile.
// RUN: %pl-translate --emit=pto-as %s -- %dsl-flags 2>&1 | FileCheck %s
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using Row = pl::Tile<pl::fp32, 16, 64>;

// CHECK:      module attributes {pto.target_arch = "a3"} {
// CHECK-NEXT:   func.func @double_(%x: !pto.ptr<f32>, %o: !pto.ptr<f32>) attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<vector>} {
PL_FUNCTION(pl::FunctionType::Orchestration)
void twice(X x, pl::Out<X> o) {
  pl::at({.name_hint = "double"}, [&] { pl::store(pl::adds(pl::load(x, {0, 0}, {16, 64}), 1.0f), {0, 0}, o); });
}

// CHECK-LABEL: func.func @shapes(%x: !pto.ptr<f32>, %o: !pto.ptr<f32>) attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK:         %t = pto.alloc_tile addr = %c0_i64 : [[ROW:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, [^>]*>]]
// CHECK-NOT:     %r = pto.alloc_tile
// CHECK:         %r = pto.treshape %t : [[ROW]] -> [[COL:!pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, [^>]*>]] loc(
// CHECK-NEXT:    pto.tadds ins(%r, %cst : [[COL]], f32) outs(%[[S:[a-z_0-9]+]] : [[COL]])
// CHECK-NEXT:    %[[BACK:[a-z_0-9]+]] = pto.treshape %[[S]] : [[COL]] -> [[ROW]] loc(
// CHECK:         pto.tstore ins(%[[BACK]] : [[ROW]])
PL_FUNCTION(pl::FunctionType::InCore)
void shapes(X x, pl::Out<X> o) {
  Row t = pl::load(x, {0, 0}, {16, 64});
  pl::Tile<pl::fp32, 64, 16> r = pl::reshape(t, {64, 16});
  pl::store(pl::reshape(pl::adds(r, 2.0f), {16, 64}), {0, 0}, o);
}

// CHECK-LABEL: func.func @flags(
// CHECK:         %true = arith.constant true{{$}}
// CHECK:         arith.xori %b, %true : i1
PL_FUNCTION(pl::FunctionType::InCore)
void flags(X x, pl::Scalar<pl::bool_> b, pl::Out<X> o) {
  Row t = pl::load(x, {0, 0}, {16, 64});
  if (!b)
    t = pl::adds(t, 2.0f);
  pl::store(t, {0, 0}, o);
}

// ptoas's a3 texpands fills row-major Vec tiles only: a column vector ([R, 1], column-major) is
// filled through the row-major [1, R] tile of the same bytes.
// CHECK-LABEL: func.func @column_fill(
// CHECK:         %[[COL:[a-z_0-9]+]] = pto.alloc_tile addr = %c0_i64 : [[COLT:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, [^>]*>]]
// CHECK:         %[[ROW:[a-z_0-9]+]] = pto.treshape %[[COL]] : [[COLT]] -> [[ROWT:!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, [^>]*>]] loc(
// CHECK-NEXT:    pto.texpands ins(%{{[a-z_0-9]+}} : f32) outs(%[[ROW]] : [[ROWT]])
// CHECK-NEXT:    %{{[a-z_0-9]+}} = pto.partition_view
// CHECK-NEXT:    pto.tstore ins(%[[COL]] : [[COLT]])
using Col = pl::Tensor<pl::fp32, 16, 1>;
PL_FUNCTION(pl::FunctionType::InCore)
void column_fill(pl::Out<Col> o) {
  pl::store(pl::full_tile({16, 1}, pl::fp32, -1.0f), {0, 0}, o);
}

// A bool tensor is its bytes in GM (`!pto.ptr<i8>`, `xi8` views: ptoas stores a tile only into a
// view of its element's width); the packed compare mask is a `ui8` tile_buf (ptoas's C++ then
// declares it uint8_t, as PTO-ISA's TCMP needs); a bool scalar read from GM is its byte
// truncated to i1.
// CHECK-LABEL: func.func @bool_out(%x: !pto.ptr<f32>, %flags: !pto.ptr<i8>, %lt: !pto.ptr<i8>)
// CHECK:         pto.make_tensor_view %lt, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<16x64xi8>
// CHECK:         pto.tcmps ins({{.*}}) outs(%{{[a-z_0-9]+}} : !pto.tile_buf<loc=vec, dtype=ui8,
// CHECK:         %[[B:[a-z_0-9]+]] = pto.load_scalar %flags[%{{[a-z_0-9]+}}] : !pto.ptr<i8> -> i8
// CHECK-NEXT:    %{{[a-z_0-9]+}} = arith.trunci %[[B]] : i8 to i1
// CHECK:         pto.tstore ins(%{{[a-z_0-9]+}} : !pto.tile_buf<loc=vec, dtype=ui8, {{.*}}>) outs(%{{[a-z_0-9]+}} : !pto.partition_tensor_view<16x64xi8>)
using Flags = pl::Tensor<pl::bool_, 1, 32>;
using Mask = pl::Tensor<pl::bool_, 16, 64>;
PL_FUNCTION(pl::FunctionType::InCore)
void bool_out(X x, Flags flags, pl::Out<Mask> lt) {
  Row t = pl::load(x, {0, 0}, {16, 64});
  auto m = pl::cmps(t, 0.5f, pl::CmpMode::Lt);
  if (pl::read(flags, {0, 0}))
    pl::store(m, {0, 0}, lt);
}

// A narrower integer becomes an index through i64 (ptoas emits no C++ for a window offset that
// is `index_cast i32 to index`).
// CHECK-LABEL: func.func @int_offset(
// CHECK:         %[[V:[a-z_0-9]+]] = pto.load_scalar %cfg[%{{[a-z_0-9]+}}] : !pto.ptr<i32> -> i32
// CHECK-NEXT:    %[[W:[a-z_0-9]+]] = arith.extsi %[[V]] : i32 to i64
// CHECK-NEXT:    %{{[a-z_0-9]+}} = arith.index_cast %[[W]] : i64 to index
using Cfg = pl::Tensor<pl::i32, 1, 8>;
using Wide = pl::Tensor<pl::fp32, 64, 64>;
PL_FUNCTION(pl::FunctionType::InCore)
void int_offset(Wide x, Cfg cfg, pl::Out<X> o) {
  const pl::Index k = pl::read(cfg, {0, 0});
  pl::store(pl::load(x, {k, 0}, {16, 64}), {0, 0}, o);
}
