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

// ptoas's cross-core pipes have 4 or 8 GM slots; pl's default is 2 (pto-isa's TPipe takes any):
// the fix is the scope's slot count (tests/lit/emit/pto_as_pipes.cpp prints that form).
using H = pl::Tensor<pl::fp16, 32, 64>;
using W = pl::Tensor<pl::fp16, 64, 128>;
using O = pl::Tensor<pl::fp32, 32, 128>;
PL_FUNCTION(pl::FunctionType::Orchestration)
void two_slots(H a, W w, pl::Out<O> o) {
  pl::at({.level = pl::Level::CORE_GROUP, .optimizations = {pl::split(pl::SplitMode::UpDown)}},
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
