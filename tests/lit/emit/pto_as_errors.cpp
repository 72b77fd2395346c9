// emit/pto PTO-AS: constructs ptoas has no form for are located errors (exit 1, nothing on
// stdout), never a guess.
// RUN: not %pl-translate --emit=pto-as %s -- %dsl-flags > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck --allow-empty --check-prefix=OUT %s < %t.out
// OUT-NOT: {{.}}
#include <pl/dsl.hpp>

using X = pl::Tensor<pl::fp32, 64, 64>;

// CHECK-DAG: pto_as_errors.cpp:[[@LINE+3]]:{{[0-9]+}}: error: PTO-AS needs a for loop with a constant, non-zero step [ES010]
PL_FUNCTION(pl::FunctionType::InCore)
void strided(X x, pl::Scalar<pl::index> step, pl::Out<X> o) {
  for (auto i : pl::range(0, 4, step))
    pl::store(pl::load(x, {i * 16, 0}, {16, 16}), {i * 16, 0}, o);
}

// A transposed matmul operand is loaded transposed (PTO-ISA's DN GlobalTensor into a ZN Mat
// tile): pl prints no DN tensor view for ptoas yet.
using B = pl::Tensor<pl::fp16, 32, 64>;
using C = pl::Tensor<pl::fp32, 64, 32>;
// CHECK-DAG: pto_as_errors.cpp:[[@LINE+3]]:{{[0-9]+}}: error: op 'tile.load' has no PTO-AS form as a transposing load (a DN tensor view, which pl does not print for ptoas yet) [ES010]
PL_FUNCTION(pl::FunctionType::InCore)
void b_transposed(pl::Tensor<pl::fp16, 64, 64> a, B b, pl::Out<C> c) {
  c = pl::matmul(a, b, {.b_trans = true});
}

// A ragged tile carried through a loop whose valid rows change per trip: the valid shape of what
// is computed from it after the loop is read at run time (tile.valid_dim), which PTO-AS has no
// form for (MaterializeTileValidShapes).
using R = pl::Tensor<pl::fp32, 20, 16>;
PL_FUNCTION(pl::FunctionType::InCore)
void carried_ragged(R x, pl::Index n, pl::Out<R> o) {
  auto last = pl::load(x, {0, 0}, {16, 16});
  for (auto k : pl::range(n))
    last = pl::load(x, {k * 6 + 4, 0}, {16, 16});
  // CHECK-DAG: pto_as_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: PTO-AS has no read of a tile's run-time valid shape (a tile whose valid shape differs between the iterations of a loop or the branches of an if) [ES010]
  pl::store(pl::neg(last), {0, 0}, o);
}

// ptoas's cross-core pipes have 4 or 8 GM slots (pl's default is 4; pto-isa's TPipe takes any):
// a scope that asks for 2 gets the fix (tests/lit/emit/pto_as_pipes.cpp prints the default).
using H = pl::Tensor<pl::fp16, 32, 64>;
using W = pl::Tensor<pl::fp16, 64, 128>;
using O = pl::Tensor<pl::fp32, 32, 128>;
PL_FUNCTION(pl::FunctionType::Orchestration)
void two_slots(H a, W w, pl::Out<O> o) {
  pl::at({.level = pl::Level::CORE_GROUP,
          .optimizations = {pl::split(pl::SplitMode::UpDown), pl::cross_core_slot(2)}},
  // CHECK-DAG: pto_as_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: ptoas's cross-core pipes have 4 or 8 slots, this one 2: give the pl::at scope .optimizations = {pl::cross_core_slot(4)} (or 8) [ES010]
         [&] {
           auto x = pl::move(pl::load(a, {0, 0}, {32, 64}, {.target_memory = pl::Mem::Mat}),
                             {.target_memory = pl::Mem::Left});
           auto y = pl::move(pl::load(w, {0, 0}, {64, 128}, {.target_memory = pl::Mem::Mat}),
                             {.target_memory = pl::Mem::Right});
           pl::Tile<pl::fp32, 32, 128, pl::Mem::Acc> c = pl::matmul(x, y);
           pl::store(pl::relu(pl::move(c, {.target_memory = pl::Mem::Vec})), {0, 0}, o);
         });
}

// What ptoas's a3 verifier rejects is refused where pl would print it (ptoas's textract moves Mat
// into Left / Right only, its tinsert fp32 Acc into fp16 / bf16 Mat only, its texpands fills
// tiles of 16- or 32-bit integers, fp16 or fp32).
using X32 = pl::Tensor<pl::fp32, 32, 32>;
using X16 = pl::Tensor<pl::fp32, 16, 16>;
PL_FUNCTION(pl::FunctionType::AIV)
void vec_slice(X32 x, pl::Out<X16> y) {
  pl::Tile<pl::fp32, 32, 32> src = pl::load(x, {0, 0}, {32, 32});
  // CHECK-DAG: pto_as_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pto.textract' has no form ptoas takes for a2a3: its textract copies a Mat tile into a Left or Right tile only, this one Vec into Vec [ES010]
  auto quad = pl::slice(src, {16, 16}, {0, 0});
  pl::store(quad, {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::AIV)
void vec_assemble(X16 x, pl::Out<X32> y) {
  pl::Tile<pl::fp32, 16, 16> part = pl::load(x, {0, 0}, {16, 16});
  pl::Tile<pl::fp32, 32, 32> dst = pl::create_tile({32, 32}, pl::fp32);
  // CHECK-DAG: pto_as_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pto.tinsert' has no form ptoas takes for a2a3: its tinsert copies an Acc tile into a Mat tile only, this one Vec into Vec [ES010]
  dst = pl::assemble(dst, part, {16, 16});
  pl::store(dst, {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::AIC)
void acc_to_fp32_mat(X16 a, X16 b, pl::Out<pl::Tensor<pl::fp32, 16, 32>> y) {
  auto mat = pl::create_tile({16, 32}, pl::fp32, {.target_memory = pl::Mem::Mat});
  auto l = pl::move(pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Left});
  auto r = pl::move(pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> p = pl::matmul(l, r);
  // CHECK-DAG: pto_as_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pto.tinsert' has no form ptoas takes for a2a3: its Acc-to-Mat tinsert converts fp32 into fp16 or bf16, this one fp32 into fp32 [ES010]
  mat = pl::assemble(mat, p, {0, 16});
  pl::store(mat, {0, 0}, y);
}

using I = pl::Tensor<pl::i64, 1, 4>;
PL_FUNCTION(pl::FunctionType::AIV)
void wide_fill(pl::Index v, pl::Out<I> y) {
  // CHECK-DAG: pto_as_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pto.texpands' has no form ptoas takes for a2a3: its texpands fills tiles of 16- or 32-bit integers, fp16 or fp32, this one int64 [ES010]
  pl::store(pl::full_tile({1, 4}, pl::i64, v), {0, 0}, y);
}

// ptoas's a3 tand takes 8- and 16-bit integers only; its partial ops one shape for both operands
// and the destination (their valid shapes may differ).
using B32 = pl::Tensor<pl::i32, 16, 64>;
PL_FUNCTION(pl::FunctionType::AIV)
void wide_and(B32 x, pl::Out<B32> y) {
  pl::Tile<pl::i32, 16, 64> a = pl::load(x, {0, 0}, {16, 64});
  // CHECK-DAG: pto_as_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pto.tand' has no form ptoas takes for a2a3: its tand takes tiles of 8-bit / 16-bit integers, this one int32 [ES010]
  pl::store(pl::and_(a, a), {0, 0}, y);
}

using Y64 = pl::Tensor<pl::fp32, 16, 64>;
using Z64 = pl::Tensor<pl::fp32, 8, 64>;
PL_FUNCTION(pl::FunctionType::AIV)
void partial_shapes(Y64 y, Z64 z, pl::Out<Y64> o) {
  pl::Tile<pl::fp32, 16, 64> a = pl::load(y, {0, 0}, {16, 64});
  pl::Tile<pl::fp32, 8, 64> b = pl::load(z, {0, 0}, {8, 64});
  // CHECK-DAG: pto_as_errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pto.tpartmax' has no form ptoas takes for a2a3: its tpartmax takes operands and destination of one shape (their valid shapes may differ), this one 8x64 and 16x64 into 16x64 [ES010]
  pl::store(pl::part_max(b, a), {0, 0}, o);
}
