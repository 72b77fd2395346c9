// The irregular ops' rules at the user's line: pl::arange_tile makes a [1, N] row with N >= 2 of
// int32 / int16 / uint32 / uint16 (PTO-ISA's TCI: T106), the partial ops need one operand's
// shape to hold the other's (T109) and int32 / int16 / fp16 / fp32 operands (T108); nothing is
// written.
// RUN: rm -f %t.pl.cpp
// RUN: not %pl-translate %s -o %t.pl.cpp -- %dsl-flags -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// RUN: not test -e %t.pl.cpp
// VERIFY-NOT: {{expected|error}}
#include <pl/dsl.hpp>

using I = pl::Tensor<pl::i32, 4, 64>;
using X = pl::Tensor<pl::fp32, 16, 64>;
using B = pl::Tensor<pl::bf16, 16, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void rows(I x, pl::Out<I> o) {
  pl::store(pl::arange_tile(0, {2, 64}, pl::i32), {0, 0}, o); // expected-error {{'tile.ci' makes a [1, N] row with a constant N >= 2, got [2, 64] (PTO-ISA's TCI fills one row of at least 2) [T106]}}
  pl::store(pl::arange_tile(0, {1, 1}, pl::i32), {0, 0}, o); // expected-error {{'tile.ci' makes a [1, N] row with a constant N >= 2, got [1, 1] (PTO-ISA's TCI fills one row of at least 2) [T106]}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void crossing(X x, pl::Out<X> o) {
  auto a = pl::load(x, {0, 0}, {8, 64});
  auto b = pl::load(x, {0, 0}, {16, 32});
  pl::store(pl::part_add(a, b), {0, 0}, o); // expected-error {{the operands of 'tile.part_add' have shapes [8, 64] and [16, 32]; one must hold the other (PTO-ISA's partial ops: one source covers the destination) [T109]}}
}

PL_FUNCTION(pl::FunctionType::InCore)
void brain(B x, pl::Out<B> o) {
  auto a = pl::load(x, {0, 0}, {16, 64});
  pl::store(pl::part_max(a, a), {0, 0}, o); // expected-error {{argument 'lhs' of 'tile.part_max' has dtype 'bf16'; expected int32, int16, fp16 or fp32 [T108]}}
}
