// emit/pto PTO-AS (--emit=pto-as): each kernel as a func.func of the pto dialect in ptoas's
// destination-passing form: tensor views on the pointer parameters, one alloc_tile per tile at
// its planned address, partition_view + tload/tstore, ins(...) outs(...) with full types, scf
// control flow with scalar iter_args only (tiles are buffers), loc("file":line:col), no syncs.
// RUN: %pl-translate --emit=pto-as %s -- %dsl-flags 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: %pl-translate --emit=pto-as --platform=a5 %s -- %dsl-flags 2>/dev/null | FileCheck --check-prefix=A5 %s
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 64, 64>;
using Row = pl::Tile<pl::fp32, 16, 64>;

// CHECK:      module attributes {pto.target_arch = "a3"} {
// A5:         module attributes {pto.target_arch = "a5"} {
// CHECK-LABEL:  func.func @vadd(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NEXT:   %c16 = arith.constant 16 : index
// CHECK-NEXT:   %c64 = arith.constant 64 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %c1024 = arith.constant 1024 : index
// CHECK-NEXT:   %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c4096_i64 = arith.constant 4096 : i64
// CHECK-NEXT:   %a_view = pto.make_tensor_view %a, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<16x64xf32>
// CHECK-NEXT:   %b_view = pto.make_tensor_view %b, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<16x64xf32>
// CHECK-NEXT:   %c_view = pto.make_tensor_view %c, shape = [%c16, %c64], strides = [%c64, %c1] : !pto.tensor_view<16x64xf32>
// CHECK-NEXT:   %ta = pto.alloc_tile addr = %c0_i64 : [[T:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT:   %tb = pto.alloc_tile addr = %c4096_i64 : [[T]]
// CHECK-NEXT:   %tc = pto.alloc_tile addr = %c0_i64 : [[T]]
// CHECK-NEXT:   %pv = pto.partition_view %a_view, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<16x64xf32> -> !pto.partition_tensor_view<16x64xf32> loc("{{.*}}pto_as.cpp":[[@LINE+14]]:7)
// CHECK-NEXT:   pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf32>) outs(%ta : [[T]]) loc("{{.*}}pto_as.cpp":[[@LINE+13]]:7)
// CHECK-NEXT:   %pv_1 = pto.partition_view %b_view, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<16x64xf32> -> !pto.partition_tensor_view<16x64xf32> loc("{{.*}}pto_as.cpp":[[@LINE+13]]:7)
// CHECK-NEXT:   pto.tload ins(%pv_1 : !pto.partition_tensor_view<16x64xf32>) outs(%tb : [[T]]) loc("{{.*}}pto_as.cpp":[[@LINE+12]]:7)
// CHECK-NEXT:   pto.tadd ins(%ta, %tb : [[T]], [[T]]) outs(%tc : [[T]]) loc("{{.*}}pto_as.cpp":[[@LINE+12]]:
// CHECK-NEXT:   %pv_2 = pto.partition_view %c_view, offsets = [%c0, %c0], sizes = [%c16, %c64] : !pto.tensor_view<16x64xf32> -> !pto.partition_tensor_view<16x64xf32> loc("{{.*}}pto_as.cpp":[[@LINE+12]]:3)
// CHECK-NEXT:   pto.tstore ins(%tc : [[T]]) outs(%pv_2 : !pto.partition_tensor_view<16x64xf32>) loc("{{.*}}pto_as.cpp":[[@LINE+11]]:3)
// CHECK-NEXT:   return
// CHECK-NEXT: }
// No synchronisation: ptoas inserts it.
// CHECK-NOT:  set_flag
// CHECK-NOT:  barrier
PL_FUNCTION(pl::FunctionType::InCore)
void vadd(X a, X b, pl::Out<X> c) {
  Row ta = pl::load(a, {16, 0}, {16, 64});
  Row tb = pl::load(b, {16, 0}, {16, 64});
  Row tc = ta + tb;
  pl::store(tc, {16, 0}, c);
}

using A = pl::Tensor<pl::fp32, 32, 96>;
using Bm = pl::Tensor<pl::fp32, 96, 32>;
using C = pl::Tensor<pl::fp32, 32, 32>;
using AccTile = pl::Tile<pl::fp32, 32, 32, pl::Mem::Acc>;

// A cube kernel with a K loop: Mat loads, moves to Left/Right, tmatmul then tmatmul.acc into
// the Acc carry (a buffer: no iter_args), the store from Acc.
// CHECK-LABEL:  func.func @mm_k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<cube>} {
// The cube tiles in their SoC layouts (InferTileLayouts): Mat NZ, Left, Right, Acc with 1024-byte fractals.
// CHECK:        %t__tmp_v0 = pto.alloc_tile addr = %c0_i64 : [[MAT:!pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT:   %al = pto.alloc_tile addr = %c0_i64 : [[LEFT:!pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=row_major, fractal=512, pad=0>]]
// CHECK-NEXT:   %t__tmp_v1 = pto.alloc_tile addr = %c0_i64 : [[MAT]]
// CHECK-NEXT:   %br = pto.alloc_tile addr = %c0_i64 : [[RIGHT:!pto.tile_buf<loc=right, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>]]
// CHECK:        %acc0 = pto.alloc_tile addr = %c0_i64 : [[ACC:!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=1024, pad=0>]]
// A5-LABEL:  func.func @mm_k(
// A5:        pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=left, dtype=f32, rows=32, cols=32, v_row=32, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK:        pto.tload ins(%pv : !pto.partition_tensor_view<32x32xf32>) outs(%t__tmp_v0 : [[MAT]])
// CHECK-NEXT:   pto.tmov ins(%t__tmp_v0 : [[MAT]]) outs(%al : [[LEFT]])
// CHECK:        pto.tmov ins(%t__tmp_v1 : [[MAT]]) outs(%br : [[RIGHT]])
// CHECK-NEXT:   pto.tmatmul ins(%a0, %b0 : [[LEFT]], [[RIGHT]]) outs(%acc0 : [[ACC]])
// CHECK-NEXT:   scf.for %k = %c1 to %c3 step %c1 {
// CHECK-NEXT:     %v = arith.muli %k, %c32 : index loc(
// CHECK-NEXT:     %pv_2 = pto.partition_view %a_view, offsets = [%c0, %v], sizes = [%c32, %c32] : !pto.tensor_view<32x96xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK:          %pv_3 = pto.partition_view %b_view, offsets = [%v, %c0], sizes = [%c32, %c32] : !pto.tensor_view<96x32xf32> -> !pto.partition_tensor_view<32x32xf32>
// CHECK:          pto.tmatmul.acc ins(%acc_in, %ak, %bk : [[ACC]], [[LEFT]], [[RIGHT]]) outs(%t__tmp_v4 : [[ACC]])
// CHECK-NEXT:   } loc("{{.*}}pto_as.cpp":
// CHECK-NEXT:   %pv_4 = pto.partition_view %c_view, offsets = [%c0, %c0], sizes = [%c32, %c32]
// CHECK-NEXT:   pto.tstore ins(%acc_in : [[ACC]]) outs(%pv_4 : !pto.partition_tensor_view<32x32xf32>)
// CHECK-NEXT:   return
PL_FUNCTION(pl::FunctionType::AIC)
void mm_k(A a, Bm b, pl::Out<C> c) {
  auto chunk = [&](pl::Index k) {
    auto al = pl::move(pl::load(a, {0, k}, {32, 32}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto br = pl::move(pl::load(b, {k, 0}, {32, 32}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    return std::pair{al, br};
  };
  auto [a0, b0] = chunk(0);
  AccTile acc0 = pl::matmul(a0, b0);
  auto [acc] = pl::range(1, 3, pl::init_values(acc0), [&](pl::Index k, AccTile acc_in) {
    auto [ak, bk] = chunk(k * 32);
    return pl::yield_(pl::matmul_acc(acc_in, ak, bk));
  });
  pl::store(acc, {0, 0}, c);
}

// A loop carrying a tile (a buffer) and a scalar (an iter_arg), an if with a scalar result, a
// comparison and a float conversion of the loop variable; a float sum is `l - (-r)` (ptoas lowers
// no arith.addf to C++).
// CHECK-LABEL:  func.func @carry_if(%x: !pto.ptr<f32>, %o: !pto.ptr<f32>) attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK:        %cst = arith.constant 0.00000000000000000e+00 : f32
// CHECK:        %cst_1 = arith.constant -1.00000000000000000e+00 : f32
// CHECK:        pto.texpands ins(%cst : f32) outs(%acc : !pto.tile_buf<
// CHECK-NEXT:   %s_1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %cst) -> (f32) {
// CHECK-NEXT:     %v = arith.floordivsi %i, %c2 : index
// CHECK-NEXT:     %v_1 = arith.muli %v, %c2 : index
// CHECK-NEXT:     %v_2 = arith.subi %i, %v_1 : index
// CHECK-NEXT:     %cmp = arith.cmpi eq, %v_2, %c0 : index
// CHECK-NEXT:     %w = scf.if %cmp -> (f32) {
// CHECK-NEXT:       %i_1 = arith.index_cast %i : index to i64
// CHECK-NEXT:       %f = arith.sitofp %i_1 : i64 to f32
// CHECK-NEXT:       scf.yield %f : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %cst_1 : f32
// CHECK-NEXT:     } loc(
// CHECK-NEXT:     %v_3 = arith.muli %i, %c16 : index
// CHECK-NEXT:     %pv = pto.partition_view %x_view, offsets = [%v_3, %c0], sizes = [%c16, %c64]
// CHECK-NEXT:     pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf32>) outs(%t__tmp_v0 :
// CHECK-NEXT:     pto.tadds ins(%t__tmp_v0, %w : !pto.tile_buf<{{.*}}>, f32) outs(%t__tmp_v1 :
// CHECK-NEXT:     pto.tadd ins(%acc_1, %t__tmp_v1 : {{.*}}) outs(%acc_2 :
// CHECK-NEXT:     %neg = arith.negf %w : f32
// CHECK-NEXT:     %v_4 = arith.subf %s, %neg : f32
// CHECK-NEXT:     scf.yield %v_4 : f32
// CHECK-NEXT:   } loc(
// CHECK-NEXT:   pto.tmuls ins(%acc_1, %s_1 : !pto.tile_buf<{{.*}}>, f32) outs(
PL_FUNCTION(pl::FunctionType::InCore)
void carry_if(X x, pl::Out<X> o) {
  Row acc = pl::full_tile({16, 64}, pl::fp32, 0.0f);
  float s = 0.0f;
  for (auto i : pl::range(4)) {
    float w = -1.0f;
    if (i % 2 == 0)
      w = static_cast<float>(i);
    acc = acc + pl::adds(pl::load(x, {i * 16, 0}, {16, 64}), w);
    s = s + w;
  }
  pl::store(pl::muls(acc, s), {0, 0}, o);
}

// A valid shape known at run time: v_row/v_col '?', alloc_tile with the full dims, then
// set_validshape before the tload of a '?' partition; fillpad makes the next tile fully valid.
// A counting-down loop runs as scf.for over a trip count.
// CHECK-LABEL:  func.func @masked(%x: !pto.ptr<f32>, %vlen: index, %o: !pto.ptr<f32>) attributes {pto.entry, pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK:        %t = pto.alloc_tile addr = %c0_i64 valid_row = %c16 valid_col = %c64 : [[DYN:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=\?, v_col=\?, blayout=row_major, slayout=none_box, fractal=512, pad=0>]]
// CHECK-NEXT:   %t__tmp_v0 = pto.alloc_tile addr = %c4096_i64 : [[PAD:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=3>]]
// CHECK-NEXT:   %span = arith.subi %c3, %cneg1 : index
// CHECK-NEXT:   %v = arith.addi %span, %c0 : index
// CHECK-NEXT:   %trips = arith.divsi %v, %c1 : index
// CHECK-NEXT:   %trips_1 = arith.maxsi %trips, %c0 : index
// CHECK-NEXT:   scf.for %r_k = %c0 to %trips_1 step %c1 {
// CHECK-NEXT:     %v_1 = arith.muli %r_k, %cneg1 : index
// CHECK-NEXT:     %r_1 = arith.addi %c3, %v_1 : index
// CHECK-NEXT:     %v_2 = arith.muli %r_1, %c16 : index
// The window is not proven inside (vlen is not bounded): MaterializeTileValidShapes clipped it
// to the tensor, max(0, min(e, dim - offset)), and the partition and the valid shape are that.
// CHECK-NEXT:     %v_3 = arith.muli %r_1, %c16 : index
// CHECK-NEXT:     %v_4 = arith.subi %c64, %v_3 : index
// CHECK-NEXT:     %v_5 = arith.minsi %c16, %v_4 : index
// CHECK-NEXT:     %v_6 = arith.maxsi %c0, %v_5 : index
// CHECK-NEXT:     %v_7 = arith.minsi %vlen, %c64 : index
// CHECK-NEXT:     %v_8 = arith.maxsi %c0, %v_7 : index
// CHECK-NEXT:     %pv = pto.partition_view %x_view, offsets = [%v_2, %c0], sizes = [%v_6, %v_8] : !pto.tensor_view<64x64xf32> -> !pto.partition_tensor_view<?x?xf32>
// CHECK:          pto.set_validshape %t, %v_14, %v_10 : [[DYN]]
// CHECK-NEXT:     pto.tload ins(%pv : !pto.partition_tensor_view<?x?xf32>) outs(%t : [[DYN]])
// CHECK-NEXT:     pto.tfillpad ins(%t : [[DYN]]) outs(%t__tmp_v0 : [[PAD]])
PL_FUNCTION(pl::FunctionType::InCore)
void masked(X x, pl::Scalar<pl::index> vlen, pl::Out<X> o) {
  for (auto r : pl::range(3, -1, -1)) {
    Row t = pl::load(x, {r * 16, 0}, {16, 64}, {.valid_shape = {16, vlen}});
    pl::store(pl::fillpad(t, pl::PadValue::Min), {r * 16, 0}, o);
  }
}

// A window BoundTileWindows cannot prove inside its tensor (the host chooses `row`) prints
// unclipped, with a warning at the user's line.
// WARN: pto_as.cpp:[[@LINE+3]]:{{[0-9]+}}: warning: PTO-AS prints this window of 'x' unclipped, but it is not proven inside the tensor (pass BoundTileWindows); pl pads a window past the end, ptoas does not [ES101]
PL_FUNCTION(pl::FunctionType::InCore)
void unproven(X x, pl::Scalar<pl::index> row, pl::Out<X> o) {
  pl::store(pl::load(x, {row, 0}, {16, 64}), {0, 0}, o);
}

// A transpose names its planned scratch tile (MaterializeScratchTiles): ins(%src, %tmp).
// CHECK-LABEL:  func.func @flip(
// CHECK:        pto.ttrans ins(%t, %t_tmp : [[SQ:!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>]], [[SQ]]) outs(%u : [[SQ]])
PL_FUNCTION(pl::FunctionType::InCore)
void flip(X x, pl::Out<X> o) {
  pl::Tile<pl::fp32, 16, 16> t = pl::load(x, {0, 0}, {16, 16});
  pl::Tile<pl::fp32, 16, 16> u = pl::transpose(t, 0, 1);
  pl::store(u, {0, 0}, o);
}
