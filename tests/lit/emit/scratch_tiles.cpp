// emit/pto: TREM, TREMS, TPRELU, TSEL and TSELS in PTO-ISA's signatures, each with the scratch
// tile MaterializeScratchTiles plans (docs/backend.md "The op table"), in C++ and in PTO-AS.
// RUN: %pl-translate --emit=kernels %s -- %dsl-flags | FileCheck %s
// RUN: %pl-translate --emit=pto-as %s -- %dsl-flags | FileCheck %s --check-prefix=AS
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;

// CHECK-LABEL: kernel 'scratch'
// CHECK:     pto::Tile<pto::TileType::Vec, float, 1, 72, {{.*}}> a_tmp(1, 72);
// CHECK:     TREM(r, a, b, a_tmp);
// CHECK:     pto::Tile<pto::TileType::Vec, float, 16, 64, {{.*}}> r_tmp(16, 64);
// CHECK:     TREMS(s, r, 3.0f, r_tmp);
// CHECK:     pto::Tile<pto::TileType::Vec, std::uint8_t, 17, 32, {{.*}}> s_tmp(17, 32);
// CHECK:     TPRELU(p, s, b, s_tmp);
// CHECK:     pto::Tile<pto::TileType::Vec, std::uint32_t, 1, 8, {{.*}}> p_tmp(1, 8);
// CHECK:     TSEL(q, m, p, b, p_tmp);
// CHECK:     pto::Tile<pto::TileType::Vec, float, 1, 8, {{.*}}> q_tmp(1, 8);
// CHECK:     TSELS(w, m, q, q_tmp, 0.5f);
// AS-LABEL: func.func @scratch
// AS:     pto.trem ins(%a, %b, %a_tmp : {{.*}}) outs(%r :
// AS:     pto.trems ins(%r, %{{.*}}, %r_tmp : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(%s :
// AS:     pto.tprelu ins(%s, %b, %s_tmp : {{.*}}dtype=i8{{.*}}) outs(%p :
// AS:     pto.tsel ins(%m, %p, %b, %p_tmp : {{.*}}dtype=i32{{.*}}) outs(%q :
// AS:     pto.tsels ins(%m, %q, %q_tmp, %{{.*}} : {{.*}}, f32) outs(%w :
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
