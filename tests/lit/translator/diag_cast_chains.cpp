// Casts a2a3's TCVT cannot do in one instruction: LegalizeTileCast chains the ones a chain of its
// conversions gives exactly (fp32 -> int8: through int16 and fp16, the mode on the first step);
// CheckTileConstraints reports the rest as TC005 at the user's line — an error for a2a3, a
// warning on the simulated a2a3 (pl/sim runs the conversion directly).
// RUN: not %pl-translate %s --platform=a2a3 --out-dir=%t.pkg -o %t.cpp -- %dsl-flags -DWRAPS -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: %pl-translate %s -o %t2.cpp -- %dsl-flags -DWRAPS 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: %pl-translate %s --platform=a2a3 --out-dir=%t3.pkg -o %t3.cpp -- %dsl-flags
// RUN: FileCheck %s --check-prefix=PKG < %t3.pkg/kernels/aiv/to_int8_incore_0.cpp
// VERIFY-NOT: {{expected|error}}
// SIM: warning: cast from int16 to int8: a2a3's TCVT has no conversion for it and no chain of its conversions gives the same result ({{.*}}) (the simulator runs it; hardware would not) [TC005]
// PKG: TCVT(y_c, t, pto::RoundMode::CAST_FLOOR, pto::SaturationMode::ON);
// PKG: TCVT(y_c_1, y_c, pto::RoundMode::CAST_RINT);
// PKG: TCVT(y, y_c_1, pto::RoundMode::CAST_RINT, pto::SaturationMode::ON);
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 32>;
using B = pl::Tensor<pl::i8, 16, 32>;
using S = pl::Tensor<pl::i16, 16, 32>;

PL_JIT void to_int8(X x, pl::Out<B> o) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::Tile<pl::fp32, 16, 32> t = pl::load(x, {0, 0}, {16, 32});
    pl::Tile<pl::i8, 16, 32> y = pl::cast(t, pl::i8, pl::RoundMode::Floor);
    pl::store(y, {0, 0}, o);
  });
}

#ifdef WRAPS
PL_JIT void narrow(S x, pl::Out<B> o) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::Tile<pl::i16, 16, 32> t = pl::load(x, {0, 0}, {16, 32});
    pl::Tile<pl::i8, 16, 32> y = pl::cast(t, pl::i8); // expected-error {{cast from int16 to int8: a2a3's TCVT has no conversion for it}}
    pl::store(y, {0, 0}, o);
  });
}
#endif
