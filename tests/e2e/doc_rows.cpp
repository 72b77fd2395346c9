// tests/e2e/doc_rows.cpp — one marked function per row of docs/dsl.md §1 (seeds → C++) and per
// op family of §3 (ops), each checked against a plain host reference; ctest runs it eagerly and
// translated in every executor mode and compares the two (tests/e2e/CMakeLists.txt), so the
// documentation cannot drift from the translator. The row each function covers is named in its
// comment ("§1 row: ...", "§3 row: ...") and in the label its result is reported under.
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "doc_rows_lib.hpp"  // §1 row: external @pl.function reuse

using V = pl::Tensor<pl::fp32, 16, 16>;
using VT = pl::Tile<pl::fp32, 16, 16>;
using I = pl::Tensor<pl::i32, 16, 16>;
using Col = pl::Tensor<pl::fp32, 16, 1>;
using RowV = pl::Tensor<pl::fp32, 1, 16>;
using ICol = pl::Tensor<pl::i32, 16, 1>;
using IRow = pl::Tensor<pl::i32, 1, 16>;

// =============================== §1: seeds (PyPTO) → C++ =======================================

/// §1 row: `@pl.jit def f(...)` → `PL_JIT void f(...)` (a tensor op at the top level).
PL_JIT void row_jit(V x, pl::Out<V> y) {
  pl::at(pl::Level::CORE_GROUP, [&] { y = x + x; });
}

/// §1 row: `@pl.inline` → `PL_INLINE T f(...)`.
PL_INLINE VT row_inline_twice(VT t) { return t + t; }

/// §1 rows: `@pl.function(type=...)` for InCore, AIV (and Inline above); Tensor / Tile types;
/// `pl.Out[T]`; ops with kwargs.
PL_FUNCTION(pl::FunctionType::InCore)
void row_incore(V x, pl::Out<V> y) {
  VT t = pl::load(x, {0, 0}, {16, 16});
  pl::store(row_inline_twice(t), {0, 0}, y);
}

PL_FUNCTION(pl::FunctionType::AIV)
void row_aiv(V x, pl::Out<V> y) { pl::store(pl::exp(pl::load(x, {0, 0}, {16, 16})), {0, 0}, y); }

/// §1 row: AIC (a cube kernel), `pl.Tile[..]` with a memory space (`pl::Mem::Acc`).
PL_FUNCTION(pl::FunctionType::AIC)
void row_aic(V a, V b, pl::Out<V> c) {
  auto al = pl::move(pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> acc = pl::matmul(al, br);
  pl::store(acc, {0, 0}, c);
}

/// §1 rows: Orchestration and Opaque functions calling kernels; `pl.InOut[T]`.
PL_FUNCTION(pl::FunctionType::InCore)
void row_inout_kernel(pl::InOut<V> acc, V x) {
  pl::store(pl::add(pl::load(acc, {0, 0}, {16, 16}), pl::load(x, {0, 0}, {16, 16})), {0, 0}, acc);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void row_orchestration(V x, pl::Out<V> y, pl::InOut<V> acc) {
  row_incore(x, y);
  row_inout_kernel(acc, y);
}

PL_FUNCTION(pl::FunctionType::Opaque)
void row_opaque(V x, pl::Out<V> y) { row_aiv(x, y); }

/// §1 row: `@pl.program class P` + `self.f()` → a PL_PROGRAM struct whose members call each other.
struct PL_PROGRAM RowProgram {
  PL_FUNCTION(pl::FunctionType::AIV)
  static void scale(V x, float s, pl::Out<V> y) { pl::store(pl::muls(pl::load(x, {0, 0}, {16, 16}), s), {0, 0}, y); }
  PL_FUNCTION(pl::FunctionType::Orchestration)
  static void main(V x, pl::Out<V> y, pl::Out<V> z) {
    scale(x, 2.0f, y);
    doc_shared_kernel(y, z);  // §1 row: external @pl.function reuse (from a header)
  }
};

/// §1 rows: `pl::dyn` dims, `pl::Tile<pl::fp32>` (dynamic shape), `pl::Scalar<pl::i64>` /
/// `pl::Index` / plain C++ arithmetic types as scalars.
PL_FUNCTION(pl::FunctionType::InCore)
void row_dyn_types(pl::Tensor<pl::fp32, 16, pl::dyn> x, pl::Tensor<pl::fp32, pl::dyn, pl::dyn> any, pl::Scalar<pl::i64> k,
                   pl::Index col, float f, pl::Out<pl::Tensor<pl::fp32, 16, 8>> y) {
  pl::Tile<pl::fp32> t = pl::load(x, {0, col}, {16, 8});
  pl::Tile<pl::fp32> u = pl::load(any, {0, 0}, {16, 8});
  pl::store(pl::adds(pl::muls(t + u, f), static_cast<float>(k)), {0, 0}, y);
}

/// §1 row: dtypes — a tile cast through several dtypes (each result stored in its own dtype).
PL_FUNCTION(pl::FunctionType::AIV)
void row_dtypes(V x, pl::Out<pl::Tensor<pl::fp16, 16, 16>> h, pl::Out<pl::Tensor<pl::bf16, 16, 16>> b,
                pl::Out<pl::Tensor<pl::i8, 16, 16>> i8, pl::Out<pl::Tensor<pl::i16, 16, 16>> i16,
                pl::Out<pl::Tensor<pl::i64, 16, 16>> i64, pl::Out<pl::Tensor<pl::u8, 16, 16>> u8,
                pl::Out<pl::Tensor<pl::u32, 16, 16>> u32, pl::Out<pl::Tensor<pl::fp8e4m3, 16, 16>> f8,
                pl::Out<pl::Tensor<pl::bool_, 16, 16>> bl) {
  VT t = pl::muls(pl::load(x, {0, 0}, {16, 16}), 100.0f);
  pl::store(pl::cast(t, pl::fp16), {0, 0}, h);
  pl::store(pl::cast(t, pl::bf16), {0, 0}, b);
  pl::store(pl::cast(t, pl::i8), {0, 0}, i8);
  pl::store(pl::cast(t, pl::i16), {0, 0}, i16);
  pl::store(pl::cast(t, pl::i64), {0, 0}, i64);
  pl::store(pl::cast(pl::abs(t), pl::u8), {0, 0}, u8);
  pl::store(pl::cast(pl::abs(t), pl::u32), {0, 0}, u32);
  pl::store(pl::cast(pl::muls(t, 0.01f), pl::fp8e4m3), {0, 0}, f8);
  pl::store(pl::cmps(t, 0.0f, pl::CmpMode::Gt), {0, 0}, bl);
}

/// §1 rows: `out[:] = expr` / `out = expr` (whole buffer) and `pl::assemble(out, x, off)` (a
/// window, in place).
PL_FUNCTION(pl::FunctionType::InCore)
void row_out_assign(V x, pl::Out<V> whole, pl::Out<pl::Tensor<pl::fp32, 32, 16>> two) {
  whole = pl::mul(x, x);
  pl::assemble(two, x, {0, 0});
  pl::assemble(two, pl::neg(x), {16, 0});
}

/// §1 rows: `with pl.at(level=..., name_hint=..., deps=[...]) as tid` and `pl.at(level=...)`.
PL_JIT void row_at(V x, pl::Out<V> y, pl::Out<V> z) {
  V mid = pl::create_tensor({16, 16}, pl::fp32);
  pl::TaskId first = pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "first"}, [&] { mid = x * x; });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "second", .deps = {first}}, [&] { y = mid + x; });
  pl::at(pl::Level::CORE_GROUP, [&] { z = x - mid; });
}

/// §1 rows: `pl.range(n)` / `(start, stop)` / `(start, stop, step)`, a negative step, an empty
/// range, `pl.parallel`, `pl.unroll`, `pl.pipeline(N, stage=F)`, loop-carried rebinding.
PL_FUNCTION(pl::FunctionType::InCore)
void row_loops(pl::Tensor<pl::fp32, 64, 16> x, pl::Out<pl::Tensor<pl::fp32, 16, 16>> y) {
  pl::Tile<pl::fp32, 16, 16> acc = pl::full_tile({16, 16}, pl::fp32, 0.0f);
  for (auto i : pl::range(4)) acc = acc + pl::load(x, {i * 16, 0}, {16, 16});              // range(n)
  for (auto i : pl::range(1, 3)) acc = acc + pl::load(x, {i * 16, 0}, {16, 16});           // (start, stop)
  for (auto i : pl::range(0, 4, 2)) acc = acc - pl::load(x, {i * 16, 0}, {16, 16});        // step 2
  for (auto i : pl::range(3, -1, -1)) acc = pl::muls(acc, 0.5f) + pl::load(x, {i * 16, 0}, {16, 16});  // step -1
  for (auto i : pl::range(2, 2)) acc = acc + pl::load(x, {i * 16, 0}, {16, 16});           // empty
  for (auto i : pl::parallel(2)) acc = acc + pl::muls(pl::load(x, {i * 16, 0}, {16, 16}), 3.0f);
  for (auto i : pl::unroll(2)) acc = acc - pl::load(x, {i * 16 + 32, 0}, {16, 16});
  for (auto i : pl::pipeline(2, {.stage = 2})) acc = acc + pl::muls(pl::load(x, {i * 16, 0}, {16, 16}), 0.25f);
  pl::store(acc, {0, 0}, y);
}

/// §1 rows: explicit `init_values` / `yield_` on range, parallel and pipeline.
PL_FUNCTION(pl::FunctionType::InCore)
void row_init_values(pl::Tensor<pl::fp32, 64, 16> x, pl::Out<pl::Tensor<pl::fp32, 16, 16>> y,
                     pl::Out<pl::Tensor<pl::fp32, 16, 16>> z) {
  pl::Tile<pl::fp32, 16, 16> zero = pl::full_tile({16, 16}, pl::fp32, 0.0f);
  auto [s] = pl::range(4, pl::init_values(zero), [&](pl::Index i, pl::Tile<pl::fp32, 16, 16> a) {
    return pl::yield_(a + pl::load(x, {i * 16, 0}, {16, 16}));
  });
  // (a second zero tile: a value read again after it initialised a carry is the carry-aliasing
  // miscompile of issue 11 part 1, tested by its own regression tests)
  pl::Tile<pl::fp32, 16, 16> zero2 = pl::full_tile({16, 16}, pl::fp32, 0.0f);
  auto [p, q] = pl::parallel(0, 4, 2, pl::init_values(s, zero2),
                             [&](pl::Index i, pl::Tile<pl::fp32, 16, 16> a, pl::Tile<pl::fp32, 16, 16> b) {
                               return pl::yield_(a - pl::load(x, {i * 16, 0}, {16, 16}), b + a);
                             });
  auto [r] = pl::pipeline(2, {.stage = 2}, pl::init_values(q), [&](pl::Index i, pl::Tile<pl::fp32, 16, 16> a) {
    return pl::yield_(pl::muls(a, 0.5f) + pl::load(x, {i * 16 + 16, 0}, {16, 16}));
  });
  pl::store(p, {0, 0}, y);
  pl::store(r, {0, 0}, z);
}

/// §1 rows: `pl.while_(init_values=...)` + `pl.cond`, natural `while`, `break` / `continue`.
PL_FUNCTION(pl::FunctionType::InCore)
void row_while(V x, pl::Out<V> y, pl::Out<V> z) {
  VT t = pl::load(x, {0, 0}, {16, 16});
  auto [n, acc] = pl::while_(pl::init_values(pl::Index{0}, t), [&](pl::Index n, VT a) {
    pl::cond(n < 3);
    return pl::yield_(n + 1, pl::adds(a, 1.0f));
  });
  pl::Index m = 0;
  VT b = pl::load(x, {0, 0}, {16, 16});  // not `t`: see row_init_values
  while (m < 10) {
    m = m + 1;
    if (m == 2) continue;
    if (m > 4) break;
    b = pl::muls(b, 2.0f);
  }
  pl::store(pl::adds(acc, static_cast<float>(n)), {0, 0}, y);
  pl::store(b, {0, 0}, z);
}

/// §1 rows: `pl::if_` (explicit) and natural `if/else` assigning outer variables.
PL_FUNCTION(pl::FunctionType::InCore)
void row_if(V x, pl::Index k, pl::Out<V> y, pl::Out<V> z) {
  VT t = pl::load(x, {0, 0}, {16, 16});
  auto [r] = pl::if_(k > 2, [&] { return pl::yield_(pl::exp(t)); }, [&] { return pl::yield_(pl::neg(t)); });
  VT u = t;
  if (k % 2 == 0) {
    u = pl::muls(t, 3.0f);
  } else {
    u = pl::adds(t, 3.0f);
  }
  pl::store(r, {0, 0}, y);
  pl::store(u, {0, 0}, z);
}

/// §1 rows: `pl.const` / JIT constants → `constexpr` values and template parameters (each
/// instantiation is one specialization); `pl.static_assert` → `static_assert`.
template <int Scale>
PL_FUNCTION(pl::FunctionType::AIV)
void row_template(V x, pl::Out<V> y) {
  static_assert(Scale > 0, "Scale must be positive");
  constexpr float kOffset = 0.5f;
  pl::store(pl::adds(pl::muls(pl::load(x, {0, 0}, {16, 16}), static_cast<float>(Scale)), kOffset), {0, 0}, y);
}

// =============================== §3: ops ======================================================

/// §3 row: creation — create_tile (+ TileOptions), full_tile, expands; create_tensor / full.
PL_FUNCTION(pl::FunctionType::AIV)
void ops_creation(V x, pl::Out<V> a, pl::Out<V> b) {
  VT t = pl::load(x, {0, 0}, {16, 16});
  auto c = pl::create_tile({16, 16}, pl::fp32, {.target_memory = pl::Mem::Vec});
  c = pl::assemble(c, pl::adds(t, 1.0f), {0, 0});
  VT f = pl::full_tile({16, 16}, pl::fp32, 2.5f, {.target_memory = pl::Mem::Vec});
  pl::store(pl::add(c, f), {0, 0}, a);
  pl::store(pl::expands(t, 1.5f), {0, 0}, b);
}

PL_FUNCTION(pl::FunctionType::InCore)
void ops_creation_tensor(V x, pl::Out<V> a) {
  auto f = pl::full({16, 16}, pl::fp32, 2.0f);
  a = f * x;
}

/// §3 row: load / store / move / read / write — load with offsets, `.valid_shape`,
/// `.target_memory`, `load<R, C>`, store at an offset, move, read of a tensor element, write.
PL_FUNCTION(pl::FunctionType::InCore)
void ops_load_store(pl::Tensor<pl::fp32, 32, 32> x, pl::Index vlen, pl::Out<pl::Tensor<pl::fp32, 32, 32>> y,
                    pl::Out<pl::Tensor<pl::fp32, 16, 16>> w) {
  auto a = pl::load(x, {16, 0}, {16, 16});
  auto b = pl::load<16, 16>(x, {0, 16});
  auto c = pl::load(x, {0, 0}, {16, 16}, {.valid_shape = {16, vlen}, .target_memory = pl::Mem::Vec});
  auto m = pl::move(a, {.target_memory = pl::Mem::Vec});
  pl::store(m, {0, 0}, y);
  pl::store(b, {16, 16}, y);
  pl::store(pl::fillpad(c, pl::PadValue::Zero), {0, 16}, y);
  pl::store(pl::muls(a, pl::read(x, {1, 2})), {16, 0}, y);
  pl::store(b, {0, 0}, w);
  pl::write(w, {3, 4}, pl::read(x, {5, 6}));
}

/// §3 row: views — slice, assemble, reshape, transpose, concat (+ `.axis`), extract, dim.
PL_FUNCTION(pl::FunctionType::InCore)
void ops_views(pl::Tensor<pl::fp32, 16, pl::dyn> x, pl::Out<pl::Tensor<pl::fp32, 16, 32>> cat,
               pl::Out<pl::Tensor<pl::fp32, 16, 16>> tr, pl::Out<pl::Tensor<pl::fp32, 8, 32>> rs,
               pl::Out<pl::Tensor<pl::fp32, 16, 16>> asm_) {
  const pl::Index n = pl::dim(x, 1);
  auto t = pl::load(x, {0, 0}, {16, 16});
  auto u = pl::load(x, {0, n - 16}, {16, 16});
  pl::store(pl::concat(t, u, {.axis = 1}), {0, 0}, cat);
  pl::store(pl::transpose(t, 0, 1), {0, 0}, tr);
  pl::store(pl::reshape(pl::slice(t, {4, 16}, {4, 0}), {2, 32}), {0, 0}, rs);
  pl::store(pl::reshape(pl::slice(u, {4, 16}, {8, 0}), {2, 32}), {2, 0}, rs);
  pl::store(pl::slice(t, {4, 8}, {0, 8}), {4, 0}, rs);
  auto whole = pl::assemble(t, pl::muls(pl::slice(u, {8, 8}, {8, 8}), 10.0f), {0, 0});
  pl::store(whole, {0, 0}, asm_);
}

PL_FUNCTION(pl::FunctionType::AIC)
void ops_extract(V a, V b, pl::Out<pl::Tensor<pl::fp32, 8, 8>> c) {
  auto am = pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat});
  auto bm = pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat});
  auto al = pl::extract(am, {8, 0}, {8, 16}, {.target_memory = pl::Mem::Left});
  auto br = pl::extract(bm, {0, 8}, {16, 8}, {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, 8, 8, pl::Mem::Acc> acc = pl::matmul(al, br);
  pl::store(acc, {0, 0}, c);
}

/// §3 row: cast / pad — cast with `.mode` and with a RoundMode argument, fillpad Min / Max.
PL_FUNCTION(pl::FunctionType::AIV)
void ops_cast_pad(V x, pl::Out<pl::Tensor<pl::i32, 16, 16>> a, pl::Out<pl::Tensor<pl::i32, 16, 16>> b,
                  pl::Out<pl::Tensor<pl::fp16, 16, 16>> c, pl::Out<Col> d, pl::Out<Col> e) {
  VT t = pl::muls(pl::load(x, {0, 0}, {16, 16}), 7.0f);
  pl::store(pl::cast(t, pl::i32, {.mode = pl::RoundMode::Floor}), {0, 0}, a);
  pl::store(pl::cast(t, pl::i32, pl::RoundMode::Round), {0, 0}, b);
  // (TCVT rounds a float -> float conversion to nearest even whatever the mode: TC003)
  pl::store(pl::cast(t, pl::fp16, pl::RoundMode::Rint), {0, 0}, c);
  auto v = pl::load(x, {0, 0}, {16, 16}, {.valid_shape = {16, 9}});
  pl::store(pl::row_max(pl::fillpad(v, pl::PadValue::Max)), {0, 0}, d);
  pl::store(pl::row_min(pl::fillpad(v, pl::PadValue::Min)), {0, 0}, e);
}

/// §3 rows: binary (float) and the scalar-operand forms.
PL_FUNCTION(pl::FunctionType::AIV)
void ops_binary_float(V x, V y, pl::Out<pl::Tensor<pl::fp32, 16, 128>> o) {
  VT a = pl::load(x, {0, 0}, {16, 16}), b = pl::load(y, {0, 0}, {16, 16});
  pl::store(pl::add(a, b), {0, 0}, o);
  pl::store(pl::sub(a, b), {0, 16}, o);
  pl::store(pl::mul(a, b), {0, 32}, o);
  pl::store(pl::div(a, b), {0, 48}, o);
  pl::store(pl::maximum(a, b), {0, 64}, o);
  pl::store(pl::minimum(a, b), {0, 80}, o);
  pl::store(pl::fmod(a, b), {0, 96}, o);
  pl::store(pl::rem(a, b), {0, 112}, o);
}

PL_FUNCTION(pl::FunctionType::AIV)
void ops_scalar_float(V x, float s, pl::Out<pl::Tensor<pl::fp32, 16, 128>> o) {
  VT a = pl::load(x, {0, 0}, {16, 16});
  pl::store(pl::adds(a, s), {0, 0}, o);
  pl::store(pl::subs(a, s), {0, 16}, o);
  pl::store(pl::muls(a, s), {0, 32}, o);
  pl::store(pl::divs(a, s), {0, 48}, o);
  pl::store(pl::maximums(a, s), {0, 64}, o);
  pl::store(pl::minimums(a, s), {0, 80}, o);
  pl::store(pl::fmods(a, s), {0, 96}, o);
  pl::store(pl::rems(a, s), {0, 112}, o);
}

/// §3 rows: binary and scalar forms on integers (rem, bitwise, shifts).
PL_FUNCTION(pl::FunctionType::AIV)
void ops_binary_int(I x, I y, pl::Out<pl::Tensor<pl::i32, 16, 256>> o) {
  auto a = pl::load(x, {0, 0}, {16, 16}), b = pl::load(y, {0, 0}, {16, 16});
  auto sh = pl::ands(b, 7);
  pl::store(pl::add(a, b), {0, 0}, o);
  pl::store(pl::rem(a, b), {0, 16}, o);
  pl::store(pl::div(a, b), {0, 32}, o);
  pl::store(pl::and_(a, b), {0, 48}, o);
  pl::store(pl::or_(a, b), {0, 64}, o);
  pl::store(pl::xor_(a, b), {0, 80}, o);
  pl::store(pl::shl(pl::abs(a), sh), {0, 96}, o);
  pl::store(pl::shr(pl::abs(a), sh), {0, 112}, o);
  pl::store(pl::rems(a, 7), {0, 128}, o);
  pl::store(pl::divs(a, 7), {0, 144}, o);
  pl::store(pl::ands(a, 12), {0, 160}, o);
  pl::store(pl::ors(a, 3), {0, 176}, o);
  pl::store(pl::xors(a, 5), {0, 192}, o);
  pl::store(pl::shls(pl::abs(a), 2), {0, 208}, o);
  pl::store(pl::shrs(pl::abs(a), 1), {0, 224}, o);
  pl::store(pl::not_(a), {0, 240}, o);
}

/// §3 row: unary.
PL_FUNCTION(pl::FunctionType::AIV)
void ops_unary(V x, V pos, pl::Out<pl::Tensor<pl::fp32, 16, 208>> o) {
  VT a = pl::load(x, {0, 0}, {16, 16}), p = pl::load(pos, {0, 0}, {16, 16});
  pl::store(pl::neg(a), {0, 0}, o);
  pl::store(pl::abs(a), {0, 16}, o);
  pl::store(pl::exp(a), {0, 32}, o);
  pl::store(pl::log(p), {0, 48}, o);
  pl::store(pl::sqrt(p), {0, 64}, o);
  pl::store(pl::rsqrt(p), {0, 80}, o);
  pl::store(pl::recip(p), {0, 96}, o);
  pl::store(pl::relu(a), {0, 112}, o);
  pl::store(pl::lrelu(a, 0.1f), {0, 128}, o);
  pl::store(pl::prelu(a, p), {0, 144}, o);
  pl::store(pl::sin(a), {0, 160}, o);
  pl::store(pl::cos(a), {0, 176}, o);
  pl::store(pl::neg(pl::abs(a)), {0, 192}, o);
}

/// §3 row: compare / select.
PL_FUNCTION(pl::FunctionType::AIV)
void ops_cmp_sel(V x, V y, pl::Out<pl::Tensor<pl::fp32, 16, 32>> o, pl::Out<pl::Tensor<pl::bool_, 16, 32>> m) {
  VT a = pl::load(x, {0, 0}, {16, 16}), b = pl::load(y, {0, 0}, {16, 16});
  auto lt = pl::cmp(a, b, pl::CmpMode::Lt);
  auto ge = pl::cmps(a, 0.25f, pl::CmpMode::Ge);
  pl::store(pl::sel(lt, a, b), {0, 0}, o);
  pl::store(pl::sels(ge, a, -1.0f), {0, 16}, o);
  pl::store(lt, {0, 0}, m);
  pl::store(ge, {0, 16}, m);
}

/// §3 row: reductions (row → [R, 1], col → [1, C]; tile forms with PyPTO's tmp tile).
PL_FUNCTION(pl::FunctionType::AIV)
void ops_reductions(V x, pl::Out<pl::Tensor<pl::fp32, 16, 5>> r, pl::Out<pl::Tensor<pl::fp32, 5, 16>> c,
                    pl::Out<pl::Tensor<pl::i32, 16, 2>> ri, pl::Out<pl::Tensor<pl::i32, 2, 16>> ci) {
  VT a = pl::load(x, {0, 0}, {16, 16});
  VT tmp = pl::create_tile({16, 16}, pl::fp32);
  pl::store(pl::row_sum(a, tmp), {0, 0}, r);
  pl::store(pl::row_max(a), {0, 1}, r);
  pl::store(pl::row_min(a, tmp), {0, 2}, r);
  pl::store(pl::row_prod(pl::adds(pl::muls(a, 0.1f), 1.0f)), {0, 3}, r);
  pl::store(pl::row_sum(pl::abs(a)), {0, 4}, r);
  pl::store(pl::col_sum(a), {0, 0}, c);
  pl::store(pl::col_max(a), {1, 0}, c);
  pl::store(pl::col_min(a), {2, 0}, c);
  pl::store(pl::col_prod(pl::adds(pl::muls(a, 0.1f), 1.0f)), {3, 0}, c);
  pl::store(pl::col_sum(pl::abs(a)), {4, 0}, c);
  pl::store(pl::row_argmax(a, tmp), {0, 0}, ri);
  pl::store(pl::row_argmin(a, tmp), {0, 1}, ri);
  pl::store(pl::col_argmax(a), {0, 0}, ci);
  pl::store(pl::col_argmin(a), {1, 0}, ci);
}

/// §3 row: broadcast (row vectors [R, 1], column vectors [1, C]).
PL_FUNCTION(pl::FunctionType::AIV)
void ops_broadcast(V x, Col rv, RowV cv, pl::Out<pl::Tensor<pl::fp32, 16, 208>> o) {
  VT a = pl::load(x, {0, 0}, {16, 16});
  auto r = pl::load(rv, {0, 0}, {16, 1});
  auto c = pl::load(cv, {0, 0}, {1, 16});
  pl::store(pl::row_expand(a, r), {0, 0}, o);
  pl::store(pl::row_expand_add(a, r), {0, 16}, o);
  pl::store(pl::row_expand_sub(a, r), {0, 32}, o);
  pl::store(pl::row_expand_mul(a, r), {0, 48}, o);
  pl::store(pl::row_expand_div(a, r), {0, 64}, o);
  pl::store(pl::row_expand_max(a, r), {0, 80}, o);
  pl::store(pl::row_expand_min(a, r), {0, 96}, o);
  pl::store(pl::row_expand_expdif(a, r), {0, 112}, o);
  pl::store(pl::col_expand(a, c), {0, 128}, o);
  pl::store(pl::col_expand_add(a, c), {0, 144}, o);
  pl::store(pl::col_expand_sub(a, c), {0, 160}, o);
  pl::store(pl::col_expand_mul(a, c), {0, 176}, o);
  pl::store(pl::col_expand_div(a, c), {0, 192}, o);
}

/// §3 row: matmul family on tiles (matmul, matmul_acc, matmul_bias, gemv, gemv_acc, gemv_bias,
/// with MatmulOptions).
PL_FUNCTION(pl::FunctionType::AIC)
void ops_matmul(V a, V b, RowV bias, pl::Out<V> c, pl::Out<V> d, pl::Out<RowV> g, pl::Out<pl::Tensor<pl::fp16, 16, 16>> h) {
  auto al = pl::move(pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
  auto bt = pl::move(pl::load(bias, {0, 0}, {1, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Bias});
  auto xl = pl::move(pl::load(a, {3, 0}, {1, 16}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> m = pl::matmul(al, br, {.b_trans = true});
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> n = pl::matmul_acc(m, al, br);
  pl::store(n, {0, 0}, c);
  pl::Tile<pl::fp32, 16, 16, pl::Mem::Acc> q = pl::matmul_bias(al, br, bt, {.a_trans = true});
  pl::store(q, {0, 0}, d);
  pl::Tile<pl::fp32, 1, 16, pl::Mem::Acc> v = pl::gemv(xl, br);
  pl::Tile<pl::fp32, 1, 16, pl::Mem::Acc> w = pl::gemv_acc(v, xl, br, {.b_trans = true});
  pl::Tile<pl::fp32, 1, 16, pl::Mem::Acc> z = pl::gemv_bias(xl, br, bt);
  pl::Tile<pl::fp32, 1, 16, pl::Mem::Acc> zz = pl::matmul_acc(z, xl, br);
  pl::store(w, {0, 0}, g);
  pl::store(zz, {0, 0}, g);
  pl::Tile<pl::fp16, 16, 16, pl::Mem::Acc> hh = pl::matmul(al, br, {.out_dtype = pl::DType::FP16});
  pl::store(hh, {0, 0}, h);
}

/// §3 row: matmul family on tensors (tensor.matmul through ConvertTensorToTileOps; matmul_acc
/// on tensors: see the report).
PL_FUNCTION(pl::FunctionType::InCore)
void ops_matmul_tensor(V a, V b, pl::Out<V> c, pl::Out<V> d) {
  c = pl::matmul(a, b, {.a_trans = true});
  d = pl::matmul(a, b, {.b_trans = true});
}

/// §3 row: block identity outside pl::spmd (0, 1, 0).
PL_FUNCTION(pl::FunctionType::AIV)
void ops_block_identity(V x, pl::Out<V> y) {
  const pl::Index b = pl::get_block_idx(), n = pl::get_block_num(), s = pl::get_subblock_idx();
  pl::store(pl::adds(pl::load(x, {0, 0}, {16, 16}), static_cast<float>(b * 100 + n * 10 + s)), {0, 0}, y);
}

/// §3 row: operators on tiles and tensors: `a + b`, `a - b`, `a * b`, `a / b`, `-a`, `x op s`,
/// `s + x`, `s * x`, `s - x`, `s / x`.
PL_FUNCTION(pl::FunctionType::AIV)
void ops_operators_tile(V x, V y, pl::Out<pl::Tensor<pl::fp32, 16, 160>> o) {
  VT a = pl::load(x, {0, 0}, {16, 16}), b = pl::load(y, {0, 0}, {16, 16});
  pl::store(a + b, {0, 0}, o);
  pl::store(a - b, {0, 16}, o);
  pl::store(a * b, {0, 32}, o);
  pl::store(a / b, {0, 48}, o);
  pl::store(-a, {0, 64}, o);
  pl::store(a * 2.0f, {0, 80}, o);
  pl::store(2.0f + a, {0, 96}, o);
  pl::store(3.0f * a, {0, 112}, o);
  pl::store(1.0f - a, {0, 128}, o);
  pl::store(2.0f / b, {0, 144}, o);
}

PL_FUNCTION(pl::FunctionType::InCore)
void ops_operators_tensor(V x, V y, pl::Out<V> o) { o = (x + y) * x - y / 4.0f; }

// ---- rows fixed by the other parts of issue 11 (added after they merged) ----

/// §3 row: `row_argmax` / `row_argmin` on a tile without PyPTO's tmp tile (it is optional).
PL_FUNCTION(pl::FunctionType::AIV)
void row_argmax1(V x, pl::Out<pl::Tensor<pl::i32, 16, 2>> ri) {
  VT a = pl::load(x, {0, 0}, {16, 16});
  pl::store(pl::row_argmax(a), {0, 0}, ri);
  pl::store(pl::row_argmin(a), {0, 1}, ri);
}

/// §1 row: plain C++ arithmetic types are accepted where a scalar is (implicit int32 → Index).
PL_FUNCTION(pl::FunctionType::InCore)
void row_widen(V x, pl::Tensor<pl::i32, 2> cfg, pl::Out<V> y) {
  const pl::Index k = pl::read(cfg, {0});
  pl::store(pl::adds(pl::load(x, {0, 0}, {16, 16}), static_cast<float>(k)), {0, 0}, y);
}

/// §1 row: scalar code is C++ — `/` and `%` truncate toward zero on negative operands.
PL_FUNCTION(pl::FunctionType::InCore)
void row_trunc_div(V x, pl::Index i, pl::Out<V> y) {
  const pl::Index q = (i - 3) / 2, r = (i - 3) % 2;
  pl::store(pl::adds(pl::load(x, {0, 0}, {16, 16}), static_cast<float>(q * 10 + r)), {0, 0}, y);
}

/// §1 row: `init_values` + `pl.yield_` with carried values that trade places.
PL_FUNCTION(pl::FunctionType::InCore)
void row_swap(V x, V y, pl::Out<V> o1, pl::Out<V> o2) {
  VT a = pl::load(x, {0, 0}, {16, 16}), b = pl::load(y, {0, 0}, {16, 16});
  auto [p, q] = pl::range(3, pl::init_values(a, b), [&](pl::Index, VT u, VT v) { return pl::yield_(v, u); });
  pl::store(p, {0, 0}, o1);
  pl::store(pl::add(q, a), {0, 0}, o2);
}

// =============================== host side ====================================================

#include "doc_rows_ref.hpp"  // host-side references and the check/report helper

/// The outputs of row_dtypes: one tensor per dtype it stores.
struct DtypeOuts {
  pl::Tensor<pl::fp16, 16, 16> h;
  pl::Tensor<pl::bf16, 16, 16> b;
  pl::Tensor<pl::i8, 16, 16> i8;
  pl::Tensor<pl::i16, 16, 16> i16;
  pl::Tensor<pl::i64, 16, 16> i64;
  pl::Tensor<pl::u8, 16, 16> u8;
  pl::Tensor<pl::u32, 16, 16> u32;
  pl::Tensor<pl::fp8e4m3, 16, 16> f8;
  pl::Tensor<pl::bool_, 16, 16> bl;
};

int main() {
  const auto xs = pl::random_vector(16 * 16, 1), ys = pl::random_vector(16 * 16, 2, 0.5f, 2.0f);
  V x(xs), y(ys);
  const auto xd = host(x), yd = host(y);

  // ---- §1 ----
  {
    V o;
    row_jit(x, o);
    check("s1_jit", o, map1(xd, [](double v) { return v + v; }));
  }
  {
    V o, p;
    row_incore(x, o);
    check("s1_incore_inline", o, map1(xd, [](double v) { return v + v; }));
    row_aiv(x, p);
    check("s1_aiv", p, map1(xd, [](double v) { return std::exp(v); }));
  }
  {
    V c;
    row_aic(x, y, c);
    check("s1_aic_acc_tile", c, mm(xd, yd, 16, 16, 16), {.atol = 1e-5});
  }
  {
    V o, acc(ys);
    row_orchestration(x, o, acc);
    check("s1_orchestration_out", o, map1(xd, [](double v) { return v + v; }));
    check("s1_orchestration_inout", acc, map2(yd, xd, [](double a, double v) { return a + (v + v); }));
    V p;
    row_opaque(x, p);
    check("s1_opaque", p, map1(xd, [](double v) { return std::exp(v); }));
  }
  {
    V o, z;
    RowProgram::main(x, o, z);
    check("s1_program", o, map1(xd, [](double v) { return 2 * v; }));
    check("s1_external_reuse", z, map1(xd, [](double v) { return static_cast<float>(2 * v) * 3.0 - 1.0; }));
  }
  {
    const auto ws = pl::random_vector(16 * 24, 3);
    pl::Tensor<pl::fp32, 16, pl::dyn> w(ws, {16, 24});
    pl::Tensor<pl::fp32, pl::dyn, pl::dyn> any(ys, {16, 16});
    pl::Tensor<pl::fp32, 16, 8> o;
    row_dyn_types(w, any, pl::Scalar<pl::i64>(3), 8, 0.5f, o);
    std::vector<double> ref;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) ref.push_back((ws[i * 24 + 8 + j] + static_cast<double>(ys[i * 16 + j])) * 0.5 + 3);
    check("s1_dyn_any_scalar_types", o, ref);
  }
  {
    DtypeOuts outs;
    auto &[h, b, i8, i16, i64, u8, u32, f8, bl] = outs;
    row_dtypes(x, h, b, i8, i16, i64, u8, u32, f8, bl);
    const auto t = map1(xd, [](double v) { return static_cast<double>(static_cast<float>(v * 100)); });
    check("s1_dtype_fp16", h, map1(t, [](double v) { return rnd(pl::DType::FP16, v); }));
    check("s1_dtype_bf16", b, map1(t, [](double v) { return rnd(pl::DType::BF16, v); }));
    check("s1_dtype_i8", i8, map1(t, [](double v) { return std::nearbyint(v); }));
    check("s1_dtype_i16", i16, map1(t, [](double v) { return std::nearbyint(v); }));
    check("s1_dtype_i64", i64, map1(t, [](double v) { return std::nearbyint(v); }));
    check("s1_dtype_u8", u8, map1(t, [](double v) { return std::nearbyint(std::fabs(v)); }));
    check("s1_dtype_u32", u32, map1(t, [](double v) { return std::nearbyint(std::fabs(v)); }));
    check("s1_dtype_fp8e4m3", f8, map1(t, [](double v) { return rnd(pl::DType::FP8E4M3FN, static_cast<float>(v * 0.01f)); }));
    check("s1_dtype_bool", bl, map1(t, [](double v) { return v > 0 ? 1.0 : 0.0; }));
  }
  {
    V whole;
    pl::Tensor<pl::fp32, 32, 16> two;
    row_out_assign(x, whole, two);
    check("s1_out_assign", whole, map1(xd, [](double v) { return static_cast<float>(v * v); }));
    auto ref = xd;
    for (double v : xd) ref.push_back(-v);
    check("s1_assemble", two, ref);
  }
  {
    V o, z;
    row_at(x, o, z);
    const auto sq = map1(xd, [](double v) { return static_cast<double>(static_cast<float>(v * v)); });
    check("s1_at_deps", o, map2(sq, xd, [](double s, double v) { return s + v; }));
    check("s1_at_level", z, map2(xd, sq, [](double v, double s) { return v - s; }));
  }
  const auto x64s = pl::random_vector(64 * 16, 4);
  pl::Tensor<pl::fp32, 64, 16> x64(x64s);
  const auto x64d = host(x64);
  auto blk = [&](int i) { return block(x64d, 64, 16, 0, 16, i * 16, 16); };
  {
    pl::Tensor<pl::fp32, 16, 16> o;
    row_loops(x64, o);
    std::vector<double> acc(256, 0.0);
    auto addTo = [&](int i, double s) {
      auto b = blk(i);
      for (std::size_t k = 0; k < 256; ++k) acc[k] = static_cast<float>(acc[k] + s * b[k]);
    };
    for (int i = 0; i < 4; ++i) addTo(i, 1);
    for (int i = 1; i < 3; ++i) addTo(i, 1);
    for (int i = 0; i < 4; i += 2) addTo(i, -1);
    for (int i = 3; i > -1; --i) {
      for (auto& v : acc) v = static_cast<float>(v * 0.5);
      addTo(i, 1);
    }
    for (int i = 0; i < 2; ++i) {
      auto b = blk(i);
      for (std::size_t k = 0; k < 256; ++k) acc[k] = static_cast<float>(acc[k] + static_cast<float>(3 * b[k]));
    }
    for (int i = 0; i < 2; ++i) addTo(i + 2, -1);
    for (int i = 0; i < 2; ++i) {
      auto b = blk(i);
      for (std::size_t k = 0; k < 256; ++k) acc[k] = static_cast<float>(acc[k] + static_cast<float>(0.25 * b[k]));
    }
    check("s1_range_parallel_unroll_pipeline", o, acc);
  }
  {
    pl::Tensor<pl::fp32, 16, 16> o, z;
    row_init_values(x64, o, z);
    std::vector<double> s(256, 0.0), p, q(256, 0.0), r;
    for (int i = 0; i < 4; ++i) s = map2(s, blk(i), [](double a, double b) { return static_cast<float>(a + b); });
    p = s;
    for (int i = 0; i < 4; i += 2) {
      auto np = map2(p, blk(i), [](double a, double b) { return static_cast<float>(a - b); });
      q = map2(q, p, [](double a, double b) { return static_cast<float>(a + b); });
      p = np;
    }
    r = q;
    for (int i = 0; i < 2; ++i)
      r = map2(r, blk(i + 1), [](double a, double b) { return static_cast<float>(static_cast<float>(a * 0.5) + b); });
    check("s1_init_values_range_parallel", o, p);
    check("s1_init_values_pipeline", z, r);
  }
  {
    V o, z;
    row_while(x, o, z);
    check("s1_while_cond", o, map1(xd, [](double v) { return static_cast<float>(static_cast<float>(v + 3) + 3); }));
    check("s1_natural_while_break_continue", z, map1(xd, [](double v) { return v * 8; }));
  }
  {
    V o, z, o2, z2;
    row_if(x, 3, o, z);
    row_if(x, 2, o2, z2);
    check("s1_if_explicit_then", o, map1(xd, [](double v) { return std::exp(v); }));
    check("s1_if_explicit_else", o2, map1(xd, [](double v) { return -v; }));
    check("s1_if_natural_else", z, map1(xd, [](double v) { return v + 3; }));
    check("s1_if_natural_then", z2, map1(xd, [](double v) { return v * 3; }));
  }
  {
    V o, p;
    row_template<2>(x, o);
    row_template<5>(x, p);
    check("s1_template_2", o, map1(xd, [](double v) { return static_cast<float>(v * 2) + 0.5; }));
    check("s1_template_5", p, map1(xd, [](double v) { return static_cast<float>(v * 5) + 0.5; }));
  }

  // ---- §3 ----
  {
    V a, b, c;
    ops_creation(x, a, b);
    check("s3_creation_tile", a, map1(xd, [](double v) { return static_cast<float>(v + 1) + 2.5; }));
    check("s3_expands", b, std::vector<double>(256, 1.5));
    ops_creation_tensor(x, c);
    check("s3_creation_tensor_full", c, map1(xd, [](double v) { return 2 * v; }));
  }
  {
    const auto bigs = pl::random_vector(32 * 32, 5);
    pl::Tensor<pl::fp32, 32, 32> big(bigs);
    pl::Tensor<pl::fp32, 32, 32> o;
    pl::Tensor<pl::fp32, 16, 16> w;
    ops_load_store(big, 5, o, w);
    std::vector<double> ref(32 * 32, 0.0);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        ref[i * 32 + j] = bigs[(16 + i) * 32 + j] * static_cast<double>(bigs[1 * 32 + 2]);
        ref[i * 32 + j] = static_cast<float>(ref[i * 32 + j]);
        ref[(16 + i) * 32 + 16 + j] = bigs[i * 32 + 16 + j];
        ref[i * 32 + 16 + j] = j < 5 ? bigs[i * 32 + j] : 0.0;
      }
    // The first store of `m` at {0, 0} is overwritten by the last store at {16, 0}? No: m goes to
    // {0, 0} and the scaled tile to {16, 0}.
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        ref[(16 + i) * 32 + j] = static_cast<float>(bigs[(16 + i) * 32 + j] * static_cast<double>(bigs[1 * 32 + 2]));
        ref[i * 32 + j] = bigs[(16 + i) * 32 + j];
      }
    check("s3_load_store_move_read", o, ref);
    std::vector<double> wr;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) wr.push_back(i == 3 && j == 4 ? bigs[5 * 32 + 6] : bigs[i * 32 + 16 + j]);
    check("s3_write", w, wr);
  }
  {
    const auto ws = pl::random_vector(16 * 40, 6);
    pl::Tensor<pl::fp32, 16, pl::dyn> w(ws, {16, 40});
    pl::Tensor<pl::fp32, 16, 32> cat;
    pl::Tensor<pl::fp32, 16, 16> tr, as;
    pl::Tensor<pl::fp32, 8, 32> rs;
    ops_views(w, cat, tr, rs, as);
    auto wt = [&](int i, int j) { return static_cast<double>(ws[i * 40 + j]); };
    std::vector<double> rc, rt, rr(8 * 32, 0.0), ra;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 32; ++j) rc.push_back(j < 16 ? wt(i, j) : wt(i, 24 + j - 16));
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) rt.push_back(wt(j, i));
    for (int k = 0; k < 64; ++k) rr[k] = wt(4 + k / 16, k % 16);
    for (int k = 0; k < 64; ++k) rr[64 + k] = wt(8 + k / 16, 24 + k % 16);
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 8; ++j) rr[(4 + i) * 32 + j] = wt(i, 8 + j);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) ra.push_back(i < 8 && j < 8 ? static_cast<float>(wt(8 + i, 24 + 8 + j) * 10) : wt(i, j));
    check("s3_concat_dim", cat, rc);
    check("s3_transpose", tr, rt);
    check("s3_slice_reshape", rs, rr);
    check("s3_assemble_tile", as, ra);
  }
  {
    pl::Tensor<pl::fp32, 8, 8> c;
    ops_extract(x, y, c);
    std::vector<double> ref(64, 0.0);
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        for (int k = 0; k < 16; ++k) ref[i * 8 + j] += xd[(8 + i) * 16 + k] * yd[k * 16 + 8 + j];
    check("s3_extract", c, ref, {.atol = 1e-5});
  }
  {
    pl::Tensor<pl::i32, 16, 16> a, b;
    pl::Tensor<pl::fp16, 16, 16> c;
    Col d, e;
    ops_cast_pad(x, a, b, c, d, e);
    const auto t = map1(xd, [](double v) { return static_cast<double>(static_cast<float>(v * 7)); });
    check("s3_cast_mode_floor", a, map1(t, [](double v) { return std::floor(v); }));
    check("s3_cast_roundmode_round", b, map1(t, [](double v) { return std::round(v); }));
    check("s3_cast_fp16_rint", c,
          map1(t, [](double v) { return pl::round_to(pl::DType::FP16, v, pl::RoundMode::Rint); }));
    std::vector<double> mx, mn;
    for (int i = 0; i < 16; ++i) {
      mx.push_back(INFINITY);
      double m = INFINITY;
      for (int j = 0; j < 9; ++j) m = std::min(m, xd[i * 16 + j]);
      mn.push_back(-INFINITY);
      (void)m;
    }
    check("s3_fillpad_max", d, mx);
    check("s3_fillpad_min", e, mn);
  }
  {
    pl::Tensor<pl::fp32, 16, 128> o, s;
    ops_binary_float(x, y, o);
    check("s3_binary_add", block(host(o), 16, 128, 0, 16), map2(xd, yd, [](double a, double b) { return a + b; }));
    check("s3_binary_sub", block(host(o), 16, 128, 16, 16), map2(xd, yd, [](double a, double b) { return a - b; }));
    check("s3_binary_mul", block(host(o), 16, 128, 32, 16), map2(xd, yd, [](double a, double b) { return a * b; }));
    check("s3_binary_div", block(host(o), 16, 128, 48, 16), map2(xd, yd, [](double a, double b) { return a / b; }));
    check("s3_binary_maximum", block(host(o), 16, 128, 64, 16), map2(xd, yd, [](double a, double b) { return std::max(a, b); }));
    check("s3_binary_minimum", block(host(o), 16, 128, 80, 16), map2(xd, yd, [](double a, double b) { return std::min(a, b); }));
    check("s3_binary_fmod", block(host(o), 16, 128, 96, 16), map2(xd, yd, [](double a, double b) { return std::fmod(a, b); }));
    check("s3_binary_rem", block(host(o), 16, 128, 112, 16),
          map2(xd, yd, [](double a, double b) { return a - std::floor(a / b) * b; }));
    ops_scalar_float(x, 0.75f, s);
    const double k = 0.75;
    check("s3_scalar_adds", block(host(s), 16, 128, 0, 16), map1(xd, [&](double a) { return a + k; }));
    check("s3_scalar_subs", block(host(s), 16, 128, 16, 16), map1(xd, [&](double a) { return a - k; }));
    check("s3_scalar_muls", block(host(s), 16, 128, 32, 16), map1(xd, [&](double a) { return a * k; }));
    check("s3_scalar_divs", block(host(s), 16, 128, 48, 16), map1(xd, [&](double a) { return a / k; }));
    check("s3_scalar_maximums", block(host(s), 16, 128, 64, 16), map1(xd, [&](double a) { return std::max(a, k); }));
    check("s3_scalar_minimums", block(host(s), 16, 128, 80, 16), map1(xd, [&](double a) { return std::min(a, k); }));
    check("s3_scalar_fmods", block(host(s), 16, 128, 96, 16), map1(xd, [&](double a) { return std::fmod(a, k); }));
    check("s3_scalar_rems", block(host(s), 16, 128, 112, 16), map1(xd, [&](double a) { return a - std::floor(a / k) * k; }));
  }
  {
    const auto ai = randomInts(256, 7, -1000, 1000), bi0 = randomInts(256, 8, 1, 50);
    I a(ai, {16, 16}), b(bi0, {16, 16});
    pl::Tensor<pl::i32, 16, 256> o;
    ops_binary_int(a, b, o);
    const auto ad = host(a), bd = host(b), od = host(o);
    auto iref = [&](auto f) {
      std::vector<double> r;
      for (std::size_t k = 0; k < 256; ++k) r.push_back(static_cast<double>(f(static_cast<std::int64_t>(ad[k]), static_cast<std::int64_t>(bd[k]))));
      return r;
    };
    auto flr = [](std::int64_t p, std::int64_t q) { std::int64_t d = p / q; return (p % q != 0 && ((p < 0) != (q < 0))) ? d - 1 : d; };
    check("s3_int_add", block(od, 16, 256, 0, 16), iref([](auto p, auto q) { return p + q; }));
    check("s3_int_rem", block(od, 16, 256, 16, 16), iref([&](auto p, auto q) { return p - flr(p, q) * q; }));
    check("s3_int_div", block(od, 16, 256, 32, 16), iref([](auto p, auto q) { return p / q; }));  // truncating
    check("s3_int_and", block(od, 16, 256, 48, 16), iref([](auto p, auto q) { return p & q; }));
    check("s3_int_or", block(od, 16, 256, 64, 16), iref([](auto p, auto q) { return p | q; }));
    check("s3_int_xor", block(od, 16, 256, 80, 16), iref([](auto p, auto q) { return p ^ q; }));
    check("s3_int_shl", block(od, 16, 256, 96, 16), iref([](auto p, auto q) { return static_cast<std::int32_t>(std::llabs(p) << (q & 7)); }));
    check("s3_int_shr", block(od, 16, 256, 112, 16), iref([](auto p, auto q) { return std::llabs(p) >> (q & 7); }));
    check("s3_int_rems", block(od, 16, 256, 128, 16), iref([&](auto p, auto) { return p - flr(p, 7) * 7; }));
    check("s3_int_divs", block(od, 16, 256, 144, 16), iref([](auto p, auto) { return p / 7; }));
    check("s3_int_ands", block(od, 16, 256, 160, 16), iref([](auto p, auto) { return p & 12; }));
    check("s3_int_ors", block(od, 16, 256, 176, 16), iref([](auto p, auto) { return p | 3; }));
    check("s3_int_xors", block(od, 16, 256, 192, 16), iref([](auto p, auto) { return p ^ 5; }));
    check("s3_int_shls", block(od, 16, 256, 208, 16), iref([](auto p, auto) { return std::llabs(p) << 2; }));
    check("s3_int_shrs", block(od, 16, 256, 224, 16), iref([](auto p, auto) { return std::llabs(p) >> 1; }));
    check("s3_int_not", block(od, 16, 256, 240, 16), iref([](auto p, auto) { return ~p; }));
  }
  {
    pl::Tensor<pl::fp32, 16, 208> o;
    ops_unary(x, y, o);
    const auto od = host(o);
    auto f32 = [](double v) { return static_cast<double>(static_cast<float>(v)); };
    check("s3_unary_neg", block(od, 16, 208, 0, 16), map1(xd, [](double v) { return -v; }));
    check("s3_unary_abs", block(od, 16, 208, 16, 16), map1(xd, [](double v) { return std::fabs(v); }));
    check("s3_unary_exp", block(od, 16, 208, 32, 16), map1(xd, [](double v) { return std::exp(v); }));
    check("s3_unary_log", block(od, 16, 208, 48, 16), map1(yd, [](double v) { return std::log(v); }));
    check("s3_unary_sqrt", block(od, 16, 208, 64, 16), map1(yd, [](double v) { return std::sqrt(v); }));
    check("s3_unary_rsqrt", block(od, 16, 208, 80, 16), map1(yd, [](double v) { return 1 / std::sqrt(v); }));
    check("s3_unary_recip", block(od, 16, 208, 96, 16), map1(yd, [](double v) { return 1 / v; }));
    check("s3_unary_relu", block(od, 16, 208, 112, 16), map1(xd, [](double v) { return std::max(v, 0.0); }));
    check("s3_unary_lrelu", block(od, 16, 208, 128, 16), map1(xd, [&](double v) { return v > 0 ? v : f32(0.1f) * v; }));
    check("s3_unary_prelu", block(od, 16, 208, 144, 16), map2(xd, yd, [](double v, double s) { return v > 0 ? v : s * v; }));
    check("s3_unary_sin", block(od, 16, 208, 160, 16), map1(xd, [](double v) { return std::sin(v); }));
    check("s3_unary_cos", block(od, 16, 208, 176, 16), map1(xd, [](double v) { return std::cos(v); }));
    check("s3_unary_neg_abs", block(od, 16, 208, 192, 16), map1(xd, [](double v) { return -std::fabs(v); }));
  }
  {
    pl::Tensor<pl::fp32, 16, 32> o;
    pl::Tensor<pl::bool_, 16, 32> m;
    ops_cmp_sel(x, y, o, m);
    std::vector<double> ro, rm;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 32; ++j) {
        const double a = xd[i * 16 + j % 16], b = yd[i * 16 + j % 16];
        ro.push_back(j < 16 ? (a < b ? a : b) : (a >= 0.25 ? a : -1.0));
        rm.push_back(j < 16 ? (a < b) : (a >= 0.25));
      }
    check("s3_sel_sels", o, ro);
    check("s3_cmp_cmps", m, rm);
  }
  {
    pl::Tensor<pl::fp32, 16, 5> r;
    pl::Tensor<pl::fp32, 5, 16> c;
    pl::Tensor<pl::i32, 16, 2> ri;
    pl::Tensor<pl::i32, 2, 16> ci;
    ops_reductions(x, r, c, ri, ci);
    std::vector<double> rr, rc(5 * 16), rri, rci(2 * 16);
    auto p1 = [](double v) { return static_cast<double>(static_cast<float>(static_cast<float>(v * 0.1f) + 1.0)); };
    // The five reductions and the two arg-reductions of the 16 values at(0..15) (a row or a
    // column).
    struct Reduced {
      double s = 0, mx = -INFINITY, mn = INFINITY, pr = 1, sa = 0;
      int amx = 0, amn = 0;
    };
    auto reduce = [&](auto at) {
      Reduced r;
      for (int k = 0; k < 16; ++k) {
        const double v = at(k);
        r.s += v;
        r.sa += std::fabs(v);
        r.pr *= p1(v);
        if (v > r.mx) {
          r.mx = v;
          r.amx = k;
        }
        if (v < r.mn) {
          r.mn = v;
          r.amn = k;
        }
      }
      return r;
    };
    for (int i = 0; i < 16; ++i) {
      const Reduced r = reduce([&](int j) { return xd[i * 16 + j]; });
      for (double v : {r.s, r.mx, r.mn, r.pr, r.sa})
        rr.push_back(v);
      rri.push_back(r.amx);
      rri.push_back(r.amn);
    }
    for (int j = 0; j < 16; ++j) {
      const Reduced r = reduce([&](int i) { return xd[i * 16 + j]; });
      rc[j] = r.s;
      rc[16 + j] = r.mx;
      rc[32 + j] = r.mn;
      rc[48 + j] = r.pr;
      rc[64 + j] = r.sa;
      rci[j] = r.amx;
      rci[16 + j] = r.amn;
    }
    check("s3_row_reductions", r, rr);
    check("s3_col_reductions", c, rc);
    check("s3_row_argmax_argmin", ri, rri);
    check("s3_col_argmax_argmin", ci, rci);
  }
  {
    const auto rvs = pl::random_vector(16, 9, 0.5f, 2.0f), cvs = pl::random_vector(16, 10, 0.5f, 2.0f);
    Col rv(rvs);
    RowV cv(cvs);
    pl::Tensor<pl::fp32, 16, 208> o;
    ops_broadcast(x, rv, cv, o);
    const auto od = host(o), rd = host(rv), cd = host(cv);
    auto rowRef = [&](auto f) {
      std::vector<double> r;
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) r.push_back(f(xd[i * 16 + j], rd[i]));
      return r;
    };
    auto colRef = [&](auto f) {
      std::vector<double> r;
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) r.push_back(f(xd[i * 16 + j], cd[j]));
      return r;
    };
    check("s3_row_expand", block(od, 16, 208, 0, 16), rowRef([](double, double v) { return v; }));
    check("s3_row_expand_add", block(od, 16, 208, 16, 16), rowRef([](double a, double v) { return a + v; }));
    check("s3_row_expand_sub", block(od, 16, 208, 32, 16), rowRef([](double a, double v) { return a - v; }));
    check("s3_row_expand_mul", block(od, 16, 208, 48, 16), rowRef([](double a, double v) { return a * v; }));
    check("s3_row_expand_div", block(od, 16, 208, 64, 16), rowRef([](double a, double v) { return a / v; }));
    check("s3_row_expand_max", block(od, 16, 208, 80, 16), rowRef([](double a, double v) { return std::max(a, v); }));
    check("s3_row_expand_min", block(od, 16, 208, 96, 16), rowRef([](double a, double v) { return std::min(a, v); }));
    check("s3_row_expand_expdif", block(od, 16, 208, 112, 16), rowRef([](double a, double v) { return std::exp(a - v); }));
    check("s3_col_expand", block(od, 16, 208, 128, 16), colRef([](double, double v) { return v; }));
    check("s3_col_expand_add", block(od, 16, 208, 144, 16), colRef([](double a, double v) { return a + v; }));
    check("s3_col_expand_sub", block(od, 16, 208, 160, 16), colRef([](double a, double v) { return a - v; }));
    check("s3_col_expand_mul", block(od, 16, 208, 176, 16), colRef([](double a, double v) { return a * v; }));
    check("s3_col_expand_div", block(od, 16, 208, 192, 16), colRef([](double a, double v) { return a / v; }));
  }
  {
    const auto bs = pl::random_vector(16, 11);
    RowV bias(bs);
    V c, d;
    RowV g;
    pl::Tensor<pl::fp16, 16, 16> h;
    ops_matmul(x, y, bias, c, d, g, h);
    const auto bd = host(bias);
    auto n = mm(xd, yd, 16, 16, 16, false, true);
    const auto p = mm(xd, yd, 16, 16, 16);
    for (std::size_t k = 0; k < n.size(); ++k) n[k] += p[k];
    auto q = mm(xd, yd, 16, 16, 16, true, false);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) q[i * 16 + j] += bd[j];
    const std::vector<double> row(xd.begin() + 3 * 16, xd.begin() + 4 * 16);
    const auto v = mm(row, yd, 1, 16, 16), w1 = mm(row, yd, 1, 16, 16, false, true);
    std::vector<double> z(16);
    for (int j = 0; j < 16; ++j) z[j] = v[j] + bd[j] + v[j];
    (void)w1;
    check("s3_matmul_bt_acc", c, n, {.atol = 1e-5});
    check("s3_matmul_bias_at", d, q, {.atol = 1e-5});
    check("s3_gemv_bias_acc", g, z, {.atol = 1e-5});
    check("s3_matmul_out_fp16", h, map1(p, [](double e) { return rnd(pl::DType::FP16, e); }), {.rtol = 2e-3, .atol = 2e-3});
  }
  {
    V c, d;
    V acc(xs);
    ops_matmul_tensor(x, y, c, d);
    check("s3_matmul_tensor_at", c, mm(xd, yd, 16, 16, 16, true, false), {.atol = 1e-5});
    auto r = mm(xd, yd, 16, 16, 16, false, true);
    check("s3_matmul_tensor_bt", d, r, {.atol = 1e-5});
  }
  {
    V o;
    ops_block_identity(x, o);
    check("s3_block_identity", o, map1(xd, [](double v) { return static_cast<double>(static_cast<float>(v + 10)); }));
  }
  {
    pl::Tensor<pl::fp32, 16, 160> o;
    ops_operators_tile(x, y, o);
    const auto od = host(o);
    check("s3_op_add", block(od, 16, 160, 0, 16), map2(xd, yd, [](double a, double b) { return a + b; }));
    check("s3_op_sub", block(od, 16, 160, 16, 16), map2(xd, yd, [](double a, double b) { return a - b; }));
    check("s3_op_mul", block(od, 16, 160, 32, 16), map2(xd, yd, [](double a, double b) { return a * b; }));
    check("s3_op_div", block(od, 16, 160, 48, 16), map2(xd, yd, [](double a, double b) { return a / b; }));
    check("s3_op_neg", block(od, 16, 160, 64, 16), map1(xd, [](double a) { return -a; }));
    check("s3_op_muls", block(od, 16, 160, 80, 16), map1(xd, [](double a) { return a * 2; }));
    check("s3_op_s_add", block(od, 16, 160, 96, 16), map1(xd, [](double a) { return 2 + a; }));
    check("s3_op_s_mul", block(od, 16, 160, 112, 16), map1(xd, [](double a) { return 3 * a; }));
    check("s3_op_s_sub", block(od, 16, 160, 128, 16), map1(xd, [](double a) { return 1 - a; }));
    check("s3_op_s_div", block(od, 16, 160, 144, 16), map1(yd, [](double b) { return 2 / b; }));
    V t;
    ops_operators_tensor(x, y, t);
    check("s3_op_tensor", t, map2(xd, yd, [](double a, double b) {
            const double s = static_cast<float>(a + b), m = static_cast<float>(s * a), d = static_cast<float>(b / 4.0);
            return m - d;
          }));
  }
  // An fp16 overflow is a correct +-inf result: pl::allclose (and the eager-vs-translated
  // comparison) accept equal infinities.
  {
    DtypeOuts outs;
    auto &[h, b, i8, i16, i64, u8, u32, f8, bl] = outs;
    const auto big = map1(xd, [](double v) { return v * 1000; });  // |100 x| up to 1e5 > fp16 max
    std::vector<float> bigf(big.begin(), big.end());
    V xb(bigf);
    row_dtypes(xb, h, b, i8, i16, i64, u8, u32, f8, bl);
    const auto t = map1(host(xb), [](double v) { return static_cast<double>(static_cast<float>(v * 100)); });
    int infs = 0;
    for (double v : host(h)) infs += std::isinf(v) ? 1 : 0;
    check("s1_dtype_fp16_overflow_to_inf", h, map1(t, [](double v) { return rnd(pl::DType::FP16, v); }));
    std::printf("doc_rows/fp16_overflow: %d infinities\n", infs);
    report("fp16_overflow_gives_infinities", infs > 0);
  }
  {
    pl::Tensor<pl::i32, 16, 2> ri;
    row_argmax1(x, ri);
    std::vector<double> r;
    for (int i = 0; i < 16; ++i) {
      int mx = 0, mn = 0;
      for (int j = 1; j < 16; ++j) {
        if (xd[i * 16 + j] > xd[i * 16 + mx]) mx = j;
        if (xd[i * 16 + j] < xd[i * 16 + mn]) mn = j;
      }
      r.push_back(mx);
      r.push_back(mn);
    }
    check("s3_row_argmax_argmin_no_tmp", ri, r);
  }
  {
    pl::Tensor<pl::i32, 2> cfg(std::vector<std::int32_t>{-7, 0});
    V o;
    row_widen(x, cfg, o);
    check("s1_scalar_int32_widening", o, map1(xd, [](double v) { return static_cast<double>(static_cast<float>(v - 7)); }));
    V t;
    row_trunc_div(x, 0, t);  // (0 - 3) / 2 == -1, (0 - 3) % 2 == -1 in C++: -11
    check("s1_scalar_truncating_div_rem", t, map1(xd, [](double v) { return static_cast<double>(static_cast<float>(v - 11)); }));
  }
  {
    V o1, o2;
    row_swap(x, y, o1, o2);  // three swaps: p = y, q = x
    check("s1_yield_swap_first", o1, yd);
    check("s1_yield_swap_second", o2, map2(xd, xd, [](double a, double b) { return static_cast<double>(static_cast<float>(a + b)); }));
  }
  return report.exitCode();
}
