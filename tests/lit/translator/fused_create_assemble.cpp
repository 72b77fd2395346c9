// FuseCreateAssembleToSlice (pipeline pass 40) on what a user writes: a fresh tensor written by a
// pl::at scope or a kernel and then assembled into, or copied to, an output is that output's
// window, so no copy kernel is made; one read after the copy, or the output touched in between,
// keeps the copy (LowerOrchestrationAssembles' copy loop). FoldNoOpReshape (39): a tile
// reshaped to its own shape in its own bytes is the tile (no TRESHAPE in the kernel).
// RUN: %pl-translate %s --fuse-create-assemble --print-after=fuse-create-assemble-to-slice -o %t.cpp -- %dsl-flags 2>&1 | FileCheck %s
// Off by default (the eager run zero-fills a created tensor): no fusion without the flag.
// RUN: %pl-translate %s --emit=ir -- %dsl-flags | FileCheck --check-prefix=OFF %s
// OFF-LABEL: Orchestration blocks(
// OFF: tensor.create(
// RUN: %pl-translate %s --fuse-create-assemble --print-after=fold-no-op-reshape -o %t2.cpp -- %dsl-flags 2>&1 | FileCheck --check-prefix=FOLD %s
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using Rows = pl::Tensor<pl::fp32, 64, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void step(X x, pl::Out<X> y) { pl::store(pl::adds(pl::load(x, {0, 0}, {16, 64}), 1.0f), {0, 0}, y); }

// CHECK-LABEL: Orchestration blocks(
// CHECK: for (index r : range(0, 4, 1)) {
// CHECK-NEXT: Tensor<fp32, 16, 64> t = tensor.slice(out, {16, 64}, {r * 16, 0});
// CHECK-NEXT: scope incore {
// CHECK: t = tile.store(
// CHECK-NOT: tensor.assemble
// CHECK: Tensor<fp32, 16, 64> u = tensor.slice(y, {16, 64}, {0, 0});
// CHECK-NEXT: step(x, u);
// CHECK-NOT: tensor.assemble
// CHECK-LABEL: Orchestration kept(
// CHECK: Tensor<fp32, 16, 64> t = tensor.create(
// CHECK: y = tensor.assemble(y, t, {0, 0});
// CHECK: step(t, z);
// FOLD-LABEL: blocks_incore_0(
// FOLD-NOT: tile.reshape
// FOLD: Tile<fp32, 16, 64, Vec, @vec_0(mem_vec_0, 0, 4096)> t__tmp_v0 = b;
// FOLD-NOT: tile.reshape
// FOLD: Orchestration blocks(
PL_FUNCTION(pl::FunctionType::Orchestration)
void blocks(Rows src, X x, pl::Out<Rows> out, pl::Out<X> y) {
  for (auto r : pl::range(4)) {
    X t = pl::create_tensor({16, 64}, pl::fp32);
    pl::at(pl::Level::CORE_GROUP, [&] {
      pl::Tile<pl::fp32, 16, 64> b = pl::load(src, {r * 16, 0}, {16, 64});
      pl::store(pl::muls(pl::reshape(b, {16, 64}), 2.0f), {0, 0}, t);
    });
    pl::assemble(out, t, {r * 16, 0});
  }
  X u = pl::create_tensor({16, 64}, pl::fp32);
  step(x, u);
  y = u;
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void kept(X x, pl::Out<X> y, pl::Out<X> z) {
  X t = pl::create_tensor({16, 64}, pl::fp32);
  step(x, t);
  y = t;
  step(t, z);
}
