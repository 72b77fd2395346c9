// A mask PackCompareMasks cannot give PTO-ISA's packed form stays a bool tile, which neither
// PTO-ISA nor pl/sim has: CheckTileConstraints refuses it with TC006 at the mask's line, on the
// simulated a2a3 as on a2a3 (before, the simulated build failed to compile the generated
// kernel with no located error). A mask cast to fp32 or int8 and back from int8 is packed.
// RUN: not %pl-translate %s -o %t.cpp -- %dsl-flags -DWIDE -Xclang -verify
// RUN: %pl-translate %s --platform=a2a3 --out-dir=%t.pkg -o %t2.cpp -- %dsl-flags
// RUN: FileCheck %s --check-prefix=PKG < %t.pkg/kernels/aiv/narrow_incore_0.cpp
// PKG: TCMPS(m_packed, t, 0.0f, pto::CmpMode::GT);
// PKG: TSELS(m_fp16, m_whole, m_one, m_one_tmp, 0.0);
// PKG: TCVT(i, m_fp16, pto::RoundMode::CAST_RINT, pto::SaturationMode::ON);
// PKG: TCVT([[H:[a-z0-9_]+]], i, pto::RoundMode::CAST_RINT);
// PKG: TCMPS([[P:[a-z0-9_]+]], [[H]], 0.0, pto::CmpMode::NE);
// PKG: TSELS({{[a-z0-9_]+}}, [[P]], t,
// PKG-NOT: bool
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 32>;
using L = pl::Tensor<pl::i64, 16, 32>;
using B = pl::Tensor<pl::i8, 16, 32>;

PL_JIT void narrow(X x, pl::Out<X> o, pl::Out<B> b) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::Tile<pl::fp32, 16, 32> t = pl::load(x, {0, 0}, {16, 32});
    auto m = pl::cmps(t, 0.0f, pl::CmpMode::Gt);
    auto i = pl::cast(m, pl::i8);
    pl::store(i, {0, 0}, b);
    pl::store(pl::sels(pl::cast(i, pl::bool_), t, 1.0f), {0, 0}, o);
  });
}

#ifdef WIDE
PL_JIT void wide(X x, pl::Out<L> o) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::Tile<pl::fp32, 16, 32> t = pl::load(x, {0, 0}, {16, 32});
    auto m =
        pl::cmps(t, 0.0f, pl::CmpMode::Gt); // expected-error {{bool tile 'm': PTO-ISA has no bool
                                            // tiles, and pl packs a mask (one bit per element) only
                                            // when it is a 2-D Vec tile with constant columns read
                                            // as a mask; 'tile.cast' at line 35 reads it as bools}}
    pl::store(pl::cast(m, pl::i64), {0, 0}, o); // expected-warning {{cast from bool to int64}}
  });
}
#endif
