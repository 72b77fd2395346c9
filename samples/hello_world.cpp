// samples/hello_world.cpp — c = a + b on 128x128 fp32: one pl::at(CORE_GROUP) scope with load/add/store.
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

using Mat128 = pl::Tensor<pl::fp32, 128, 128>;

PL_JIT void tile_add(Mat128 a, Mat128 b, pl::Out<Mat128> c) {
  pl::at(pl::Level::CORE_GROUP, [&] {
    pl::Tile<pl::fp32, 128, 128> ta = pl::load(a, {0, 0}, {128, 128});
    pl::Tile<pl::fp32, 128, 128> tb = pl::load(b, {0, 0}, {128, 128});
    pl::store(ta + tb, {0, 0}, c);
  });
}

int main() {
  const std::vector<float> va = pl::random_vector(128 * 128, 1), vb = pl::random_vector(128 * 128, 2);
  Mat128 a(va), b(vb), c;
  tile_add(a, b, c);

  std::vector<float> ref(va.size());
  for (std::size_t i = 0; i < ref.size(); ++i) ref[i] = va[i] + vb[i];
  const bool ok = pl::allclose(c, ref);
  std::printf("hello_world: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
