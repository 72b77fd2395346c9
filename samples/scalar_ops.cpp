// samples/scalar_ops.cpp — (a + b) * 2.0 with a tile-by-scalar multiply (muls), plus a scalar
// parameter and the reversed-operand forms.
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

using Mat = pl::Tensor<pl::fp32, 64, 128>;

PL_FUNCTION(pl::FunctionType::InCore)
void add_then_scale(Mat a, Mat b, pl::Out<Mat> c) {
  pl::Tile<pl::fp32, 64, 128> ta = pl::load(a, {0, 0}, {64, 128});
  pl::Tile<pl::fp32, 64, 128> tb = pl::load(b, {0, 0}, {64, 128});
  pl::store(pl::muls(pl::add(ta, tb), 2.0f), {0, 0}, c);
}

PL_FUNCTION(pl::FunctionType::InCore)
void affine(Mat a, pl::Scalar<pl::fp32> alpha, pl::Scalar<pl::fp32> beta, pl::Out<Mat> c) {
  auto t = pl::load(a, {0, 0}, {64, 128});
  pl::store(1.0f - (t * alpha + beta) / 4.0f, {0, 0}, c);
}

int main() {
  const auto x = pl::random_vector(64 * 128, 11), y = pl::random_vector(64 * 128, 12);
  Mat a(x), b(y), c, d;
  add_then_scale(a, b, c);
  affine(a, 0.5f, 3.0f, d);

  std::vector<float> r1(x.size()), r2(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    r1[i] = (x[i] + y[i]) * 2.0f;
    r2[i] = 1.0f - (x[i] * 0.5f + 3.0f) / 4.0f;
  }
  const bool ok1 = pl::allclose(c, r1), ok2 = pl::allclose(d, r2);
  std::printf("scalar_ops/add_then_scale: %s\nscalar_ops/affine: %s\n", ok1 ? "PASS" : "FAIL", ok2 ? "PASS" : "FAIL");
  return ok1 && ok2 ? 0 : 1;
}
