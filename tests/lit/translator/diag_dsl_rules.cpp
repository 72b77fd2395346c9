// The DSL rules the headers check with static_asserts (PL_DSL_RULE, pl/error.hpp) are pl
// diagnostics in pl-translate, located at the user's line (pl-translate defines PL_TRANSLATING),
// and an eager build's static_assert names the same code: both paths agree.
// RUN: not %pl-translate --emit=ir %s -- %dsl-flags -ferror-limit=0 -Xclang -verify 2>&1 | FileCheck --allow-empty --check-prefix=VERIFY %s
// VERIFY-NOT: {{expected|error}}
// RUN: not %clangxx -std=c++20 -fsyntax-only -ferror-limit=0 %dsl-flags %s 2>&1 | FileCheck --check-prefix=EAGER %s
#include <pl/dsl.hpp>

using T = pl::Tensor<pl::fp32, 16, 16>;
using T16 = pl::Tensor<pl::fp16, 16, 16>;
using Tl = pl::Tile<pl::fp32, 16, 16>;

// Types (F101, F103, F104, F105).
// EAGER-DAG: pl::Tensor: a dimension must be >= 0 or pl::dyn [F103]
PL_FUNCTION(pl::FunctionType::Orchestration)
void negativeDim(pl::Tensor<pl::fp32, -4, 16> a) {} // expected-error {{dim 0 of 'pl::Tensor<pl::fp32, -4, 16>' is -4; expected a size >= 0 or pl::dyn [F103]}}

// EAGER-DAG: pl::Tile: a dimension must be > 0 or pl::dyn [F103]
PL_FUNCTION(pl::FunctionType::InCore)
void negativeTileDim(T a) {
  pl::Tile<pl::fp32, -2, 16> x; // expected-error {{dim 0 of 'pl::Tile<pl::fp32, -2, 16>' is -2; expected a size >= 1 or pl::dyn [F103]}}
}

// A tile is at least 1 x 1 (a tensor may have a 0 dim).
PL_FUNCTION(pl::FunctionType::InCore)
void zeroTileDim(T a) {
  pl::Tile<pl::fp32, 16, 0> x; // expected-error {{dim 1 of 'pl::Tile<pl::fp32, 16, 0>' is 0; expected a size >= 1 or pl::dyn [F103]}}
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void nineDims(pl::Tensor<pl::fp32, 1, 1, 1, 1, 1, 1, 1, 1, 1> a) {} // expected-error {{has 9 dims; expected at most 8 [F103]}}

// EAGER-DAG: pl::Scalar needs a concrete dtype [F101]
PL_FUNCTION(pl::FunctionType::InCore)
void anyScalar(T a, pl::Scalar<pl::any_dtype> s) {} // expected-error {{scalar element type must be a concrete dtype [F101]}}

// EAGER-DAG: only tensors and tiles can be outputs {{.*}} [F104]
PL_FUNCTION(pl::FunctionType::InCore)
void scalarOut(T a, pl::Out<pl::Scalar<pl::fp32>> s) {} // expected-error {{'pl::Out<pl::Scalar<pl::fp32> >': only tensors and tiles can be outputs (pl::Out); return a scalar result as a value, or write it into a tensor [F104]}}

PL_FUNCTION(pl::FunctionType::InCore)
void scalarInOut(T a, pl::InOut<int> n) {} // expected-error {{'pl::InOut<int>': only tensors and tiles can be outputs (pl::InOut)}}

// EAGER-DAG: pl::array holds task ids: pl::array<pl::TaskId, N> [F105]
// EAGER-DAG: pl::array needs at least one element [T106]
PL_FUNCTION(pl::FunctionType::Orchestration)
void arrays(T a) {
  pl::array<int, 4> xs{};        // expected-error {{'pl::array<int, 4>': pl::array holds task ids (pl::array<pl::TaskId, N>); keep other values in a pl::Tensor or in separate variables [F105]}}
  pl::array<pl::TaskId, 0> ids{}; // expected-error {{'array.create' needs a size >= 1, got 0 [T106]}}
}

// Conversions (F110-F113).
// EAGER-DAG: pl::Tensor: dtypes differ; convert explicitly with pl::cast [F110]
// EAGER-DAG: pl::Tile: memory spaces differ; use pl::move(tile, {.target_memory = ...}) [F112]
// EAGER-DAG: pl::Out: assigned value has a different dtype; use pl::cast [F110]
PL_FUNCTION(pl::FunctionType::Orchestration)
void conversions(T a, T16 h, pl::Out<T> c) {
  T16 x = a; // expected-error {{dtype fp32 vs fp16 (the eager run rejects it) [F110]}}
  c = h;     // expected-error {{dtype fp16 vs fp32 (the eager run rejects it) [F110]}}
}
PL_FUNCTION(pl::FunctionType::InCore)
void tileConversions(T a) {
  pl::Tile<pl::fp32, 8, 16> x = pl::load(a, {0, 0}, {16, 16}); // expected-error {{shape [16, 16] vs [8, 16] (the eager run rejects it) [F111]}}
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Vec> v = pl::load(a, {0, 0}, {16, 16});
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Mat> m = v; // expected-error {{memory space Vec vs Mat (the eager run rejects it) [F112]}}
}

// Op operands (T108, T109).
// EAGER-DAG: pl: the operands have different dtypes; insert pl::cast [T108]
// EAGER-DAG: pl: tile operands have different static shapes; {{.*}} [T109]
// EAGER-DAG: pl: tensor operands have incompatible static shapes {{.*}} [T109]
// EAGER-DAG: pl::matmul: operand dtypes differ; insert pl::cast [T108]
PL_FUNCTION(pl::FunctionType::InCore)
void operands(T a, T16 b, pl::Out<T> c) {
  Tl x = pl::load(a, {0, 0}, {16, 16});
  auto y = pl::load(b, {0, 0}, {16, 16});
  pl::Tile<pl::fp32, 8, 16> z = pl::load(a, {0, 0}, {8, 16});
  pl::store(pl::add(x, y), {0, 0}, c); // expected-error {{dtype mismatch in 'tile.add': the operands have dtypes 'fp32' and 'fp16'; expected equal dtypes [T108]}}
  pl::store(x + z, {0, 0}, c);         // expected-error {{shape mismatch in 'tile.add': operands have shapes [16, 16] and [8, 16]}}
}
PL_FUNCTION(pl::FunctionType::Orchestration)
void tensorOperands(T a, T16 h, pl::Tensor<pl::fp32, 8, 16> b, pl::Out<T> c) {
  c = a + b;            // expected-error {{shape mismatch in 'tensor.add': operands have shapes [16, 16] and [8, 16]}}
  c = pl::matmul(a, h); // expected-error {{dtype mismatch in 'tensor.matmul': the lhs and rhs have dtypes 'fp32' and 'fp16'; expected equal dtypes [T108]}}
}

// Stores (T108): an fp32 Acc tile converts into fp16 or bf16 (the FIX pipe); nothing else converts.
// EAGER-DAG: pl::store: tile and tensor dtypes differ (only an fp32 Acc tile converts, into fp16 or bf16); insert pl::cast [T108]
PL_FUNCTION(pl::FunctionType::InCore)
void stores(T a, pl::Out<pl::Tensor<pl::bf16, 16, 16>> bf, pl::Out<pl::Tensor<pl::i8, 16, 16>> i8) {
  auto l = pl::move(pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto r = pl::move(pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> acc = pl::matmul(l, r);
  pl::store(acc, {0, 0}, bf); // converts
  pl::store(acc, {0, 0}, i8); // expected-error {{'tile.store' of an Acc tile of 'fp32' into a tensor of 'int8': an Acc tile converts on store from fp32 into fp16 or bf16 only; expected equal dtypes otherwise [T108]}}
}

// Explicit forms (F209, F341, F342, F350, F353-F355, F357, F365, F374).
// EAGER-DAG: pl: the loop body must yield exactly as many values as init_values [F350]
// EAGER-DAG: pl: a loop with init_values must end its body with 'return pl::yield_(...);' [F350]
// EAGER-DAG: pl: a loop-carried value must keep its level (tensor / tile / scalar) and dtype across iterations [F110 / F113]
// EAGER-DAG: pl::unroll: init_values are not allowed on an unrolled loop {{.*}} [F342]
PL_FUNCTION(pl::FunctionType::InCore)
void loops(T a) {
  Tl t1 = pl::load(a, {0, 0}, {16, 16}), t2 = t1, t3 = t1, t4 = t1;
  auto [r1] = pl::range(2, pl::init_values(t1), [&](pl::Index i, Tl x) { return pl::yield_(x, x); }); // expected-error {{yielding 1 value(s); it yields 2 [F350]}}
  auto [r2] = pl::range(2, pl::init_values(t2), [&](pl::Index i, Tl x) { (void)x; }); // expected-error {{yielding 1 value(s); it yields 0 [F350]}}
  auto [r3] = pl::range(2, pl::init_values(t3), [&](pl::Index i, Tl x) { return pl::yield_(pl::cast(x, pl::fp16)); }); // expected-error {{does not match the declared type 'Tl' of carried value 0: dtype fp16 vs fp32 (the eager run rejects it) [F110]}}
  auto [r4] = pl::unroll(2, pl::init_values(t4), [&](pl::Index i, Tl x) { return pl::yield_(x); }); // expected-error {{pl::init_values is not allowed on pl::unroll}}
}
// EAGER-DAG: call to consteval function 'pl::LiteralBound::LiteralBound' is not a constant expression
PL_FUNCTION(pl::FunctionType::InCore)
void unrollRuntimeBound(T a, int n) {
  for (auto i : pl::unroll(n)) { // expected-error {{pl::unroll bounds must be compile-time constants; use pl::range for a dynamic trip count [F341]}}
  }
}
PL_FUNCTION(pl::FunctionType::InCore)
void carryLevel(T a) {
  auto [r] = pl::range(2, pl::init_values(a), [&](pl::Index i, T x) { return pl::yield_(pl::load(x, {0, 0}, {16, 16})); }); // expected-error {{does not match the declared type 'T' of carried value 0: a tile where a tensor is expected (pl::load / pl::store move data between them) [F113]}}
}

// EAGER-DAG: pl::while_() requires init_values to be specified (even just a counter) [F355]
// EAGER-DAG: pl::while_: the body must end with 'return pl::yield_(...);' [F350]
PL_FUNCTION(pl::FunctionType::InCore)
void whiles(T a, int n) {
  pl::while_([&] { pl::cond(n > 0); }); // expected-error {{pl::while_ takes pl::init_values(...) and a body lambda}}
  auto [i] = pl::while_(pl::init_values(0), [&](pl::Index i) { pl::cond(i < n); }); // expected-error {{the body of pl::while_ must end with 'return pl::yield_(...)' yielding 1 value(s); it yields 0 [F350]}}
}

// EAGER-DAG: pl::if_: both branches must yield the same number of values [F353]
// EAGER-DAG: pl::if_: if one branch yields, the other must yield too (or neither may) [F353]
// EAGER-DAG: pl::if_: both branches must yield values of the same level (tensor / tile / scalar) and dtype [F354]
// EAGER-DAG: pl::if_: a branch that yields needs an else branch yielding the same values [F357]
PL_FUNCTION(pl::FunctionType::InCore)
void ifs(T a, int n) {
  Tl t = pl::load(a, {0, 0}, {16, 16});
  auto [r1] = pl::if_(n > 0, [&] { return pl::yield_(t); }, [&] { return pl::yield_(t, t); }); // expected-error {{the branches of pl::if_ yield different numbers of values (then: 1, else: 2); both must yield the same values [F353]}}
  pl::if_(n > 0, [&] { return pl::yield_(t); }, [&] {}); // expected-error {{(then: 1, else: 0); both must yield the same values [F353]}}
  auto [r2] = pl::if_(n > 0, [&] { return pl::yield_(t); }, [&] { return pl::yield_(pl::cast(t, pl::fp16)); }); // expected-error {{value 0 yielded by the branches of pl::if_ has different types in the then and else branches [F354]}}
  auto [r3] = pl::if_(n > 0, [&] { return pl::yield_(t); }, [&] { return pl::yield_(a); }); // expected-error {{value 0 yielded by the branches of pl::if_ has different types}}
  pl::if_(n > 0, [&] { return pl::yield_(t); }); // expected-error {{pl::if_ that yields values needs an else branch [F357]}}
}

// EAGER-DAG: pl::scope: the body returns nothing [F209]
// EAGER-DAG: pl::at: the scope body returns nothing; write results to tensors [F209]
// EAGER-DAG: pl::submit: the kernel returns nothing; {{.*}} [F365]
PL_FUNCTION(pl::FunctionType::InCore)
Tl returnsTile(T a) { return pl::load(a, {0, 0}, {16, 16}); }
PL_FUNCTION(pl::FunctionType::Orchestration)
void tasks(T a) {
  pl::scope([&] { return 1; });                     // expected-error {{'return' inside a pl::at, pl::spmd, pl::scope, pl::manual_scope or pl::cluster body is not supported [F209]}}
  pl::at(pl::Level::CORE_GROUP, [&] { return 1; }); // expected-error {{'return' inside a pl::at}}
  pl::submit(returnsTile, a);                       // expected-error {{pl::submit launches kernel 'returnsTile', which returns a value; a task returns nothing: write its results through pl::Out / pl::InOut parameters [F365]}}
}

// EAGER-DAG: pl::tpop_from_aic<TileT>: TileT is a pl::Tile with a static shape and dtype, {{.*}} [F374]
PL_FUNCTION(pl::FunctionType::AIV)
void popDynamic(T a) {
  auto t = pl::tpop_from_aic<pl::Tile<pl::fp32, pl::dyn, 16>>(); // expected-error {{pl::tpop_from_aic<pl::Tile<pl::DType::FP32, -1, 16>>: the popped tile type needs a static shape (pipe slots have a fixed size); write its dims as constants [F374]}}
}
