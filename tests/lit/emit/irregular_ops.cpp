// The irregular ops in both printers: pl::arange_tile as PTO-ISA's TCI (the tile type, the
// start's type and the direction named; the start cast to the element type) and PTO-AS's tci
// with its `descending` attribute; the partial ops as TPART* / pto.tpart* on sources of
// different valid shapes, the destination declared with the larger one.
// RUN: %pl-translate --emit=kernels %s -- %dsl-flags | FileCheck %s
// RUN: %pl-translate --emit=pto-as %s -- %dsl-flags | FileCheck %s --check-prefix=AS
#include <pl/dsl.hpp>

using Idx = pl::Tensor<pl::i16, 2, 64>;

// CHECK-LABEL: rows
// CHECK: pto::TCI<decltype([[UP:[a-z_0-9]+]]), int16_t, 0>([[UP]], static_cast<int16_t>(s));
// CHECK: pto::TCI<decltype([[DN:[a-z_0-9]+]]), int16_t, 1>([[DN]], static_cast<int16_t>(-3));
// AS-LABEL: func.func @rows
// AS: pto.tci ins(%{{.*}} {descending = false} : i16) outs(
// AS: pto.tci ins(%{{.*}} {descending = true} : i16) outs(
PL_FUNCTION(pl::FunctionType::InCore)
void rows(pl::Index s, pl::Out<Idx> o) {
  pl::store(pl::arange_tile(s, {1, 64}, pl::i16), {0, 0}, o);
  pl::store(pl::arange_tile(-3, {1, 64}, pl::i16, {.descending = true}), {1, 0}, o);
}

using X = pl::Tensor<pl::fp32, 16, 64>;

// CHECK-LABEL: parts
// CHECK: TPARTADD([[S:[a-z_0-9]+]], {{[a-z_0-9]+}}, {{[a-z_0-9]+}});
// CHECK: TPARTMAX(
// AS-LABEL: func.func @parts
// AS: pto.tpartadd ins(
// AS: pto.tpartmax ins(
PL_FUNCTION(pl::FunctionType::InCore)
void parts(X x, pl::Index vr, pl::Out<X> o) {
  auto a = pl::load(x, {0, 0}, {16, 64});
  auto b = pl::load(x, {0, 0}, {16, 64}, {.valid_shape = {vr, 64}});
  pl::store(pl::part_max(pl::part_add(b, a), b), {0, 0}, o);
}
