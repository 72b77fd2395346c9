// samples/fused_linear.cpp — a cube kernel (matmul + bias) and a vector kernel (relu) chained by an
// orchestration (an AIC -> AIV edge through the linear output); computes both matmul + bias
// and relu(matmul + bias). Written as a PL_PROGRAM.
#include <pl/dsl.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

using X = pl::Tensor<pl::fp32, 64, 64>;
using Bias = pl::Tensor<pl::fp32, 1, 64>;

struct PL_PROGRAM FusedLinear {
  PL_FUNCTION(pl::FunctionType::AIC)
  static void linear(X x, X w, Bias bias, pl::Out<X> y) {
    auto xl = pl::move(pl::load(x, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Left});
    auto wr = pl::move(pl::load(w, {0, 0}, {64, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Right});
    // Bias reaches its buffer like Left/Right: GM -> Mat -> Bias.
    auto bt = pl::move(pl::load(bias, {0, 0}, {1, 64}, {.target_memory = pl::Mem::Mat}), {.target_memory = pl::Mem::Bias});
    pl::store(pl::matmul_bias(xl, wr, bt), {0, 0}, y);
  }

  PL_FUNCTION(pl::FunctionType::AIV)
  static void relu(X y, pl::Out<X> out) {
    pl::store(pl::relu(pl::load(y, {0, 0}, {64, 64})), {0, 0}, out);
  }

  PL_FUNCTION(pl::FunctionType::Orchestration)
  static void fused(X x, X w, Bias bias, pl::Out<X> linear_out, pl::Out<X> relu_out) {
    linear(x, w, bias, linear_out);
    relu(linear_out, relu_out);
  }
};

int main() {
  const auto xs = pl::random_vector(64 * 64, 51), ws = pl::random_vector(64 * 64, 52), bs = pl::random_vector(64, 53);
  X x(xs), w(ws), lin, act;
  Bias b(bs);
  FusedLinear::fused(x, w, b, lin, act);

  std::vector<double> rl(64 * 64), ra(64 * 64);
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j) {
      double s = bs[j];
      for (int k = 0; k < 64; ++k) s += static_cast<double>(xs[i * 64 + k]) * ws[k * 64 + j];
      rl[i * 64 + j] = s;
      ra[i * 64 + j] = std::max(0.0, s);
    }
  const bool ok1 = pl::allclose(lin, rl, {.atol = 1e-4}), ok2 = pl::allclose(act, ra, {.atol = 1e-4});
  std::printf("fused_linear/linear: %s\nfused_linear/relu: %s\n", ok1 ? "PASS" : "FAIL", ok2 ? "PASS" : "FAIL");
  return ok1 && ok2 ? 0 : 1;
}
