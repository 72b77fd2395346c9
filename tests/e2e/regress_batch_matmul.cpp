// tests/e2e/regress_batch_matmul.cpp — pl::batch_matmul in kernels (issue 37, FlattenTileNdTo2D:
// batch_matmul → per-batch matmuls). Written as docs/dsl.md describes the op: [B, M, K] x
// [B, K, N] tensors → [B, M, N], fp32 accumulation. Kernels with B = 1, 2, 3 (fp16 operands, an
// fp32 result); fp32 operands; an fp16 out_dtype (rounded once, from the fp32 accumulator); a
// result assembled at batch offset 1 of a larger tensor inside a pl::at scope, so the
// per-batch stores land at 1, 2. Each translated run against plain loops and against the eager
// pl::batch_matmul; the translated run against the eager one.
#include <cmath>
#include <cstdio>
#include <pl/dsl.hpp>
#include <vector>

#include "report.hpp"

constexpr int M = 64, K = 64, N = 32;
using A1 = pl::Tensor<pl::fp16, 1, M, K>;
using W1 = pl::Tensor<pl::fp16, 1, K, N>;
using C1 = pl::Tensor<pl::fp32, 1, M, N>;
using A2 = pl::Tensor<pl::fp16, 2, M, K>;
using W2 = pl::Tensor<pl::fp16, 2, K, N>;
using C2 = pl::Tensor<pl::fp32, 2, M, N>;
using H2 = pl::Tensor<pl::fp16, 2, M, N>;
using A3 = pl::Tensor<pl::fp16, 3, M, K>;
using W3 = pl::Tensor<pl::fp16, 3, K, N>;
using C3 = pl::Tensor<pl::fp32, 3, M, N>;
using C4 = pl::Tensor<pl::fp32, 4, M, N>;
using F2 = pl::Tensor<pl::fp32, 2, 32, 32>;
using G2 = pl::Tensor<pl::fp32, 2, 32, 64>;
using R2 = pl::Tensor<pl::fp32, 2, 32, 64>;

PL_FUNCTION(pl::FunctionType::InCore)
void one(A1 a, W1 w, pl::Out<C1> c) { c = pl::batch_matmul(a, w); }

PL_FUNCTION(pl::FunctionType::InCore)
void two(A2 a, W2 w, pl::Out<C2> c) { c = pl::batch_matmul(a, w, {.out_dtype = pl::DType::FP32}); }

PL_FUNCTION(pl::FunctionType::InCore)
void three(A3 a, W3 w, pl::Out<C3> c) { c = pl::batch_matmul(a, w); }

/// fp32 operands.
PL_FUNCTION(pl::FunctionType::InCore)
void single(F2 a, G2 w, pl::Out<R2> c) { c = pl::batch_matmul(a, w); }

/// An fp16 result: the fp32 accumulator rounded once.
PL_FUNCTION(pl::FunctionType::InCore)
void halfOut(A2 a, W2 w, pl::Out<H2> c) {
  c = pl::batch_matmul(a, w, {.out_dtype = pl::DType::FP16});
}

/// Batches 1 and 2 of a [4, M, N] tensor, from an orchestration's pl::at scope.
PL_FUNCTION(pl::FunctionType::Opaque)
void offset(A2 a, W2 w, pl::InOut<C4> c) {
  pl::at(pl::Level::CORE_GROUP, [&] { pl::assemble(c, pl::batch_matmul(a, w), {1, 0, 0}); });
}

namespace {
e2e::Report report("regress_batch_matmul");
void check(bool ok, const char *what) { report(what, ok); }

/// c[b] = a[b] · w[b] in double, from the operands' (rounded) values.
std::vector<double> reference(const std::vector<float> &a, const std::vector<float> &w, int b,
                              int m, int k, int n) {
  std::vector<double> c(static_cast<size_t>(b) * m * n, 0.0);
  for (int i = 0; i < b; ++i)
    for (int r = 0; r < m; ++r)
      for (int j = 0; j < n; ++j) {
        double s = 0.0;
        for (int t = 0; t < k; ++t)
          s += static_cast<double>(a[(i * m + r) * k + t]) * w[(i * k + t) * n + j];
        c[(i * m + r) * n + j] = s;
      }
  return c;
}

template <class A, class W, class C, class F>
void run(int b, unsigned seed, F &&kernel, const char *what) {
  const A a(pl::random_vector(b * M * K, seed));
  const W w(pl::random_vector(b * K * N, seed + 1));
  C c(pl::random_vector(b * M * N, seed + 2));
  kernel(a, w, c);
  const std::vector<double> want =
      reference(a.template to_vector<float>(), w.template to_vector<float>(), b, M, K, N);
  check(pl::allclose(c, want, {.rtol = 1e-5, .atol = 1e-4}), what);
  auto eager = pl::batch_matmul(a, w);
  check(pl::allclose(c, eager.template to_vector<double>(), {.rtol = 1e-6, .atol = 1e-5}), what);
}
} // namespace

int main() {
  run<A1, W1, C1>(1, 60, [](auto &a, auto &w, auto &c) { one(a, w, c); }, "B = 1");
  run<A2, W2, C2>(2, 63, [](auto &a, auto &w, auto &c) { two(a, w, c); }, "B = 2");
  run<A3, W3, C3>(3, 66, [](auto &a, auto &w, auto &c) { three(a, w, c); }, "B = 3");
  {
    const F2 a(pl::random_vector(2 * 32 * 32, 70));
    const G2 w(pl::random_vector(2 * 32 * 64, 71));
    R2 c(pl::random_vector(2 * 32 * 64, 72));
    single(a, w, c);
    const std::vector<double> want =
        reference(a.to_vector<float>(), w.to_vector<float>(), 2, 32, 32, 64);
    check(pl::allclose(c, want, {.rtol = 1e-5, .atol = 1e-4}), "fp32 operands");
    auto eager = pl::batch_matmul(a, w);
    check(pl::allclose(c, eager.to_vector<double>(), {.rtol = 1e-6, .atol = 1e-5}),
          "fp32 operands vs eager");
  }
  {
    const A2 a(pl::random_vector(2 * M * K, 73));
    const W2 w(pl::random_vector(2 * K * N, 74));
    H2 c(pl::random_vector(2 * M * N, 75));
    halfOut(a, w, c);
    auto eager = pl::batch_matmul(a, w, {.out_dtype = pl::DType::FP16});
    const std::vector<float> got = c.to_vector<float>(), exp = eager.to_vector<float>();
    check(got == exp, "fp16 out_dtype bit for bit vs eager");
    const std::vector<double> want =
        reference(a.to_vector<float>(), w.to_vector<float>(), 2, M, K, N);
    check(pl::allclose(c, want, {.rtol = 2e-3, .atol = 2e-3}), "fp16 out_dtype");
  }
  {
    const A2 a(pl::random_vector(2 * M * K, 76));
    const W2 w(pl::random_vector(2 * K * N, 77));
    const std::vector<float> c0 = pl::random_vector(4 * M * N, 78);
    C4 c(c0);
    offset(a, w, c);
    const std::vector<double> prod =
        reference(a.to_vector<float>(), w.to_vector<float>(), 2, M, K, N);
    std::vector<double> want(c0.begin(), c0.end());
    for (int i = 0; i < 2 * M * N; ++i)
      want[M * N + i] = prod[i];
    check(pl::allclose(c, want, {.rtol = 1e-5, .atol = 1e-4}), "assembled at batch offset 1");
  }
  return report.exitCode();
}
