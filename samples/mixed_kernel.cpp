// samples/mixed_kernel.cpp — cube and vector work in one pl::at scope (PyPTO's advanced example
// 03): a matmul on the cube core, then a bias add and relu on the vector cores. The compiler
// splits each scope into an AIC kernel and an AIV kernel joined by a cross-core pipe
// (ExpandMixedKernel); with pl::split the two vector cores of the cluster each take half the
// rows (UpDown) or half the columns (LeftRight) of every tile the cube pushes.
#include <pl/dsl.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

constexpr std::int64_t kM = 64, kK = 64, kN = 128, kBm = 32;

using A = pl::Tensor<pl::fp16, kM, kK>;
using W = pl::Tensor<pl::fp16, kK, kN>;
using Bias = pl::Tensor<pl::fp32, 1, kN>;
using O = pl::Tensor<pl::fp32, kM, kN>;

/// One 32-row block of relu(a · w + bias): the matmul on the cube core, the bias add and relu
/// on the vector cores (spliced into each scope that calls it).
PL_FUNCTION(pl::FunctionType::Inline)
void linear_relu(A a, W w, Bias bias, pl::Index row, pl::Out<O> out) {
  auto x = pl::move(pl::load(a, {row, 0}, {kBm, kK}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Left});
  auto y = pl::move(pl::load(w, {0, 0}, {kK, kN}, {.target_memory = pl::Mem::Mat}),
                    {.target_memory = pl::Mem::Right});
  pl::Tile<pl::fp32, kBm, kN, pl::Mem::Acc> c = pl::matmul(x, y);
  pl::Tile<pl::fp32, kBm, kN> v = pl::move(c, {.target_memory = pl::Mem::Vec});
  pl::store(pl::relu(pl::col_expand_add(v, pl::load(bias, {0, 0}, {1, kN}))), {row, 0}, out);
}

/// Each block once with each split mode (and a 4-slot pipe for the left-right one).
PL_FUNCTION(pl::FunctionType::Orchestration)
void mixed(A a, W w, Bias bias, pl::Out<O> up_down, pl::Out<O> left_right) {
  for (auto i : pl::range(kM / kBm)) {
    const pl::Index row = i * kBm;
    pl::at({.level = pl::Level::CORE_GROUP, .optimizations = {pl::split(pl::SplitMode::UpDown)}},
           [&] { linear_relu(a, w, bias, row, up_down); });
    pl::at({.level = pl::Level::CORE_GROUP,
            .optimizations = {pl::split(pl::SplitMode::LeftRight), pl::cross_core_slot(4)}},
           [&] { linear_relu(a, w, bias, row, left_right); });
  }
}

int main() {
  const auto as = pl::random_vector(kM * kK, 301), ws = pl::random_vector(kK * kN, 302),
             bs = pl::random_vector(kN, 303);
  A a(as);
  W w(ws);
  Bias b(bs);
  O ud, lr;
  mixed(a, w, b, ud, lr);

  auto h = [](float x) { return pl::round_to(pl::fp16, x); };
  std::vector<double> ref(kM * kN);
  for (int i = 0; i < kM; ++i)
    for (int j = 0; j < kN; ++j) {
      double s = 0;
      for (int k = 0; k < kK; ++k)
        s += static_cast<double>(h(as[i * kK + k])) * h(ws[k * kN + j]);
      ref[i * kN + j] = std::max(0.0, static_cast<double>(static_cast<float>(s)) + bs[j]);
    }
  const bool ok1 = pl::allclose(ud, ref, {.atol = 1e-4}),
             ok2 = pl::allclose(lr, ref, {.atol = 1e-4});
  std::printf("mixed_kernel/up_down: %s\nmixed_kernel/left_right: %s\n", ok1 ? "PASS" : "FAIL",
              ok2 ? "PASS" : "FAIL");
  return ok1 && ok2 ? 0 : 1;
}
