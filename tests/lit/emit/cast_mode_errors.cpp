// CheckTileConstraints: a cast mode PTO-ISA's TCVT does not apply is a located error on every
// platform (TC003, docs/backend.md "Casts"), nothing is printed.
// RUN: not %pl-translate %s -- %dsl-flags > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck --allow-empty --check-prefix=OUT %s < %t.out
// OUT-NOT: {{.}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 16>;
using H = pl::Tensor<pl::fp16, 16, 16>;
using I = pl::Tensor<pl::i32, 16, 16>;

// CHECK-DAG: cast_mode_errors.cpp:[[@LINE+4]]:{{[0-9]+}}: error: cast from fp32 to fp16 with mode 'trunc': PTO-ISA's TCVT rounds every conversion but float -> integer to nearest even, whatever the mode; use mode 'rint' [TC003]
PL_FUNCTION(pl::FunctionType::AIV)
void narrow(X x, pl::Out<H> h) {
  pl::Tile<pl::fp32, 16, 16> t = pl::load(x, {0, 0}, {16, 16});
  pl::store(pl::cast(t, pl::fp16, pl::RoundMode::Trunc), {0, 0}, h);
}

// CHECK-DAG: cast_mode_errors.cpp:[[@LINE+4]]:{{[0-9]+}}: error: cast from fp32 to int32 with mode 'odd': PTO-ISA's TCVT has no round-to-odd conversion to an integer; use mode 'rint' or one of 'round', 'floor', 'ceil', 'trunc' [TC003]
PL_FUNCTION(pl::FunctionType::AIV)
void odd(X x, pl::Out<I> i) {
  pl::Tile<pl::fp32, 16, 16> t = pl::load(x, {0, 0}, {16, 16});
  pl::store(pl::cast(t, pl::i32, pl::RoundMode::Odd), {0, 0}, i);
}
