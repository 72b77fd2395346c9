// Forms docs/dsl.md documents that the translator used to reject: pl::spmd (an Spmd scope with
// core_num), row_argmax / row_argmin without the scratch tile (a fresh tile.create), and plain
// C++ arithmetic conversions of scalars (explicit IR casts).
// RUN: %pl-translate --emit=ir %s -- %dsl-flags | FileCheck %s
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 16, 64>;
using I = pl::Tensor<pl::i32, 16, 1>;
using C = pl::Tensor<pl::i32, 4>;

// CHECK-LABEL: InCore block(
// CHECK: index b = tile.get_block_idx()
PL_FUNCTION(pl::FunctionType::InCore)
void block(X x, pl::Out<X> y) {
  pl::Index b = pl::get_block_idx();
  pl::store(pl::adds(pl::load(x, {b * 4, 0}, {4, 64}), 1.0f), {b * 4, 0}, y);
}

// CHECK-LABEL: Orchestration launch(
// CHECK: scope spmd {{\[\[}}core_num = (4)]] {
// CHECK-NEXT: block(x, y)
// CHECK: scope spmd {{\[\[}}core_num = (n)]] -> task_id t {
PL_FUNCTION(pl::FunctionType::Orchestration)
void launch(X x, pl::Index n, pl::Out<X> y) {
  pl::spmd(4, [&] { block(x, y); });
  auto body = [&] { block(x, y); };
  pl::TaskId t = pl::spmd(n, body);
  (void)t;
}

// CHECK-LABEL: InCore argmax(
// CHECK: tile.row_argmax(t, tile.create({16, 64}, {.dtype = fp32}))
// CHECK: tile.row_argmin(t, tile.create({16, 64}, {.dtype = fp32}))
PL_FUNCTION(pl::FunctionType::InCore)
void argmax(X x, pl::Out<I> a, pl::Out<I> b) {
  auto t = pl::load(x, {0, 0}, {16, 64});
  pl::store(pl::row_argmax(t), {0, 0}, a);
  pl::store(pl::row_argmin(t), {0, 0}, b);
}

// CHECK-LABEL: InCore conversions(
// CHECK: index k = cast<index>(tensor.read(cfg, {0}))
// CHECK: int32 s = cast<int32>(k * 2)
// CHECK: fp32 f = cast<fp32>(cast<index>(s))
// CHECK: fp16 h = cast<fp16>(f * 0.5)
// CHECK: fp32 g = cast<fp32>(neg)
PL_FUNCTION(pl::FunctionType::InCore)
void conversions(X x, C cfg, pl::Out<X> y) {
  const pl::Index k = pl::read(cfg, {0});
  pl::Scalar<pl::i32> s = k * 2;
  float f = s;
  pl::Scalar<pl::fp16> h = f * 0.5f;
  bool neg = pl::read(cfg, {2}) < 0;
  pl::Scalar<pl::fp32> g = neg;
  pl::store(pl::adds(pl::muls(pl::load(x, {k, 0}, {8, 64}), h), g), {0, 0}, y);
}
