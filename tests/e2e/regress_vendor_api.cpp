// tests/e2e/regress_vendor_api.cpp — issue 34's constructs as a user writes them from docs/dsl.md,
// eager vs translated, each one where the vendor's API and pl's simulator used to disagree:
// windows clipped at a tensor's last rows and last columns (a tile's valid shape, not its
// window, decides what TLOAD reads and TSTORE writes), a run-time valid width with fillpad, an
// fp16 matmul with a ragged M (half operands, fp32 accumulator), an SPMD launch of 3 blocks
// (block indices read from the kernel's arguments), float scalars that are not exact in binary
// crossing the orchestration boundary, a compare + select on a ragged tile (the vendor's packed
// mask), a transpose, a cast with explicit rounding, and a hand-written AIC/AIV pair exchanging
// tiles through each pipe.
#include <pl/dsl.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "report.hpp"

using Vec = std::vector<float>;
using R = pl::Tensor<pl::fp32, 20, 24>; // 20 rows: a 16-row window at row 16 holds 4
using T = pl::Tile<pl::fp32, 16, 16>;

/// Windows at the tensor's last rows (4 of 16 valid) and last columns (8 of 16 valid),
/// scaled by a host float; everything outside them stays as the output was.
PL_FUNCTION(pl::FunctionType::InCore)
void edges(R x, float s, pl::Out<R> o) {
  T bottom = pl::load(x, {16, 0}, {16, 16});
  pl::store(pl::muls(bottom, s), {16, 0}, o);
  T right = pl::load(x, {0, 16}, {16, 16});
  pl::store(pl::adds(right, s), {0, 16}, o);
}

/// The first `w` columns of each row (w at run time) as a row maximum; the rest padded -inf.
PL_FUNCTION(pl::FunctionType::InCore)
void first_cols_max(R x, pl::Scalar<pl::index> w, pl::Out<pl::Tensor<pl::fp32, 16, 1>> o) {
  T t = pl::load(x, {0, 0}, {16, 16}, {.valid_shape = {16, w}});
  pl::store(pl::row_max(pl::fillpad(t, pl::PadValue::Min)), {0, 0}, o);
}

using H = pl::Tensor<pl::fp16, 20, 16>;
using HW = pl::Tensor<pl::fp16, 16, 16>;
using Acc = pl::Tensor<pl::fp32, 20, 16>;

/// fp16 [20, 16] x [16, 16] -> fp32, in 16-row blocks: the second block holds 4 rows.
PL_FUNCTION(pl::FunctionType::InCore)
void half_matmul(H a, HW b, pl::Out<Acc> c) {
  auto bm = pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat});
  auto br = pl::move(bm, {.target_memory = pl::Mem::Right});
  for (auto i : pl::range(2)) {
    auto am = pl::load(a, {i * 16, 0}, {16, 16}, {.target_memory = pl::Mem::Mat});
    auto al = pl::move(am, {.target_memory = pl::Mem::Left});
    pl::store(pl::matmul(al, br), {i * 16, 0}, c);
  }
}

using S = pl::Tensor<pl::fp32, 48, 16>;

/// Block b of an SPMD launch scales rows [16 b, 16 b + 16) by b + 1 and adds a host offset.
PL_FUNCTION(pl::FunctionType::InCore)
void per_block(S x, float off, pl::Out<S> y) {
  const pl::Index b = pl::get_block_idx();
  T t = pl::load(x, {b * 16, 0}, {16, 16});
  pl::store(pl::adds(pl::muls(t, static_cast<float>(b + 1)), off), {b * 16, 0}, y);
}

PL_FUNCTION(pl::FunctionType::Orchestration)
void spmd_rows(S x, pl::Scalar<pl::index> blocks, float off, pl::Out<S> y) {
  pl::spmd(blocks, [&] { per_block(x, off, y); });
}

/// Where x < y (elementwise) take x, else y + s; then m < 0.3 -> m, else -s: on the window
/// [16, 32) x [0, 32) of a 20 x 24 tensor, 4 rows and 24 columns of which are inside.
using T32 = pl::Tile<pl::fp32, 16, 32>;
PL_FUNCTION(pl::FunctionType::InCore)
void select_min(R x, R y, float s, pl::Out<R> o) {
  T32 a = pl::load(x, {16, 0}, {16, 32});
  T32 b = pl::load(y, {16, 0}, {16, 32});
  auto lt = pl::cmp(a, b, pl::CmpMode::Lt);
  T32 m = pl::sel(lt, a, pl::adds(b, s));
  auto small = pl::cmps(m, 0.3f, pl::CmpMode::Lt);
  pl::store(pl::sels(small, m, -s), {16, 0}, o);
}

using Sq = pl::Tensor<pl::fp32, 16, 16>;
using ISq = pl::Tensor<pl::i32, 16, 16>;

/// The transpose of x, and x * 7.5 rounded to int32 towards negative infinity.
PL_FUNCTION(pl::FunctionType::InCore)
void flip_floor(Sq x, pl::Out<Sq> t, pl::Out<ISq> f) {
  T a = pl::load(x, {0, 0}, {16, 16});
  pl::store(pl::transpose(a, 0, 1), {0, 0}, t);
  pl::store(pl::cast(pl::muls(a, 7.5f), pl::i32, pl::RoundMode::Floor), {0, 0}, f);
}

/// Cube to vector: the AIC kernel multiplies and sends the product, the AIV kernel adds 1 and
/// stores it. Vector to cube: the AIV kernel scales a and sends it, the AIC kernel multiplies
/// what came with b and stores the product.
using Q = pl::Tensor<pl::fp32, 16, 16>;
using MatT = pl::Tile<pl::fp32, 16, 16, pl::Mem::Mat>;
using VecT = pl::Tile<pl::fp32, 16, 16>;
PL_FUNCTION(pl::FunctionType::AIC) void mm_send(Q a, Q b, pl::Out<Q> o) {
  pl::aic_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2});
  pl::import_peer_buffer({.name = "c2v", .peer_func = "add_one"});
  auto al = pl::move(pl::load(a, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  pl::tpush_to_aiv(pl::matmul(al, br));
  (void)o;
}
PL_FUNCTION(pl::FunctionType::AIV) void add_one(Q a, Q b, pl::Out<Q> o) {
  pl::aiv_initialize_pipe({.dir_mask = 1, .slot_size = 1024, .slot_num = 2});
  pl::reserve_buffer({.name = "c2v", .size = 2048});
  VecT p = pl::tpop_from_aic<VecT>();
  pl::store(pl::adds(p, 1.0f), {0, 0}, o);
  pl::tfree_to_aic(p);
  (void)a;
  (void)b;
}
PL_FUNCTION(pl::FunctionType::Group) void cube_to_vector(Q a, Q b, pl::Out<Q> o) {
  mm_send(a, b, o);
  add_one(a, b, o);
}
PL_FUNCTION(pl::FunctionType::AIV) void scale_send(Q a, Q b, pl::Out<Q> o) {
  pl::aiv_initialize_pipe({.dir_mask = 2, .slot_size = 1024, .slot_num = 2});
  pl::import_peer_buffer({.name = "v2c", .peer_func = "mm_recv"});
  pl::tpush_to_aic(pl::muls(pl::load(a, {0, 0}, {16, 16}), -2.0f));
  (void)b;
  (void)o;
}
PL_FUNCTION(pl::FunctionType::AIC) void mm_recv(Q a, Q b, pl::Out<Q> o) {
  pl::aic_initialize_pipe({.dir_mask = 2, .slot_size = 1024, .slot_num = 2});
  pl::reserve_buffer({.name = "v2c", .size = 2048});
  MatT m = pl::tpop_from_aiv<MatT>();
  auto al = pl::move(m, {.target_memory = pl::Mem::Left});
  auto br = pl::move(pl::load(b, {0, 0}, {16, 16}, {.target_memory = pl::Mem::Mat}),
                     {.target_memory = pl::Mem::Right});
  pl::store(pl::matmul(al, br), {0, 0}, o);
  pl::tfree_to_aiv(m);
  (void)a;
}
PL_FUNCTION(pl::FunctionType::Group) void vector_to_cube(Q a, Q b, pl::Out<Q> o) {
  scale_send(a, b, o);
  mm_recv(a, b, o);
}
PL_FUNCTION(pl::FunctionType::Orchestration)
void both_pipes(Q a, Q b, pl::Out<Q> o1, pl::Out<Q> o2) {
  cube_to_vector(a, b, o1);
  vector_to_cube(a, b, o2);
}

/// Casts to int32 of negative and positive halves (ties): the default rounds to nearest even
/// (printed CAST_RINT), Trunc towards zero (CAST_TRUNC: not TCVT's CAST_NONE), Ceil upwards.
PL_FUNCTION(pl::FunctionType::InCore)
void casts_neg(Sq x, pl::Out<ISq> r, pl::Out<ISq> t, pl::Out<ISq> c) {
  T a = pl::load(x, {0, 0}, {16, 16});
  pl::store(pl::cast(a, pl::i32), {0, 0}, r);
  pl::store(pl::cast(a, pl::i32, pl::RoundMode::Trunc), {0, 0}, t);
  pl::store(pl::cast(a, pl::i32, pl::RoundMode::Ceil), {0, 0}, c);
}

/// Two windows clipped at the tensor's last rows (4 of 16 valid) carried through a run-time
/// number of trips (0 included) trading places, (a, b) -> (b - a, a), then stored back where
/// they came from: the carried tiles keep their valid shape.
PL_FUNCTION(pl::FunctionType::InCore)
void carry_clipped(R x, pl::Scalar<pl::index> n, pl::Out<R> o) {
  T a0 = pl::load(x, {16, 0}, {16, 16});
  T b0 = pl::load(x, {16, 8}, {16, 16});
  auto [a, b] = pl::range(n, pl::init_values(a0, b0), [&](pl::Index i, T ai, T bi) {
    (void)i;
    return pl::yield_(pl::sub(bi, ai), ai);
  });
  pl::store(a, {16, 0}, o);
  pl::store(b, {16, 8}, o);
}

/// One element of a clipped tile read by index (pto-isa's Tile::GetValue on the storage
/// offset): the window at the last rows (4 of 16 valid); element (r, c) of the carried tile scales
/// it in each of n trips (0 included), so trip k reads what trip k - 1 wrote.
PL_FUNCTION(pl::FunctionType::InCore)
void pick_scale(R x, pl::Scalar<pl::index> r, pl::Scalar<pl::index> c, pl::Scalar<pl::index> n,
                pl::Out<R> o) {
  T a = pl::load(x, {16, 0}, {16, 16});
  auto [b] = pl::range(n, pl::init_values(a), [&](pl::Index i, T bi) {
    (void)i;
    return pl::yield_(pl::muls(bi, pl::read(bi, {r, c})));
  });
  pl::store(b, {16, 0}, o);
}

int main() {
  e2e::Report report("regress_vendor_api");
  const Vec xs = pl::random_vector(20 * 24, 3401, -1, 1),
            ys = pl::random_vector(20 * 24, 3402, -1, 1);
  auto at = [&](const Vec &v, int r, int c) { return v[r * 24 + c]; };
  R x(xs), y(ys);

  const float s = 0.1f; // not exact in binary: the scalar's bits must cross unchanged
  {
    const Vec base = pl::random_vector(20 * 24, 3403);
    R o(base);
    edges(x, s, o);
    Vec want = base;
    for (int r = 16; r < 20; ++r)
      for (int c = 0; c < 16; ++c)
        want[r * 24 + c] = at(xs, r, c) * s;
    for (int r = 0; r < 16; ++r)
      for (int c = 16; c < 24; ++c)
        want[r * 24 + c] = at(xs, r, c) + s;
    report.close("edges", o, want);
  }
  for (pl::Index w : {pl::Index(1), pl::Index(5), pl::Index(16)}) {
    pl::Tensor<pl::fp32, 16, 1> o;
    first_cols_max(x, w, o);
    Vec want(16);
    for (int r = 0; r < 16; ++r) {
      float m = -INFINITY;
      for (int c = 0; c < w; ++c)
        m = std::max(m, at(xs, r, c));
      want[r] = m;
    }
    report.close("first_cols_max.w" + std::to_string(w), o, want);
  }
  {
    const Vec av = pl::random_vector(20 * 16, 3404, -2, 2),
              bv = pl::random_vector(16 * 16, 3405, -2, 2);
    H a(av);
    HW b(bv);
    Acc c;
    half_matmul(a, b, c);
    // The operands as fp16 (the tensors round them), products accumulated in fp32.
    auto h = [](float v) { return static_cast<double>(pl::Half(v)); };
    std::vector<double> want(20 * 16);
    for (int i = 0; i < 20; ++i)
      for (int j = 0; j < 16; ++j) {
        double acc = 0;
        for (int k = 0; k < 16; ++k)
          acc += h(av[i * 16 + k]) * h(bv[k * 16 + j]);
        want[i * 16 + j] = acc;
      }
    report.close("half_matmul", c, want, {.rtol = 1e-4, .atol = 1e-4});
  }
  {
    const Vec sv = pl::random_vector(48 * 16, 3406);
    S sx(sv);
    for (pl::Index blocks : {pl::Index(3), pl::Index(1)}) {
      S sy;
      spmd_rows(sx, blocks, -0.3f, sy);
      Vec want(48 * 16, 0.0f);
      for (int b = 0; b < blocks; ++b)
        for (int i = b * 16 * 16; i < (b + 1) * 16 * 16; ++i)
          want[i] = sv[i] * float(b + 1) + -0.3f;
      report.close("spmd_rows.blocks" + std::to_string(blocks), sy, want);
    }
  }
  {
    R o;
    select_min(x, y, s, o);
    Vec want(20 * 24, 0.0f);
    for (int r = 16; r < 20; ++r)
      for (int c = 0; c < 24; ++c) {
        const float a = at(xs, r, c), b = at(ys, r, c);
        const float m = a < b ? a : b + s;
        want[r * 24 + c] = m < 0.3f ? m : -s;
      }
    report.close("select_min", o, want);
  }
  {
    const Vec qv = pl::random_vector(16 * 16, 3407, -3, 3);
    Sq q(qv), t;
    ISq f;
    flip_floor(q, t, f);
    Vec tw(256), fw(256);
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 16; ++c) {
        tw[c * 16 + r] = qv[r * 16 + c];
        fw[r * 16 + c] = std::floor(qv[r * 16 + c] * 7.5f);
      }
    report.close("flip_floor.transpose", t, tw);
    report.close("flip_floor.floor", f, fw);
  }
  {
    const Vec av = pl::random_vector(256, 3408, -1, 1), bv = pl::random_vector(256, 3409, -1, 1);
    Q a(av), b(bv), o1, o2;
    both_pipes(a, b, o1, o2);
    std::vector<double> w1(256), w2(256);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        double p = 0, q = 0;
        for (int k = 0; k < 16; ++k) {
          p += double(av[i * 16 + k]) * bv[k * 16 + j];
          q += -2.0 * av[i * 16 + k] * bv[k * 16 + j];
        }
        w1[i * 16 + j] = p + 1.0;
        w2[i * 16 + j] = q;
      }
    report.close("cube_to_vector", o1, w1, {.rtol = 1e-5, .atol = 1e-5});
    report.close("vector_to_cube", o2, w2, {.rtol = 1e-5, .atol = 1e-5});
  }
  {
    Vec hv(256);
    for (int k = 0; k < 256; ++k)
      hv[k] = static_cast<float>(k % 13) * 0.5f - 3.0f; // -3, -2.5, ..., 3: every tie
    Sq q(hv);
    ISq r, t, c;
    casts_neg(q, r, t, c);
    Vec rw(256), tw(256), cw(256);
    for (int k = 0; k < 256; ++k) {
      rw[k] = std::nearbyint(hv[k]);
      tw[k] = std::trunc(hv[k]);
      cw[k] = std::ceil(hv[k]);
    }
    report.close("casts_neg.rint", r, rw);
    report.close("casts_neg.trunc", t, tw);
    report.close("casts_neg.ceil", c, cw);
  }
  for (pl::Index n : {pl::Index(0), pl::Index(1), pl::Index(4)}) {
    const Vec base = pl::random_vector(20 * 24, 3410);
    R o(base);
    carry_clipped(x, n, o);
    Vec a(4 * 16), b(4 * 16);
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 16; ++c) {
        a[r * 16 + c] = at(xs, 16 + r, c);
        b[r * 16 + c] = at(xs, 16 + r, 8 + c);
      }
    for (pl::Index i = 0; i < n; ++i)
      for (int k = 0; k < 64; ++k) {
        const float na = b[k] - a[k];
        b[k] = a[k];
        a[k] = na;
      }
    Vec want = base;
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 16; ++c)
        want[(16 + r) * 24 + c] = a[r * 16 + c];
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 16; ++c)
        want[(16 + r) * 24 + 8 + c] = b[r * 16 + c];
    report.close("carry_clipped.n" + std::to_string(n), o, want);
  }
  for (auto [pr, pc, n] : {std::array<pl::Index, 3>{2, 5, 0}, {0, 3, 1}, {3, 15, 3}}) {
    R o;
    pick_scale(x, pr, pc, n, o);
    Vec tile(16 * 16, 0.0f), want(20 * 24, 0.0f);
    for (int rr = 0; rr < 4; ++rr)
      for (int cc = 0; cc < 16; ++cc)
        tile[rr * 16 + cc] = at(xs, 16 + rr, cc);
    for (int k = 0; k < n; ++k) {
      const float f = tile[pr * 16 + pc];
      for (float &v : tile)
        v *= f;
    }
    for (int rr = 0; rr < 4; ++rr)
      for (int cc = 0; cc < 16; ++cc)
        want[(16 + rr) * 24 + cc] = tile[rr * 16 + cc];
    report.close("pick_scale.r" + std::to_string(pr) + "c" + std::to_string(pc) + "n" +
                     std::to_string(n),
                 o, want);
  }
  return report.exitCode();
}
