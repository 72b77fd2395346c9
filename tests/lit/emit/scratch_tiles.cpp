// emit/pto: TREM, TREMS, TPRELU, TSEL, TSELS, TXOR and TXORS in PTO-ISA's signatures, each with the scratch
// tile MaterializeScratchTiles plans (docs/backend.md "The op table"), in C++ and in PTO-AS; the
// selects read the packed uint8 mask TCMP writes (PackCompareMasks), a `ui8` tile_buf in PTO-AS
// (ptoas's C++ then declares it uint8_t, as PTO-ISA's TCMP requires).
// RUN: %pl-translate --emit=kernels %s -- %dsl-flags | FileCheck %s
// RUN: %pl-translate --emit=pto-as %s -- %dsl-flags | FileCheck %s --check-prefix=AS
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using I = pl::Tensor<pl::i16, 16, 64>; // ptoas's a3 txor takes 8- and 16-bit integers

// CHECK-LABEL: kernel 'scratch'
// CHECK:     pto::Tile<pto::TileType::Vec, float, 1, 72, {{.*}}> a_tmp(1, 72);
// CHECK:     TREM(r, a, b, a_tmp);
// CHECK:     pto::Tile<pto::TileType::Vec, float, 16, 64, {{.*}}> r_tmp(16, 64);
// CHECK:     TREMS(s, r, 3.0f, r_tmp);
// CHECK:     pto::Tile<pto::TileType::Vec, std::uint8_t, 17, 32, {{.*}}> s_tmp(17, 32);
// CHECK:     TPRELU(p, s, b, s_tmp);
// CHECK:     pto::Tile<pto::TileType::Vec, std::uint8_t, 16, 32, {{.*}}> m_packed(16, 8);
// CHECK:     TCMP(m_packed, a, b, pto::CmpMode::LT);
// CHECK:     pto::Tile<pto::TileType::Vec, std::uint32_t, 1, 8, {{.*}}> p_tmp(1, 8);
// CHECK:     TSEL(q, m_packed, p, b, p_tmp);
// CHECK:     pto::Tile<pto::TileType::Vec, float, 1, 8, {{.*}}> q_tmp(1, 8);
// CHECK:     TSELS(w, m_packed, q, q_tmp, 0.5f);
// AS-LABEL: func.func @scratch
// AS:     pto.trem ins(%a, %b, %a_tmp : {{.*}}) outs(%r :
// AS:     pto.trems ins(%r, %{{.*}}, %r_tmp : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(%s :
// AS:     pto.tprelu ins(%s, %b, %s_tmp : {{.*}}dtype=ui8{{.*}}) outs(%p :
// AS:     pto.tcmp ins(%a, %b {cmpMode = #pto<cmp lt>} : {{.*}}) outs(%m_packed : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=8,
// AS:     pto.tsel ins(%m_packed, %p, %b, %p_tmp : {{.*}}dtype=ui32{{.*}}) outs(%q :
// AS:     pto.tsels ins(%m_packed, %q, %q_tmp, %{{.*}} : {{.*}}, f32) outs(%w :
PL_FUNCTION(pl::FunctionType::AIV)
void scratch(X x, X y, pl::Out<X> o) {
  pl::Tile<pl::fp32, 16, 64> a = pl::load(x, {0, 0}, {16, 64});
  pl::Tile<pl::fp32, 16, 64> b = pl::load(y, {0, 0}, {16, 64});
  pl::Tile<pl::fp32, 16, 64> r = pl::rem(a, b);
  pl::Tile<pl::fp32, 16, 64> s = pl::rems(r, 3.0f);
  pl::Tile<pl::fp32, 16, 64> p = pl::prelu(s, b);
  auto m = pl::cmp(a, b, pl::CmpMode::Lt);
  pl::Tile<pl::fp32, 16, 64> q = pl::sel(m, p, b);
  pl::Tile<pl::fp32, 16, 64> w = pl::sels(m, q, 0.5f);
  pl::store(w, {0, 0}, o);
}

// CHECK-LABEL: kernel 'bits'
// CHECK:     pto::Tile<pto::TileType::Vec, std::int16_t, 16, 64, {{.*}}> a_tmp(16, 64);
// CHECK:     TXOR(b, a, a, a_tmp);
// CHECK:     TXORS(c, b, 5, b_tmp);
// AS-LABEL: func.func @bits
// AS:     pto.txor ins(%a, %a, %a_tmp :
// AS:     pto.txors ins(%b, %{{.*}}, %b_tmp :
PL_FUNCTION(pl::FunctionType::AIV)
void bits(I x, pl::Out<I> o) {
  pl::Tile<pl::i16, 16, 64> a = pl::load(x, {0, 0}, {16, 64});
  pl::Tile<pl::i16, 16, 64> b = pl::xor_(a, a);
  pl::Tile<pl::i16, 16, 64> c = pl::xors(b, 5);
  pl::store(c, {0, 0}, o);
}
