// samples/concat.cpp — two 32x16 tiles joined into one 32x32 tile with pl::concat.
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

PL_JIT void concat_cols(pl::Tensor<pl::fp32, 32, 16> a, pl::Tensor<pl::fp32, 32, 16> b,
                        pl::Out<pl::Tensor<pl::fp32, 32, 32>> c) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    auto ta = pl::load<32, 16>(a, {0, 0});
    auto tb = pl::load<32, 16>(b, {0, 0});
    pl::Tile<pl::fp32, 32, 32> joined = pl::concat(ta, tb);
    pl::store(joined, {0, 0}, c);
  });
}

int main() {
  const auto x = pl::random_vector(32 * 16, 41), y = pl::random_vector(32 * 16, 42);
  pl::Tensor<pl::fp32, 32, 16> a(x), b(y);
  pl::Tensor<pl::fp32, 32, 32> c;
  concat_cols(a, b, c);
  std::vector<float> ref(32 * 32);
  for (int r = 0; r < 32; ++r)
    for (int j = 0; j < 32; ++j) ref[r * 32 + j] = j < 16 ? x[r * 16 + j] : y[r * 16 + j - 16];
  const bool ok = pl::allclose(c, ref, {.rtol = 0, .atol = 0});
  std::printf("concat: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
