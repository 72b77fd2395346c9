// tests/e2e/regress_boundaries.cpp — issue 35's orchestration-level constructs as a user writes
// them from docs/dsl.md, eager vs translated: `out = x` for a pl::Out / pl::InOut parameter
// (a ring of tensors rotated through a loop of 0, 1 and 3 trips and written out at the end;
// ragged static shapes larger than one copy tile; dynamic shapes; pl::assemble of a window
// at offsets; rank-1 tensors), pl::reshape of a tensor passed to a kernel, an orchestration that
// calls another orchestration (spliced into its caller by InlineFunctions), and a trip count read
// with pl::read from a tensor no task writes (0, 1 and 3 trips); an fp32 Acc tile stored into
// bf16, fp16 and fp32 tensors (the one dtype change a store makes, docs/dsl.md §4); tensor-level
// ops in pl::at scopes: `/` with a broadcast column or row on either side, a vector op on a
// tensor-level matmul, pl::extract from a default load read by a vector op; hf8, fp8e8m0, fp4 and
// hf4 tensors passed from the host (in and out); pl::write in an orchestration (a value a later
// kernel reads, written again between tasks in straight-line code); created tensors written by
// pl::at scopes and kernels and assembled / copied once into a target (FuseCreateAssembleToSlice:
// windows of the target, no copy kernels; 0, 1 and 4 trips) with a tile reshaped to its own
// shape (FoldNoOpReshape).
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "report.hpp"

using Vec = std::vector<float>;
using X = pl::Tensor<pl::fp32, 16, 64>;
using Sq = pl::Tensor<pl::fp32, 32, 32>;
using Ragged = pl::Tensor<pl::fp32, 40, 600>; // 16 KiB copy tiles of 6 x 600: a ragged last one
using Wide = pl::Tensor<pl::fp32, 5, 2000>;   // 4 x 1024 copy tiles: ragged in both dims
using Dyn = pl::Tensor<pl::fp32, pl::dyn, pl::dyn>;
using Half = pl::Tensor<pl::fp16, pl::dyn, 48>;
using Big = pl::Tensor<pl::fp32, 64, 128>;
using Part = pl::Tensor<pl::fp32, 20, 60>;

/// y = x * 2 + 1.
PL_FUNCTION(pl::FunctionType::InCore)
void step(X x, pl::Out<X> y) {
  pl::store(pl::adds(pl::muls(pl::load(x, {0, 0}, {16, 64}), 2.0f), 1.0f), {0, 0}, y);
}

/// A ring: each iteration's result becomes the next one's source; the last is written out.
PL_FUNCTION(pl::FunctionType::Orchestration)
void ring(X x, pl::Index n, pl::Out<X> out) {
  X a = x;
  for (auto i : pl::range(n)) {
    (void)i;
    X b = pl::create_tensor({16, 64}, pl::fp32);
    step(a, b);
    a = b;
  }
  out = a;
}

/// Whole-tensor copies larger than one copy tile, ragged in rows and in columns.
PL_FUNCTION(pl::FunctionType::Orchestration)
void copyRagged(Ragged x, Wide w, pl::Out<Ragged> o, pl::InOut<Wide> v) {
  o = x;
  v = w;
}

/// Copies of tensors whose dims are known only at run time.
PL_FUNCTION(pl::FunctionType::Orchestration)
void copyDynamic(Dyn x, Half h, pl::Out<Dyn> o, pl::Out<Half> p) {
  o = x;
  p = h;
}

/// Windows of `big` written from two sources; the rest of `big` keeps its values.
PL_FUNCTION(pl::FunctionType::Orchestration)
void assembleWindows(Part x, X y, pl::InOut<Big> big) {
  pl::assemble(big, x, {8, 16});
  pl::assemble(big, y, {40, 64});
}

/// y = x * 2 + 1 on a 32 x 32 tensor.
PL_FUNCTION(pl::FunctionType::InCore)
void stepSq(Sq x, pl::Out<Sq> y) {
  pl::store(pl::adds(pl::muls(pl::load(x, {0, 0}, {32, 32}), 2.0f), 1.0f), {0, 0}, y);
}

/// A kernel reads a 16 x 64 tensor as 32 x 32 (same elements, row-major).
PL_FUNCTION(pl::FunctionType::Orchestration)
void reshaped(X x, pl::Out<Sq> out) {
  Sq v = pl::reshape(x, {32, 32});
  stepSq(v, out);
}

/// One step through an intermediate, then written out whole.
PL_FUNCTION(pl::FunctionType::Orchestration)
void twoSteps(X x, pl::Out<X> y) {
  X t = pl::create_tensor({16, 64}, pl::fp32);
  step(x, t);
  step(t, y);
}

/// An orchestration calling another one, twice, and copying the result.
PL_FUNCTION(pl::FunctionType::Orchestration)
void nested(X x, pl::Out<X> y, pl::Out<X> z) {
  X mid = pl::create_tensor({16, 64}, pl::fp32);
  twoSteps(x, mid);
  twoSteps(mid, y);
  z = y;
}

using Counts = pl::Tensor<pl::i32, 4>;

/// y += 1.
PL_FUNCTION(pl::FunctionType::InCore)
void bump(pl::InOut<X> y) { pl::store(pl::adds(pl::load(y, {0, 0}, {16, 64}), 1.0f), {0, 0}, y); }

/// A data-dependent trip count: the orchestration reads it from a tensor no task writes.
PL_FUNCTION(pl::FunctionType::Orchestration)
void counted(Counts counts, pl::InOut<X> y) {
  const pl::Index k = pl::read(counts, {1});
  for (auto i : pl::range(k)) {
    (void)i;
    bump(y);
  }
}

using Line = pl::Tensor<pl::fp32, pl::dyn>;

/// Rank-1 copies (through [1, n] row views): a whole short one, a window of a long one.
PL_FUNCTION(pl::FunctionType::Orchestration)
void copyLines(Counts c, Line l, pl::Out<Counts> co, pl::InOut<Line> lo) {
  co = c;
  pl::assemble(lo, l, {3});
}

using Rows = pl::Tensor<pl::fp32, 64, 64>;

/// Row blocks written into fresh tensors by a kernel and by pl::at scopes, each assembled once
/// into the output, and a pl::at result copied out (`y = u`): FuseCreateAssembleToSlice makes
/// each fresh tensor a window of its target (no copy kernel); n blocks of 4 (0, 1, 4 trips),
/// the rest of `out` keeps its values. Also a tile reshaped to its own shape (FoldNoOpReshape:
/// a copy, no TRESHAPE) and to another one.
PL_FUNCTION(pl::FunctionType::Orchestration)
void fusedBlocks(Rows src, X x, pl::Index n, pl::InOut<Rows> out, pl::Out<X> y) {
  for (auto r : pl::range(n)) {
    X t = pl::create_tensor({16, 64}, pl::fp32);
    pl::at(pl::Level::CORE_GROUP, [&] {
      pl::Tile<pl::fp32, 16, 64> b = pl::load(src, {r * 16, 0}, {16, 64});
      pl::Tile<pl::fp32, 16, 64> same = pl::reshape(b, {16, 64});
      pl::Tile<pl::fp32, 32, 32> sq = pl::reshape(pl::adds(same, 1.0f), {32, 32});
      pl::store(pl::reshape(pl::muls(sq, 3.0f), {16, 64}), {0, 0}, t);
    });
    pl::assemble(out, t, {r * 16, 0});
  }
  X u = pl::create_tensor({16, 64}, pl::fp32);
  step(x, u);
  X w = pl::create_tensor({16, 64}, pl::fp32);
  step(u, w);
  y = w;
}

/// The same row blocks in a loop of a constant 4 trips: each iteration's created tensor is a new
/// buffer, so iteration i + 1's pl::at scope writing its `t` does not race iteration i's copy
/// reading its own (CheckTaskHazards once took the two for one buffer: TH001).
PL_FUNCTION(pl::FunctionType::Orchestration)
void freshBlocks(Rows src, pl::Out<Rows> out) {
  for (auto r : pl::range(4)) {
    X t = pl::create_tensor({16, 64}, pl::fp32);
    pl::at(pl::Level::CORE_GROUP, [&] {
      pl::Tile<pl::fp32, 16, 64> b = pl::load(src, {r * 16, 0}, {16, 64});
      pl::store(pl::muls(pl::adds(b, -0.5f), 2.0f), {0, 0}, t);
    });
    pl::assemble(out, t, {r * 16, 0});
  }
}

namespace {
Vec stepRef(const Vec &x) {
  Vec y(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    y[i] = static_cast<float>(static_cast<float>(x[i] * 2.0f) + 1.0f);
  return y;
}
} // namespace

using Ab = pl::Tensor<pl::fp32, 16, 32>;
using Sq16 = pl::Tensor<pl::fp32, 16, 16>;
/// One fp32 matmul, its Acc tile stored as it is and converted into bf16 and fp16.
PL_FUNCTION(pl::FunctionType::InCore)
void acc_stores(Ab a, pl::Tensor<pl::fp32, 32, 16> b, pl::Out<pl::Tensor<pl::fp32, 16, 16>> f32,
                pl::Out<pl::Tensor<pl::bf16, 16, 16>> b16,
                pl::Out<pl::Tensor<pl::fp16, 16, 16>> f16) {
  auto l = pl::move(pl::load(a, {0, 0}, {16, 32}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Left});
  auto r = pl::move(pl::load(b, {0, 0}, {32, 16}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Right});
  auto acc = pl::matmul(l, r);
  pl::store(acc, {0, 0}, f32);
  pl::store(acc, {0, 0}, b16);
  pl::store(acc, {0, 0}, f16);
}

using Col = pl::Tensor<pl::fp32, 16, 1>;
using Row = pl::Tensor<pl::fp32, 1, 64>;
/// Tensor-level code in pl::at scopes, as docs/dsl.md writes it.
PL_FUNCTION(pl::FunctionType::Orchestration)
void at_tensor_ops(X x, Col c, Row r, pl::Tensor<pl::fp32, 64, 16> w, pl::Out<X> q, pl::Out<X> rq,
                   pl::Out<Sq16> e, pl::Out<pl::Tensor<pl::fp32, 8, 32>> ex) {
  pl::at(pl::Level::CORE_GROUP, [&] { q = x / c; });
  pl::at(pl::Level::CORE_GROUP, [&] { rq = r / x; });
  pl::at(pl::Level::CORE_GROUP, [&] { e = pl::exp(pl::matmul(x, w)); });
  pl::at(pl::Level::CORE_GROUP, [&] {
    auto t = pl::load(x, {0, 0}, {16, 64});
    pl::store(pl::neg(pl::extract(t, {8, 32}, {8, 32})), {0, 0}, ex);
  });
}

template <pl::DType D> using N8 = pl::Tensor<D, 8, 64>;
/// Narrow float tensors from the host, widened to fp32; the hf8 one also copied out as it is.
PL_FUNCTION(pl::FunctionType::InCore)
void narrow_host_args(N8<pl::DType::HF8> a, N8<pl::DType::FP8E8M0> b, N8<pl::DType::FP4> c,
                      N8<pl::DType::HF4> d, pl::Out<N8<pl::DType::FP32>> fa,
                      pl::Out<N8<pl::DType::FP32>> fb, pl::Out<N8<pl::DType::FP32>> fc,
                      pl::Out<N8<pl::DType::FP32>> fd, pl::Out<N8<pl::DType::HF8>> ca) {
  auto ta = pl::load(a, {0, 0}, {8, 64});
  pl::store(pl::cast(ta, pl::fp32), {0, 0}, fa);
  pl::store(pl::cast(pl::load(b, {0, 0}, {8, 64}), pl::fp32), {0, 0}, fb);
  pl::store(pl::cast(pl::load(c, {0, 0}, {8, 64}), pl::fp32), {0, 0}, fc);
  pl::store(pl::cast(pl::load(d, {0, 0}, {8, 64}), pl::fp32), {0, 0}, fd);
  pl::store(ta, {0, 0}, ca);
}

using Cfg = pl::Tensor<pl::i32, 1, 4>;
/// y = x * cfg[0, 1], with cfg[0, 1] read in the kernel.
PL_FUNCTION(pl::FunctionType::InCore)
void scale_by_cfg(X x, Cfg cfg, pl::Out<X> y) {
  pl::Index k = pl::read(cfg, {0, 1});
  pl::Scalar<pl::fp32> s = k;
  pl::store(pl::muls(pl::load(x, {0, 0}, {16, 64}), s), {0, 0}, y);
}
/// The orchestration writes cfg[0, 1] before each task that reads it (negative too).
PL_FUNCTION(pl::FunctionType::Orchestration)
void orch_write(X x, pl::Index n, pl::InOut<Cfg> cfg, pl::InOut<Cfg> note, pl::Out<X> y,
                pl::Out<X> z) {
  pl::write(cfg, {0, 1}, n * 3);
  scale_by_cfg(x, cfg, y);
  pl::write(note, {0, 3}, n - 10);
  pl::write(note, {0, 0}, 2);
  scale_by_cfg(x, note, z);
}

int main() {
  e2e::Report report("regress_boundaries");
  const Vec xs = pl::random_vector(16 * 64, 3501, -1, 1);
  X x(xs);
  for (pl::Index n : {pl::Index(0), pl::Index(1), pl::Index(3)}) {
    X out;
    ring(x, n, out);
    Vec want = xs;
    for (pl::Index i = 0; i < n; ++i)
      want = stepRef(want);
    report.close("ring_" + std::to_string(n), out, want);
  }
  {
    const Vec rs = pl::random_vector(40 * 600, 3502), ws = pl::random_vector(5 * 2000, 3503);
    Ragged o;
    Wide v(pl::random_vector(5 * 2000, 3504));
    copyRagged(Ragged(rs), Wide(ws), o, v);
    report.close("copy_ragged", o, rs);
    report.close("copy_wide", v, ws);
  }
  {
    const Vec ds = pl::random_vector(50 * 1100, 3505), hs = pl::random_vector(37 * 48, 3506);
    Dyn o(Vec(50 * 1100, 0.0f), {50, 1100});
    Half p(Vec(37 * 48, 0.0f), {37, 48});
    Half h(hs, {37, 48});
    copyDynamic(Dyn(ds, {50, 1100}), h, o, p);
    report.close("copy_dynamic", o, ds);
    report.close("copy_dynamic_fp16", p, h.to_vector<float>());
  }
  {
    const Vec ps = pl::random_vector(20 * 60, 3507), bs = pl::random_vector(64 * 128, 3508);
    Big big(bs);
    assembleWindows(Part(ps), x, big);
    Vec want = bs;
    for (int r = 0; r < 20; ++r)
      for (int c = 0; c < 60; ++c)
        want[(8 + r) * 128 + 16 + c] = ps[r * 60 + c];
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 64; ++c)
        want[(40 + r) * 128 + 64 + c] = xs[r * 64 + c];
    report.close("assemble_windows", big, want);
  }
  {
    Sq out;
    reshaped(x, out);
    report.close("reshape_into_kernel", out, stepRef(xs));
  }
  {
    X y, z;
    nested(x, y, z);
    const Vec want = stepRef(stepRef(stepRef(stepRef(xs))));
    report.close("nested_orchestration", y, want);
    report.close("nested_orchestration_copy", z, want);
  }
  for (std::int32_t k : {0, 1, 3}) {
    X y(xs);
    counted(Counts(std::vector<std::int32_t>{7, k, -1, 2}), y);
    Vec want = xs;
    for (float &v : want)
      for (std::int32_t i = 0; i < k; ++i)
        v = static_cast<float>(v + 1.0f);
    report.close("read_trip_count_" + std::to_string(k), y, want);
  }
  {
    const Vec ls = pl::random_vector(2500, 3509), los = pl::random_vector(2600, 3510);
    Counts co;
    Line lo(los, {2600});
    copyLines(Counts(std::vector<std::int32_t>{4, -3, 0, 9}), Line(ls, {2500}), co, lo);
    Vec want = los;
    for (int k = 0; k < 2500; ++k)
      want[3 + k] = ls[k];
    report.close("copy_rank1", co, std::vector<std::int32_t>{4, -3, 0, 9});
    report.close("assemble_rank1", lo, want);
  }
  {
    const Vec av = pl::random_vector(16 * 32, 501, -2.0f, 2.0f),
              bv = pl::random_vector(16 * 32, 502, -2.0f, 2.0f);
    std::vector<double> want(16 * 16, 0.0);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        for (int k = 0; k < 32; ++k)
          want[i * 16 + j] += double(av[i * 32 + k]) * double(bv[k * 16 + j]);
    Ab a(av);
    pl::Tensor<pl::fp32, 32, 16> b(bv);
    pl::Tensor<pl::fp32, 16, 16> f32;
    pl::Tensor<pl::bf16, 16, 16> b16;
    pl::Tensor<pl::fp16, 16, 16> f16;
    acc_stores(a, b, f32, b16, f16);
    report.close("acc_store_fp32", f32, want);
    report.close("acc_store_bf16", b16, want);
    report.close("acc_store_fp16", f16, want);
  }
  {
    const Vec xv = pl::random_vector(16 * 64, 601, -2.0f, 2.0f),
              cv = pl::random_vector(16, 602, 0.5f, 2.0f),
              rv = pl::random_vector(64, 603, -3.0f, 3.0f),
              wv = pl::random_vector(64 * 16, 604, -0.1f, 0.1f);
    X xt(xv), q, rq;
    Col ct(cv);
    Row rt(rv);
    pl::Tensor<pl::fp32, 64, 16> wt(wv);
    Sq16 e;
    pl::Tensor<pl::fp32, 8, 32> ex;
    at_tensor_ops(xt, ct, rt, wt, q, rq, e, ex);
    std::vector<double> wq(16 * 64), wrq(16 * 64), we(16 * 16, 0.0), wex(8 * 32);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 64; ++j) {
        wq[i * 64 + j] = double(xv[i * 64 + j]) / double(cv[i]);
        wrq[i * 64 + j] = double(rv[j]) / double(xv[i * 64 + j]);
      }
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        for (int k = 0; k < 64; ++k)
          we[i * 16 + j] += double(xv[i * 64 + k]) * double(wv[k * 16 + j]);
        we[i * 16 + j] = std::exp(we[i * 16 + j]);
      }
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 32; ++j)
        wex[i * 32 + j] = -double(xv[(8 + i) * 64 + 32 + j]);
    report.close("at_div_column", q, wq);
    report.close("at_row_div", rq, wrq);
    report.close("at_exp_matmul", e, we);
    report.close("at_extract_default_load", ex, wex);
  }
  {
    const Vec v = pl::random_vector(512, 701, -4.0f, 4.0f),
              pos = pl::random_vector(512, 702, 0.1f, 8.0f);
    N8<pl::DType::HF8> a(v), ca;
    N8<pl::DType::FP8E8M0> b(pos);
    N8<pl::DType::FP4> c(v);
    N8<pl::DType::HF4> d(v);
    N8<pl::DType::FP32> fa, fb, fc, fd;
    narrow_host_args(a, b, c, d, fa, fb, fc, fd, ca);
    auto rounded = [](pl::DType dt, const Vec &x) {
      std::vector<double> r;
      for (float f : x)
        r.push_back(pl::round_to(dt, f));
      return r;
    };
    report.close("host_hf8", fa, rounded(pl::DType::HF8, v));
    report.close("host_fp8e8m0", fb, rounded(pl::DType::FP8E8M0, pos));
    report.close("host_fp4", fc, rounded(pl::DType::FP4, v));
    report.close("host_hf4", fd, rounded(pl::DType::HF4, v));
    report.close("host_hf8_out", ca, rounded(pl::DType::HF8, v));
  }
  for (pl::Index n : {pl::Index(5), pl::Index(-2)}) {
    const Vec xv = pl::random_vector(16 * 64, 801);
    X x(xv), y, z;
    Cfg cfg(std::vector<std::int32_t>{1, 1, 1, 1}), note(std::vector<std::int32_t>{4, 7, 0, 0});
    orch_write(x, n, cfg, note, y, z);
    std::vector<double> wy(16 * 64), wz(16 * 64);
    for (int i = 0; i < 16 * 64; ++i) {
      wy[i] = double(xv[i] * float(n * 3));
      wz[i] = double(xv[i] * 7.0f);
    }
    const std::string tag = "orch_write_n" + std::to_string(n);
    report.close(tag + "_y", y, wy);
    report.close(tag + "_z", z, wz);
    report.close(tag + "_cfg", cfg, std::vector<std::int32_t>{1, std::int32_t(n * 3), 1, 1});
    report.close(tag + "_note", note, std::vector<std::int32_t>{2, 7, 0, std::int32_t(n - 10)});
  }
  for (pl::Index n : {pl::Index(0), pl::Index(1), pl::Index(4)}) {
    const Vec ss = pl::random_vector(64 * 64, 3601, -1, 1), os = pl::random_vector(64 * 64, 3602);
    Rows out(os);
    X y;
    fusedBlocks(Rows(ss), x, n, out, y);
    Vec want = os;
    for (pl::Index i = 0; i < n * 16 * 64; ++i)
      want[i] = static_cast<float>(static_cast<float>(ss[i] + 1.0f) * 3.0f);
    report.close("fused_blocks_" + std::to_string(n), out, want);
    report.close("fused_blocks_" + std::to_string(n) + "_y", y, stepRef(stepRef(xs)));
  }
  {
    const Vec ss = pl::random_vector(64 * 64, 3512, -4.0f, 4.0f);
    Rows out;
    freshBlocks(Rows(ss), out);
    Vec want(ss.size());
    for (size_t i = 0; i < ss.size(); ++i)
      want[i] = static_cast<float>(static_cast<float>(ss[i] - 0.5f) * 2.0f);
    report.close("fresh_blocks", out, want);
  }
  return report.exitCode();
}
