// A kernel whose tiles overflow Vec is a translate-time error at the kernel; nothing is written.
// RUN: rm -f %t.pl.cpp
// RUN: not %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not test -e %t.pl.cpp
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using Big = pl::Tensor<pl::fp32, 256, 128>;
using T = pl::Tensor<pl::fp32, 16, 16>;
using Tl = pl::Tile<pl::fp32, 16, 16>;

// Three 128 KiB tiles live at once: more than a2a3's 184 KiB of Vec.
PL_FUNCTION(pl::FunctionType::InCore)
void too_big(Big a, Big b, pl::Out<Big> c) { // expected-error {{kernel 'too_big' needs 393216 bytes of Vec but a2a3 has 188416 bytes available}}
  pl::Tile<pl::fp32, 256, 128> ta = pl::load(a, {0, 0}, {256, 128});
  pl::Tile<pl::fp32, 256, 128> tb = pl::load(b, {0, 0}, {256, 128});
  pl::store(pl::maximum(ta, tb) + pl::minimum(ta, tb), {0, 0}, c);
}

