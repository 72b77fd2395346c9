// tests/e2e/regress_irregular.cpp — the irregular ops of issue 37, written as docs/dsl.md
// describes them: pl::arange / pl::arange_tile (PTO-ISA's TCI: a [1, N] row of start ± k;
// int32 and int16, ascending and descending, a negative and a run-time start, wrapping in
// int16, the tensor form in a pl::at scope) and pl::part_add / part_mul / part_max / part_min
// (TPART*: the operation where both operands are valid, the valid one's value elsewhere) on
// ragged windows and user valid shapes whose valid regions differ, on tiles of different
// physical shapes, in fp32, fp16, int32 and int16 with negative operands, and on tensors of
// different shapes in a pl::at scope. Each translated run against plain loops here, and against
// the eager run (run_e2e.sh).
#include <pl/dsl.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "report.hpp"

using Idx = pl::Tensor<pl::i32, 4, 32>;
using Idx16 = pl::Tensor<pl::i16, 2, 32>;

/// Rows of index sequences: 0.., s.. (a run-time start), -5 counting down, s - 3 shifted by 100.
PL_FUNCTION(pl::FunctionType::InCore)
void index_rows(pl::Index s, pl::Out<Idx> o) {
  pl::store(pl::arange_tile(0, {1, 32}, pl::i32), {0, 0}, o);
  pl::store(pl::arange_tile(s, {1, 32}, pl::i32), {1, 0}, o);
  pl::store(pl::arange_tile(-5, {1, 32}, pl::i32, {.descending = true}), {2, 0}, o);
  pl::store(pl::adds(pl::arange_tile(s - 3, {1, 32}, pl::i32), 100), {3, 0}, o);
}

/// int16 rows that wrap: 32760 counting up, -32760 counting down.
PL_FUNCTION(pl::FunctionType::InCore)
void index_rows16(pl::Out<Idx16> o) {
  pl::store(pl::arange_tile(32760, {1, 32}, pl::i16), {0, 0}, o);
  pl::store(pl::arange_tile(-32760, {1, 32}, pl::i16, {.descending = true}), {1, 0}, o);
}

/// The tensor form in an orchestration's pl::at scope.
PL_FUNCTION(pl::FunctionType::Opaque)
void index_tensor(pl::InOut<Idx> o) {
  pl::at(pl::Level::CORE_GROUP,
         [&] { pl::assemble(o, pl::arange(7, {1, 32}, pl::i32, {.descending = true}), {2, 0}); });
}

using X = pl::Tensor<pl::fp32, 20, 40>;
using XH = pl::Tensor<pl::fp16, 20, 40>;
using XI = pl::Tensor<pl::i32, 20, 40>;
using XS = pl::Tensor<pl::i16, 20, 40>;

// Each partial_* kernel: a ragged window (rows [r, r + 16) of 20, 40 of 64 columns) against a
// user valid shape [vr, vc] of rows 0..; the four partial ops stored at rows 0, 20, 40, 60 of o.
using O = pl::Tensor<pl::fp32, 80, 40>;
using OH = pl::Tensor<pl::fp16, 80, 40>;
using OI = pl::Tensor<pl::i32, 80, 40>;
using OS = pl::Tensor<pl::i16, 80, 40>;

PL_FUNCTION(pl::FunctionType::InCore)
void partial_f32(X x, pl::Index r, pl::Index vr, pl::Index vc, pl::Out<O> o) {
  auto a = pl::load(x, {r, 0}, {16, 64});
  auto b = pl::load(x, {0, 0}, {16, 64}, {.valid_shape = {vr, vc}});
  pl::store(pl::part_add(a, b), {0, 0}, o);
  pl::store(pl::part_mul(b, a), {20, 0}, o);
  pl::store(pl::part_max(a, b), {40, 0}, o);
  pl::store(pl::part_min(b, a), {60, 0}, o);
}

PL_FUNCTION(pl::FunctionType::InCore)
void partial_f16(XH x, pl::Index r, pl::Index vr, pl::Index vc, pl::Out<OH> o) {
  auto a = pl::load(x, {r, 0}, {16, 64});
  auto b = pl::load(x, {0, 0}, {16, 64}, {.valid_shape = {vr, vc}});
  pl::store(pl::part_add(a, b), {0, 0}, o);
  pl::store(pl::part_mul(b, a), {20, 0}, o);
  pl::store(pl::part_max(a, b), {40, 0}, o);
  pl::store(pl::part_min(b, a), {60, 0}, o);
}

PL_FUNCTION(pl::FunctionType::InCore)
void partial_i32(XI x, pl::Index r, pl::Index vr, pl::Index vc, pl::Out<OI> o) {
  auto a = pl::load(x, {r, 0}, {16, 64});
  auto b = pl::load(x, {0, 0}, {16, 64}, {.valid_shape = {vr, vc}});
  pl::store(pl::part_add(a, b), {0, 0}, o);
  pl::store(pl::part_mul(b, a), {20, 0}, o);
  pl::store(pl::part_max(a, b), {40, 0}, o);
  pl::store(pl::part_min(b, a), {60, 0}, o);
}

PL_FUNCTION(pl::FunctionType::InCore)
void partial_i16(XS x, pl::Index r, pl::Index vr, pl::Index vc, pl::Out<OS> o) {
  auto a = pl::load(x, {r, 0}, {16, 64});
  auto b = pl::load(x, {0, 0}, {16, 64}, {.valid_shape = {vr, vc}});
  pl::store(pl::part_add(a, b), {0, 0}, o);
  pl::store(pl::part_mul(b, a), {20, 0}, o);
  pl::store(pl::part_max(a, b), {40, 0}, o);
  pl::store(pl::part_min(b, a), {60, 0}, o);
}

using Y = pl::Tensor<pl::fp32, 16, 64>;

/// Tiles of different physical shapes: [16, 64] and the [8, 64] of rows 4.. (only its first 8
/// rows hold both operands).
PL_FUNCTION(pl::FunctionType::InCore)
void shapes(Y y, pl::Out<Y> o) {
  auto big = pl::load(y, {0, 0}, {16, 64});
  auto small = pl::load(y, {4, 0}, {8, 64});
  pl::store(pl::part_add(small, big), {0, 0}, o);
}

using Z = pl::Tensor<pl::fp32, 8, 64>;

/// Tensors of shapes [16, 64] and [8, 64] in a pl::at scope: a [16, 64] result.
PL_FUNCTION(pl::FunctionType::Opaque)
void tensors(Y y, Z z, pl::InOut<Y> o) {
  pl::at(pl::Level::CORE_GROUP, [&] { pl::assemble(o, pl::part_max(z, y), {0, 0}); });
}

namespace {

enum class Op { Add, Mul, Max, Min };

/// The partial op of the tile partials() loads: a is rows [r, r + 16) with min(16, 20 - r)
/// valid rows and 40 columns, b is rows 0.. with [vr, vc] valid.
template <class V>
std::vector<double> partialWant(const std::vector<V> &xs, int r, int vr, int vc, Op op, bool bFirst,
                                double (*round)(double)) {
  const int ar = std::min(16, 20 - r), ac = 40;
  const int rr = std::max(ar, vr), rc = std::max(ac, vc);
  std::vector<double> want(80 * 40, 0.0);
  const int base = op == Op::Add ? 0 : op == Op::Mul ? 20 : op == Op::Max ? 40 : 60;
  for (int i = 0; i < rr; ++i)
    for (int j = 0; j < rc; ++j) {
      const bool inA = i < ar && j < ac, inB = i < vr && j < vc;
      const double a =
          inA ? static_cast<double>(xs[static_cast<std::size_t>((r + i) * 40 + j)]) : 0;
      const double b = inB ? static_cast<double>(xs[static_cast<std::size_t>(i * 40 + j)]) : 0;
      double v = inA ? a : b;
      if (inA && inB) {
        const double x = bFirst ? b : a, y = bFirst ? a : b;
        v = op == Op::Add   ? x + y
            : op == Op::Mul ? x * y
            : op == Op::Max ? std::max(x, y)
                            : std::min(x, y);
        v = round(v);
      }
      want[static_cast<std::size_t>((base + i) * 40 + j)] = v;
    }
  return want;
}

/// The expectation of all four ops stored by partials() (zero elsewhere).
template <class V>
std::vector<double> partialsWant(const std::vector<V> &xs, int r, int vr, int vc,
                                 double (*round)(double)) {
  std::vector<double> want(80 * 40, 0.0);
  const std::pair<Op, bool> ops[] = {
      {Op::Add, false}, {Op::Mul, true}, {Op::Max, false}, {Op::Min, true}};
  for (auto [op, bFirst] : ops) {
    const auto part = partialWant(xs, r, vr, vc, op, bFirst, round);
    for (std::size_t k = 0; k < want.size(); ++k)
      want[k] += part[k];
  }
  return want;
}

double asF32(double v) { return static_cast<double>(static_cast<float>(v)); }
double asF16(double v) {
  return static_cast<double>(static_cast<float>(pl::Half(static_cast<float>(v))));
}
double asI32(double v) {
  return static_cast<double>(static_cast<std::int32_t>(static_cast<std::int64_t>(v)));
}
double asI16(double v) {
  return static_cast<double>(static_cast<std::int16_t>(static_cast<std::int64_t>(v)));
}

} // namespace

int main() {
  e2e::Report report("regress_irregular");

  for (int s : {0, 9, -40}) {
    Idx o;
    index_rows(s, o);
    std::vector<double> want(4 * 32);
    for (int k = 0; k < 32; ++k) {
      want[static_cast<std::size_t>(k)] = k;
      want[static_cast<std::size_t>(32 + k)] = s + k;
      want[static_cast<std::size_t>(64 + k)] = -5 - k;
      want[static_cast<std::size_t>(96 + k)] = s - 3 + k + 100;
    }
    report.close("index_rows.s" + std::to_string(s), o, want);
  }
  {
    Idx16 o;
    index_rows16(o);
    std::vector<double> want(2 * 32);
    for (int k = 0; k < 32; ++k) {
      want[static_cast<std::size_t>(k)] = static_cast<std::int16_t>(32760 + k);
      want[static_cast<std::size_t>(32 + k)] = static_cast<std::int16_t>(-32760 - k);
    }
    report.close("index_rows16", o, want);
  }
  {
    std::vector<std::int32_t> init(4 * 32, -1);
    Idx o(init);
    index_tensor(o);
    std::vector<double> want(init.begin(), init.end());
    for (int k = 0; k < 32; ++k)
      want[static_cast<std::size_t>(64 + k)] = 7 - k;
    report.close("index_tensor", o, want);
  }

  // (r, vr, vc): a's valid region [min(16, 20 - r), 40] and b's [vr, vc], one holding the other.
  const int cases[][3] = {{0, 5, 17},  {0, 16, 40}, {16, 9, 40},
                          {16, 2, 30}, {8, 12, 40}, {0, 0, 0}};
  const std::vector<float> xs = pl::random_vector(20 * 40, 81, -3.0f, 3.0f);
  std::vector<pl::Half> hs(xs.size());
  std::vector<std::int32_t> is(xs.size());
  std::vector<std::int16_t> ss(xs.size());
  for (std::size_t k = 0; k < xs.size(); ++k) {
    hs[k] = pl::Half(xs[k]);
    is[k] = static_cast<std::int32_t>(k * 37 % 61) - 30;   // negative and positive
    ss[k] = static_cast<std::int16_t>(k * 53 % 401) - 200; // products wrap in int16
  }
  for (auto &c : cases) {
    const int r = c[0], vr = c[1], vc = c[2];
    const std::string tag =
        ".r" + std::to_string(r) + "_" + std::to_string(vr) + "x" + std::to_string(vc);
    {
      O o;
      partial_f32(X(xs), r, vr, vc, o);
      report.close("partial_f32" + tag, o, partialsWant(xs, r, vr, vc, asF32),
                   {.rtol = 0, .atol = 0});
    }
    {
      OH o;
      partial_f16(XH(hs), r, vr, vc, o);
      std::vector<float> hf(hs.begin(), hs.end());
      report.close("partial_f16" + tag, o, partialsWant(hf, r, vr, vc, asF16),
                   {.rtol = 0, .atol = 0});
    }
    {
      OI o;
      partial_i32(XI(is), r, vr, vc, o);
      report.close("partial_i32" + tag, o, partialsWant(is, r, vr, vc, asI32),
                   {.rtol = 0, .atol = 0});
    }
    {
      OS o;
      partial_i16(XS(ss), r, vr, vc, o);
      report.close("partial_i16" + tag, o, partialsWant(ss, r, vr, vc, asI16),
                   {.rtol = 0, .atol = 0});
    }
  }

  {
    const std::vector<float> ys = pl::random_vector(16 * 64, 82, -2.0f, 2.0f);
    Y o;
    shapes(Y(ys), o);
    std::vector<double> want(ys.begin(), ys.end());
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 64; ++j)
        want[static_cast<std::size_t>(i * 64 + j)] =
            asF32(static_cast<double>(ys[static_cast<std::size_t>((4 + i) * 64 + j)]) +
                  ys[static_cast<std::size_t>(i * 64 + j)]);
    report.close("shapes", o, want, {.rtol = 0, .atol = 0});
  }
  {
    const std::vector<float> ys = pl::random_vector(16 * 64, 83, -2.0f, 2.0f);
    const std::vector<float> zs = pl::random_vector(8 * 64, 84, -2.0f, 2.0f);
    Y o(std::vector<float>(16 * 64, 9.0f));
    tensors(Y(ys), Z(zs), o);
    std::vector<double> want(ys.begin(), ys.end());
    for (int k = 0; k < 8 * 64; ++k)
      want[static_cast<std::size_t>(k)] =
          std::max(ys[static_cast<std::size_t>(k)], zs[static_cast<std::size_t>(k)]);
    report.close("tensors", o, want, {.rtol = 0, .atol = 0});
  }
  return report.exitCode();
}
